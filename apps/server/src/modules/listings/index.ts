// Registers the handlers of the listing timers (scheduled ordering, deletion completion).
import './listings.timers.ts';

export { listingsRoutes } from './listings.routes.ts';
export { listingsOperatorRoutes } from './listings.operator-routes.ts';
export { searchListings } from './listings.search.ts';
export * as listingsRepository from './listings.repository.ts';
export { validateOrderLine } from './listings.order-line.ts';
export { isOrderable, publicDataOf } from './listings.mapper.ts';
