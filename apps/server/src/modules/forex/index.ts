import type { AppContext } from '../../context.ts';
import { forexServiceOf } from './forex.service.ts';

export { forexRoutes } from './forex.routes.ts';
export { createForexService, forexServiceOf, SNAPSHOT_RATES, type ForexService } from './forex.service.ts';
export { ecbProvider, parseEcbXml, type EcbRate, type ForexProvider } from './ecb.ts';

/** For the reports: the ECB rates of the days between `from` and `to` (see forex.repository ratesBetween), from the same table /api/forex answers from. */
export const forexRatesBetween = (ctx: Pick<AppContext, 'db' | 'config' | 'log'>, currencies: string[], from: string, to: string) =>
  forexServiceOf(ctx).ratesBetween(currencies, from, to);
