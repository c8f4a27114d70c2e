import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  formElementKind, isEditableStatus, nrOfSignaturesError, signerNameErrors, supportBaseEmailError, supportBaseMessages, supportBaseMobileError, supportBasePaths,
  type TFormOccupant, type TFormValues, type TSupportBaseForm, type TSupportBaseProject,
  SUPPORT_BASE_FINAL_STATUSES,
} from '@portal/contract';
import type { z } from 'zod';
import type { ZSupportBaseNrBody, ZSupportBaseSaveBody, ZSupportBaseSendBody } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { toDutchDate } from '../../lib/dates.ts';
import { ConflictError, HttpError, NotFoundError, UnauthorizedError, UnprocessableError } from '../../lib/errors.ts';
import type { Session, SessionStore } from '../auth/session.store.ts';
import { fileUrl, files as filesTable, readAll, safeFilename, type FilesService } from '../files/index.ts';
import {
  actorOf, allSigned, assertMaxSigners, findAddress, findProjectAddress, findEntryById, findForm, findLatestEntry, formEntries, formEntryEvents, forms, fullAddress,
  insertEntry, insertEvent, knownMobiles, phoneSourceOf, recordSigned, signerSigned, signersOf, signingLink, updateEntry,
  type FormCaller, type FormEngine, type FormEntryRow, type FormEntryUpdate, type FormRow, type StoredSignature,
} from '../form-engine/index.ts';
import { formAttachments } from '../form-engine/form-engine.table.ts';
import type { JobQueue } from '../jobs/index.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { ProjectService } from '../project/project.service.ts';
import type { SigningRequest, SigningService, SigningSubject } from '../signing/signing.types.ts';
import { findLetterAddress } from './consent-letters.repository.ts';
import { supportBaseMail } from './support-base.mails.ts';
import { createPaperConsent, type PaperConsentDeps } from './support-base.paper.ts';
import { consentPaperRecords } from './support-base.table.ts';
import { createConsentTally } from './support-base.tally.ts';

export type SupportBaseServiceDeps = {
  db: Db;
  projects: ProjectService;
  files: FilesService;
  engine: FormEngine;
  signing: SigningService | null;
  sessions: SessionStore;
  jobs: JobQueue;
  mailer: Mailer;
  audit: PaperConsentDeps['audit'];
  log?: (error: unknown, msg: string) => void;
};

const FAMILY = 'support-base';
/** A public caller's download link is signed for this (no) session. */
const NO_SESSION = 0;

type SaveBody = z.infer<typeof ZSupportBaseSaveBody>;
type NrBody = z.infer<typeof ZSupportBaseNrBody>;
type SendBody = z.infer<typeof ZSupportBaseSendBody>;
type ProjectRow = NonNullable<Awaited<ReturnType<ProjectService['projectWithCustomer']>>>['project'];

/**
 * Who calls: a resident with their session, or the holder of a letter's personal link (a random token the
 * console printed, stored hashed: consent-letters). Either way one address's entry of one form.
 */
export type SupportBaseAccess = {
  form: FormRow;
  project: ProjectRow;
  addressId: number;
  /** The engine's caller (a letter's holder is anonymous to the engine: no occupants, no session). */
  caller: FormCaller;
  /** The session a download link is signed for. */
  sessionId: number;
  /** The calls' base path (without /api). */
  base: string;
};

const notFound = () => new NotFoundError(supportBaseMessages.notFound);
const subjectOf = (entryId: number): SigningSubject => ({ kind: 'support-base', entryId });
const documentFilename = (form: FormRow) => safeFilename(`${form.name}.pdf`);
const isFinal = (entry: FormEntryRow | null) => entry !== null && (SUPPORT_BASE_FINAL_STATUSES as readonly string[]).includes(entry.status);
const isSigned = (entry: FormEntryRow | null) => entry !== null && (isFinal(entry) || allSigned(entry));
/** The sections may still change: editable status, no signature requested, not signed, not on paper. */
const isEditable = (entry: FormEntryRow | null) => entry === null || (isEditableStatus(entry.status) && !entry.signRequested && !entry.onPaper && !isSigned(entry));
const editableGuard = sql`${formEntries.status} IN ('', 'open', 'new', 'denied') AND NOT ${formEntries.signRequested} AND NOT ${formEntries.onPaper}`;

