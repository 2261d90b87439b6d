import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { Guards } from '../../plugins/auth.ts';
import { createVessels, vesselsRoutes } from '../vessels/index.ts';
import { AisIngestion } from './ais-ingestion.ts';
import { aisRoutes } from './ais.routes.ts';
import { parseSourceSpecs } from './source-specs.ts';

/**
 * Live vessels with the app's lifetime: the store is restored from the
 * database when the app is ready, then the sources start; on close they stop
 * and the store is flushed.
 */
export async function registerAis(app: FastifyInstance, ctx: AppContext, guards: Guards) {
  const { config } = ctx;
  if (!app.hasDecorator('websocketServer')) await app.register(websocket);
  const vessels = createVessels(ctx, {
    enabled: config.AIS_PERSIST,
    flushIntervalMs: config.AIS_FLUSH_INTERVAL_MS,
    historyIntervalMs: config.AIS_HISTORY_INTERVAL_S * 1000,
    historyDays: config.AIS_HISTORY_DAYS,
    forgetAfterDays: config.AIS_FORGET_DAYS,
  });
  const ingestion = new AisIngestion(ctx, vessels, {
    sources: parseSourceSpecs(config.AIS_SOURCE),
    digitrafficUrl: config.DIGITRAFFIC_MQTT_URL,
    digitrafficTopicPrefix: config.DIGITRAFFIC_TOPIC_PREFIX,
    fallbackAfterMs: config.AIS_FALLBACK_AFTER_MS,
    fallbackShips: config.AIS_SIMULATOR_SHIPS,
  });
  vesselsRoutes(app, ctx, guards, vessels, vessels.hub);
  aisRoutes(app, guards, ingestion);
  app.decorate('ais', { vessels, ingestion });
  app.addHook('onReady', async () => {
    await vessels.restore();
    vessels.start();
  });
  // app.ts starts the ingestion once every consumer of the store is ready.
  app.addHook('onClose', async () => {
    await ingestion.stop();
    await vessels.close();
  });
}
