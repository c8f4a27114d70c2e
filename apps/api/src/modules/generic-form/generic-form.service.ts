import { eq } from 'drizzle-orm';
import {
  choicePaymentDue, drawnSignatureErrors, emailListAddresses, emailListError, FORM_MODULES, formatCents, formListState, formMessages, nrOfSignaturesError, signingMobileError,
  type FormListFacts,
  type TFormListItem, type TFormMenu, type TFormOccupant, type TFormSaveBody, type TFormSignature, type TFormValues, type TGenericEntry,
  type TGenericEntrySummary, type TModuleName, type TPublicSimpleForm, type TSuccess,
} from '@portal/contract';
import type { z } from 'zod';
import type { ZDrawnSignatureBody, ZFormEmailBody, ZNrOfSignaturesBody } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { toDutchDate } from '../../lib/dates.ts';
import { ConflictError, ForbiddenError, NotFoundError, UnprocessableError } from '../../lib/errors.ts';
import { hashToken, newVisitorCode } from '../../lib/tokens.ts';
import type { RateLimiter } from '../auth/rate-limit.ts';
import type { Session } from '../auth/session.store.ts';
import { fileUrl, readAll, safeFilename, type FilesService } from '../files/index.ts';
import {
  actorOf, asFormNotFound, countEntries, summarySignatures, findEntry, findEntryById, findForm, findLatestEntry, findMenu, findPhoto, formEntries, latestEntriesByForm,
  insertEntry, insertEvent, listEntries, listProjectForms, listProjectMenus, markEmailed, ownerOf, updateEntry,
  allSigned, assertMaxSigners, blankSignature, recordSigned as recordSignedEntry, signersOf, signerSigned, signingLink,
  type EntryContext, type FormCaller, type FormEngine, type FormEntryRow, type FormMenuRow, type FormRow, type StoredSignature,
} from '../form-engine/index.ts';
import type { JobQueue } from '../jobs/index.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { ProjectService } from '../project/project.service.ts';
import type { SigningService, SigningSubject } from '../signing/signing.types.ts';
import { formMail } from './generic-form.mails.ts';

export type GenericFormServiceDeps = {
  db: Db;
  projects: ProjectService;
  limiter: RateLimiter;
  files: FilesService;
  jobs: JobQueue;
  mailer: Mailer;
  engine: FormEngine;
  /** The legal signing service; null where none is wired (legal signing then answers 503). */
  signing: SigningService | null;
  /** Public creates, uploads, submits and e-mails per IP address per 15 minutes. */
  limits: { client: number };
  log?: (error: unknown, msg: string) => void;
};

const FAMILY = 'generic';
/** A form that allows several entries: at most this many per address or visitor. */
export const ENTRIES_PER_OWNER = 100;

type ProjectRow = NonNullable<Awaited<ReturnType<ProjectService['projectWithCustomer']>>>['project'];
type Access = { form: FormRow; project: ProjectRow; caller: FormCaller };
type EmailBody = z.infer<typeof ZFormEmailBody>;
type NrOfSignaturesBody = z.infer<typeof ZNrOfSignaturesBody>;
type DrawnSignatureBody = z.infer<typeof ZDrawnSignatureBody>;

const hasModule = (project: ProjectRow, name: TModuleName) => project.modules.some((m) => m.name === name);
const notFound = () => new NotFoundError(formMessages.notFound);
const MODULE_OF = { generic: null, intake: FORM_MODULES.intake, 'support-base': FORM_MODULES.supportBase, choice: FORM_MODULES.choice } as const;
const summaryFilename = (form: FormRow) => safeFilename(`${form.name}.pdf`);
const subjectOf = (entryId: number): SigningSubject => ({ kind: 'generic-form', entryId });


/** Whose entries are e-mailed to one address, once: callers nobody knows (a visitor of a public form), not residents or staff. */
const emailedOnce = (caller: FormCaller) => caller.kind === 'visitor' || caller.kind === 'anonymous';

/**
 * A choice form whose extra costs wait for this address's online payment (staff may have finished the form for
 * it): locked, signed where asked, not paid.
 */
