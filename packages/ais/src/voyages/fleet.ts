/**
 * The simulated fleet: who sails where and when. Ferries keep timetables between real
 * Baltic ports (Helsinki–Tallinn shuttles, overnight Helsinki–Mariehamn–Stockholm, Turku–
 * Åland–Stockholm, Helsinki–Travemünde, Hanko–Rostock, Nynäshamn–Gdańsk), liners run fixed
 * rotations with loose dwell times, tramps wander between cargo ports with long stays.
 */
import type { Rng } from './rng.ts';

export type ShipKind = 'ferry' | 'liner' | 'tramp';

/** How the crew fills in the AIS destination and ETA: the reason reported ETAs have a heavy tail. */
export interface CrewHabits {
  /** locode `SESTO`, spaced `SE STO`, port name `STOCKHOLM`, the whole route, or left blank. */
  destStyle: 'locode' | 'spaced' | 'name' | 'route' | 'blank';
  /** The ETA is the local clock time at the destination typed as if it were UTC. */
  localTimeAsUtc: boolean;
  /** Re-estimates the ETA during the voyage when it is off by more than 30 minutes. */
  updatesEta: boolean;
  /** Names the last port of a multi-stop voyage (and its ETA) instead of the next one. */
  namesFinalPort: boolean;
  /** Minutes after departure before the new destination and ETA are typed in. */
  updateDelayMin: number;
  /** The ETA field is never filled in. */
  blankEta: boolean;
  /** ETAs rounded to this many minutes. */
  roundMin: number;
}

export interface StopRule {
  port: string;
  /** Departure slots (minutes after midnight UTC); none: leave as soon as the dwell is over. */
  slotsMin?: number[];
  minDwellMin: number;
  /** Extra random dwell for liners and tramps, minutes. */
  extraDwellMin?: [number, number];
}

export interface ShipSpec {
  mmsi: number;
  kind: ShipKind;
  cruiseKn: number;
  /** Ferries and liners: the rotation, repeated; tramps: empty (ports chosen as they go). */
  rotation: StopRule[];
  /** Text some ferries keep in the destination field whatever the leg (`EEVAN<->FIHEL`). */
  fixedDest?: string;
  habits: CrewHabits;
}

export const CARGO_PORTS = ['FIVSS', 'FIKTK', 'FIHKO', 'FINLI', 'FIRAU', 'EEMUG', 'SENYN', 'DERSK', 'DETRV', 'PLGDN', 'LVRIX', 'LTKLJ'];

const h = (hh: number, mm = 0) => hh * 60 + mm;

interface FerryLine {
  stops: (slots: number[] | undefined) => StopRule[];
  slots: number[];
  cruiseKn: number;
  fixedDest?: string[];
}

/** One entry per ferry: the line it serves and its first departure slots. */
function ferryLines(): FerryLine[] {
  const shuttle = (i: number): FerryLine => {
    const off = 40 * i;
    const slots = [h(5) + off, h(8, 30) + off, h(12) + off, h(15, 30) + off, h(19) + off];
    return {
      stops: (s) => [{ port: 'FIHEL', slotsMin: s, minDwellMin: 50 }, { port: 'EETLL', slotsMin: s, minDwellMin: 50 }],
      slots,
      cruiseKn: 21 + i,
      fixedDest: ['EEVAN<->FIHEL', 'HELSINKI-TALLINN', 'FIHEL <> EETLL', 'TALLINN'],
    };
  };
  const overnight = (start: 'FIHEL' | 'SESTO'): FerryLine => ({
    stops: (s) => {
      const line: StopRule[] = [
        { port: 'FIHEL', slotsMin: s, minDwellMin: 240 },
        { port: 'FIMHQ', minDwellMin: 15 },
        { port: 'SESTO', slotsMin: s, minDwellMin: 240 },
        { port: 'FIMHQ', minDwellMin: 15 },
      ];
      return start === 'FIHEL' ? line : [...line.slice(2), ...line.slice(0, 2)];
    },
    slots: [h(15)],
    cruiseKn: 15.5,
  });
  const turku = (start: 'FITKU' | 'SESTO'): FerryLine => ({
    stops: (s) => {
      const line: StopRule[] = [
        { port: 'FITKU', slotsMin: s, minDwellMin: 50 },
        { port: 'FILAN', minDwellMin: 10 },
        { port: 'SESTO', slotsMin: s, minDwellMin: 50 },
        { port: 'FIMHQ', minDwellMin: 15 },
      ];
      return start === 'FITKU' ? line : [...line.slice(2), ...line.slice(0, 2)];
    },
    slots: [h(6, 45), h(18, 45)],
    cruiseKn: 18,
    fixedDest: ['FITKU<>FIMHQ/FILAN<>SESTO'],
  });
  const pair = (a: string, b: string, slot: number, kn: number, dwell: number): FerryLine => ({
    stops: (s) => [{ port: a, slotsMin: s, minDwellMin: dwell }, { port: b, slotsMin: s, minDwellMin: dwell }],
    slots: [slot],
    cruiseKn: kn,
  });
  return [
    shuttle(0), overnight('FIHEL'), turku('FITKU'), pair('FIHEL', 'DETRV', h(16), 20, 300),
    shuttle(1), overnight('SESTO'), turku('SESTO'), pair('DETRV', 'FIHEL', h(16), 20.5, 300),
    shuttle(2), pair('FIHKO', 'DERSK', h(15), 18, 240), shuttle(3), pair('SENYN', 'PLGDN', h(16), 17, 240),
  ];
}

