import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  choiceCostCents, choiceEmailError, choiceMessages, choiceNamedStepReadOnly, choicePaymentShown, choiceSectionsReadOnly, choiceSignersErrors, choiceStepLabel,
  drawnSignatureErrors, elementKeys, formatCents, formatEuro, formMessages,
  type ChoiceStepState, type TChoiceForm, type TChoiceSaveBody, type TChoiceSendBody, type TChoiceSignatureBody, type TChoiceSignersBody,
  type TChoiceTotal, type TFormOccupant, type TFormPhoto, type TFormSignature, type TFormValues, type TSuccess,
  isOpenPaymentStatus,
} from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { toDutchDate } from '../../lib/dates.ts';
import { ConflictError, NotFoundError, ServiceUnavailableError, UnprocessableError } from '../../lib/errors.ts';
import type { Session } from '../auth/session.store.ts';
import { fileUrl, readAll, safeFilename, type FilesService } from '../files/index.ts';
import {
  actorOf, allSigned, assertMaxSigners, findEntryById, findForm, formEntries, fullAddress, insertEvent, knownMobiles, phoneSourceOf,
  recordSigned, signersOf, signerSigned, signingLink, updateEntry,
  addressFormAccess, summarySignatures, type AddressFormAccess, type EntryContext, type FormEngine, type FormEntryRow, type FormRow, type StoredSignature,
} from '../form-engine/index.ts';
import type { Payment, PaymentService, PaymentSubject } from '../payment/payment.types.ts';
import { formMail } from '../generic-form/generic-form.mails.ts';
import type { JobQueue } from '../jobs/index.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { ProjectService } from '../project/project.service.ts';
import type { SigningService, SigningSubject } from '../signing/signing.types.ts';

export type ChoiceFormServiceDeps = {
  db: Db;
  projects: ProjectService;
  files: FilesService;
  engine: FormEngine;
  signing: SigningService | null;
  /** Online payment; null where none is wired (paying then answers 503). */
  payments: PaymentService | null;
  jobs: JobQueue;
  mailer: Mailer;
  now?: () => Date;
};

const FAMILY = 'choice';
/** A choice form opened for one address: by a resident of it, or by staff acting for it (`isAdmin`). */
export type ChoiceAccess = AddressFormAccess & { isAdmin: boolean };

const notFound = () => new NotFoundError(formMessages.notFound);
const lockedError = () => new ConflictError(formMessages.locked);
const summaryFilename = (form: FormRow) => safeFilename(`${form.name}.pdf`);
const signingSubject = (entryId: number): SigningSubject => ({ kind: 'choice-form', entryId });
const paymentSubject = (entryId: number): PaymentSubject => ({ kind: 'choice-form', entryId });

/**
 * Choice forms (keuze, spec 2.5, 3.6, 4.3, 7.3) on the form engine: one entry per address, sections of
 * c_ elements, the summary that locks the entry and fixes its extra costs (cents, from the stored
 * definition and answers; nothing the browser says about money counts), signatures (drawn, or through
 * the signing service), online payment through the payment service (paid only by its status callback),
 * and sending. Residents are blocked by the deadline; staff acting for the address are not.
 */
