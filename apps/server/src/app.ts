import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import type { Database } from './db/index.ts';
import { logFormatOptions } from './lib/log-format.ts';
import { responseSerializer } from './lib/response-serializer.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerCompression } from './plugins/compression.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { AnswerCache } from './lib/answer-cache.ts';
import type { EncodedAnswer } from './lib/encoded-answer.ts';
import { frameworkErrorOptions, registerErrorHandling, sendError } from './plugins/errors.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerWeb } from './plugins/web.ts';
import { authRoutes } from './modules/auth/index.ts';
import { createMailer } from './modules/notifications/index.ts';
import { operatorRoutes } from './modules/operator/index.ts';
import { usersRoutes } from './modules/users/index.ts';
import { registerAis } from './modules/ais/index.ts';
import { shipDetailsOf } from './modules/vessels/index.ts';
import { zonesRoutes } from './modules/zones/index.ts';
import { registerMapTiles } from './modules/map-tiles/index.ts';
import { registerPortCalls } from './modules/port-calls/index.ts';
import { registerEta } from './modules/eta/index.ts';
import { registerRoutes } from './modules/routes/index.ts';
import { imagesRoutes } from './modules/images/index.ts';
import { listingsOperatorRoutes, listingsRoutes } from './modules/listings/index.ts';
import { cartsRoutes } from './modules/carts/index.ts';
import { startTimers } from './modules/timers/index.ts';
import { organizationsRoutes } from './modules/organizations/index.ts';
import { configRoutes } from './modules/config/index.ts';
import { startOwnJsonBackfill, transactionsRoutes } from './modules/transactions/index.ts';
import { messagesRoutes } from './modules/messages/index.ts';
import { attachmentsRoutes } from './modules/attachments/index.ts';
import { reviewsRoutes } from './modules/reviews/index.ts';
import { registerPayments } from './modules/payments/index.ts';
import { reportsRoutes } from './modules/reports/index.ts';
import { subscriptionsRoutes } from './modules/subscriptions/index.ts';
import { registerWeather } from './modules/weather/index.ts';
import { forexRoutes } from './modules/forex/index.ts';

/** Methods that change nothing (the HTTP spec's safe methods). */
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface BuildOptions {
  config: Config;
  database: Database;
  /** Serve the built web app (off in API tests). */
  serveWeb?: boolean;
}

