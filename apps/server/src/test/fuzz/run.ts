import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import { ERROR_CODES } from '@harbor/contracts';
import type { Db } from '../../db/index.ts';
import type { BadKind, BadRequest } from './bad-requests.ts';

const CODES = new Set<string>(ERROR_CODES);

/** What is wrong with one answer to a bad request; empty when it is a proper refusal (or a harmless answer to a read). */
export function answerProblems(res: LightMyRequestResponse, req?: Pick<BadRequest, 'headers'>): string[] {
  const out: string[] = [];
  if (res.statusCode >= 500) out.push(`status ${res.statusCode}`);
  if (/root:.*:0:0:|\[boot loader\]|\[fonts\]/.test(res.body)) out.push('answer holds a system file');
  if (res.statusCode < 400) return out;
  // The hosted sign-in page posts a browser form and gets the page back with its error: HTML for HTML.
  const formPost = req?.headers['content-type']?.startsWith('application/x-www-form-urlencoded');
  if (formPost && String(res.headers['content-type']).startsWith('text/html')) return out;
  let body: unknown;
  try {
    body = res.json();
  } catch {
    return [...out, `non-JSON error answer (${res.headers['content-type'] ?? 'no content-type'})`];
  }
  const errors = (body as { apiErrors?: unknown }).apiErrors;
  if (!Array.isArray(errors) || errors.length === 0) return [...out, 'no apiErrors'];
  for (const e of errors as { code?: unknown; status?: unknown; meta?: unknown }[]) {
    if (typeof e.code !== 'string' || !CODES.has(e.code)) out.push(`code ${JSON.stringify(e.code)} not in the catalogue`);
    if (e.status !== res.statusCode) out.push(`apiErrors status ${String(e.status)} ≠ HTTP ${res.statusCode}`);
    if (!e.meta || typeof e.meta !== 'object' || Array.isArray(e.meta)) out.push('meta is not an object');
  }
  return out;
}

export interface Failure {
  kind: BadKind;
  request: string;
  note: string;
  status: number;
  problems: string[];
  body: string;
}

export interface FuzzReport {
  sent: number;
  ms: number;
  /** CPU time of the process over the run (user + system), which a busy machine does not inflate as it does wall time. */
  cpuMs: number;
  byStatus: Record<string, number>;
  byKind: Partial<Record<BadKind, number>>;
  /** Milliseconds spent per kind (answer time, generation included), to see where a slow run goes. */
  msByKind: Partial<Record<BadKind, number>>;
  /** Milliseconds per operation, to find the slow ones. */
  msByOp: Record<string, number>;
  /** The slowest single requests (ms and request line). */
  slowest: [number, string][];
  /** Operations that got at least one request. */
  operations: number;
  /** Requests to operations that change data which were answered 2xx: none may be. */
  accepted: Failure[];
  failures: Failure[];
}

