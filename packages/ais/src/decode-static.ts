/**
 * Decoders for the static / voyage messages (types 5, 19, 21, 24).
 */
import type {
  AidToNavigation,
  PositionReportBExtended,
  StaticDataA,
  StaticDataB,
  StaticVoyageData,
} from './message-types.ts';
import { flag, s, text, u } from './sixbit.ts';

export function decodeStaticVoyage(
  bits: number,
  channel: string,
  talker: string,
  ownShip: boolean,
  receivedAt: number | undefined,
): StaticVoyageData {
  return {
    type: 5,
    repeat: u(6, 2),
    mmsi: u(8, 30),
    aisVersion: u(38, 2),
    imo: u(40, 30),
    callSign: text(70, 42),
    shipName: text(112, 120),
    shipType: u(232, 8),
    toBow: u(240, 9),
    toStern: u(249, 9),
    toPort: u(258, 6),
    toStarboard: u(264, 6),
    epfd: u(270, 4),
    eta: { month: u(274, 4), day: u(278, 5), hour: u(283, 5), minute: u(288, 6) },
    draught: u(294, 8) / 10,
    destination: text(302, 120),
    dte: flag(422),
    channel,
    talker,
    ownShip,
    receivedAt,
    bits,
  };
}

export function decodePositionBExtended(
  bits: number,
  channel: string,
  talker: string,
  ownShip: boolean,
  receivedAt: number | undefined,
): PositionReportBExtended {
  return {
    type: 19,
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
    reserved2: u(139, 4),
    shipName: text(143, 120),
    shipType: u(263, 8),
    toBow: u(271, 9),
    toStern: u(280, 9),
    toPort: u(289, 6),
    toStarboard: u(295, 6),
    epfd: u(301, 4),
    raim: flag(305),
    dte: flag(306),
    assigned: flag(307),
    channel,
    talker,
    ownShip,
    receivedAt,
    bits,
  };
}

export function decodeAidToNavigation(
  bits: number,
  channel: string,
  talker: string,
  ownShip: boolean,
  receivedAt: number | undefined,
): AidToNavigation {
  const name = text(43, 120);
  // The name extension exists only when the payload goes past the 272-bit fixed part;
  // an empty one (padding bits) counts as absent, like the reference decodes.
  const ext = bits > 272 ? text(272, 88) : '';
  const nameExt = ext === '' ? undefined : ext;
  return {
    type: 21,
    repeat: u(6, 2),
    mmsi: u(8, 30),
    aidType: u(38, 5),
    name,
    nameExt,
    fullName: nameExt === undefined ? name : name + nameExt,
    accuracy: flag(163),
    lon: s(164, 28) / 600000,
    lat: s(192, 27) / 600000,
    toBow: u(219, 9),
    toStern: u(228, 9),
    toPort: u(237, 6),
    toStarboard: u(243, 6),
    epfd: u(249, 4),
    second: u(253, 6),
    offPosition: flag(259),
    reserved1: u(260, 8),
    raim: flag(268),
    virtualAid: flag(269),
    assigned: flag(270),
    channel,
    talker,
    ownShip,
    receivedAt,
    bits,
  };
}

export function decodeStaticDataA(
  bits: number,
  channel: string,
  talker: string,
  ownShip: boolean,
  receivedAt: number | undefined,
): StaticDataA {
  return {
    type: 24,
    repeat: u(6, 2),
    mmsi: u(8, 30),
    partNo: 0,
    shipName: text(40, 120),
    channel,
    talker,
    ownShip,
    receivedAt,
    bits,
  };
}

/** Auxiliary craft (MMSI 98MIDxxxx) send their mothership's MMSI instead of dimensions. */
function isAuxiliaryCraft(mmsi: number): boolean {
  return mmsi >= 980000000 && mmsi < 990000000;
}

export function decodeStaticDataB(
  bits: number,
  channel: string,
  talker: string,
  ownShip: boolean,
  receivedAt: number | undefined,
): StaticDataB {
  const mmsi = u(8, 30);
  const aux = isAuxiliaryCraft(mmsi);
  return {
    type: 24,
    repeat: u(6, 2),
    mmsi,
    partNo: 1,
    shipType: u(40, 8),
    vendorId: text(48, 18),
    model: u(66, 4),
    serial: u(70, 20),
    callSign: text(90, 42),
    toBow: aux ? undefined : u(132, 9),
    toStern: aux ? undefined : u(141, 9),
    toPort: aux ? undefined : u(150, 6),
    toStarboard: aux ? undefined : u(156, 6),
    mothershipMmsi: aux ? u(132, 30) : undefined,
    channel,
    talker,
    ownShip,
    receivedAt,
    bits,
  };
}
