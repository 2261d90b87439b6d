import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The package's subpath exports other than '.' and './zod-messages' are what
 * the web app imports at render time: none may reach zod, directly or through
 * another module (type-only imports are erased and do not count).
 */
const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { exports: Record<string, string> };
const zodFree = Object.entries(pkg.exports).filter(([subpath]) => subpath !== '.' && subpath !== './zod-messages');

function runtimeImports(file: string): string[] {
  const code = readFileSync(new URL(file, import.meta.url), 'utf8');
  return [...code.matchAll(/^(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm)].map((m) => m[1]!);
}

function reachesZod(file: string, seen = new Set<string>()): string | null {
  if (seen.has(file)) return null;
  seen.add(file);
  for (const target of runtimeImports(file)) {
    if (!target.startsWith('.')) return `${file} imports ${target}`;
    const found = reachesZod(new URL(target, new URL(file, import.meta.url)).pathname.replace(/^.*\/src\//, './'), seen);
    if (found) return found;
  }
  return null;
}

describe('zod-free subpath exports', () => {
  it.each(zodFree)('%s loads no zod', (_subpath, target) => {
    expect(reachesZod(target.replace(/^\.\/src\//, './'))).toBeNull();
  });

  it('covers the zod-free modules', () => {
    expect(zodFree.map(([subpath]) => subpath)).toEqual(expect.arrayContaining(['./constants', './roles', './money-format', './listing-constants']));
  });
});
