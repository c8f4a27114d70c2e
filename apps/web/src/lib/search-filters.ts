import type { z } from 'zod';

/**
 * The filters a console list takes from its URL (`?status=open&double=true`), so that a link (the project's overview)
 * opens the list filtered: each key of `schema` whose value in `search` is valid by the contract's schema; anything
 * else is left out (a wrong value in a hand-typed URL opens the list unfiltered, never an error).
 */
export function filtersFromSearch<S extends z.ZodObject>(schema: S, search: URLSearchParams, keys: ReadonlyArray<keyof z.infer<S> & string>): Partial<z.infer<S>> {
  const filter: Record<string, unknown> = {};
  for (const key of keys) {
    const value = search.get(key);
    const field = schema.shape[key];
    if (value === null || !field) continue;
    const parsed = (field as z.ZodType).safeParse(value);
    if (parsed.success && parsed.data !== undefined) filter[key] = parsed.data;
  }
  return filter as Partial<z.infer<S>>;
}
