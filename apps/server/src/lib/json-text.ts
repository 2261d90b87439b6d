import type { FastifyReply } from 'fastify';
import type { PaginationMeta } from '@harbor/contracts';
import type { ResponseCheck } from './response-serializer.ts';

/*
 * Answers the database writes: lists whose rows are built as JSON text by PostgreSQL (the orders
 * list, the listing search), where parsing, mapping and stringifying them again was most of a
 * busy server's time (bench/README-load.md).
 */

/** A page's answer from rows that are JSON text already. */
export function pageJsonText(rows: readonly { json: string }[], meta: PaginationMeta): string {
  return `{"data":[${rows.map((r) => r.json).join(',')}],"meta":${JSON.stringify(meta)}}`;
}

/**
 * Sends JSON text as it is. Where answers are checked (RESPONSE_CHECK=strict, the tests) it is
 * parsed instead and goes through the contract check like every other answer.
 */
export function sendJsonText<T>(check: ResponseCheck, reply: FastifyReply, json: string): T | FastifyReply {
  if (check === 'strict') return JSON.parse(json) as T;
  return reply.type('application/json').send(json);
}
