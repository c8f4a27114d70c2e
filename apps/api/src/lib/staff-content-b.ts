import { and, eq, ilike, like, or, sql, type SQL } from 'drizzle-orm';
import { formatPostcode, ZApiError } from '@portal/contract';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import { UnprocessableError } from './errors.ts';
import { addresses } from '../modules/address/address.table.ts';
import { addressProjects } from '../modules/project/project.table.ts';
import { files as filesTable } from '../modules/files/files.table.ts';
import type { FilesService } from '../modules/files/files.service.ts';
import { signLinksIn } from '../modules/files/file-links.ts';
import type { StaffContext } from '../modules/staff/staff-access.ts';

/*
 * What the console's content modules of part B (work order, partners, contacts, documents, dossier)
 * share on the server: the OpenAPI bits of their routes, signed file links, search and address text.
 */

export const staffTags = ['staff'];
export const staffSecurity = [{ bearer: [] }];
export const staffReadErrors = { 401: ZApiError, 403: ZApiError, 404: ZApiError, 422: ZApiError };
export const staffWriteErrors = { ...staffReadErrors, 400: ZApiError, 409: ZApiError };
export const staffUploadErrors = { ...staffWriteErrors, 413: ZApiError };

/**
 * The console's answers carry their file links signed for the console session (an <img> or a download
 * cannot send the Authorization header), as authorised answers of the portal do (file-links.ts).
 */
export async function signedFor<T>(files: FilesService, ctx: StaffContext, answer: T): Promise<T> {
  return signLinksIn(answer, await files.links.signer(ctx.sessionId)) as T;
}

/** `text` with LIKE's wildcards escaped. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
/** A LIKE pattern that matches `text` literally anywhere. */
export const containing = (text: string) => `%${escapeLike(text)}%`;

/** Every word of `q` occurs in one of `columns` (case-insensitive); undefined without words. */
export function matchesWords(q: string | undefined, columns: Array<SQL | AnyPgColumn>): SQL | undefined {
  const words = (q ?? '').split(/\s+/).filter(Boolean).slice(0, 8);
  if (!words.length) return undefined;
  return and(...words.map((word) => or(...columns.map((column) => ilike(column, containing(word))))!));
}

/**
 * The rows of a project's list past its item `after` in the order (`key`, id), ascending or descending:
 * one row comparison with that item's values (no rows when it is not the project's); undefined without `after`.
 */
export function pastItem(
  table: PgTable & { id: AnyPgColumn; projectId: AnyPgColumn }, key: AnyPgColumn, order: 'asc' | 'desc', scope: { projectId: number; after?: number },
): SQL | undefined {
  if (scope.after === undefined) return undefined;
  // In the subquery the table's name stands for its own FROM (the item `after`), outside it for the listed row.
  const item = sql`(select ${key}, ${table.id} from ${table} where ${table.id} = ${scope.after} and ${table.projectId} = ${scope.projectId})`;
  return order === 'desc' ? sql`(${key}, ${table.id}) < ${item}` : sql`(${key}, ${table.id}) > ${item}`;
}

/** 'Tulpstraat 10, 1234 AB Utrecht' */
export const fullAddress = (a: { street: string; houseNumber: string; zipcode: string; city: string }) =>
  `${a.street} ${a.houseNumber}, ${formatPostcode(a.zipcode)} ${a.city}`;

/** What an address search matches: street, house number, postcode and city. */
export const addressSearchColumns = [addresses.street, addresses.houseNumber, addresses.zipcode, addresses.city];

/**
 * An address search: every word of `q` matches. A short number ('12', '12a') is a house number and
 * matches the start of one (so 'Tulpstraat 12' does not find number 10 through its postcode 1234AB);
 * other words match street, postcode (spaces left out: '1234 AB' finds 1234AB) or city anywhere.
 */
export function matchesAddress(q: string | undefined): SQL | undefined {
  const words = (q ?? '').replace(/\b(\d{4})\s+([a-z]{2})\b/gi, '$1$2').split(/\s+/).filter(Boolean).slice(0, 8);
  if (!words.length) return undefined;
  return and(...words.map((word) => (/^\d{1,3}[a-z]?$/i.test(word)
    ? ilike(addresses.houseNumber, `${escapeLike(word)}%`)
    : or(...addressSearchColumns.map((column) => ilike(column, containing(word))))!)));
}

/** The numeric part of a house number, so that 2 sorts before 10. */
export const houseNumberOrder = sql<number>`coalesce(nullif(substring(${addresses.houseNumber} from '^[0-9]+'), '')::int, 0)`;

/** The address belongs to the project (address_projects): the condition for a query joined with `addresses`. */
export const inProject = (projectId: number) =>
  sql`exists (select 1 from ${addressProjects} where ${addressProjects.addressId} = ${addresses.id} and ${addressProjects.projectId} = ${projectId})`;

/** The address columns an answer needs for its full address. */
export const addressColumns = { street: addresses.street, houseNumber: addresses.houseNumber, zipcode: addresses.zipcode, city: addresses.city };

/** An address of the customer in the project, with the columns of its full address; null when it is not one. */
export async function findProjectAddress(db: Db, scope: { customerId: number; projectId: number }, addressId: number) {
  const [row] = await db
    .select({ id: addresses.id, ...addressColumns })
    .from(addresses)
    .where(and(eq(addresses.id, addressId), eq(addresses.customerId, scope.customerId), inProject(scope.projectId)))
    .limit(1);
  return row ?? null;
}

/**
 * Removes a replaced or deleted item's file: the row (when it is `owner`'s, or a staff image of
 * `owner:{projectId}`, and `unused` holds: no item refers to it any more) and then its bytes, best
 * effort. Called after the change is committed.
 */
export async function deleteFileIfUnused(db: Db, files: FilesService, input: { fileId: number | null | undefined; owner: string; unused: SQL }) {
  if (!input.fileId) return;
  // Another module's row may still refer to it (a foreign key refuses the delete): then it stays.
  const [row] = await db
    .delete(filesTable)
    .where(and(eq(filesTable.id, input.fileId), or(eq(filesTable.owner, input.owner), like(filesTable.owner, `${input.owner}:%`)), input.unused))
    .returning({ key: filesTable.key })
    .catch(() => []);
  if (row) await files.storage.delete(row.key).catch(() => undefined);
}

/** A multipart form's text fields through a body schema: the parsed body, or a 422 naming each field. */
export function parseFormFields<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  throw new UnprocessableError(undefined, parsed.error.issues.map((issue) => ({
    field: issue.path.join('.'),
    // zod's own English texts become a Dutch generic one; the contract's schemas carry Dutch texts.
    message: /^(Invalid|Expected|Too (big|small)|Required|Unrecognized)/i.test(issue.message) ? 'Deze waarde is ongeldig' : issue.message,
  })));
}

/** The file id of an uploaded file's link ('/api/files/12/kaart.png' -> 12); null for any other link. */
export function fileIdOfUrl(url: string | null): number | null {
  const id = /^\/api\/files\/(\d+)\//.exec(url ?? '')?.[1];
  return id ? Number(id) : null;
}
