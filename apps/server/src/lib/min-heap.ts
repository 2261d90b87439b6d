/**
 * Binary min-heap of numbers (ids, indexes) keyed by numeric priorities, kept in two flat
 * arrays: no object per entry, since the sea-lane search pushes hundreds of thousands. Equal
 * keys come out smallest value first, so the order depends on the entries alone (the replay's
 * k-way merge relies on it: equal times in run order).
 */
export class MinHeap {
  private readonly keys: number[] = [];
  private readonly vals: number[] = [];

  get size() {
    return this.vals.length;
  }

  push(key: number, val: number) {
    const k = this.keys;
    const v = this.vals;
    let i = v.length;
    k.push(key);
    v.push(val);
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (k[p]! < key || (k[p] === key && v[p]! <= val)) break;
      k[i] = k[p]!;
      v[i] = v[p]!;
      i = p;
    }
    k[i] = key;
    v[i] = val;
  }

  /** Removes and returns the value with the smallest key (undefined when empty). */
  pop(): number | undefined {
    const k = this.keys;
    const v = this.vals;
    if (v.length === 0) return undefined;
    const top = v[0]!;
    const lastK = k.pop()!;
    const lastV = v.pop()!;
    const n = v.length;
    if (n > 0) {
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= n) break;
        const r = l + 1;
        const c = r < n && (k[r]! < k[l]! || (k[r] === k[l] && v[r]! < v[l]!)) ? r : l;
        if (k[c]! > lastK || (k[c] === lastK && v[c]! >= lastV)) break;
        k[i] = k[c]!;
        v[i] = v[c]!;
        i = c;
      }
      k[i] = lastK;
      v[i] = lastV;
    }
    return top;
  }
}
