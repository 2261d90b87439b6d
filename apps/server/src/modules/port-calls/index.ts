import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { Guards } from '../../plugins/auth.ts';
import { PortCallDetector } from './detector-runtime.ts';
import { NswPoller } from './nsw-poller.ts';
import { portCallsRoutes } from './port-calls.routes.ts';
import { deleteSimulated, type ShipDetailsLookup } from './port-calls.service.ts';

export { PortCallDetector, type PositionInput, type StaticInput } from './detector-runtime.ts';
export { NswPoller } from './nsw-poller.ts';
export { DETECTION_DEFAULTS, type DetectionParams } from './detection.ts';
export type { ShipDetailsLookup } from './port-calls.service.ts';

export interface PortCallsRuntime {
  detector: PortCallDetector;
  /** Detection over the simulator's traffic: its calls are marked simulated and kept apart. */
  simulatedDetector: PortCallDetector;
  poller: NswPoller | null;
  /** Set by app.ts once the vessels module can answer ship details and the eta module predicts. */
  deps: {
    shipDetails?: ShipDetailsLookup;
    etaPrediction?: (mmsi: number, portCode: string) => number | null;
    /** Whether simulated traffic is shown now (the AIS module knows): simulated calls are listed only then. */
    showSimulated?: () => boolean;
  };
  /** A real feed is up: drops every simulated call and the simulated detector's state. */
  purgeSimulated(): Promise<number>;
}

/**
 * Routes plus the two feeds: AIS detection (fed by the live store's position
 * hook, or by PORTCALLS_AIS_REPLAY) and the national single-window poller.
 * Both start when the app is ready (after the demo ports are seeded) and stop
 * on close.
 */
export function registerPortCalls(app: FastifyInstance, ctx: AppContext, guards: Guards): PortCallsRuntime {
  const { config } = ctx;
  const detector = new PortCallDetector(ctx.db, ctx.log);
  let simulatedDetector = new PortCallDetector(ctx.db, ctx.log, undefined, true);
  let started = false;
  const nswOn = config.PORTCALLS_NSW ?? config.NODE_ENV !== 'test';
  const poller = nswOn
    ? new NswPoller(ctx.db, ctx.log, { url: config.PORTCALLS_URL, intervalMs: config.PORTCALLS_POLL_S * 1000 })
    : null;
  const rt: PortCallsRuntime = {
    detector,
    get simulatedDetector() {
      return simulatedDetector;
    },
    poller,
    deps: {},
    async purgeSimulated() {
      // A fresh detector: the old one's open tracks would write into deleted rows.
      const old = simulatedDetector;
      simulatedDetector = new PortCallDetector(ctx.db, ctx.log, undefined, true);
      await old.close();
      const n = await deleteSimulated(ctx.db);
      if (n) ctx.log.info({ calls: n }, 'port calls: simulated calls removed (a real AIS feed is up)');
      if (started) await simulatedDetector.start({ zoneRefreshMs: 5 * 60_000, sweepMs: 60_000 });
      return n;
    },
  };
  const nswExpireMs = config.PORTCALLS_NSW_EXPIRE_H * 3600_000;
  portCallsRoutes(app, { get db() { return ctx.db; }, get shipDetails() { return rt.deps.shipDetails; }, get etaPrediction() { return rt.deps.etaPrediction; }, get showSimulated() { return rt.deps.showSimulated; }, nswExpireMs }, guards);

  app.addHook('onReady', async () => {
    await detector.start({ zoneRefreshMs: 5 * 60_000, sweepMs: 60_000 });
    started = true;
    await simulatedDetector.start({ zoneRefreshMs: 5 * 60_000, sweepMs: 60_000 });
    poller?.start();
    const replay = config.PORTCALLS_AIS_REPLAY;
    if (replay) {
      void detector
        .replayFile(replay)
        .then(() => ctx.log.info({ file: replay, events: detector.events }, 'port-call replay finished'))
        .catch((err) => ctx.log.error({ err, file: replay }, 'port-call replay failed'));
    }
  });
  app.addHook('onClose', async () => {
    poller?.stop();
    await detector.close();
    await simulatedDetector.close();
  });
  return rt;
}
