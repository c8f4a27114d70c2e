import { and, asc, desc, eq, gt, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Queryable } from '../../lib/queryable.ts';
import { addresses, occupants } from '../address/address.table.ts';
import { customers } from '../customer/customer.table.ts';
import { files } from '../files/files.table.ts';
import { projects } from '../project/project.table.ts';
import { formEntries, formEntryEvents, formFiles, formMenus, formPhotos, forms, formVersions } from './form-engine.table.ts';

export type FormRow = typeof forms.$inferSelect;
export type FormMenuRow = typeof formMenus.$inferSelect;
export type FormEntryRow = typeof formEntries.$inferSelect;
export type FormEntryUpdate = Partial<Omit<typeof formEntries.$inferInsert, 'id' | 'formId' | 'projectId' | 'addressId' | 'visitorTokenHash' | 'version'>>;

/** Whose entries: an address (resident, or partner acting for it), a visitor code's hash, or nobody (a simple public submit). */
export type EntryOwner = { kind: 'address'; addressId: number } | { kind: 'visitor'; visitorTokenHash: string } | { kind: 'anonymous' };

/** What the overview and menus read at most per project; staff keep far fewer. */
const FORMS_LIMIT = 500;
const MENUS_LIMIT = 200;
/** Entries listed per owner and form. */
export const ENTRIES_LIMIT = 200;

export function ownedBy(owner: EntryOwner): SQL {
  switch (owner.kind) {
    case 'address':
      return eq(formEntries.addressId, owner.addressId);
    case 'visitor':
      return eq(formEntries.visitorTokenHash, owner.visitorTokenHash);
    case 'anonymous':
      return sql`false`; // nobody reads an anonymous submit back
  }
}

/**
 * What residents, partners and visitors see: a published, not archived form within its opening and closing
 * moments. `is_active` is the published switch: the console creates forms without it, publishing sets it,
 * archiving clears it (archived_at is checked too, for a form archived by other means).
 */
export const openToResidents = (): SQL => and(
  eq(forms.isActive, true), isNull(forms.archivedAt),
  or(isNull(forms.opensAt), lte(forms.opensAt, sql`now()`)), or(isNull(forms.closesAt), gt(forms.closesAt, sql`now()`)),
)!;

export async function findForm(db: Queryable, formId: number): Promise<FormRow | null> {
  const [row] = await db.select().from(forms).where(and(eq(forms.id, formId), openToResidents())).limit(1);
  return row ?? null;
}

export function listProjectForms(db: Db, projectId: number): Promise<FormRow[]> {
  return db.select().from(forms)
    .where(and(eq(forms.projectId, projectId), openToResidents()))
    .orderBy(asc(forms.position), asc(forms.id))
    .limit(FORMS_LIMIT);
}

export function listProjectMenus(db: Db, projectId: number): Promise<FormMenuRow[]> {
  return db.select().from(formMenus).where(eq(formMenus.projectId, projectId)).orderBy(asc(formMenus.position), asc(formMenus.id)).limit(MENUS_LIMIT);
}

export async function findMenu(db: Db, menuId: number): Promise<FormMenuRow | null> {
  const [row] = await db.select().from(formMenus).where(eq(formMenus.id, menuId)).limit(1);
  return row ?? null;
}

/**
 * The owner's most recent entry of each form of the project (the overview's state per form), by form id. Of a
 * form with several entries, the latest one that holds something: a new, untouched entry does not hide the
 * one finished before it.
 */
export async function latestEntriesByForm(db: Db, projectId: number, owner: EntryOwner): Promise<Map<number, FormEntryRow>> {
  const touched = sql`(${formEntries.values} <> '{}'::jsonb OR ${formEntries.locked} OR ${formEntries.status} NOT IN ('', 'answered', 'answering', 'open'))`;
  const rows = await db.selectDistinctOn([formEntries.formId]).from(formEntries)
    .where(and(eq(formEntries.projectId, projectId), ownedBy(owner)))
    .orderBy(asc(formEntries.formId), desc(touched), desc(formEntries.id))
    .limit(FORMS_LIMIT);
  return new Map(rows.map((r) => [r.formId, r]));
}

export async function findEntry(db: Queryable, formId: number, entryId: number, owner: EntryOwner): Promise<FormEntryRow | null> {
  const [row] = await db.select().from(formEntries).where(and(eq(formEntries.id, entryId), eq(formEntries.formId, formId), ownedBy(owner))).limit(1);
  return row ?? null;
}

/** The owner's most recent entry of a form. */
export async function findLatestEntry(db: Queryable, formId: number, owner: EntryOwner): Promise<FormEntryRow | null> {
  const [row] = await db.select().from(formEntries).where(and(eq(formEntries.formId, formId), ownedBy(owner))).orderBy(desc(formEntries.id)).limit(1);
  return row ?? null;
}

export function listEntries(db: Db, formId: number, owner: EntryOwner): Promise<FormEntryRow[]> {
  return db.select().from(formEntries).where(and(eq(formEntries.formId, formId), ownedBy(owner))).orderBy(desc(formEntries.id)).limit(ENTRIES_LIMIT);
}

