import { ZipArchive } from 'archiver';
import { and, eq, isNotNull, lt } from 'drizzle-orm';
import {
  AGREE_VALUES, ENTRY_FACE_LABELS, EXPORT_DAYS, entryStatusLabel, exportMessages, formatEuro, formElementKind, formMessages, isOpenPaymentStatus, optionKey,
  PAYMENT_STATE_LABELS, pinpointsKey, reopenMessages,
  type TContactValue, type TEntryEvent, type TEntryState, type TEntryStatus, type TFormFamily, type TFormSectionDefinition, type TFormValues,
  type TPaymentState, type TPinpoint, type TStaffEntryCounts, type TStaffEntryDetail, type TStaffEntryListQuery, type TStaffEntryRow,
  type TStaffExport, type TStartExportBody, type TStaffEntryFilter,
} from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { createProjectReadCache, type ChangeLog } from '../../lib/change-log.ts';
import { ConflictError, NotFoundError, UnprocessableError } from '../../lib/errors.ts';
import { pageSize, toPage, type Page } from '../../lib/paging.ts';
import { exportTable, type ExportColumn } from '../../lib/table-export.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { fileUrl, readAll, type FilesService } from '../files/index.ts';
import { files as filesTable } from '../files/files.table.ts';
import {
  contactLines, insertEvent, listAddressOccupants, listPhotos, signersOf, summarySignatures, updateEntry,
  type EntryContext, type FormEngine, type FormEntryRow, type FormEntryUpdate,
} from '../form-engine/index.ts';
import { findEntryById, findFormVersion } from '../form-engine/form-engine.repository.ts';
import type { JobQueue } from '../jobs/index.ts';
import type { PaymentModule } from '../payment/index.ts';
import { projects } from '../project/project.table.ts';
import type { StaffContext } from '../staff/staff-access.ts';
import {
  allDefinitions, countEntries, entryState, exportRows, findEntryAddress, findExport, findScopedEntry, findScopedForm, listAddressRows, listEvents,
  listExports, listSiblings, listVisitorRows, type ExportRow, type FormScope, type ScopedForm, type StaffExportListRow,
} from './staff-entries.repository.ts';
import { staffExports } from './staff-entries.table.ts';

type Deps = {
  db: Db;
  audit: AuditService;
  engine: FormEngine;
  /** The entry's payments with their refunds and chargebacks (the payment module keeps them). */
  payments: Pick<PaymentModule, 'ofEntry'>;
  files: FilesService;
  jobs: JobQueue;
  log: (error: unknown, msg: string) => void;
  /** The project change log the counts are kept against (lib/change-log.ts). */
  changes: ChangeLog;
};

/** How many forms' counts are kept, and for how long at most. */
const COUNTS_CACHE_SIZE = 200;
const COUNTS_CACHE_MAX_AGE_MS = 60_000;

const EXPORT_OWNER = 'staff-export';
const iso = (d: Date | string | null | undefined) => (d === null || d === undefined ? null : new Date(d).toISOString());
const notFound = () => new NotFoundError(formMessages.notFound);
const wireStatus = (status: string): TEntryStatus => (status === '' ? 'started' : (status as TEntryStatus));

type EntryColumns = NonNullable<Awaited<ReturnType<typeof entryState>>>;

function paymentState(e: Pick<EntryColumns, 'paidAt' | 'amountCents' | 'lastPayment' | 'locked'>): TPaymentState {
  if (e.paidAt) return 'paid';
  if (isOpenPaymentStatus(e.lastPayment)) return 'pending';
  if (!e.amountCents || e.amountCents <= 0 || !e.locked) return 'none';
  return e.lastPayment ? 'failed' : 'due';
}

function toEntryState(e: EntryColumns): TEntryState {
  return {
    id: e.entryId, status: wireStatus(e.status), locked: e.locked, sections_done: e.sectionsDone, sections_total: e.sectionsTotal,
    updated_at: iso(e.updatedAt)!, signers: { required: e.nrOfSignatures, signed: e.signed, requested: e.signRequested },
    agreement: (AGREE_VALUES as readonly string[]).includes(e.agreement ?? '') ? (e.agreement as 'agree' | 'disagree') : null,
    on_paper: e.onPaper, payment: { state: paymentState(e), amount_cents: e.amountCents, paid_at: iso(e.paidAt) }, form_version: e.formVersion,
  };
}

