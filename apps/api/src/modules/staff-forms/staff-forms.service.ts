import { and, eq, sql } from 'drizzle-orm';
import {
  FORM_FILE_FORMAT, FORM_FILE_SCHEMA_VERSION, FORMS_EXPORT_MAX, type TStaffFormListExportQuery, ZFormFile, defaultFormSettings, newDefinitionId, staffFormsMessages, validateFormDefinition,
  ZFormDefinition, type TFormDefinitionInput, type TFormFamily, type TFormFile, type TFormSectionDefinition, type TStaffForm, type TStaffFormAttachment, type TStaffFormCreateBody,
  type TStaffFormImage, type TStaffFormListItem, type TStaffFormListQuery, type TStaffFormMenu, type TStaffFormPublishBody, type TStaffFormSettings,
  type TStaffFormStatus, type TStaffFormUpdateBody, type TStaffFormVersion, type TStaffFormVersionDetail,
} from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { ConflictError, NotFoundError, UnprocessableError, type FieldError } from '../../lib/errors.ts';
import { pageSize, toPage, type Page } from '../../lib/paging.ts';
import { exportTable, type ExportColumn, type ExportFile } from '../../lib/table-export.ts';
import type { Queryable } from '../../lib/queryable.ts';
import { sanitizeStaffHtml } from '../../lib/sanitize.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { fileUrl, processImage, type FilesService, type UploadedDocument } from '../files/index.ts';
import { formAttachments, formEntries, formEntryEvents, formFiles, formMenus, forms, formVersions } from '../form-engine/form-engine.table.ts';
import type { StaffAccess, StaffContext } from '../staff/staff-access.ts';
import {
  findMenuOf, findStaffForm, findVersion, linkDefinitionFiles, listAttachments, listMenus, listStaffForms, listVersions, lockForm, signingStarted,
  signingStartedCondition, type FormRow, type FormVersionRow,
} from './staff-forms.repository.ts';

export type StaffFormsDeps = { db: Db; files: FilesService; audit: AuditService; access: StaffAccess };

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const html = (value: string | null) => (value && value.trim() ? sanitizeStaffHtml(value) : null);
const date = (value: string | null) => (value ? new Date(value) : null);

export function statusOf(row: Pick<FormRow, 'archivedAt' | 'publishedVersion'>): TStaffFormStatus {
  if (row.archivedAt) return 'archived';
  return row.publishedVersion === null ? 'draft' : 'published';
}

export function settingsOf(row: FormRow): TStaffFormSettings {
  return {
    name: row.name, description: row.description, opens_at: iso(row.opensAt), closes_at: iso(row.closesAt),
    use_sms_authentication: row.useSmsAuthentication, max_signers: row.maxSigners,
    require_to_sign_form: row.requireToSignForm, require_to_sign_form_legally: row.requireToSignFormLegally,
    enable_payment: row.enablePayment, disable_prices: row.disablePrices, deadline: iso(row.deadline),
    summary_text: row.summaryText, status_text: row.statusText,
    allow_form_to_be_emailed: row.allowFormToBeEmailed, allow_multiple_entries: row.allowMultipleEntries, is_public: row.isPublic,
    summary_enabled: row.summaryEnabled, nr_of_signatures_enabled: row.nrOfSignaturesEnabled, status_enabled: row.statusEnabled,
    menu_id: row.menuId,
  };
}

/** The columns of a form's settings; staff HTML sanitised. Support-base forms are always signed through the signing service. */
function settingsColumns(kind: TFormFamily, s: TStaffFormSettings) {
  const consent = kind === 'support-base';
  return {
    name: s.name, description: html(s.description), opensAt: date(s.opens_at), closesAt: date(s.closes_at),
    useSmsAuthentication: s.use_sms_authentication, maxSigners: s.max_signers,
    requireToSignForm: consent || s.require_to_sign_form, requireToSignFormLegally: consent || s.require_to_sign_form_legally,
    enablePayment: kind === 'choice' && s.enable_payment, disablePrices: s.disable_prices, deadline: date(s.deadline),
    summaryText: html(s.summary_text), statusText: html(s.status_text),
    allowFormToBeEmailed: s.allow_form_to_be_emailed, allowMultipleEntries: kind === 'generic' && s.allow_multiple_entries,
    isPublic: kind === 'generic' && s.is_public,
    summaryEnabled: s.summary_enabled, nrOfSignaturesEnabled: s.nr_of_signatures_enabled, statusEnabled: s.status_enabled,
    menuId: kind === 'generic' ? s.menu_id : null,
  };
}

