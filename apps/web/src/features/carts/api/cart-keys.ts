/** Query keys of the carts feature; every cart change invalidates `all`, since lines, totals and the active flag move together. */
export const cartKeys = {
  all: ['carts'] as const,
  list: ['carts', 'list'] as const,
  one: (id: string) => ['carts', 'one', id] as const,
  templates: ['carts', 'templates'] as const,
};
