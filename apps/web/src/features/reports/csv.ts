import type { Report } from '@harbor/contracts';

const euros = (cents: number) => (cents / 100).toFixed(2);
const cell = (v: string) => (/[",\n;]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** The report rows as CSV (comma separated, amounts in EUR with a dot, headers as shown on the page). */
export function reportCsv(report: Report, headers: [string, string, string, string, string]): string {
  const lines = [headers.map(cell).join(',')];
  for (const r of report.rows)
    lines.push([cell(r.groupTitle), String(r.quantity), String(r.quantityCumulative), euros(r.amount), euros(r.amountCumulative)].join(','));
  return `${lines.join('\n')}\n`;
}

export const reportFileName = (report: Report) => `report-${report.role}-${report.grouping}-${report.start}-${report.end}.csv`;

/** Starts the browser's download of the text as a file. */
export function downloadText(text: string, fileName: string, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
