import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessagePage, MessageResponse, UnreadMessagesResponse } from '@harbor/contracts';
import { createTestApp, json, signIn, type TestApp } from '../../test/harness.ts';
import { people, type People } from '../carts/test-helpers.ts';
import { errorCodes, initiateBody, invalidMessages, place, publishedListing, txOf } from '../transactions/test-helpers.ts';

describe('messages of a transaction', () => {
  let t: TestApp;
  let p: People;
  let listing: string;
  let order: string;

  const send = (id: string, headers: Record<string, string>, content: unknown) =>
    t.app.inject({ method: 'POST', url: `/api/transactions/${id}/messages`, headers, payload: { content } });
  const read = (id: string, headers: Record<string, string>, query = '') => t.app.inject({ method: 'GET', url: `/api/transactions/${id}/messages${query}`, headers });
  const page = async (id: string, headers: Record<string, string>, query = '') => {
    const res = await read(id, headers, query);
    expect(res.statusCode, res.body).toBe(200);
    return json<MessagePage>(res);
  };
  const unread = async (headers: Record<string, string>) => json<UnreadMessagesResponse>(await t.app.inject({ method: 'GET', url: '/api/transactions/unread-messages', headers }));
  const newOrder = async (buyer: Record<string, string>) => {
    const res = await place(t.app, buyer, initiateBody(listing));
    expect(res.statusCode, res.body).toBe(201);
    return txOf(res).id;
  };
  const userId = async (email: string) =>
    json<{ id: string }>(await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${(await signIn(t.app, email)).access_token}` } })).id;

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MIN: '100000' });
    p = await people(t);
    listing = await publishedListing(t.app, p);
    order = await newOrder(p.buyer);
  });
  afterAll(() => t.close());

  it('sends and pages a thread: page 1 is the newest 100, each page oldest to newest, with the spec’s pagination meta', async () => {
    const id = await newOrder(p.buyer);
    expect((await page(id, p.buyer)).data).toEqual([]);
    const first = await send(id, p.buyer, '  Hello, can you come at 06:00?\n\tThanks  ');
    expect(first.statusCode, first.body).toBe(201);
    expect(json<MessageResponse>(first).data).toMatchObject({
      transactionId: id,
      content: 'Hello, can you come at 06:00?\n\tThanks',
      sender: { displayName: 'Bruno Buyer', abbreviatedName: 'BB', role: 'customer' },
    });
    for (let i = 1; i <= 104; i++) await send(id, i % 2 ? p.seller : p.buyer, `m${i}`);
    const newest = await page(id, p.seller);
    expect(newest.meta).toEqual({ page: 1, perPage: 100, totalItems: 105, totalPages: 2 });
    expect(newest.data.map((m) => m.content)).toEqual(Array.from({ length: 100 }, (_, i) => `m${i + 5}`));
    expect(newest.data.slice(-2).map((m) => m.sender.role)).toEqual(['provider', 'customer']); // m103 by the seller, m104 by the buyer
    const older = await page(id, p.seller, '?page=2');
    expect(older.data.map((m) => m.content)).toEqual(['Hello, can you come at 06:00?\n\tThanks', 'm1', 'm2', 'm3', 'm4']);
    const small = await page(id, p.buyer, '?page=3&perPage=2');
    expect(small.data.map((m) => m.content)).toEqual(['m99', 'm100']);
    expect(small.meta).toEqual({ page: 3, perPage: 2, totalItems: 105, totalPages: 53 });
    expect((await read(id, p.buyer, '?perPage=101')).statusCode).toBe(400);
  });

  it('takes 1 to 5000 characters after trimming, refuses NUL and other control characters', async () => {
    expect((await send(order, p.buyer, 'x'.repeat(5000))).statusCode).toBe(201);
    expect((await send(order, p.buyer, ` ${'x'.repeat(5000)}\n`)).statusCode).toBe(201);
    expect(invalidMessages(await send(order, p.buyer, 'x'.repeat(5001)))).toEqual([{ path: 'body.content', message: 'validation.tooLong' }]);
    expect(invalidMessages(await send(order, p.buyer, ' \n\t '))).toEqual([{ path: 'body.content', message: 'validation.required' }]);
    expect(invalidMessages(await send(order, p.buyer, 'a\u0000b'))).toEqual([{ path: 'body.content', message: 'validation.controlCharacters' }]);
    expect(invalidMessages(await send(order, p.buyer, 'bell\u0007'))).toEqual([{ path: 'body.content', message: 'validation.controlCharacters' }]);
    expect(errorCodes(await send(order, p.buyer, 42))).toEqual(['validation-invalid-params']);
  });

  it('is read and written by the two parties and the operator only: others get 404 (or 403 for a limited user), never the content', async () => {
    const id = await newOrder(p.buyer);
    await send(id, p.buyer, 'Secret berth number 7');
    for (const stranger of [p.buyer2, p.trader, p.limited]) {
      const res = await read(id, stranger);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('Secret');
    }
    expect((await send(id, p.buyer2, 'hi')).statusCode).toBe(404);
    expect((await send(id, p.limited, 'hi')).statusCode).toBe(403);
    expect((await read('00000000-0000-4000-8000-000000000000', p.buyer)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/transactions/${id}/messages` })).statusCode).toBe(401);
    expect((await page(id, p.operator)).data.map((m) => m.content)).toEqual(['Secret berth number 7']);
    const fromOperator = json<MessageResponse>(await send(id, p.operator, 'The operator here'));
    expect(fromOperator.data.sender).toMatchObject({ role: 'operator', displayName: 'Olivia Operator' });
    expect((await page(id, p.seller)).data.map((m) => m.sender.role)).toEqual(['customer', 'operator']);
  });

  it('counts unread messages per transaction; reading page 1 or marking read clears them', async () => {
    const a = await newOrder(p.buyer2);
    const b = await newOrder(p.buyer2);
    await send(a, p.buyer2, 'one');
    await send(a, p.buyer2, 'two');
    await send(b, p.seller, 'a question first');
    await send(b, p.buyer2, 'three');
    const seller = await unread(p.seller);
    expect(seller.data[a]).toBe(2);
    expect(seller.data[b]).toBe(1); // the seller's own message and what came before it count not
    // One's own messages never count (sending moves one's marker too), nor do the operator's reads.
    expect((await unread(p.buyer2)).data).toEqual({});
    await page(a, p.operator);
    expect((await unread(p.seller)).data[a]).toBe(2);
    // An older page alone does not mark the thread read.
    await page(a, p.seller, '?page=2');
    expect((await unread(p.seller)).data[a]).toBe(2);
    await page(a, p.seller);
    expect((await unread(p.seller)).data[a]).toBeUndefined();
    const mark = await t.app.inject({ method: 'POST', url: `/api/transactions/${b}/messages/read`, headers: p.seller });
    expect(mark.statusCode, mark.body).toBe(204);
    expect((await unread(p.seller)).data[b]).toBeUndefined();
    await send(b, p.buyer2, 'and one more');
    expect((await unread(p.seller)).data[b]).toBe(1);
    expect((await t.app.inject({ method: 'POST', url: `/api/transactions/${b}/messages/read`, headers: p.buyer })).statusCode).toBe(404);
    // The stranger sees no counts of others' transactions.
    expect((await unread(p.trader)).data).toEqual({});
  });

  it('opens an enquiry with its text as the first message, in the same database transaction', async () => {
    const res = await place(t.app, p.buyer, initiateBody(listing, { transition: 'enquire', params: { protectedData: { comment: '  Can you come at night?  ' } } }));
    expect(res.statusCode, res.body).toBe(201);
    const id = txOf(res).id;
    expect((await unread(p.seller)).data[id]).toBe(1);
    const thread = await page(id, p.seller);
    expect(thread.data).toMatchObject([{ content: 'Can you come at night?', sender: { role: 'customer' } }]);
    // A text no message may carry opens no enquiry at all.
    const before = (await unread(p.seller)).total;
    for (const comment of ['   ', 'night\u0007']) {
      const refused = await place(t.app, p.buyer, initiateBody(listing, { transition: 'enquire', params: { protectedData: { comment } } }));
      expect(refused.statusCode, refused.body).toBe(400);
      expect(invalidMessages(refused).map((i) => i.path)).toEqual(['body.params.protectedData.comment']);
    }
    expect((await unread(p.seller)).total).toBe(before);
    const list = await t.app.inject({ method: 'GET', url: '/api/transactions?only=order&perPage=100', headers: p.buyer });
    expect(json<{ data: { state: string }[] }>(list).data.filter((x) => x.state === 'enquiry')).toHaveLength(1);
  });

  it('a banned or deleted party cannot receive messages and shows as Banned user or Deleted user', async () => {
    const withBuyer2 = await newOrder(p.buyer2);
    await send(withBuyer2, p.buyer2, 'before deletion');
    const deleted = await t.app.inject({ method: 'POST', url: `/api/operator/users/${await userId('buyer2@harbor.test')}/delete`, headers: p.operator, payload: { reason: 'Left' } });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(json(await send(withBuyer2, p.seller, 'anyone there?'))).toMatchObject({ apiErrors: [{ code: 'message-recipient-unavailable', status: 409, meta: { reason: 'deleted' } }] });
    expect((await page(withBuyer2, p.seller)).data.map((m) => [m.content, m.sender.displayName, m.sender.abbreviatedName])).toEqual([['before deletion', 'Deleted user', '']]);

    await send(order, p.seller, 'before the ban');
    const banned = await t.app.inject({ method: 'POST', url: `/api/operator/users/${await userId('seller@harbor.test')}/ban`, headers: p.operator, payload: { reason: 'Spam' } });
    expect(banned.statusCode, banned.body).toBe(200);
    expect(json(await send(order, p.buyer, 'hello?'))).toMatchObject({ apiErrors: [{ code: 'message-recipient-unavailable', meta: { reason: 'banned' } }] });
    const thread = await page(order, p.buyer);
    expect(thread.data.filter((m) => m.sender.role === 'provider').map((m) => m.sender.displayName)).toEqual(['Banned user']);
    // The operator still reaches the party who can receive; not a thread where neither can.
    expect((await send(order, p.operator, 'We are looking into it')).statusCode).toBe(201);
    expect(errorCodes(await send(withBuyer2, p.operator, 'nobody'))).toEqual(['message-recipient-unavailable']);
  });
});
