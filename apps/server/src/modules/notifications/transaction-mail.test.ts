import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../../test/harness.ts';
import { PROCESSES } from '@harbor/contracts';
import { applyTransition } from '../transactions/transactions.engine.ts';
import { transactions } from '../transactions/index.ts';
import { eq } from 'drizzle-orm';
import { listOutbox } from './index.ts';
import { runDueTimers } from '../timers/index.ts';
import { completeBody, initiateBody, place, publishedListing, tokens, transition, txOf } from '../transactions/test-helpers.ts';

interface Received {
  to: string;
  subject: string;
  text: string;
}

/** A real SMTP server on a free port that keeps what it was sent, parsed as a mail client would. */
async function startSmtp() {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, done) {
      simpleParser(stream)
        .then((m) => {
          for (const rcpt of session.envelope.rcptTo) received.push({ to: rcpt.address, subject: m.subject ?? '', text: m.text ?? '' });
          done();
        })
        .catch(done);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { received, port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const BUYER = 'buyer@harbor.test';
const SELLER = 'seller@harbor.test';

describe('notifications: order e-mails over a real SMTP server', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let t: TestApp;
  let auth: Awaited<ReturnType<typeof tokens>>;
  let listing: string;
  let rfqListing: string;
  let seen = 0;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({ RATE_LIMIT_PER_MIN: '100000', SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, TIMER_INTERVAL_MS: '50', PUBLIC_URL: 'https://harbor.example' });
    auth = await tokens(t.app);
    listing = await publishedListing(t.app, auth, { publicData: { ...completeBody().publicData, allowOnlinePayment: true } });
    rfqListing = await publishedListing(t.app, auth, { publicData: { ...completeBody().publicData, pricingType: 'RFQ', rfqRequired: true } });
    // The buyer reads Finnish, the seller English (the default).
    const fi = await t.app.inject({ method: 'PATCH', url: '/api/users/me', headers: auth.buyer, payload: { language: 'fi' } });
    expect(json(fi)).toMatchObject({ language: 'fi', messageEmails: true });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  /** The mails that arrived since the last call, waiting until `n` have (the relay sends after each commit). */
  async function next(n: number, timeoutMs = 15_000): Promise<Received[]> {
    const until = Date.now() + timeoutMs;
    while (smtp.received.length < seen + n && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    // A little longer: a mail that should not have come would show up now.
    await new Promise((r) => setTimeout(r, 150));
    const got = smtp.received.slice(seen);
    seen = smtp.received.length;
    return got;
  }
  const link = (id: string) => `https://harbor.example/orders/${id}`;

  it('mails the seller a new order in English and the Finnish buyer each step the seller takes, with the order link', async () => {
    const order = txOf(await place(t.app, auth.buyer, initiateBody(listing)));
    const [placed, ...more] = await next(1);
    expect(more).toEqual([]);
    expect(placed).toMatchObject({ to: SELLER, subject: 'New order: Harbour tug assistance' });
    expect(placed!.text).toContain(link(order.id));
    expect(placed!.text).toContain('Finnmaid');

    await transition(t.app, auth.seller, order.id, 'accept');
    await transition(t.app, auth.seller, order.id, 'start-delivery');
    await transition(t.app, auth.seller, order.id, 'finish-delivery');
    const steps = await next(3);
    // Each in its own SMTP session: the arrival order is not promised.
    expect(steps.map((m) => [m.to, m.subject]).sort()).toEqual([
      [BUYER, 'Tilauksesi hyväksyttiin: Harbour tug assistance'],
      [BUYER, 'Toimitettu: Harbour tug assistance'],
      [BUYER, 'Toimitus alkoi: Harbour tug assistance'],
    ]);
    for (const m of steps) expect(m.text).toContain(link(order.id));
    for (const m of steps) expect(m.text).toMatch(/^Hei Bruno,\n\nSelma Seller \(Vuosaari Port Services\) /);
  });

  it('mails a decline with its comment, and a cancellation to the other party only', async () => {
    const declined = txOf(await place(t.app, auth.buyer, initiateBody(listing)));
    await next(1);
    await transition(t.app, auth.seller, declined.id, 'decline', { protectedData: { comment: 'No tug free that night' } });
    const [decline] = await next(1);
    expect(decline).toMatchObject({ to: BUYER, subject: 'Tilauksesi hylättiin: Harbour tug assistance' });
    expect(decline!.text).toContain('Kommentti: No tug free that night');

    const cancelled = txOf(await place(t.app, auth.buyer, initiateBody(listing)));
    await next(1);
    const res = await transition(t.app, auth.buyer, cancelled.id, 'cancel-ordered', { protectedData: { comment: 'Ship delayed' } });
    expect(res.statusCode, res.body).toBe(200);
    const got = await next(1);
    expect(got.map((m) => [m.to, m.subject])).toEqual([[SELLER, 'Order cancelled: Harbour tug assistance']]);
    expect(got[0]!.text).toContain('Comment: Ship delayed');
  });

  it('mails a request for quote to the seller and the quote with its total to the buyer', async () => {
    const requested = txOf(await place(t.app, auth.buyer, initiateBody(rfqListing, { processAlias: 'harbor-rfq-simple', transition: 'request-for-quote' })));
    expect((await next(1)).map((m) => [m.to, m.subject])).toEqual([[SELLER, 'Quote requested: Harbour tug assistance']]);
    const validUntil = new Date(Date.now() + 2 * 24 * 3_600_000).toISOString();
    const quoted = await transition(t.app, auth.seller, requested.id, 'provider-quote', { negotiatedTotal: { amount: 90000, currency: 'EUR' }, protectedData: { validUntil } });
    expect(quoted.statusCode, quoted.body).toBe(200);
    const [quote] = await next(1);
    expect(quote).toMatchObject({ to: BUYER, subject: 'Sait tarjouksen: Harbour tug assistance' });
    expect(quote!.text).toContain('900.00 EUR');
    expect(quote!.text).toContain(link(requested.id));
  });

  it('mails the buyer when the payment window of a card order lapses (the timer facility takes the transition)', async () => {
    const pending = txOf(await place(t.app, auth.buyer, initiateBody(listing, { transition: 'request-payment' })));
    // The seller hears nothing of an unpaid card order.
    expect(await next(0)).toEqual([]);
    await runDueTimers(t.ctx, new Date(Date.now() + 15 * 60_000 + 1000));
    const [expired, ...more] = await next(1);
    expect(more).toEqual([]);
    expect(expired).toMatchObject({ to: BUYER, subject: 'Tilausta ei maksettu: Harbour tug assistance' });
    expect(expired!.text).toContain(link(pending.id));
  });

  it('mails a new message to the other party; one who turned message e-mails off still gets order e-mails', async () => {
    const order = txOf(await place(t.app, auth.buyer, initiateBody(listing)));
    await next(1);
    const say = (headers: Record<string, string>, content: string) =>
      t.app.inject({ method: 'POST', url: `/api/transactions/${order.id}/messages`, headers, payload: { content } });
    expect((await say(auth.seller, 'Which berth?')).statusCode).toBe(201);
    const [message, ...more] = await next(1);
    expect(more).toEqual([]);
    expect(message).toMatchObject({ to: BUYER, subject: 'Uusi viesti: Harbour tug assistance' });
    expect(message!.text).toContain('Which berth?');
    expect(message!.text).toContain('https://harbor.example/account/contact-details');

    const off = await t.app.inject({ method: 'PATCH', url: '/api/users/me', headers: auth.buyer, payload: { messageEmails: false } });
    expect(json(off)).toMatchObject({ messageEmails: false, language: 'fi' });
    expect((await say(auth.seller, 'Berth 4, then.')).statusCode).toBe(201);
    await transition(t.app, auth.seller, order.id, 'accept');
    // The order e-mail comes; the message before it did not.
    expect((await next(1)).map((m) => [m.to, m.subject])).toEqual([[BUYER, 'Tilauksesi hyväksyttiin: Harbour tug assistance']]);
    // The seller's own message e-mails are unaffected by the buyer's choice.
    expect((await say(auth.buyer, 'Kiitos')).statusCode).toBe(201);
    expect((await next(1)).map((m) => [m.to, m.subject])).toEqual([[SELLER, 'New message: Harbour tug assistance']]);
    await t.app.inject({ method: 'PATCH', url: '/api/users/me', headers: auth.buyer, payload: { messageEmails: true } });
  });

  it('mails a dispute to the seller and the operator, its resolution to both parties, and a review to the reviewed side', async () => {
    const order = txOf(await place(t.app, auth.buyer, initiateBody(listing)));
    for (const step of ['accept', 'start-delivery', 'finish-delivery']) await transition(t.app, auth.seller, order.id, step);
    await next(4);
    const disputed = await transition(t.app, auth.buyer, order.id, 'dispute', { protectedData: { reason: 'Only one tug came' } });
    expect(disputed.statusCode, disputed.body).toBe(200);
    const dispute = await next(2);
    expect(dispute.map((m) => [m.to, m.subject]).sort()).toEqual([
      ['operator@harbor.test', 'Order disputed: Harbour tug assistance'],
      [SELLER, 'Order disputed: Harbour tug assistance'],
    ]);
    for (const m of dispute) expect(m.text).toContain('Only one tug came');

    const resolved = await transition(t.app, auth.operator, order.id, 'resolve-dispute-complete', { protectedData: { comment: 'Second tug confirmed by the port log' } });
    expect(resolved.statusCode, resolved.body).toBe(200);
    const resolution = await next(2);
    expect(resolution.map((m) => [m.to, m.subject]).sort()).toEqual([
      [BUYER, 'Riita ratkaistu: Harbour tug assistance'],
      [SELLER, 'Dispute resolved: Harbour tug assistance'],
    ]);
    expect(resolution.find((m) => m.to === SELLER)!.text).toContain('the operator resolved');
    expect(resolution.find((m) => m.to === SELLER)!.text).toContain('Comment: Second tug confirmed by the port log');

    const reviewed = await transition(t.app, auth.buyer, order.id, 'review-1-by-customer', { reviewRating: 4, reviewContent: 'Good work' });
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    const [review, ...more] = await next(1);
    expect(more).toEqual([]);
    expect(review).toMatchObject({ to: SELLER, subject: 'You received a review: Harbour tug assistance' });
    expect(review!.text).toContain('4/5');
  });

  it('sends no mail for a transition the graph refuses', async () => {
    const order = txOf(await place(t.app, auth.buyer, initiateBody(listing)));
    await next(1);
    const refused = await transition(t.app, auth.seller, order.id, 'finish-delivery');
    expect(refused.statusCode).toBe(409);
    expect(await next(0)).toEqual([]);
  });
});

describe('notifications: the outbox without SMTP_URL', () => {
  let t: TestApp;
  let auth: Awaited<ReturnType<typeof tokens>>;
  let listing: string;

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MIN: '100000' });
    auth = await tokens(t.app);
    listing = await publishedListing(t.app, auth);
  });
  afterAll(() => t?.close());

  const outboxOf = async (id: string) => (await listOutbox(t.ctx.db)).filter((m) => m.text.includes(`/orders/${id}`));

  it('keeps each transition’s mail in the outbox, unsent, in the recipient’s language', async () => {
    const order = txOf(await place(t.app, auth.buyer, initiateBody(listing)));
    expect((await outboxOf(order.id)).map((m) => [m.to, m.subject, m.sentAt])).toEqual([['seller@harbor.test', 'New order: Harbour tug assistance', null]]);
    await t.app.inject({ method: 'PATCH', url: '/api/users/me', headers: auth.buyer, payload: { language: 'fi' } });
    await transition(t.app, auth.seller, order.id, 'accept');
    const accepted = (await outboxOf(order.id)).filter((m) => m.to === 'buyer@harbor.test');
    expect(accepted.map((m) => m.subject)).toEqual(['Tilauksesi hyväksyttiin: Harbour tug assistance']);
  });

  it('writes the account e-mails (verification, password reset) in the language the person signed up in', async () => {
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/users/register',
      payload: {
        firstName: 'Aino',
        lastName: 'Asiakas',
        email: 'aino@example.fi',
        password: 'aino-password',
        phone: '+358 40 111 2222',
        companyName: 'Aino Oy',
        businessId: '1234567-8',
        webAddress: 'aino.fi',
        defaultPort: 'FIHEL',
        roles: ['Buyer'],
        language: 'fi',
      },
    });
    expect(reg.statusCode, reg.body).toBe(201);
    const recovery = await t.app.inject({ method: 'POST', url: '/api/users/password-recovery', payload: { email: 'aino@example.fi' } });
    expect(recovery.statusCode, recovery.body).toBe(200);
    const mails = (await listOutbox(t.ctx.db)).filter((m) => m.to === 'aino@example.fi').map((m) => m.subject);
    expect(mails.sort()).toEqual(['Harbor-salasanan vaihto', 'Vahvista sähköpostiosoitteesi Harboriin']);
  });

  it('writes no mail for a transition whose database transaction rolls back, and one for the same transition that commits', async () => {
    const order = txOf(await place(t.app, auth.buyer, initiateBody(listing)));
    const before = (await outboxOf(order.id)).length;
    const accept = async (tx: Parameters<Parameters<typeof t.ctx.db.transaction>[0]>[0]) => {
      const [row] = await tx.select().from(transactions).where(eq(transactions.id, order.id)).for('update');
      return applyTransition(t.ctx, tx, row!, { name: 'accept', actor: 'provider', actorId: row!.providerId, params: { protectedData: {} } });
    };
    await expect(
      t.ctx.db.transaction(async (tx) => {
        expect(await accept(tx)).toBe(PROCESSES['harbor-order-simple'].transitions.find((x) => x.name === 'accept')!.to);
        throw new Error('later step failed');
      }),
    ).rejects.toThrow('later step failed');
    expect(await outboxOf(order.id)).toHaveLength(before);
    await t.ctx.db.transaction(accept);
    expect(await outboxOf(order.id)).toHaveLength(before + 1);
  });
});