const draftOf = (row: FormRow): TFormSectionDefinition[] => row.draftDefinition ?? row.definition;
const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** 422 when the validator of the contract finds problems, each naming the element. */
function validDefinition(kind: TFormFamily, input: TFormDefinitionInput | TFormSectionDefinition[]): TFormSectionDefinition[] {
  let problems: ReturnType<typeof validateFormDefinition>;
  try {
    problems = validateFormDefinition(kind, input as TFormSectionDefinition[]);
  } catch {
    problems = []; // a shape the rules do not expect (a number for a label): the schema below names it
  }
  if (problems.length) throw new UnprocessableError(staffFormsMessages.invalidDefinition, problems.map((p) => ({ field: p.field, message: p.message })));
  // What the validator let through is the element model; the model's schema still has the last word.
  const parsed = ZFormDefinition.safeParse(input);
  if (!parsed.success) throw new UnprocessableError(staffFormsMessages.invalidDefinition, zodErrors(parsed.error.issues, 'sections'));
  return parsed.data;
}

function zodErrors(issues: Array<{ path: PropertyKey[]; message: string }>, prefix?: string): FieldError[] {
  return issues.map((issue) => ({
    field: [prefix, ...issue.path.map(String)].filter(Boolean).join('.'),
    message: /^(Invalid|Expected|Too (big|small)|Required|Unrecognized)/i.test(issue.message) ? 'Deze waarde is ongeldig' : issue.message,
  }));
}

const unprocessable = (field: string, message: string) => new UnprocessableError(message, [{ field, message }]);

function toVersion(row: { version: FormVersionRow; publishedBy: string | null; entryCount: number }): TStaffFormVersion {
  return {
    version: row.version.version, name: row.version.name, published_at: row.version.publishedAt.toISOString(), published_by: row.publishedBy,
    consent_decision: row.version.consentDecision, consent_decision_reason: row.version.consentDecisionReason, entry_count: row.entryCount,
  };
}

/**
 * The console's form builder: forms of the four kinds with their settings, a draft saved with a revision
 * (409 on a stale one), publishing that freezes a version (and, for a consent proposal republished after
 * signing started, the editor's decision about consent already given), copies, archive, the JSON file,
 * attachments, images and menus. Every change is audited in its transaction.
 */
