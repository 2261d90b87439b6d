import Alert from '@mui/material/Alert';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
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

const TABS = ['pending', 'approved', 'rejected', 'listings', 'outbox'] as const;
type OperatorTab = (typeof TABS)[number];

/** /operator: registration review and the outbox. The tab lives in `?tab=` so it survives reloads and can be linked. */
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
        {tab === 'outbox' ? <OutboxList /> : tab === 'listings' ? <ListingsApproval /> : <UsersTable status={tab} />}
      </div>
    </Page>
  );
}
