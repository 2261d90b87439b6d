import { normalizeName, type PortCatalogue } from './ports.ts';

/**
 * AIS destination text -> the ports it names, in the order written. Crews type anything:
 * `FITKU-FILAN-SESTO`, `SE TRG`, `EEVAN<->FIHEL`, `FITKU<>FIMHQ/FILAN<>`, `FI HEL`,
 * `HELSINKI`, `TALLINN EE`, `ST.PETERSBURG`, `>FIHEL`, misspelt names. Each named stop is a
 * list of candidate locodes (a name can exist in several countries); the resolver picks one
 * by position. Results are cached per text: the same few texts repeat all day.
 */
export type ParsedDestination = string[][];

/**
 * English and other exonyms crews use that UN/LOCODE does not list, and names of places whose
 * harbours UN/LOCODE lists under other names: PALDISKI is the ferry and ro-ro harbour, Lõunasadam
 * (the town's own code, EEPLA, is no port). Every one a catalogue port (tested).
 */
export const ALIASES: Record<string, string> = {
  STPETERSBURG: 'RULED', SPETERSBURG: 'RULED', SPB: 'RULED', STPETE: 'RULED', PETERSBURG: 'RULED', SANKTPETERBURG: 'RULED', LENINGRAD: 'RULED',
  GOTHENBURG: 'SEGOT', GOTEBORG: 'SEGOT', COPENHAGEN: 'DKCPH', KOBENHAVN: 'DKCPH', ANTWERP: 'BEANR', ANTWERPEN: 'BEANR',
  HELSINGFORS: 'FIHEL', REVAL: 'EETLL', DANZIG: 'PLGDN', GDANSK: 'PLGDN', GDYNIA: 'PLGDY', STETTIN: 'PLSZZ', SZCZECIN: 'PLSZZ',
  SWINOUJSCIE: 'PLSWI', SWINEMUNDE: 'PLSWI', KLAIPEDA: 'LTKLJ', RIGA: 'LVRIX', VENTSPILS: 'LVVNT', LIEPAJA: 'LVLPX',
  USTLUGA: 'RUULU', PRIMORSK: 'RUPRI', VYSOTSK: 'RUVYS', KALININGRAD: 'RUKGD', BALTIYSK: 'RUBLT', KRONSHTADT: 'RUKDT',
  MUUGA: 'EEMUG', PALDISKI: 'EEPLS', SILLAMAE: 'EESLM', VUOSAARI: 'FIVSS', NORDSJO: 'FIVSS', MARIEHAMN: 'FIMHQ', LANGNAS: 'FILAN',
  KIEL: 'DEKEL', LUBECK: 'DELBC', TRAVEMUNDE: 'DETRV', ROSTOCK: 'DERSK', HAMBURG: 'DEHAM',
  BREMERHAVEN: 'DEBRV', ROTTERDAM: 'NLRTM', AMSTERDAM: 'NLAMS', SKAW: 'DKSKA', SKAGEN: 'DKSKA', TALLINN: 'EETLL', HELSINKI: 'FIHEL',
  TURKU: 'FITKU', ABO: 'FITKU', NAANTALI: 'FINLI', STOCKHOLM: 'SESTO', KAPELLSKAR: 'SEKPS', GRISSLEHAMN: 'SEGRH', TRELLEBORG: 'SETRG',
  SWINOUJSCIEFERRY: 'PLSWI', UMEA: 'SEUME', VAASA: 'FIVAA', VASA: 'FIVAA', OXELOSUND: 'SEOXE', NYNASHAMN: 'SENYN', VISBY: 'SEVBY',
};

/** Words that name no port (orders, anchorages, pilots, the sea itself). */
const NOISE = new Set([
  'FOR', 'ORDERS', 'ORDER', 'PILOT', 'PILOTS', 'ANCH', 'ANCHORAGE', 'ROADS', 'OFF', 'VIA', 'OPL', 'SEA', 'TRIAL', 'TRIALS', 'FISHING',
  'PORT', 'HARBOUR', 'HARBOR', 'BAY', 'AND', 'THE', 'TO', 'FROM', 'CANAL', 'PASSAGE', 'ETA', 'NA', 'NONE', 'UNKNOWN', 'DEST', 'SAR',
]);

const cache = new Map<string, ParsedDestination>();
const CACHE_MAX = 50_000;

