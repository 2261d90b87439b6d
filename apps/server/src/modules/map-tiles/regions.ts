/** [west, south, east, north] in degrees. */
export type Box = [number, number, number, number];

/** The full-resolution GSHHG extract covers exactly this box (shared/data/geo/coastline). */
export const GSHHG_BOX: Box = [9, 53, 31, 66.2];
/**
 * Around it, the North Sea and the Norwegian coast: the base map draws OpenStreetMap-derived land
 * (100 m) there, Natural Earth 1:50m beyond; the sea-route grid keeps Natural Earth 1:10m in it.
 */
export const NE10_BOX: Box = [-5, 50, 32, 67];
/** NE10_BOX less GSHHG_BOX as four boxes, which the OpenStreetMap land is cut along (west, south, north, east). */
export const OSM_BOXES: Box[] = [
  [-5, 50, 9, 67],
  [9, 50, 32, 53],
  [9, 66.2, 32, 67],
  [31, 53, 32, 66.2],
];
