/**
 * Voyage simulation for the ETA evaluation (`harbor-ais simulate`) and the scorer of
 * `npm run eval:eta`. Not part of the decoder's entry point: the web app never loads it.
 */
export { buildFleet, CARGO_PORTS, type ShipSpec } from './fleet.ts';
export { haversineKm, LANE_OFFSETS, LaneNetwork, offsetPolyline } from './lane-network.ts';
export { LANE_PORTS, SEA_LANES } from './sea-lanes.generated.ts';
export { isoSecond, simulateTracks, truthCsv, TRACKS_HEADER, TRUTH_HEADER } from './simulate.ts';
export type { PortCall } from './ship-sim.ts';
export type { LanePort, SeaLane } from './types.ts';
