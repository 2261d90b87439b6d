/**
 * Decoded AIS messages: a discriminated union on `type` (1..27).
 *
 * Units: lat/lon in decimal degrees (north/east positive, full precision, not rounded),
 * speed in knots, course/heading in degrees, dimensions and draught in metres.
 * Not available: the transmitted sentinels are kept (lat 91, lon 181, speed 102.3,
 * course 360, heading 511, turn -128, second 60...), see `constants.ts` and `helpers.ts`.
 * Text fields are 6-bit ASCII cut at the first '@' and trimmed.
 * Fields typed `| undefined` are undefined when the payload is too short to carry them.
 */
import type {
  Acknowledge,
  AssignmentCommand,
  BinaryAddressed,
  BinaryBroadcast,
  ChannelManagement,
  DataLinkManagement,
  DgnssBroadcast,
  GroupAssignment,
  Interrogation,
  SafetyAddressed,
  SafetyBroadcast,
  SlotBinary,
  UtcInquiry,
} from './message-types-other.ts';

export type * from './message-types-other.ts';

/** Fields every message carries: AIS header plus where/when it was received. */
export interface Envelope {
  /** Repeat indicator 0-3. */
  repeat: number;
  /** Source MMSI (30 bits). */
  mmsi: number;
  /** Radio channel from the sentence ('A', 'B', '1', '2' or ''). */
  channel: string;
  /** NMEA talker id ('AI', 'AB', 'BS', '--', ...). */
  talker: string;
  /** True for VDO (own-vessel report), false for VDM. */
  ownShip: boolean;
  /** Receive time in ms since epoch (tag block `c:`, unix-time prefix or `$PGHP`), else undefined. */
  receivedAt: number | undefined;
  /** Payload length in bits (fill bits excluded). */
  bits: number;
}

/** Types 1, 2, 3: Class A position report. */
export interface PositionReportA extends Envelope {
  type: 1 | 2 | 3;
  /** Navigation status 0-15 (15 = not defined). */
  status: number;
  /** Rate of turn in deg/min: sign*round((raw/4.733)^2); -128 n/a, +-127 = fast turn without indicator. */
  turn: number;
  /** Rate of turn as transmitted (signed 8 bits). */
  turnRaw: number;
  speed: number;
  /** Position accuracy flag (true = high, < 10 m). */
  accuracy: boolean;
  lon: number;
  lat: number;
  course: number;
  heading: number;
  second: number;
  /** Special manoeuvre indicator 0-2. */
  maneuver: number;
  raim: boolean;
  /** Radio status (19 bits, raw). */
  radio: number;
}

/** Types 4 and 11: base station report / UTC date response. year 0, month 0, day 0, hour 24, minute 60, second 60 = n/a. */
export interface BaseStationReport extends Envelope {
  type: 4 | 11;
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  accuracy: boolean;
  lon: number;
  lat: number;
  epfd: number;
  raim: boolean;
  radio: number;
}

/** Type 5 / type 5-like ETA. month 0, day 0, hour 24, minute 60 = n/a. */
export interface Eta {
  month: number;
  day: number;
  hour: number;
  minute: number;
}

/** Type 5: static and voyage related data. */
export interface StaticVoyageData extends Envelope {
  type: 5;
  aisVersion: number;
  /** IMO number, 0 = n/a. */
  imo: number;
  callSign: string;
  shipName: string;
  /** Ship and cargo type, raw 0-255. */
  shipType: number;
  toBow: number;
  toStern: number;
  toPort: number;
  toStarboard: number;
  epfd: number;
  eta: Eta;
  /** Draught in metres (0.1 m resolution, 0 = n/a). */
  draught: number;
  destination: string;
  /** Raw DTE bit: true = data terminal NOT ready. */
  dte: boolean;
}



