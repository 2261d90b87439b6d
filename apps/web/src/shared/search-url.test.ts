import { describe, expect, it } from 'vitest';
import { LOCATION_PRESETS } from '@harbor/contracts';
import { keywordSearchPath, locationSearchPath } from './search-url.ts';

describe('search URLs', () => {
  it('encodes a location preset with address, origin and bounds', () => {
    const turku = LOCATION_PRESETS.find((p) => p.id === 'turku');
    expect(turku && locationSearchPath(turku)).toBe(
      '/s?address=Turku%2C%20Finland&origin=60.4518,22.2666&bounds=60.38,22.1,60.55,22.45',
    );
  });

  it('encodes keywords and the port', () => {
    expect(keywordSearchPath('  waste & oil ', 'FIVSS')).toBe('/s?keywords=waste+%26+oil&pub_port=FIVSS');
  });
});