const formInfo = (form: ScopedForm) => ({ id: form.id, name: form.name, kind: form.kind, is_public: form.isPublic, enable_payment: form.enablePayment });

/**
 * Reopening an entry (forms.manage): the resident can change it again. Allowed for generic, intake and choice
 * entries that were finished (locked, or an intake sent), when nothing legal or financial hangs on them: not a
 * support-base consent (that is asked again through a new version of the proposal), no signer who signed
 * through the signing service, no signing request open, not paid and no payment open. A simple public
 * submit has nobody to reopen it for. The answer is the refusal's Dutch text, or null when allowed.
 */
export function reopenRefusal(form: Pick<ScopedForm, 'kind'>, entry: FormEntryRow, lastPayment: string | null): string | null {
  if (form.kind === 'support-base') return reopenMessages.consent;
  if (entry.addressId === null && entry.visitorTokenHash === null) return reopenMessages.anonymous;
  const finished = form.kind === 'intake' ? entry.status === 'sent' : entry.locked;
  if (!finished) return reopenMessages.notLocked;
  if (entry.signRequested) return reopenMessages.signing;
  if (signersOf(entry).some(([, s]) => s.signed && !s.image)) return reopenMessages.legallySigned;
  if (entry.paidAt) return reopenMessages.paid;
  if (isOpenPaymentStatus(lastPayment)) return reopenMessages.paying;
  return null;
}

/** What reopening changes, per family: editable again, signatures and computed costs cleared. */
function reopened(kind: TFormFamily): FormEntryUpdate {
  const unlocked = { locked: false, lockedAt: null, summaryViewedAt: null } as const;
  switch (kind) {
    case 'intake':
      return { ...unlocked, status: 'open', sentAt: null };
    case 'choice':
      return { ...unlocked, status: 'answering', amountCents: null, nrOfSignatures: null, signatures: {}, sentAt: null };
    case 'generic':
      return { ...unlocked, status: 'answered', nrOfSignatures: null, signatures: {} };
    case 'support-base':
      throw new ConflictError(reopenMessages.consent);
  }
}

// ---- the entry's history --------------------------------------------------------------------------

const ACTION_TEXTS: Record<string, (d: Record<string, unknown>) => string> = {
  created: () => 'Invulling begonnen',
  saved: (d) => (typeof d.section === 'number' ? `Onderdeel ${d.section + 1} opgeslagen` : 'Opgeslagen'),
  photo: () => 'Foto toegevoegd',
  locked: () => 'Afgesloten',
  'nr-of-signatures': (d) => (typeof d.nr === 'number' ? `Aantal ondertekenaars gekozen: ${d.nr}` : 'Aantal ondertekenaars gekozen'),
  signed: (d) => (typeof d.nr === 'number' ? `Ondertekend door ondertekenaar ${d.nr}` : 'Ondertekend'),
  'sign-requested': () => 'Ondertekening aangevraagd',
  emailed: () => 'Per e-mail verstuurd',
  sent: () => 'Verstuurd',
  reopened: (d) => `Heropend${typeof d.reason === 'string' ? `: ${d.reason}` : ''}`,
  reminder: (d) => {
    const ways = [
      typeof d.emails === 'number' ? (d.emails === 1 ? '1 e-mail' : `${d.emails} e-mails`) : null,
      typeof d.sms === 'number' ? `${d.sms} sms` : null,
    ].filter(Boolean);
    return `Herinnering${typeof d.nr === 'number' ? ` ${d.nr}` : ''} verstuurd${ways.length ? `: ${ways.join(', ')}` : ''}`;
  },
  paid: (d) => (typeof d.amount === 'number' ? `Betaald: ${formatEuro(d.amount)}` : 'Betaald'),
  'signed-after-paper': () => 'Digitaal ondertekend na een formulier op papier',
  'asked-again': (d) => `Instemming opnieuw gevraagd${typeof d.version === 'number' ? ` (versie ${d.version})` : ''}${typeof d.reason === 'string' && d.reason ? `: ${d.reason}` : ''}`,
};

function eventText(action: string, detail: Record<string, unknown> | null): string {
  const text = ACTION_TEXTS[action];
  return text ? text(detail ?? {}) : action.replace(/-/g, ' ').replace(/^./, (c) => c.toUpperCase());
}

