/** What the harbor-eta CLI uses (kept apart from index.ts so the CLI bundle needs no server code). */
export { replay, portCallsCsv, type ReplayStats } from './replay/replay.ts';
export { shippedPorts } from './ports.ts';
export { shippedSeaDistances } from './sea-distance.ts';
