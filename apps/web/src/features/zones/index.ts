/**
 * The zones module's port data for other modules. Its map parts (layers, the
 * port card) are in ./map.ts, so a page that only needs a port's position does
 * not load the map code with it.
 */
export { usePort, useMapPortSearch } from './api/use-zone-queries.ts';
