import { describe, expect, it } from 'vitest';
import { Fleet } from './fleet.ts';

describe('simulated fleet reports', () => {
  it('spreads the ships over the ticks of an interval instead of all reporting in one', () => {
    const start = Date.UTC(2026, 10, 30, 8);
    // A fleet this small reports all at once at the start (tests and demos want every ship at once).
    const fleet = new Fleet(5_000, start, 1);
    let lines = 0;
    const emit = () => lines++;
    fleet.step(start, 0, emit);
    expect(lines).toBeGreaterThanOrEqual(5_000);
    // Then a 5 s step, as the live source's warm-up takes them, and 200 ms ticks for two minutes.
    fleet.step(start + 5_000, 5_000, emit);
    const perTick: number[] = [];
    for (let t = start + 5_200; t <= start + 125_000; t += 200) {
      lines = 0;
      fleet.step(t, 200, emit);
      perTick.push(lines);
    }
    const mean = perTick.reduce((a, b) => a + b, 0) / perTick.length;
    // Most ships report every 10 s (50 ticks): about a fiftieth of the fleet a tick, none holding the lot.
    expect(mean).toBeGreaterThan(40);
    expect(Math.max(...perTick)).toBeLessThan(mean * 3);
  });
});
