/**
 * Decoders for the position reports (types 1-4, 9, 11, 18, 27). They read the payload
 * loaded in `sixbit.ts` and build one object literal per message, always with the same
 * key order so every type keeps a single hidden class.
 */
import type {
  BaseStationReport,
  LongRangeReport,
  PositionReportA,
  PositionReportB,
  SarAircraftReport,
} from './message-types.ts';
import { flag, s, u } from './sixbit.ts';

/** Rate of turn in deg/min from the raw ROT (pyais/gpsd convention; specials kept as is). */
export function turnFromRaw(raw: number): number {
  if (raw === -128 || raw === 127 || raw === -127 || raw === 0) return raw;
  const r = raw / 4.733;
  const v = Math.round(r * r);
  return raw < 0 ? -v : v;
}

export function decodePositionA(
  type: 1 | 2 | 3,
  bits: number,
  channel: string,
  talker: string,
  ownShip: boolean,
  receivedAt: number | undefined,
): PositionReportA {
  const turnRaw = s(42, 8);
  return {
    type,
    repeat: u(6, 2),
    mmsi: u(8, 30),
    status: u(38, 4),
    turn: turnFromRaw(turnRaw),
    turnRaw,
    speed: u(50, 10) / 10,
    accuracy: flag(60),
    lon: s(61, 28) / 600000,
    lat: s(89, 27) / 600000,
    course: u(116, 12) / 10,
    heading: u(128, 9),
    second: u(137, 6),
    maneuver: u(143, 2),
    raim: flag(148),
    radio: u(149, 19),
    channel,
    talker,
    ownShip,
    receivedAt,
    bits,
  };
}

export function decodeBaseStation(
  type: 4 | 11,
  bits: number,
  channel: string,
  talker: string,
  ownShip: boolean,
  receivedAt: number | undefined,
): BaseStationReport {
  return {
    type,
    repeat: u(6, 2),
    mmsi: u(8, 30),
    year: u(38, 14),
    month: u(52, 4),
    day: u(56, 5),
    hour: u(61, 5),
    minute: u(66, 6),
    second: u(72, 6),
    accuracy: flag(78),
    lon: s(79, 28) / 600000,
    lat: s(107, 27) / 600000,
    epfd: u(134, 4),
    raim: flag(148),
    radio: u(149, 19),
    channel,
    talker,
    ownShip,
    receivedAt,
    bits,
  };
}

export function decodeSarAircraft(
  bits: number,
  channel: string,
  talker: string,
  ownShip: boolean,
  receivedAt: number | undefined,
): SarAircraftReport {
  return {
    type: 9,
    repeat: u(6, 2),
    mmsi: u(8, 30),
    altitude: u(38, 12),
    speed: u(50, 10),
    accuracy: flag(60),
    lon: s(61, 28) / 600000,
    lat: s(89, 27) / 600000,
    course: u(116, 12) / 10,
    second: u(128, 6),
    reserved1: u(134, 8),
    dte: flag(142),
    assigned: flag(146),
    raim: flag(147),
    radio: u(148, 20),
    channel,
    talker,
    ownShip,
    receivedAt,
    bits,
  };
}

export function decodePositionB(
  bits: number,
  channel: string,
  talker: string,
  ownShip: boolean,
  receivedAt: number | undefined,
): PositionReportB {
  return {
    type: 18,
    repeat: u(6, 2),
    mmsi: u(8, 30),
    reserved1: u(38, 8),
    speed: u(46, 10) / 10,
    accuracy: flag(56),
    lon: s(57, 28) / 600000,
    lat: s(85, 27) / 600000,
    course: u(112, 12) / 10,
    heading: u(124, 9),
    second: u(133, 6),
    reserved2: u(139, 2),
    cs: flag(141),
    display: flag(142),
    dsc: flag(143),
    band: flag(144),
    msg22: flag(145),
    assigned: flag(146),
    raim: flag(147),
    radio: u(148, 20),
    channel,
    talker,
    ownShip,
    receivedAt,
    bits,
  };
}

export function decodeLongRange(
  bits: number,
  channel: string,
  talker: string,
  ownShip: boolean,
  receivedAt: number | undefined,
): LongRangeReport {
  return {
    type: 27,
    repeat: u(6, 2),
    mmsi: u(8, 30),
    accuracy: flag(38),
    raim: flag(39),
    status: u(40, 4),
    lon: s(44, 18) / 600,
    lat: s(62, 17) / 600,
    speed: u(79, 6),
    course: u(85, 9),
    gnss: flag(94),
    channel,
    talker,
    ownShip,
    receivedAt,
    bits,
  };
}
