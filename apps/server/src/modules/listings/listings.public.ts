import { AVAILABILITY_WINDOW_DAYS, Scope, DAY_MS } from '@harbor/contracts';
import type { AppContext } from '../../context.ts';
import { AppError, notFound } from '../../plugins/errors.ts';
import type { AccessToken } from '../auth/index.ts';
import * as repo from './listings.repository.ts';
import { alternativesOf } from './listings.search.ts';
import { loadListing } from './listings.service.ts';

type Viewer = Pick<AccessToken, 'sub' | 'scopes'> | null;

/**
 * Buyers see published and closed listings that are visible and not being
 * deleted; the author sees their own in any state; the operator sees all.
 */
async function visibleRow(ctx: AppContext, viewer: Viewer, id: string) {
  const row = await repo.findRow(ctx.db, id);
  if (!row) throw notFound();
  if (viewer?.scopes.includes(Scope.operator)) return row;
  if (row.deleteRequestedAt || row.deleted) throw notFound();
  if (viewer?.sub === row.authorId) return row;
  if ((row.state !== 'published' && row.state !== 'closed') || !row.isVisible) throw notFound();
  return row;
}

export async function showListing(ctx: AppContext, viewer: Viewer, id: string) {
  await visibleRow(ctx, viewer, id);
  return loadListing(ctx.db, id);
}

export async function alternatives(ctx: AppContext, viewer: Viewer, id: string) {
  const row = await visibleRow(ctx, viewer, id);
  return { data: await alternativesOf(ctx.db, row) };
}

/** Exceptions are read in windows of at most 90 days, as the spec's calendar fetches them. */
export async function listExceptions(ctx: AppContext, viewer: Viewer, id: string, range: { start: string; end: string }) {
  await visibleRow(ctx, viewer, id);
  const start = new Date(range.start);
  const end = new Date(range.end);
  if (end <= start) throw rangeError('listings:validation.endBeforeStart');
  if (end.getTime() - start.getTime() > AVAILABILITY_WINDOW_DAYS * DAY_MS) throw rangeError('listings:validation.rangeTooLong');
  const rows = await repo.exceptionsBetween(ctx.db, id, start, end);
  return { data: rows.map(toException) };
}

function rangeError(message: string) {
  return new AppError('validation-invalid-params', 400, {
    invalidParams: [{ path: 'querystring.end', message, values: { days: String(AVAILABILITY_WINDOW_DAYS) } }],
  });
}

export function toException(r: { id: string; start: Date; end: Date; seats: number }) {
  return { id: r.id, start: r.start.toISOString(), end: r.end.toISOString(), seats: r.seats };
}
