import { describe, expect, it, vi } from 'vitest';
import { VesselStore } from '../../vessels/index.ts';
import { SimulatorSource } from './simulator-source.ts';

describe('simulator source', () => {
  it('fast-forwards through its warm-up on the first start only; a restart resumes at once', async () => {
    const store = new VesselStore();
    const sim = new SimulatorSource('simulator', store, 20);
    const tick = vi.spyOn(sim, 'tick');
    sim.start();
    const warmUpTicks = tick.mock.calls.length;
    expect(warmUpTicks).toBeGreaterThan(100); // ten minutes in 5 s steps, then one live tick
    expect(store.size).toBeGreaterThan(0);
    await sim.stop();

    tick.mockClear();
    sim.start();
    expect(tick.mock.calls.length).toBe(1);
    await sim.stop();
  });

  it('reports `rate` times as often as AIS does, from the same fleet', () => {
    const messages = (rate: number) => {
      const sim = new SimulatorSource('simulator', new VesselStore(), 200, 1, rate);
      const start = Date.now();
      sim.start();
      void sim.stop();
      const before = sim.status().messages;
      for (let t = 1; t <= 60; t++) sim.tick(start + t * 1000);
      return sim.status().messages - before;
    };
    const once = messages(1);
    const tenfold = messages(10);
    expect(once).toBeGreaterThan(100);
    expect(tenfold / once).toBeGreaterThan(8);
    expect(tenfold / once).toBeLessThan(12);
  });
});