/** Sends `count` requests from `requests`, a few at a time, and collects every answer that is not a proper refusal. */
export async function runFuzz(app: FastifyInstance, requests: Iterator<BadRequest>, count: number, concurrency = 4): Promise<FuzzReport> {
  const report: FuzzReport = { sent: 0, ms: 0, cpuMs: 0, byStatus: {}, byKind: {}, msByKind: {}, msByOp: {}, slowest: [], operations: 0, accepted: [], failures: [] };
  const ops = new Set<string>();
  const started = performance.now();
  const cpu = process.cpuUsage();
  const worker = async () => {
    while (report.sent < count) {
      report.sent++;
      const t0 = performance.now();
      const req = requests.next().value as BadRequest;
      ops.add(`${req.method} ${req.op.path}`);
      const res = await app.inject({ method: req.method, url: req.url, headers: req.headers, payload: req.payload });
      report.byStatus[res.statusCode] = (report.byStatus[res.statusCode] ?? 0) + 1;
      report.byKind[req.kind] = (report.byKind[req.kind] ?? 0) + 1;
      const ms = performance.now() - t0;
      report.msByKind[req.kind] = (report.msByKind[req.kind] ?? 0) + ms;
      const opName = `${req.method} ${req.op.path}`;
      report.msByOp[opName] = (report.msByOp[opName] ?? 0) + ms;
      if (report.slowest.length < 5 || ms > report.slowest[4]![0]) {
        report.slowest.push([Math.round(ms), `${req.method} ${req.url.slice(0, 100)} (${req.kind}: ${req.note.slice(0, 60)})`]);
        report.slowest.sort((a, b) => b[0] - a[0]).splice(5);
      }
      const problems = answerProblems(res, req);
      const failure = (): Failure => ({ kind: req.kind, request: `${req.method} ${req.url.slice(0, 200)}`, note: req.note, status: res.statusCode, problems, body: res.body.slice(0, 300) });
      if (problems.length) report.failures.push(failure());
      else if (req.method !== 'GET' && res.statusCode < 300) report.accepted.push(failure());
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  report.ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  report.cpuMs = (used.user + used.system) / 1000;
  report.operations = ops.size;
  return report;
}

/**
 * Row count and content hash of every table, to show a run changed nothing.
 * Left out: `skip` (tables a refused request is meant to write, such as the
 * audit log or a rate counter; the caller says why).
 */
export async function fingerprint(db: Db, skip: ReadonlySet<string> = new Set()): Promise<Record<string, string>> {
  const tables = await db.execute<{ name: string }>(
    sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY 1`,
  );
  const out: Record<string, string> = {};
  for (const { name } of rowsOf<{ name: string }>(tables)) {
    if (skip.has(name)) continue;
    const r = await db.execute<{ n: number; h: string }>(
      sql.raw(`SELECT count(*)::int AS n, md5(coalesce(string_agg(md5(t::text), '' ORDER BY md5(t::text)), '')) AS h FROM "${name}" t`),
    );
    const row = rowsOf<{ n: number; h: string }>(r)[0]!;
    out[name] = `${row.n}:${row.h}`;
  }
  return out;
}

/** node-postgres answers `{ rows }`, PGlite the same shape; drizzle passes either through. */
function rowsOf<T>(r: unknown): T[] {
  return Array.isArray(r) ? (r as T[]) : ((r as { rows: T[] }).rows ?? []);
}

export function summary(r: FuzzReport): string {
  const kinds = Object.entries(r.byKind)
    .map(([k, n]) => `${k} ${n} (${Math.round(r.msByKind[k as BadKind] ?? 0)} ms)`)
    .join(', ');
  const statuses = Object.entries(r.byStatus)
    .map(([k, n]) => `${k}: ${n}`)
    .join(', ');
  const slowest = Object.entries(r.msByOp)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5)
    .map(([op, ms]) => `${op} ${Math.round(ms)} ms`)
    .join(', ');
  return `${r.sent} bad requests to ${r.operations} operations in ${(r.ms / 1000).toFixed(1)} s (${Math.round(r.sent / (r.ms / 1000))}/s; CPU ${(r.cpuMs / 1000).toFixed(1)} s)\n  by kind: ${kinds}\n  by status: ${statuses}\n  failures: ${r.failures.length}, writes accepted: ${r.accepted.length}\n  slowest operations: ${slowest}\n  slowest requests: ${r.slowest.map(([ms, what]) => `${ms} ms ${what}`).join('; ')}`;
}

/**
 * Tables a refused request may rightly write, left out of the data check:
 * the audit log records refusals (sign-in failures, forbidden operator
 * actions), and the sign-in counters count failed attempts per account and
 * address; neither is business data a bad request could corrupt. The ECB
 * reference rates (forex_rates) are a cache a read fills on first use.
 */
export const FINGERPRINT_SKIP: ReadonlySet<string> = new Set(['audit_log', 'forex_rates']);

/** A few ids of rows that exist in every table with a uuid `id`, for path parameters that find something. */
export async function idPool(db: Db, perTable = 3): Promise<string[]> {
  const tables = rowsOf<{ name: string }>(
    await db.execute(
      sql`SELECT table_name AS name FROM information_schema.columns WHERE table_schema = current_schema() AND column_name = 'id' AND data_type = 'uuid' ORDER BY 1`,
    ),
  );
  const ids: string[] = [];
  for (const { name } of tables) {
    const rows = rowsOf<{ id: string }>(await db.execute(sql.raw(`SELECT id::text AS id FROM "${name}" ORDER BY id LIMIT ${perTable}`)));
    ids.push(...rows.map((r) => r.id));
  }
  return ids;
}
