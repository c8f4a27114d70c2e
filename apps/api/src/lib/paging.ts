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
