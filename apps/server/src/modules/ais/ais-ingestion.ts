import type { AisStatusResponse } from '@harbor/contracts';
import type { AppContext } from '../../context.ts';
import type { Vessels } from '../vessels/index.ts';
import { SimulatorSource } from './simulator/simulator-source.ts';
import type { SourceSpec } from './source-specs.ts';
import { DigitrafficSource } from './sources/digitraffic-source.ts';
import { TcpClientSource, TcpListenSource, UdpSource } from './sources/network-sources.ts';
import { ReplaySource } from './sources/replay-source.ts';
import type { AisSource } from './sources/source.ts';

export interface IngestionOptions {
  sources: SourceSpec[];
  digitrafficUrl: string;
  digitrafficTopicPrefix: string;
  /** Start the simulator when the live feed has not connected after this long (or failed once). */
  fallbackAfterMs: number;
  fallbackShips: number;
}

/**
 * Runs every configured source into the shared vessel store. When the live
 * Digitraffic feed is unreachable, a simulator stands in (and everything says
 * `simulated: true`) until the feed connects; then the simulated ships go.
 */
export class AisIngestion {
  readonly sources: AisSource[] = [];
  private fallback: SimulatorSource | undefined;
  private watch: NodeJS.Timeout | undefined;
  private stopped = false;
  /** A real feed is up and no simulator is asked for: simulated data elsewhere (port calls) goes too. */
  onRealFeed: (() => Promise<unknown>) | undefined;

  constructor(
    private readonly ctx: AppContext,
    private readonly vessels: Vessels,
    private readonly opts: IngestionOptions,
  ) {}

  private create(spec: SourceSpec): AisSource {
    const { store } = this.vessels;
    switch (spec.kind) {
      case 'digitraffic': {
        const source = new DigitrafficSource(spec.name, store, this.opts.digitrafficUrl, this.opts.digitrafficTopicPrefix);
        source.onConnect = () => void this.liveConnected();
        return source;
      }
      case 'tcp':
        return new TcpClientSource(spec.name, store, spec.host, spec.port);
      case 'tcp-listen':
        return new TcpListenSource(spec.name, store, spec.host, spec.port);
      case 'udp':
        return new UdpSource(spec.name, store, spec.host, spec.port);
      case 'replay':
        return new ReplaySource(spec.name, store, spec.file, { speed: spec.speed, keepTime: spec.keepTime });
      case 'simulator':
        return new SimulatorSource(spec.name, store, spec.ships, spec.seed, spec.rate);
    }
  }

  private get explicitSimulator() {
    return this.sources.some((s) => s.kind === 'simulator' && s !== this.fallback);
  }

  start() {
    for (const spec of this.opts.sources) {
      const source = this.create(spec);
      this.sources.push(source);
      source.start();
    }
    this.vessels.store.simulated = this.explicitSimulator;
    const live = this.sources.find((s): s is DigitrafficSource => s instanceof DigitrafficSource);
    // A feed of our own (TCP, UDP, a replay) is real from the start; Digitraffic counts once it connects.
    if (!live && !this.explicitSimulator && this.sources.length > 0) this.realFeed();
    if (!live) return;
    const deadline = Date.now() + this.opts.fallbackAfterMs;
    this.watch = setInterval(() => {
      if (live.state === 'connected') return clearInterval(this.watch);
      if (live.state === 'reconnecting' || Date.now() >= deadline) {
        clearInterval(this.watch);
        this.startFallback();
      }
    }, 200);
    this.watch.unref();
  }

  private startFallback() {
    if (this.fallback || this.stopped) return;
    this.ctx.log.warn('AIS: Digitraffic unreachable, showing simulated traffic until it connects');
    const sim = new SimulatorSource('simulator', this.vessels.store, this.opts.fallbackShips);
    sim.fallback = true;
    this.fallback = sim;
    this.sources.push(sim);
    this.vessels.store.simulated = true;
    sim.start();
  }

  /**
   * The live feed is up: the stand-in simulator goes, and so do simulated ships
   * (also those restored from an earlier run), unless a simulator was asked for.
   */
  private async liveConnected() {
    const sim = this.fallback;
    if (sim) {
      this.fallback = undefined;
      await sim.stop();
      this.sources.splice(this.sources.indexOf(sim), 1);
      this.ctx.log.info('AIS: Digitraffic connected, simulator stopped');
    }
    this.vessels.store.simulated = this.explicitSimulator;
    if (!this.vessels.store.simulated) {
      this.vessels.store.removeSimulated();
      await this.vessels.persistence.forgetSimulated().catch((err: unknown) => this.ctx.log.warn({ err }, 'AIS: could not drop simulated ships'));
      this.realFeed();
    }
  }

  private realFeed() {
    void this.onRealFeed?.().catch((err: unknown) => this.ctx.log.warn({ err }, 'AIS: could not drop simulated data'));
  }

  status(): AisStatusResponse {
    const { store, persistence } = this.vessels;
    return {
      simulated: store.simulated,
      vessels: store.size,
      sources: this.sources.map((s) => s.status()),
      persistence: {
        enabled: persistence.opts.enabled,
        pendingPositions: persistence.pendingPositions,
        lastFlushAt: persistence.lastFlushAt,
        lastError: persistence.lastError,
      },
    };
  }

  async stop() {
    this.stopped = true;
    clearInterval(this.watch);
    await Promise.all(this.sources.map((s) => s.stop()));
  }
}
