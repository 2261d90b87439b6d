import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/index.ts';
import type { BboxFilter } from './zones.repository.ts';
import { zones, type ZoneRow } from './zones.schema.ts';

/**
 * In-process bbox index of every zone and port with a geometry: the rows and
 * their boxes in flat typed arrays, scanned linearly. bench/zones-bbox.ts
 * measured it against the same query in SQL (btree bbox columns): a Finland
 * view over ~20k features takes well under a millisecond here and over 100 ms
 * through PGlite, mostly in returning the jsonb geometries.
 *
 * It is rebuilt at start and after in-process imports; `npm run import` runs in
 * another process, so a cheap version probe (row count + newest update) runs at
 * most every PROBE_MS and reloads when the table changed.
 */
const PROBE_MS = 5_000;

class ZoneIndex {
  private readonly box: Float64Array;
  constructor(private readonly rows: ZoneRow[]) {
    this.box = new Float64Array(rows.length * 4);
    rows.forEach((r, i) => this.box.set([r.minLon!, r.minLat!, r.maxLon!, r.maxLat!], i * 4));
  }

  get size() {
    return this.rows.length;
  }

  query(b: BboxFilter, limit: number): ZoneRow[] {
    const out: ZoneRow[] = [];
    const box = this.box;
    const wraps = b.west > b.east; // the view crosses the antimeridian
    for (let i = 0; i < this.rows.length && out.length < limit; i++) {
      const k = i * 4;
      if (box[k + 3]! < b.south || box[k + 1]! > b.north) continue;
      const lonHit = wraps ? box[k + 2]! >= b.west || box[k]! <= b.east : box[k + 2]! >= b.west && box[k]! <= b.east;
      if (lonHit) out.push(this.rows[i]!);
    }
    return out;
  }
}

interface State {
  index: ZoneIndex | null;
  version: string;
  probedAt: number;
  loading: Promise<ZoneIndex> | null;
}

const states = new WeakMap<object, State>();

async function versionOf(db: Tx): Promise<string> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int`, at: sql<string>`coalesce(max(${zones.updatedAt})::text, '')` })
    .from(zones);
  return `${row?.n ?? 0}@${row?.at ?? ''}`;
}

async function load(db: Tx, state: State): Promise<ZoneIndex> {
  const version = await versionOf(db);
  const rows = await db.select().from(zones).where(sql`${zones.minLat} is not null`).orderBy(zones.id);
  state.index = new ZoneIndex(rows);
  state.version = version;
  state.probedAt = Date.now();
  return state.index;
}

export async function zoneIndexOf(db: Tx): Promise<{ query: ZoneIndex['query']; size: number }> {
  let state = states.get(db);
  if (!state) {
    state = { index: null, version: '', probedAt: 0, loading: null };
    states.set(db, state);
  }
  const s = state;
  if (s.index && Date.now() - s.probedAt > PROBE_MS && !s.loading) {
    s.probedAt = Date.now();
    if ((await versionOf(db)) !== s.version) s.index = null;
  }
  if (!s.index) {
    s.loading ??= load(db, s).finally(() => (s.loading = null));
    await s.loading;
  }
  const index = s.index!;
  return { query: index.query.bind(index), size: index.size };
}

/** After an in-process import or seed: the next query reloads. */
export function invalidateZoneIndex(db: Tx) {
  const s = states.get(db);
  if (s) s.index = null;
}
