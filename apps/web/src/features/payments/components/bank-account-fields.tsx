import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  BANK_TOKEN_DEBOUNCE_MS,
  bankFieldDigits,
  bankFieldError,
  bankFieldsFor,
  isPayoutCountry,
  maskBankAccount,
  normalizeBankField,
  validateBankAccount,
  BANK_MESSAGES,
  type BankAccountFields,
  type BankField,
} from '@harbor/contracts/bank-accounts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { invalidParamsOf, isApiRequestError } from '../../../shared/api-client/index.ts';
import { translateMessage } from '../../../shared/i18n/messages.ts';
import { TextInput } from '../../../shared/ui/text-input.tsx';
import { createBankAccountToken, type BankAccountTokenAnswer } from '../api/payout-api.ts';

type TokenState =
  | { status: 'idle' }
  | { status: 'checking' }
  | { status: 'ready'; token: BankAccountTokenAnswer }
  | { status: 'failed'; message: string };

interface BankAccountFieldsProps {
  /** The chosen country ('' while none is). */
  country: string;
  /** A valid account's token, or null while the inputs are incomplete, wrong or being checked. */
  onToken: (token: BankAccountTokenAnswer | null) => void;
  disabled?: boolean;
}

const NUMERIC: readonly BankField[] = ['bsb', 'transitNumber', 'institutionNumber', 'sortCode', 'routingNumber', 'clearingCode', 'bankCode', 'branchCode', 'clabe', 'accountNumber'];

/**
 * The bank inputs of the chosen country (seller spec section 5): each is
 * required and checked as typed (errors once a field is touched); when every
 * input is filled and valid and has stayed so for BANK_TOKEN_DEBOUNCE_MS, the
 * account is sent for a token with its country (the server adds the currency).
 * A refused token shows the provider's message beside the fields.
 */
export function BankAccountFields({ country, onToken, disabled = false }: BankAccountFieldsProps) {
  const { t } = useTranslation('payments');
  const [values, setValues] = useState<BankAccountFields>({});
  const [touched, setTouched] = useState<Partial<Record<BankField, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<BankField, string>>>({});
  const [token, setToken] = useState<TokenState>({ status: 'idle' });
  // Only the answer to the latest inputs counts: an older request that answers late is dropped.
  const attempt = useRef(0);
  const onTokenRef = useRef(onToken);
  onTokenRef.current = onToken;

  const fields = bankFieldsFor(country);
  const supported = isPayoutCountry(country);
  const validation = supported ? validateBankAccount(country, values) : null;
  // The inputs as they will be sent: a key that changes only when a normalized value does.
  const ready = validation?.ok ? JSON.stringify([country, validation.fields]) : null;

  useEffect(() => {
    const current = ++attempt.current;
    onTokenRef.current(null);
    setServerErrors({});
    if (!ready) {
      setToken({ status: 'idle' });
      return;
    }
    const [readyCountry, readyFields] = JSON.parse(ready) as [string, BankAccountFields];
    setToken({ status: 'idle' });
    const timer = setTimeout(() => {
      setToken({ status: 'checking' });
      createBankAccountToken({ country: readyCountry, fields: readyFields }).then(
        (answer) => {
          if (current !== attempt.current) return;
          setToken({ status: 'ready', token: answer });
          onTokenRef.current(answer);
        },
        (error: unknown) => {
          if (current !== attempt.current) return;
          const byField: Partial<Record<BankField, string>> = {};
          for (const p of invalidParamsOf(error)) {
            const field = p.path.replace(/^fields\./, '') as BankField;
            if (fields.includes(field)) byField[field] = p.message;
          }
          setServerErrors(byField);
          const providerMessage = isApiRequestError(error) && typeof error.meta?.stripeMessage === 'string' ? error.meta.stripeMessage : null;
          setToken({ status: 'failed', message: providerMessage ?? t(`errors:${isApiRequestError(error) ? error.code : 'internal-error'}`) });
        },
      );
    }, BANK_TOKEN_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // `fields` and `t` follow `ready` (the country is part of it).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready]);

  if (!country) return null;
  if (!supported)
    return (
      <Alert severity="error" role="alert">
        {translateMessage(t, BANK_MESSAGES.unsupportedCountry)}
      </Alert>
    );

  const hint = (field: BankField) => {
    const digits = bankFieldDigits(country, field);
    if (!digits) return undefined;
    return digits[0] === digits[1] ? t('bank.digitsHint', { count: digits[0] }) : t('bank.digitsRangeHint', { min: digits[0], max: digits[1] });
  };

  return (
    <Stack spacing={2} component="fieldset" sx={{ border: 0, p: 0, m: 0 }} data-testid="bank-account-fields" data-country={country}>
      <Typography component="legend" variant="subtitle1" sx={{ mb: 1 }}>
        {t('bank.title')}
      </Typography>
      {fields.map((field) => {
        const value = values[field] ?? '';
        const error = serverErrors[field] ?? (touched[field] ? bankFieldError(country, field, normalizeBankField(country, field, value)) : null);
        return (
          <TextInput
            key={`${country}-${field}`}
            id={`bank-${field}`}
            name={field}
            label={t(`bank.fields.${field}`)}
            required
            fullWidth
            disabled={disabled}
            value={value}
            inputMode={NUMERIC.includes(field) && country !== 'NZ' && field !== 'sortCode' ? 'numeric' : undefined}
            autoComplete="off"
            error={Boolean(error)}
            helperText={error ? translateMessage(t, error) : hint(field)}
            onChange={(e) => setValues((v) => ({ ...v, [field]: e.target.value }))}
            onBlur={() => setTouched((v) => ({ ...v, [field]: true }))}
          />
        );
      })}
      {token.status === 'checking' && (
        <Typography role="status" color="text.secondary">
          {t('bank.token.checking')}
        </Typography>
      )}
      {token.status === 'ready' && (
        <Typography role="status" color="success.main" data-testid="bank-token-ready">
          {t('bank.token.ready', { masked: maskBankAccount(token.token.bankAccount.last4) })}
        </Typography>
      )}
      {token.status === 'failed' && (
        <Alert severity="error" role="alert">
          {t('bank.token.failed', { message: token.message })}
        </Alert>
      )}
    </Stack>
  );
}
