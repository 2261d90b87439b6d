import { describe, expect, it } from 'vitest';
import { mapUrlFor, parseMapUrl, selectionKey } from './map-url.ts';

describe('map URL', () => {
  it('reads a ship, a port with a zoom, and a full view', () => {
    expect(parseMapUrl('?mmsi=230123000')).toEqual({ selection: { kind: 'ship', mmsi: 230123000 }, zoom: null, view: null });
    expect(parseMapUrl('?port=fivss&z=13')).toEqual({ selection: { kind: 'port', locode: 'FIVSS' }, zoom: 13, view: null });
    expect(parseMapUrl('?lat=60.15&lon=24.95&z=11.5').view).toEqual({ lat: 60.15, lon: 24.95, zoom: 11.5 });
  });

  it('ignores what is not a ship, a port or a view', () => {
    expect(parseMapUrl('?mmsi=abc&port=HELSINKI&z=99&lat=91&lon=0')).toEqual({ selection: null, zoom: null, view: null });
    expect(parseMapUrl('?mmsi=1.5').selection).toBeNull();
    expect(parseMapUrl('?lat=60&lon=24').view).toBeNull();
  });

  it('writes what it reads back (round trip)', () => {
    const url = mapUrlFor({ kind: 'port', locode: 'FIVSS' }, { lat: 60.2061234, lon: 25.1912345, zoom: 13.456 });
    expect(url).toBe('/map?port=FIVSS&lat=60.20612&lon=25.19123&z=13.46');
    const back = parseMapUrl(url.slice(4));
    expect(back.selection).toEqual({ kind: 'port', locode: 'FIVSS' });
    expect(back.view).toEqual({ lat: 60.20612, lon: 25.19123, zoom: 13.46 });
    expect(mapUrlFor(null, null)).toBe('/map');
    expect(mapUrlFor({ kind: 'ship', mmsi: 230123000 }, null)).toBe('/map?mmsi=230123000');
    expect(selectionKey({ kind: 'ship', mmsi: 1 })).not.toBe(selectionKey({ kind: 'port', locode: 'FIHEL' }));
  });
});
