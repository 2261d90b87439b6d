import { gunzipSync } from 'node:zlib';
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';

/** Test and benchmark helpers: decode a served tile and ask whether a lon/lat is land in it. */
export function lonLatToTile(lon: number, lat: number, z: number): { x: number; y: number; fx: number; fy: number } {
  const n = 2 ** z;
  const fx = ((lon + 180) / 360) * n;
  const r = (lat * Math.PI) / 180;
  const fy = ((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n;
  return { x: Math.floor(fx), y: Math.floor(fy), fx, fy };
}

export function decodeTile(body: Buffer, gzipped = true): VectorTile {
  return new VectorTile(new PbfReader(gzipped ? gunzipSync(body) : body));
}

function insideFeature(tile: VectorTile, layer: string, px: number, py: number): boolean {
  const l = tile.layers[layer];
  if (!l) return false;
  for (let i = 0; i < l.length; i++) {
    let inside = false;
    // Even-odd over all rings of the feature: holes (lakes cut out of land, islands in lakes) count right.
    for (const ring of l.feature(i).loadGeometry()) {
      for (let a = 0, b = ring.length - 1; a < ring.length; b = a++) {
        const p = ring[a]!, q = ring[b]!;
        if (p.y > py !== q.y > py && px < ((q.x - p.x) * (py - p.y)) / (q.y - p.y) + p.x) inside = !inside;
      }
    }
    if (inside) return true;
  }
  return false;
}

/** Land on this tile at the point: inside a `land` polygon and not inside a `lakes` one. */
export function isLandAt(tile: VectorTile, z: number, x: number, y: number, lon: number, lat: number): boolean {
  const t = lonLatToTile(lon, lat, z);
  if (t.x !== x || t.y !== y) throw new Error(`${lon},${lat} is not on tile ${z}/${x}/${y}`);
  const extent = tile.layers.land?.extent ?? 4096;
  const px = (t.fx - x) * extent;
  const py = (t.fy - y) * extent;
  return insideFeature(tile, 'land', px, py) && !insideFeature(tile, 'lakes', px, py);
}
