import type { VesselStore } from '../../vessels/index.ts';
import { LineIngest } from '../ais-pipeline.ts';
import { SourceBase } from '../sources/source.ts';
import { Fleet } from './fleet.ts';

// Short ticks: at 200k ships a one-second tick would block the event loop for its whole burst of reports.
const TICK_MS = 200;
/**
 * The fleet starts this long before the source goes live and fast-forwards through it
 * at start, its reports stamped with their simulated times: the port-call detector
 * then already has ships alongside, at anchor and arriving when the first page opens,
 * and the ships about to leave make departed rows within minutes (moored ships report
 * every 3 minutes, and an arrival needs three reports).
 */
const WARM_UP_MS = 10 * 60_000;
const WARM_UP_STEP_MS = 5_000;

/** The simulated fleet as an AIS source: its NMEA goes through the same decoder as a real feed. */
export class SimulatorSource extends SourceBase {
  readonly fleet: Fleet;
  private readonly ingest: LineIngest;
  private timer: NodeJS.Timeout | undefined;
  private last = 0;
  private readonly began: number;

  constructor(name: string, store: VesselStore, ships: number, seed = 1, reportRate = 1) {
    super(name, 'simulator');
    this.began = Date.now() - WARM_UP_MS;
    this.fleet = new Fleet(ships, this.began, seed, { warmUpMs: WARM_UP_MS, reportRate });
    this.ingest = new LineIngest(store, true);
    // The simulator is its own ship registry: it knows which cargo ships are ro-ro, bulkers or container ships.
    this.fleet.onCategory = (mmsi, category) => store.setCategory(mmsi, category);
  }

  protected messageCount() {
    return this.ingest.messages;
  }

  protected rejectCount() {
    return this.ingest.rejects;
  }

  start() {
    this.state = 'connected';
    if (this.last === 0) {
      this.last = this.began;
      for (let t = this.began + WARM_UP_STEP_MS; t < Date.now(); t += WARM_UP_STEP_MS) this.tick(t);
    } else {
      // Started again after a stop: the fleet resumes where it stood. Fast-forwarding from
      // `began` again would replay every step since construction and hold the event loop.
      this.last = Date.now();
    }
    this.tick();
    this.timer = setInterval(() => this.tick(), TICK_MS);
    this.timer.unref();
  }

  tick(now = Date.now()) {
    const dt = now - this.last;
    this.last = now;
    this.fleet.step(now, dt, (line) => this.counted(this.ingest.push(line, now), now));
  }

  async stop() {
    clearInterval(this.timer);
    this.state = 'stopped';
  }
}
