import { describe, expect, it } from 'vitest';
import { categoryFromText, csvHeader, rowFromCsv, rowFromVesselDetails, splitCsvLine } from './registry-import.ts';

describe('vessel registry import', () => {
  it('splits CSV with quotes and either delimiter', () => {
    expect(splitCsvLine('1,"Oy ""Laiva"" Ab",x')).toEqual(['1', 'Oy "Laiva" Ab', 'x']);
    expect(splitCsvLine('a; b ;c', ';')).toEqual(['a', 'b', 'c']);
  });

  it('maps columns by name and leaves unknown values null', () => {
    const header = csvHeader(['MMSI', 'imo', 'Name', 'owner', 'capacity_dwt', 'build_year', 'ship type', 'colour']);
    expect(rowFromCsv(header, ['230123000', '', 'Aurora', '', 'n/a', '2004', 'Container ship', 'ignored'])).toMatchObject({
      key: 'mmsi:230123000',
      mmsi: 230123000,
      imo: null,
      name: 'Aurora',
      owner: null,
      capacityDwt: null,
      buildYear: 2004,
      harborShipType: 'CONTAINER',
    });
    expect(rowFromCsv(csvHeader(['name']), ['No ids'])).toBeNull();
  });

  it('reads Digitraffic vessel details', () => {
    const row = rowFromVesselDetails({
      mmsi: 0,
      imoLloyds: 8411621,
      name: 'Mirva',
      vesselConstruction: { vesselTypeName: 'Dry cargo vessel', classificationSociety: null },
      vesselDimensions: { grossTonnage: 1042, netTonnage: 313, deadWeight: 0, length: 57.7, overallLength: 60, breadth: 18, draught: 2.7 },
      vesselRegistration: { nationality: 'FI' },
      vesselSystem: { shipOwner: null },
    });
    expect(row).toMatchObject({ key: 'imo:8411621', mmsi: null, capacityGt: 1042, capacityDwt: null, length: 60, width: 18, draughtMax: 2.7, flag: 'FI', harborShipType: 'OTHER_CARGO' });
    expect(categoryFromText('Ro-Ro cargo')).toBe('RORO_VEHICLE_CARRIER');
    expect(categoryFromText('BULKER')).toBe('BULKER');
    expect(categoryFromText('something')).toBeNull();
  });
});
