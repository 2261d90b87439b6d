import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '@harbor/contracts';
import { ApiErrorAlert } from '../../../shared/ui/api-error-alert.tsx';
import { useUpdateProfile } from '../api/use-update-profile.ts';

/** Message e-mails on or off; saved at once. Order e-mails (new order, accepted, delivered, ...) always go. */
export function NotificationsSection({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const update = useUpdateProfile();
  // While saving, the switch shows the wanted state rather than jumping back.
  const checked = update.isPending && update.variables?.messageEmails !== undefined ? update.variables.messageEmails : user.messageEmails;
  return (
    <Box component="section" id="notifications" aria-labelledby="notifications-heading" sx={{ mt: 5 }}>
      <Typography variant="h3" component="h2" id="notifications-heading" sx={{ mb: 2 }}>
        {t('users:contact.notificationsHeading')}
      </Typography>
      <ApiErrorAlert error={update.error} />
      <FormControlLabel
        control={
          <Switch
            checked={checked}
            disabled={update.isPending}
            onChange={(_e, on) => update.mutate({ messageEmails: on })}
            slotProps={{ input: { 'aria-describedby': 'message-emails-help' } }}
          />
        }
        label={t('users:contact.messageEmails')}
      />
      <FormHelperText id="message-emails-help">{t('users:contact.messageEmailsHelp')}</FormHelperText>
      {update.isSuccess && (
        <Alert severity="success" role="status" sx={{ mt: 1 }}>
          {t(user.messageEmails ? 'users:contact.messageEmailsOn' : 'users:contact.messageEmailsOff')}
        </Alert>
      )}
    </Box>
  );
}
