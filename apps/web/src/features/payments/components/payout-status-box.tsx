import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import type { PayoutStatusType } from '@harbor/contracts';
import { useTranslation } from 'react-i18next';

const SEVERITY: Record<PayoutStatusType, 'warning' | 'success' | 'error'> = {
  verificationNeeded: 'warning',
  verificationSuccess: 'success',
  verificationError: 'error',
};

export function isPayoutStatusType(type: string): type is PayoutStatusType {
  return Object.hasOwn(SEVERITY, type);
}

/**
 * The payout status box (seller spec section 3): needs verification, up to
 * date or failed, each with the way to the provider's onboarding. Any other
 * type is an error, shown as such rather than guessed at.
 */
export function PayoutStatusBox({ type, onOpenOnboarding, opening }: { type: string; onOpenOnboarding: () => void; opening: boolean }) {
  const { t } = useTranslation('payments');
  if (!isPayoutStatusType(type))
    return (
      <Alert severity="error" role="alert">
        {t('payout.errors.unknownStatus')}
      </Alert>
    );
  return (
    <Alert
      severity={SEVERITY[type]}
      data-testid="payout-status"
      data-status={type}
      action={
        <Button color="inherit" size="small" onClick={onOpenOnboarding} disabled={opening}>
          {opening ? t('payout.onboardingOpening') : t(`payout.status.${type}.action`)}
        </Button>
      }
    >
      <AlertTitle>{t(`payout.status.${type}.title`)}</AlertTitle>
      {t(`payout.status.${type}.text`)}
    </Alert>
  );
}
