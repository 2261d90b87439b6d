/**
 * The European Central Bank's euro foreign exchange reference rates
 * (https://www.ecb.europa.eu/stats/policy_and_exchange_rates/euro_reference_exchange_rates/):
 * `eurofxref-daily.xml` (the last working day), `eurofxref-hist-90d.xml` and
 * `eurofxref-hist.xml` (every day back to 1999), all the same gesmes shape:
 * `<Cube time='YYYY-MM-DD'><Cube currency='USD' rate='1.0199'/>…</Cube>`, rates
 * in units of the currency per 1 EUR, published around 16:00 CET on TARGET
 * working days. No XML library: the shape is fixed and flat, and a file that
 * does not match gives no rows rather than half-parsed ones.
 */

/** One reference rate: `rate` units of `currency` per 1 EUR on `date`. */
export interface EcbRate {
  date: string;
  currency: string;
  rate: number;
}

export class EcbError extends Error {}

const DAY = /<Cube\s+time=['"](\d{4}-\d{2}-\d{2})['"]\s*>([\s\S]*?)<\/Cube>/g;
const RATE = /<Cube\s+currency=['"]([A-Z]{3})['"]\s+rate=['"]([0-9]+(?:\.[0-9]+)?)['"]\s*\/>/g;

/** Every day's rates in the file; throws when it is not an ECB reference-rate file. */
export function parseEcbXml(xml: string): EcbRate[] {
  if (!xml.includes('eurofxref')) throw new EcbError('not an ECB reference-rate file');
  const out: EcbRate[] = [];
  for (const [, date, body] of xml.matchAll(DAY)) {
    for (const [, currency, rate] of body!.matchAll(RATE)) {
      const value = Number(rate);
      if (value > 0 && Number.isFinite(value)) out.push({ date: date!, currency: currency!, rate: value });
    }
  }
  if (out.length === 0) throw new EcbError('no rates in the ECB file');
  return out;
}

/** A rates source: the newest day (`latest`) or a stretch of days (`history`, to fill a gap or an empty cache). */
export interface ForexProvider {
  readonly name: string;
  latest(signal: AbortSignal): Promise<EcbRate[]>;
  history(signal: AbortSignal): Promise<EcbRate[]>;
}

export function ecbProvider(urls: { dailyUrl: string; historyUrl: string }): ForexProvider {
  async function get(url: string, signal: AbortSignal): Promise<EcbRate[]> {
    const res = await fetch(url, { signal, headers: { accept: 'application/xml, text/xml' } });
    if (!res.ok) throw new EcbError(`ECB answered ${res.status}`);
    return parseEcbXml(await res.text());
  }
  return {
    name: 'ecb',
    latest: (signal) => get(urls.dailyUrl, signal),
    history: (signal) => get(urls.historyUrl, signal),
  };
}