export function createStaffFormsService({ db, files, audit, access }: StaffFormsDeps) {
  /** A form of the caller's customer in a project the caller reaches, or 404. */
  async function formOf(ctx: StaffContext, formId: number) {
    const row = await findStaffForm(db, formId, ctx.customerId);
    if (!row) throw new NotFoundError(staffFormsMessages.formNotFound);
    await access.project(ctx, row.projectId);
    return row;
  }

  async function toDetail(row: FormRow & { entryCount: number }): Promise<TStaffForm> {
    return {
      id: row.id, project_id: row.projectId, kind: row.kind, status: statusOf(row), published_version: row.publishedVersion,
      has_draft: row.draftDefinition !== null, revision: row.revision, settings: settingsOf(row), definition: draftOf(row),
      entry_count: row.entryCount, signing_started: row.kind === 'support-base' && (await signingStarted(db, row.id)),
      archived_at: iso(row.archivedAt), updated_at: row.updatedAt.toISOString(),
    };
  }

  async function reread(ctx: StaffContext, formId: number) {
    return toDetail(await formOf(ctx, formId));
  }

  async function assertMenu(tx: Queryable, projectId: number, menuId: number | null) {
    if (menuId !== null && !(await findMenuOf(tx, projectId, menuId))) throw unprocessable('settings.menu_id', staffFormsMessages.menuNotFound);
  }

  /** A new draft form in a project (create, copy, import): not visible to residents until published. */
  async function insertDraft(ctx: StaffContext, projectId: number, input: { kind: TFormFamily; settings: TStaffFormSettings; definition: TFormSectionDefinition[] }, action: string, extra?: (tx: Queryable, id: number) => Promise<void>) {
    const id = await db.transaction(async (tx) => {
      const [row] = await tx.insert(forms).values({
        projectId, kind: input.kind, ...settingsColumns(input.kind, input.settings),
        definition: [], draftDefinition: input.definition, isActive: false, publishedVersion: null,
        // After the project's other forms: residents' lists and the tally's first consent form keep their order.
        position: sql`(SELECT coalesce(max(f.position) + 1, 0) FROM ${forms} f WHERE f.project_id = ${projectId})`,
      }).returning();
      await linkDefinitionFiles(tx, row!.id, ctx.customerId, input.definition);
      if (extra) await extra(tx, row!.id);
      await audit.record(ctx, { action, entity: 'form', entityId: row!.id, projectId, after: { kind: input.kind, name: row!.name } }, tx);
      return row!.id;
    });
    return reread(ctx, id);
  }

  return {
    async list(ctx: StaffContext, projectId: number, query: TStaffFormListQuery): Promise<Page<TStaffFormListItem>> {
      await access.project(ctx, projectId);
      const size = pageSize(query);
      const rows = await listStaffForms(db, projectId, query, size + 1);
      return toPage(rows.map(({ form, entryCount }) => ({
        id: form.id, kind: form.kind, name: form.name, status: statusOf(form), published_version: form.publishedVersion,
        has_draft: form.draftDefinition !== null, entry_count: entryCount, opens_at: iso(form.opensAt), closes_at: iso(form.closesAt),
        updated_at: form.updatedAt.toISOString(),
      })), size);
    },

    get: reread,

    /** The list (same filters) as CSV or XLSX; audited. */
    async exportList(ctx: StaffContext, projectId: number, query: TStaffFormListExportQuery): Promise<ExportFile> {
      const project = await access.project(ctx, projectId);
      const rows = await listStaffForms(db, projectId, query, FORMS_EXPORT_MAX);
      type Row = (typeof rows)[number];
      const columns: ExportColumn<Row>[] = [
        { header: 'Id', value: (r) => r.form.id, kind: 'number' },
        { header: 'Naam', value: (r) => r.form.name, width: 40 },
        { header: 'Soort', value: (r) => r.form.kind },
        { header: 'Status', value: (r) => ({ draft: 'Concept', published: 'Gepubliceerd', archived: 'Gearchiveerd' })[statusOf(r.form)] },
        { header: 'Gepubliceerde versie', value: (r) => r.form.publishedVersion, kind: 'number' },
        { header: 'Niet-gepubliceerde wijzigingen', value: (r) => r.form.draftDefinition !== null },
        { header: 'Invullingen', value: (r) => r.entryCount, kind: 'number' },
        { header: 'Open vanaf', value: (r) => r.form.opensAt, kind: 'date' },
        { header: 'Sluit', value: (r) => r.form.closesAt, kind: 'date' },
        { header: 'Gewijzigd', value: (r) => r.form.updatedAt, kind: 'date' },
      ];
      await audit.record(ctx, { action: 'export', entity: 'forms', entityId: projectId, projectId, after: { format: query.format, rows: rows.length } });
      return exportTable(query.format, `Formulieren ${project.name}`, columns, rows);
    },

    async create(ctx: StaffContext, projectId: number, body: TStaffFormCreateBody): Promise<TStaffForm> {
      await access.project(ctx, projectId);
      return insertDraft(ctx, projectId, { kind: body.kind, settings: defaultFormSettings(body.kind, body.name), definition: [{ id: newDefinitionId('s'), label: 'Onderdeel 1', elements: [] }] }, 'create');
    },

    /** Saves settings and the draft, if nobody saved since `revision` (409 otherwise). */
    async update(ctx: StaffContext, formId: number, body: TStaffFormUpdateBody): Promise<TStaffForm> {
      const before = await formOf(ctx, formId);
      if (before.archivedAt) throw new ConflictError(staffFormsMessages.archived);
      const definition = validDefinition(before.kind, body.definition);
      await db.transaction(async (tx) => {
        await assertMenu(tx, before.projectId, before.kind === 'generic' ? body.settings.menu_id : null);
        // A draft equal to the published version is no draft (NULL); a form never published keeps its draft.
        const draft = before.publishedVersion !== null && sameJson(definition, before.definition) ? null : definition;
        const [row] = await tx.update(forms)
          .set({ ...settingsColumns(before.kind, body.settings), draftDefinition: draft, revision: sql`${forms.revision} + 1`, updatedAt: new Date() })
          .where(and(eq(forms.id, formId), eq(forms.revision, body.revision))).returning();
        if (!row) throw new ConflictError(staffFormsMessages.stale);
        await linkDefinitionFiles(tx, formId, ctx.customerId, definition);
        await audit.record(ctx, { action: 'update', entity: 'form', entityId: formId, projectId: before.projectId, before: settingsOf(before), after: settingsOf(row) }, tx);
      });
      return reread(ctx, formId);
    },

    /**
     * Freezes the draft as the next version: residents answer it from now on. A consent form republished
     * after signing started needs the editor's decision: 'keep' (consent given stays valid) or 'ask-again'
     * (signed addresses are asked again: their entries reopen, the agreement no longer counts, the signed
     * document stays as evidence and the entry's history records it).
     */
    async publish(ctx: StaffContext, formId: number, body: TStaffFormPublishBody): Promise<TStaffForm> {
      const found = await formOf(ctx, formId);
      await db.transaction(async (tx) => {
        const form = await lockForm(tx, formId);
        if (!form) throw new NotFoundError(staffFormsMessages.formNotFound);
        if (form.revision !== body.revision) throw new ConflictError(staffFormsMessages.stale);
        if (form.archivedAt) throw new ConflictError(staffFormsMessages.archived);
        const definition = draftOf(form);
        if (form.publishedVersion !== null && form.draftDefinition === null) throw unprocessable('definition', staffFormsMessages.nothingToPublish);
        if (!definition.some((s) => s.elements.length > 0)) throw unprocessable('definition', staffFormsMessages.emptyDefinition);
        validDefinition(form.kind, definition);
        const needsDecision = form.kind === 'support-base' && form.publishedVersion !== null && (await signingStarted(tx, formId));
        const decision = needsDecision ? body.consent_decision : undefined;
        if (needsDecision && !decision) throw unprocessable('consent_decision', staffFormsMessages.consentDecisionRequired);
        if (needsDecision && !body.consent_decision_reason) throw unprocessable('consent_decision_reason', staffFormsMessages.consentReasonRequired);
        const version = (form.publishedVersion ?? 0) + 1;
        await tx.insert(formVersions).values({
          formId, version, name: form.name, description: form.description, definition, publishedBy: ctx.userId,
          consentDecision: decision ?? null, consentDecisionReason: decision ? body.consent_decision_reason! : null,
        });
        await tx.update(forms).set({
          definition, draftDefinition: null, publishedVersion: version, isActive: true, revision: sql`${forms.revision} + 1`, updatedAt: new Date(),
        }).where(eq(forms.id, formId));
        let askedAgain = 0;
        if (decision === 'ask-again') {
          const reopened = await tx.update(formEntries).set({
            status: 'open', agreement: null, agreementAt: null, signRequested: false, onPaper: false, locked: false, lockedAt: null,
            signatures: {}, nrOfSignatures: null, summaryViewedAt: null, version: sql`${formEntries.version} + 1`, updatedAt: new Date(),
          }).where(and(eq(formEntries.formId, formId), signingStartedCondition)).returning({ id: formEntries.id });
          askedAgain = reopened.length;
          if (reopened.length) {
            await tx.insert(formEntryEvents).values(reopened.map((r) => ({
              entryId: r.id, action: 'asked-again', actorKind: 'staff', userId: ctx.userId,
              detail: { version, reason: body.consent_decision_reason ?? null },
            })));
          }
        }
        await audit.record(ctx, {
          action: 'publish', entity: 'form', entityId: formId, projectId: form.projectId,
          after: { version, consent_decision: decision ?? null, consent_decision_reason: decision ? body.consent_decision_reason : null, asked_again: askedAgain },
        }, tx);
      });
      return reread(ctx, found.id);
    },

    async versions(ctx: StaffContext, formId: number): Promise<TStaffFormVersion[]> {
      await formOf(ctx, formId);
      return (await listVersions(db, formId)).map(toVersion);
    },

    async version(ctx: StaffContext, formId: number, version: number): Promise<TStaffFormVersionDetail> {
      await formOf(ctx, formId);
      const row = await findVersion(db, formId, version);
      if (!row) throw new NotFoundError(staffFormsMessages.versionNotFound);
      return { ...toVersion(row), description: row.version.description, definition: row.version.definition };
    },

    /** A copy as a new draft, in this project or another the caller reaches (404 otherwise), with its attachments. */
    async copy(ctx: StaffContext, formId: number, targetProjectId: number): Promise<TStaffForm> {
      const source = await formOf(ctx, formId);
      await access.project(ctx, targetProjectId).catch(() => {
        throw new NotFoundError(staffFormsMessages.copyTargetNotFound);
      });
      const sameProject = targetProjectId === source.projectId;
      const settings = { ...settingsOf(source), name: sameProject ? `${source.name} (kopie)`.slice(0, 200) : source.name, menu_id: sameProject ? source.menuId : null };
      return insertDraft(ctx, targetProjectId, { kind: source.kind, settings, definition: draftOf(source) }, 'copy', async (tx, id) => {
        const [linked, attached] = await Promise.all([
          tx.select({ fileId: formFiles.fileId }).from(formFiles).where(eq(formFiles.formId, formId)).limit(1000),
          tx.select().from(formAttachments).where(eq(formAttachments.formId, formId)).limit(100),
        ]);
        if (linked.length) await tx.insert(formFiles).values(linked.map((l) => ({ formId: id, fileId: l.fileId }))).onConflictDoNothing();
        if (attached.length) await tx.insert(formAttachments).values(attached.map((a) => ({ formId: id, fileId: a.fileId, name: a.name, position: a.position })));
      });
    },

    async archive(ctx: StaffContext, formId: number, archived: boolean): Promise<TStaffForm> {
      const before = await formOf(ctx, formId);
      if (archived === (before.archivedAt !== null)) throw new ConflictError(archived ? staffFormsMessages.archived : staffFormsMessages.notArchived);
      await db.transaction(async (tx) => {
        await tx.update(forms).set({
          archivedAt: archived ? new Date() : null, isActive: !archived && before.publishedVersion !== null,
          revision: sql`${forms.revision} + 1`, updatedAt: new Date(),
        }).where(eq(forms.id, formId));
        await audit.record(ctx, { action: archived ? 'archive' : 'restore', entity: 'form', entityId: formId, projectId: before.projectId }, tx);
      });
      return reread(ctx, formId);
    },

    /** The form as a JSON file: its settings (without the project's menu) and its draft. */
    async exportFile(ctx: StaffContext, formId: number): Promise<{ filename: string; file: TFormFile }> {
      const form = await formOf(ctx, formId);
      const { menu_id: _menu, ...settings } = settingsOf(form);
      await audit.record(ctx, { action: 'export', entity: 'form', entityId: formId, projectId: form.projectId });
      const slug = form.name.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60) || 'formulier';
      return {
        filename: `${slug}.json`,
        file: { format: FORM_FILE_FORMAT, schema_version: FORM_FILE_SCHEMA_VERSION, kind: form.kind, name: form.name, settings, definition: draftOf(form) },
      };
    },

    /** A form file becomes a new draft: checked as JSON, as the file format and by the definition's validator (422 each). */
    async importFile(ctx: StaffContext, projectId: number, data: Buffer): Promise<TStaffForm> {
      await access.project(ctx, projectId);
      let json: unknown;
      try {
        json = JSON.parse(data.toString('utf8'));
      } catch {
        throw unprocessable('file', staffFormsMessages.importUnreadable);
      }
      const version = (json as { schema_version?: unknown } | null)?.schema_version;
      if ((json as { format?: unknown } | null)?.format !== FORM_FILE_FORMAT) throw unprocessable('format', staffFormsMessages.importFormat);
      if (typeof version === 'number' && version !== FORM_FILE_SCHEMA_VERSION) throw unprocessable('schema_version', staffFormsMessages.importVersion(version));
      const parsed = ZFormFile.safeParse(json);
      if (!parsed.success) throw new UnprocessableError(staffFormsMessages.invalidDefinition, zodErrors(parsed.error.issues));
      const file = parsed.data;
      const definition = validDefinition(file.kind, file.definition);
      const settings: TStaffFormSettings = { ...defaultFormSettings(file.kind, file.name), ...file.settings, name: file.name, menu_id: null };
      return insertDraft(ctx, projectId, { kind: file.kind, settings, definition }, 'import');
    },

    // ---- attachments (support-base) ----

    async attachments(ctx: StaffContext, formId: number): Promise<TStaffFormAttachment[]> {
      await formOf(ctx, formId);
      return (await listAttachments(db, formId)).map(({ attachment, file }) => ({ id: attachment.id, name: attachment.name, url: fileUrl(file), position: attachment.position }));
    },

    async addAttachment(ctx: StaffContext, formId: number, upload: UploadedDocument, name: string | undefined): Promise<TStaffFormAttachment[]> {
      const form = await formOf(ctx, formId);
      if (form.kind !== 'support-base') throw unprocessable('file', staffFormsMessages.attachmentsOnlyConsent);
      if (upload.mime !== 'application/pdf') throw unprocessable('file', staffFormsMessages.attachmentType);
      const title = (name?.trim() || upload.filename.replace(/\.pdf$/i, '')).slice(0, 200) || 'Bijlage';
      await db.transaction(async (tx) => {
        const [{ n } = { n: 0 }] = await tx.select({ n: sql<number>`coalesce(max(${formAttachments.position}) + 1, 0)::int` }).from(formAttachments).where(eq(formAttachments.formId, formId));
        const stored = await files.store({ filename: upload.filename, mime: upload.mime, data: upload.data, owner: 'form-attachment' }, tx);
        const [row] = await tx.insert(formAttachments).values({ formId, fileId: stored.id, name: title, position: n }).returning();
        await audit.record(ctx, { action: 'attachment-add', entity: 'form', entityId: formId, projectId: form.projectId, after: { id: row!.id, name: title } }, tx);
      });
      return this.attachments(ctx, formId);
    },

    async renameAttachment(ctx: StaffContext, formId: number, attachmentId: number, name: string): Promise<TStaffFormAttachment[]> {
      const form = await formOf(ctx, formId);
      await db.transaction(async (tx) => {
        const [row] = await tx.update(formAttachments).set({ name }).where(and(eq(formAttachments.id, attachmentId), eq(formAttachments.formId, formId))).returning();
        if (!row) throw new NotFoundError();
        await audit.record(ctx, { action: 'attachment-rename', entity: 'form', entityId: formId, projectId: form.projectId, after: { id: attachmentId, name } }, tx);
      });
      return this.attachments(ctx, formId);
    },

    async orderAttachments(ctx: StaffContext, formId: number, ids: number[]): Promise<TStaffFormAttachment[]> {
      const form = await formOf(ctx, formId);
      await db.transaction(async (tx) => {
        const current = await tx.select({ id: formAttachments.id }).from(formAttachments).where(eq(formAttachments.formId, formId));
        const known = new Set(current.map((c) => c.id));
        if (ids.length !== known.size || new Set(ids).size !== ids.length || !ids.every((id) => known.has(id))) throw unprocessable('ids', staffFormsMessages.attachmentOrder);
        for (const [position, id] of ids.entries()) await tx.update(formAttachments).set({ position }).where(eq(formAttachments.id, id));
        await audit.record(ctx, { action: 'attachment-order', entity: 'form', entityId: formId, projectId: form.projectId, after: { ids } }, tx);
      });
      return this.attachments(ctx, formId);
    },

    async removeAttachment(ctx: StaffContext, formId: number, attachmentId: number): Promise<TStaffFormAttachment[]> {
      const form = await formOf(ctx, formId);
      await db.transaction(async (tx) => {
        const [row] = await tx.delete(formAttachments).where(and(eq(formAttachments.id, attachmentId), eq(formAttachments.formId, formId))).returning();
        if (!row) throw new NotFoundError();
        await audit.record(ctx, { action: 'attachment-remove', entity: 'form', entityId: formId, projectId: form.projectId, before: { id: attachmentId, name: row.name } }, tx);
      });
      return this.attachments(ctx, formId);
    },

    /** A drawing or option picture: re-encoded without metadata, linked to the form so whoever opens it may read it. */
    async storeImage(ctx: StaffContext, formId: number, data: Buffer): Promise<TStaffFormImage> {
      const form = await formOf(ctx, formId);
      const image = await processImage(data, { type: staffFormsMessages.imageType });
      const file = await db.transaction(async (tx) => {
        const stored = await files.store({ filename: image.contentType === 'image/png' ? 'afbeelding.png' : 'afbeelding.jpg', mime: image.contentType, data: image.data, owner: 'form-file' }, tx);
        await tx.insert(formFiles).values({ formId, fileId: stored.id });
        await audit.record(ctx, { action: 'image-upload', entity: 'form', entityId: formId, projectId: form.projectId, after: { file_id: stored.id } }, tx);
        return stored;
      });
      return { url: fileUrl(file), image_width: image.width, image_height: image.height };
    },

    // ---- menus of generic forms ----

    async menus(ctx: StaffContext, projectId: number): Promise<TStaffFormMenu[]> {
      await access.project(ctx, projectId);
      return (await listMenus(db, projectId)).map(({ menu, formCount }) => ({ id: menu.id, name: menu.name, position: menu.position, form_count: formCount }));
    },

    async createMenu(ctx: StaffContext, projectId: number, name: string): Promise<TStaffFormMenu[]> {
      await access.project(ctx, projectId);
      await db.transaction(async (tx) => {
        const [{ n } = { n: 0 }] = await tx.select({ n: sql<number>`coalesce(max(${formMenus.position}) + 1, 0)::int` }).from(formMenus).where(eq(formMenus.projectId, projectId));
        const [row] = await tx.insert(formMenus).values({ projectId, name, position: n }).returning();
        await audit.record(ctx, { action: 'create', entity: 'form-menu', entityId: row!.id, projectId, after: { name } }, tx);
      });
      return this.menus(ctx, projectId);
    },

    async renameMenu(ctx: StaffContext, projectId: number, menuId: number, name: string): Promise<TStaffFormMenu[]> {
      await access.project(ctx, projectId);
      await db.transaction(async (tx) => {
        const [row] = await tx.update(formMenus).set({ name }).where(and(eq(formMenus.id, menuId), eq(formMenus.projectId, projectId))).returning();
        if (!row) throw new NotFoundError(staffFormsMessages.menuNotFound);
        await audit.record(ctx, { action: 'update', entity: 'form-menu', entityId: menuId, projectId, after: { name } }, tx);
      });
      return this.menus(ctx, projectId);
    },

    /** Its forms move to the top of the overview (menu_id set null by the foreign key). */
    async removeMenu(ctx: StaffContext, projectId: number, menuId: number): Promise<TStaffFormMenu[]> {
      await access.project(ctx, projectId);
      await db.transaction(async (tx) => {
        const [row] = await tx.delete(formMenus).where(and(eq(formMenus.id, menuId), eq(formMenus.projectId, projectId))).returning();
        if (!row) throw new NotFoundError(staffFormsMessages.menuNotFound);
        await audit.record(ctx, { action: 'delete', entity: 'form-menu', entityId: menuId, projectId, before: { name: row.name } }, tx);
      });
      return this.menus(ctx, projectId);
    },
  };
}
export type StaffFormsService = ReturnType<typeof createStaffFormsService>;