/** Which face acted: staff events of the console carry `face: 'console'` (a reopen) or a paper record; other staff events are a partner's. */
function eventFace(kind: string, detail: Record<string, unknown> | null): TEntryEvent['face'] {
  if (kind === 'occupant') return 'resident';
  if (kind === 'visitor') return 'visitor';
  if (kind === 'staff') return detail?.face === 'console' || detail?.record !== undefined ? 'staff' : 'partner';
  return 'system';
}

// ---- export columns --------------------------------------------------------------------------------

type Element = TFormSectionDefinition['elements'][number];

/** An element's answer as readable text (or a number) for a spreadsheet cell. */
export function answerCell(family: TFormFamily, element: Element, values: TFormValues): string | number | null {
  const kind = formElementKind(family, element.type);
  const value = values[element.id];
  if (!kind) return null;
  if ((kind === 'select' || kind === 'choice') && element.data.type === 'check') {
    const ticked = (element.data.options ?? []).flatMap((o, i) => (values[optionKey(element.id, i)] === true ? [o.label] : []));
    return ticked.length ? ticked.join('; ') : null;
  }
  switch (kind) {
    case 'numberinput':
    case 'calculatorinput':
      return typeof value === 'number' ? value : null;
    case 'agreeinput':
      return value === 'agree' ? (element.data.agree ?? 'Akkoord') : value === 'disagree' ? (element.data.disagree ?? 'Niet akkoord') : null;
    case 'contactinput': {
      const lines = contactLines(value && typeof value === 'object' && !Array.isArray(value) ? (value as TContactValue) : null);
      return lines.length ? lines.join(', ') : null;
    }
    case 'photoinput':
      return typeof value === 'number' ? 'Foto' : null;
    case 'signatureinput':
      return typeof value === 'string' && value ? 'Getekend' : null;
    case 'drawinginput': {
      const pins = values[pinpointsKey(element.id)];
      if (!Array.isArray(pins) || !pins.length) return null;
      return (pins as TPinpoint[]).map((p) => `${p.nr}. ${p.label}: ${[p.value, p.comment].filter((x) => x.trim()).join(' – ') || '-'}`).join('; ');
    }
    default:
      return typeof value === 'string' ? value : typeof value === 'number' ? value : null;
  }
}

/** One column per answering element of every published version (the newest first; ids are stable across versions). */
export function answerColumns(family: TFormFamily, definitions: TFormSectionDefinition[][]): ExportColumn<ExportRow>[] {
  const seen = new Set<string>();
  const headers = new Map<string, number>();
  const columns: ExportColumn<ExportRow>[] = [];
  for (const definition of definitions) {
    for (const section of definition) {
      for (const element of section.elements) {
        const kind = formElementKind(family, element.type);
        if (!kind || kind === 'title' || kind === 'addressinput' || seen.has(element.id)) continue;
        seen.add(element.id);
        const base = element.data.label?.trim() || `Vraag ${element.id}`;
        const n = (headers.get(base) ?? 0) + 1;
        headers.set(base, n);
        columns.push({
          header: n > 1 ? `${base} (${n})` : base,
          kind: kind === 'numberinput' || kind === 'calculatorinput' ? 'number' : 'text',
          value: (row) => (row.values ? answerCell(family, element, row.values) : null),
        });
      }
    }
  }
  return columns;
}

function baseColumns(family: TFormFamily): ExportColumn<ExportRow>[] {
  const state = (row: ExportRow) => (row.entry ? toEntryState(row.entry) : null);
  return [
    { header: 'Adres', value: (r) => (r.address ? `${r.address.street} ${r.address.houseNumber}` : 'Bezoeker'), width: 30 },
    { header: 'Postcode', value: (r) => r.address?.zipcode ?? null },
    { header: 'Plaats', value: (r) => r.address?.city ?? null, width: 18 },
    { header: 'Bouwkundige eenheid', value: (r) => r.address?.buildingUnit ?? null },
    { header: 'Status', value: (r) => entryStatusLabel(family, state(r)?.status ?? null), width: 16 },
    { header: 'Voortgang', value: (r) => { const s = state(r); return s ? `${s.sections_done} van ${s.sections_total}` : null; } },
    { header: 'Laatst gewijzigd', kind: 'date', value: (r) => (r.entry ? new Date(r.entry.updatedAt) : null), width: 18 },
    { header: 'Ondertekend', value: (r) => { const s = state(r); return s?.signers.required ? `${s.signers.signed} van ${s.signers.required}` : null; } },
    { header: 'Betaling', value: (r) => { const s = state(r); return s ? PAYMENT_STATE_LABELS[s.payment.state] : null; } },
    { header: 'Bedrag', kind: 'euro', value: (r) => r.entry?.amountCents ?? null },
  ];
}

