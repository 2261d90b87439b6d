import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { LineReader } from './line-reader.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'line-reader-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('keeps a character that a 1 MB block boundary cuts in two, and strips CRLF', () => {
  // 'ö' is two bytes in UTF-8; the padding puts its first byte last in the first block.
  const pad = 'x'.repeat((1 << 20) - 1);
  const file = path.join(dir, 'cut.csv');
  writeFileSync(file, `${pad}ö,LÅNGNÄS\r\nlast`);
  const reader = new LineReader(file);
  const lines: string[] = [];
  for (let l = reader.next(); l !== null; l = reader.next()) lines.push(l);
  reader.close();
  expect(lines).toEqual([`${pad}ö,LÅNGNÄS`, 'last']);
});
