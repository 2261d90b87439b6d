import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isPayoutCountry, PAYOUT_ACCOUNT_TYPES, PAYOUT_COUNTRIES, PAYOUT_DEFAULT_MCC, type PayoutAccountType, type PayoutCountry } from '@harbor/contracts/bank-accounts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../shared/ui/select-field.tsx';
import { TextInput } from '../../../shared/ui/text-input.tsx';
import type { BankAccountTokenAnswer } from '../api/payout-api.ts';
import { BankAccountFields } from './bank-account-fields.tsx';

export interface PayoutFormValues {
  accountType: PayoutAccountType;
  country: PayoutCountry;
  bankAccountToken: string;
  businessProfileURL: string | null;
  businessProfileMCC: string;
}

/** Country names in the page's language, sorted by them (Intl knows every ISO country in both languages). */
export function countryOptions(language: string) {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([language], { type: 'region' });
  } catch {
    // A runtime without region names shows the codes.
  }
  return PAYOUT_COUNTRIES.map((code) => ({ value: code, label: names?.of(code) ?? code })).sort((a, b) => a.label.localeCompare(b.label, language));
}

/**
 * The first-time payout form (seller spec section 3): account type, country,
 * the country's bank inputs (which yield the bank account token) and the
 * business profile, with the default merchant category 5734. The submit
 * button stays disabled while the form is pristine, invalid or saving.
 */
export function PayoutForm({ onSubmit, saving }: { onSubmit: (values: PayoutFormValues) => void; saving: boolean }) {
  const { t, i18n } = useTranslation('payments');
  const [accountType, setAccountType] = useState<PayoutAccountType>('company');
  const [country, setCountry] = useState('');
  const [url, setUrl] = useState('');
  const [token, setToken] = useState<BankAccountTokenAnswer | null>(null);
  const options = useMemo(() => countryOptions(i18n.language), [i18n.language]);
  const urlValid = url.trim() === '' || /^https?:\/\/[^\s.]+\.[^\s]+$/i.test(url.trim());
  const canSubmit = Boolean(country && token && urlValid) && !saving;

  return (
    <form
      noValidate
      aria-label={t('payout.title')}
      onSubmit={(e) => {
        e.preventDefault();
        if (!canSubmit || !token || !isPayoutCountry(country)) return;
        onSubmit({ accountType, country, bankAccountToken: token.id, businessProfileURL: url.trim() || null, businessProfileMCC: PAYOUT_DEFAULT_MCC });
      }}
    >
      <Stack spacing={3}>
        <FormControl>
          <FormLabel id="payout-account-type">{t('payout.accountType')}</FormLabel>
          <RadioGroup row aria-labelledby="payout-account-type" value={accountType} onChange={(e) => setAccountType(e.target.value as PayoutAccountType)}>
            {PAYOUT_ACCOUNT_TYPES.map((type) => (
              <FormControlLabel key={type} value={type} control={<Radio />} label={t(`payout.accountTypes.${type}`)} disabled={saving} />
            ))}
          </RadioGroup>
        </FormControl>
        <SelectField
          id="payout-country"
          name="country"
          label={t('payout.country')}
          helperText={t('payout.countryHelp')}
          required
          fullWidth
          disabled={saving}
          value={country}
          onChange={(e) => setCountry(e.target.value)}
        >
          {options.map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o.label}
            </MenuItem>
          ))}
        </SelectField>
        {/* Keyed by country: another country's inputs start empty. */}
        <BankAccountFields key={country} country={country} onToken={setToken} disabled={saving} />
        <TextInput
          id="payout-business-url"
          name="businessProfileURL"
          type="url"
          label={t('payout.businessProfileURL')}
          fullWidth
          disabled={saving}
          value={url}
          error={!urlValid}
          helperText={urlValid ? undefined : t('validation:url')}
          onChange={(e) => setUrl(e.target.value)}
        />
        <Typography variant="body2" color="text.secondary">
          {t('payout.mcc', { mcc: PAYOUT_DEFAULT_MCC })}
        </Typography>
        <div>
          <Button type="submit" variant="contained" disabled={!canSubmit}>
            {saving ? t('payout.saving') : t('payout.save')}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
