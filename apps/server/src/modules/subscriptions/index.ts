// Registers the handler of the cycle timers (each cycle's order).
import './subscriptions.runner.ts';

export { subscriptionsRoutes } from './subscriptions.routes.ts';
export { CYCLE_TIMER_KIND } from './subscriptions.service.ts';
