/**
 * Test helpers: locations of the shared AIS data (read in place, never copied) and a
 * JSONL loader. Only imported by *.test.ts files.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** Repository root (/work/main in the dev checkout). */
export const repoRoot = path.resolve(import.meta.dirname, '../../..');
/** Shared AIS test data: captures, reference decodes, malformed lines. */
export const aisDataDir = path.resolve(repoRoot, '../shared/data/ais');
export const capturesDir = path.join(aisDataDir, 'captures');
/** Synthetic throughput input (also used by the fuzz test as seed sentences). */
export const syntheticFile = path.resolve(repoRoot, '../shared/data/bench/synthetic-200k.nmea');

export function capture(name: string): string {
  return path.join(capturesDir, name);
}

/** Lines of a text file (the trailing empty line after the last '\n' dropped). */
export function readLinesSync(file: string): string[] {
  const lines = readFileSync(file, 'utf8').split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

export function readJsonl<T>(file: string): T[] {
  return readLinesSync(file)
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as T);
}

export interface ReferenceRecord {
  nmea: string[];
  raw?: string[];
  expected: Record<string, string | number | boolean | null>;
  source: string;
}

export interface MalformedRecord {
  nmea: string[];
  raw?: string[];
  expected: { valid: false; problem: string };
  source: string;
}
