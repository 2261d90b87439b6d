import type { TFunction } from 'i18next';
import { portMetaRows, ZONE_DERIVATIONS, ZONE_META_KEYS } from '@harbor/contracts/zone-constants';

export interface LabelledRow {
  key: string;
  label: string;
  value: string;
}

const KNOWN_KEYS = new Set<string>(ZONE_META_KEYS);
const DERIVATIONS = new Set<string>(ZONE_DERIVATIONS);

/**
 * A zone's or port's meta as rows people read: translated labels for every
 * key the server writes, translated values where the value is a code
 * (derived, true/false). A key from someone's own GeoJSON import has no
 * label and is shown as written.
 */
export function labelledMetaRows(meta: unknown, t: TFunction): LabelledRow[] {
  return portMetaRows(meta).map(({ key, value }) => ({
    key,
    label: KNOWN_KEYS.has(key) ? t(`zones:metaKeys.${key}`) : key,
    value: valueText(key, value, t),
  }));
}

function valueText(key: string, value: string, t: TFunction): string {
  if (key === 'derived' && DERIVATIONS.has(value)) return t(`zones:derivations.${value}`);
  if (value === 'true') return t('map:yes');
  if (value === 'false') return t('map:no');
  return value;
}
