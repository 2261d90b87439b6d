import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PortCall, ShipDetails, ShipPosition } from '@harbor/contracts';
import { dataAgeMinutes, formatSpeedKnots, predictedDestinationCode, voyageTimeline } from '@harbor/contracts/map';
import { navigationStatusKey } from '@harbor/contracts/vessel-constants';
import { formatDateTime } from '../../../shared/i18n/format.ts';
import { Loading } from '../../../shared/ui/loading.tsx';
import { ApiErrorAlert } from '../../../shared/ui/api-error-alert.tsx';
import { portCallShipDetails } from '../port-call-ship.ts';
import { SHIP_COLORS } from '../ship-colors.ts';

export interface ShipCardProps {
  mmsi: number;
  /** Live position from the map (null when the ship is not in view). */
  position: ShipPosition | null;
  /** Time of the last known position when not live (track). */
  lastSeen: number | null;
  details: ShipDetails | undefined;
  detailsLoading: boolean;
  detailsError: unknown;
  portCall: PortCall | null | undefined;
  portCallLoading: boolean;
  /** Neither the live feed nor the track has a position for this ship (known only from a port call, say). */
  noPosition?: boolean;
  onClose(): void;
}

function Row({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <Box component="div" sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.4, borderBottom: '1px solid', borderColor: 'divider' }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: 'right', fontWeight: 500 }}>
        {value || '--'}
      </Typography>
    </Box>
  );
}

function Timeline({ ata, label }: { ata: string | null; label: string }) {
  const { percent, label: marker } = voyageTimeline(ata);
  return (
    <Box sx={{ my: 2 }} data-testid="voyage-timeline" data-percent={percent}>
      <Box sx={{ position: 'relative', height: 6, bgcolor: 'divider', borderRadius: 3 }}>
        <Box sx={{ position: 'absolute', left: 0, top: 0, bottom: 0, width: `${percent}%`, bgcolor: 'secondary.main', borderRadius: 3 }} />
        <Box
          aria-hidden
          sx={{ position: 'absolute', left: `${percent}%`, top: -4, width: 14, height: 14, ml: '-7px', borderRadius: '50%', bgcolor: 'secondary.main', border: '2px solid white' }}
        />
      </Box>
      <Box sx={{ position: 'relative', height: 20, mt: 0.5 }}>
        {/* At 100 % the label hangs from the right edge: left: 100% left it no width, so it wrapped word by word over the rows below. */}
        <Typography
          variant="caption"
          data-testid="voyage-timeline-label"
          sx={{ position: 'absolute', whiteSpace: 'nowrap', lineHeight: '20px', ...(percent === 100 ? { right: 0 } : { left: `${percent}%`, transform: 'translateX(-50%)' }) }}
        >
          {marker} {label}
        </Typography>
      </Box>
    </Box>
  );
}

