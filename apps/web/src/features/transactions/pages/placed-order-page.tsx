import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { formatMoney } from '@harbor/contracts/money-format';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { Page } from '../../../shared/ui/page.tsx';
import { StateChip } from '../components/state-chip.tsx';
import { readStoredSummary, type PlacedSummary } from '../placing/placed-summary.ts';

/** /placed-order: the summary of the cart just placed (from the navigation, or this tab's session after a reload). */
export function PlacedOrderPage() {
  const { t } = useTranslation(['transactions', 'errors']);
  const location = useLocation();
  const summary = (location.state as PlacedSummary | null)?.placed ? (location.state as PlacedSummary) : readStoredSummary();
  if (!summary) {
    return (
      <Page title={t('placed.title')}>
        <Alert severity="info">{t('placed.empty')}</Alert>
        <Button component={RouterLink} to="/orders" sx={{ mt: 2 }}>
          {t('placed.toOrders')}
        </Button>
      </Page>
    );
  }
  return (
    <Page title={t('placed.title')}>
      {summary.placed.length > 0 && <Typography sx={{ mb: 2 }}>{t('placed.intro')}</Typography>}
      <Typography color="text.secondary">
        {[
          t('placed.cart', { name: summary.cart.name }),
          t('placed.ship', { name: summary.cart.shipName }),
          summary.cart.portCallId ? t('placed.portCall', { id: summary.cart.portCallId }) : null,
        ]
          .filter(Boolean)
          .join(' · ')}
      </Typography>
      <List aria-label={t('placed.title')}>
        {summary.placed.map((line) => (
          <ListItem key={line.lineId} divider data-testid="placed-line">
            <ListItemText
              primary={
                <Link component={RouterLink} to={`/orders/${line.transaction.id}`}>
                  {`${line.name} × ${line.quantity}`}
                </Link>
              }
              secondary={formatMoney(line.transaction.payinTotal)}
            />
            <StateChip processAlias={line.transaction.processAlias} state={line.transaction.state} />
          </ListItem>
        ))}
      </List>
      {summary.failed.length > 0 && (
        <Box sx={{ mt: 2 }}>
          <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
            {t('placed.failedTitle')}
          </Typography>
          <List>
            {summary.failed.map((line) => (
              <ListItem key={line.lineId} disableGutters data-testid="failed-line">
                <ListItemText primary={line.name} secondary={t(`errors:${line.code}`)} />
              </ListItem>
            ))}
          </List>
          <Button component={RouterLink} to={`/single-cart/${summary.cart.id}`}>
            {t('placed.backToCart')}
          </Button>
        </Box>
      )}
      <Button variant="contained" component={RouterLink} to="/orders" sx={{ mt: 2 }}>
        {t('placed.toOrders')}
      </Button>
    </Page>
  );
}
