import { PAGE_DEFAULT_LIMIT, type TPageQuery } from '@portal/contract';

/** One page of a paged read (see the contract's paging.ts); `hasMore` becomes the X-Has-More header. */
export type Page<T> = { items: T[]; hasMore: boolean };

/** The page size asked for, or the default. */
export const pageSize = (page: TPageQuery): number => page.limit ?? PAGE_DEFAULT_LIMIT;

/**
 * A query asked for one row more than `size` rows (`pageSize(page) + 1`): the extra row only tells
 * that more follow, so that no count is needed.
 */
export function toPage<T>(rows: T[], size: number): Page<T> {
  return { items: rows.slice(0, size), hasMore: rows.length > size };
}

/**
 * A page of a list after the item `page.before` in the list's order: `cursorOf` reads that item's sort
 * keys (undefined when it is not in the list: the page is empty), `rows` reads up to `limit` rows after
 * them (from the start when there is no cursor).
 */
export async function keysetPage<C, R>(
  page: TPageQuery,
  cursorOf: (id: number) => Promise<C | undefined>,
  rows: (cursor: C | undefined, limit: number) => Promise<R[]>,
): Promise<Page<R>> {
  const size = pageSize(page);
  const cursor = page.before ? await cursorOf(page.before) : undefined;
  if (page.before && !cursor) return { items: [], hasMore: false };
  return toPage(await rows(cursor, size + 1), size);
}