/** The ship card (tracking.md section 2): voyage tab and ship-info tab. */
export function ShipCard(props: ShipCardProps) {
  const { t } = useTranslation('vessels');
  const [tab, setTab] = useState<'voyage' | 'info'>('voyage');
  const { position, portCall } = props;
  // A ship the registry does not know: what its port call says (name, IMO, call sign, flag, type).
  const fromPortCall = !props.details && portCall ? portCallShipDetails(portCall, props.mmsi) : undefined;
  const details = props.details ?? fromPortCall;
  const dt = (iso: string | null | undefined) => (iso ? formatDateTime(iso) : null);
  const name = position?.name ?? details?.name ?? String(props.mmsi);
  const category = position?.harborShipType ?? details?.harborShipType ?? 'OTHER';
  const voyage = position?.voyage ?? null;
  const ata = portCall?.ata ?? null;
  const eta = voyage?.eta ?? portCall?.eta ?? null;
  const hasVoyage = voyage !== null || Boolean(portCall);
  const navKey = navigationStatusKey(voyage?.navigationStatus ?? portCall?.ship.navigationStatus);
  const speed = formatSpeedKnots(position?.speedOverGround);
  const seenAt = position?.timeStampExternal ?? props.lastSeen;
  // The age of our own prediction, beside the reported values it stands next to.
  const predictedAt = voyage?.predictedAt ? Date.parse(voyage.predictedAt) : null;

  return (
    <Paper elevation={4} component="section" aria-label={t('map:shipCard', { name })} data-testid="ship-card" sx={{ width: 340, maxWidth: 'calc(100vw - 24px)', maxHeight: '100%', overflow: 'auto' }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', p: 1.5, pb: 0.5, gap: 1 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h3" component="h2" noWrap>
            {name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            MMSI {props.mmsi}
            {(position?.flag ?? details?.flag) ? ` · ${position?.flag ?? details?.flag}` : ''}
          </Typography>
          <Chip
            size="small"
            label={t(`vessels:harborShipType.${category}`)}
            sx={{ mt: 0.5, bgcolor: SHIP_COLORS[category], color: '#fff', textShadow: '0 0 2px rgba(0,0,0,0.6)' }}
          />
        </Box>
        <IconButton aria-label={t('map:close')} onClick={props.onClose} size="small">
          <CloseIcon />
        </IconButton>
      </Box>
      <Typography variant="caption" color="text.secondary" sx={{ px: 1.5 }} data-testid="ship-data-age">
        {seenAt ? t('vessels:voyage.minutesAgo', { count: dataAgeMinutes(seenAt) }) : '--'}
      </Typography>
      {props.noPosition && !seenAt && (
        <Alert severity="info" sx={{ mx: 1.5, mt: 0.5, py: 0 }} data-testid="ship-no-position">
          {t('vessels:voyage.noPosition')}
        </Alert>
      )}
      <Tabs value={tab} onChange={(_e, v: 'voyage' | 'info') => setTab(v)} variant="fullWidth" sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Tab value="voyage" label={t('map:tabs.voyage')} id="ship-tab-voyage" aria-controls="ship-panel-voyage" />
        <Tab value="info" label={t('map:tabs.info')} id="ship-tab-info" aria-controls="ship-panel-info" />
      </Tabs>
      {tab === 'voyage' && (
        <Box role="tabpanel" id="ship-panel-voyage" aria-labelledby="ship-tab-voyage" sx={{ p: 1.5 }}>
          {props.portCallLoading && !position ? (
            <Loading minHeight={120} />
          ) : !hasVoyage ? (
            <Alert severity="info">{t('vessels:voyage.noInfo')}</Alert>
          ) : (
            <>
              <Timeline ata={ata} label={(ata ? dt(ata) : dt(eta)) ?? '--'} />
              <Box component="dl" sx={{ m: 0 }}>
                {ata ? <Row label={t('vessels:voyage.ata')} value={dt(ata)} /> : <Row label={t('vessels:voyage.eta')} value={dt(eta)} />}
                <Row label={t('vessels:voyage.predictedEta')} value={dt(voyage?.predictedEta ?? portCall?.etaPrediction)} />
                <Row label={t('vessels:voyage.destination')} value={voyage?.destination ?? portCall?.ship.voyage ?? null} />
                <Row label={t('vessels:voyage.predictedDestination')} value={predictedDestinationCode(voyage?.predictedDestination)} />
                <Row label={t('vessels:voyage.predictedAt')} value={predictedAt ? t('vessels:voyage.minutesAgo', { count: dataAgeMinutes(predictedAt) }) : null} />
                <Row label={t('vessels:voyage.navigationStatus')} value={navKey ? t(`vessels:navigationStatus.${navKey}`) : '-'} />
                <Row label={t('vessels:voyage.speed')} value={speed ? t('vessels:voyage.knots', { value: speed }) : '--'} />
                <Row label={t('vessels:voyage.heading')} value={position?.trueHeading != null ? `${position.trueHeading}°` : '--'} />
                {portCall && <Row label={t('map:portCall')} value={`${portCall.portCode} (${t(`map:portCallStatus.${portCall.status}`)})`} />}
              </Box>
            </>
          )}
        </Box>
      )}
      {tab === 'info' && (
        <Box role="tabpanel" id="ship-panel-info" aria-labelledby="ship-tab-info" sx={{ p: 1.5 }}>
          {props.detailsLoading && !fromPortCall ? (
            <Loading minHeight={120} />
          ) : props.detailsError && !fromPortCall ? (
            <ApiErrorAlert error={props.detailsError} />
          ) : !details ? (
            <Alert severity="info">{t('vessels:voyage.noInfo')}</Alert>
          ) : (
            <Box component="dl" sx={{ m: 0 }}>
              {fromPortCall && (
                <Typography variant="caption" color="text.secondary" component="p" data-testid="ship-info-from-port-call">
                  {t('vessels:details.fromPortCall')}
                </Typography>
              )}
              {(['imo', 'mmsi', 'name', 'callSign', 'flag', 'owner', 'manager', 'capacityDwt', 'capacityGt', 'capacityNt', 'length', 'width', 'draught', 'draughtMin', 'draughtMax', 'buildYear', 'classSociety'] as const).map((key) => (
                <Row key={key} label={t(`vessels:details.${key}`)} value={details[key] == null ? null : String(details[key])} />
              ))}
            </Box>
          )}
        </Box>
      )}
    </Paper>
  );
}
