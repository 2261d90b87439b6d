import type { ShipPosition, ShipSearchResult, TrackPoint } from '@harbor/contracts';
import { flagOfMmsi } from './mid-flags.ts';
import type { VesselStore } from './vessel-store.ts';

const orNull = (v: number) => (Number.isNaN(v) ? null : Math.round(v * 10) / 10);
const negNull = (v: number) => (v < 0 ? null : v);
const iso = (ms: number | null | undefined) => (ms ? new Date(ms).toISOString() : null);

/** Speed at or above 102.3 kn means "not available" (tracking.md section 5). */
const speed = (v: number) => (Number.isNaN(v) || v >= 102.3 ? null : Math.round(v * 10) / 10);

/**
 * The ship as JSON text, cached until the ship changes: answers and stream
 * messages are then joined from ready strings instead of serialising thousands
 * of objects per request.
 */
export function shipPositionJson(store: VesselStore, slot: number): string {
  const cached = store.viewCache[slot] as string | undefined;
  if (cached !== undefined) return cached;
  const json = writeShipPosition(store, slot);
  // Concatenation leaves a rope; reading a char makes V8 flatten it once here,
  // instead of on every join that copies it into an answer (measured ~3x on the join).
  json.charCodeAt(json.length - 1);
  store.viewCache[slot] = json;
  return json;
}

const text = (v: string | null | undefined) => (v == null ? 'null' : JSON.stringify(v));
const num = (v: number | null) => (v === null ? 'null' : String(v));

/**
 * toShipPosition written straight to JSON (a test holds the two equal). The
 * static half (name, type, dimensions, flag, voyage) is cached separately, since
 * positions change every few seconds and static data every few minutes.
 */
function writeShipPosition(store: VesselStore, slot: number): string {
  let fixed = store.staticViewCache[slot] as string | undefined;
  if (fixed === undefined) {
    fixed = writeStaticPart(store, slot);
    store.staticViewCache[slot] = fixed;
  }
  return (
    `{"mmsi":${store.mmsi[slot]},"latitude":${store.lat[slot]},"longitude":${store.lon[slot]},` +
    `"trueHeading":${num(negNull(store.heading[slot]!))},"speedOverGround":${num(speed(store.sog[slot]!))},` +
    `"courseOverGround":${num(orNull(store.cog[slot]!))},"timeStampExternal":${store.posAt[slot]},${fixed}${num(negNull(store.navStatus[slot]!))}}}`
  );
}

/** Everything but the position, ending inside `voyage` just before the navigation status. */
function writeStaticPart(store: VesselStore, slot: number): string {
  const info = store.statics[slot];
  const d = slot * 4;
  const eta = info?.eta ? `"${new Date(info.eta).toISOString()}"` : 'null';
  const p = predictionOf(store, slot);
  const predicted = `"predictedEta":${text(p.predictedEta)},`;
  const predictedDest = `"predictedDestination":${text(p.predictedDestination)},${p.predictedAt ? `"predictedAt":"${p.predictedAt}",` : ''}`;
  return (
    `"name":${text(info?.name)},"harborShipType":"${store.categoryOf(slot)}",` +
    `"referencePoint":{"a":${num(negNull(store.dims[d]!))},"b":${num(negNull(store.dims[d + 1]!))},"c":${num(negNull(store.dims[d + 2]!))},"d":${num(negNull(store.dims[d + 3]!))}},` +
    `"flag":${text(flagOfMmsi(store.mmsi[slot]!))},"imageUrl":null,` +
    `"voyage":{"eta":${eta},${predicted}"destination":${text(info?.destination)},${predictedDest}"navigationStatus":`
  );
}

export function toShipPosition(store: VesselStore, slot: number): ShipPosition {
  const info = store.statics[slot];
  const p = predictionOf(store, slot);
  const d = slot * 4;
  const mmsi = store.mmsi[slot]!;
  return {
    mmsi,
    name: info?.name ?? null,
    latitude: store.lat[slot]!,
    longitude: store.lon[slot]!,
    trueHeading: negNull(store.heading[slot]!),
    speedOverGround: speed(store.sog[slot]!),
    courseOverGround: orNull(store.cog[slot]!),
    harborShipType: store.categoryOf(slot),
    referencePoint: {
      a: negNull(store.dims[d]!),
      b: negNull(store.dims[d + 1]!),
      c: negNull(store.dims[d + 2]!),
      d: negNull(store.dims[d + 3]!),
    },
    flag: flagOfMmsi(mmsi),
    imageUrl: null,
    timeStampExternal: store.posAt[slot]!,
    voyage: {
      eta: iso(info?.eta),
      predictedEta: p.predictedEta,
      destination: info?.destination ?? null,
      predictedDestination: p.predictedDestination,
      ...(p.predictedAt ? { predictedAt: p.predictedAt } : {}),
      navigationStatus: negNull(store.navStatus[slot]!),
    },
  };
}

/** The eta module's prediction as the contract's voyage fields (the URN form of the port). */
function predictionOf(store: VesselStore, slot: number) {
  const p = store.predictions[slot];
  return {
    predictedEta: p?.destination && p.eta !== null ? iso(p.eta) : null,
    predictedDestination: p?.destination ? `urn:harbor:port:${p.destination}` : null,
    predictedAt: p?.destination ? iso(p.at) : null,
  };
}

/** Length and beam from the reference point, null unless both ends are known. */
export function sizeOf(store: VesselStore, slot: number): { length: number | null; width: number | null } {
  const d = slot * 4;
  const [a, b, c, e] = [store.dims[d]!, store.dims[d + 1]!, store.dims[d + 2]!, store.dims[d + 3]!];
  return {
    length: a >= 0 && b >= 0 && a + b > 0 ? a + b : null,
    width: c >= 0 && e >= 0 && c + e > 0 ? c + e : null,
  };
}

export function toSearchResult(store: VesselStore, slot: number): ShipSearchResult {
  const mmsi = store.mmsi[slot]!;
  return {
    name: store.statics[slot]?.name ?? null,
    mmsi,
    shipType: negNull(store.shipType[slot]!),
    ...sizeOf(store, slot),
    flag: flagOfMmsi(mmsi),
  };
}

export function liveTrackPoint(store: VesselStore, slot: number): TrackPoint {
  return {
    latitude: store.lat[slot]!,
    longitude: store.lon[slot]!,
    speedOverGround: speed(store.sog[slot]!),
    courseOverGround: orNull(store.cog[slot]!),
    trueHeading: negNull(store.heading[slot]!),
    navigationStatus: negNull(store.navStatus[slot]!),
    timeStampExternal: store.posAt[slot]!,
  };
}
