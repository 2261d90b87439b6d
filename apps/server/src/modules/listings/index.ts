export { listingsRoutes } from './listings.routes.ts';
export { listingsOperatorRoutes } from './listings.operator-routes.ts';
export { searchListings } from './listings.search.ts';
export { runDueListingTimers, startListingTimers } from './listings.timers.ts';
export * as listingsRepository from './listings.repository.ts';
