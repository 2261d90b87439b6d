import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { Listing } from '@harbor/contracts';
import { invalidParamsOf } from '../../../shared/api-client/index.ts';
import { useTransition } from '../api/listings-api.ts';
import { translateIssue } from '../messages.ts';
import { editListingPath, listingPath } from '../paths.ts';
import { PayoutSetupNote } from './payout-setup-note.tsx';

/** The Publish tab: the listing's state and the transition it allows (publish, close, open). */
export function PublishTab({ listing }: { listing: Listing }) {
  const { t } = useTranslation();
  const transition = useTransition();
  const issues = invalidParamsOf(transition.error);
  return (
    <Stack spacing={2} sx={{ maxWidth: 720 }}>
      <Typography>{t('listings:editor.publish.state', { state: t(`listings:states.${listing.state}`) })}</Typography>
      {listing.publicData.allowOnlinePayment && <PayoutSetupNote returnPath={editListingPath(listing, 'publish')} />}
      {listing.state === 'draft' && (
        <>
          <Typography variant="body2">{t('listings:editor.publish.help')}</Typography>
          <Button variant="contained" onClick={() => transition.mutate({ id: listing.id, name: 'publish' })} disabled={transition.isPending} sx={{ alignSelf: 'flex-start' }}>
            {t('listings:editor.publish.publish')}
          </Button>
        </>
      )}
      {listing.state === 'pendingApproval' && <Alert severity="info">{t('listings:editor.publish.pending')}</Alert>}
      {listing.state === 'published' && (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Link component={RouterLink} to={listingPath(listing)}>
            {t('listings:editor.publish.view')}
          </Link>
          <Button variant="outlined" onClick={() => transition.mutate({ id: listing.id, name: 'close' })} disabled={transition.isPending}>
            {t('listings:editor.publish.close')}
          </Button>
        </Stack>
      )}
      {listing.state === 'closed' && (
        <Button variant="outlined" onClick={() => transition.mutate({ id: listing.id, name: 'open' })} disabled={transition.isPending} sx={{ alignSelf: 'flex-start' }}>
          {t('listings:editor.publish.open')}
        </Button>
      )}
      {transition.error && (
        <Alert severity="error">
          {t('listings:errors.publishFailed')}
          {issues.map((p) => (
            <div key={p.path}>{translateIssue(t, p.message)}</div>
          ))}
        </Alert>
      )}
    </Stack>
  );
}
