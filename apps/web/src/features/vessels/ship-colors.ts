import type { ExpressionSpecification } from 'maplibre-gl';
import type { HarborShipType } from '@harbor/contracts';
import { HARBOR_SHIP_TYPES } from '@harbor/contracts/vessel-constants';

/** One colour per ship category (legend order of HARBOR_SHIP_TYPES). */
export const SHIP_COLORS: Record<HarborShipType, string> = {
  FISHING: '#d81b60',
  TUGS_SPECIAL_CRAFT: '#8d6e63',
  PLEASURE_HIGH_SPEED_CRAFT: '#8e24aa',
  PILOT_SAR: '#fb8c00',
  PASSENGER: '#1e88e5',
  TANKER: '#e53935',
  RORO_VEHICLE_CARRIER: '#00897b',
  BULKER: '#9e9d24',
  OTHER_CARGO: '#43a047',
  CONTAINER: '#fdd835',
  MILITARY: '#546e7a',
  OTHER: '#9e9e9e',
};

export const CATEGORY_INDEX: Record<HarborShipType, number> = Object.fromEntries(
  HARBOR_SHIP_TYPES.map((t, i) => [t, i]),
) as Record<HarborShipType, number>;

/** MapLibre expression: colour from the feature's category index `c`. */
export const SHIP_COLOR_EXPRESSION = [
  'match',
  ['get', 'c'],
  ...HARBOR_SHIP_TYPES.flatMap((t, i) => [i, SHIP_COLORS[t]]),
  SHIP_COLORS.OTHER,
] as unknown as ExpressionSpecification;
