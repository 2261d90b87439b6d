/**
 * The vessels module's queries for other modules (the carts' ship picker).
 * Only the query hooks: the map parts stay out, so a page that picks a ship
 * does not load the map code with it.
 */
export { useCurrentPortCall, useShipInfo, useShipSearch } from './api/use-ship-queries.ts';
