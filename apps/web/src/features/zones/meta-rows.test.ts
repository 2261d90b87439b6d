import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { resources } from '@harbor/i18n';
import { ZONE_DERIVATIONS, ZONE_META_KEYS } from '@harbor/contracts/zone-constants';
import { initI18n } from '../../shared/i18n/i18n.ts';
import { labelledMetaRows } from './meta-rows.ts';

// jsdom replaces the global URL; read the shipped file through its path.
const shipped = JSON.parse(
  readFileSync(new URL('../../../../server/src/seed/ports/finland.geojson', import.meta.url.toString()).pathname, 'utf8'),
) as { features: { properties: { meta?: Record<string, string> } }[] };

describe('zone and port meta rows', () => {
  it('has an English and a Finnish label for every key the server writes, and a text for every derivation', () => {
    for (const lang of ['en', 'fi'] as const) {
      const zones = resources[lang].zones as { metaKeys: Record<string, string>; derivations: Record<string, string> };
      for (const key of ZONE_META_KEYS) expect(zones.metaKeys[key], `${lang} ${key}`).toMatch(/\S/);
      for (const d of ZONE_DERIVATIONS) expect(zones.derivations[d], `${lang} ${d}`).toMatch(/\S/);
    }
    // Labels differ from the keys and between languages (not copied).
    const en = resources.en.zones.metaKeys as Record<string, string>;
    const fi = resources.fi.zones.metaKeys as Record<string, string>;
    for (const key of ZONE_META_KEYS) {
      expect(en[key]).not.toBe(key);
      expect(fi[key]).not.toBe(en[key]);
    }
  });

  it('knows every meta key and derivation in the shipped port data', () => {
    const keys = new Set(shipped.features.flatMap((f) => Object.keys(f.properties.meta ?? {})));
    expect(keys.size).toBeGreaterThan(10);
    for (const key of keys) expect(ZONE_META_KEYS as readonly string[]).toContain(key);
    const derived = new Set(shipped.features.map((f) => f.properties.meta?.derived).filter(Boolean));
    for (const d of derived) expect(ZONE_DERIVATIONS as readonly string[]).toContain(d);
  });

  it('shows labels and readable values, never the internal keys', () => {
    const meta = { radiusM: '3500', approximate: 'true', nameSv: 'Nordsjö', derived: 'points-water', lengthM: '750', ownKey: 'x' };
    const fi = labelledMetaRows(meta, initI18n('fi', resources).t);
    expect(fi).toEqual([
      { key: 'radiusM', label: 'Säde (m)', value: '3500' },
      { key: 'approximate', label: 'Likimääräinen rajaus', value: 'Kyllä' },
      { key: 'nameSv', label: 'Ruotsinkielinen nimi', value: 'Nordsjö' },
      { key: 'derived', label: 'Rajaus', value: expect.stringMatching(/^Johdettu: .*rantaviivan/) },
      { key: 'lengthM', label: 'Pituus (m)', value: '750' },
      // A key of someone's own import has no label: shown as written.
      { key: 'ownKey', label: 'ownKey', value: 'x' },
    ]);
    const en = labelledMetaRows(JSON.stringify(meta), initI18n('en', resources).t);
    expect(en.map((r) => r.label)).toEqual(['Radius (m)', 'Approximate outline', 'Name in Swedish', 'Outline', 'Length (m)', 'ownKey']);
    expect(en[3]!.value).toMatch(/^Derived: .*clipped to water/);
  });
});