const paymentDue = (form: FormRow, entry: FormEntryRow) => form.kind === 'choice' && entry.paidAt === null && choicePaymentDue({
  c_enable_mollie: form.enablePayment, has_additional_work: true, is_admin: false, locked: entry.locked, paid: false,
  total_not_paid_cents: entry.amountCents ?? 0, require_to_sign_form: form.requireToSignForm, all_signed: allSigned(entry),
});

/** What the overview's state of a form reads of the owner's latest entry. */
const listFacts = (form: FormRow, entry: FormEntryRow, due: boolean): FormListFacts => ({
  status: entry.status,
  locked: entry.locked,
  answered: Object.keys(entry.values).length > 0,
  signingOpen: (form.kind === 'support-base' || ((form.kind === 'generic' || form.kind === 'choice') && form.requireToSignForm)) && !allSigned(entry),
  signingStarted: entry.nrOfSignatures !== null || entry.signRequested,
  paymentDue: due,
  emailed: entry.emailTo.length > 0 || entry.sentAt !== null,
  onPaper: entry.onPaper,
});

/** The last day residents can change the form: a choice form's deadline, else the form's closing moment. */
const deadlineOf = (form: FormRow): string | null => {
  const at = form.deadline ?? form.closesAt;
  return at ? toDutchDate(at) : null;
};

/** The status step's download and send (spec 4.4): locked, and signed when signing is required. */
const statusReached = (form: FormRow, entry: FormEntryRow) => entry.locked && (!form.requireToSignForm || allSigned(entry));

/**
 * Generic forms (formulier, spec 2.6, 3.7, 4.4, 7.4) and the forms overview: residents fill them in for
 * their address, visitors of a public project with their code, several times where the form allows it.
 * Steps after the sections: the summary PDF (viewed before locking), the number of signatures, the
 * signatures (drawn, or through the signing service), and the status step with e-mailing.
 */
