import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  consentConflictText, consentPaperMessages, roleCan, type TConsentAgreement, type TConsentPaperHistory, type TConsentPaperRecord,
} from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { ConflictError, NotFoundError, UnprocessableError } from '../../lib/errors.ts';
import type { Queryable } from '../../lib/queryable.ts';
import type { Actor } from '../../plugins/access.ts';
import type { AuditEntry } from '../audit/audit.service.ts';
import { checkDocument, fileUrl, files as filesTable, type FilesService } from '../files/index.ts';
import {
  allSigned, findForm, findProjectAddress, formEntries, formEntryEvents, fullAddress, insertEntry, insertEvent, updateEntry,
  type FormEntryRow, type FormRow,
} from '../form-engine/index.ts';
import type { ProjectService } from '../project/project.service.ts';
import type { SigningService } from '../signing/signing.types.ts';
import { consentPaperRecords, type ConsentPaperRow } from './support-base.table.ts';

/** The staff member who acts (plugins/access.ts `actorOf`): the account, its name and the face it acts on (written into the record and the audit log). */
export type PaperActor = Pick<Actor, 'userId' | 'name' | 'face' | 'role'>;
/** The address's form, as the URL names it: /partner/project/{project_id}/support-base/form/{form_id}/address/{address_id}. */
export type PaperPlace = { projectId: number; formId: number; addressId: number };
export type PaperScan = { data: Buffer; filename: string };

/** What this module needs of the audit log: one entry in the caller's transaction. */
type PaperAudit = { record(ctx: { customerId: number; userId: number; name: string }, entry: AuditEntry, tx?: Queryable): Promise<void> };

export type PaperConsentDeps = {
  db: Db;
  files: FilesService;
  signing: SigningService | null;
  projects: Pick<ProjectService, 'projectWithCustomer' | 'invalidateNewItems'>;
  audit: PaperAudit;
  /** A digital signature the paper form held back may count once no paper form is left (a rejection): the support-base service applies it. */
  onPaperWithdrawn: (entryId: number) => Promise<void>;
};

/** The owner of scan files: staff of the project's customer read them. */
export const SCAN_OWNER = 'consent-paper';
const ENTITY = 'consent-paper';
const HISTORY_LIMIT = 100;
const CANCEL_REASON = 'Het formulier is op papier ingeleverd.';

const notFound = () => new NotFoundError(consentPaperMessages.notFound);
const scanError = (message: string) => new UnprocessableError(message, [{ field: 'file', message }]);
/** A digitally signed entry: every signer signed, or the signing service finished it (the paper module never sets these). */
const isSignedDigitally = (entry: FormEntryRow) => !entry.onPaper && (entry.status === 'signed' || entry.status === 'confirmed' || allSigned(entry));
const isCounted = (r: Pick<ConsentPaperRow, 'state' | 'supersededAt'>) => r.state === 'confirmed' && r.supersededAt === null;

/**
 * Paper consent (issue 15): a form that came back on paper is recorded by staff with a scan of the signed
 * paper, and counts only once a second staff member confirmed it. Records are kept (support-base.table.ts);
 * a correction is a new record with a reason. Recording cancels the address's open signing requests. Every
 * action is written to the audit log in the transaction that makes it.
 */
