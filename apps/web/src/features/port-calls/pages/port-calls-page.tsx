import RefreshIcon from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PORT_CALLS_REFRESH_MS } from '@harbor/contracts/port-call-constants';
import { normalizeLocode } from '@harbor/contracts/zone-constants';
import { formatDateTime } from '../../../shared/i18n/format.ts';
import { MAIN_PORTS, portName } from '../../../shared/ports/ports.ts';
import { setSelectedPort, useSelectedPort } from '../../../shared/ports/selected-port.ts';
import { Loading } from '../../../shared/ui/loading.tsx';
import { Page } from '../../../shared/ui/page.tsx';
import { usePortCalls } from '../api/use-port-calls.ts';
import { readColumns, readSort, writeColumns, writeSort, type SortState } from '../columns.ts';
import { ColumnChooser } from '../components/column-chooser.tsx';
import { PortCallsTable } from '../components/port-calls-table.tsx';
import { PortSearchField } from '../components/port-search-field.tsx';

function localStore(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * /portcalls: the calls of one port. The port comes from `?port=` (a link
 * names its port), else the port picked in the top bar.
 */
export function PortCallsPage() {
  const { t } = useTranslation('port-calls');
  const [params, setParams] = useSearchParams();
  const selectedPort = useSelectedPort();
  const port = normalizeLocode(params.get('port') ?? '') ?? selectedPort;
  const [columns, setColumns] = useState(() => readColumns(localStore()));
  const [sort, setSort] = useState<SortState>(() => readSort(localStore()));
  const calls = usePortCalls(port);

  const choosePort = (code: string) => {
    setParams({ port: code }, { replace: true });
    // The top bar only offers the main ports; keep it in step when it can.
    if (MAIN_PORTS.some((p) => p.code === code)) setSelectedPort(code);
  };
  const chooseColumns = (ids: string[]) => {
    setColumns(ids);
    writeColumns(localStore(), ids);
  };
  const chooseSort = (next: SortState) => {
    setSort(next);
    writeSort(localStore(), next);
  };

  return (
    <Page title={t('title')} maxWidth="xl">
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('intro')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
        <PortSearchField value={port} onChange={choosePort} />
        <ColumnChooser value={columns} onChange={chooseColumns} />
        <Button startIcon={<RefreshIcon />} onClick={() => void calls.refetch()} disabled={calls.isFetching}>
          {t('refresh')}
        </Button>
        <Typography variant="body2" color="text.secondary" role="status" aria-live="polite">
          {calls.data && `${t('updated', { time: formatDateTime(calls.data.timestamp) })} · `}
          {t('liveRefresh', { seconds: PORT_CALLS_REFRESH_MS / 1000 })}
        </Typography>
      </Stack>
      {calls.data?.simulated && (
        <Alert severity="warning" data-testid="simulated-banner" sx={{ mb: 2 }}>
          {t('simulated.banner')}
        </Alert>
      )}
      {calls.isPending ? (
        <Loading />
      ) : calls.error && !calls.data ? (
        <Alert
          severity="error"
          role="alert"
          action={
            <Button color="inherit" size="small" onClick={() => void calls.refetch()}>
              {t('retry')}
            </Button>
          }
        >
          {t('loadFailed')}
        </Alert>
      ) : calls.data.portCalls.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 4 }} role="status">
          {t('empty', { port: portName(port) })}
        </Typography>
      ) : (
        <PortCallsTable calls={calls.data.portCalls} columns={columns} sort={sort} onSort={chooseSort} />
      )}
    </Page>
  );
}
