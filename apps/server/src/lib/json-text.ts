import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PaginationMeta } from '@harbor/contracts';
import { COMPRESS_FROM_BYTES, pickEncoding, type EncodedAnswer } from './encoded-answer.ts';
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

/**
 * Sends an answer that requests share (AnswerCache) in the encoding the client takes, compressed
 * once for all of them rather than by the compression plugin for each; checked like
 * `sendJsonText` where answers are.
 */
export async function sendSharedJson<T>(check: ResponseCheck, request: FastifyRequest, reply: FastifyReply, answer: EncodedAnswer): Promise<T | FastifyReply> {
  if (check === 'strict') return JSON.parse(answer.json.toString()) as T;
  reply.type('application/json').header('vary', 'accept-encoding');
  const encoding = answer.json.length >= COMPRESS_FROM_BYTES ? pickEncoding(request.headers['accept-encoding']) : null;
  if (!encoding) return reply.send(answer.json);
  return reply.header('content-encoding', encoding).send(await answer.body(encoding));
}
