import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { formatMoney, type Currency, type Money } from '@harbor/contracts/money-format';
import { useForex } from '../api/forex-api.ts';
import { convertForDisplay } from '../convert.ts';

/** The converted amount with the ECB day in its tooltip; nothing while no rate is known (the account drawer says why). */
export default function AltAmountConverted({ money, to }: { money: Money; to: Currency }) {
  const { t } = useTranslation();
  const forex = useForex(money.currency, to);
  if (!forex.data) return null;
  const date = forex.data.date.split('-').reverse().join('.');
  return (
    <Box
      component="span"
      data-testid="alt-amount"
      title={t(forex.data.offline ? 'common:forex.rateOfOffline' : 'common:forex.rateOf', { date })}
      sx={{ color: 'text.secondary', fontSize: '0.85em', whiteSpace: 'nowrap', ml: 0.75 }}
    >
      ≈ {formatMoney(convertForDisplay(money, to, forex.data.multiplier))}
    </Box>
  );
}