/** A summary PDF's name in the ZIP: the address (or 'bezoeker') and the entry id. */
const pdfName = (row: ExportRow) =>
  `${(row.address ? `${row.address.zipcode}-${row.address.houseNumber}-${row.address.street}` : 'bezoeker').normalize('NFKD').replace(/[^\w-]+/g, '-').replace(/-+/g, '-')}-${row.entry?.entryId}.pdf`;

export function createStaffEntriesService(deps: Deps) {
  const { db, audit, engine, payments, files, jobs, log } = deps;
  /**
   * A form's counts over every address of the project (5,000: tens of ms of aggregates), kept against the project
   * change log: its triggers log every write they count (entries, payments, the project's addresses, forms), so kept
   * counts are never stale after a commit.
   */
  const keptCounts = createProjectReadCache(deps.changes, { size: COUNTS_CACHE_SIZE, maxAgeMs: COUNTS_CACHE_MAX_AGE_MS });

  /** The form of a project the account reaches (the guard checked the project), or 404. */
  async function scopeOf(ctx: StaffContext, projectId: number, formId: number): Promise<{ scope: FormScope; form: ScopedForm }> {
    const form = await findScopedForm(db, { customerId: ctx.customerId, projectId }, formId);
    if (!form) throw notFound();
    return { scope: { customerId: ctx.customerId, projectId, formId, several: form.kind === 'generic' && form.allowMultipleEntries }, form };
  }

  async function list(ctx: StaffContext, projectId: number, formId: number, query: TStaffEntryListQuery): Promise<Page<TStaffEntryRow>> {
    const { scope, form } = await scopeOf(ctx, projectId, formId);
    const size = pageSize(query);
    const fallback = form.definition.length;
    if (query.owner === 'visitors') {
      const rows = await listVisitorRows(db, scope, query, { before: query.before, limit: size + 1 }, fallback);
      return toPage(rows.map((r) => ({ id: r.entry.entryId, address: null, entry: toEntryState(r.entry), entry_count: 1 })), size);
    }
    const rows = await listAddressRows(db, scope, query, { before: query.before, limit: size + 1 }, fallback);
    return toPage(rows.map((r) => ({
      id: r.address.id,
      address: { id: r.address.id, zipcode: r.address.zipcode, house_number: r.address.houseNumber, street: r.address.street, city: r.address.city, building_unit: r.address.buildingUnit },
      entry: r.entry ? toEntryState(r.entry) : null,
      entry_count: r.entryCount,
    })), size);
  }

  async function counts(ctx: StaffContext, projectId: number, formId: number): Promise<TStaffEntryCounts> {
    const { scope, form } = await scopeOf(ctx, projectId, formId);
    const { statuses, visitors, units } = await keptCounts.read(projectId, JSON.stringify(scope), () => countEntries(db, scope));
    const total = statuses.reduce((n, s) => n + s.n, 0);
    const none = statuses.find((s) => s.status === null)?.n ?? 0;
    return {
      form: formInfo(form), addresses: total, answered: total - none, not_answered: none, visitors,
      paid: statuses.reduce((n, s) => n + s.paid, 0), unpaid: statuses.reduce((n, s) => n + s.unpaid, 0),
      statuses: statuses.filter((s) => s.status !== null).map((s) => ({ status: wireStatus(s.status!), count: s.n })),
      building_units: units,
    };
  }

  /** The definition the entry answered: its frozen version, else the form's published one. */
  async function definitionOf(form: ScopedForm, entry: FormEntryRow) {
    return (await findFormVersion(db, form.id, entry.formVersion))?.definition ?? form.definition;
  }

  async function contextOf(entry: FormEntryRow): Promise<EntryContext> {
    const [photos, occupants] = await Promise.all([listPhotos(db, entry.id), entry.addressId ? listAddressOccupants(db, entry.addressId) : Promise.resolve([])]);
    return {
      photos,
      rules: { hasPhoto: (elementId, photoId) => photos.some((p) => p.id === photoId && p.elementId === elementId), occupantIds: new Set(occupants.map((o) => o.id)) },
      // Links in the answer are signed for the staff member's session (files.routes.ts); the form engine's owners let staff of the customer read them.
      photoUrl: (photo) => fileUrl({ id: photo.fileId, filename: photo.filename }),
    };
  }

  async function entryOf(ctx: StaffContext, projectId: number, formId: number, entryId: number) {
    const { scope, form } = await scopeOf(ctx, projectId, formId);
    const entry = await findScopedEntry(db, scope, entryId);
    if (!entry) throw notFound();
    return { scope, form, entry };
  }

  async function detail(ctx: StaffContext, projectId: number, formId: number, entryId: number): Promise<TStaffEntryDetail> {
    const { scope, form, entry } = await entryOf(ctx, projectId, formId, entryId);
    const [definition, state, address, events, paymentRows, siblings, context] = await Promise.all([
      definitionOf(form, entry),
      entryState(db, entry.id, form.definition.length),
      entry.addressId ? findEntryAddress(db, scope, entry.addressId) : Promise.resolve(null),
      listEvents(db, entry.id),
      payments.ofEntry(entry.id),
      entry.addressId ? listSiblings(db, scope, entry.addressId, entry.id) : Promise.resolve([]),
      contextOf(entry),
    ]);
    const { sections } = engine.renderSections(form.kind, definition, entry.values, context);
    const refusal = reopenRefusal(form, entry, paymentRows[0]?.status ?? null);
    return {
      form: formInfo(form),
      address: address && { id: address.id, zipcode: address.zipcode, house_number: address.houseNumber, street: address.street, city: address.city, building_unit: address.buildingUnit },
      entry: toEntryState(state!),
      sections,
      signatures: signersOf(entry).map(([nr, s]) => ({ nr, who: s.who, description: s.description, signed: s.signed, signed_at: s.signedAt, image: s.image })),
      comment: entry.comment,
      events: events.map((e) => ({
        id: e.id, action: e.action, text: eventText(e.action, e.detail), face: eventFace(e.actorKind, e.detail),
        who: e.actorKind === 'occupant' ? e.occupant : e.actorKind === 'staff' ? e.user : e.actorKind === 'system' ? ENTRY_FACE_LABELS.system : null,
        at: iso(e.at)!,
      })),
      payments: paymentRows.map((p) => ({
        id: p.id, status: p.status, amount_cents: p.amountCents, created_at: iso(p.createdAt)!, paid_at: iso(p.paidAt),
        refunded_cents: p.refundedCents, charged_back_cents: p.chargedBackCents, remaining_cents: p.remainingCents,
      })),
      siblings: siblings.map((s) => ({ id: s.id, status: wireStatus(s.status), updated_at: iso(s.updatedAt)! })),
      reopen: { allowed: refusal === null, reason: refusal },
    };
  }

  /** The entry's summary PDF as it is now, read against the version it answered (photos from storage, no links). */
  async function renderSummaryOf(form: ScopedForm, entry: FormEntryRow, projectName: string): Promise<Buffer> {
    const definition = await definitionOf(form, entry);
    const ctx = await engine.entryContext({ kind: 'anonymous' }, form, entry);
    return engine.renderSummary({
      family: form.kind, form: { ...form, definition }, entry, ctx, projectName, signatures: form.kind === 'support-base' ? [] : summarySignatures(entry),
    });
  }

  async function projectName(projectId: number): Promise<string> {
    const [row] = await db.select({ name: projects.name }).from(projects).where(eq(projects.id, projectId)).limit(1);
    return row?.name ?? '';
  }

  async function summary(ctx: StaffContext, projectId: number, formId: number, entryId: number): Promise<{ pdf: Buffer; filename: string }> {
    const { form, entry } = await entryOf(ctx, projectId, formId, entryId);
    const pdf = await renderSummaryOf(form, entry, await projectName(projectId));
    return { pdf, filename: `samenvatting-${entry.id}.pdf` };
  }

  async function reopen(ctx: StaffContext, projectId: number, formId: number, entryId: number, reason: string): Promise<TStaffEntryDetail> {
    const { form, entry } = await entryOf(ctx, projectId, formId, entryId);
    const reasonText = reason.trim();
    if (!reasonText) throw new UnprocessableError(reopenMessages.reasonRequired, [{ field: 'reason', message: reopenMessages.reasonRequired }]);
    const [lastPayment] = await payments.ofEntry(entry.id);
    const refusal = reopenRefusal(form, entry, lastPayment?.status ?? null);
    if (refusal) throw new ConflictError(refusal);
    const done = await db.transaction(async (tx) => {
      const row = await updateEntry(tx, entry.id, entry.version, reopened(form.kind));
      if (!row) return false;
      await insertEvent(tx, entry.id, { actorKind: 'staff', userId: ctx.userId }, 'reopened', { reason: reasonText, face: 'console' });
      await audit.record(ctx, {
        action: 'entry-reopen', entity: 'form-entry', entityId: entry.id, projectId,
        before: { status: entry.status, locked: entry.locked }, after: { status: row.status, locked: row.locked, reason: reasonText },
      }, tx);
      return true;
    });
    if (!done) throw new ConflictError(formMessages.changed);
    return detail(ctx, projectId, formId, entryId);
  }

  // ---- exports -----------------------------------------------------------------------------------

  function toExport(row: StaffExportListRow, now = new Date()): TStaffExport {
    return {
      id: row.id, form_id: row.formId, kind: row.kind, status: row.status, done: row.done, total: row.total, filename: row.filename,
      created_by: row.createdBy, created_at: iso(row.createdAt)!, finished_at: iso(row.finishedAt), expires_at: iso(row.expiresAt)!,
      error: row.error, downloadable: row.status === 'done' && row.fileId !== null && row.expiresAt > now,
    };
  }

  async function startExport(ctx: StaffContext, projectId: number, formId: number, body: TStartExportBody): Promise<TStaffExport> {
    const { form } = await scopeOf(ctx, projectId, formId);
    const filter: TStaffEntryFilter = body.filter ?? {};
    const id = await db.transaction(async (tx) => {
      const [row] = await tx.insert(staffExports).values({
        projectId, formId: form.id, userId: ctx.userId, createdBy: ctx.name, kind: body.kind, filter,
        expiresAt: new Date(Date.now() + EXPORT_DAYS * 86_400_000),
      }).returning({ id: staffExports.id });
      await jobs.add('staff-export', { exportId: row!.id }, { tx, jobKey: `staff-export-${row!.id}`, maxAttempts: 3 });
      await audit.record(ctx, { action: `entries-export-${body.kind}`, entity: 'form', entityId: form.id, projectId, after: { export: row!.id, kind: body.kind, filter } }, tx);
      return row!.id;
    });
    return toExport((await findExport(db, { customerId: ctx.customerId, projectId }, id))!);
  }

  async function exportsOf(ctx: StaffContext, projectId: number, formId: number): Promise<TStaffExport[]> {
    const { scope } = await scopeOf(ctx, projectId, formId);
    return (await listExports(db, scope)).map((r) => toExport(r));
  }

  async function exportOf(ctx: StaffContext, projectId: number, exportId: number): Promise<TStaffExport> {
    const row = await findExport(db, { customerId: ctx.customerId, projectId }, exportId);
    if (!row) throw new NotFoundError();
    return toExport(row);
  }

  async function exportFile(ctx: StaffContext, projectId: number, exportId: number) {
    const row = await findExport(db, { customerId: ctx.customerId, projectId }, exportId);
    if (!row) throw new NotFoundError();
    if (row.status !== 'done') throw new ConflictError(row.status === 'failed' ? exportMessages.failed : exportMessages.notReady);
    const file = row.fileId !== null && row.expiresAt > new Date() ? await files.find(row.fileId) : null;
    if (!file) throw new ConflictError(exportMessages.expired);
    const body = await readAll(files.storage, file.key);
    if (!body) throw new ConflictError(exportMessages.expired);
    await audit.record(ctx, { action: 'entries-export-download', entity: 'form', entityId: row.formId, projectId, after: { export: row.id } });
    return { body, filename: file.filename, contentType: file.mime };
  }

  const setProgress = (id: number, set: Partial<typeof staffExports.$inferInsert>) => db.update(staffExports).set(set).where(eq(staffExports.id, id));

  /** The job: makes the file of an export, counting progress; a failure is recorded on the export (not retried). */
  async function runExport(payload: Record<string, unknown>): Promise<void> {
    const exportId = Number(payload.exportId);
    const [row] = await db.select({ exp: staffExports, customerId: projects.customerId, projectName: projects.name }).from(staffExports)
      .innerJoin(projects, eq(projects.id, staffExports.projectId)).where(eq(staffExports.id, exportId)).limit(1);
    if (!row || row.exp.status === 'done' || row.exp.status === 'failed') return;
    const { exp } = row;
    try {
      await setProgress(exp.id, { status: 'running', done: 0 });
      const form = await findScopedForm(db, { customerId: row.customerId, projectId: exp.projectId }, exp.formId);
      if (!form) throw new Error('form gone');
      const scope = { customerId: row.customerId, projectId: exp.projectId, formId: exp.formId, several: form.kind === 'generic' && form.allowMultipleEntries };
      const rows = await exportRows(db, scope, exp.filter, form.definition.length);
      const name = `${form.name} invullingen`;
      let file: { body: Buffer; contentType: string; filename: string };
      if (exp.kind === 'zip') {
        const entries = rows.filter((r) => r.entry !== null);
        await setProgress(exp.id, { total: entries.length });
        file = { body: await zipOfSummaries(exp.id, form, entries, row.projectName), contentType: 'application/zip', filename: `${name.replace(/[^\w-]+/g, '-').toLowerCase()}-samenvattingen.zip` };
      } else {
        await setProgress(exp.id, { total: rows.length });
        const definitions = [form.definition, ...(await allDefinitions(db, form.id))];
        file = await exportTable(exp.kind, name, [...baseColumns(form.kind), ...answerColumns(form.kind, definitions)], rows);
      }
      const stored = await files.store({ filename: file.filename, mime: file.contentType.split(';')[0]!, data: file.body, owner: EXPORT_OWNER });
      await setProgress(exp.id, { status: 'done', done: exp.kind === 'zip' ? undefined : rows.length, fileId: stored.id, finishedAt: new Date() });
    } catch (error) {
      log(error, 'staff export failed');
      await setProgress(exp.id, { status: 'failed', error: exportMessages.failed, finishedAt: new Date() });
    }
  }

  async function zipOfSummaries(exportId: number, form: ScopedForm, rows: ExportRow[], name: string): Promise<Buffer> {
    const archive = new ZipArchive({ store: true }); // PDFs are compressed already
    const chunks: Buffer[] = [];
    archive.on('data', (chunk: Buffer) => chunks.push(chunk));
    const finished = new Promise<void>((resolve, reject) => {
      archive.on('end', () => resolve());
      archive.on('error', reject);
    });
    let done = 0;
    for (const row of rows) {
      const entry = row.entry ? await findEntryById(db, row.entry.entryId) : null;
      if (!entry) continue;
      archive.append(await renderSummaryOf(form, entry, name), { name: pdfName(row) });
      done++;
      if (done % 25 === 0) await setProgress(exportId, { done });
    }
    await setProgress(exportId, { done });
    await archive.finalize();
    await finished;
    return Buffer.concat(chunks);
  }

  /** The sweep: files of expired exports are removed (the row stays, without its file). */
  async function sweepExpired(): Promise<void> {
    const expired = await db.select({ id: staffExports.id, fileId: staffExports.fileId }).from(staffExports)
      .where(and(isNotNull(staffExports.fileId), lt(staffExports.expiresAt, new Date()))).limit(500);
    for (const row of expired) {
      const file = row.fileId === null ? null : await files.find(row.fileId);
      await db.update(staffExports).set({ fileId: null }).where(eq(staffExports.id, row.id));
      if (file) {
        await files.storage.delete(file.key).catch((error: unknown) => log(error, 'export file not removed'));
        await db.delete(filesTable).where(eq(filesTable.id, file.id));
      }
    }
  }

  return { list, counts, detail, summary, reopen, startExport, exportsOf, exportOf, exportFile, runExport, sweepExpired };
}
export type StaffEntriesService = ReturnType<typeof createStaffEntriesService>;
