import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiErrorAlert } from '../../../shared/ui/api-error-alert.tsx';
import { Loading } from '../../../shared/ui/loading.tsx';
import { Page } from '../../../shared/ui/page.tsx';
import { useSessionStatus } from '../../auth/index.ts';
import { ReviewSummary } from '../../reviews/index.ts';
import { useCurrentUser, usePublicUser } from '../../users/index.ts';
import { UserCard } from '../components/user-card.tsx';
import { displayNameOf } from '../user-card-rules.ts';

/** /u/:id: a public profile with the user card. */
export function ProfilePage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const status = useSessionStatus();
  const { data: me } = useCurrentUser();
  const { data: user, isPending, error } = usePublicUser(id);
  const [contacting, setContacting] = useState(false);
  if (isPending) return <Loading minHeight="50vh" />;
  if (error || !user)
    return (
      <Page title={t('organizations:profile.title')}>
        <ApiErrorAlert error={error} />
      </Page>
    );
  return (
    <Page title={displayNameOf(user, t)}>
      <UserCard user={user} own={me?.id === user.id} showProfileLink={false} onContact={() => setContacting(true)} />
      <Box sx={{ mt: 1 }}>
        <ReviewSummary scope={{ subject_id: user.id }} title={displayNameOf(user, t)} />
      </Box>
      {contacting && (
        <Alert severity="info" sx={{ mt: 2 }} onClose={() => setContacting(false)}>
          {status === 'authenticated' ? t('organizations:profile.messagingComing') : t('organizations:profile.signInToContact')}
        </Alert>
      )}
    </Page>
  );
}
