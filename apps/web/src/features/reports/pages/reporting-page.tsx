import { lazy, Suspense, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Report } from '@harbor/contracts';
import { REPORT_GROUPINGS, REPORT_ROLES, REPORT_TIME_ZONE, type ReportGrouping, type ReportRole } from '@harbor/contracts/reports-constants';
import { formatAmount } from '@harbor/contracts/money-format';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../shared/ui/date-field.tsx';
import { Page } from '../../../shared/ui/page.tsx';
import { useReport, type ReportRequest } from '../api/reports-api.ts';
import { downloadText, reportCsv, reportFileName } from '../csv.ts';
import { AltAmount } from '../../forex/index.ts';

// The charts library is loaded with the first report, not with the page.
const ReportChart = lazy(() => import('../components/report-chart.tsx'));

// Reports count calendar days in the report zone: after 22:00 UTC an order made now is already tomorrow's there.
const reportDay = new Intl.DateTimeFormat('en-CA', { timeZone: REPORT_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
const today = () => reportDay.format(new Date()); // YYYY-MM-DD
const firstOfYear = () => `${today().slice(0, 4)}-01-01`;
const eur = (cents: number) => formatAmount(cents, 'EUR');

/** /reporting: the organization's purchases or sales between two days by day, ISO week or month, in EUR, as a table, a chart and a CSV file. */
export function ReportingPage() {
  const { t } = useTranslation(['reports', 'errors', 'validation']);
  const [start, setStart] = useState(firstOfYear);
  const [end, setEnd] = useState(today);
  const [grouping, setGrouping] = useState<ReportGrouping>('month');
  const [role, setRole] = useState<ReportRole>('purchases');
  const [touched, setTouched] = useState(false);
  const [request, setRequest] = useState<ReportRequest | null>(null);
  const report = useReport(request);

  // The spec's rules (section 5): both dates required, end not before start.
  const startError = touched && !start ? t('validation:required') : undefined;
  const endError = touched && !end ? t('validation:required') : start && end && end < start ? t('reports:validation.endBeforeStart') : undefined;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!start || !end || end < start) return;
    setRequest({ start, end, grouping, role });
  };

  const columns = [t('columns.groupTitle'), t('columns.quantity'), t('columns.quantityCumulative'), t('columns.amount'), t('columns.amountCumulative')] as [
    string,
    string,
    string,
    string,
    string,
  ];

  return (
    <Page title={t('title')} maxWidth="lg">
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('intro')}
      </Typography>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start', mb: 3 }}>
        <DateField label={t('start')} value={start} onChange={setStart} required error={!!startError} helperText={startError} />
        <DateField label={t('end')} value={end} onChange={setEnd} required error={!!endError} helperText={endError} />
        <TextField select label={t('grouping')} value={grouping} onChange={(e) => setGrouping(e.target.value as ReportGrouping)} sx={{ minWidth: 140 }}>
          {REPORT_GROUPINGS.map((g) => (
            <MenuItem key={g} value={g}>
              {t(`groupings.${g}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField select label={t('role')} value={role} onChange={(e) => setRole(e.target.value as ReportRole)} sx={{ minWidth: 160 }}>
          {REPORT_ROLES.map((r) => (
            <MenuItem key={r} value={r}>
              {t(`roles.${r}`)}
            </MenuItem>
          ))}
        </TextField>
        <Button type="submit" variant="contained" sx={{ mt: 1 }}>
          {t('generate')}
        </Button>
      </Box>
      {report.isFetching && (
        <Box role="status" sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <CircularProgress size={20} />
          {t('loading')}
        </Box>
      )}
      {report.isError && <Alert severity="error">{t('errors:report-generation-failed')}</Alert>}
      {report.data && !report.isFetching && <ReportResult report={report.data} columns={columns} />}
    </Page>
  );
}

function ReportResult({ report, columns }: { report: Report; columns: [string, string, string, string, string] }) {
  const { t } = useTranslation('reports');
  const last = report.rows.at(-1);
  if (!last || last.quantityCumulative === 0) return <Alert severity="info">{t('empty')}</Alert>;
  return (
    <>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
        <Typography variant="h6" component="h2">
          {t('chartTitle')}
        </Typography>
        <Button variant="outlined" onClick={() => downloadText(reportCsv(report, columns), reportFileName(report))}>
          {t('exportCsv')}
        </Button>
      </Box>
      <Box data-testid="report-chart" sx={{ minHeight: 320 }}>
        <Suspense fallback={<Typography color="text.secondary">{t('chartLoading')}</Typography>}>
          <ReportChart rows={report.rows} amountLabel={columns[3]} cumulativeLabel={columns[4]} />
        </Suspense>
      </Box>
      {report.rates.length > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ my: 1 }}>
          {t('ratesNote', { rates: report.rates.map((r) => `1 EUR = ${r.rate} ${r.currency} (${r.date.split('-').reverse().join('.')})`).join(', ') })}
        </Typography>
      )}
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label={t('title')}>
          <TableHead>
            <TableRow>
              {columns.map((c, i) => (
                <TableCell key={c} align={i === 0 ? 'left' : 'right'}>
                  {c}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {report.rows.map((r) => (
              <TableRow key={r.groupStart} data-testid="report-row">
                <TableCell>{r.groupTitle}</TableCell>
                <TableCell align="right">{r.quantity}</TableCell>
                <TableCell align="right">{r.quantityCumulative}</TableCell>
                <TableCell align="right">
                  {eur(r.amount)}
                  <AltAmount money={{ amount: r.amount, currency: 'EUR' }} />
                </TableCell>
                <TableCell align="right">
                  {eur(r.amountCumulative)}
                  <AltAmount money={{ amount: r.amountCumulative, currency: 'EUR' }} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
}