export async function countEntries(db: Db, formId: number, owner: EntryOwner): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(formEntries).where(and(eq(formEntries.formId, formId), ownedBy(owner)));
  return row?.n ?? 0;
}

/** The form's published version, read when an entry's answers are saved: the entry keeps the version it was answered on. */
const answeredVersion = sql<number>`(SELECT f.published_version FROM forms f WHERE f.id = "form_entries"."form_id")`;

/** A new entry; for a one-per-owner form null when the owner has one already (the unique index decides). */
export async function insertEntry(db: Queryable, form: Pick<FormRow, 'id' | 'projectId'>, owner: EntryOwner, values: Partial<typeof formEntries.$inferInsert> & { onePerOwner: boolean }): Promise<FormEntryRow | null> {
  const [row] = await db
    .insert(formEntries)
    .values({
      ...values,
      formVersion: sql<number>`(SELECT f.published_version FROM forms f WHERE f.id = ${form.id})`,
      formId: form.id,
      projectId: form.projectId,
      addressId: owner.kind === 'address' ? owner.addressId : null,
      visitorTokenHash: owner.kind === 'visitor' ? owner.visitorTokenHash : null,
    })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/**
 * Changes an entry if it is still at `version` (and `guard` holds): the version goes up by one. Null when
 * someone changed it in between, or the guard failed (the caller tells which).
 */
export async function updateEntry(db: Queryable, entryId: number, version: number, set: FormEntryUpdate, guard?: SQL): Promise<FormEntryRow | null> {
  const [row] = await db
    .update(formEntries)
    .set({ ...set, ...(set.values !== undefined ? { formVersion: answeredVersion } : {}), version: sql`${formEntries.version} + 1`, updatedAt: new Date() })
    .where(and(eq(formEntries.id, entryId), eq(formEntries.version, version), guard))
    .returning();
  return row ?? null;
}

export async function findEntryById(db: Queryable, entryId: number): Promise<FormEntryRow | null> {
  const [row] = await db.select().from(formEntries).where(eq(formEntries.id, entryId)).limit(1);
  return row ?? null;
}

export type EntryActor = { actorKind: 'occupant' | 'staff' | 'visitor' | 'system'; occupantId?: number | null; userId?: number | null };

export async function insertEvent(db: Queryable, entryId: number, actor: EntryActor, action: string, detail?: Record<string, string | number | boolean | null>) {
  await db.insert(formEntryEvents).values({ entryId, action, actorKind: actor.actorKind, occupantId: actor.occupantId ?? null, userId: actor.userId ?? null, detail: detail ?? null });
}

// ---- photos ------------------------------------------------------------------------------------

export type FormPhoto = { id: number; entryId: number; elementId: string; fileId: number; imageWidth: number; imageHeight: number; filename: string; key: string };

const photoColumns = {
  id: formPhotos.id, entryId: formPhotos.entryId, elementId: formPhotos.elementId, fileId: formPhotos.fileId,
  imageWidth: formPhotos.imageWidth, imageHeight: formPhotos.imageHeight, filename: files.filename, key: files.key,
};

/** An entry's photos (bounded by the upload limit per entry). */
export function listPhotos(db: Queryable, entryId: number): Promise<FormPhoto[]> {
  return db.select(photoColumns).from(formPhotos).innerJoin(files, eq(files.id, formPhotos.fileId))
    .where(eq(formPhotos.entryId, entryId)).orderBy(asc(formPhotos.id)).limit(500);
}

export async function findPhoto(db: Db, entryId: number, photoId: number) {
  const [row] = await db.select({ ...photoColumns, file: files }).from(formPhotos).innerJoin(files, eq(files.id, formPhotos.fileId))
    .where(and(eq(formPhotos.id, photoId), eq(formPhotos.entryId, entryId))).limit(1);
  return row ?? null;
}

export async function insertPhoto(db: Queryable, values: typeof formPhotos.$inferInsert) {
  const [row] = await db.insert(formPhotos).values(values).returning();
  return row!;
}

/** Removes photos (rows and file records); returns the storage keys to delete. */
export async function deletePhotos(db: Queryable, photoIds: number[]): Promise<string[]> {
  if (!photoIds.length) return [];
  const removed = await db.delete(formPhotos).where(inArray(formPhotos.id, photoIds)).returning({ fileId: formPhotos.fileId });
  if (!removed.length) return [];
  const gone = await db.delete(files).where(inArray(files.id, removed.map((r) => r.fileId))).returning({ key: files.key });
  return gone.map((f) => f.key);
}

/** Removes one file record (a replaced summary); returns its storage key. */
export async function deleteFile(db: Queryable, fileId: number): Promise<string | null> {
  const [gone] = await db.delete(files).where(eq(files.id, fileId)).returning({ key: files.key });
  return gone?.key ?? null;
}

// ---- who may read the engine's files (GET /api/files/...) -----------------------------------------

type Reader = { addressId: number } | { customerIds: number[] };
const readerCondition = (reader: Reader) =>
  'addressId' in reader ? eq(formEntries.addressId, reader.addressId) : inArray(projects.customerId, reader.customerIds.length ? reader.customerIds : [-1]);

export async function photoFileReadable(db: Db, fileId: number, reader: Reader): Promise<boolean> {
  const [row] = await db.select({ id: formPhotos.id }).from(formPhotos)
    .innerJoin(formEntries, eq(formEntries.id, formPhotos.entryId))
    .innerJoin(projects, eq(projects.id, formEntries.projectId))
    .where(and(eq(formPhotos.fileId, fileId), readerCondition(reader)))
    .limit(1);
  return Boolean(row);
}

/** The entry whose current summary is this file, if the reader may read it. */
export async function summaryFileEntry(db: Db, fileId: number, reader: Reader): Promise<FormEntryRow | null> {
  const [row] = await db.select({ entry: formEntries }).from(formEntries)
    .innerJoin(projects, eq(projects.id, formEntries.projectId))
    .where(and(eq(formEntries.summaryFileId, fileId), readerCondition(reader)))
    .limit(1);
  return row?.entry ?? null;
}

/** A definition's file (a drawing): residents of the form's project, staff of its customer, anyone for a public form of a public project. */
export async function formFileReadable(db: Db, fileId: number, reader: { projectIds: number[] } | { customerIds: number[] } | { public: true }): Promise<boolean> {
  const condition = 'projectIds' in reader
    ? inArray(forms.projectId, reader.projectIds.length ? reader.projectIds : [-1])
    : 'customerIds' in reader
      ? inArray(projects.customerId, reader.customerIds.length ? reader.customerIds : [-1])
      : and(eq(forms.isPublic, true), eq(projects.isPublic, true));
  const [row] = await db.select({ formId: formFiles.formId }).from(formFiles)
    .innerJoin(forms, eq(forms.id, formFiles.formId))
    .innerJoin(projects, eq(projects.id, forms.projectId))
    .where(and(eq(formFiles.fileId, fileId), 'customerIds' in reader ? undefined : openToResidents(), condition))
    .limit(1);
  return Boolean(row);
}

export function listAddressOccupants(db: Db, addressId: number) {
  return db.select({ id: occupants.id, firstName: occupants.firstName, affix: occupants.affix, lastName: occupants.lastName })
    .from(occupants).where(eq(occupants.addressId, addressId)).orderBy(desc(occupants.isMain), asc(occupants.id)).limit(50);
}

export async function findAddress(db: Db, addressId: number) {
  const [row] = await db.select({ id: addresses.id, street: addresses.street, houseNumber: addresses.houseNumber, zipcode: addresses.zipcode, city: addresses.city })
    .from(addresses).where(eq(addresses.id, addressId)).limit(1);
  return row ?? null;
}

/**
 * Records the summary made from `version`, if the entry is still at it. Neither the version nor
 * `updated_at` changes: nothing the resident filled in changed.
 */
export async function setSummaryFile(db: Queryable, entryId: number, version: number, fileId: number): Promise<boolean> {
  const rows = await db.update(formEntries).set({ summaryFileId: fileId, summaryVersion: version })
    .where(and(eq(formEntries.id, entryId), eq(formEntries.version, version))).returning({ id: formEntries.id });
  return rows.length > 0;
}

/** The summary `fileId` was opened: recorded once, while it is the entry's current summary (no version bump: viewing is no edit). */
export async function setSummaryViewed(db: Queryable, entryId: number, fileId: number): Promise<void> {
  await db.update(formEntries).set({ summaryViewedAt: new Date() })
    .where(and(eq(formEntries.id, entryId), eq(formEntries.summaryFileId, fileId), isNull(formEntries.summaryViewedAt)));
}

/**
 * The entry is e-mailed to `to`, once: false when it was e-mailed before (also by a request at the same
 * moment). No version bump: the form itself did not change.
 */
export async function markEmailed(db: Queryable, entryId: number, to: string[]): Promise<boolean> {
  const rows = await db.update(formEntries).set({ emailTo: to, sentAt: new Date() })
    .where(and(eq(formEntries.id, entryId), isNull(formEntries.sentAt))).returning({ id: formEntries.id });
  return rows.length > 0;
}

/** One published version of a form (what an entry with that `form_version` answered), or null. */
export async function findFormVersion(db: Queryable, formId: number, version: number | null) {
  if (version === null) return null;
  const [row] = await db.select().from(formVersions).where(and(eq(formVersions.formId, formId), eq(formVersions.version, version))).limit(1);
  return row ?? null;
}

/** The logo (its stored URL) of the customer a project belongs to, or null. */
export async function customerLogoOfProject(db: Db, projectId: number): Promise<string | null> {
  const [row] = await db.select({ logo: customers.logo }).from(projects)
    .innerJoin(customers, eq(customers.id, projects.customerId))
    .where(eq(projects.id, projectId)).limit(1);
  return row?.logo ?? null;
}
