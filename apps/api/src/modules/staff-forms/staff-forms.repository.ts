import { and, asc, desc, eq, ilike, inArray, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { TStaffFormListQuery } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import type { Queryable } from '../../lib/queryable.ts';
import { users } from '../auth/auth.table.ts';
import { files } from '../files/files.table.ts';
import { formAttachments, formEntries, formFiles, formMenus, forms, formVersions } from '../form-engine/form-engine.table.ts';
import { projects } from '../project/project.table.ts';

export type FormRow = typeof forms.$inferSelect;
export type FormVersionRow = typeof formVersions.$inferSelect;

// Written out: inside a subquery drizzle may leave a column of the outer table unqualified.
const entryCount = sql<number>`(SELECT count(*)::int FROM form_entries fe WHERE fe.form_id = "forms"."id")`;

/** A form of one of these projects (the caller's reach), with its entry count; null when it is not. */
export async function findStaffForm(db: Queryable, formId: number, customerId: number): Promise<(FormRow & { entryCount: number }) | null> {
  const [row] = await db.select({ form: forms, entryCount }).from(forms).innerJoin(projects, eq(projects.id, forms.projectId))
    .where(and(eq(forms.id, formId), eq(projects.customerId, customerId))).limit(1);
  return row ? { ...row.form, entryCount: row.entryCount } : null;
}

/** The row, locked for the rest of the transaction (publishing, saving). */
export async function lockForm(tx: Queryable, formId: number): Promise<FormRow | null> {
  const [row] = await tx.select().from(forms).where(eq(forms.id, formId)).for('update').limit(1);
  return row ?? null;
}

/** A project's forms, newest first, keyset-paged by id (backed by the primary key and forms_project_idx). */
export function listStaffForms(db: Db, projectId: number, query: TStaffFormListQuery, limit: number) {
  const where: Array<SQL | undefined> = [eq(forms.projectId, projectId)];
  if (query.kind) where.push(eq(forms.kind, query.kind));
  if (query.status === 'archived') where.push(isNotNull(forms.archivedAt));
  else where.push(isNull(forms.archivedAt));
  if (query.status === 'published') where.push(isNotNull(forms.publishedVersion));
  if (query.status === 'draft') where.push(isNull(forms.publishedVersion));
  if (query.q) where.push(ilike(forms.name, `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  if (query.before) where.push(lt(forms.id, query.before));
  return db.select({ form: forms, entryCount }).from(forms).where(and(...where)).orderBy(desc(forms.id)).limit(limit);
}

/** Support-base: an address signed, started signing or finished on paper (publishing then asks for a consent decision). */
export async function signingStarted(db: Queryable, formId: number): Promise<boolean> {
  const [row] = await db.select({ id: formEntries.id }).from(formEntries).where(and(eq(formEntries.formId, formId), signingStartedCondition)).limit(1);
  return Boolean(row);
}
export const signingStartedCondition = sql`(${formEntries.signRequested} OR ${formEntries.agreement} IS NOT NULL OR ${formEntries.onPaper} OR ${formEntries.status} IN ('signed', 'confirmed'))`;

export function listVersions(db: Db, formId: number) {
  const counts = db.select({ version: formEntries.formVersion, n: sql<number>`count(*)::int`.as('n') }).from(formEntries)
    .where(eq(formEntries.formId, formId)).groupBy(formEntries.formVersion).as('counts');
  return db.select({ version: formVersions, publishedBy: users.name, entryCount: sql<number>`coalesce(${counts.n}, 0)` })
    .from(formVersions).leftJoin(users, eq(users.id, formVersions.publishedBy)).leftJoin(counts, eq(counts.version, formVersions.version))
    .where(eq(formVersions.formId, formId)).orderBy(desc(formVersions.version)).limit(500);
}

export async function findVersion(db: Db, formId: number, version: number) {
  const [row] = await db.select({ version: formVersions, publishedBy: users.name, entryCount: sql<number>`(SELECT count(*)::int FROM form_entries fe WHERE fe.form_id = ${formId} AND fe.form_version = ${version})` })
    .from(formVersions).leftJoin(users, eq(users.id, formVersions.publishedBy))
    .where(and(eq(formVersions.formId, formId), eq(formVersions.version, version))).limit(1);
  return row ?? null;
}

// ---- files a definition uses ---------------------------------------------------------------------

const FILE_LINK = /\/api\/files\/(\d{1,10})\//g;

/** The file ids a definition links to (drawings, option pictures). */
export function definitionFileIds(definition: unknown): number[] {
  const ids = new Set<number>();
  for (const match of JSON.stringify(definition).matchAll(FILE_LINK)) ids.add(Number(match[1]));
  return [...ids].filter((id) => id <= 2_147_483_647);
}

/**
 * Links the definition's files to the form so that whoever opens the form may read them: only files that
 * a form of the same customer holds already (an upload through this builder, a copy, an import within the
 * installation); links to anything else stay unreadable.
 */
export async function linkDefinitionFiles(tx: Queryable, formId: number, customerId: number, definition: unknown): Promise<void> {
  const ids = definitionFileIds(definition);
  if (!ids.length) return;
  const known = await tx.selectDistinct({ fileId: formFiles.fileId }).from(formFiles)
    .innerJoin(forms, eq(forms.id, formFiles.formId)).innerJoin(projects, eq(projects.id, forms.projectId))
    .where(and(inArray(formFiles.fileId, ids), eq(projects.customerId, customerId)));
  if (!known.length) return;
  await tx.insert(formFiles).values(known.map((k) => ({ formId, fileId: k.fileId }))).onConflictDoNothing();
}

// ---- attachments ---------------------------------------------------------------------------------

export function listAttachments(db: Queryable, formId: number) {
  return db.select({ attachment: formAttachments, file: { id: files.id, filename: files.filename } }).from(formAttachments)
    .innerJoin(files, eq(files.id, formAttachments.fileId))
    .where(eq(formAttachments.formId, formId)).orderBy(asc(formAttachments.position), asc(formAttachments.id)).limit(100);
}

// ---- menus ---------------------------------------------------------------------------------------

export function listMenus(db: Db, projectId: number) {
  return db.select({ menu: formMenus, formCount: sql<number>`(SELECT count(*)::int FROM forms f WHERE f.menu_id = "form_menus"."id")` })
    .from(formMenus).where(eq(formMenus.projectId, projectId)).orderBy(asc(formMenus.position), asc(formMenus.id)).limit(200);
}

export async function findMenuOf(db: Queryable, projectId: number, menuId: number) {
  const [row] = await db.select().from(formMenus).where(and(eq(formMenus.id, menuId), eq(formMenus.projectId, projectId))).limit(1);
  return row ?? null;
}
