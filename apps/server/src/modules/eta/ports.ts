import { readFileSync } from 'node:fs';
import { haversine } from './geo.ts';
import { inPassage } from './passages.ts';

/**
 * The port catalogue the predictor works with: the UN/LOCODE ports of the Baltic and the North
 * Sea shipped in catalogue/ports.json (see catalogue/README.md), with their IANA zones, a grid for "ports
 * near this point" and normalised names for the destination parser.
 */
export interface Port {
  locode: string;
  name: string;
  lat: number;
  lon: number;
  tz: string | null;
  names: string[];
  /** On a canal's banks (passages.ts): ships pass it, so it is never a guess of where one is going. */
  onPassage: boolean;
}

/**
 * A catalogue row; `codes` are the locodes of harbours filed under this port (UN/LOCODE lists
 * Yxpila apart from Kokkola, Portnet does not): `get` answers them with this port.
 */
export type PortRow = [locode: string, name: string, lat: number, lon: number, tz: string | null, names: string[], codes?: string[]];

const CELL = 0.5; // degrees; a lookup radius stays below one cell in latitude

/** Upper case, no diacritics, letters and digits only: how AIS text and names are compared. */
export function normalizeName(s: string): string {
  return s
    .toUpperCase()
    .replace(/Ø/g, 'O')
    .replace(/Æ/g, 'AE')
    .replace(/ß/g, 'SS')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Z0-9]/g, '');
}

export class PortCatalogue {
  /** Every locode, a port's other `codes` too, to its port. */
  readonly byLocode = new Map<string, Port>();
  /** normalised name -> locodes having it. */
  readonly byName = new Map<string, string[]>();
  private readonly grid = new Map<string, Port[]>();

  constructor(rows: PortRow[]) {
    const ownNames = new Set<string>(); // "name|country" of the names ports have in their own right
    const districtNames: [name: string, locode: string][] = [];
    for (const [locode, name, lat, lon, tz, names, codes = []] of rows) {
      const p: Port = { locode, name, lat, lon, tz, names, onPassage: inPassage(lat, lon) };
      for (const code of [locode, ...codes]) this.byLocode.set(code, p);
      const key = `${Math.floor(lat / CELL)}:${Math.floor(lon / CELL)}`;
      const cell = this.grid.get(key);
      if (cell) cell.push(p);
      else this.grid.set(key, [p]);
      const own = nameVariants([name, ...names], false);
      for (const n of own) {
        this.addName(n, locode);
        ownNames.add(`${n}|${locode.slice(0, 2)}`);
      }
      for (const n of nameVariants([name, ...names], true)) if (!own.has(n)) districtNames.push([n, locode]);
    }
    // "Loudden/Stockholm", "Kemi/Tornio": a part of such a name is the city a harbour lies in, or
    // a port once filed together with this one; it finds this port only where no port of the
    // country has that name of its own (TORNIO is Tornio, not Kemi, which is nearer the ships).
    for (const [n, locode] of districtNames) if (!ownNames.has(`${n}|${locode.slice(0, 2)}`)) this.addName(n, locode);
  }

  private addName(n: string, locode: string): void {
    const list = this.byName.get(n);
    if (!list) this.byName.set(n, [locode]);
    else if (!list.includes(locode)) list.push(locode);
  }

  get(locode: string): Port | undefined {
    return this.byLocode.get(locode);
  }

  private countries: Set<string> | undefined;

  /** Whether any port's locode starts with this country code. */
  hasCountry(code: string): boolean {
    this.countries ??= new Set([...this.byLocode.keys()].map((l) => l.slice(0, 2)));
    return this.countries.has(code);
  }

  /** Of several candidate locodes (a name or code found in several countries), the one nearest the position. */
  nearestOf(cands: string[], lat: number, lon: number): string {
    if (cands.length === 1) return cands[0]!;
    let best = cands[0]!;
    let bestD = Infinity;
    for (const l of cands) {
      const p = this.byLocode.get(l);
      const d = p ? haversine(lat, lon, p.lat, p.lon) : Infinity;
      if (d < bestD) [best, bestD] = [l, d];
    }
    return best;
  }

