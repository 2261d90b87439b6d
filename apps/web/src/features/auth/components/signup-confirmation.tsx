import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { REVIEW_DAYS, REVIEW_HOURS } from '@harbor/contracts/constants';

/**
 * The pending-approval texts. The spec gives two readings of the review time
 * (48 hours and 3 days) and asks for both, so both are shown.
 */
export function SignupConfirmation({ email, returnState }: { email?: string; returnState: unknown }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2} data-testid="signup-confirmation">
      <Alert severity="success">{email ? t('auth:confirm.receivedFor', { email }) : t('auth:confirm.received')}</Alert>
      <Typography>{t('auth:confirm.review', { hours: REVIEW_HOURS })}</Typography>
      <Typography>{t('auth:confirm.reviewDays', { days: REVIEW_DAYS })}</Typography>
      <Typography>{t('auth:confirm.nextSteps')}</Typography>
      <div>
        <Button component={RouterLink} to="/login" state={returnState} variant="contained">
          {t('auth:confirm.toLogin')}
        </Button>
      </div>
    </Stack>
  );
}