/** The answer of the form's agreement input (the first sb_agreeinput), as the document shows it. */
export function agreementOf(form: FormRow, values: TFormValues): 'agree' | 'disagree' | null {
  for (const section of form.definition) {
    for (const element of section.elements) {
      if (formElementKind(FAMILY, element.type) !== 'agreeinput') continue;
      const value = values[element.id];
      return value === 'agree' || value === 'disagree' ? value : null;
    }
  }
  return null;
}

/**
 * Support-base forms (draagvlak, spec 2.3, 3.1, 4.1, 7.1) on the form engine: sections, attachments,
 * the document of this address's answers (opening it is the check), the signers with their mobile
 * numbers, legal signing (SMS verification when the form asks for it), and finishing. What the signed
 * document said (agree or disagree) is kept once the signing service reports it signed: the tally of
 * the 70% rule counts only that.
 */
export function createSupportBaseService(deps: SupportBaseServiceDeps) {
  const { db, projects, files, engine, signing, sessions, jobs } = deps;
  const log = deps.log ?? (() => {});
  const tally = createConsentTally(db);

  // Attachments: residents of the form's project and staff of its customer read them (a letter's holder through its own route).
  files.registerOwner('form-attachment', async (fileId, viewer) => {
    if (viewer.kind === 'public') return null;
    const [row] = await db.select({ projectId: forms.projectId }).from(formAttachments).innerJoin(forms, eq(forms.id, formAttachments.formId))
      .where(eq(formAttachments.fileId, fileId)).limit(1);
    if (!row) return null;
    if (viewer.kind === 'occupant') return viewer.projectIds.includes(row.projectId) ? {} : null;
    const found = await projects.projectWithCustomer(row.projectId);
    return found && viewer.customerIds.includes(found.project.customerId) ? {} : null;
  });

  // Paper forms (issue 15): recorded with a scan, counted after a second staff member's confirmation.
  const paper = createPaperConsent({ db, files, signing, projects, audit: deps.audit, onPaperWithdrawn: applyLatestSignature });

  /** An entry on paper keeps its paper result: signatures that finish for it are evidence, not what counts. */
  const onPaperEntry = (entry: FormEntryRow) => entry.onPaper;

  /** Signers the signing service reports signed; on an entry on paper a finished request is kept as evidence and flagged instead. */
  async function applySigned(entryId: number, request: SigningRequest): Promise<void> {
    const nrs = request.signers.filter((s) => s.signed).map((s) => s.nr);
    if (!nrs.length) return;
    const done = await whenSigned(entryId, request.id);
    const outcome = await recordSigned(db, entryId, nrs, done, { unless: onPaperEntry });
    if (outcome === 'refused' && request.status === 'signed') {
      await paper.signedAfterPaper(entryId, request.id, done.agreement === 'agree' || done.agreement === 'disagree' ? done.agreement : null);
    }
    await announce(entryId);
  }

  /** No paper form is left for the entry (the last one was rejected): a request signed meanwhile counts after all. */
  async function applyLatestSignature(entryId: number): Promise<void> {
    const request = await signing?.latest(subjectOf(entryId));
    if (request?.status === 'signed') await applySigned(entryId, request);
  }

  signing?.onProgress('support-base', async ({ subject, request }) => applySigned(subject.entryId, request));

  // ---- access --------------------------------------------------------------------------------------

  async function supportBaseForm(formId: number): Promise<{ form: FormRow; project: ProjectRow }> {
    const form = await findForm(db, formId);
    if (!form || form.kind !== FAMILY || !form.isActive) throw notFound();
    const found = await projects.projectWithCustomer(form.projectId);
    if (!found) throw notFound();
    return { form, project: found.project };
  }

  async function occupant(session: Session, formId: number): Promise<SupportBaseAccess> {
    if (session.addressId === null) throw notFound();
    const { form, project } = await supportBaseForm(formId);
    if (!(await findProjectAddress(db, form.projectId, session.addressId))) throw notFound();
    return {
      form, project, addressId: session.addressId, sessionId: session.id,
      caller: { kind: 'occupant', session, addressId: session.addressId }, base: supportBasePaths.occupantBase(form.id),
    };
  }

  /**
   * A letter's personal link: a live link of this form (printed, not revoked, before the deadline on its
   * letter), while the form is active and before its close date. Anything else is the same 404.
   */
  async function letter(formId: number, token: string): Promise<SupportBaseAccess> {
    const addressId = await findLetterAddress(db, formId, token);
    if (addressId === null) throw notFound();
    const { form, project } = await supportBaseForm(formId);
    if (form.deadline && form.deadline.getTime() <= Date.now()) throw notFound();
    if (!(await findProjectAddress(db, form.projectId, addressId))) throw notFound();
    return { form, project, addressId, sessionId: NO_SESSION, caller: { kind: 'anonymous' }, base: supportBasePaths.publicBase(form.id, token) };
  }

  const entryOf = (a: SupportBaseAccess) => findLatestEntry(db, a.form.id, { kind: 'address', addressId: a.addressId });
  async function requireEntry(a: SupportBaseAccess): Promise<FormEntryRow> {
    const entry = await entryOf(a);
    if (!entry) throw new ConflictError(supportBaseMessages.stepNotDone);
    return entry;
  }
  async function openEntry(a: SupportBaseAccess): Promise<FormEntryRow> {
    const found = await entryOf(a);
    if (found) return found;
    await db.transaction(async (tx) => {
      const row = await insertEntry(tx, a.form, { kind: 'address', addressId: a.addressId }, { onePerOwner: true, status: 'open' });
      if (row) await insertEvent(tx, row.id, actorOf(a.caller), 'created');
    });
    const entry = await entryOf(a);
    if (!entry) throw notFound();
    return entry;
  }

  // ---- the form on the wire ------------------------------------------------------------------------

  /** Sections with their counters, and the entry with a document of its current answers once every section is done. */
  async function prepared(a: SupportBaseAccess, row: FormEntryRow | null) {
    const ctx = await engine.entryContext(a.caller, a.form, row);
    const { sections, done } = engine.renderSections(FAMILY, a.form.definition, row?.values ?? {}, ctx);
    const completed = done === sections.length;
    // A signed entry keeps the document that was signed: no new one is made after signing.
    const entry = row && completed && !row.signRequested && !isSigned(row)
      ? await engine.ensureSummary({ family: FAMILY, form: a.form, entry: row, ctx, projectName: a.project.name, signatures: [], filename: documentFilename(a.form) })
      : row;
    return { sections, completed, entry, ctx };
  }

  async function attachmentsOf(a: SupportBaseAccess) {
    const rows = await db.select({ name: formAttachments.name, fileId: filesTable.id, filename: filesTable.filename, position: formAttachments.position })
      .from(formAttachments).innerJoin(filesTable, eq(filesTable.id, formAttachments.fileId))
      .where(eq(formAttachments.formId, a.form.id)).orderBy(asc(formAttachments.position), asc(formAttachments.id));
    return rows.map((r, i) => ({
      name: r.name,
      // A resident's link is signed for their session by the answer hook; a letter's holder has its own route.
      file_url: a.sessionId === NO_SESSION ? `/api${a.base}/attachment/${i + 1}` : fileUrl({ id: r.fileId, filename: r.filename }, { open: true }),
    }));
  }

  async function toForm(a: SupportBaseAccess, row: FormEntryRow | null): Promise<TSupportBaseForm> {
    const { form } = a;
    const { sections, completed, entry } = await prepared(a, row);
    const signers = entry ? signersOf(entry) : [];
    const requested = entry?.signRequested || isSigned(entry) ? await signing?.latest(subjectOf(entry!.id)) : null;
    const counted = entry ? await countedAgreement(entry) : null;
    const documentUrl = completed && entry?.summaryFileId
      ? `/api${a.base}/download?token=${encodeURIComponent(await files.links.sign({ fileId: entry.summaryFileId, sessionId: a.sessionId }))}`
      : null;
    return {
      id: form.id,
      project_id: form.projectId,
      name: form.name,
      description: form.description,
      form: sections,
      status: entry?.status ?? '',
      completed,
      editable: isEditable(entry),
      document_checked: entry?.summaryViewedAt != null,
      document_url: documentUrl,
      signed: isSigned(entry),
      signed_status: requested?.status ?? null,
      sign_requested: entry?.signRequested ?? false,
      attachments: await attachmentsOf(a),
      nr_of_signatures: entry?.nrOfSignatures ?? null,
      mobile: Object.fromEntries(signers.map(([nr, s]) => [String(nr), s.mobile])),
      signers: signers.map(([nr, s]) => ({ nr, name: s.who, mobile: s.mobile, signed: s.signed || isFinal(entry) })),
      use_sms_auth: form.useSmsAuthentication,
      email_address: entry?.emailTo[0] ?? null,
      comment: entry?.comment ?? null,
      on_paper: entry?.onPaper ?? false,
      agreement: counted?.agreement ?? null,
      agreement_at: counted?.at ? toDutchDate(counted.at) : null,
      version: entry?.version ?? 0,
    };
  }

  /** What counts for an entry: on paper the confirmed paper form (from its confirmation), else what the signed document says. */
  async function countedAgreement(entry: FormEntryRow): Promise<{ agreement: 'agree' | 'disagree'; at: Date | null } | null> {
    if (!entry.onPaper) return entry.agreement === 'agree' || entry.agreement === 'disagree' ? { agreement: entry.agreement, at: entry.agreementAt } : null;
    const [row] = await db.select({ agreement: consentPaperRecords.agreement, at: consentPaperRecords.decidedAt }).from(consentPaperRecords)
      .where(and(eq(consentPaperRecords.entryId, entry.id), eq(consentPaperRecords.state, 'confirmed'), isNull(consentPaperRecords.supersededAt))).limit(1);
    return row ?? null;
  }

  // ---- changes ---------------------------------------------------------------------------------------

  const readOnly = () => new ConflictError(supportBaseMessages.readOnly);

  async function conflictAfter(entry: FormEntryRow, refuse: () => Error): Promise<never> {
    return engine.conflictAfter(entry, refuse);
  }

  async function save(a: SupportBaseAccess, section: number, body: SaveBody): Promise<TSupportBaseForm> {
    if (!a.form.definition[section]) throw new NotFoundError('Onderdeel niet gevonden');
    const current = await entryOf(a);
    if (!isEditable(current)) throw readOnly();
    const entry = current ?? (await openEntry(a));
    try {
      const row = await engine.saveSection({
        family: FAMILY, form: a.form, entry, section, values: body.values, caller: a.caller, onlyGiven: false,
        // Version 0 is the form before its first save: fine while the entry holds no answers yet (a refused save may have made it).
        version: body.version === 0 && Object.keys(entry.values).length === 0 ? undefined : body.version,
        guard: editableGuard,
        // Any change makes the document new: it must be opened again.
        set: { summaryViewedAt: null, status: entry.status === '' ? 'open' : entry.status },
        refuse: readOnly,
      });
      return await toForm(a, row);
    } catch (error) {
      // Support-base field errors carry their own message (spec 5).
      if (error instanceof HttpError && error.statusCode === 422) throw new UnprocessableError(supportBaseMessages.invalid, error.errors);
      throw error;
    }
  }

  /** The steps after the sections need them done, the document opened, and nothing requested or signed yet. */
  async function beforeSigning(a: SupportBaseAccess): Promise<FormEntryRow> {
    const entry = await requireEntry(a);
    if (!isEditable(entry)) throw readOnly();
    const { completed } = await prepared(a, entry);
    if (!completed) throw new ConflictError(supportBaseMessages.signFirst);
    if (entry.summaryViewedAt === null) throw new ConflictError(supportBaseMessages.documentNotChecked);
    return entry;
  }

  async function change(a: SupportBaseAccess, entry: FormEntryRow, set: FormEntryUpdate, action: string, detail: Record<string, number | string>) {
    const row = await db.transaction(async (tx) => {
      const updated = await updateEntry(tx, entry.id, entry.version, set, editableGuard);
      if (updated) await insertEvent(tx, entry.id, actorOf(a.caller), action, detail);
      return updated;
    });
    return toForm(a, row ?? (await conflictAfter(entry, readOnly)));
  }

  async function setNrOfSignatures(a: SupportBaseAccess, body: NrBody): Promise<TSupportBaseForm> {
    const problem = nrOfSignaturesError(body.nr_of_signatures);
    if (problem) throw new UnprocessableError(problem, [{ field: 'nr_of_signatures', message: problem }]);
    const n = Number(body.nr_of_signatures);
    // Every signer's name: the signed document and the receipt name who signed (issue 15, section 3).
    const nameErrors = signerNameErrors(body.names, n);
    if (nameErrors.length) throw new UnprocessableError(nameErrors[0]!.message, nameErrors);
    assertMaxSigners(a.form, n);
    const entry = await beforeSigning(a);
    const signatures: Record<string, StoredSignature> = {};
    for (let nr = 1; nr <= n; nr++) {
      const before = entry.signatures[String(nr)];
      signatures[String(nr)] = { image: null, who: body.names![nr - 1]!.trim(), description: null, mobile: before?.mobile ?? null, signed: false, signedAt: null };
    }
    return change(a, entry, { nrOfSignatures: n, signatures }, 'nr-of-signatures', { nr: n });
  }

  async function setMobile(a: SupportBaseAccess, nr: number, mobile: string): Promise<TSupportBaseForm> {
    const problem = supportBaseMobileError(nr, mobile);
    if (problem) throw new UnprocessableError(problem, [{ field: 'mobile', message: problem }]);
    const entry = await beforeSigning(a);
    if (entry.nrOfSignatures === null) throw new ConflictError(supportBaseMessages.stepNotDone);
    if (nr > entry.nrOfSignatures) throw new NotFoundError('Deze ondertekenaar hoort niet bij dit formulier');
    // Where the address's mobile number is known, the code goes only there (the signing request checks it again).
    const phone = phoneSourceOf(mobile, await knownMobiles(db, a.addressId));
    if ('problem' in phone) throw new UnprocessableError(phone.problem, [{ field: 'mobile', message: phone.problem }]);
    const signer = signersOf(entry)[nr - 1]![1];
    const signatures = { ...entry.signatures, [String(nr)]: { ...signer, mobile: mobile.trim() } };
    return change(a, entry, { signatures }, 'mobile-number', { nr });
  }

  /** What changes when every signer signed: the status, and the agreement of the document that was signed. */
  async function whenSigned(entryId: number, requestId?: number): Promise<FormEntryUpdate> {
    const events = await db.select({ detail: formEntryEvents.detail }).from(formEntryEvents)
      .where(and(eq(formEntryEvents.entryId, entryId), eq(formEntryEvents.action, 'sign-requested'))).orderBy(desc(formEntryEvents.id)).limit(20);
    const event = events.find((e) => requestId === undefined || e.detail?.request === requestId) ?? events[0];
    const agreement = event?.detail?.agreement;
    const value = agreement === 'agree' || agreement === 'disagree' ? agreement : null;
    return { status: 'signed', agreement: value, agreementAt: value ? new Date() : null };
  }

  /** The project's progress text and the partner's tally read entries: drop what is cached. */
  async function announce(entryId: number): Promise<void> {
    const entry = await findEntryById(db, entryId);
    if (entry) await projects.invalidateNewItems({ projectId: entry.projectId });
  }

  async function signUrl(a: SupportBaseAccess, nr: number): Promise<{ url: string }> {
    const current = await requireEntry(a);
    if (isSigned(current)) throw new ConflictError(supportBaseMessages.alreadySigned);
    if (current.onPaper || !isEditableStatus(current.status)) throw readOnly();
    const { completed, entry } = await prepared(a, current);
    if (!completed || !entry) throw new ConflictError(supportBaseMessages.signFirst);
    if (entry.summaryViewedAt === null) throw new ConflictError(supportBaseMessages.documentNotChecked);
    if (entry.nrOfSignatures === null) throw new ConflictError(supportBaseMessages.stepNotDone);
    if (nr > entry.nrOfSignatures) throw new NotFoundError('Deze ondertekenaar hoort niet bij dit formulier');
    if (signersOf(entry).some(([, s]) => !s.who?.trim())) throw new ConflictError(supportBaseMessages.namesMissing);
    if (a.form.useSmsAuthentication && signersOf(entry).some(([n, s]) => supportBaseMobileError(n, s.mobile))) throw new ConflictError(supportBaseMessages.mobileMissing);
    return signingLink({
      db, signing, subject: subjectOf(entry.id), entry, nr, actor: actorOf(a.caller),
      verification: a.form.useSmsAuthentication ? 'sms' : 'scribble',
      // The document as it is now is what is signed; what it says about agreeing is kept with the request.
      document: async () => {
        const file = entry.summaryFileId === null ? null : await files.find(entry.summaryFileId);
        return { filename: documentFilename(a.form), bytes: file ? await readAll(files.storage, file.key) : null };
      },
      detail: { agreement: agreementOf(a.form, entry.values) },
    });
  }

  async function signerIsSigned(a: SupportBaseAccess, nr: number): Promise<boolean> {
    const entry = await requireEntry(a);
    if (entry.nrOfSignatures === null || nr > entry.nrOfSignatures) throw new NotFoundError('Deze ondertekenaar hoort niet bij dit formulier');
    if (isFinal(entry)) return true;
    const signed = await signerSigned({ db, signing, subject: subjectOf(entry.id), entry, nr, legal: true, whenDone: await whenSigned(entry.id), unless: onPaperEntry });
    if (signed) await announce(entry.id);
    return signed;
  }

  async function send(a: SupportBaseAccess, body: SendBody): Promise<TSupportBaseForm> {
    const entry = await requireEntry(a);
    if (entry.status === 'confirmed') throw readOnly();
    if (!isSigned(entry)) throw new ConflictError(supportBaseMessages.notSigned);
    const problem = supportBaseEmailError(body.email_address);
    if (problem) throw new UnprocessableError(problem, [{ field: 'email_address', message: problem }]);
    const email = body.email_address?.trim() || null;
    const row = await db.transaction(async (tx) => {
      const updated = await updateEntry(tx, entry.id, entry.version, {
        status: 'confirmed', comment: body.comment?.trim() || null, emailTo: email ? [email] : [], sentAt: new Date(),
      }, sql`${formEntries.status} <> 'confirmed'`);
      if (updated) {
        await insertEvent(tx, entry.id, actorOf(a.caller), 'sent');
        if (email) await jobs.add('support-base-mail', { entryId: entry.id, to: email }, { tx });
      }
      return updated;
    });
    return toForm(a, row ?? (await conflictAfter(entry, readOnly)));
  }

  /** The job: the confirmation with the document attached, to the address given when finishing. */
  async function sendMail(payload: Record<string, unknown>): Promise<void> {
    const entry = await findEntryById(db, Number(payload.entryId));
    const form = entry ? await findForm(db, entry.formId) : null;
    const to = typeof payload.to === 'string' ? payload.to : null;
    if (!entry || !form || !to) return;
    const found = await projects.projectWithCustomer(form.projectId);
    if (!found) return;
    const ctx = await engine.entryContext({ kind: 'anonymous' }, form, entry);
    const pdf = await engine.renderSummary({ family: FAMILY, form, entry, ctx, projectName: found.project.name, signatures: [] });
    await deps.mailer.send(supportBaseMail({
      to, formName: form.name, projectName: found.project.name, portalName: found.customer.name, agreement: entry.agreement, pdf, filename: documentFilename(form),
    }));
  }

  /**
   * The document for checking: a download link's token is a signed file link of the entry's current
   * document for the session it was made for (a letter's holder: no session). Opening it is the check.
   */
  async function download(formId: number, token: string, letterTokenValue?: string) {
    const claims = /^(\d{1,10})\./.exec(token);
    if (!claims) throw new UnauthorizedError(supportBaseMessages.linkInvalid);
    let a: SupportBaseAccess;
    if (letterTokenValue !== undefined) {
      a = await letter(formId, letterTokenValue);
    } else {
      const session = await sessions.findLive(Number(claims[1]));
      if (!session || session.role !== 'occupant') throw new UnauthorizedError(supportBaseMessages.linkInvalid);
      a = await occupant(session, formId);
    }
    const entry = await entryOf(a);
    if (!entry) throw new UnauthorizedError(supportBaseMessages.linkInvalid);
    const link = entry.summaryFileId === null ? null : await files.links.verify(token, entry.summaryFileId);
    if (!link || link.sessionId !== a.sessionId) throw new UnauthorizedError(supportBaseMessages.linkInvalid);
    const file = await files.find(entry.summaryFileId!);
    const stored = file ? await files.open(file) : null;
    if (!file || !stored) throw notFound();
    await engine.markSummaryViewed(entry.id, file.id);
    return { ...stored, contentType: 'application/pdf', filename: file.filename };
  }

  async function attachment(a: SupportBaseAccess, nr: number) {
    const rows = await db.select({ fileId: formAttachments.fileId }).from(formAttachments)
      .where(eq(formAttachments.formId, a.form.id)).orderBy(asc(formAttachments.position), asc(formAttachments.id));
    const row = rows[nr - 1];
    const file = row ? await files.find(row.fileId) : null;
    const stored = file ? await files.open(file) : null;
    if (!file || !stored) throw new NotFoundError('Bestand niet gevonden');
    return { ...stored, contentType: file.mime, filename: file.filename };
  }

  async function project(a: SupportBaseAccess): Promise<TSupportBaseProject> {
    const found = await projects.projectWithCustomer(a.project.id);
    const address = await findAddress(db, a.addressId);
    return {
      id: a.project.id, name: a.project.name, logo_url: a.project.logoUrl ?? found?.customer.logo ?? null,
      color_primary: a.project.colorPrimary ?? found?.customer.colorPrimary ?? null, address: address ? fullAddress(address) : null,
    };
  }

  async function occupantsOf(a: SupportBaseAccess): Promise<TFormOccupant[]> {
    // A letter's holder sees no names of the address's occupants.
    return a.sessionId === NO_SESSION ? [] : engine.occupants(a.addressId);
  }

  /** The project's computed progress text for the dashboard: from its first consent form, null without one. */
  async function progressText(projectId: number): Promise<string | null> {
    return tally.progressText(projectId);
  }

  const calls = {
    form: async (a: SupportBaseAccess) => toForm(a, await entryOf(a)),
    save, setNrOfSignatures, setMobile, signUrl, isSigned: signerIsSigned, send, project, occupants: occupantsOf, attachment,
  };

  return {
    occupant, letter, calls, download, sendMail, progressText, whenSigned, tally, paper,
    /** For tests and staff tools: the forms of the project (ids). */
    async formIds(projectId: number): Promise<number[]> {
      const rows = await db.select({ id: forms.id }).from(forms).where(and(eq(forms.projectId, projectId), eq(forms.kind, FAMILY), eq(forms.isActive, true)));
      return rows.map((r) => r.id);
    },
    log,
  };
}
export type SupportBaseService = ReturnType<typeof createSupportBaseService>;
