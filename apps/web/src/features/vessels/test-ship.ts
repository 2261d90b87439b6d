import type { ShipPosition } from '@harbor/contracts';

/** A live ship for unit tests: a 100 m tanker off Turku heading east; `over` changes any field. */
export function testShip(mmsi: number, over: Partial<ShipPosition> = {}): ShipPosition {
  return {
    mmsi,
    name: `SHIP ${mmsi}`,
    latitude: 60,
    longitude: 22,
    trueHeading: 90,
    speedOverGround: 10,
    courseOverGround: 90,
    harborShipType: 'TANKER',
    referencePoint: { a: 80, b: 20, c: 10, d: 10 },
    flag: 'FI',
    imageUrl: null,
    timeStampExternal: 1000,
    voyage: { eta: null, predictedEta: null, destination: null, predictedDestination: null, navigationStatus: 0 },
    ...over,
  };
}
