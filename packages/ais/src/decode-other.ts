/**
 * Decoders for the binary, safety, acknowledge and link-management messages
 * (types 6-8, 10, 12-17, 20, 22, 23, 25, 26). Variable-length fields follow the pyais
 * convention: a field that starts past the end of the payload is undefined, a field
 * cut short takes the value of the bits present (`uOpt`).
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
  InlandStaticData,
  Interrogation,
  SafetyAddressed,
  SafetyBroadcast,
  SlotBinary,
  UtcInquiry,
} from './message-types.ts';
import { dataBits, flag, hex, s, text, u, uOpt } from './sixbit.ts';

type Env = readonly [channel: string, talker: string, ownShip: boolean, receivedAt: number | undefined];

export function decodeBinaryAddressed(bits: number, e: Env): BinaryAddressed {
  return {
    type: 6,
    repeat: u(6, 2),
    mmsi: u(8, 30),
    seqNo: u(38, 2),
    destMmsi: u(40, 30),
    retransmit: flag(70),
    dac: u(72, 10),
    fid: u(82, 6),
    data: hex(88, 920),
    dataBits: dataBits(88, 920),
    channel: e[0],
    talker: e[1],
    ownShip: e[2],
    receivedAt: e[3],
    bits,
  };
}

export function decodeAcknowledge(type: 7 | 13, bits: number, e: Env): Acknowledge {
  return {
    type,
    repeat: u(6, 2),
    mmsi: u(8, 30),
    mmsi1: uOpt(40, 30),
    mmsiSeq1: uOpt(70, 2),
    mmsi2: uOpt(72, 30),
    mmsiSeq2: uOpt(102, 2),
    mmsi3: uOpt(104, 30),
    mmsiSeq3: uOpt(134, 2),
    mmsi4: uOpt(136, 30),
    mmsiSeq4: uOpt(166, 2),
    channel: e[0],
    talker: e[1],
    ownShip: e[2],
    receivedAt: e[3],
    bits,
  };
}

function decodeInland(): InlandStaticData {
  return {
    vin: text(56, 48),
    length: u(104, 13) / 10,
    beam: u(117, 10) / 10,
    shipType: u(127, 14),
    hazard: u(141, 3),
    draught: u(144, 11) / 100,
    loaded: u(155, 2),
    speedQuality: flag(157),
    courseQuality: flag(158),
    headingQuality: flag(159),
  };
}

export function decodeBinaryBroadcast(bits: number, e: Env): BinaryBroadcast {
  const dac = u(40, 10);
  const fid = u(50, 6);
  return {
    type: 8,
    repeat: u(6, 2),
    mmsi: u(8, 30),
    dac,
    fid,
    data: hex(56, 952),
    dataBits: dataBits(56, 952),
    inland: dac === 200 && fid === 10 && bits >= 160 ? decodeInland() : undefined,
    channel: e[0],
    talker: e[1],
    ownShip: e[2],
    receivedAt: e[3],
    bits,
  };
}

export function decodeUtcInquiry(bits: number, e: Env): UtcInquiry {
  return {
    type: 10,
    repeat: u(6, 2),
    mmsi: u(8, 30),
    destMmsi: u(40, 30),
    channel: e[0],
    talker: e[1],
    ownShip: e[2],
    receivedAt: e[3],
    bits,
  };
}

export function decodeSafetyAddressed(bits: number, e: Env): SafetyAddressed {
  return {
    type: 12,
    repeat: u(6, 2),
    mmsi: u(8, 30),
    seqNo: u(38, 2),
    destMmsi: u(40, 30),
    retransmit: flag(70),
    text: text(72, 936),
    channel: e[0],
    talker: e[1],
    ownShip: e[2],
    receivedAt: e[3],
    bits,
  };
}

export function decodeSafetyBroadcast(bits: number, e: Env): SafetyBroadcast {
  return {
    type: 14,
    repeat: u(6, 2),
    mmsi: u(8, 30),
    text: text(40, 968),
    channel: e[0],
    talker: e[1],
    ownShip: e[2],
    receivedAt: e[3],
    bits,
  };
}

export function decodeInterrogation(bits: number, e: Env): Interrogation {
  return {
    type: 15,
    repeat: u(6, 2),
    mmsi: u(8, 30),
    mmsi1: uOpt(40, 30),
    type1_1: uOpt(70, 6),
    offset1_1: uOpt(76, 12),
    type1_2: uOpt(90, 6),
    offset1_2: uOpt(96, 12),
    mmsi2: uOpt(110, 30),
    type2_1: uOpt(140, 6),
    offset2_1: uOpt(146, 12),
    channel: e[0],
    talker: e[1],
    ownShip: e[2],
    receivedAt: e[3],
    bits,
  };
}

export function decodeAssignment(bits: number, e: Env): AssignmentCommand {
  // 96 bits or less: one destination (A); longer: two (A and B).
  const two = bits > 96;
  return {
    type: 16,
    repeat: u(6, 2),
    mmsi: u(8, 30),
    mmsi1: u(40, 30),
    offset1: u(70, 12),
    increment1: u(82, 10),
    mmsi2: two ? uOpt(92, 30) : undefined,
    offset2: two ? uOpt(122, 12) : undefined,
    increment2: two ? uOpt(134, 10) : undefined,
    channel: e[0],
    talker: e[1],
    ownShip: e[2],
    receivedAt: e[3],
    bits,
  };
}

export function decodeDgnss(bits: number, e: Env): DgnssBroadcast {
  return {
    type: 17,
    repeat: u(6, 2),
    mmsi: u(8, 30),
    lon: s(40, 18) / 600,
    lat: s(58, 17) / 600,
    data: hex(80, 736),
    dataBits: dataBits(80, 736),
    channel: e[0],
    talker: e[1],
    ownShip: e[2],
    receivedAt: e[3],
    bits,
  };
}

export function decodeDataLink(bits: number, e: Env): DataLinkManagement {
  return {
    type: 20,
    repeat: u(6, 2),
    mmsi: u(8, 30),
    offset1: uOpt(40, 12),
    number1: uOpt(52, 4),
    timeout1: uOpt(56, 3),
    increment1: uOpt(59, 11),
    offset2: uOpt(70, 12),
    number2: uOpt(82, 4),
    timeout2: uOpt(86, 3),
    increment2: uOpt(89, 11),
    offset3: uOpt(100, 12),
    number3: uOpt(112, 4),
    timeout3: uOpt(116, 3),
    increment3: uOpt(119, 11),
    offset4: uOpt(130, 12),
    number4: uOpt(142, 4),
    timeout4: uOpt(146, 3),
    increment4: uOpt(149, 11),
    channel: e[0],
    talker: e[1],
    ownShip: e[2],
    receivedAt: e[3],
    bits,
  };
}

export function decodeChannelManagement(bits: number, e: Env): ChannelManagement {
  const addressed = flag(139);
  return {
    type: 22,
    repeat: u(6, 2),
    mmsi: u(8, 30),
    channelA: u(40, 12),
    channelB: u(52, 12),
    txrx: u(64, 4),
    power: flag(68),
    addressed,
    neLon: addressed ? undefined : s(69, 18) / 600,
    neLat: addressed ? undefined : s(87, 17) / 600,
    swLon: addressed ? undefined : s(104, 18) / 600,
    swLat: addressed ? undefined : s(122, 17) / 600,
    dest1: addressed ? u(69, 30) : undefined,
    dest2: addressed ? u(104, 30) : undefined,
    bandA: flag(140),
    bandB: flag(141),
    zoneSize: u(142, 3),
    channel: e[0],
    talker: e[1],
    ownShip: e[2],
    receivedAt: e[3],
    bits,
  };
}

export function decodeGroupAssignment(bits: number, e: Env): GroupAssignment {
  return {
    type: 23,
    repeat: u(6, 2),
    mmsi: u(8, 30),
    neLon: s(40, 18) / 600,
    neLat: s(58, 17) / 600,
    swLon: s(75, 18) / 600,
    swLat: s(93, 17) / 600,
    stationType: u(110, 4),
    shipType: u(114, 8),
    txrx: u(144, 2),
    interval: u(146, 4),
    quiet: u(150, 4),
    channel: e[0],
    talker: e[1],
    ownShip: e[2],
    receivedAt: e[3],
    bits,
  };
}

/** Types 25/26: the header says whether a destination MMSI and an application id follow. */
export function decodeSlotBinary(type: 25 | 26, bits: number, e: Env): SlotBinary {
  const addressed = flag(38);
  const structured = flag(39);
  let pos = 40;
  const destMmsi = addressed ? u(pos, 30) : undefined;
  if (addressed) pos += 30;
  const appId = structured ? u(pos, 16) : undefined;
  if (structured) pos += 16;
  // Type 26 ends with a 20-bit radio status after the data.
  const hasRadio = type === 26 && bits >= pos + 20;
  const maxData = hasRadio ? bits - 20 - pos : bits - pos;
  return {
    type,
    repeat: u(6, 2),
    mmsi: u(8, 30),
    addressed,
    structured,
    destMmsi,
    appId,
    data: hex(pos, maxData),
    dataBits: dataBits(pos, maxData),
    radio: hasRadio ? u(bits - 20, 20) : undefined,
    channel: e[0],
    talker: e[1],
    ownShip: e[2],
    receivedAt: e[3],
    bits,
  };
}
