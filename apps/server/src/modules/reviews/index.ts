export { reviewsRoutes } from './reviews.routes.ts';
/** The transactions engine's record-review effect writes through this, inside the transition's database transaction. */
export { recordReview } from './reviews.service.ts';
export { reviews } from './reviews.schema.ts';
