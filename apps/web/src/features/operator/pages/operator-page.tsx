import Alert from '@mui/material/Alert';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Scope } from '@harbor/contracts/roles';
import { ApiErrorAlert } from '../../../shared/ui/api-error-alert.tsx';
import { Loading } from '../../../shared/ui/loading.tsx';
import { Page } from '../../../shared/ui/page.tsx';
import { useCurrentUser } from '../../users/index.ts';
import { ListingsApproval } from '../components/listings-approval.tsx';
import { OutboxList } from '../components/outbox-list.tsx';
import { UsersTable } from '../components/users-table.tsx';

// Sections other than the registration queue load when their tab opens: their
// tables, filters and selects stay out of the console's first load.
const UserSearch = lazy(() => import('../components/user-search.tsx').then((m) => ({ default: m.UserSearch })));
const TransactionsByState = lazy(() => import('../components/transactions-by-state.tsx').then((m) => ({ default: m.TransactionsByState })));
const OpenDisputes = lazy(() => import('../components/open-disputes.tsx').then((m) => ({ default: m.OpenDisputes })));
const AuditList = lazy(() => import('../components/audit-list.tsx').then((m) => ({ default: m.AuditList })));

const TABS = ['pending', 'approved', 'rejected', 'users', 'disputes', 'transactions', 'listings', 'audit', 'outbox'] as const;
type OperatorTab = (typeof TABS)[number];

/**
 * /operator: registration review, users (search, ban, delete), open disputes
 * (resolved by completing or cancelling with a comment), transactions by
 * state, listing approvals, the audit list and the outbox. The tab lives in
 * `?tab=` (and each section's filters and page beside it) so it survives
 * reloads and can be linked.
 */
export function OperatorPage() {
  const { t } = useTranslation();
  const { data: user, isPending, error } = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: OperatorTab = TABS.find((x) => x === requested) ?? 'pending';

  if (isPending) return <Loading minHeight="50vh" />;
  if (error || !user) return <ApiErrorAlert error={error} />;
  if (!user.scopes.includes(Scope.operator))
    return (
      <Page title={t('operator:title')}>
        <Alert severity="error">{t('errors:forbidden')}</Alert>
      </Page>
    );

  return (
    <Page title={t('operator:title')} maxWidth="xl">
      <Tabs
        value={tab}
        onChange={(_, value: OperatorTab) => setParams(value === 'pending' ? {} : { tab: value })}
        aria-label={t('operator:tabsLabel')}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}
      >
        {TABS.map((value) => (
          <Tab key={value} value={value} label={value === 'listings' ? t('listings:operator.tab') : t(`operator:tabs.${value}`)} id={`operator-tab-${value}`} aria-controls="operator-panel" />
        ))}
      </Tabs>
      <div role="tabpanel" id="operator-panel" aria-labelledby={`operator-tab-${tab}`}>
        <Suspense fallback={<Loading />}>
          <Section tab={tab} selfId={user.id} />
        </Suspense>
      </div>
    </Page>
  );
}

function Section({ tab, selfId }: { tab: OperatorTab; selfId: string }) {
  switch (tab) {
    case 'users':
      return <UserSearch selfId={selfId} />;
    case 'disputes':
      return <OpenDisputes />;
    case 'transactions':
      return <TransactionsByState />;
    case 'listings':
      return <ListingsApproval />;
    case 'audit':
      return <AuditList />;
    case 'outbox':
      return <OutboxList />;
    default:
      return <UsersTable status={tab} />;
  }
}
