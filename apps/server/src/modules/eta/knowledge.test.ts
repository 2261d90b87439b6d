import { describe, expect, it } from 'vitest';
import { Knowledge } from './knowledge.ts';

describe('Knowledge.topTransition', () => {
  // Its answers are kept per key until that key learns another arrival.
  it('follows every arrival learned after it was asked', () => {
    const k = new Knowledge();
    k.addTransition('*|FIHEL', 'EETLL', 1);
    expect(k.topTransition('*|FIHEL', 'FIHEL')).toEqual({ to: 'EETLL', n: 1, share: 1 });
    k.addTransition('*|FIHEL', 'SESTO', 2);
    expect(k.topTransition('*|FIHEL', 'FIHEL')).toEqual({ to: 'SESTO', n: 1, share: 0.5 });
    k.addTransition('*|FIHEL', 'EETLL', 3);
    k.addTransition('*|FIHEL', 'FIHEL', 4);
    expect(k.topTransition('*|FIHEL', 'FIHEL')).toEqual({ to: 'EETLL', n: 2, share: 2 / 3 });
    expect(k.topTransition('*|FIHEL')?.share).toBe(0.5);
    expect(k.topTransition('*|FITKU')).toBeNull();
  });
});
