import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../../db/index.ts';
import { WebhookSignatureError } from '../payment-provider.ts';
import { drainBatches, startRelayLoop } from '../../../lib/relay.ts';
import { localPayWebhooks } from './local.schema.ts';

/**
 * The local provider's webhooks, signed the way Stripe signs its own: header
 * `harbor-signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`, so a
 * forged or replayed-later body is refused. Events are rows of the change
 * that raised them and go out afterwards through the relay, retried with
 * back-off until Harbor's endpoint answers 2xx.
 */

export const SIGNATURE_HEADER = 'harbor-signature';
/** A signature older than this is refused (replay protection). */
export const SIGNATURE_TOLERANCE_S = 300;
export const WEBHOOK_MAX_ATTEMPTS = 15;
const CLAIM_MS = 60_000;
const BATCH = 20;
const DELIVERY_TIMEOUT_MS = 10_000;

/** The wait after the n-th failed delivery: 10 s, 20 s, 40 s, … at most an hour. */
export const webhookRetryDelayMs = (attempts: number) => Math.min(10_000 * 2 ** Math.max(attempts - 1, 0), 3_600_000);

export const newId = (prefix: string) => `${prefix}_local_${randomBytes(12).toString('hex')}`;

export function signWebhook(secret: string, body: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

/** Checks the signature header over the raw body; returns the parsed body or throws WebhookSignatureError. */
export function verifySignedBody(secret: string, rawBody: Buffer, headers: IncomingHttpHeaders, now = Date.now()): Record<string, unknown> {
  const header = headers[SIGNATURE_HEADER];
  if (typeof header !== 'string' || !header) throw new WebhookSignatureError('missing-signature');
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=', 2) as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || !parts.v1 || !/^[0-9a-f]{64}$/.test(parts.v1)) throw new WebhookSignatureError('malformed');
  const expected = createHmac('sha256', secret).update(`${t}.`).update(rawBody).digest();
  if (!timingSafeEqual(expected, Buffer.from(parts.v1, 'hex'))) throw new WebhookSignatureError('bad-signature');
  if (Math.abs(now / 1000 - t) > SIGNATURE_TOLERANCE_S) throw new WebhookSignatureError('stale-timestamp');
  try {
    const body = JSON.parse(rawBody.toString('utf8')) as unknown;
    if (!body || typeof body !== 'object') throw new Error('not an object');
    return body as Record<string, unknown>;
  } catch {
    throw new WebhookSignatureError('malformed');
  }
}

/** Writes an event inside the caller's database transaction (Stripe's event shape: id, type, created, data.object). */
export async function queueWebhook(tx: Tx, type: string, object: Record<string, unknown>): Promise<string> {
  const id = newId('evt');
  const payload = { id, type, created: Math.floor(Date.now() / 1000), data: { object } };
  await tx.insert(localPayWebhooks).values({ id, type, payload });
  return id;
}

export interface WebhookRelay {
  /** Delivers every due event once; how many were accepted. */
  flush(now?: Date): Promise<number>;
  start(intervalMs: number): () => Promise<void>;
}

export function createWebhookRelay(deps: { db: Db; log: FastifyBaseLogger; secret: string; target: () => string }): WebhookRelay {
  const { db, log } = deps;
  const claim = async (now: Date) => {
    const due = db
      .select({ id: localPayWebhooks.id })
      .from(localPayWebhooks)
      .where(
        and(
          isNull(localPayWebhooks.deliveredAt),
          lt(localPayWebhooks.attempts, WEBHOOK_MAX_ATTEMPTS),
          or(isNull(localPayWebhooks.claimedUntil), lte(localPayWebhooks.claimedUntil, now)),
        ),
      )
      .orderBy(asc(localPayWebhooks.createdAt))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    const rows = await db
      .update(localPayWebhooks)
      .set({ claimedUntil: new Date(now.getTime() + CLAIM_MS), attempts: sql`${localPayWebhooks.attempts} + 1` })
      .where(inArray(localPayWebhooks.id, due))
      .returning();
    return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  };

  const deliver = async (row: typeof localPayWebhooks.$inferSelect, now: Date) => {
    const body = JSON.stringify(row.payload);
    let error: string;
    try {
      const res = await fetch(deps.target(), {
        method: 'POST',
        headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signWebhook(deps.secret, body) },
        body,
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      });
      if (res.ok) {
        await db.update(localPayWebhooks).set({ deliveredAt: new Date(), claimedUntil: null, lastError: null }).where(eq(localPayWebhooks.id, row.id));
        return true;
      }
      error = `HTTP ${res.status}: ${(await res.text()).slice(0, 500)}`;
    } catch (err) {
      error = String(err);
    }
    const last = row.attempts >= WEBHOOK_MAX_ATTEMPTS;
    log.warn({ event: row.id, type: row.type, attempts: row.attempts, error }, last ? 'payment webhook undeliverable; kept' : 'payment webhook delivery failed; will retry');
    await db
      .update(localPayWebhooks)
      .set({ lastError: error, claimedUntil: new Date(now.getTime() + webhookRetryDelayMs(row.attempts)) })
      .where(eq(localPayWebhooks.id, row.id));
    return false;
  };

  // In order: a completed payment is not overtaken by a later event of the same session.
  const flush = (now = new Date()) => drainBatches(() => claim(now), (row) => deliver(row, now), BATCH);

  return {
    flush,
    start(intervalMs) {
      return startRelayLoop(flush, intervalMs, (err) => log.error({ err }, 'payment webhook relay failed'));
    },
  };
}