export function createGenericFormService(deps: GenericFormServiceDeps) {
  const { db, projects, limiter, files, jobs, engine, signing } = deps;

  signing?.onProgress('generic-form', async ({ subject, request }) => {
    await recordSigned(subject.entryId, request.signers.filter((s) => s.signed).map((s) => s.nr));
  });

  const throttle = (client: string) => limiter.hit([{ key: `forms:client:${client}`, max: deps.limits.client }]);

  // ---- who may see what --------------------------------------------------------------------------

  function occupantCaller(session: Session): FormCaller {
    if (session.addressId === null) throw new ForbiddenError();
    return { kind: 'occupant', session, addressId: session.addressId };
  }
  const visitorCaller = (unique: string): FormCaller => ({ kind: 'visitor', unique, visitorTokenHash: hashToken(unique) });


  async function loadProject(projectId: number): Promise<ProjectRow> {
    const found = await projects.projectWithCustomer(projectId);
    if (!found) throw notFound();
    return found.project;
  }

  /** A generic form the caller may open: the resident's own project, or a public form of a public project; the project has 'forms'. */
  async function access(caller: FormCaller, formId: number, options: { simple?: boolean } = {}): Promise<Access> {
    const form = await findForm(db, formId);
    if (!form || form.kind !== FAMILY || form.isSimple !== (options.simple ?? false)) throw notFound();
    let project: ProjectRow;
    if (caller.kind === 'occupant') {
      await asFormNotFound(projects.occupantProjectId(caller.session, form.projectId));
      project = await loadProject(form.projectId);
    } else if (caller.kind === 'visitor' || caller.kind === 'anonymous') {
      if (!form.isPublic) throw notFound();
      project = await asFormNotFound(projects.assertPublic(form.projectId));
    } else {
      throw notFound();
    }
    if (!hasModule(project, 'forms')) throw notFound();
    return { form, project, caller };
  }

  async function entryOf(a: Access, entryId: number): Promise<FormEntryRow> {
    const entry = await findEntry(db, a.form.id, entryId, ownerOf(a.caller));
    if (!entry) throw notFound();
    return entry;
  }

  // ---- the overview ------------------------------------------------------------------------------

  type Viewer = { kind: 'occupant'; project: ProjectRow; caller: FormCaller } | { kind: 'public'; project: ProjectRow; caller: FormCaller | null };

  function visibleForm(viewer: Viewer, form: FormRow): boolean {
    if (form.isSimple) return false; // reached by its own link (GET /public/form/{id}), not through the overview
    const { project } = viewer;
    if (viewer.kind === 'public') return form.isPublic && form.kind !== 'intake' && hasModule(project, 'forms');
    return form.kind === 'intake' ? hasModule(project, 'intake') : hasModule(project, 'forms');
  }

  async function overview(viewer: Viewer) {
    const [allForms, menus, latest] = await Promise.all([
      listProjectForms(db, viewer.project.id),
      listProjectMenus(db, viewer.project.id),
      viewer.caller ? latestEntriesByForm(db, viewer.project.id, ownerOf(viewer.caller)) : Promise.resolve(new Map<number, FormEntryRow>()),
    ]);
    const shown = allForms.filter((f) => visibleForm(viewer, f));
    const menuIds = new Set(menus.map((m) => m.id));
    const parentOf = (f: FormRow) => (f.menuId !== null && menuIds.has(f.menuId) ? f.menuId : null);
    // A menu shows when a form is in it or in one of its sub-menus.
    const live = new Set<number>();
    const byId = new Map(menus.map((m) => [m.id, m]));
    for (const form of shown) {
      for (let id = parentOf(form), hops = 0; id !== null && !live.has(id) && hops < menus.length; hops++) {
        live.add(id);
        id = byId.get(id)?.parentId ?? null;
      }
    }
    const formItem = (f: FormRow): TFormListItem => {
      const entry = latest.get(f.id) ?? null;
      const due = entry !== null && paymentDue(f, entry);
      return {
        id: f.id, form_id: f.id, name: f.name, module: MODULE_OF[f.kind], type: 'form', allow_multiple_entries: f.allowMultipleEntries, fetched: entry !== null,
        total_not_paid: due ? formatCents(entry.amountCents ?? 0) : null,
        state: formListState(f.kind, entry && listFacts(f, entry, due)),
        deadline: deadlineOf(f),
      };
    };
    const menuItem = (m: FormMenuRow): TFormListItem => ({
      id: m.id, form_id: m.id, name: m.name, module: 'menu', type: 'menu', allow_multiple_entries: false, fetched: false, total_not_paid: null, state: null, deadline: null,
    });
    const itemsIn = (menuId: number | null): TFormListItem[] => [
      ...menus.filter((m) => live.has(m.id) && (m.parentId !== null && menuIds.has(m.parentId) ? m.parentId : null) === menuId).map(menuItem),
      ...shown.filter((f) => parentOf(f) === menuId).map(formItem),
    ];
    const toMenu = (m: FormMenuRow): TFormMenu => ({ id: m.id, name: m.name, parent_id: m.parentId, items: itemsIn(m.id) });
    return { root: itemsIn(null), menus: menus.filter((m) => live.has(m.id)).map(toMenu), menu: (id: number) => (live.has(id) ? toMenu(byId.get(id)!) : null) };
  }

  async function occupantViewer(session: Session, projectId?: number): Promise<Viewer> {
    const caller = occupantCaller(session);
    const id = await projects.occupantProjectId(session, projectId);
    const project = await loadProject(id);
    if (!hasModule(project, 'forms') && !hasModule(project, 'intake')) throw new NotFoundError(formMessages.moduleUnavailable);
    return { kind: 'occupant', project, caller };
  }

  async function publicViewer(projectId: number, unique?: string): Promise<Viewer> {
    const project = await projects.assertPublic(projectId);
    if (!hasModule(project, 'forms')) throw new NotFoundError(formMessages.moduleUnavailable);
    return { kind: 'public', project, caller: unique ? visitorCaller(unique) : null };
  }

  async function menuView(menu: FormMenuRow | null, viewer: (projectId: number) => Promise<Viewer>): Promise<TFormMenu> {
    if (!menu) throw notFound();
    const found = (await overview(await asFormNotFound(viewer(menu.projectId)))).menu(menu.id);
    if (!found) throw notFound();
    return found;
  }

  // ---- an entry on the wire ------------------------------------------------------------------------

  /** The entry with a summary of its current version (made when the sections are done). */
  async function withSummary(a: Access, entry: FormEntryRow, ctx: EntryContext): Promise<FormEntryRow> {
    return engine.ensureSummary({
      family: FAMILY, form: a.form, entry, ctx, projectName: a.project.name, signatures: summarySignatures(entry), filename: summaryFilename(a.form),
    });
  }

  async function toEntry(a: Access, row: FormEntryRow): Promise<TGenericEntry> {
    const { form, caller } = a;
    const ctx = await engine.entryContext(caller, form, row);
    const { sections, done } = engine.renderSections(FAMILY, form.definition, row.values, ctx);
    const completed = done === sections.length;
    const summaryEnabled = form.summaryEnabled && completed;
    const entry = summaryEnabled ? await withSummary(a, row, ctx) : row;
    const sign = form.requireToSignForm;
    const signed = sign && allSigned(entry);
    const reached = form.statusEnabled && statusReached(form, entry);
    const summaryPdf = !summaryEnabled || entry.summaryFileId === null
      ? ''
      : caller.kind === 'visitor'
        ? `/api/public/form/${form.id}/${caller.unique}/filled-in-form/${entry.id}/summary`
        : fileUrl({ id: entry.summaryFileId, filename: summaryFilename(form) }, { open: true });
    return {
      id: entry.id,
      form_id: form.id,
      name: form.name,
      description: form.description,
      form: sections,
      completed,
      locked: entry.locked,
      status: (['answered', 'locked', 'signed', 'completed'] as const).find((s) => s === entry.status) ?? 'answered',
      signature_not_required: !sign,
      require_to_sign_form: sign,
      require_to_sign_form_legally: sign && form.requireToSignFormLegally,
      nr_of_signatures: entry.nrOfSignatures,
      signature: Object.fromEntries(signersOf(entry).map(([nr, s]): [string, TFormSignature] => [String(nr), {
        image: s.image, who: s.who, description: s.description, mobile: s.mobile, signed: s.signed,
      }])),
      signatures_completed: signed,
      summary_enabled: summaryEnabled,
      summary_completed: summaryEnabled && entry.summaryViewedAt !== null,
      nr_of_signatures_enabled: sign && form.nrOfSignaturesEnabled && entry.locked,
      nr_of_signatures_completed: sign && entry.locked && entry.nrOfSignatures !== null,
      signatures_enabled: sign && entry.locked && entry.nrOfSignatures !== null,
      status_enabled: reached,
      status_completed: reached,
      allow_form_to_be_emailed: form.allowFormToBeEmailed,
      email_to: entry.emailTo,
      sent_at: entry.sentAt ? toDutchDate(entry.sentAt) : null,
      email_once: emailedOnce(caller),
      status_text: form.statusText,
      summary_pdf: summaryPdf,
      unique: caller.kind === 'visitor' ? caller.unique : null,
      menu_id: form.menuId,
      sign_request: entry.signRequested,
      allow_multiple_entries: form.allowMultipleEntries,
      updated_at: toDutchDate(entry.updatedAt),
      version: entry.version,
    };
  }

  function toSummary(entry: FormEntryRow, form: FormRow): TGenericEntrySummary {
    // The first text answered names the entry in a list of several; else its date.
    const firstText = form.definition.flatMap((s) => s.elements).map((e) => entry.values[e.id]).find((v): v is string => typeof v === 'string' && !v.startsWith('data:') && v.trim() !== '');
    const date = toDutchDate(entry.createdAt);
    return {
      id: entry.id, status: (['answered', 'locked', 'signed', 'completed'] as const).find((s) => s === entry.status) ?? 'answered',
      locked: entry.locked, updated_at: toDutchDate(entry.updatedAt),
      label: firstText ? `${firstText.length > 60 ? `${firstText.slice(0, 57)}...` : firstText} (${date})` : `Formulier van ${date}`,
    };
  }

  // ---- entries -------------------------------------------------------------------------------------

  /** The caller's entry to fill in: the one of a single-entry form, else a new one (an untouched one is reused). */
  async function openNew(a: Access): Promise<FormEntryRow> {
    const owner = ownerOf(a.caller);
    const latest = await findLatestEntry(db, a.form.id, owner);
    if (latest && (!a.form.allowMultipleEntries || (latest.version === 1 && Object.keys(latest.values).length === 0 && !latest.locked))) return latest;
    if (a.form.allowMultipleEntries && (await countEntries(db, a.form.id, owner)) >= ENTRIES_PER_OWNER) {
      throw new ConflictError(formMessages.entriesMax(ENTRIES_PER_OWNER));
    }
    const created = await db.transaction(async (tx) => {
      const row = await insertEntry(tx, a.form, owner, { onePerOwner: !a.form.allowMultipleEntries, status: 'answered' });
      if (row) await insertEvent(tx, row.id, actorOf(a.caller), 'created');
      return row;
    });
    // A single-entry form's entry made at the same moment by another request: that one is the entry.
    return created ?? (await findLatestEntry(db, a.form.id, owner)) ?? (() => { throw notFound(); })();
  }

  const lockedError = () => new ConflictError(formMessages.locked);

  const conflict = engine.conflictAfter;

  async function save(a: Access, entryId: number, section: number, body: TFormSaveBody): Promise<TGenericEntry> {
    const entry = await entryOf(a, entryId);
    if (entry.locked) throw lockedError();
    const row = await engine.saveSection({
      family: FAMILY, form: a.form, entry, section, values: body.values as TFormValues, caller: a.caller, onlyGiven: false, version: body.version,
      guard: eq(formEntries.locked, false), set: { status: 'answered', summaryViewedAt: null }, refuse: lockedError,
    });
    return toEntry(a, row);
  }

  async function uploadTarget(a: Access, entryId: number, section: number, elementId: string) {
    const entry = await entryOf(a, entryId);
    if (entry.locked) throw lockedError();
    return engine.photoTarget({ family: FAMILY, form: a.form, entry, section, elementId, caller: a.caller });
  }

  /** Finishing ('Formulier afronden' / 'Formulier ondertekenen'): every section done and the summary viewed; locking is final. */
  async function lock(a: Access, entryId: number): Promise<TGenericEntry> {
    const entry = await entryOf(a, entryId);
    if (entry.locked) return toEntry(a, entry);
    const { form } = a;
    const ctx = await engine.entryContext(a.caller, form, entry);
    const errors = engine.formErrors(FAMILY, form.definition, entry.values, ctx.rules);
    if (errors.length) throw new UnprocessableError(formMessages.notComplete, errors);
    if (form.summaryEnabled && !entry.summaryViewedAt) throw new ConflictError(formMessages.notCompleteApproved);
    const sign = form.requireToSignForm;
    const row = await db.transaction(async (tx) => {
      const updated = await updateEntry(tx, entry.id, entry.version, {
        locked: true, lockedAt: new Date(), status: sign ? 'locked' : 'completed',
        // Without the number-of-signatures step there is one signer.
        ...(sign && !form.nrOfSignaturesEnabled ? { nrOfSignatures: 1 } : {}),
      }, eq(formEntries.locked, false));
      if (updated) await insertEvent(tx, entry.id, actorOf(a.caller), 'locked');
      return updated;
    });
    return toEntry(a, row ?? (await conflict(entry, lockedError)));
  }

  /** The signing steps are open: the form asks for signatures and is locked. */
  function assertSigning(a: Access, entry: FormEntryRow) {
    if (!a.form.requireToSignForm || !entry.locked) throw new ConflictError(formMessages.notCompleteApproved);
  }

  function signerOf(entry: FormEntryRow, nr: number): StoredSignature {
    if (entry.nrOfSignatures === null) throw new ConflictError(formMessages.notCompleteApproved);
    if (nr > entry.nrOfSignatures) throw new NotFoundError(formMessages.signerUnknown);
    return signersOf(entry)[nr - 1]![1];
  }

  async function setNrOfSignatures(a: Access, entryId: number, body: NrOfSignaturesBody): Promise<TGenericEntry> {
    const entry = await entryOf(a, entryId);
    assertSigning(a, entry);
    const problem = nrOfSignaturesError(body.nr_of_signatures);
    if (problem) throw new UnprocessableError(problem, [{ field: 'nr_of_signatures', message: problem }]);
    const n = Number(body.nr_of_signatures);
    assertMaxSigners(a.form, n);
    const mobiles = body.mobile_numbers ?? [];
    const names = body.names ?? [];
    const errors = mobiles.flatMap((m, i) => {
      const problem = m.trim() ? signingMobileError(i + 1, m) : null;
      return problem ? [{ field: `mobile_numbers.${i}`, message: problem }] : [];
    });
    if (errors.length) throw new UnprocessableError(formMessages.invalid, errors);
    if (entry.signRequested || signersOf(entry).some(([, s]) => s.signed)) throw new ConflictError(formMessages.signersFixed);
    const signatures: Record<string, StoredSignature> = {};
    for (let nr = 1; nr <= n; nr++) {
      signatures[String(nr)] = { ...blankSignature(), who: names[nr - 1]?.trim() || null, mobile: mobiles[nr - 1]?.trim() || null };
    }
    const refuse = () => new ConflictError(formMessages.signersFixed);
    const row = await db.transaction(async (tx) => {
      const updated = await updateEntry(tx, entry.id, entry.version, { nrOfSignatures: n, signatures, status: 'locked' }, eq(formEntries.signRequested, false));
      if (updated) await insertEvent(tx, entry.id, actorOf(a.caller), 'nr-of-signatures', { nr: n });
      return updated;
    });
    return toEntry(a, row ?? (await conflict(entry, refuse)));
  }

  async function drawSignature(a: Access, entryId: number, nr: number, body: DrawnSignatureBody): Promise<TGenericEntry> {
    const entry = await entryOf(a, entryId);
    assertSigning(a, entry);
    if (a.form.requireToSignFormLegally) throw new ConflictError(formMessages.signLegally);
    const signer = signerOf(entry, nr);
    if (allSigned(entry)) throw lockedError();
    const errors = drawnSignatureErrors(body, true);
    if (errors.length) throw new UnprocessableError(formMessages.invalid, errors);
    const signatures = {
      ...entry.signatures,
      [String(nr)]: { ...signer, image: body.signature!, who: body.who!.trim(), description: body.description!.trim(), signed: true, signedAt: new Date().toISOString() },
    };
    const done = allSigned({ ...entry, signatures });
    const row = await db.transaction(async (tx) => {
      const updated = await updateEntry(tx, entry.id, entry.version, { signatures, status: done ? 'signed' : 'locked' });
      if (updated) await insertEvent(tx, entry.id, actorOf(a.caller), 'signed', { nr });
      return updated;
    });
    return toEntry(a, row ?? (await conflict(entry, lockedError)));
  }

  /** Signers the signing service reports signed: recorded once; the entry becomes 'signed' when all are. */
  const recordSigned = (entryId: number, nrs: number[]) => recordSignedEntry(db, entryId, nrs, { status: 'signed' });

  async function signingUrl(a: Access, entryId: number, nr: number): Promise<{ url: string }> {
    const entry = await entryOf(a, entryId);
    assertSigning(a, entry);
    if (!a.form.requireToSignFormLegally) throw new ConflictError(formMessages.signDrawn);
    signerOf(entry, nr);
    return signingLink({
      db, signing, subject: subjectOf(entry.id), entry, nr, actor: actorOf(a.caller), verification: 'scribble',
      document: async () => {
        const current = await withSummary(a, entry, await engine.entryContext(a.caller, a.form, entry));
        const file = current.summaryFileId === null ? null : await files.find(current.summaryFileId);
        return { filename: summaryFilename(a.form), bytes: file ? await readAll(files.storage, file.key) : null };
      },
    });
  }

  async function isSigned(a: Access, entryId: number, nr: number): Promise<boolean> {
    const entry = await entryOf(a, entryId);
    assertSigning(a, entry);
    signerOf(entry, nr);
    return signerSigned({ db, signing, subject: subjectOf(entry.id), entry, nr, legal: a.form.requireToSignFormLegally, whenDone: { status: 'signed' } });
  }

  async function email(a: Access, entryId: number, body: EmailBody): Promise<TSuccess> {
    const entry = await entryOf(a, entryId);
    if (!a.form.allowFormToBeEmailed) throw new ForbiddenError(formMessages.emailNotAllowed);
    if (!statusReached(a.form, entry)) throw new ConflictError(formMessages.notCompleteApproved);
    const problem = emailListError(body.email_address);
    if (problem) throw new UnprocessableError(problem, [{ field: 'email_address', message: problem }]);
    const to = [...new Set(emailListAddresses(body.email_address).map((e) => e.toLowerCase()))];
    if (!to.length) throw new UnprocessableError(formMessages.emailMissing, [{ field: 'email_address', message: formMessages.emailMissing }]);
    // A visitor is nobody we know: their entry (with their own text in its PDF) goes to one address.
    const once = emailedOnce(a.caller);
    if (once && to.length > 1) throw new UnprocessableError(formMessages.emailOneAddress, [{ field: 'email_address', message: formMessages.emailOneAddress }]);
    // Every entry is e-mailed once: a second call (a double click, another tab, a replay) sends no second mail.
    const alreadySent = () => new ConflictError(once ? formMessages.emailedOnce : formMessages.alreadySent);
    if (entry.sentAt) throw alreadySent();
    const sent = await db.transaction(async (tx) => {
      if (!(await markEmailed(tx, entry.id, to))) return false;
      await insertEvent(tx, entry.id, actorOf(a.caller), 'emailed', { count: to.length });
      // One job per address: a retry after a failure sends only what did not go.
      for (const address of to) await jobs.add('form-email', { entryId: entry.id, to: address }, { tx });
      return true;
    });
    if (!sent) throw alreadySent();
    return { success: true, message: formMessages.sent };
  }

  /** The job: the summary PDF of the entry as it is, attached to a mail to one address. */
  async function sendEmail(payload: Record<string, unknown>): Promise<void> {
    const entry = await findEntryById(db, Number(payload.entryId));
    const form = entry ? await findForm(db, entry.formId) : null;
    const to = typeof payload.to === 'string' ? payload.to : null;
    if (!entry || !form || !to) return; // removed in between: nothing to send
    const found = await projects.projectWithCustomer(form.projectId);
    if (!found) return;
    // The PDF reads photos from storage: no caller's links are needed.
    const ctx = await engine.entryContext({ kind: 'anonymous' }, form, entry);
    const pdf = await engine.renderSummary({ family: FAMILY, form, entry, ctx, projectName: found.project.name, signatures: summarySignatures(entry) });
    await deps.mailer.send(formMail({ to, formName: form.name, projectName: found.project.name, portalName: found.customer.name, date: entry.updatedAt, pdf, filename: summaryFilename(form) }));
  }

  async function publicSummary(a: Access, entryId: number) {
    let entry = await entryOf(a, entryId);
    const ctx = await engine.entryContext(a.caller, a.form, entry);
    const { sections, done } = engine.renderSections(FAMILY, a.form.definition, entry.values, ctx);
    if (!a.form.summaryEnabled || done !== sections.length) throw new ConflictError(formMessages.notComplete);
    entry = await withSummary(a, entry, ctx);
    const file = entry.summaryFileId === null ? null : await files.find(entry.summaryFileId);
    const stored = file ? await files.open(file) : null;
    if (!file || !stored) throw notFound();
    await engine.markSummaryViewed(entry.id, file.id);
    return { ...stored, contentType: 'application/pdf', filename: file.filename };
  }

  async function publicPhoto(a: Access, entryId: number, photoId: number) {
    const entry = await entryOf(a, entryId);
    const row = await findPhoto(db, entry.id, photoId);
    const stored = row ? await files.open(row.file) : null;
    if (!row || !stored) throw new NotFoundError('Foto niet gevonden');
    return { ...stored, contentType: row.file.mime };
  }

  // ---- the simple public form ----------------------------------------------------------------------

  async function simpleForm(formId: number): Promise<TPublicSimpleForm> {
    const a = await access({ kind: 'anonymous' }, formId, { simple: true });
    const ctx = await engine.entryContext(a.caller, a.form, null);
    return { id: a.form.id, name: a.form.name, description: a.form.description, form: engine.renderSections(FAMILY, a.form.definition, {}, ctx).sections };
  }

  async function simpleSubmit(formId: number, body: TFormSaveBody, client: string): Promise<TSuccess> {
    const a = await access({ kind: 'anonymous' }, formId, { simple: true });
    await throttle(client);
    const ctx = await engine.entryContext(a.caller, a.form, null);
    const values = Object.fromEntries(Object.entries(body.values as TFormValues).filter(([, v]) => v !== null && v !== false && !(typeof v === 'string' && !v.trim())));
    const errors = engine.formErrors(FAMILY, a.form.definition, values, ctx.rules, { unknownKeys: true });
    if (errors.length) throw new UnprocessableError(formMessages.invalid, errors);
    const stored = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v]));
    await db.transaction(async (tx) => {
      const row = await insertEntry(tx, a.form, { kind: 'anonymous' }, {
        onePerOwner: false, values: stored, status: 'completed', locked: true, lockedAt: new Date(), sectionsDone: a.form.definition.length,
      });
      if (row) await insertEvent(tx, row.id, actorOf(a.caller), 'sent');
    });
    return { success: true, message: formMessages.simpleSubmitted };
  }

  // ---- the calls, per caller -----------------------------------------------------------------------

  const occupant = (session: Session, formId: number) => access(occupantCaller(session), formId);
  /** A visitor's form; `client` (their IP address) counts a change against the per-client limit of public changes. */
  const visitor = async (formId: number, unique: string, client?: string) => {
    const a = await access(visitorCaller(unique), formId);
    if (client !== undefined) await throttle(client);
    return a;
  };

  async function occupantsOf(a: Access): Promise<TFormOccupant[]> {
    return a.caller.kind === 'occupant' ? engine.occupants(a.caller.addressId) : [];
  }

  /** The calls that work the same for a resident and a visitor, on an access already checked. */
  const entryCalls = {
    entries: async (a: Access) => (await listEntries(db, a.form.id, ownerOf(a.caller))).map((e) => toSummary(e, a.form)),
    current: async (a: Access) => toEntry(a, (await findLatestEntry(db, a.form.id, ownerOf(a.caller))) ?? (await openNew(a))),
    create: async (a: Access) => toEntry(a, await openNew(a)),
    entry: async (a: Access, entryId: number) => toEntry(a, await entryOf(a, entryId)),
    save, uploadTarget, lock, setNrOfSignatures, drawSignature, signingUrl, isSigned, email, occupants: occupantsOf,
  };

  return {
    occupant,
    visitor,
    entryCalls,
    publicSummary,
    publicPhoto,
    simpleForm,
    simpleSubmit,
    sendEmail,
    recordSigned,

    async occupantList(session: Session, projectId?: number): Promise<TFormListItem[]> {
      return (await overview(await occupantViewer(session, projectId))).root;
    },
    async occupantMenus(session: Session, projectId?: number): Promise<TFormMenu[]> {
      return (await overview(await occupantViewer(session, projectId))).menus;
    },
    async occupantMenu(session: Session, menuId: number): Promise<TFormMenu> {
      return menuView(await findMenu(db, menuId), (projectId) => occupantViewer(session, projectId));
    },
    async publicUnique(projectId: number) {
      await publicViewer(projectId);
      return { unique: newVisitorCode() };
    },
    async publicList(projectId: number, unique?: string): Promise<TFormListItem[]> {
      return (await overview(await publicViewer(projectId, unique))).root;
    },
    async publicMenus(projectId: number, unique?: string): Promise<TFormMenu[]> {
      return (await overview(await publicViewer(projectId, unique))).menus;
    },
    async publicMenu(menuId: number, unique?: string): Promise<TFormMenu> {
      return menuView(await findMenu(db, menuId), (projectId) => publicViewer(projectId, unique));
    },
  };
}
export type GenericFormService = ReturnType<typeof createGenericFormService>;
