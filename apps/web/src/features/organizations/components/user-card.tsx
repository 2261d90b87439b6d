import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { User } from '@harbor/contracts';
import { BIO_MAX, displayNameOf, truncateBio } from '../user-card-rules.ts';

/**
 * The user card (seller spec section 2): display name, bio cut at 170
 * characters with show-full-bio, view-profile link, contact link — or edit
 * profile instead of contact on the viewer's own card.
 */
export function UserCard({ user, own, onContact, showProfileLink = true }: { user: User; own: boolean; onContact?: () => void; showProfileLink?: boolean }) {
  const { t } = useTranslation();
  const [full, setFull] = useState(false);
  const name = displayNameOf(user, t);
  const bio = user.bio ?? '';
  const cut = truncateBio(bio);
  const image = user.profileImage ? Object.values(user.profileImage.variants)[0]?.url : undefined;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={t('organizations:userCard.label', { name })}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1 }}>
        <Avatar src={image} alt="">
          {user.abbreviatedName}
        </Avatar>
        <Typography variant="h3" component="h2">
          {name}
        </Typography>
      </Stack>
      {bio && (
        <Typography sx={{ whiteSpace: 'pre-line', mb: 1 }}>
          {full || bio.length <= BIO_MAX ? bio : cut}{' '}
          {bio.length > BIO_MAX && (
            <Link component="button" onClick={() => setFull((f) => !f)}>
              {full ? t('organizations:userCard.showLess') : t('organizations:userCard.showFullBio')}
            </Link>
          )}
        </Typography>
      )}
      <Stack direction="row" spacing={1}>
        {showProfileLink && (
          <Button component={RouterLink} to={`/u/${user.id}`} size="small">
            {t('organizations:userCard.viewProfile')}
          </Button>
        )}
        {own ? (
          <Button component={RouterLink} to="/profile-settings" size="small">
            {t('organizations:userCard.editProfile')}
          </Button>
        ) : (
          onContact && !user.deleted && !user.banned && (
            <Button onClick={onContact} size="small">
              {t('organizations:userCard.contact')}
            </Button>
          )
        )}
      </Stack>
    </Paper>
  );
}
