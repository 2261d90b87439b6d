import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
// The payout API files themselves, not the payments index: the index also brings the payments texts, which the editor does not need.
import { externalNavigation } from '../../payments/api/external-navigation.ts';
import { createAccountLink, usePayoutAccount } from '../../payments/api/payout-api.ts';

/**
 * For a listing open to online payment: a seller without a verified payout
 * account cannot be paid online (transaction-missing-stripe-account), so the
 * editor says so and leads to the payout setup. Verification at the provider
 * returns to this editor tab with /success or /failure (the
 * /l/:slug/:id/:type/:tab/:returnURLType route).
 */
export function PayoutSetupNote({ returnPath }: { returnPath: string }) {
  const { t } = useTranslation('listings');
  const account = usePayoutAccount();
  const [opening, setOpening] = useState(false);
  const [failed, setFailed] = useState(false);
  if (account.isPending || account.error || account.data?.status.type === 'verificationSuccess') return null;
  if (!account.data)
    return (
      <Alert
        severity="warning"
        data-testid="payout-setup-note"
        action={
          <Button color="inherit" size="small" component={RouterLink} to="/account/payments">
            {t('editor.payoutSetup.setUp')}
          </Button>
        }
      >
        {t('editor.payoutSetup.missing')}
      </Alert>
    );
  const verify = async () => {
    setOpening(true);
    setFailed(false);
    try {
      externalNavigation.assign(await createAccountLink(returnPath));
    } catch {
      setFailed(true);
      setOpening(false);
    }
  };
  return (
    <Alert
      severity="warning"
      data-testid="payout-setup-note"
      action={
        <Button color="inherit" size="small" onClick={() => void verify()} disabled={opening}>
          {t('editor.payoutSetup.verify')}
        </Button>
      }
    >
      {t('editor.payoutSetup.unverified')}
      {failed && <div role="alert">{t('editor.payoutSetup.linkFailed')}</div>}
    </Alert>
  );
}
