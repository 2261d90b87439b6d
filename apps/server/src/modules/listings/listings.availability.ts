import type { AppContext } from '../../context.ts';
import { notFound } from '../../plugins/errors.ts';
import type { AccessToken } from '../auth/index.ts';
import { toException } from './listings.public.ts';
import * as repo from './listings.repository.ts';
import { assertAuthor } from './listings.service.ts';

type Auth = Pick<AccessToken, 'sub' | 'org' | 'roles'>;

/** An exception overrides the availability plan's seats for a time range (0 seats = closed). */
export async function createException(ctx: AppContext, auth: Auth, id: string, body: { start: string; end: string; seats: number }) {
  await assertAuthor(ctx, auth, id);
  const row = await repo.insertException(ctx.db, { listingId: id, start: new Date(body.start), end: new Date(body.end), seats: body.seats });
  return toException(row);
}

export async function deleteException(ctx: AppContext, auth: Auth, id: string, exceptionId: string) {
  await assertAuthor(ctx, auth, id);
  if (!(await repo.deleteException(ctx.db, id, exceptionId))) throw notFound();
  return { ok: true as const };
}
