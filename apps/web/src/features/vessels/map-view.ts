import type { Map as MlMap } from 'maplibre-gl';
import type { Bbox } from '@harbor/contracts';
import { MAP_BOUNDS_PADDING_PX } from '@harbor/contracts/map';

const clampLat = (v: number) => Math.max(-90, Math.min(90, v));
const clampLon = (v: number) => Math.max(-180, Math.min(180, v));

/** The view as [south, west, north, east], padded by `padPx` screen pixels on every side (tracking.md section 7). */
export function paddedBbox(map: MlMap, padPx = MAP_BOUNDS_PADDING_PX): Bbox {
  const canvas = map.getCanvas();
  const w = canvas.clientWidth;
  const h = canvas.clientHeight;
  const sw = map.unproject([-padPx, h + padPx]);
  const ne = map.unproject([w + padPx, -padPx]);
  let west = sw.lng;
  let east = ne.lng;
  // A view wider than the world (or across the antimeridian) asks for all longitudes.
  if (east - west >= 360 || west < -180 || east > 180) {
    west = -180;
    east = 180;
  }
  return [clampLat(sw.lat), clampLon(west), clampLat(ne.lat), clampLon(east)];
}

/** True when box `inner` lies inside `outer`. */
export function bboxContains(outer: Bbox, inner: Bbox): boolean {
  return inner[0] >= outer[0] && inner[1] >= outer[1] && inner[2] <= outer[2] && inner[3] <= outer[3];
}