  private suffixes: Map<string, string[]> | undefined;

  /** Ports with a locode ending in a 3-character code: crews write `TKU-LAN-STO-MHQ-TKU` without the countries. */
  bySuffix(code: string): string[] {
    if (!this.suffixes) {
      this.suffixes = new Map();
      for (const [written, { locode }] of this.byLocode) {
        const key = written.slice(2);
        const list = this.suffixes.get(key);
        if (!list) this.suffixes.set(key, [locode]);
        else if (!list.includes(locode)) list.push(locode);
      }
    }
    return this.suffixes.get(code) ?? [];
  }

  /** Ports within `radiusM` metres, nearest first. */
  near(lat: number, lon: number, radiusM: number): { port: Port; dist: number }[] {
    const out: { port: Port; dist: number }[] = [];
    this.forEachNear(lat, lon, radiusM, (port, dist) => out.push({ port, dist }));
    return out.sort((a, b) => a.dist - b.dist);
  }

  /** The same ports, unsorted (in the grid's order), for a scan that keeps only the best: no array, no sort. */
  forEachNear(lat: number, lon: number, radiusM: number, visit: (port: Port, dist: number) => void): void {
    const dLat = radiusM / 111_000;
    const dLon = dLat / Math.max(0.1, Math.cos((lat * Math.PI) / 180));
    for (let y = Math.floor((lat - dLat) / CELL); y <= Math.floor((lat + dLat) / CELL); y++) {
      for (let x = Math.floor((lon - dLon) / CELL); x <= Math.floor((lon + dLon) / CELL); x++) {
        for (const port of this.grid.get(`${y}:${x}`) ?? []) {
          const dist = haversine(lat, lon, port.lat, port.lon);
          if (dist <= radiusM) visit(port, dist);
        }
      }
    }
  }
}

/** A trailing word for "harbour" in the languages of the catalogue's countries. */
const HARBOUR_WORD = /\s+(havn|hamn|hafen|sadam|satama|harbour|harbor)$/i;

/**
 * Keys a name is found by: the whole name, each part of "A (B)" (and of "A/B" with `slashParts`),
 * and the usual abbreviations of Saint/Sankt, so "ST.PETERSBURG" finds "Saint Petersburg (ex Leningrad)".
 */
export function nameVariants(names: string[], slashParts: boolean): Set<string> {
  const out = new Set<string>();
  for (const raw of names) {
    const split = [raw, ...raw.split(slashParts ? /[()/,]/ : /[(),]/)].map((s) => s.replace(/\bex\b/i, '').trim());
    // UN/LOCODE names some places with the word for harbour ("Agger Havn", "Kuressaare sadam"); crews write AGGER.
    const parts = [...split, ...split.map((s) => s.replace(HARBOUR_WORD, '').trim())].filter((s) => s.length >= 3);
    // Crews also write the letters the German and Nordic way: MALMOE, WARNEMUENDE, LAESOE.
    const spelled = parts.map((part) => part.replace(/[öøÖØ]/g, 'OE').replace(/[äæÄÆ]/g, 'AE').replace(/[üÜ]/g, 'UE').replace(/[åÅ]/g, 'AA'));
    for (const part of [...parts, ...spelled.filter((s, i) => s !== parts[i])]) {
      const n = normalizeName(part);
      if (n.length < 3) continue;
      out.add(n);
      const saint = n.replace(/^(SAINT|SANKT|SANKTA|SANKT)/, 'ST');
      if (saint !== n) out.add(saint);
    }
  }
  return out;
}

let shipped: PortCatalogue | null = null;

/** The shipped catalogue, read once. */
export function shippedPorts(): PortCatalogue {
  shipped ??= new PortCatalogue(shippedPortRows());
  return shipped;
}

export function shippedPortRows(): PortRow[] {
  return JSON.parse(readFileSync(new URL('./catalogue/ports.json', import.meta.url), 'utf8')) as PortRow[];
}
