import { useEffect } from 'react';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { lazyImport } from '../api-client/index.ts';

/** A zod schema whose input is a form's values: what `zodResolver` takes. */
export type FormSchema = z.ZodType<unknown, FieldValues>;

type FormInput<T extends FormSchema> = Extract<z.input<T>, FieldValues>;

/** An RHF resolver whose schema loads on first use; `preload()` starts that early. */
export type LazyResolver<TFieldValues extends FieldValues, TTransformedValues = TFieldValues> = Resolver<
  TFieldValues,
  unknown,
  TTransformedValues
> & {
  /** Loads the schema (and zod) without validating; resolves once the form can validate. */
  preload: () => Promise<void>;
};

/**
 * `zodResolver(schema)` for a schema that is loaded by `load` (a dynamic import
 * of a small module of the feature, e.g. `forms/users-schemas.ts`, which
 * imports zod-messages.ts first), so zod and the contract schemas stay out of
 * the page's initial JavaScript. The first validation awaits the load, which
 * happens once for every form that shares the resolver; a failed load is tried
 * again by the next validation.
 *
 * Create it once at module level and call `usePreloadResolver(resolver)` in
 * the form: the schema then loads right after the first render, long before
 * the first blur or submit.
 */
export function lazyZodResolver<T extends FormSchema>(load: () => Promise<T>): LazyResolver<FormInput<T>, z.output<T>> {
  type Loaded = Resolver<FormInput<T>, unknown, z.output<T>>;
  const ready = lazyImport(
    (): Promise<Loaded> =>
      Promise.all([load(), import('./zod-resolver.ts')]).then(([schema, { zodResolver }]) => zodResolver(schema as never) as unknown as Loaded),
  );
  const resolver: Loaded = async (values, context, options) => (await ready())(values, context, options);
  return Object.assign(resolver, {
    preload: async () => {
      await ready();
    },
  });
}

/**
 * Starts loading a lazy resolver's schema after the form's first render. A
 * failed preload is ignored here: the first validation loads it again.
 */
export function usePreloadResolver(resolver: Pick<LazyResolver<FieldValues>, 'preload'>): void {
  useEffect(() => {
    resolver.preload().catch(() => undefined);
  }, [resolver]);
}
