import { describe, expect, it } from 'vitest';
import { areaM2, bufferedHull, circle, Coast, convexHull, cropRing, distanceM, type Pair, type Ring } from './derive.ts';
import { buildPortData, dvkQuays, findAnchorage, type BuildInput } from './build.ts';

/** A square ring of `sizeM` metres centred on `c`. */
function square(c: Pair, sizeM: number): Ring {
  const dLon = sizeM / 2 / (111_320 * Math.cos((c[1] * Math.PI) / 180));
  const dLat = sizeM / 2 / 110_574;
  return [
    [c[0] - dLon, c[1] - dLat],
    [c[0] + dLon, c[1] - dLat],
    [c[0] + dLon, c[1] + dLat],
    [c[0] - dLon, c[1] + dLat],
    [c[0] - dLon, c[1] - dLat],
  ];
}

const HERE: Pair = [25.2, 60.2];

describe('port outline derivation', () => {
  it('draws circles and hulls of the right size', () => {
    // A 64-gon inscribed in the circle: 0.16 % short.
    expect(areaM2([circle(HERE, 1000, 64)]) / (Math.PI * 1e6)).toBeCloseTo(0.998, 3);
    expect(distanceM(HERE, circle(HERE, 400)[5]!)).toBeCloseTo(400, 0);
    const hull = convexHull([HERE, [25.21, 60.2], [25.21, 60.21], [25.205, 60.205], [25.2, 60.21]]);
    expect(hull).toHaveLength(5); // four corners, closed; the middle point is inside
    const far: Pair = [HERE[0] + 0.02, HERE[1]];
    const buffered = bufferedHull([HERE, far], 300);
    // A stadium: the 1.1 km segment times 600 m plus a 300 m circle.
    expect(areaM2(buffered)).toBeGreaterThan(0.95 * (distanceM(HERE, far) * 600 + Math.PI * 300 ** 2));
  });

  it('crops a ring to a box, keeping the inside', () => {
    const big = square(HERE, 10_000);
    const box = { west: 25.19, south: 60.19, east: 25.21, north: 60.21 };
    const cropped = cropRing(big, box)!;
    const xs = cropped.map((p) => p[0]);
    expect(Math.min(...xs)).toBeCloseTo(25.19, 9);
    expect(Math.max(...xs)).toBeCloseTo(25.21, 9);
    expect(cropRing(square([26, 61], 100), box)).toBeNull();
  });

  it('clips a shape to water: an island is cut out, a lake on land stays water', () => {
    const island = square(HERE, 400);
    const coast = new Coast([island]);
    const shape = [circle(HERE, 1000, 64)];
    const water = coast.clipToWater(shape);
    expect(areaM2(water)).toBeCloseTo(areaM2(shape) - 400 * 400, -3);
    expect(coast.isWater(HERE)).toBe(false);
    expect(coast.isWater([HERE[0] + 0.012, HERE[1]])).toBe(true);

    const withLake = new Coast([square(HERE, 4000)], [square(HERE, 600)]);
    expect(withLake.isWater(HERE)).toBe(true);
    expect(areaM2(withLake.clipToWater(shape))).toBeCloseTo(600 * 600, -3);
  });

  it('drops slivers under the minimum piece', () => {
    const coast = new Coast([square(HERE, 1990)]);
    // A 2 km square shape over a 1.99 km island leaves a 5 m wide frame of about 40,000 m2.
    expect(coast.clipToWater([square(HERE, 2000)]).length).toBeGreaterThan(0);
    expect(coast.clipToWater([square(HERE, 2000)], 50_000)).toEqual([]);
  });

  it('places an anchorage in open water, away from land', () => {
    // Land to the north of latitude 60.2: the anchorage goes south.
    const coast = new Coast([[[24, 60.2], [26, 60.2], [26, 61], [24, 61], [24, 60.2]]]);
    const spot = findAnchorage(coast, HERE)!;
    expect(spot.radiusM).toBe(700);
    expect(spot.centre[1]).toBeLessThan(60.2);
    expect(distanceM(spot.centre, HERE)).toBeGreaterThanOrEqual(2_499);
    expect(areaM2(coast.clipToWater([circle(spot.centre, 700)], 0))).toBeGreaterThan(0.99 * Math.PI * 700 ** 2);
    expect(findAnchorage(new Coast([square(HERE, 30_000)]), HERE)).toBeNull();
  });
});