export function createPaperConsent({ db, files, signing, projects, audit, onPaperWithdrawn }: PaperConsentDeps) {
  files.registerOwner(SCAN_OWNER, async (fileId, viewer) => {
    if (viewer.kind !== 'staff') return null;
    const [row] = await db.select({ projectId: consentPaperRecords.projectId }).from(consentPaperRecords)
      .where(eq(consentPaperRecords.scanFileId, fileId)).limit(1);
    const found = row ? await projects.projectWithCustomer(row.projectId) : null;
    return found && viewer.customerIds.includes(found.project.customerId) ? {} : null;
  });

  /** The form (a support-base form of the project) and the address (of the project); else 404. */
  async function placeOf(place: PaperPlace): Promise<{ form: FormRow; customerId: number; address: string }> {
    const form = await findForm(db, place.formId);
    if (!form || form.kind !== 'support-base' || form.projectId !== place.projectId) throw new NotFoundError('Formulier niet gevonden');
    const found = await projects.projectWithCustomer(place.projectId);
    const address = found ? await findProjectAddress(db, place.projectId, place.addressId) : null;
    if (!found || !address) throw new NotFoundError('Adres niet gevonden');
    return { form, customerId: found.project.customerId, address: fullAddress(address) };
  }

  /** The address's entry, locked for this transaction (made when there is none): every paper action on it goes one at a time. */
  async function lockedEntry(tx: Queryable, form: FormRow, addressId: number): Promise<FormEntryRow> {
    const find = async () => {
      const [row] = await tx.select().from(formEntries).where(and(eq(formEntries.formId, form.id), eq(formEntries.addressId, addressId)))
        .orderBy(desc(formEntries.id)).limit(1).for('update');
      return row ?? null;
    };
    const found = await find();
    if (found) return found;
    await insertEntry(tx, form, { kind: 'address', addressId }, { onePerOwner: true, status: 'open' });
    const made = await find();
    if (!made) throw notFound();
    return made;
  }

  async function recordsOf(tx: Queryable, entryId: number): Promise<ConsentPaperRow[]> {
    return tx.select().from(consentPaperRecords).where(eq(consentPaperRecords.entryId, entryId))
      .orderBy(desc(consentPaperRecords.id)).limit(HISTORY_LIMIT);
  }

  async function lockedRecord(tx: Queryable, entryId: number, recordId: number): Promise<ConsentPaperRow> {
    const [row] = await tx.select().from(consentPaperRecords)
      .where(and(eq(consentPaperRecords.id, recordId), eq(consentPaperRecords.entryId, entryId))).for('update');
    if (!row) throw notFound();
    return row;
  }

  async function checkScan(scan: PaperScan) {
    return checkDocument(scan, { type: consentPaperMessages.scanType }).catch((error: unknown) => {
      throw error instanceof UnprocessableError ? scanError(consentPaperMessages.scanType) : error;
    });
  }

  async function storeScan(tx: Queryable, scan: Awaited<ReturnType<typeof checkScan>>) {
    return files.store({ filename: scan.filename, mime: scan.mime, data: scan.data, owner: SCAN_OWNER }, tx);
  }

  type Context = { tx: Queryable; actor: PaperActor; customerId: number; place: PaperPlace; address: string; formName: string };
  async function audited(c: Context, entryId: number, action: string, recordId: number, before: unknown, after: unknown) {
    await insertEvent(c.tx, entryId, { actorKind: 'staff', userId: c.actor.userId }, action, { record: recordId });
    await audit.record({ customerId: c.customerId, userId: c.actor.userId, name: c.actor.name }, {
      action, entity: ENTITY, entityId: recordId, projectId: c.place.projectId, face: c.actor.face,
      before: before === null ? null : { address: c.address, form: c.formName, ...(before as object) },
      after: after === null ? null : { address: c.address, form: c.formName, ...(after as object) },
    }, c.tx);
  }

  /** Runs one paper action on the locked entry in one transaction, then answers the address's history. */
  async function act(actor: PaperActor, place: PaperPlace, work: (c: Context, entry: FormEntryRow) => Promise<void>): Promise<TConsentPaperHistory> {
    const { form, customerId, address } = await placeOf(place);
    await db.transaction(async (tx) => {
      const entry = await lockedEntry(tx, form, place.addressId);
      await work({ tx, actor, customerId, place, address, formName: form.name }, entry);
    });
    await projects.invalidateNewItems({ projectId: place.projectId });
    return history(actor, place);
  }

  /** The state an entry is in after a change of its records: on paper while a record waits or counts. */
  async function settleEntry(tx: Queryable, entry: FormEntryRow): Promise<boolean> {
    const live = (await recordsOf(tx, entry.id)).some((r) => r.state === 'pending' || isCounted(r));
    if (live !== entry.onPaper) await updateEntry(tx, entry.id, entry.version, { onPaper: live, ...(live ? { signRequested: false } : {}) });
    return live;
  }

  async function record(actor: PaperActor, place: PaperPlace, input: { agreement: TConsentAgreement; scan: PaperScan | null }): Promise<TConsentPaperHistory> {
    if (!input.scan) throw scanError(consentPaperMessages.scanMissing);
    await placeOf(place); // 404 before the scan is read
    const scan = await checkScan(input.scan);
    return act(actor, place, async (c, entry) => {
      if (isSignedDigitally(entry)) throw new ConflictError(consentPaperMessages.alreadySigned);
      const records = await recordsOf(c.tx, entry.id);
      if (records.some((r) => r.state === 'pending')) throw new ConflictError(consentPaperMessages.pendingExists);
      if (records.some(isCounted)) throw new ConflictError(consentPaperMessages.alreadyRecorded);
      const file = await storeScan(c.tx, scan);
      const [row] = await c.tx.insert(consentPaperRecords).values({
        entryId: entry.id, formId: entry.formId, projectId: place.projectId, addressId: place.addressId, agreement: input.agreement,
        scanFileId: file.id, recordedByUserId: actor.userId, recordedByName: actor.name,
      }).returning();
      // The digital form closes: open signing requests are cancelled (their links stop working once the provider hears).
      await updateEntry(c.tx, entry.id, entry.version, { onPaper: true, signRequested: false });
      const cancelled = signing ? await signing.cancelOpen({ kind: 'support-base', entryId: entry.id }, CANCEL_REASON, c.tx) : [];
      await audited(c, entry.id, 'paper-record', row!.id, null, {
        agreement: input.agreement, state: 'pending', scan: file.filename, cancelled_signing_requests: cancelled.length,
      });
    });
  }

  async function confirm(actor: PaperActor, place: PaperPlace, recordId: number): Promise<TConsentPaperHistory> {
    return act(actor, place, async (c, entry) => {
      const row = await lockedRecord(c.tx, entry.id, recordId);
      if (row.state !== 'pending') throw new ConflictError(consentPaperMessages.notPending);
      if (row.recordedByUserId === actor.userId) throw new ConflictError(consentPaperMessages.ownRecord);
      const now = new Date();
      // A correction replaces the record it corrects from now on (that one stays, marked superseded).
      if (row.correctsId !== null) {
        await c.tx.update(consentPaperRecords).set({ supersededById: row.id, supersededAt: now })
          .where(and(eq(consentPaperRecords.id, row.correctsId), isNull(consentPaperRecords.supersededAt)));
      }
      await c.tx.update(consentPaperRecords).set({ state: 'confirmed', decidedByUserId: actor.userId, decidedByName: actor.name, decidedAt: now })
        .where(eq(consentPaperRecords.id, row.id));
      await audited(c, entry.id, 'paper-confirm', row.id, { state: 'pending', agreement: row.agreement, recorded_by: row.recordedByName },
        { state: 'confirmed', agreement: row.agreement, ...(row.correctsId !== null ? { supersedes: row.correctsId } : {}) });
    });
  }

  async function reject(actor: PaperActor, place: PaperPlace, recordId: number, reason: string): Promise<TConsentPaperHistory> {
    let withdrawn: number | null = null;
    const answer = await act(actor, place, async (c, entry) => {
      const row = await lockedRecord(c.tx, entry.id, recordId);
      if (row.state !== 'pending') throw new ConflictError(consentPaperMessages.notPending);
      await c.tx.update(consentPaperRecords).set({ state: 'rejected', decidedByUserId: actor.userId, decidedByName: actor.name, decidedAt: new Date(), decisionReason: reason })
        .where(eq(consentPaperRecords.id, row.id));
      await audited(c, entry.id, 'paper-reject', row.id, { state: 'pending', agreement: row.agreement, recorded_by: row.recordedByName },
        { state: 'rejected', agreement: row.agreement, reason });
      if (!(await settleEntry(c.tx, entry))) withdrawn = entry.id;
    });
    if (withdrawn === null) return answer;
    await onPaperWithdrawn(withdrawn);
    return history(actor, place);
  }

  async function correct(
    actor: PaperActor, place: PaperPlace, recordId: number, input: { agreement: TConsentAgreement; reason: string; scan: PaperScan | null },
  ): Promise<TConsentPaperHistory> {
    await placeOf(place);
    const scan = input.scan ? await checkScan(input.scan) : null;
    return act(actor, place, async (c, entry) => {
      const row = await lockedRecord(c.tx, entry.id, recordId);
      if (!isCounted(row)) throw new ConflictError(consentPaperMessages.notCorrectable);
      if ((await recordsOf(c.tx, entry.id)).some((r) => r.state === 'pending')) throw new ConflictError(consentPaperMessages.pendingExists);
      // Without a new scan the corrected record's scan backs the correction (a wrongly entered answer).
      const file = scan ? await storeScan(c.tx, scan) : null;
      const [added] = await c.tx.insert(consentPaperRecords).values({
        entryId: entry.id, formId: entry.formId, projectId: place.projectId, addressId: place.addressId, agreement: input.agreement,
        scanFileId: file?.id ?? row.scanFileId, correctsId: row.id, reason: input.reason, recordedByUserId: actor.userId, recordedByName: actor.name,
      }).returning();
      await audited(c, entry.id, 'paper-correct', added!.id, { record: row.id, agreement: row.agreement },
        { state: 'pending', agreement: input.agreement, corrects: row.id, reason: input.reason, ...(file ? { scan: file.filename } : {}) });
    });
  }

  /** The latest digital signature that finished after a paper form was recorded, with what its document said. */
  async function signedAfterPaperOf(entryIds: number[]): Promise<Map<number, TConsentAgreement | null>> {
    if (!entryIds.length) return new Map();
    const rows = await db.selectDistinctOn([formEntryEvents.entryId], { entryId: formEntryEvents.entryId, detail: formEntryEvents.detail })
      .from(formEntryEvents).where(and(inArray(formEntryEvents.entryId, entryIds), eq(formEntryEvents.action, 'signed-after-paper')))
      .orderBy(formEntryEvents.entryId, desc(formEntryEvents.id));
    const agreementOf = (value: unknown) => (value === 'agree' || value === 'disagree' ? value : null);
    return new Map(rows.map((r) => [r.entryId, agreementOf(r.detail?.agreement)]));
  }

  /** The address's paper forms, newest first, as `viewer` may act on them (its role at the project's customer decides). */
  async function history(viewer: Pick<PaperActor, 'userId' | 'role'>, place: PaperPlace): Promise<TConsentPaperHistory> {
    const { form, address } = await placeOf(place);
    const [entry] = await db.select().from(formEntries).where(and(eq(formEntries.formId, form.id), eq(formEntries.addressId, place.addressId)))
      .orderBy(desc(formEntries.id)).limit(1);
    const rows = entry
      ? await db.select({ r: consentPaperRecords, filename: filesTable.filename, mime: filesTable.mime }).from(consentPaperRecords)
        .innerJoin(filesTable, eq(filesTable.id, consentPaperRecords.scanFileId))
        .where(eq(consentPaperRecords.entryId, entry.id)).orderBy(desc(consentPaperRecords.id)).limit(HISTORY_LIMIT)
      : [];
    const digital = entry ? (await signedAfterPaperOf([entry.id])).get(entry.id) : undefined;
    const counted = rows.find(({ r }) => isCounted(r))?.r ?? null;
    const pending = rows.find(({ r }) => r.state === 'pending')?.r ?? null;
    const conflict = digital !== undefined && entry?.onPaper === true;
    const canDecide = roleCan(viewer.role, 'consent.paper.confirm');
    return {
      form_id: form.id,
      address_id: place.addressId,
      full_address: address,
      signed_digitally: entry ? isSignedDigitally(entry) : false,
      conflict,
      conflict_text: conflict ? consentConflictText(digital, (counted ?? pending)?.agreement ?? null) : null,
      can_record: roleCan(viewer.role, 'consent.paper.record'),
      can_decide: canDecide,
      records: rows.map(({ r, filename, mime }): TConsentPaperRecord => ({
        id: r.id, agreement: r.agreement, state: r.state, superseded: r.supersededAt !== null, superseded_at: r.supersededAt?.toISOString() ?? null,
        corrects_id: r.correctsId, reason: r.reason,
        scan: { url: fileUrl({ id: r.scanFileId, filename }), filename, mime },
        recorded_by: { user_id: r.recordedByUserId, name: r.recordedByName }, recorded_at: r.recordedAt.toISOString(),
        decided_by: r.decidedByName === null ? null : { user_id: r.decidedByUserId, name: r.decidedByName },
        decided_at: r.decidedAt?.toISOString() ?? null, decision_reason: r.decisionReason,
        counts: r.id === counted?.id,
        can_confirm: canDecide && r.state === 'pending' && r.recordedByUserId !== viewer.userId,
      })),
    };
  }

  /**
   * A digital signature finished for an entry that is on paper: kept as evidence (the request, its signed
   * document and receipt stay with the signing module and the dossier) and flagged, never counted over the
   * paper form. Once per request.
   */
  async function signedAfterPaper(entryId: number, requestId: number, agreement: TConsentAgreement | null): Promise<void> {
    await db.transaction(async (tx) => {
      const [locked] = await tx.select({ id: formEntries.id }).from(formEntries).where(eq(formEntries.id, entryId)).for('update');
      if (!locked) return;
      const [seen] = await tx.select({ id: formEntryEvents.id }).from(formEntryEvents)
        .where(and(eq(formEntryEvents.entryId, entryId), eq(formEntryEvents.action, 'signed-after-paper'), sql`${formEntryEvents.detail} ->> 'request' = ${String(requestId)}`)).limit(1);
      if (!seen) await insertEvent(tx, entryId, { actorKind: 'system' }, 'signed-after-paper', { request: requestId, agreement });
    });
  }

  return { record, confirm, reject, correct, history, signedAfterPaper, signedAfterPaperOf };
}
export type PaperConsent = ReturnType<typeof createPaperConsent>;
