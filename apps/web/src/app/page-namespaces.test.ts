import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { coreNamespaces, namespaces } from '@harbor/i18n/namespaces';
import { PAGE_NAMESPACES } from './page-namespaces.ts';

// jsdom replaces the global URL, so resolve from the string form of import.meta.url.
const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const KNOWN = new Set<string>(namespaces);

/** The web source files a page reaches through relative static and dynamic imports. */
function reachable(entry: string): string[] {
  const seen = new Set<string>();
  const stack = [entry];
  while (stack.length) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g)) {
      const target = path.resolve(path.dirname(file), m[1]!);
      if (existsSync(target) && !/\.test\.tsx?$/.test(target)) stack.push(target);
    }
  }
  return [...seen];
}

/** Namespaces a source file uses: useTranslation('ns' | [...]), ns="…" / ns: '…', and 'ns:key' literals. */
function namespacesIn(source: string): string[] {
  const text = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const found = new Set<string>();
  for (const m of text.matchAll(/useTranslation\(\s*(\[[^\]]*\]|['"][^'"]+['"])/g)) for (const q of m[1]!.matchAll(/['"]([^'"]+)['"]/g)) found.add(q[1]!);
  for (const m of text.matchAll(/\bns(?:=|:\s*)\{?['"]([a-z-]+)['"]/g)) found.add(m[1]!);
  for (const m of text.matchAll(/['`]([a-z-]+):[A-Za-z]/g)) found.add(m[1]!);
  return [...found].filter((ns) => KNOWN.has(ns));
}

describe('page namespaces', () => {
  it('the shell (layout, drawers, error pages) uses only the core namespaces', () => {
    const shell = [path.join(SRC, 'app/layout/root-layout.tsx'), path.join(SRC, 'app/route-error-boundary.tsx')];
    const used = new Set(shell.flatMap(reachable).flatMap((f) => namespacesIn(readFileSync(f, 'utf8'))));
    expect([...used].filter((ns) => !(coreNamespaces as readonly string[]).includes(ns))).toEqual([]);
  });

  it.each(Object.entries(PAGE_NAMESPACES))('%s names every namespace its code uses', (page, declared) => {
    const [entry] = ['features', 'app'].flatMap((dir) => findPage(path.join(SRC, dir), page));
    expect(entry, `${page}.tsx not found`).toBeTruthy();
    const used = new Set(reachable(entry!).flatMap((f) => namespacesIn(readFileSync(f, 'utf8'))));
    const missing = [...used].filter((ns) => !(coreNamespaces as readonly string[]).includes(ns) && !declared.includes(ns as never));
    expect(missing, `add to PAGE_NAMESPACES['${page}']: ${JSON.stringify([...used])}`).toEqual([]);
  });
});

function findPage(dir: string, page: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return findPage(full, page);
    return name === `${page}.tsx` ? [full] : [];
  });
}