export function parseDestination(text: string | null | undefined, ports: PortCatalogue): ParsedDestination {
  if (!text) return [];
  const hit = cache.get(text);
  if (hit) return hit;
  const out = parseUncached(text, ports);
  if (cache.size >= CACHE_MAX) cache.clear();
  cache.set(text, out);
  return out;
}

/** The ports a text names, flattened (first candidate of each stop), for matching a port call. */
export function destinationNames(text: string | null | undefined, ports: PortCatalogue, locode: string): boolean {
  return parseDestination(text, ports).some((c) => c.includes(locode));
}

/** "VIA NOK", "VIAKIEL", "VIA KIEL CANAL", "VIA SKAW": a passage named as the way, not a stop. */
const PASSAGE = /\bVIA\s*(?:THE\s+)?(?:DE\s*NOK|NOK|KIEL(?:\s*CANAL|\s*KANAL)?|SKAW|SKAGEN|SKAGERRAK|GREAT\s*BELT|STOREBAELT|THE\s*SOUND|ORESUND)\b/g;
/**
 * "KIEL CANAL", "NOK" without a VIA: the canal is the way too (passages.ts), not Kiel's port. A
 * ship bound for it gets its port from its history and course, not a Kiel that it passes.
 */
const CANAL = /\b(?:DE[\s-]*NOK|NOK(?:[\s-]*TRANSIT)?|KIEL[\s-]*(?:CANAL|KANAL)|NORD[\s-]*OSTSEE[\s-]*KANAL)\b/g;

function parseUncached(text: string, ports: PortCatalogue): ParsedDestination {
  // Canals and straits a ship passes on its way are not calls: "HAMBURG VIA NOK" is bound for
  // Hamburg, not Kiel (27 texts of this kind in the 2017 IBNet snapshot). A VIA before a port stays
  // a stop: ferries "TALLINN VIA MAR" do call at Mariehamn.
  const upper = text
    .toUpperCase()
    .replace(/Ø/g, 'O')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(PASSAGE, ' ')
    .replace(CANAL, ' ');
  // Separators between stops. A dash between two letters is a separator only when a token on
  // either side looks like a locode or the parts are names by themselves (handled by trying the
  // whole segment first).
  const segments = upper.split(/<->|<>|->|=>|>|<|\/|,|;|\||\+|&|\bVIA\b|\bAND\b|\s-\s|--|\.\.\.|\*/);
  const result: ParsedDestination = [];
  for (const seg of segments) {
    for (const stop of parseSegment(seg, ports)) {
      if (stop.length === 0) continue;
      const last = result[result.length - 1];
      if (last && last.length === stop.length && last.every((c, i) => c === stop[i])) continue; // "FIHEL>FIHEL"
      result.push(stop);
    }
  }
  return result;
}

/** The catalogue's locode for a code written out (`FIYXP` is filed under FIKOK), or null. */
const locodeOf = (s: string, ports: PortCatalogue) => (/^[A-Z]{2}[A-Z0-9]{3}$/.test(s) ? (ports.get(s)?.locode ?? null) : null);

/** A locode without its country (`STO`, `TKU`, `RNN`): every catalogue port with that code; the resolver picks by position. */
const bareCode = (s: string, ports: PortCatalogue) => (/^[A-Z]{3}$/.test(s) && !NOISE.has(s) ? ports.bySuffix(s) : []);