/** Type 9: SAR aircraft position report. speed in knots (1023 n/a), altitude in m (4095 n/a). */
export interface SarAircraftReport extends Envelope {
  type: 9;
  altitude: number;
  speed: number;
  accuracy: boolean;
  lon: number;
  lat: number;
  course: number;
  second: number;
  /** Regional reserved bits (pyais reserved_1). */
  reserved1: number;
  dte: boolean;
  assigned: boolean;
  raim: boolean;
  radio: number;
}





/** Type 18: Class B position report. */
export interface PositionReportB extends Envelope {
  type: 18;
  /** Regional reserved bits (pyais reserved_1). */
  reserved1: number;
  speed: number;
  accuracy: boolean;
  lon: number;
  lat: number;
  course: number;
  heading: number;
  second: number;
  /** Regional reserved bits (pyais reserved_2). */
  reserved2: number;
  /** Carrier-sense unit. */
  cs: boolean;
  display: boolean;
  dsc: boolean;
  band: boolean;
  msg22: boolean;
  assigned: boolean;
  raim: boolean;
  radio: number;
}

/** Type 19: extended Class B position report. */
export interface PositionReportBExtended extends Envelope {
  type: 19;
  reserved1: number;
  speed: number;
  accuracy: boolean;
  lon: number;
  lat: number;
  course: number;
  heading: number;
  second: number;
  reserved2: number;
  shipName: string;
  shipType: number;
  toBow: number;
  toStern: number;
  toPort: number;
  toStarboard: number;
  epfd: number;
  raim: boolean;
  dte: boolean;
  assigned: boolean;
}

/** Type 21: aid-to-navigation report. */
export interface AidToNavigation extends Envelope {
  type: 21;
  aidType: number;
  name: string;
  /** Name extension (bits 272+), undefined when not transmitted or empty. */
  nameExt: string | undefined;
  /** name + nameExt. */
  fullName: string;
  accuracy: boolean;
  lon: number;
  lat: number;
  toBow: number;
  toStern: number;
  toPort: number;
  toStarboard: number;
  epfd: number;
  second: number;
  offPosition: boolean;
  /** Regional reserved bits (pyais reserved_1). */
  reserved1: number;
  raim: boolean;
  virtualAid: boolean;
  assigned: boolean;
}


/** Type 24 part A: name. */
export interface StaticDataA extends Envelope {
  type: 24;
  partNo: 0;
  shipName: string;
}

/** Type 24 part B: type, vendor, call sign and dimensions (or mothership MMSI for auxiliary craft, MMSI 98xxxxxxx). */
export interface StaticDataB extends Envelope {
  type: 24;
  partNo: 1;
  shipType: number;
  /** Manufacturer id (3 chars). */
  vendorId: string;
  model: number;
  serial: number;
  callSign: string;
  toBow: number | undefined;
  toStern: number | undefined;
  toPort: number | undefined;
  toStarboard: number | undefined;
  mothershipMmsi: number | undefined;
}

/** Type 27: long-range broadcast. Position at 1/10 minute, speed in knots (63 n/a), course in degrees (511 n/a). */
export interface LongRangeReport extends Envelope {
  type: 27;
  accuracy: boolean;
  raim: boolean;
  status: number;
  lon: number;
  lat: number;
  speed: number;
  course: number;
  /** Raw GNSS bit: false = current GNSS position, true = not GNSS position. */
  gnss: boolean;
}

/** Any decoded AIS message; switch on `type` (and `partNo` for type 24). */
export type AisMessage =
  | PositionReportA
  | BaseStationReport
  | StaticVoyageData
  | BinaryAddressed
  | Acknowledge
  | BinaryBroadcast
  | SarAircraftReport
  | UtcInquiry
  | SafetyAddressed
  | SafetyBroadcast
  | Interrogation
  | AssignmentCommand
  | DgnssBroadcast
  | PositionReportB
  | PositionReportBExtended
  | DataLinkManagement
  | AidToNavigation
  | ChannelManagement
  | GroupAssignment
  | StaticDataA
  | StaticDataB
  | SlotBinary
  | LongRangeReport;

/** The AIS message type numbers. */
export type AisMessageType = AisMessage['type'];
