import { LineChart } from '@mui/x-charts/LineChart';
import type { ReportRow } from '@harbor/contracts';

/** Amount and cumulative amount per group, in EUR; loaded lazily (the charts library is too big for the route's first chunk). */
export default function ReportChart({ rows, amountLabel, cumulativeLabel }: { rows: ReportRow[]; amountLabel: string; cumulativeLabel: string }) {
  return (
    <LineChart
      height={320}
      xAxis={[{ scaleType: 'point', data: rows.map((r) => r.groupTitle) }]}
      series={[
        { data: rows.map((r) => r.amount / 100), label: amountLabel, curve: 'linear' },
        { data: rows.map((r) => r.amountCumulative / 100), label: cumulativeLabel, curve: 'linear' },
      ]}
    />
  );
}
