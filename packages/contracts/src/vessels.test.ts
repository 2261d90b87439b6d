import { describe, expect, it } from 'vitest';
import { aisShipTypeLabel, AIS_SHIP_TYPE_LABELS, harborShipTypeOf, HARBOR_SHIP_TYPES, navigationStatusKey, NAVIGATION_STATUSES, shipPositionsQuerySchema } from './vessels.ts';

describe('ship categories and AIS code tables', () => {
  it('derives the 12 categories from AIS ship types', () => {
    expect(HARBOR_SHIP_TYPES).toHaveLength(12);
    const cases: [number | null, string][] = [
      [30, 'FISHING'], [31, 'TUGS_SPECIAL_CRAFT'], [52, 'TUGS_SPECIAL_CRAFT'], [36, 'PLEASURE_HIGH_SPEED_CRAFT'], [37, 'PLEASURE_HIGH_SPEED_CRAFT'],
      [45, 'PLEASURE_HIGH_SPEED_CRAFT'], [50, 'PILOT_SAR'], [51, 'PILOT_SAR'], [35, 'MILITARY'], [55, 'MILITARY'], [60, 'PASSENGER'], [69, 'PASSENGER'],
      [70, 'OTHER_CARGO'], [74, 'OTHER_CARGO'], [80, 'TANKER'], [89, 'TANKER'], [90, 'OTHER'], [0, 'OTHER'], [null, 'OTHER'], [255, 'OTHER'],
    ];
    for (const [code, cat] of cases) expect(harborShipTypeOf(code), String(code)).toBe(cat);
  });

  it('labels AIS ship types as the spec lists them', () => {
    const cases: [number, string][] = [
      [30, 'Fishing'], [31, 'Tug'], [32, 'Tug'], [52, 'Tug'], [36, 'Sailing'], [37, 'Pleasure'], [40, 'High-speed'], [49, 'High-speed'], [50, 'Pilot'],
      [65, 'Passenger'], [70, 'Cargo'], [71, 'Cargo, hazard A'], [74, 'Cargo, hazard D'], [79, 'Cargo'], [80, 'Tanker'], [83, 'Tanker, hazard C'], [95, 'Other'], [0, 'Unknown'], [51, 'Unknown'],
    ];
    for (const [code, label] of cases) expect(AIS_SHIP_TYPE_LABELS[aisShipTypeLabel(code)], String(code)).toBe(label);
  });

  it('has the 16 navigation statuses, reserved ones shown as -', () => {
    expect(NAVIGATION_STATUSES.map((s) => s.code)).toEqual([...Array(16).keys()]);
    for (const c of [9, 10, 13]) expect(NAVIGATION_STATUSES[c]!.label).toBe('-');
    expect(navigationStatusKey(5)).toBe('moored');
    expect(navigationStatusKey(14)).toBe('aisSart');
    expect(navigationStatusKey(16)).toBeNull();
  });

  it('parses the positions query', () => {
    expect(shipPositionsQuerySchema.parse({ bbox: '60,24.5,60.5,25.5', harborShipTypes: 'TANKER,FISHING', navigationStatuses: ['0', '5'] })).toEqual({
      bbox: [60, 24.5, 60.5, 25.5],
      maxAge: 240,
      clusteringDegreePrecision: 0,
      harborShipTypes: ['TANKER', 'FISHING'],
      navigationStatuses: [0, 5],
    });
    expect(shipPositionsQuerySchema.safeParse({ bbox: '60,24.5,,25.5' }).success).toBe(false);
  });
});
