import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { Subscription, SubscriptionPatchBody } from '@harbor/contracts';
import { formatMoney } from '@harbor/contracts/money-format';
import { formatDate } from '../../../shared/i18n/format.ts';
import { Page } from '../../../shared/ui/page.tsx';
import { useSubscriptions } from '../api/subscriptions-api.ts';
import { portTime, scheduleText } from '../schedule-text.ts';

// The dialog loads when a status button is pressed.
const StatusDialog = lazy(() => import('../components/status-dialog.tsx'));

const STATUS_COLORS = { pending: 'warning', accepted: 'success', declined: 'default', cancelled: 'default' } as const;

type Change = SubscriptionPatchBody['status'];

/** Which changes the caller may ask for: the seller answers a pending one; either side cancels an open one (the server's rule). */
function changesFor(s: Subscription): Change[] {
  if (s.status === 'pending') return s.role === 'seller' ? ['accepted', 'declined', 'cancelled'] : ['cancelled'];
  if (s.status === 'accepted') return ['cancelled'];
  return [];
}

/** A card's titled list (next cycles, orders, history), or a line saying it is empty. */
function ListSection({ title, empty, testId, children }: { title: string; empty?: string; testId?: string; children: ReactNode[] }) {
  return (
    <>
      <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
        {title}
      </Typography>
      {children.length || empty === undefined ? (
        <Box component="ul" sx={{ m: 0, pl: 3 }} data-testid={testId}>
          {children}
        </Box>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {empty}
        </Typography>
      )}
    </>
  );
}

function SubscriptionCard({ s, onChange }: { s: Subscription; onChange: (status: Change) => void }) {
  const { t } = useTranslation('subscriptions');
  return (
    <Card variant="outlined" data-testid="subscription-card">
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, mb: 1 }}>
          <Typography variant="h3" component="h2" sx={{ fontSize: '1.15rem', flexGrow: 1 }}>
            {s.listing.title}
          </Typography>
          <Chip size="small" label={t(`roles.${s.role}`)} variant="outlined" />
          <Chip size="small" color={STATUS_COLORS[s.status]} label={t(`statuses.${s.status}`)} data-testid="subscription-status" />
        </Stack>
        <Typography variant="body2">{scheduleText(t, s.schedule)}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t('period', { start: formatDate(s.schedule.startDate), end: formatDate(s.schedule.endDate), timeZone: s.timeZone })}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('buyer')}: {s.buyer.name} · {t('seller')}: {s.seller.name} · {t('ship')}: {s.ship.name} · {t('quantity')}: {s.quantity} · {t('cyclePrice')}:{' '}
          {formatMoney(s.cyclePrice)}
        </Typography>

        <ListSection title={t('nextCycles')} empty={t('noNextCycles')} testId="next-cycles">
          {s.nextCycles.map((at) => (
            <li key={at}>
              <Typography variant="body2">{portTime(at, s.timeZone)}</Typography>
            </li>
          ))}
        </ListSection>

        <ListSection title={t('orders')} empty={t('noOrders')}>
          {s.cycles.map((c) => (
            <li key={c.cycleDate}>
              <Typography variant="body2" color={c.state === 'failed' ? 'error' : undefined}>
                {portTime(c.startsAt, s.timeZone)} ·{' '}
                {c.transactionId ? (
                  <Link component={RouterLink} to={`/orders/${c.transactionId}`}>
                    {t('openOrder')}
                  </Link>
                ) : (
                  `${t('failedCycle')}: ${t(`failures.${c.failure ?? 'listing-closed'}`)}`
                )}
              </Typography>
            </li>
          ))}
        </ListSection>

        <ListSection title={t('history')}>
          {s.history.map((h) => (
            <li key={`${h.at}-${h.status}`}>
              <Typography variant="body2">
                {formatDate(h.at)} · {t(`statuses.${h.status}`)} · {h.byName || t(h.by)}
                {h.message ? `: ${h.message}` : ''}
              </Typography>
            </li>
          ))}
        </ListSection>

        {changesFor(s).length > 0 && (
          <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
            {changesFor(s).map((status) => (
              <Button key={status} variant={status === 'accepted' ? 'contained' : 'outlined'} color={status === 'accepted' ? 'primary' : 'error'} onClick={() => onChange(status)}>
                {t(`actions.${status}`)}
              </Button>
            ))}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}

/** /subscriptions: the organization's recurring purchases and sales, their next cycles, orders, failed cycles and history. */
export function SubscriptionsPage() {
  const { t } = useTranslation(['subscriptions', 'errors']);
  const { data, isPending, isError } = useSubscriptions();
  const [change, setChange] = useState<{ id: string; status: Change } | null>(null);
  return (
    <Page title={t('title')}>
      <Typography variant="body1" color="text.secondary" sx={{ mb: 2 }}>
        {t('intro')}
      </Typography>
      {isPending && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <CircularProgress size={20} />
          <Typography>{t('loading')}</Typography>
        </Stack>
      )}
      {isError && <Alert severity="error">{t('loadFailed')}</Alert>}
      {data && !data.length && <Alert severity="info">{t('empty')}</Alert>}
      <Stack spacing={2}>
        {data?.map((s) => (
          <SubscriptionCard key={s.id} s={s} onChange={(status) => setChange({ id: s.id, status })} />
        ))}
      </Stack>
      {change && (
        <Suspense fallback={null}>
          <StatusDialog id={change.id} status={change.status} onClose={() => setChange(null)} />
        </Suspense>
      )}
    </Page>
  );
}
