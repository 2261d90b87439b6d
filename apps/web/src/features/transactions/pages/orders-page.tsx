import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Loading } from '../../../shared/ui/loading.tsx';
import { Page } from '../../../shared/ui/page.tsx';
import { Pagination } from '../../../shared/ui/pagination.tsx';
import { SelectField } from '../../../shared/ui/select-field.tsx';
import { TabNav } from '../../../shared/ui/tab-nav.tsx';
import { useUnreadMessages } from '../../messages/index.ts';
import { useTransactions, type OrdersOnly } from '../api/transactions-api.ts';
import { toOrderRow } from '../components/order-row.ts';
import { OrdersTable } from '../components/orders-table.tsx';
import { ORDER_PAGE_TABS, parseFilter, parseTab, passesFilter, TABLE_FILTERS, type TableFilter } from '../process-model.ts';

const ROLES = ['all', 'order', 'sale'] as const;

const parseOnly = (value: string | null): OrdersOnly => (value === 'order' || value === 'sale' ? value : undefined);

/**
 * /orders: purchases and sales, 100 per page. `only` (purchases or sales,
 * /inbox opens sales) and `tab` go to the server; the table filter narrows
 * the page's rows by the states' graph tabs.
 */
export function OrdersPage() {
  const { t } = useTranslation('transactions');
  const [params, setParams] = useSearchParams();
  const only = parseOnly(params.get('only'));
  const tab = parseTab(params.get('tab'));
  const filter = parseFilter(params.get('filter'));
  const page = Math.max(1, Math.floor(Number(params.get('page')) || 1));
  const { data, isPending, isFetching, error } = useTransactions(only, tab, page);
  // The counts are extra: a failed load leaves the table without them.
  const unread = useUnreadMessages();

  /** A link that changes some params and starts from page 1. */
  const href = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    next.delete('page');
    for (const [k, v] of Object.entries(changes)) {
      if (v === undefined) next.delete(k);
      else next.set(k, v);
    }
    const search = next.toString();
    return `/orders${search ? `?${search}` : ''}`;
  };
  const rows = data?.data.map(toOrderRow).filter((row) => passesFilter(filter, row.processAlias, row.state)) ?? [];

  return (
    <Page title={t('orders.title')} maxWidth="xl">
      <TabNav
        label={t('roles.label')}
        selected={only ?? 'all'}
        tabs={ROLES.map((r) => ({ id: r, label: t(`roles.${r}`), to: href({ only: r === 'all' ? undefined : r }) }))}
      />
      <TabNav
        label={t('tabs.label')}
        selected={tab}
        tabs={ORDER_PAGE_TABS.map((id) => ({ id, label: t(`tabs.${id}`), to: href({ tab: id === 'all' ? undefined : id }) }))}
      />
      <Box sx={{ mb: 2 }}>
        <SelectField
          id="orders-filter"
          label={t('filters.label')}
          size="small"
          sx={{ minWidth: 240 }}
          value={filter}
          onChange={(e) => {
            const next = new URLSearchParams(params);
            if (e.target.value === 'all') next.delete('filter');
            else next.set('filter', e.target.value);
            setParams(next);
          }}
          options={(Object.keys(TABLE_FILTERS) as TableFilter[]).map((f) => ({ value: f, label: t(`filters.${f}`) }))}
        />
      </Box>
      {isPending ? (
        <Loading />
      ) : error ? (
        <Alert severity="error" role="alert">
          {t('orders.loadFailed')}
        </Alert>
      ) : (
        <>
          {/* Keeps its height while switching tabs, so the table does not jump. */}
          <Box sx={{ height: 4, mb: 1 }}>{isFetching && <LinearProgress aria-hidden />}</Box>
          {rows.length === 0 ? (
            <Alert severity="info">{t('orders.empty')}</Alert>
          ) : (
            <OrdersTable rows={rows} unread={unread.data?.data} />
          )}
          <Pagination page={data.meta.page} totalPages={data.meta.totalPages} />
        </>
      )}
    </Page>
  );
}
