/**
 * `harbor-ais stats FILE [--json] [--no-progress]`: message counts per type, distinct
 * MMSIs, receive-time span and rejects by reason. Draws a progress bar on stderr when
 * stderr is a terminal or the file is large.
 */
import { statSync } from 'node:fs';
import type { Writable } from 'node:stream';
import { REJECT_REASONS } from '../constants.ts';
import type { RejectReason } from '../constants.ts';
import { AisDecoder } from '../decoder.ts';
import { readLines } from './read-lines.ts';

/** Files at least this big get a progress bar even when stderr is not a TTY. */
export const LARGE_FILE_BYTES = 64 * 1024 * 1024;

export interface StatsCommandOptions {
  file: string;
  json: boolean;
  progress: boolean;
}

export interface StatsReport {
  file: string;
  lines: number;
  sentences: number;
  messages: number;
  byType: Record<string, number>;
  distinctMmsi: number;
  /** First and last receive time (ISO 8601), null when the feed carries no times. */
  timeSpan: { first: string; last: string; seconds: number } | null;
  rejects: Partial<Record<RejectReason, number>>;
  tagBlockChecksumErrors: number;
}

export async function statsCommand(
  opts: StatsCommandOptions,
  out: Writable,
  err: Writable & { isTTY?: boolean },
): Promise<number> {
  const size = opts.file === '-' ? 0 : statSync(opts.file).size;
  const showBar = opts.progress && size > 0 && (err.isTTY === true || size >= LARGE_FILE_BYTES);
  // cli-progress (and the string-width code it pulls in) loads only when a bar is drawn.
  const cliProgress = showBar ? (await import('cli-progress')).default : undefined;
  const bar = cliProgress
    ? new cliProgress.SingleBar(
        {
          stream: err,
          noTTYOutput: err.isTTY !== true,
          notTTYSchedule: 5000,
          format: 'decoding [{bar}] {percentage}% | {value}/{total} MiB | ETA {eta_formatted}',
        },
        cliProgress.Presets.shades_classic,
      )
    : undefined;
  const mib = (b: number) => Math.round((b / 1048576) * 10) / 10;
  bar?.start(mib(size), 0);

  const decoder = new AisDecoder();
  // Types are 1-27: a counter per type instead of a Map.
  const byType = new Float64Array(28);
  const mmsis = new Set<number>();
  let first = Infinity;
  let last = -Infinity;
  await readLines(
    opts.file,
    (line) => {
      // Only type, MMSI and time are counted: the summary skips building the message.
      const m = decoder.pushSummary(line);
      if (m === null) return;
      byType[m.type]!++;
      mmsis.add(m.mmsi);
      const t = m.receivedAt;
      if (t !== undefined) {
        if (t < first) first = t;
        if (t > last) last = t;
      }
    },
    { onProgress: bar && ((bytes) => bar.update(mib(bytes))) },
  );
  decoder.flush();
  bar?.update(mib(size));
  bar?.stop();

  const s = decoder.stats;
  const rejects: Partial<Record<RejectReason, number>> = {};
  for (const r of REJECT_REASONS) if (s.rejects[r] > 0) rejects[r] = s.rejects[r];
  const report: StatsReport = {
    file: opts.file,
    lines: s.lines,
    sentences: s.sentences,
    messages: s.messages,
    byType: Object.fromEntries([...byType.entries()].filter(([, n]) => n > 0).map(([t, n]) => [String(t), n])),
    distinctMmsi: mmsis.size,
    timeSpan:
      first <= last
        ? { first: new Date(first).toISOString(), last: new Date(last).toISOString(), seconds: (last - first) / 1000 }
        : null,
    rejects,
    tagBlockChecksumErrors: s.tagBlockChecksumErrors,
  };
  out.write(opts.json ? JSON.stringify(report, null, 2) + '\n' : formatReport(report));
  return 0;
}

/** Human-readable report. */
export function formatReport(r: StatsReport): string {
  const lines = [
    `file:            ${r.file}`,
    `lines:           ${r.lines}`,
    `sentences:       ${r.sentences}`,
    `messages:        ${r.messages}`,
    `distinct MMSIs:  ${r.distinctMmsi}`,
    r.timeSpan === null
      ? 'time span:       (no receive times in the feed)'
      : `time span:       ${r.timeSpan.first} .. ${r.timeSpan.last} (${formatDuration(r.timeSpan.seconds)})`,
    'messages by type:',
    ...Object.entries(r.byType).map(([t, n]) => `  ${t.padStart(2)}  ${n}`),
    'rejected lines by reason:',
    ...(Object.keys(r.rejects).length === 0
      ? ['  (none)']
      : Object.entries(r.rejects).map(([k, n]) => `  ${k.padEnd(30)} ${n}`)),
  ];
  if (r.tagBlockChecksumErrors > 0) lines.push(`tag blocks with a bad checksum (tolerated): ${r.tagBlockChecksumErrors}`);
  return lines.join('\n') + '\n';
}

function formatDuration(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = Math.round((seconds % 60) * 1000) / 1000;
  return h > 0 ? `${h} h ${m} min ${s} s` : m > 0 ? `${m} min ${s} s` : `${s} s`;
}
