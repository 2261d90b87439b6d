import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MinHeap } from './min-heap.ts';

describe('MinHeap', () => {
  it('gives back every entry by key, equal keys by value', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: -5, max: 5 }), fc.nat(50)), { maxLength: 200 }), (entries) => {
        const heap = new MinHeap();
        for (const [k, v] of entries) heap.push(k, v);
        expect(heap.size).toBe(entries.length);
        const out: number[] = [];
        for (let v = heap.pop(); v !== undefined; v = heap.pop()) out.push(v);
        const want = [...entries].sort((a, b) => a[0] - b[0] || a[1] - b[1]).map(([, v]) => v);
        expect(out).toEqual(want);
        expect(heap.size).toBe(0);
      }),
    );
  });

  it('orders Infinity keys last', () => {
    const heap = new MinHeap();
    heap.push(Infinity, 1);
    heap.push(3, 2);
    heap.push(Infinity, 0);
    expect([heap.pop(), heap.pop(), heap.pop(), heap.pop()]).toEqual([2, 0, 1, undefined]);
  });
});
