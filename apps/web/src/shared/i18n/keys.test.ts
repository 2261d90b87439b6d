import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { flatKeys, resources } from '@harbor/i18n';
import type { Namespace } from '@harbor/i18n';

// jsdom replaces the global URL, so resolve from the string form of import.meta.url.
const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

/** Static `'ns:key'` literals in the web source (dynamic keys are covered by their prefixes). */
function usedKeys(): { key: string; file: string }[] {
  const found: { key: string; file: string }[] = [];
  for (const file of sourceFiles(SRC)) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/['`]([a-z]+):([A-Za-z0-9_.-]+)(\$\{)?/g)) {
      const [, ns, key, dynamic] = m;
      if (!ns || !key || !(ns in resources.en)) continue;
      found.push({ key: dynamic ? `${ns}:${key}*` : `${ns}:${key}`, file: path.relative(SRC, file) });
    }
  }
  return found;
}

describe('i18n keys used by the web app', () => {
  it('exist in English (and so, by the parity test, in Finnish)', () => {
    const missing: string[] = [];
    for (const { key, file } of usedKeys()) {
      const [ns, rest] = key.split(':') as [Namespace, string];
      const keys = flatKeys(resources.en[ns]);
      const ok = rest.endsWith('*')
        ? keys.some((k) => k.startsWith(rest.slice(0, -1)))
        : keys.some((k) => k === rest || k.startsWith(`${rest}.`) || k.startsWith(`${rest}_`));
      if (!ok) missing.push(`${key} (${file})`);
    }
    expect(missing).toEqual([]);
  });

  it('finds keys at all (guards the scanner itself)', () => {
    expect(usedKeys().length).toBeGreaterThan(100);
  });
});
