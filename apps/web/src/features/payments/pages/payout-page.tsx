import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { maskBankAccount } from '@harbor/contracts/bank-accounts';
import type { PayoutAccount } from '@harbor/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { isApiRequestError } from '../../../shared/api-client/index.ts';
import { Loading } from '../../../shared/ui/loading.tsx';
import { Page } from '../../../shared/ui/page.tsx';
import { externalNavigation } from '../api/external-navigation.ts';
import { createAccountLink, useCreatePayoutAccount, usePayoutAccount, useUpdatePayoutAccount, type BankAccountTokenAnswer } from '../api/payout-api.ts';
import { BankAccountFields } from '../components/bank-account-fields.tsx';
import { countryOptions, PayoutForm } from '../components/payout-form.tsx';
import { PayoutStatusBox } from '../components/payout-status-box.tsx';

const PAYOUT_PATH = '/account/payments';
const RETURN_TYPES = ['success', 'failure'] as const;

/** The provider's own words when it gave them (meta.stripeMessage), else null. */
function providerMessage(error: unknown): string | null {
  return isApiRequestError(error) && typeof error.meta?.stripeMessage === 'string' ? error.meta.stripeMessage : null;
}

/**
 * /account/payments and /account/payments/:returnURLType (seller spec
 * section 2): the first-time payout form, then the saved account with its
 * masked bank account (replaceable) and status box; onboarding at the
 * provider returns to …/success or …/failure.
 */
export function PayoutPage() {
  const { t } = useTranslation('payments');
  const navigate = useNavigate();
  const { returnURLType } = useParams();
  const account = usePayoutAccount();
  const create = useCreatePayoutAccount();
  const [linkError, setLinkError] = useState<unknown>(null);
  const [opening, setOpening] = useState(false);
  const returned = (RETURN_TYPES as readonly string[]).includes(returnURLType ?? '') ? (returnURLType as (typeof RETURN_TYPES)[number]) : null;

  const openOnboarding = async () => {
    setOpening(true);
    setLinkError(null);
    try {
      externalNavigation.assign(await createAccountLink(PAYOUT_PATH));
    } catch (error) {
      setLinkError(error);
      setOpening(false);
    }
  };

  let body;
  if (account.isPending) body = <Loading />;
  else if (account.error)
    body = (
      <Alert severity="error" role="alert">
        {t('payout.loadFailed')}
      </Alert>
    );
  else if (!account.data)
    body = (
      <>
        <Typography sx={{ mb: 3 }}>{t('payout.intro')}</Typography>
        {create.error ? (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {providerMessage(create.error)
              ? t('payout.errors.createAccountFailedWithMessage', { message: providerMessage(create.error) })
              : t('payout.errors.createAccountFailed')}
          </Alert>
        ) : null}
        <PayoutForm saving={create.isPending} onSubmit={(values) => create.mutate(values)} />
      </>
    );
  else body = <SavedPayoutAccount account={account.data} onOpenOnboarding={() => void openOnboarding()} opening={opening} justCreated={create.isSuccess} />;

  return (
    <Page title={t('payout.title')} bare>
      <Stack spacing={2}>
        {returned && (
          <Alert
            severity={returned === 'success' ? 'success' : 'warning'}
            data-testid="payout-return"
            onClose={() => void navigate(PAYOUT_PATH, { replace: true })}
          >
            {t(`payout.return.${returned}`)}
          </Alert>
        )}
        {linkError ? (
          <Alert severity="error" role="alert">
            {providerMessage(linkError)
              ? t('payout.errors.createAccountLinkFailedWithMessage', { message: providerMessage(linkError) })
              : t('payout.errors.createAccountLinkFailed')}
          </Alert>
        ) : null}
        {body}
      </Stack>
    </Page>
  );
}

function SavedPayoutAccount({ account, onOpenOnboarding, opening, justCreated }: { account: PayoutAccount; onOpenOnboarding: () => void; opening: boolean; justCreated: boolean }) {
  const { t, i18n } = useTranslation('payments');
  const update = useUpdatePayoutAccount();
  const [replacing, setReplacing] = useState(false);
  const [token, setToken] = useState<BankAccountTokenAnswer | null>(null);
  const countryName = countryOptions(i18n.language).find((o) => o.value === account.country)?.label ?? account.country;
  const bank = account.bankAccount;

  const saveReplacement = () => {
    if (!token) return;
    update.mutate(
      { bankAccountToken: token.id },
      {
        onSuccess: () => {
          setReplacing(false);
          setToken(null);
        },
      },
    );
  };

  return (
    <Stack spacing={2}>
      {justCreated && (
        <Alert severity="success" role="status">
          {t('payout.saved')}
        </Alert>
      )}
      {update.isSuccess && !replacing && (
        <Alert severity="success" role="status">
          {t('payout.replaced')}
        </Alert>
      )}
      <PayoutStatusBox type={account.status.type} onOpenOnboarding={onOpenOnboarding} opening={opening} />
      <Paper variant="outlined" sx={{ p: 2 }} data-testid="payout-saved">
        <Typography variant="subtitle1" component="h2">
          {t('payout.bankAccount')}
        </Typography>
        <Typography data-testid="payout-masked-account" sx={{ fontFamily: 'monospace', fontSize: '1.1rem', my: 1 }}>
          {bank ? maskBankAccount(bank.last4) : '—'}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {[t(`payout.accountTypes.${account.accountType}`), countryName, bank?.currency ?? account.defaultCurrency, bank?.bankName].filter(Boolean).join(' · ')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('payout.mcc', { mcc: account.businessProfileMCC })}
        </Typography>
        {!replacing && (
          <Button sx={{ mt: 2 }} variant="outlined" onClick={() => setReplacing(true)}>
            {t('payout.replace')}
          </Button>
        )}
      </Paper>
      {replacing && (
        <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={t('payout.replaceTitle')}>
          <Typography variant="subtitle1" component="h2" sx={{ mb: 2 }}>
            {t('payout.replaceTitle')}
          </Typography>
          {update.error ? (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {providerMessage(update.error)
                ? t('payout.errors.createAccountFailedWithMessage', { message: providerMessage(update.error) })
                : t(`errors:${isApiRequestError(update.error) ? update.error.code : 'internal-error'}`)}
            </Alert>
          ) : null}
          {/* A connected account keeps its country: the new bank account is in the same one. */}
          <BankAccountFields country={account.country} onToken={setToken} disabled={update.isPending} />
          <Box sx={{ display: 'flex', gap: 1, mt: 2 }}>
            <Button variant="contained" disabled={!token || update.isPending} onClick={saveReplacement}>
              {update.isPending ? t('payout.saving') : t('payout.saveReplacement')}
            </Button>
            <Button
              onClick={() => {
                setReplacing(false);
                setToken(null);
              }}
            >
              {t('payout.cancelReplace')}
            </Button>
          </Box>
        </Paper>
      )}
    </Stack>
  );
}
