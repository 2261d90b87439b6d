import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { BASE_CURRENCY, CURRENCIES, formatMoney, isSupportedCurrency } from '@harbor/contracts/money-format';
import { useForex } from '../api/forex-api.ts';
import { convertForDisplay } from '../convert.ts';
import { setDisplayCurrency, useDisplayCurrency } from '../display-currency.ts';

const NONE = 'none';
const toDate = (iso: string) => iso.split('-').reverse().join('.');

/**
 * The account drawer's alternative-currency menu: none or one of the 16
 * supported currencies, for this browser session. Under it, the multiplier
 * with the ECB day it comes from, that those are the last known rates when
 * the ECB cannot be reached, or that only EUR is shown when no rate is known.
 */
export default function CurrencyMenu() {
  const { t } = useTranslation();
  const current = useDisplayCurrency();
  const forex = useForex(BASE_CURRENCY, current);
  const choices = CURRENCIES.filter((c) => c !== BASE_CURRENCY);

  return (
    <>
      <TextField
        select
        fullWidth
        size="small"
        label={t('common:forex.menu')}
        value={current ?? NONE}
        onChange={(e) => setDisplayCurrency(isSupportedCurrency(e.target.value) ? e.target.value : null)}
        slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 224 } } } } }, htmlInput: { 'data-testid': 'currency-menu' } }}
      >
        <MenuItem value={NONE}>{t('common:forex.none')}</MenuItem>
        {choices.map((c) => (
          <MenuItem key={c} value={c}>
            {c}
          </MenuItem>
        ))}
      </TextField>
      {current && current !== BASE_CURRENCY && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="currency-rate">
          {forex.data
            ? t(forex.data.offline ? 'common:forex.multiplierOffline' : 'common:forex.multiplier', {
                eur: formatMoney({ amount: 100, currency: BASE_CURRENCY }),
                other: formatMoney(convertForDisplay({ amount: 100, currency: BASE_CURRENCY }, current, forex.data.multiplier)),
                multiplier: forex.data.multiplier.toPrecision(6),
                date: toDate(forex.data.date),
              })
            : forex.isError
              ? t('common:forex.unavailable')
              : t('common:forex.loading')}
        </Typography>
      )}
    </>
  );
}