const LINER_ROTATIONS = [
  ['FIVSS', 'PLGDN', 'LTKLJ', 'FIKTK'],
  ['FIHKO', 'DETRV', 'SENYN'],
  ['FIRAU', 'LVRIX', 'DERSK'],
  ['EEMUG', 'PLGDN', 'FIVSS'],
  ['FIKTK', 'DERSK', 'LVRIX'],
];

const MIDS = [230, 276, 265, 211, 261, 275, 277, 219, 257, 209];

function habitsFor(kind: ShipKind, rng: Rng): CrewHabits {
  const r = rng.next();
  const destStyle = kind === 'ferry' ? rng.pick(['route', 'locode', 'name', 'route'] as const)
    : r < 0.45 ? 'locode' : r < 0.65 ? 'spaced' : r < 0.9 ? 'name' : r < 0.95 ? 'route' : 'blank';
  return {
    destStyle,
    localTimeAsUtc: rng.chance(0.15),
    updatesEta: rng.chance(kind === 'ferry' ? 0.4 : 0.55),
    namesFinalPort: rng.chance(kind === 'tramp' ? 0.3 : 0.5),
    updateDelayMin: rng.chance(0.15) ? rng.range(60, 240) : rng.range(0, 40),
    blankEta: rng.chance(0.07),
    roundMin: rng.pick([1, 5, 15, 30, 60]),
  };
}

/**
 * `count` ships, mixed: about a third ferries (12 at most), a tenth liners (5 at most), the
 * rest tramps. The order is fixed, so --ships 10 is a prefix of --ships 40.
 */
export function buildFleet(count: number, rng: Rng): ShipSpec[] {
  const ferries = ferryLines();
  const used = new Set<number>();
  const ships: ShipSpec[] = [];
  let f = 0;
  let l = 0;
  for (let i = 0; i < count; i++) {
    const r = rng.fork(i + 1);
    let mmsi: number;
    do mmsi = rng.pick(MIDS) * 1_000_000 + rng.int(100_000, 999_999);
    while (used.has(mmsi));
    used.add(mmsi);
    const slot = i % 6;
    if ((slot === 0 || slot === 3) && f < ferries.length) {
      const line = ferries[f++]!;
      ships.push({
        mmsi, kind: 'ferry', cruiseKn: line.cruiseKn, rotation: line.stops(line.slots),
        fixedDest: line.fixedDest && r.chance(0.6) ? r.pick(line.fixedDest) : undefined, habits: habitsFor('ferry', r),
      });
    } else if (slot === 1 && l < LINER_ROTATIONS.length) {
      const rot = LINER_ROTATIONS[l++]!;
      ships.push({
        mmsi, kind: 'liner', cruiseKn: r.range(13, 17),
        rotation: rot.map((port) => ({ port, minDwellMin: 360, extraDwellMin: [0, 900] })), habits: habitsFor('liner', r),
      });
    } else {
      ships.push({ mmsi, kind: 'tramp', cruiseKn: r.range(9.5, 13), rotation: [], habits: habitsFor('tramp', r) });
    }
  }
  return ships;
}
