import { describe, expect, it } from 'vitest';
import { LineSplitter, MAX_LINE_CHARS } from './line-splitter.ts';

/** Feeds `text` in chunks of the given sizes (cycled) and collects every line. */
function split(text: string, sizes: number[], max?: number): string[] {
  const s = new LineSplitter(max);
  const lines: string[] = [];
  for (let i = 0, k = 0; i < text.length; k++) {
    const n = sizes[k % sizes.length]!;
    lines.push(...s.push(text.slice(i, i + n)));
    i += n;
  }
  const last = s.end();
  if (last !== null) lines.push(last);
  return lines;
}

describe('LineSplitter', () => {
  it('gives the same lines as split("\\n") whatever the chunk boundaries', () => {
    const text = ['!AIVDM,1,1,,A,13u?etPv2;0n:dDPwUM1U1Cb069D,0*24', '', '$PGHP,1,2024,1,2,3,4,5,600,219,230,,1,1B*58', 'x'.repeat(300), 'tail'].join('\n');
    for (const sizes of [[1], [3, 7], [64], [text.length]]) expect(split(text, sizes)).toEqual(text.split('\n'));
    expect(split(text + '\n', [5])).toEqual(text.split('\n'));
  });

  it('cuts a line over the cap to max + 1 characters and goes on after its newline', () => {
    const long = 'y'.repeat(50);
    for (const sizes of [[1], [4, 9], [200]]) {
      expect(split(`a\n${long}\nb\n${long}`, sizes, 10)).toEqual(['a', 'y'.repeat(11), 'b', 'y'.repeat(11)]);
    }
  });

  it('harbor-ais is linear on one very long line: 32 MB without a newline is read in bounded memory and time', () => {
    const s = new LineSplitter();
    const chunk = 'z'.repeat(64 * 1024);
    const started = performance.now();
    const lines: string[] = [];
    for (let i = 0; i < 512; i++) lines.push(...s.push(chunk)); // 32 MiB, no newline
    lines.push(...s.push('\n!AIVDM,1,1,,A,13u?etPv2;0n:dDPwUM1U1Cb069D,0*24\n'));
    const ms = performance.now() - started;
    expect(lines.map((l) => l.length)).toEqual([MAX_LINE_CHARS + 1, 47]);
    // Joining every chunk onto the line took 32.8 s; the cap makes it a scan of each chunk once.
    expect(ms).toBeLessThan(2000);
  });
});
