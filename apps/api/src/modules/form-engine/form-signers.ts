import { eq } from 'drizzle-orm';
import { formMessages } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { ConflictError, ServiceUnavailableError } from '../../lib/errors.ts';
import type { SigningService, SigningSubject } from '../signing/signing.types.ts';
import { findEntryById, insertEvent, updateEntry, type EntryActor, type FormEntryRow, type FormEntryUpdate } from './form-engine.repository.ts';
import { formEntries, type StoredSignature } from './form-engine.table.ts';
import { dataUrlBytes } from './form-engine.service.ts';
import type { SummarySignature } from './form-summary.pdf.ts';

/** The entry's signatures as its summary PDF shows them. */
export function summarySignatures(entry: FormEntryRow): SummarySignature[] {
  return signersOf(entry).map(([nr, s]) => ({ nr, image: dataUrlBytes(s.image), who: s.who, description: s.description, signed: s.signed }));
}

/**
 * The signers of an entry, shared by the form families that sign (generic, support-base, choice): the
 * stored signatures 1..n, recording what the signing service reports, and starting a legal signing
 * request with the entry's summary PDF.
 */

export const blankSignature = (): StoredSignature => ({ image: null, who: null, description: null, mobile: null, signed: false, signedAt: null });

/** The signers 1..n as stored (missing ones blank). */
export function signersOf(entry: Pick<FormEntryRow, 'nrOfSignatures' | 'signatures'>): Array<[number, StoredSignature]> {
  const n = entry.nrOfSignatures ?? 0;
  return Array.from({ length: n }, (_, i) => [i + 1, entry.signatures[String(i + 1)] ?? blankSignature()]);
}
export const allSigned = (entry: Pick<FormEntryRow, 'nrOfSignatures' | 'signatures'>) => entry.nrOfSignatures !== null && signersOf(entry).every(([, s]) => s.signed);

/**
 * Signers the signing service reports signed: recorded once (idempotent, never backwards); `whenDone`
 * is what changes on the entry when all have signed. Retried on a concurrent change. `unless`: an entry
 * this says no to is left as it is (answers 'refused'; a support-base entry on paper keeps its paper result).
 */
export async function recordSigned(
  db: Db, entryId: number, nrs: number[], whenDone: FormEntryUpdate, options: { unless?: (entry: FormEntryRow) => boolean } = {},
): Promise<'recorded' | 'refused' | 'nothing'> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const entry = await findEntryById(db, entryId);
    if (!entry || entry.nrOfSignatures === null) return 'nothing';
    // Checked on the entry as read: a change in between raises its version, and the update below then retries.
    if (options.unless?.(entry)) return 'refused';
    const fresh = nrs.filter((nr) => nr <= entry.nrOfSignatures! && !entry.signatures[String(nr)]?.signed);
    if (!fresh.length) return 'nothing';
    const signatures = { ...entry.signatures };
    for (const nr of fresh) signatures[String(nr)] = { ...signersOf(entry)[nr - 1]![1], signed: true, signedAt: new Date().toISOString() };
    const done = signersOf({ ...entry, signatures }).every(([, s]) => s.signed);
    const updated = await db.transaction(async (tx) => {
      const row = await updateEntry(tx, entry.id, entry.version, { signatures, ...(done ? { signRequested: false, ...whenDone } : {}) });
      if (row) for (const nr of fresh) await insertEvent(tx, entry.id, { actorKind: 'system' }, 'signed', { nr });
      return row;
    });
    if (updated) return 'recorded';
  }
  throw new ConflictError(formMessages.changed); // retried by the signing job
}

export function requireSigning(signing: SigningService | null): SigningService {
  if (!signing) throw new ServiceUnavailableError(formMessages.signingUnavailable, 60);
  return signing;
}

/**
 * The signing link of signer `nr`: the open request's, or a new request with the summary PDF that
 * `document` makes (the entry as it is now). Marks the entry sign_requested without a version bump, so
 * that the summary being signed stays current.
 */
export async function signingLink(input: {
  db: Db;
  signing: SigningService | null;
  subject: SigningSubject;
  entry: FormEntryRow;
  nr: number;
  actor: EntryActor;
  verification: 'scribble' | 'sms';
  document: () => Promise<{ filename: string; bytes: Buffer | null }>;
  /** Kept with the 'sign-requested' event (what the family must know later of the document sent, e.g. a support-base agreement). */
  detail?: Record<string, string | number | boolean | null>;
}): Promise<{ url: string }> {
  const { db, subject, entry, nr } = input;
  const service = requireSigning(input.signing);
  let url = entry.signRequested ? await service.signUrl(subject, nr) : null;
  if (!url) {
    const document = await input.document();
    if (!document.bytes) throw new ServiceUnavailableError(formMessages.signingUnavailable, 30);
    const request = await service.request({
      subject,
      document: { filename: document.filename, bytes: document.bytes },
      signers: signersOf(entry).map(([n, s]) => ({ nr: n, name: s.who ?? `Ondertekenaar ${n}`, mobile: s.mobile })),
      verification: input.verification,
    });
    if (!entry.signRequested) {
      await db.transaction(async (tx) => {
        await tx.update(formEntries).set({ signRequested: true }).where(eq(formEntries.id, entry.id));
        await insertEvent(tx, entry.id, input.actor, 'sign-requested', { ...input.detail, request: request.id });
      });
    }
    url = request.signers.find((s) => s.nr === nr)?.signUrl ?? (await service.signUrl(subject, nr));
  }
  if (!url) throw new ServiceUnavailableError(formMessages.signingUnavailable, 30);
  return { url };
}

/** Whether signer `nr` signed: the stored mark, else (legal signing under way) the signing service, recorded when it says so. */
export async function signerSigned(input: {
  db: Db; signing: SigningService | null; subject: SigningSubject; entry: FormEntryRow; nr: number; legal: boolean; whenDone: FormEntryUpdate;
  unless?: (entry: FormEntryRow) => boolean;
}): Promise<boolean> {
  const signer = signersOf(input.entry)[input.nr - 1]?.[1] ?? blankSignature();
  if (signer.signed || !input.legal || !input.signing || !input.entry.signRequested) return signer.signed;
  const signed = await input.signing.isSigned(input.subject, input.nr);
  if (!signed) return false;
  return (await recordSigned(input.db, input.entry.id, [input.nr], input.whenDone, { unless: input.unless })) !== 'refused';
}
