import { and, eq, gt, ilike, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { contentStatus, type TContentStatus, type TStaffListItem } from '@portal/contract';
import type { Db } from '../db/client.ts';
import { files } from '../modules/files/files.table.ts';
import { NotFoundError, UnprocessableError } from './errors.ts';

/**
 * Rules the staff console's content modules share (news, complaints, information, FAQ, planning, and
 * the modules of part B): drafts and publishing, search, keyset paging over several sort keys.
 */

/**
 * The read condition of every resident, partner and public read: an item shows once its publish_at has
 * passed. A draft (null) never matches (NULL <= now() is not true), a scheduled item from its moment on.
 */
export const publishedNow = (publishAt: AnyPgColumn): SQL => lte(publishAt, sql`now()`);

/** publish_at as the wire has it (ISO or null) into the column's Date, and back. */
export const toPublishAt = (value: string | null): Date | null => (value === null ? null : new Date(value));
export const fromPublishAt = (value: Date | null): string | null => (value === null ? null : value.toISOString());
export const statusOf = (value: Date | null): TContentStatus => contentStatus(value);

/** A content item as a row of the console's list, with the date and group its module shows (or none). */
export const staffListItem = (
  row: { id: number; title: string; isPublic: boolean; publishAt: Date | null }, date: string | null = null, group: string | null = null,
): TStaffListItem => ({
  id: row.id, title: row.title, date, group, is_public: row.isPublic, publish_at: fromPublishAt(row.publishAt), status: statusOf(row.publishAt),
});

/** The item of a content table that `where` finds, with its image's file name (for its link); 404 with `notFound` when there is none. */
export async function findWithImage<T extends PgTable & { imageFileId: AnyPgColumn }>(db: Db, table: T, where: SQL | undefined, notFound: string) {
  // drizzle cannot type a select from a generic table: the cast below says what this select answers.
  const from: PgTable = table;
  const [row] = await db.select({ item: from, imageName: files.filename }).from(from).leftJoin(files, eq(files.id, table.imageFileId)).where(where).limit(1);
  if (!row) throw new NotFoundError(notFound);
  return row as { item: T['$inferSelect']; imageName: string | null };
}

/** ILIKE on any of the columns, with %, _ and \ in the search text taken literally. */
export function searchCondition(q: string | undefined, ...columns: AnyPgColumn[]): SQL | undefined {
  const text = q?.trim();
  if (!text) return undefined;
  const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(...columns.map((column) => ilike(column, like)));
}

/** One sort key of a list: the column, its direction, and the value the cursor row has there. */
export type SortKey = { column: AnyPgColumn; desc?: boolean; value: unknown };

/**
 * The rows after a cursor row in a list sorted by several keys (each ascending or descending): the first
 * key strictly past, or equal and the next key past, and so on. With one direction for all keys this is
 * the row comparison `(a, b) < (x, y)`; mixed directions need the expanded form.
 */
export function keysetAfter(keys: SortKey[]): SQL {
  const past = (key: SortKey) => (key.desc ? lt(key.column, key.value) : gt(key.column, key.value));
  const branches = keys.map((key, i) => and(...keys.slice(0, i).map((k) => eq(k.column, k.value)), past(key))!);
  return or(...branches)!;
}

/** The one field error of a 422 (`{ message, errors: [{ field, message }] }`). */
export const fieldError = (field: string, message: string) => new UnprocessableError(message, [{ field, message }]);

/** 'DD-MM-YYYY' into the date column's 'YYYY-MM-DD' (the contract checked the format). */
export const dutchToIsoDate = (dutch: string): string => dutch.split('-').reverse().join('-');
