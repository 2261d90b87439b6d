/** [west, south, east, north] in degrees. */
export type Box = [number, number, number, number];

/** The full-resolution GSHHG extract covers exactly this box (shared/data/geo/coastline). */
export const GSHHG_BOX: Box = [9, 53, 31, 66.2];
/** Around it, the North Sea and the Norwegian coast get Natural Earth 1:10m; beyond, 1:50m. */
export const NE10_BOX: Box = [-5, 50, 32, 67];