describe('shipped port data assembly', () => {
  const quay = (harborId: string, name: string, point: Pair, n2000 = false, depth = 10) => ({
    point,
    props: { featureType: 'quay', harborId, nameEn: name, nameFi: `${name} fi`, lengthM: 200, minDepthM: depth, maxDepthM: depth, n2000HeightSystem: n2000 },
  });
  const input = (coast: Coast): BuildInput => ({
    coast,
    ports: [{ locode: 'FIVSS', name: 'Vuosaari', altNames: ['Nordsjö'], lon: 25.18, lat: 60.21, timezone: 'Europe/Helsinki' }],
    areas: [
      { locode: 'FIHEL', portAreaCode: 'VUOS', portAreaName: 'Vuosaaren satama', point: [25.19392, 60.21502] },
      { locode: 'FIHEL', portAreaCode: 'MUU', portAreaName: 'Ei tiedossa', point: [24.9, 60.1] },
      { locode: 'FIHEL', portAreaCode: 'ANK', portAreaName: 'Ankkurissa', point: null },
    ],
    berths: [
      { locode: 'FIHEL', portAreaCode: 'VUOS', berthCode: 'VC1', berthName: 'VC1' },
      { locode: 'FIHEL', portAreaCode: 'VUOS', berthCode: 'VX', berthName: 'POISTETTU Vanha' },
      { locode: 'FIHEL', portAreaCode: 'VUOS', berthCode: 'MUU', berthName: 'Ei tiedossa' },
    ],
    dvk: [
      { point: [25.19619, 60.21588], props: { featureType: 'harbour', harborId: 'vuosaari', nameEn: 'Port of Vuosaari' } },
      { point: [25.19619, 60.21588], props: { featureType: 'harbour', harborId: 'vuosaarin2000', nameEn: 'Port of Vuosaari N2000', nearestPortnetLocode: 'FIHEL' } },
      quay('vuosaari', 'Quay E', [25.19358, 60.21486]),
      quay('vuosaarin2000', 'Quay E', [25.19358, 60.21486], true, 10.2),
    ],
  });

  it('keeps one quay per place, the mean-water card before the N2000 copy', () => {
    const quays = dvkQuays(input(new Coast([])).dvk);
    expect(quays).toHaveLength(1);
    expect(quays[0]).toMatchObject({ id: 'FIVSS-berth-vuosaari-0', locode: 'FIVSS', name: 'Quay E' });
  });

  it('derives outlines in water, flags them, and lists Portnet berths without removed ones', () => {
    const features = buildPortData(input(new Coast([square([25.17, 60.225], 1500)])));
    const byId = new Map(features.map((f) => [f.id ?? `port:${f.properties.locode}`, f]));
    expect([...byId.keys()].sort()).toEqual(['FIVSS-anchorage', 'FIVSS-area-VUOS', 'FIVSS-berth-vuosaari-0', 'FIVSS-port-area', 'port:FIVSS']);
    const area = byId.get('FIVSS-area-VUOS')!;
    expect(area.properties).toMatchObject({ locode: 'FIVSS', meta: { portAreaCode: 'VUOS', derived: 'points-water', quays: '1', berths: 'VC1', source: 'Portnet, DVK' } });
    const berth = byId.get('FIVSS-berth-vuosaari-0')!;
    expect(berth.geometry).toEqual({ type: 'Point', coordinates: [25.19358, 60.21486] });
    expect(berth.properties.meta).toMatchObject({ lengthM: '200', depthM: '10', depthDatum: 'MW', portAreaCode: 'VUOS', nameFi: 'Quay E fi' });
    expect(byId.get('FIVSS-anchorage')!.properties.meta).toEqual({ derived: 'open-water' });
    expect(byId.get('port:FIVSS')!.properties.meta).toMatchObject({ nameSv: 'Nordsjö', quays: '1', portAreas: '1' });
  });

  it('keeps the unclipped outline, flagged points, where the coastline has no water', () => {
    const features = buildPortData(input(new Coast([square([25.19, 60.215], 20_000)])));
    const area = features.find((f) => f.id === 'FIVSS-area-VUOS')!;
    expect(area.properties.meta.derived).toBe('points');
    expect(areaM2(area.geometry.coordinates as Ring[])).toBeGreaterThan(Math.PI * 400 ** 2 * 0.95);
  });
});
