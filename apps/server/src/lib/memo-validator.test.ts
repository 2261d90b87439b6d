import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { memoQueryValidator } from './memo-validator.ts';

type Result = { value?: unknown; error?: unknown };
let parses = 0;
const schema = z.object({
  bbox: z.preprocess((v) => {
    parses++;
    return typeof v === 'string' ? v.split(',').map(Number) : v;
  }, z.array(z.number()).length(2)),
  tags: z.union([z.string(), z.array(z.string())]).optional(),
});
const compile = (httpPart: string, max?: number) =>
  memoQueryValidator(max)({ schema, method: 'GET', url: '/t', httpPart } as never) as unknown as (d: unknown) => Result;

describe('memoQueryValidator', () => {
  it('validates a query once and hands back the same frozen value', () => {
    const v = compile('querystring');
    parses = 0;
    const a = v({ bbox: '1,2' });
    const b = v({ bbox: '1,2' });
    expect(a.value).toEqual({ bbox: [1, 2] });
    expect(b.value).toBe(a.value);
    expect(parses).toBe(1);
    expect(Object.isFrozen(a.value)).toBe(true);
    expect(Object.isFrozen((a.value as { bbox: number[] }).bbox)).toBe(true);
  });

  it('keeps no failure: a bad query is refused every time', () => {
    const v = compile('querystring');
    expect(v({ bbox: '1' }).error).toBeTruthy();
    expect(v({ bbox: '1' }).error).toBeTruthy();
    expect(v({ bbox: '1,2' }).error).toBeUndefined();
    expect(v({ bbox: '1' }).error).toBeTruthy();
  });

  it('tells a repeated name from a value with a comma, and names from values', () => {
    const v = compile('querystring');
    expect(v({ bbox: '1,2', tags: 'a,b' }).value).toEqual({ bbox: [1, 2], tags: 'a,b' });
    expect(v({ bbox: '1,2', tags: ['a', 'b'] }).value).toEqual({ bbox: [1, 2], tags: ['a', 'b'] });
    expect(v({ bbox: '3,4' }).value).toEqual({ bbox: [3, 4] });
  });

  it('starts over past maxEntries, and leaves bodies and params unmemoised', () => {
    const v = compile('querystring', 2);
    parses = 0;
    for (const q of ['1,1', '2,2', '3,3', '1,1']) v({ bbox: q });
    expect(parses).toBe(4);
    const body = compile('body');
    parses = 0;
    body({ bbox: '1,2' });
    body({ bbox: '1,2' });
    expect(parses).toBe(2);
  });
});
