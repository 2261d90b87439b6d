/** The zones module's map parts for the live map: zone and port layers, their feed, the port card. */
export { PortCard } from './components/port-card.tsx';
export { useZoneFeed } from './use-zone-feed.ts';
export { ZONE_HIT_LAYERS, ZoneLayers } from './zone-layers.ts';
export { labelledMetaRows } from './meta-rows.ts';
