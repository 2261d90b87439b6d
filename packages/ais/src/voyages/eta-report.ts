/** The issue 17 goals checked against a score, and the printed report. */
import type { EtaScore, Summary, scoreDetection } from './eta-score.ts';

export type Verdict = 'pass' | 'FAIL' | 'n/a';

export interface GoalResult {
  goal: string;
  verdict: Verdict;
  detail: string;
}

const fmt = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : '-');
const pct = (a: number, b: number) => (b > 0 ? `${((100 * a) / b).toFixed(1)} %` : '-');

export function checkGoals(score: EtaScore, detection?: ReturnType<typeof scoreDetection>): GoalResult[] {
  const goals: GoalResult[] = [];
  const maxMae = (goal: string, s: Summary, limit: number) =>
    goals.push({ goal, verdict: s.n === 0 ? 'n/a' : s.mae <= limit ? 'pass' : 'FAIL', detail: `MAE ${fmt(s.mae)} min (n ${s.n})` });
  const [h3to6, h6to12] = [score.buckets[2]!, score.buckets[3]!];
  maxMae('ETA MAE <= 15 min, 0-3 h before arrival', score.ours0to3, 15);
  maxMae('ETA MAE <= 25 min, 3-6 h', h3to6.ours, 25);
  maxMae('ETA MAE <= 40 min, 6-12 h', h6to12.ours, 40);
  for (const b of score.buckets) {
    const name = `${b.bucket[0]}-${b.bucket[1]} h`;
    const p90 = b.ours.n === 0 || b.reported.n === 0;
    goals.push({
      goal: `p90 at least 80 % below the reported ETA's p90, ${name}`,
      verdict: p90 ? 'n/a' : b.ours.p90 <= 0.2 * b.reported.p90 ? 'pass' : 'FAIL',
      detail: `ours ${fmt(b.ours.p90)} vs reported ${fmt(b.reported.p90)} min (limit ${fmt(0.2 * b.reported.p90)})`,
    });
    const gc = b.ours.n === 0 || b.baseline.n === 0;
    goals.push({
      goal: `MAE at least 30 % below the great-circle baseline, ${name}`,
      verdict: gc ? 'n/a' : b.ours.mae <= 0.7 * b.baseline.mae ? 'pass' : 'FAIL',
      detail: `ours ${fmt(b.ours.mae)} vs baseline ${fmt(b.baseline.mae)} min (limit ${fmt(0.7 * b.baseline.mae)})`,
    });
  }
  const d = score.destination;
  goals.push({
    goal: 'predicted destination right for >= 95 % of reports',
    verdict: d.rows === 0 ? 'n/a' : d.right >= 0.95 * d.rows ? 'pass' : 'FAIL',
    detail: `${pct(d.right, d.rows)} of ${d.rows}`,
  });
  if (detection) {
    const hit = detection.arrivals.hit + detection.departures.hit;
    const total = detection.arrivals.total + detection.departures.total;
    goals.push({
      goal: 'arrivals and departures detected within 10 min for >= 95 % of port calls',
      verdict: total === 0 ? 'n/a' : hit >= 0.95 * total ? 'pass' : 'FAIL',
      detail: `arrivals ${pct(detection.arrivals.hit, detection.arrivals.total)}, departures ${pct(detection.departures.hit, detection.departures.total)}`,
    });
  }
  return goals;
}

export function formatReport(score: EtaScore, goals: GoalResult[], detection?: ReturnType<typeof scoreDetection>): string {
  const lines: string[] = [];
  const head = ['horizon', 'rows', 'ours n', 'MAE', 'median', 'p90', 'rep n', 'MAE', 'median', 'p90', 'gc n', 'MAE', 'median', 'p90'];
  const rows = score.buckets.map((b) => [
    `${b.bucket[0]}-${b.bucket[1]} h`, String(b.rows),
    ...[b.ours, b.reported, b.baseline].flatMap((s) => [String(s.n), fmt(s.mae), fmt(s.median), fmt(s.p90)]),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  lines.push('Absolute ETA error in minutes by time to the true arrival (ours | reported ETA | great-circle at current SOG)');
  lines.push(line(head), ...rows.map(line));
  const o = score.ours0to3;
  lines.push(`ours 0-3 h: n ${o.n}, MAE ${fmt(o.mae)}, median ${fmt(o.median)}, p90 ${fmt(o.p90)}`);
  const cover = score.buckets.reduce((s, b) => s + b.ours.n, 0);
  const all = score.buckets.reduce((s, b) => s + b.rows, 0);
  lines.push(`our ETA given for ${pct(cover, all)} of the ${all} scored reports (reports in port before departure left out: ${score.skippedInPort}; no true arrival within 48 h: ${score.skippedNoArrival}${score.skippedOutside ? `; next call at a port the truth never names: ${score.skippedOutside}` : ''})`);
  const d = score.destination;
  lines.push(`destination: right ${pct(d.right, d.rows)} (predicted for ${pct(d.predicted, d.rows)}) of ${d.rows} reports`);
  if (detection) {
    lines.push(
      `port calls: arrivals within 10 min ${detection.arrivals.hit}/${detection.arrivals.total} (${pct(detection.arrivals.hit, detection.arrivals.total)}), ` +
        `departures ${detection.departures.hit}/${detection.departures.total} (${pct(detection.departures.hit, detection.departures.total)}), detected calls ${detection.detected}`,
    );
    // Where the detector misses: usually a port whose harbour is far from the point it knows.
    const weak = Object.entries(detection.arrivals.byPort).filter(([, c]) => c.hit < 0.95 * c.total);
    if (weak.length > 0) lines.push(`  arrivals under 95 % at: ${weak.map(([p, c]) => `${p} ${c.hit}/${c.total}`).join(', ')}`);
  }
  lines.push('', 'Goals (issue 17):');
  for (const g of goals) lines.push(`  [${g.verdict.padEnd(4)}] ${g.goal}: ${g.detail}`);
  return `${lines.join('\n')}\n`;
}
