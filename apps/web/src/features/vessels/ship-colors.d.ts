import type { ExpressionSpecification } from 'maplibre-gl';
import { type HarborShipType } from '@harbor/contracts';
/** One colour per ship category (legend order of HARBOR_SHIP_TYPES). */
export declare const SHIP_COLORS: Record<HarborShipType, string>;
export declare const CATEGORY_INDEX: Record<HarborShipType, number>;
/** MapLibre expression: colour from the feature's category index `c`. */
export declare const SHIP_COLOR_EXPRESSION: ExpressionSpecification;