export function createChoiceFormService(deps: ChoiceFormServiceDeps) {
  const { db, projects, files, engine, signing, payments, jobs } = deps;
  const now = deps.now ?? (() => new Date());

  const whenSigned = {};
  signing?.onProgress('choice-form', async ({ subject, request }) => {
    await recordSigned(db, subject.entryId, request.signers.filter((s) => s.signed).map((s) => s.nr), whenSigned);
  });

  /** The payment service's word that a payment is paid: the only way an entry becomes paid (idempotent). */
  async function onPayment({ subject, payment }: { subject: PaymentSubject; payment: Payment }): Promise<void> {
    if (payment.status !== 'paid') return;
    await db.transaction(async (tx) => {
      const [row] = await tx.update(formEntries)
        .set({ paidAt: payment.paidAt ?? new Date(), status: 'paid', updatedAt: new Date(), version: sql`${formEntries.version} + 1` }) // a new version: the summary PDF is made again, now paid
        .where(and(eq(formEntries.id, subject.entryId), isNull(formEntries.paidAt)))
        .returning({ id: formEntries.id, status: formEntries.status });
      if (row) await insertEvent(tx, row.id, { actorKind: 'system' }, 'paid', { payment: payment.id, amount: payment.amountCents });
    });
  }
  payments?.onStatus('choice-form', onPayment);

  // ---- who may open what ---------------------------------------------------------------------------

  const access = addressFormAccess({ db, projects, family: FAMILY, module: 'forms', activeOnly: true, notFound, addressUnknown: choiceMessages.addressUnknown });
  const { entryOf, ensureEntry } = access;

  /** A resident: a choice form of their address's project. An is_admin session (setlogin) acts as administrator. */
  const occupant = async (session: Session, formId: number): Promise<ChoiceAccess> => ({ ...(await access.occupant(session, formId)), isAdmin: session.isAdmin });
  /** Staff of the project's customer (partner, administrator) acting for an address of the project. */
  const partner = async (session: Session, formId: number, addressId: number): Promise<ChoiceAccess> => ({ ...(await access.staff(session, formId, addressId)), isAdmin: true });

  async function lockedEntry(a: ChoiceAccess): Promise<FormEntryRow> {
    const entry = await entryOf(a);
    if (!entry || !entry.locked) throw new ConflictError(choiceMessages.notLocked);
    return entry;
  }

  // ---- the entry on the wire ---------------------------------------------------------------------------

  const deadlineReached = (form: FormRow) => form.deadline !== null && now().getTime() > form.deadline.getTime();

  /** What the entry costs: fixed when locked, else the stored answers' total; nothing when prices are off. */
  function costOf(form: FormRow, entry: FormEntryRow | null): number {
    if (form.disablePrices || !entry) return 0;
    if (entry.locked) return entry.amountCents ?? 0;
    return choiceCostCents(form.definition, entry.values);
  }

  async function latestPayment(a: ChoiceAccess, entry: FormEntryRow | null, refresh: boolean): Promise<Payment | null> {
    if (!payments || !entry || !a.form.enablePayment || entry.paidAt) return null;
    const subject = paymentSubject(entry.id);
    const latest = await payments.latest(subject);
    // An open payment: ask the provider (the payer may have come back from the checkout).
    // A provider that cannot be asked now leaves the form readable with what is known.
    if (refresh && latest && isOpenPaymentStatus(latest.status)) return payments.refresh(subject).catch(() => latest);
    return latest;
  }

  /** The step state the read-only rules of the contract work on (spec 4.3). */
  function stepState(a: ChoiceAccess, entry: FormEntryRow | null, payment: Payment | null): ChoiceStepState & { mollie_url: string | null } {
    const amount = costOf(a.form, entry);
    const paid = entry?.paidAt != null;
    const openUrl = payment && isOpenPaymentStatus(payment.status) ? payment.checkoutUrl : null;
    const ctxForm = a.form.definition.map(() => ({ nr_of_required_fields: 0, nr_of_required_fields_filled_in: 0 }));
    return {
      form: ctxForm,
      status: entry?.status ?? '',
      completed: false,
      locked: entry?.locked ?? false,
      deadline_reached: deadlineReached(a.form),
      require_to_sign_form: a.form.requireToSignForm,
      nr_of_signatures: entry?.nrOfSignatures ?? null,
      all_signed: !!entry && allSigned(entry),
      has_additional_work: amount > 0,
      c_enable_mollie: a.form.enablePayment,
      mollie_url: openUrl,
      paid,
      total_not_paid_cents: paid ? 0 : amount,
      is_admin: a.isAdmin,
      sent_at: entry?.sentAt ? toDutchDate(entry.sentAt) : null,
    };
  }

  /**
   * The form as its summary PDF shows it: each section under its sidebar name ('Vragen' as 'Keuze', spec
   * 2.5) and, when prices are on, the extra costs at the end with whether (and when) they were paid.
   */
  function summaryForm(form: FormRow, entry: FormEntryRow): FormRow {
    const definition = form.definition.map((section, index) => ({ ...section, label: choiceStepLabel(form.definition, { kind: 'section', index }) }));
    if (form.disablePrices) return { ...form, definition };
    const cents = costOf(form, entry);
    const payment = !form.enablePayment || cents === 0 ? null
      : entry.paidAt ? `Betaald op ${toDutchDate(entry.paidAt)}` : 'Nog niet betaald';
    const line = cents > 0 ? `Totaal extra kosten: ${formatEuro(cents)}` : 'Geen extra kosten';
    const elements: FormRow['definition'][number]['elements'] = [{ id: 'extra-kosten', type: 'c_title', data: { label: line } }];
    if (payment) elements.push({ id: 'betaling', type: 'c_title', data: { label: `Betaling: ${payment}` } });
    return { ...form, definition: [...definition, { id: 'extra-kosten', label: 'Extra kosten', elements }] };
  }

  async function withSummary(a: ChoiceAccess, entry: FormEntryRow, ctx: EntryContext): Promise<FormEntryRow> {
    return engine.ensureSummary({
      family: FAMILY, form: summaryForm(a.form, entry), entry, ctx, projectName: a.project.name, signatures: summarySignatures(entry), filename: summaryFilename(a.form),
    });
  }

  async function toChoiceForm(a: ChoiceAccess, row: FormEntryRow | null, options: { refresh?: boolean } = {}): Promise<TChoiceForm> {
    const { form } = a;
    const ctx = await engine.entryContext(a.caller, form, row);
    const entry = row?.locked ? await withSummary(a, row, ctx) : row;
    const values: TFormValues = entry?.values ?? {};
    const { sections, done } = engine.renderSections(FAMILY, form.definition, values, ctx);
    const payment = await latestPayment(a, entry, options.refresh ?? false);
    const state = stepState(a, entry, payment);
    const read = choiceSectionsReadOnly(state);
    const amount = costOf(form, entry);
    const signers = entry ? signersOf(entry) : [];
    return {
      id: form.id,
      entry_id: entry?.id ?? null,
      name: form.name,
      description: form.description,
      status: entry?.status ?? '',
      project_id: form.projectId,
      project_name: a.project.name,
      address: { id: a.address.id, full_address: fullAddress(a.address) },
      form: sections.map((s, i) => {
        const keys = form.definition[i]!.elements.flatMap((e) => elementKeys(FAMILY, e));
        return { ...s, saved: keys.some((k) => values[k] !== undefined), completed: s.nr_of_required_fields_filled_in >= s.nr_of_required_fields, read };
      }),
      completed: done === sections.length,
      locked: entry?.locked ?? false,
      deadline: form.deadline ? toDutchDate(form.deadline) : null,
      deadline_reached: state.deadline_reached,
      require_to_sign_form: form.requireToSignForm,
      require_to_sign_form_legally: form.requireToSignForm && form.requireToSignFormLegally,
      use_sms_authentication_for_signing: form.requireToSignForm && form.requireToSignFormLegally && form.useSmsAuthentication,
      nr_of_signatures: entry?.nrOfSignatures ?? null,
      names: signers.map(([, s]) => s.who ?? ''),
      mobile_numbers: signers.map(([, s]) => s.mobile ?? ''),
      signature: Object.fromEntries(signers.map(([nr, s]): [string, TFormSignature] => [String(nr), {
        image: s.image, who: s.who, description: s.description, mobile: s.mobile, signed: s.signed,
      }])),
      all_signed: state.all_signed,
      signature_not_required: !form.requireToSignForm,
      sign_requested: entry?.signRequested ?? false,
      has_additional_work: amount > 0,
      additional_costs_cents: amount,
      additional_costs: formatCents(amount),
      total_not_paid_cents: state.total_not_paid_cents,
      total_not_paid: formatCents(state.total_not_paid_cents),
      disable_prices: form.disablePrices,
      c_enable_mollie: form.enablePayment,
      // Online payment off (no provider configured): the pay step says so and paying answers 503.
      mollie_enabled: form.enablePayment && payments !== null && payments.available,
      mollie_url: state.mollie_url,
      paid: state.paid,
      paid_at: entry?.paidAt ? toDutchDate(entry.paidAt) : null,
      payment_status: entry?.paidAt ? 'paid' : (payment?.status ?? null),
      summary_text: form.summaryText,
      status_text: form.statusText,
      email_address: entry?.emailTo[0] ?? null,
      comment: entry?.comment ?? null,
      sent_at: entry?.sentAt ? toDutchDate(entry.sentAt) : null,
      download_url: entry?.locked && entry.summaryFileId !== null ? fileUrl({ id: entry.summaryFileId, filename: summaryFilename(form) }) : '',
      filename: summaryFilename(form),
      is_admin: a.isAdmin,
      version: entry?.version ?? 0,
    };
  }

  // ---- changes -----------------------------------------------------------------------------------------

  /** Numbered sections may change (spec 4.3): not locked, an editable status, and (residents) before the deadline. */
  function assertSectionsEditable(a: ChoiceAccess, entry: FormEntryRow | null) {
    if (entry?.locked) throw lockedError();
    const state = stepState(a, entry, null);
    if (state.deadline_reached && !a.isAdmin) throw new ConflictError(choiceMessages.deadlineReached);
    if (choiceSectionsReadOnly(state)) throw lockedError();
  }

  async function saveSection(a: ChoiceAccess, section: number, body: TChoiceSaveBody): Promise<TChoiceForm> {
    if (!a.form.definition[section]) throw new NotFoundError(choiceMessages.sectionUnknown);
    const before = await entryOf(a);
    assertSectionsEditable(a, before);
    // Version 0 is the form before its first save: an entry made but never saved (version 1) is what it saw.
    if (!before && body.version) throw new ConflictError(formMessages.changed);
    const entry = before ?? (await ensureEntry(a));
    assertSectionsEditable(a, entry);
    const untouched = body.version === 0 && entry.version === 1;
    const row = await engine.saveSection({
      family: FAMILY, form: a.form, entry, section, values: (body.values ?? {}) as TFormValues, caller: a.caller, onlyGiven: false,
      version: untouched ? undefined : body.version,
      guard: eq(formEntries.locked, false), set: { status: 'answering' }, refuse: lockedError,
    });
    return toChoiceForm(a, row);
  }

  /** A photo for a photo element of section n (multipart upload); the entry is made when there is none. */
  async function uploadTarget(a: ChoiceAccess, section: number, elementId: string): Promise<(data: Buffer) => Promise<TFormPhoto>> {
    if (!a.form.definition[section]) throw new NotFoundError(choiceMessages.sectionUnknown);
    assertSectionsEditable(a, await entryOf(a));
    const entry = await ensureEntry(a);
    return engine.photoTarget({ family: FAMILY, form: a.form, entry, section, elementId, caller: a.caller });
  }

  /** 'summary': every section complete; locks the entry and fixes its extra costs from the stored definition and answers. */
  async function complete(a: ChoiceAccess): Promise<TChoiceForm> {
    const entry = await entryOf(a);
    if (entry?.locked) return toChoiceForm(a, entry);
    assertSectionsEditable(a, entry);
    const values = entry?.values ?? {};
    const ctx = await engine.entryContext(a.caller, a.form, entry);
    const errors = engine.formErrors(FAMILY, a.form.definition, values, ctx.rules);
    if (errors.length || !entry) throw new UnprocessableError(formMessages.notComplete, errors);
    const amountCents = a.form.disablePrices ? 0 : choiceCostCents(a.form.definition, entry.values);
    const row = await db.transaction(async (tx) => {
      const updated = await updateEntry(tx, entry.id, entry.version, {
        locked: true, lockedAt: new Date(), status: 'summary', amountCents,
        ...(a.form.requireToSignForm ? {} : { nrOfSignatures: null }),
      }, eq(formEntries.locked, false));
      if (updated) await insertEvent(tx, entry.id, actorOf(a.caller), 'locked', { amount: amountCents });
      return updated;
    });
    return toChoiceForm(a, row ?? (await engine.conflictAfter(entry, lockedError)));
  }

  /** The total of extra costs for the posted values of one section with the rest as stored (a preview; nothing is stored). */
  async function totalPrice(a: ChoiceAccess, section: number, body: TChoiceSaveBody): Promise<TChoiceTotal> {
    const definition = a.form.definition[section];
    if (!definition) throw new NotFoundError(choiceMessages.sectionUnknown);
    const entry = await entryOf(a);
    if (a.form.disablePrices) return { additional_costs_cents: 0, additional_costs: formatCents(0) };
    if (entry?.locked) {
      const fixed = entry.amountCents ?? 0;
      return { additional_costs_cents: fixed, additional_costs: formatCents(fixed) };
    }
    const keys = new Set(definition.elements.flatMap((e) => elementKeys(FAMILY, e)));
    const values: TFormValues = Object.fromEntries(Object.entries(entry?.values ?? {}).filter(([key]) => !keys.has(key)));
    for (const [key, value] of Object.entries(body.values ?? {})) if (keys.has(key) && value !== null) values[key] = value;
    const cents = choiceCostCents(a.form.definition, values);
    return { additional_costs_cents: cents, additional_costs: formatCents(cents) };
  }

  /** The named steps may change (spec 4.3); `step` names which. */
  function assertNamedStep(a: ChoiceAccess, entry: FormEntryRow, step: 'nr-of-signatures' | 'signature', payment: Payment | null) {
    if (!a.form.requireToSignForm) throw new ConflictError(formMessages.notCompleteApproved);
    const state = stepState(a, entry, payment);
    if (state.deadline_reached && !a.isAdmin) throw new ConflictError(choiceMessages.deadlineReached);
    if (choiceNamedStepReadOnly(state, step)) throw new ConflictError(choiceMessages.readOnly);
  }

  async function setSigners(a: ChoiceAccess, body: TChoiceSignersBody): Promise<TChoiceForm> {
    const entry = await lockedEntry(a);
    assertNamedStep(a, entry, 'nr-of-signatures', await latestPayment(a, entry, false));
    const legal = a.form.requireToSignFormLegally;
    const errors = choiceSignersErrors(body, { legal, sms: legal && a.form.useSmsAuthentication });
    if (errors.length) throw new UnprocessableError(errors[0]!.field === 'nr_of_signatures' ? errors[0]!.message : formMessages.invalid, errors);
    if (entry.signRequested || signersOf(entry).some(([, s]) => s.signed)) throw new ConflictError(formMessages.signersFixed);
    const n = Number(body.nr_of_signatures);
    assertMaxSigners(a.form, n);
    if (legal && a.form.useSmsAuthentication) {
      // Where the address's mobile number is known, the codes go only there (the signing request checks it again).
      const known = await knownMobiles(db, a.address.id);
      const wrong = Array.from({ length: n }, (_, i) => ({ i, phone: phoneSourceOf(body.mobile_numbers?.[i], known) }))
        .flatMap(({ i, phone }) => ('problem' in phone ? [{ field: `mobile_numbers.${i}`, message: phone.problem }] : []));
      if (wrong.length) throw new UnprocessableError(wrong[0]!.message, wrong);
    }
    const signatures: Record<string, StoredSignature> = {};
    for (let nr = 1; nr <= n; nr++) {
      const mobile = body.mobile_numbers?.[nr - 1]?.trim() || null;
      signatures[String(nr)] = { image: null, who: body.names?.[nr - 1]?.trim() || null, description: null, mobile, signed: false, signedAt: null };
    }
    const refuse = () => new ConflictError(formMessages.signersFixed);
    const row = await db.transaction(async (tx) => {
      const updated = await updateEntry(tx, entry.id, entry.version, { nrOfSignatures: n, signatures }, eq(formEntries.signRequested, false));
      if (updated) await insertEvent(tx, entry.id, actorOf(a.caller), 'nr-of-signatures', { nr: n });
      return updated;
    });
    return toChoiceForm(a, row ?? (await engine.conflictAfter(entry, refuse)));
  }

  function signerOf(entry: FormEntryRow, nr: number): StoredSignature {
    if (entry.nrOfSignatures === null) throw new ConflictError(choiceMessages.stepNotDone);
    if (nr > entry.nrOfSignatures) throw new NotFoundError(formMessages.signerUnknown);
    return signersOf(entry)[nr - 1]![1];
  }

  async function drawSignature(a: ChoiceAccess, nr: number, body: TChoiceSignatureBody): Promise<TChoiceForm> {
    const entry = await lockedEntry(a);
    assertNamedStep(a, entry, 'signature', await latestPayment(a, entry, false));
    if (a.form.requireToSignFormLegally) throw new ConflictError(formMessages.signLegally);
    const signer = signerOf(entry, nr);
    const errors = drawnSignatureErrors(body, false);
    if (errors.length) throw new UnprocessableError(formMessages.invalid, errors);
    const signatures = { ...entry.signatures, [String(nr)]: { ...signer, image: body.signature!, who: body.who!.trim(), signed: true, signedAt: new Date().toISOString() } };
    const row = await db.transaction(async (tx) => {
      const updated = await updateEntry(tx, entry.id, entry.version, { signatures });
      if (updated) await insertEvent(tx, entry.id, actorOf(a.caller), 'signed', { nr });
      return updated;
    });
    return toChoiceForm(a, row ?? (await engine.conflictAfter(entry, lockedError)));
  }

  async function signingUrl(a: ChoiceAccess, nr: number): Promise<{ url: string }> {
    const entry = await lockedEntry(a);
    if (!a.form.requireToSignForm) throw new ConflictError(formMessages.notCompleteApproved);
    if (!a.form.requireToSignFormLegally) throw new ConflictError(formMessages.signDrawn);
    signerOf(entry, nr);
    return signingLink({
      db, signing, subject: signingSubject(entry.id), entry, nr, actor: actorOf(a.caller),
      verification: a.form.useSmsAuthentication ? 'sms' : 'scribble',
      document: async () => {
        const current = await withSummary(a, entry, await engine.entryContext(a.caller, a.form, entry));
        const file = current.summaryFileId === null ? null : await files.find(current.summaryFileId);
        return { filename: summaryFilename(a.form), bytes: file ? await readAll(files.storage, file.key) : null };
      },
    });
  }

  async function isSigned(a: ChoiceAccess, nr: number): Promise<boolean> {
    const entry = await lockedEntry(a);
    if (!a.form.requireToSignForm) throw new ConflictError(formMessages.notCompleteApproved);
    signerOf(entry, nr);
    return signerSigned({ db, signing, subject: signingSubject(entry.id), entry, nr, legal: a.form.requireToSignFormLegally, whenDone: whenSigned });
  }

  /** A payment of the fixed extra costs at the payment provider (residents): its checkout link. */
  async function pay(a: ChoiceAccess): Promise<{ mollie_url: string }> {
    const entry = await lockedEntry(a);
    const state = stepState(a, entry, null);
    if (!choicePaymentShown(state) || (entry.amountCents ?? 0) < 1) throw new ConflictError(choiceMessages.noPayment);
    if (entry.paidAt) throw new ConflictError(choiceMessages.noPayment);
    if (a.form.requireToSignForm && !allSigned(entry)) throw new ConflictError(choiceMessages.notSigned);
    if (!payments?.available) throw new ServiceUnavailableError(choiceMessages.paymentUnavailable, 60);
    const payment = await payments.create({
      subject: paymentSubject(entry.id),
      amountCents: entry.amountCents!,
      description: `${a.form.name} - ${fullAddress(a.address)}`.slice(0, 250),
      returnPath: `/formulier/keuze/${a.form.id}/betalen`,
    });
    if (!payment.checkoutUrl) throw new ServiceUnavailableError(choiceMessages.paymentUnavailable, 30);
    return { mollie_url: payment.checkoutUrl };
  }

  /**
   * Sends the finished form (status step): an optional e-mail address and comment. Once: a second send
   * of the entry (a double click, a second tab, a replayed call) is refused and sends no second mail.
   */
  async function send(a: ChoiceAccess, body: TChoiceSendBody): Promise<TSuccess> {
    const problem = choiceEmailError(body.email_address);
    if (problem) throw new UnprocessableError(problem, [{ field: 'email_address', message: problem }]);
    const entry = await lockedEntry(a);
    const alreadySent = () => new ConflictError(choiceMessages.alreadySent);
    if (entry.sentAt) throw alreadySent();
    if (a.form.requireToSignForm && !allSigned(entry)) throw new ConflictError(choiceMessages.notSigned);
    const state = stepState(a, entry, null);
    if (!a.isAdmin && choicePaymentShown(state) && state.total_not_paid_cents > 0) throw new ConflictError(choiceMessages.notPaid);
    const email = body.email_address?.trim() || null;
    const row = await db.transaction(async (tx) => {
      const updated = await updateEntry(tx, entry.id, entry.version, {
        emailTo: email ? [email.toLowerCase()] : [], comment: body.comment?.trim() || null, sentAt: new Date(), status: 'send',
      }, isNull(formEntries.sentAt));
      if (updated) {
        await insertEvent(tx, entry.id, actorOf(a.caller), 'sent', { email: email !== null });
        // A copy of the form (its PDF) to the address given, by a background job.
        if (email) await jobs.add('choice-form-email', { entryId: entry.id, to: email.toLowerCase() }, { tx });
      }
      return updated;
    });
    // Sent in between by another request: refused as a second send, not as a change.
    if (!row && (await findEntryById(db, entry.id))?.sentAt) throw alreadySent();
    if (!row) await engine.conflictAfter(entry, alreadySent);
    return { success: true, message: formMessages.sent };
  }

  /** The job: the form's summary PDF as it is now, attached to a mail to the address given when sending. */
  async function sendEmail(payload: Record<string, unknown>): Promise<void> {
    const entry = await findEntryById(db, Number(payload.entryId));
    const form = entry ? await findForm(db, entry.formId) : null;
    const to = typeof payload.to === 'string' ? payload.to : null;
    if (!entry || !form || form.kind !== FAMILY || !to) return; // removed in between: nothing to send
    const found = await projects.projectWithCustomer(form.projectId);
    if (!found) return;
    const ctx = await engine.entryContext({ kind: 'anonymous' }, form, entry);
    const pdf = await engine.renderSummary({ family: FAMILY, form: summaryForm(form, entry), entry, ctx, projectName: found.project.name, signatures: summarySignatures(entry) });
    await deps.mailer.send(formMail({ to, formName: form.name, projectName: found.project.name, portalName: found.customer.name, date: entry.updatedAt, pdf, filename: summaryFilename(form) }));
  }

  return {
    occupant,
    partner,
    sendEmail,
    onPayment,
    get: async (a: ChoiceAccess) => toChoiceForm(a, await entryOf(a), { refresh: true }),
    saveSection,
    uploadTarget,
    complete,
    totalPrice,
    setSigners,
    drawSignature,
    signingUrl,
    isSigned,
    pay,
    send,
    project: (a: ChoiceAccess) => ({ id: a.project.id, name: a.project.name }),
    occupants: (a: ChoiceAccess): Promise<TFormOccupant[]> => engine.occupants(a.address.id),
    /** For tests and jobs: the entry as stored. */
    entryById: (entryId: number) => findEntryById(db, entryId),
  };
}
export type ChoiceFormService = ReturnType<typeof createChoiceFormService>;
