import type { TrajectoryParams, TrajectoryQuery, TrajectoryResponse } from '@harbor/contracts';
import type { Db } from '../../db/index.ts';
import { notFound } from '../../plugins/errors.ts';
import { findPortsByLocodes } from '../zones/index.ts';
import type { RoutesRuntime } from './routes-runtime.ts';

export interface RoutesDeps {
  readonly db: Db;
  readonly runtime: RoutesRuntime;
}

const round6 = (v: number) => Math.round(v * 1e6) / 1e6;

/** The port's point: its Point geometry, else the middle of its extent. */
function portPoint(row: { geometry: unknown; minLat: number | null; maxLat: number | null; minLon: number | null; maxLon: number | null }): [number, number] | null {
  const g = row.geometry as { type?: string; coordinates?: number[] } | null;
  if (g?.type === 'Point' && g.coordinates) return [g.coordinates[1]!, g.coordinates[0]!];
  if (row.minLat === null || row.maxLat === null || row.minLon === null || row.maxLon === null) return null;
  return [(row.minLat + row.maxLat) / 2, (row.minLon + row.maxLon) / 2];
}

/**
 * Predicted route from a position to a port (tracking.md section 7): the sea
 * lanes ships were seen to follow where there are any, open water elsewhere,
 * never across land. 404 for a port the product does not know, or when no sea
 * route joins the two (a position outside the charted area, an inland port).
 */
export async function trajectory(deps: RoutesDeps, params: TrajectoryParams, query: TrajectoryQuery): Promise<TrajectoryResponse> {
  const [port] = await findPortsByLocodes(deps.db, [params.destination]);
  const to = port ? portPoint(port) : null;
  if (!to) throw notFound({ destination: params.destination });
  const planner = await deps.runtime.get();
  const route = planner.plan(params.position, to, query.smooth_trajectory);
  if (!route) throw notFound({ destination: params.destination, reason: 'no-sea-route' });
  return { trajectory: route.map(([lat, lon]) => ({ coordinate: [round6(lat), round6(lon)] })) };
}
