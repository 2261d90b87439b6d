/**
 * What the crew types into the AIS voyage fields: destination text in the styles seen in real
 * feeds, and an ETA that is often right but has a heavy tail (local time typed as UTC, the last
 * port of a multi-stop voyage, values not updated after a delay).
 */
import type { CrewHabits } from './fleet.ts';
import type { LanePort } from './types.ts';

/** Names crews actually type (upper case ASCII, AIS has no lower case letters). */
const PORT_NAMES: Record<string, string> = {
  FIHEL: 'HELSINKI', FIVSS: 'VUOSAARI', EETLL: 'TALLINN', EEMUG: 'MUUGA', FITKU: 'TURKU', FINLI: 'NAANTALI',
  FIMHQ: 'MARIEHAMN', FILAN: 'LANGNAS', SESTO: 'STOCKHOLM', SEKPS: 'KAPELLSKAR', SENYN: 'NYNASHAMN',
  DERSK: 'ROSTOCK', DETRV: 'TRAVEMUNDE', PLGDN: 'GDANSK', LVRIX: 'RIGA', LTKLJ: 'KLAIPEDA', FIHKO: 'HANKO',
  FIKTK: 'KOTKA', FIRAU: 'RAUMA',
};

/** AIS destination is 20 six-bit characters: longer texts are cut, as transponders do. */
const AIS_DEST_LEN = 20;

export function destinationText(habits: CrewHabits, next: string, route: string[], fixed: string | undefined): string {
  if (fixed) return fixed.slice(0, AIS_DEST_LEN);
  const target = habits.namesFinalPort ? route[route.length - 1]! : next;
  let text: string;
  switch (habits.destStyle) {
    case 'locode':
      text = target;
      break;
    case 'spaced':
      text = `${target.slice(0, 2)} ${target.slice(2)}`;
      break;
    case 'name':
      text = PORT_NAMES[target] ?? target;
      break;
    case 'route':
      text = route.length > 1 ? route.join('-') : `${route[0]}`;
      break;
    default:
      text = '';
  }
  return text.slice(0, AIS_DEST_LEN);
}

/** Hours of the port's clock ahead of UTC at `t` (EU summer time: last Sunday of March to October, 01:00 UTC). */
export function utcOffsetHours(port: LanePort, t: number): number {
  const std = parseOffset(port.utcOffsetStandard);
  const summer = parseOffset(port.utcOffsetSummer);
  if (std === summer) return std;
  const y = new Date(t).getUTCFullYear();
  return t >= lastSundayUtc(y, 2) && t < lastSundayUtc(y, 9) ? summer : std;
}

function parseOffset(s: string): number {
  const m = /^([+-])(\d\d):(\d\d)$/.exec(s);
  if (!m) return 0;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) + Number(m[3]) / 60);
}

function lastSundayUtc(year: number, month: number): number {
  const last = new Date(Date.UTC(year, month + 1, 0, 1));
  return last.getTime() - last.getUTCDay() * 86_400_000;
}

/** The ETA as typed: rounded like this crew rounds, shifted when they type local time as UTC. */
export function typedEta(habits: CrewHabits, trueEstimate: number, port: LanePort): number | null {
  if (habits.blankEta) return null;
  const step = habits.roundMin * 60_000;
  const shifted = habits.localTimeAsUtc ? trueEstimate + utcOffsetHours(port, trueEstimate) * 3_600_000 : trueEstimate;
  return Math.round(shifted / step) * step;
}
