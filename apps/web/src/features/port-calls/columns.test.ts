import { describe, expect, it } from 'vitest';
import type { PortCall } from '@harbor/contracts';
import { COLUMNS, COLUMNS_STORAGE_KEY, DEFAULT_COLUMNS, DEFAULT_SORT, readColumns, readSort, sortCalls, SORT_STORAGE_KEY, writeColumns, writeSort } from './columns.ts';

const ship = {
  imo: null, mmsi: null, name: null, callSign: null, flag: null, owner: null, manager: null,
  capacityDwt: null, capacityGt: null, capacityNt: null, length: null, width: null, draught: null,
  draughtMin: null, draughtMax: null, buildYear: null, classSociety: null, shipType: null,
  speed: null, course: null, navigationStatus: null, voyage: null, harborEta: null,
};

function call(id: string, over: Partial<PortCall> = {}, shipOver: Partial<PortCall['ship']> = {}): PortCall {
  return {
    id, pcId: null, portCode: 'FIVSS', prevPort: null, nextPort: null, shipFlag: null, mmsi: null, imo: null,
    shipName: null, ata: null, atd: null, eta: null, etd: null, etaPrediction: null, source: 'AIS', sources: ['AIS'],
    status: 'incoming', group: 'arriving', timestamps: [], services: [], planState: 'none', simulated: false,
    updatedAt: '2026-11-21T10:00:00.000Z', ship: { ...ship, ...shipOver }, ...over,
  };
}

describe('port-call columns', () => {
  const calls = [
    call('a', { eta: '2026-11-21T12:00:00.000Z' }, { name: 'Birka', length: 120 }),
    call('b', {}, { name: 'aurora' }),
    call('c', { eta: '2026-11-21T08:00:00.000Z' }, { name: 'Celina', length: 88.4 }),
  ];

  it('sorts by date or text, unknown values last in both directions', () => {
    expect(sortCalls(calls, { column: 'eta', direction: 'asc' }).map((c) => c.id)).toEqual(['c', 'a', 'b']);
    expect(sortCalls(calls, { column: 'eta', direction: 'desc' }).map((c) => c.id)).toEqual(['a', 'c', 'b']);
    expect(sortCalls(calls, { column: 'shipName', direction: 'asc' }).map((c) => c.id)).toEqual(['b', 'a', 'c']);
    expect(sortCalls(calls, { column: 'length', direction: 'desc' }).map((c) => c.id)).toEqual(['a', 'c', 'b']);
  });

  it('renders dates as DD.MM.YYYY HH:mm and unknown values as a dash', () => {
    const eta = COLUMNS.find((c) => c.id === 'eta')!;
    const t = (k: string) => k;
    expect(eta.render(calls[0]!, t)).toMatch(/^21\.11\.2026 \d\d:00$/);
    expect(eta.render(calls[1]!, t)).toBe('-');
    const draught = COLUMNS.find((c) => c.id === 'draught')!;
    expect(draught.render(call('d', {}, { draught: 8.2 }), t)).toBe('8.2 / 8.2');
    const type = COLUMNS.find((c) => c.id === 'type')!;
    expect(type.render(call('e', {}, { shipType: 71 }), t)).toBe('vessels:aisShipType.cargoHazardA');
  });

  it("shows the call's own predicted ETA (etaPrediction) in the Harbor ETA column", () => {
    const harborEta = COLUMNS.find((c) => c.id === 'harborEta')!;
    const t = (k: string) => k;
    expect(harborEta.render(call('p', { etaPrediction: '2026-11-21T14:30:00.000Z' }, { harborEta: '2026-11-21T18:00:00.000Z' }), t)).toMatch(/^21\.11\.2026 \d\d:30$/);
    expect(harborEta.render(call('q', {}, { harborEta: '2026-11-21T18:45:00.000Z' }), t)).toMatch(/:45$/);
    expect(harborEta.render(call('r'), t)).toBe('-');
  });

  it('persists the chosen columns and ignores junk', () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    expect(readColumns(storage)).toEqual(DEFAULT_COLUMNS);
    writeColumns(storage, ['eta', 'shipName', 'gone']);
    expect(readColumns(storage)).toEqual(['shipName', 'eta']);
    store.set(COLUMNS_STORAGE_KEY, '{not json');
    expect(readColumns(storage)).toEqual(DEFAULT_COLUMNS);
    expect(readColumns(null)).toEqual(DEFAULT_COLUMNS);
  });

  it('persists the chosen sort and falls back to the default on junk', () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    expect(readSort(storage)).toEqual(DEFAULT_SORT);
    writeSort(storage, { column: 'shipName', direction: 'desc' });
    expect(readSort(storage)).toEqual({ column: 'shipName', direction: 'desc' });
    store.set(SORT_STORAGE_KEY, JSON.stringify({ column: 'gone', direction: 'desc' }));
    expect(readSort(storage)).toEqual(DEFAULT_SORT);
    store.set(SORT_STORAGE_KEY, JSON.stringify({ column: 'eta', direction: 'sideways' }));
    expect(readSort(storage)).toEqual(DEFAULT_SORT);
    store.set(SORT_STORAGE_KEY, '{not json');
    expect(readSort(storage)).toEqual(DEFAULT_SORT);
    expect(readSort(null)).toEqual(DEFAULT_SORT);
  });
});
