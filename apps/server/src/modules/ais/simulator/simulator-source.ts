import type { VesselStore } from '../../vessels/index.ts';
import { LineIngest } from '../ais-pipeline.ts';
import { SourceBase } from '../sources/source.ts';
import { Fleet } from './fleet.ts';

// Short ticks: at 200k ships a one-second tick would block the event loop for its whole burst of reports.
const TICK_MS = 200;

/** The simulated fleet as an AIS source: its NMEA goes through the same decoder as a real feed. */
export class SimulatorSource extends SourceBase {
  readonly fleet: Fleet;
  private readonly ingest: LineIngest;
  private timer: NodeJS.Timeout | undefined;
  private last = 0;

  constructor(name: string, store: VesselStore, ships: number, seed = 1) {
    super(name, 'simulator');
    this.fleet = new Fleet(ships, Date.now(), seed);
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
    this.last = Date.now();
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