export async function buildApp({ config, database, serveWeb = true }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      ...logFormatOptions(config.LOG_FORMAT, config.NODE_ENV),
    },
    bodyLimit: 1024 * 1024,
    // Off unless configured: X-Forwarded-For from anyone would let each request choose its rate-limit key.
    trustProxy: config.TRUST_PROXY,
    // Router and HTTP parser refusals answer in the apiErrors shape too.
    ...frameworkErrorOptions,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer(config.RESPONSE_CHECK));
  registerErrorHandling(app);

  // Security headers on every answer, worked out once (plugins/security-headers.ts).
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'", 'ws:', 'wss:', 'https:'],
        workerSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
      },
    },
    // Swagger UI and the map use blob workers and cross-origin tiles.
    crossOriginEmbedderPolicy: false,
    // HSTS only where the product is served over https; on plain http it would pin browsers to a scheme we do not serve.
    strictTransportSecurity: config.secureCookies ? { maxAge: 180 * 24 * 3600, includeSubDomains: false } : false,
  });
  await registerCompression(app);
  await app.register(cookie);
  await app.register(rateLimit, {
    max: config.RATE_LIMIT_PER_MIN,
    timeWindow: '1 minute',
  });
  await registerOpenApi(app);

  const ctx: AppContext = {
    config,
    db: database.db,
    mailer: createMailer(database.db, app.log, { smtpUrl: config.SMTP_URL, from: config.MAIL_FROM }),
    log: app.log,
  };
  const guards = registerAuth(app, ctx);
  // Listing search answers are shared for a moment (SEARCH_CACHE_MS); any change made through the API starts them over.
  const searchAnswers = new AnswerCache<EncodedAnswer>(config.SEARCH_CACHE_MS);
  app.addHook('onResponse', async (request, reply) => {
    if (!READ_METHODS.has(request.method) && reply.statusCode < 400) searchAnswers.clear();
  });

  app.get('/api/health', { schema: { tags: ['health'], summary: 'Liveness' } }, async () => ({ status: 'ok' }));
  configRoutes(app, config);
  authRoutes(app, ctx, guards);
  usersRoutes(app, ctx, guards);
  operatorRoutes(app, ctx, guards);

  await registerAis(app, ctx, guards); // live vessels, AIS ingestion, ships API
  zonesRoutes(app, ctx, guards);
  await registerMapTiles(app, ctx); // base map tiles and styles, PMTiles basemap, fairways
  const portCalls = registerPortCalls(app, ctx, guards);
  registerRoutes(app, ctx, guards); // predicted routes (GET /v1/trajectory/...)
  // Port-call detection follows the live store; simulated traffic has its own detector, whose calls are marked
  // simulated, listed only while simulated traffic is shown and purged when a real feed comes up.
  const { vessels } = app.ais;
  vessels.store.onPosition((u, simulated) => {
    (simulated ? portCalls.simulatedDetector : portCalls.detector).ingestPosition(u);
  });
  vessels.store.onStatic((u, simulated) => {
    (simulated ? portCalls.simulatedDetector : portCalls.detector).ingestStatic(u);
  });
  portCalls.deps.showSimulated = () => vessels.store.simulated;
  app.ais.ingestion.onRealFeed = () => portCalls.purgeSimulated();
  portCalls.deps.shipDetails = (mmsi) => shipDetailsOf(ctx, vessels, mmsi);
  // Our own predicted destination and ETA, computed from the live store on a timer and learned from the feed.
  app.decorate('eta', registerEta(app, ctx, vessels.store));
  portCalls.deps.etaPrediction = (mmsi, portCode) => app.eta.etaFor(mmsi, portCode);
  // The feed starts after the port-call detectors have loaded their zones (onReady hooks run in
  // order), so no report is missed: the simulator's warm-up makes its first calls from them.
  app.addHook('onReady', async () => app.ais.ingestion.start());
  await imagesRoutes(app, ctx, guards);
  await organizationsRoutes(app, ctx, guards);
  await listingsRoutes(app, ctx, guards, searchAnswers);
  listingsOperatorRoutes(app, ctx, guards);
  transactionsRoutes(app, ctx, guards);
  messagesRoutes(app, ctx, guards);
  await attachmentsRoutes(app, ctx, guards);
  reviewsRoutes(app, ctx);
  cartsRoutes(app, ctx, guards);
  reportsRoutes(app, ctx, guards);
  subscriptionsRoutes(app, ctx, guards); // recurring orders; each cycle's order runs on the durable timers
  registerWeather(app, ctx); // port forecasts (public) and locally computed sun times
  forexRoutes(app, ctx); // ECB reference rates (public): the alternative display currency and the reports' conversions
  // Online card payment, payout accounts and saved cards, on the provider PAYMENTS chose; its relays run with the app.
  app.decorate('payments', registerPayments(app, ctx, guards));
  // The durable timers (every module's, registered as the modules load) run with the app's lifetime.
  let stopTimers: (() => Promise<void>) | undefined;
  // The mail relay sends what transactions committed to the outbox (SMTP_URL only), at the timers' pace.
  let stopMailRelay: (() => Promise<void>) | undefined;
  // Orders from before the orders list kept each transaction's JSON get it, once, in the background.
  let stopBackfill: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    stopTimers = startTimers(ctx);
    stopMailRelay = ctx.mailer.startRelay(config.TIMER_INTERVAL_MS);
    stopBackfill = startOwnJsonBackfill(ctx);
  });
  app.addHook('onClose', async () => {
    await stopTimers?.();
    await stopMailRelay?.();
    await stopBackfill?.();
  });

  if (serveWeb) await registerWeb(app, config.WEB_DIST);
  else app.setNotFoundHandler((_req, reply) => sendError(reply, { code: 'not-found', status: 404 }));
  return app;
}