/** One segment: explicit locodes (`FIHEL`, `FI HEL`, `FI-HEL`), else a port name, perhaps misspelt. */
function parseSegment(seg: string, ports: PortCatalogue): string[][] {
  const tokens = seg.split(/[^A-Z0-9]+/).filter(Boolean);
  if (tokens.length === 0) return [];
  const stops: string[][] = [];
  const rest: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const next = tokens[i + 1];
    const split = t.length === 2 && next?.length === 3 ? locodeOf(t + next, ports) : null;
    const whole = split === null && t.length === 5 ? locodeOf(t, ports) : null;
    if (split !== null) {
      stops.push([split]);
      i++;
    } else if (whole !== null) stops.push([whole]);
    else rest.push(t);
  }
  if (stops.length > 0) {
    // Words around explicit codes ("FIHEL PILOT") add nothing; a name beside a code may.
    const named = rest.filter((w) => !NOISE.has(w) && w.length >= 4);
    if (named.length === 0) return stops;
  }
  // A dash-joined run of names ("TURKU-STOCKHOLM", "HAMINA-KOTKA"): stops if every part is a
  // port name of its own ("UST-LUGA" is one name: "UST" is none).
  if (seg.includes('-')) {
    const parts = seg.split('-').map((part) => part.split(/[^A-Z0-9]+/).filter((w) => w && !NOISE.has(w)));
    if (parts.length >= 2 && parts.every((w) => w.length > 0)) {
      const each = parts.map((w) => {
        const coded = w.length === 1 ? locodeOf(w[0]!, ports) : null;
        if (coded !== null) return [coded];
        return w.join('').length >= 4 ? matchName(w, undefined, ports, false) : w.length === 1 ? bareCode(w[0]!, ports) : [];
      });
      if (each.every((m) => m.length > 0)) return [...stops, ...each];
    }
  }
  // Country hint: a lone 2-letter token that is a catalogue country ("TALLINN EE"; not LE of LE HAVRE).
  const words = rest.filter((w) => !NOISE.has(w));
  const country = words.find((w) => w.length === 2 && ports.hasCountry(w));
  const nameWords = words.filter((w) => w !== country && !/^\d+$/.test(w));
  const byName = matchName(nameWords, country, ports);
  if (byName.length > 0) {
    // "HEL" is Hel in Poland by name and Helsinki's code to a ferry crew: both, and the
    // resolver picks by position.
    const coded = nameWords.length === 1 && !country ? bareCode(nameWords[0]!, ports).filter((l) => !byName.includes(l)) : [];
    stops.push([...byName, ...coded]);
  } else if (stops.length === 0 && nameWords.length === 1) {
    // "NLI <->KAP", "STO<>MAR": a stop written as a locode without its country.
    // With a country ("FI OLU") only that country's ports: another country's code is a guess.
    const coded = bareCode(nameWords[0]!, ports).filter((l) => !country || l.startsWith(country));
    if (coded.length > 0) stops.push(coded);
  }
  return stops;
}

function matchName(words: string[], country: string | undefined, ports: PortCatalogue, allowFuzzy = true): string[] {
  if (words.length === 0) return [];
  const filter = (list: string[]) => {
    if (!country) return list;
    const inCountry = list.filter((l) => l.startsWith(country));
    return inCountry.length > 0 ? inCountry : list;
  };
  // Longest run of words first: "SAINT PETERSBURG" before "PETERSBURG".
  for (let len = words.length; len >= 1; len--) {
    for (let i = 0; i + len <= words.length; i++) {
      const key = words.slice(i, i + len).join('');
      if (key.length < 3) continue;
      const alias = ALIASES[key] ?? ALIASES[key.replace(/^SAINT|^SANKT/, 'ST')];
      if (alias && ports.get(alias)) return [alias];
      const exact = ports.byName.get(key) ?? ports.byName.get(key.replace(/^SAINT|^SANKT/, 'ST'));
      if (exact) return filter(exact);
    }
  }
  const key = normalizeName(words.join(''));
  if (key.length < 5 || !allowFuzzy) return [];
  return filter(fuzzy(key, ports));
}

/** Misspellings: names within one edit (two for long names), best distance only. */
function fuzzy(key: string, ports: PortCatalogue): string[] {
  const maxD = key.length >= 8 ? 2 : 1;
  let best = maxD + 1;
  let found: string[] = [];
  const consider = (name: string, locodes: string[]) => {
    if (Math.abs(name.length - key.length) > maxD) return;
    const d = editDistance(key, name, best);
    if (d < best) {
      best = d;
      found = [...locodes];
    } else if (d === best) for (const l of locodes) if (!found.includes(l)) found.push(l);
  };
  for (const [alias, locode] of Object.entries(ALIASES)) consider(alias, [locode]);
  for (const [name, locodes] of ports.byName) consider(name, locodes);
  if (best > maxD) return [];
  // Among equally close names, the well-known ports (the ones with an alias) win.
  const major = found.filter((l) => MAJOR.has(l));
  return major.length > 0 ? major : found;
}

const MAJOR = new Set(Object.values(ALIASES));

/** Levenshtein distance with transpositions, giving up above `max`. */
export function editDistance(a: string, b: string, max = Infinity): number {
  const n = a.length;
  const m = b.length;
  let prev2 = new Array<number>(m + 1).fill(0);
  let prev = Array.from({ length: m + 1 }, (_, j) => j);
  let cur = new Array<number>(m + 1).fill(0);
  for (let i = 1; i <= n; i++) {
    cur[0] = i;
    let rowMin = i;
    for (let j = 1; j <= m; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, prev2[j - 2]! + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return rowMin;
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return prev[m]!;
}
