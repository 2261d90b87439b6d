import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyPointPickerMap } from '../../../shared/map/lazy-point-picker-map.tsx';

/** The order panel's delivery-coordinates map picker: click the map, then use the point. */
export function LocationPickerDialog({
  open,
  initial,
  onClose,
  onPick,
  near = null,
}: {
  open: boolean;
  initial: { lat: number; lng: number } | null;
  /** [lon, lat] shown while no point is picked: the listing's port. */
  near?: [number, number] | null;
  onClose: () => void;
  onPick: (point: { lat: number; lng: number }) => void;
}) {
  const { t } = useTranslation();
  const [point, setPoint] = useState(initial);
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="location-picker-title">
      <DialogTitle id="location-picker-title">{t('listings:order.pickTitle')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {t('listings:order.pickHelp')}
        </Typography>
        {open && <LazyPointPickerMap lat={point?.lat ?? null} lon={point?.lng ?? null} onPick={(lat, lng) => setPoint({ lat, lng })} label={t('listings:order.pickTitle')} near={near} />}
        {point && (
          <Typography variant="body2" sx={{ mt: 1 }}>
            {point.lat.toFixed(5)}, {point.lng.toFixed(5)}
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('listings:editor.delete.cancel')}</Button>
        <Button variant="contained" disabled={!point} onClick={() => point && (onPick(point), onClose())}>
          {t('listings:order.usePoint')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
