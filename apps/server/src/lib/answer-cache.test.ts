import { describe, expect, it } from 'vitest';
import { AnswerCache } from './answer-cache.ts';

describe('AnswerCache', () => {
  const counter = () => {
    let n = 0;
    return { build: async () => `answer ${++n}`, built: () => n };
  };

  it('shares one build between the requests for a key within ttl, then builds again', async () => {
    let now = 1000;
    const cache = new AnswerCache(100, 10, () => now);
    const c = counter();
    const [a, b] = await Promise.all([cache.get('k', c.build), cache.get('k', c.build)]);
    expect([a, b, c.built()]).toEqual(['answer 1', 'answer 1', 1]);
    now += 99;
    expect(await cache.get('k', c.build)).toBe('answer 1');
    expect(await cache.get('other', c.build)).toBe('answer 2');
    now += 1;
    expect(await cache.get('k', c.build)).toBe('answer 3');
  });

  it('keeps nothing read before clear(), not even an answer being built then', async () => {
    const cache = new AnswerCache(60_000);
    let release!: (v: string) => void;
    const slow = cache.get('k', () => new Promise<string>((r) => (release = r)));
    cache.clear();
    release('before the change');
    expect(await slow).toBe('before the change');
    expect(await cache.get('k', async () => 'after the change')).toBe('after the change');
  });

  it('does not keep a failed build, and keeps nothing with ttl 0', async () => {
    const cache = new AnswerCache(60_000);
    await expect(cache.get('k', () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
    expect(await cache.get('k', async () => 'recovered')).toBe('recovered');
    const off = new AnswerCache(0);
    const c = counter();
    await off.get('k', c.build);
    await off.get('k', c.build);
    expect(c.built()).toBe(2);
  });

  it('makes room when full: the stale answers go first, then all', async () => {
    let now = 0;
    const cache = new AnswerCache(100, 2, () => now);
    const c = counter();
    await cache.get('a', c.build); // answer 1
    now = 60;
    await cache.get('b', c.build); // answer 2
    now = 120;
    await cache.get('c', c.build); // full: a is stale and goes, b stays
    expect(await cache.get('b', c.build)).toBe('answer 2');
    await cache.get('d', c.build); // full of fresh answers: starts over
    expect(await cache.get('b', c.build)).toBe('answer 5');
  });
});
