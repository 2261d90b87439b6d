import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Listing } from '@harbor/contracts';
import { formatDateTime } from '../../../shared/i18n/format.ts';
import { ApiErrorAlert } from '../../../shared/ui/api-error-alert.tsx';
import { DateTimeField } from '../../../shared/ui/date-field.tsx';
import { Loading } from '../../../shared/ui/loading.tsx';
import { TextInput } from '../../../shared/ui/text-input.tsx';
import { useAddException, useAvailabilityExceptions, useDeleteException } from '../api/listings-api.ts';

/** Below the Availability tab's form: periods with other seat counts, added and removed one by one. */
export function ExceptionsSection({ listing }: { listing: Listing }) {
  const { t } = useTranslation();
  const { data, isPending, error } = useAvailabilityExceptions(listing.id);
  const add = useAddException(listing.id);
  const remove = useDeleteException(listing.id);
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [seats, setSeats] = useState('0');
  const endBeforeStart = Boolean(start && end && end <= start);
  const submit = () => {
    if (!start || !end || endBeforeStart) return;
    add.mutate({ start: new Date(start).toISOString(), end: new Date(end).toISOString(), seats: Number(seats) || 0 }, { onSuccess: () => (setStart(''), setEnd('')) });
  };
  return (
    <Box component="section" aria-labelledby="exceptions-title" sx={{ mt: 4, maxWidth: 720 }}>
      <Typography id="exceptions-title" variant="h3" component="h2">
        {t('listings:editor.exceptions.title')}
      </Typography>
      {isPending ? (
        <Loading minHeight={60} />
      ) : error ? (
        <ApiErrorAlert error={error} />
      ) : data.length === 0 ? (
        <Typography variant="body2" sx={{ my: 1 }}>
          {t('listings:editor.exceptions.none')}
        </Typography>
      ) : (
        <List dense>
          {data.map((x) => (
            <ListItem
              key={x.id}
              secondaryAction={
                <IconButton edge="end" aria-label={t('listings:editor.exceptions.remove')} onClick={() => remove.mutate(x.id)}>
                  <DeleteOutline />
                </IconButton>
              }
            >
              <ListItemText primary={`${formatDateTime(x.start)} – ${formatDateTime(x.end)}`} secondary={t('listings:editor.exceptions.seats', { seats: x.seats })} />
            </ListItem>
          ))}
        </List>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1 }}>
        <DateTimeField label={t('listings:editor.exceptions.start')} value={start} onChange={setStart} />
        <DateTimeField
          label={t('listings:editor.exceptions.end')}
          value={end}
          onChange={setEnd}
          error={endBeforeStart}
          helperText={endBeforeStart ? t('listings:validation.endBeforeStart') : undefined}
        />
        <TextInput label={t('listings:editor.exceptions.seatsLabel')} value={seats} onChange={(e) => setSeats(e.target.value.replace(/\D/g, ''))} inputMode="numeric" sx={{ width: 120 }} />
        <Button variant="outlined" onClick={submit} disabled={!start || !end || endBeforeStart || add.isPending}>
          {t('listings:editor.exceptions.add')}
        </Button>
      </Stack>
      <ApiErrorAlert error={add.error ?? remove.error} />
    </Box>
  );
}
