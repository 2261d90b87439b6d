import { zodResolver } from '@hookform/resolvers/zod';
import { renderHook, waitFor } from '@testing-library/react';
import type { FieldValues, ResolverOptions } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { lazyZodResolver, usePreloadResolver } from './lazy-resolver.ts';

const options = <T extends FieldValues>(): ResolverOptions<T> => ({ fields: {}, shouldUseNativeValidation: false });

/** Explicit messages, nested paths and a transform: errors and values must come out as zodResolver makes them. */
const schema = z.object({
  name: z.string().trim().min(1, 'validation.required'),
  email: z.email('validation.email'),
  tiers: z.array(z.object({ amount: z.string().regex(/^\d+$/, 'validation.invalid') })),
  age: z.string().transform(Number),
});

const valid = { name: ' Eija ', email: 'eija@example.fi', tiers: [{ amount: '5' }], age: '42' };
const invalid = { name: ' ', email: 'nope', tiers: [{ amount: '5' }, { amount: 'x' }], age: '1' };

describe('lazyZodResolver', () => {
  it('validates with a schema from a feature’s schema module', async () => {
    const load = () => import('../../features/auth/forms/auth-schemas.ts').then((m) => m.loginBodySchema);
    const result = await lazyZodResolver(load)({ email: 'nope', password: '' }, undefined, options());
    expect(result.errors).toMatchObject({ email: { message: 'validation.email' }, password: { message: 'validation.required' } });
  });

  it('loads the schema on first use only, once, and validates with it', async () => {
    const load = vi.fn(async () => schema);
    const resolver = lazyZodResolver(load);
    expect(load).not.toHaveBeenCalled();

    const [ok, failed] = await Promise.all([resolver(valid, undefined, options()), resolver(invalid, undefined, options())]);
    await resolver.preload();
    await resolver(valid, undefined, options());

    expect(load).toHaveBeenCalledTimes(1);
    expect(ok).toEqual({ values: { name: 'Eija', email: 'eija@example.fi', tiers: [{ amount: '5' }], age: 42 }, errors: {} });
    expect(Object.keys(failed.errors)).toEqual(['name', 'email', 'tiers']);
  });

  it('returns the same errors and values as zodResolver', async () => {
    const lazy = lazyZodResolver(async () => schema);
    const eager = zodResolver(schema);
    for (const values of [valid, invalid]) expect(await lazy(values, undefined, options())).toEqual(await eager(values, undefined, options()));
    // With criteriaMode 'all' every message of a field is kept.
    const all = { ...options<typeof invalid>(), criteriaMode: 'all' as const };
    expect(await lazy(invalid, undefined, all)).toEqual(await eager(invalid, undefined, all));
  });

  it('tries a failed load again on the next validation', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('chunk failed')).mockResolvedValue(schema);
    const resolver = lazyZodResolver(load as () => Promise<typeof schema>);
    await expect(resolver.preload()).rejects.toThrow('chunk failed');
    expect((await resolver(valid, undefined, options())).errors).toEqual({});
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('usePreloadResolver', () => {
  it('starts loading after the first render and ignores a failed preload', async () => {
    const load = vi.fn(async () => schema);
    const resolver = lazyZodResolver(load);
    const { rerender } = renderHook(() => usePreloadResolver(resolver));
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    rerender();
    expect(load).toHaveBeenCalledTimes(1);

    const failing = lazyZodResolver(() => Promise.reject(new Error('offline')));
    renderHook(() => usePreloadResolver(failing));
    await expect(failing.preload()).rejects.toThrow('offline');
  });
});

/**
 * In production the contracts' index does not set zod's messages (a bundler
 * skips its side-effect import, see zod-messages.ts); every module of form
 * schemas must import zod-messages.ts itself. Tests load the index, so this is
 * checked on the sources.
 */
describe('form schema modules', () => {
  const sources = import.meta.glob<string>('../../features/*/forms/*-schemas.ts', { query: '?raw', import: 'default', eager: true });

  it('each imports zod-messages.ts', () => {
    expect(Object.keys(sources).length).toBeGreaterThanOrEqual(4);
    for (const [file, text] of Object.entries(sources))
      expect({ file, imports: text.includes("import '../../../shared/forms/zod-messages.ts';") }).toEqual({ file, imports: true });
  });

  it('zod-messages.ts sets the messages on its own', async () => {
    z.config({ customError: undefined });
    vi.resetModules();
    await import('./zod-messages.ts');
    expect(z.object({ name: z.string().min(1), email: z.email() }).safeParse({ name: '', email: 'nope' }).error?.issues.map((i) => i.message)).toEqual([
      'validation.required',
      'validation.email',
    ]);
  });
});
