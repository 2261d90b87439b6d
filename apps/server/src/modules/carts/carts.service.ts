import { pageMeta, type CartPatchBody, type cartCreateBodySchema, type cartListQuerySchema } from '@harbor/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../plugins/errors.ts';
import * as repo from './carts.repository.ts';
import { assertBuyer, assertCartRoom, assertOpen, ownCart, type Auth } from './carts.rules.ts';
import { startFromTemplate } from './carts.templates.ts';
import { viewCart, viewCarts } from './carts.view.ts';

/** GET /v1/marketplace/carts: open carts first, then newest (the spec's Pagination). */
export async function listCarts(ctx: AppContext, auth: Auth, query: z.output<typeof cartListQuerySchema>) {
  const { page, perPage } = query;
  const [rows, totalItems] = await Promise.all([
    repo.cartsOf(ctx.db, auth.sub, { limit: perPage, offset: (page - 1) * perPage }),
    repo.countCarts(ctx.db, auth.sub),
  ]);
  return { data: await viewCarts(ctx, ctx.db, auth.sub, rows), meta: pageMeta(page, perPage, totalItems) };
}

export async function getCart(ctx: AppContext, auth: Auth, id: string) {
  return viewCart(ctx, ctx.db, auth.sub, await ownCart(ctx.db, auth, id));
}

/**
 * A new cart for a ship and a port call; from a template it takes the
 * template's lines (with a fresh time window each), and the template's name
 * and ship unless given. It becomes the active cart unless `active` is false.
 */
export async function createCart(ctx: AppContext, auth: Auth, body: z.output<typeof cartCreateBodySchema>) {
  assertBuyer(auth);
  const now = Date.now();
  // Template lines are checked against their listings before the write: the checks only read.
  const start = body.templateId ? await startFromTemplate(ctx, auth, body.templateId, now) : null;
  const ship = body.ship ?? start?.template.ship;
  const name = body.name ?? start?.template.name;
  if (!ship || !name) throw notFound(); // unreachable: the body schema asks for both unless a template gives them
  return ctx.db.transaction(async (tx) => {
    await repo.lockOwner(tx, auth.sub);
    await assertCartRoom(tx, auth.sub);
    if (body.active) await repo.clearActive(tx, auth.sub);
    const row = await repo.insertCart(tx, {
      ownerId: auth.sub,
      name,
      active: body.active,
      shipName: ship.name,
      shipImo: ship.imo,
      portCallId: body.portCall?.callId ?? null,
      portName: body.portCall?.portName ?? null,
      sessionId: body.sessionId ?? null,
    });
    await repo.insertProducts(tx, (start?.lines ?? []).map((l) => ({ ...l, cartId: row.id })));
    return { ...(await viewCart(ctx, tx, auth.sub, row, now)), skipped: start?.skipped ?? [] };
  });
}

/** Name, ship, port call; `active: true` makes it the active cart (clearing the others), `false` clears it. */
export async function patchCart(ctx: AppContext, auth: Auth, id: string, body: CartPatchBody) {
  assertBuyer(auth);
  return ctx.db.transaction(async (tx) => {
    await repo.lockOwner(tx, auth.sub);
    const cart = await ownCart(tx, auth, id, { forUpdate: true });
    const changes = body.name !== undefined || body.ship !== undefined || body.portCall !== undefined || body.active === true;
    if (changes) assertOpen(cart);
    if (body.active === true) await repo.clearActive(tx, auth.sub, cart.id);
    const row = await repo.updateCart(tx, cart.id, {
      ...(body.name !== undefined && { name: body.name }),
      ...(body.ship && { shipName: body.ship.name, shipImo: body.ship.imo }),
      ...(body.portCall !== undefined && { portCallId: body.portCall?.callId ?? null, portName: body.portCall?.portName ?? null }),
      ...(body.active !== undefined && { active: body.active }),
    });
    return viewCart(ctx, tx, auth.sub, row);
  });
}

/** Deleting the active cart leaves the user without one (spec: removing a cart clears the active cart). */
export async function deleteCart(ctx: AppContext, auth: Auth, id: string) {
  assertBuyer(auth);
  if (!(await repo.deleteCart(ctx.db, auth.sub, id))) throw notFound();
  return { ok: true as const };
}
