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
});
