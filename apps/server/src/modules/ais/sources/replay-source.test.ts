import { describe, expect, it } from 'vitest';
import { VesselStore } from '../../vessels/vessel-store.ts';
import { KYSTVERKET } from '../ais-test-helpers.ts';
import { ReplaySource } from './replay-source.ts';

const RESCUE = 258150500;
const CAPTURE_END = Date.UTC(2019, 7, 7, 23, 0, 27); // last tag-block time in the file

async function replay(opts: { speed: number; keepTime: boolean }) {
  const store = new VesselStore();
  const source = new ReplaySource('replay', store, KYSTVERKET, opts);
  const started = Date.now();
  source.start();
  await source.finished;
  return { store, source, tookMs: Date.now() - started, started };
}

describe('replay source', () => {
  it('shifts the capture to end now, keeping its intervals', async () => {
    const { store, source, started } = await replay({ speed: 0, keepTime: false });
    expect(source.status()).toMatchObject({ state: 'finished', rejects: 0 });
    expect(store.size).toBeGreaterThan(800);
    let newest = 0;
    let oldest = Infinity;
    for (let s = 0; s < store.size; s++) {
      if (store.posAt[s]! === 0) continue;
      newest = Math.max(newest, store.posAt[s]!);
      oldest = Math.min(oldest, store.posAt[s]!);
    }
    expect(Math.abs(newest - started)).toBeLessThan(2000);
    expect(newest - oldest).toBeGreaterThan(20_000); // the capture spans ~30 s
    expect(newest - oldest).toBeLessThan(31_000);
  });

  it('keeps the original times with keepTime, and paces by speed', async () => {
    const kept = await replay({ speed: 0, keepTime: true });
    const slot = kept.store.slot(RESCUE)!;
    expect(kept.store.posAt[slot]).toBeGreaterThan(CAPTURE_END - 30_000);
    expect(kept.store.posAt[slot]).toBeLessThanOrEqual(CAPTURE_END);

    const paced = await replay({ speed: 100, keepTime: false }); // ~30 s of capture in ~0.3 s
    expect(paced.tookMs).toBeGreaterThan(200);
    expect(paced.tookMs).toBeLessThan(5000);
  });
});
