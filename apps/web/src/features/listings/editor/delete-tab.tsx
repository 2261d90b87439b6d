import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { Listing } from '@harbor/contracts';
import { LISTING_DELETION_HOURS } from '@harbor/contracts/listing-constants';
import { ApiErrorAlert } from '../../../shared/ui/api-error-alert.tsx';
import { useDeleteListing } from '../api/listings-api.ts';

/** The Delete tab: asks for confirmation, then requests the deletion (done after LISTING_DELETION_HOURS). */
export function DeleteTab({ listing }: { listing: Listing }) {
  const { t } = useTranslation();
  const remove = useDeleteListing();
  const [confirming, setConfirming] = useState(false);
  if (remove.isSuccess || listing.deletionRequested)
    return (
      <Alert severity="info">
        {t('listings:errors.deleteRequested', { hours: LISTING_DELETION_HOURS })}{' '}
        <Link component={RouterLink} to="/listings">
          {t('listings:manage.back')}
        </Link>
      </Alert>
    );
  return (
    <Stack spacing={2} sx={{ maxWidth: 720 }}>
      <Typography>{t('listings:editor.delete.help', { hours: LISTING_DELETION_HOURS })}</Typography>
      {!confirming ? (
        <Button color="error" variant="outlined" onClick={() => setConfirming(true)} sx={{ alignSelf: 'flex-start' }}>
          {t('listings:editor.delete.delete')}
        </Button>
      ) : (
        <Alert
          severity="warning"
          action={
            <Stack direction="row" spacing={1}>
              <Button color="inherit" onClick={() => setConfirming(false)}>
                {t('listings:editor.delete.cancel')}
              </Button>
              <Button color="error" variant="contained" onClick={() => remove.mutate(listing)} disabled={remove.isPending}>
                {t('listings:editor.delete.confirm')}
              </Button>
            </Stack>
          }
        >
          {t('listings:editor.delete.areYouSure', { title: listing.title })}
        </Alert>
      )}
      <ApiErrorAlert error={remove.error} />
    </Stack>
  );
}
