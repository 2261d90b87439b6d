/**
 * Decoded message interfaces for the binary, safety, acknowledge and link-management
 * types (6-8, 10, 12-17, 20, 22, 23, 25, 26). Field names follow gpsd/pyais in camelCase;
 * fields typed `| undefined` were not transmitted (payload too short), see decode-other.ts.
 */
import type { Envelope } from './message-types.ts';

/** Type 6: addressed binary message. */
export interface BinaryAddressed extends Envelope {
  type: 6;
  seqNo: number;
  destMmsi: number;
  retransmit: boolean;
  /** Designated area code. */
  dac: number;
  /** Function id. */
  fid: number;
  /** Application data as hex (last byte zero-padded). */
  data: string;
  dataBits: number;
}

/** Types 7 and 13: binary / safety acknowledge (1-4 acknowledged MMSIs). */
export interface Acknowledge extends Envelope {
  type: 7 | 13;
  mmsi1: number | undefined;
  mmsiSeq1: number | undefined;
  mmsi2: number | undefined;
  mmsiSeq2: number | undefined;
  mmsi3: number | undefined;
  mmsiSeq3: number | undefined;
  mmsi4: number | undefined;
  mmsiSeq4: number | undefined;
}

/** Inland static and voyage data (type 8, DAC 200 / FID 10). */
export interface InlandStaticData {
  /** European vessel id (ENI). */
  vin: string;
  /** Length in metres (0.1 m). */
  length: number;
  /** Beam in metres (0.1 m). */
  beam: number;
  /** ERI ship type code. */
  shipType: number;
  /** Hazardous cargo 0-5. */
  hazard: number;
  /** Draught in metres (0.01 m). */
  draught: number;
  /** 0 n/a, 1 loaded, 2 unloaded. */
  loaded: number;
  speedQuality: boolean;
  courseQuality: boolean;
  headingQuality: boolean;
}

/** Type 8: binary broadcast message. */
export interface BinaryBroadcast extends Envelope {
  type: 8;
  dac: number;
  fid: number;
  data: string;
  dataBits: number;
  /** Decoded application data when DAC 200 / FID 10 (inland ship static data). */
  inland: InlandStaticData | undefined;
}

/** Type 10: UTC/date inquiry. */
export interface UtcInquiry extends Envelope {
  type: 10;
  destMmsi: number;
}

/** Type 12: addressed safety-related message. */
export interface SafetyAddressed extends Envelope {
  type: 12;
  seqNo: number;
  destMmsi: number;
  retransmit: boolean;
  text: string;
}

/** Type 14: safety-related broadcast. */
export interface SafetyBroadcast extends Envelope {
  type: 14;
  text: string;
}

/** Type 15: interrogation (field names follow gpsd/pyais). */
export interface Interrogation extends Envelope {
  type: 15;
  mmsi1: number | undefined;
  type1_1: number | undefined;
  offset1_1: number | undefined;
  type1_2: number | undefined;
  offset1_2: number | undefined;
  mmsi2: number | undefined;
  type2_1: number | undefined;
  offset2_1: number | undefined;
}

/** Type 16: assignment mode command (one or two destinations). */
export interface AssignmentCommand extends Envelope {
  type: 16;
  mmsi1: number;
  offset1: number;
  increment1: number;
  mmsi2: number | undefined;
  offset2: number | undefined;
  increment2: number | undefined;
}

/** Type 17: DGNSS broadcast. lon/lat of the reference station in degrees. */
export interface DgnssBroadcast extends Envelope {
  type: 17;
  lon: number;
  lat: number;
  data: string;
  dataBits: number;
}

/** Type 20: data link management (up to four slot reservations). */
export interface DataLinkManagement extends Envelope {
  type: 20;
  offset1: number | undefined;
  number1: number | undefined;
  timeout1: number | undefined;
  increment1: number | undefined;
  offset2: number | undefined;
  number2: number | undefined;
  timeout2: number | undefined;
  increment2: number | undefined;
  offset3: number | undefined;
  number3: number | undefined;
  timeout3: number | undefined;
  increment3: number | undefined;
  offset4: number | undefined;
  number4: number | undefined;
  timeout4: number | undefined;
  increment4: number | undefined;
}

/** Type 22: channel management. Either an area (ne/sw corners, degrees) or two addressed MMSIs. */
export interface ChannelManagement extends Envelope {
  type: 22;
  channelA: number;
  channelB: number;
  txrx: number;
  power: boolean;
  addressed: boolean;
  neLon: number | undefined;
  neLat: number | undefined;
  swLon: number | undefined;
  swLat: number | undefined;
  dest1: number | undefined;
  dest2: number | undefined;
  bandA: boolean;
  bandB: boolean;
  zoneSize: number;
}

/** Type 23: group assignment command. Corners in degrees. */
export interface GroupAssignment extends Envelope {
  type: 23;
  neLon: number;
  neLat: number;
  swLon: number;
  swLat: number;
  stationType: number;
  shipType: number;
  txrx: number;
  interval: number;
  quiet: number;
}

/** Types 25 and 26: single / multiple slot binary message. */
export interface SlotBinary extends Envelope {
  type: 25 | 26;
  addressed: boolean;
  structured: boolean;
  destMmsi: number | undefined;
  appId: number | undefined;
  data: string;
  dataBits: number;
  /** Radio status (type 26 only). */
  radio: number | undefined;
}
