import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ServiceUnavailableError, UnprocessableError } from '../../lib/errors.ts';
import type { Queryable } from '../../lib/queryable.ts';
import type { Secrets } from '../../lib/secrets.ts';
import type { SignhostConfig } from '../../plugins/env.ts';
import { files as filesTable, readAll, type FileRow, type FilesService } from '../files/index.ts';
import type { DossierService } from '../dossier/index.ts';
import { formEntries, forms } from '../form-engine/form-engine.table.ts';
import type { JobQueue } from '../jobs/index.ts';
import type { SmsSender } from '../sms/index.ts';
import { SIGNING_FILE_OWNER, createLocalProvider } from './signing.local-provider.ts';
import { isOpenStatus, statusOfCode, statusRank, type SigningProvider } from './signing.provider.ts';
import { createSignhostProvider } from './signing.signhost.ts';
import { signingEvents, signingRequests, signingSigners } from './signing.table.ts';
import type { SigningRequest, SigningRequestInput, SigningService, SigningStatus, SigningSubject } from './signing.types.ts';

export type SigningServiceDeps = {
  db: Db;
  files: FilesService;
  jobs: JobQueue;
  secrets: Secrets;
  /** SMS verification at the local provider. */
  sms: SmsSender;
  /** Signed documents and receipts go into the dossier of the form entry's address, readable by its residents. */
  dossier: Pick<DossierService, 'add' | 'readGrant'>;
  /** The portal's address: sign URLs of the local provider and the postback URL given to providers. */
  publicUrl: string;
  /** Signhost's keys: with them new requests go to Signhost, else to the local provider. */
  signhost?: SignhostConfig | null;
  /** How the local provider sends its postbacks (tests may watch them). */
  fetch?: typeof fetch;
  log?: (error: unknown, msg: string) => void;
};

type ProgressHandler = Parameters<SigningService['onProgress']>[1];
type RequestRow = typeof signingRequests.$inferSelect;
type SignerRow = typeof signingSigners.$inferSelect;

/** Requests still open this long after they were made are asked about by the reconciliation job (a lost postback). */
export const RECONCILE_AFTER_MINUTES = 15;

const unavailable = (cause: unknown) =>
  new ServiceUnavailableError('Het ondertekenen kan nu niet worden gestart. Probeer het over enkele minuten opnieuw.', 30, { cause });

/** A return URL is the portal's own path or an http(s) address. */
function checkReturnUrl(url: string | undefined): string | null {
  if (url === undefined) return null;
  if (/^\/(?![/\\])/.test(url)) return url;
  const parsed = URL.canParse(url) ? new URL(url) : null;
  if (!parsed || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')) throw new Error('signing: returnUrl must be a path or an http(s) URL');
  return parsed.href;
}

/** The message when a request verifies by SMS and a signer lacks a usable mobile number. */
export const MOBILE_REQUIRED = 'Voor ondertekenen met een sms-code heeft iedere ondertekenaar een mobiel nummer nodig dat begint met 06 en 10 cijfers heeft.';

/** A Dutch mobile number as the signing providers take it: 06 and 8 digits (spaces and dashes dropped); null when it is not one. */
export function dutchMobile(value: string | null | undefined): string | null {
  const digits = (value ?? '').replace(/[\s-]/g, '');
  return /^06\d{8}$/.test(digits) ? digits : null;
}

function checkInput(input: SigningRequestInput): void {
  if (input.verification === 'sms' && input.signers.some((s) => !dutchMobile(s.mobile))) throw new UnprocessableError(MOBILE_REQUIRED);
  const numbers = input.signers.map((s) => s.nr);
  if (!numbers.length || new Set(numbers).size !== numbers.length || numbers.some((nr) => !Number.isInteger(nr) || nr < 1)) {
    throw new Error('signing: signers need distinct numbers from 1');
  }
  if (input.signers.some((s) => !s.name.trim())) throw new Error('signing: every signer needs a name');
  if (input.document.bytes.subarray(0, 5).toString('latin1') !== '%PDF-') throw new Error('signing: the document must be a PDF');
}

/**
 * The signing service (signing.types.ts). It stores each request with its document and signers, has the
 * provider create and start a transaction, and learns of progress only by asking the provider: a postback
 * is recorded as it came and checked by its checksum, and one that holds makes the service read the
 * transaction from the provider (`getTransaction`); nothing in a postback's body is acted on. What the
 * provider says is applied once (a state only moves forward, a signature is set once) and announced to the
 * subject's module through a job after the change is stored. The reconciliation job asks about requests
 * still open after 15 minutes, so that a lost postback never leaves one open. After status 'signed' a job
 * fetches the signed document and the receipt from the provider and keeps them with the request.
 *
 * Providers: the local one (signing.local-provider.ts) makes every new request, or Signhost
 * (signing.signhost.ts) when its keys are configured. Postbacks of every configured provider are applied,
 * so that requests made before a change of provider still finish.
 *
 * Once the signed document and the receipt are kept, both go into the dossier of the form entry's
 * address (type 'Ondertekening'), once; its residents read them there (the dossier's read rule).
 */
/** The dossier's sub_type per kind of form signed. */
export const DOSSIER_SUB_TYPE: Record<SigningSubject['kind'], string> = { 'support-base': 'Draagvlak', 'choice-form': 'Keuze', 'generic-form': 'Formulier' };
export const DOSSIER_TYPE = 'Ondertekening';
export const DOSSIER_METHOD = 'Digitaal ondertekend';

export function createSigningService({ db, files, jobs, secrets, sms, dossier, publicUrl, signhost, fetch, log }: SigningServiceDeps) {
  // The signed documents and receipts are read through the dossier they were put in (the other signing
  // files, the document sent and the drawn signatures, have no reader: nobody downloads them).
  files.registerOwner(SIGNING_FILE_OWNER, (fileId, viewer) => dossier.readGrant(fileId, viewer));
  const local = createLocalProvider({ db, files, jobs, secrets, sms, fetch });
  const providers = new Map<string, SigningProvider>([[local.name, local]]);
  // With Signhost's keys every new request goes to Signhost; requests made before still finish where they began.
  const provider: SigningProvider = signhost ? createSignhostProvider(signhost, { publicUrl, fetch }) : local;
  providers.set(provider.name, provider);
  const handlers = new Map<SigningSubject['kind'], ProgressHandler>();

  const postbackUrl = (name: string) => `${publicUrl}/api/signing/postback/${name}`;

  async function latestRow(subject: SigningSubject, tx: Queryable = db): Promise<RequestRow | null> {
    const [row] = await tx.select().from(signingRequests)
      .where(and(eq(signingRequests.subjectKind, subject.kind), eq(signingRequests.entryId, subject.entryId)))
      .orderBy(desc(signingRequests.id)).limit(1);
    return row ?? null;
  }

  async function signersOf(requestId: number, tx: Queryable = db): Promise<SignerRow[]> {
    return tx.select().from(signingSigners).where(eq(signingSigners.requestId, requestId)).orderBy(asc(signingSigners.nr));
  }

  function toRequest(row: RequestRow, signers: SignerRow[]): SigningRequest {
    return {
      id: row.id,
      subject: { kind: row.subjectKind as SigningSubject['kind'], entryId: row.entryId },
      status: row.status as SigningStatus,
      // signUrl is empty only while the provider has not yet created the transaction (it was unreachable)
      signers: signers.map((s) => ({ nr: s.nr, name: s.name, signed: s.signedAt !== null, signUrl: s.signUrl ?? '' })),
    };
  }

  async function requestById(id: number): Promise<SigningRequest | null> {
    const [row] = await db.select().from(signingRequests).where(eq(signingRequests.id, id));
    return row ? toRequest(row, await signersOf(id)) : null;
  }

  /** Creates the provider's transaction once (the row is locked meanwhile), then starts it. */
  async function open(row: RequestRow): Promise<void> {
    let transactionId = row.providerTransactionId;
    const chosen = providers.get(row.provider);
    if (!chosen) throw new Error(`signing: unknown provider ${row.provider}`);
    try {
      if (!transactionId) {
        // Stored before the transaction starts, so that no postback can arrive for an id we do not know yet.
        transactionId = await db.transaction(async (tx) => {
          const [locked] = await tx.select().from(signingRequests).where(eq(signingRequests.id, row.id)).for('update');
          if (locked!.providerTransactionId) return locked!.providerTransactionId;
          const signers = await signersOf(row.id, tx);
          const document = await files.find(row.documentFileId);
          const bytes = document ? await readAll(files.storage, document.key) : null;
          if (!document || !bytes) throw new Error(`signing: document of request ${row.id} is missing`);
          const created = await chosen.createTransaction({
            reference: `${row.subjectKind}:${row.entryId}:${row.id}`,
            document: { filename: document.filename, bytes, fileId: document.id },
            signers: signers.map((s) => ({ nr: s.nr, name: s.name, mobile: s.mobile, email: s.email })),
            verification: row.verification as SigningRequestInput['verification'],
            returnUrl: row.returnUrl,
            postbackUrl: postbackUrl(chosen.name),
          });
          await tx.update(signingRequests).set({ providerTransactionId: created.transactionId, updatedAt: new Date() }).where(eq(signingRequests.id, row.id));
          const values = sql.join(created.signers.map((s) => sql`(${s.nr}::int, ${s.id}::text, ${s.signUrl}::text)`), sql`, `);
          await tx.execute(sql`UPDATE signing_signers s SET provider_signer_id = v.id, sign_url = v.url
            FROM (VALUES ${values}) AS v(nr, id, url) WHERE s.request_id = ${row.id} AND s.nr = v.nr`);
          return created.transactionId;
        });
      }
      await chosen.start(transactionId);
    } catch (error) {
      throw unavailable(error);
    }
    await db.update(signingRequests).set({ status: 'in-progress', updatedAt: new Date() })
      .where(and(eq(signingRequests.id, row.id), eq(signingRequests.status, 'waiting')));
  }

  /**
   * Asks the request's provider for the transaction and applies what it says, in one transaction with the
   * request locked: the status only moves forward, a signature is set once (at 'signed' every signer has
   * signed), and a change is told to the subject's module (and at 'signed' the documents are fetched)
   * through jobs enqueued with it. `eventId`: the postback that made the portal ask, marked applied when
   * something changed. Answers whether something changed; throws when the provider cannot be asked.
   */
  async function check(requestId: number, eventId?: number): Promise<boolean> {
    const [row] = await db.select().from(signingRequests).where(eq(signingRequests.id, requestId));
    const from = row ? providers.get(row.provider) : undefined;
    if (!row || !from || !row.providerTransactionId) return false;
    const reported = await from.getTransaction(row.providerTransactionId);
    return db.transaction(async (tx) => {
      const [locked] = await tx.select().from(signingRequests).where(eq(signingRequests.id, requestId)).for('update');
      const now = new Date();
      const next = statusOfCode(reported.status);
      // A request the portal cancelled may still have been signed at the provider before the cancel reached
      // it: the provider's signature is a fact, kept as evidence (the subject's module decides what it means).
      // Nothing else leaves 'cancelled': reconciliation never opens it again.
      const overtaken = locked!.status === 'cancelled' && next === 'signed';
      const moves = next !== null && (statusRank(next) > statusRank(locked!.status as SigningStatus) || overtaken);
      await tx.update(signingRequests).set({ checkedAt: now, ...(moves ? { status: next, updatedAt: now } : {}) }).where(eq(signingRequests.id, requestId));
      // The provider's signers with the moment each signed; when the transaction is signed, all of them have.
      const signed = reported.signers
        .map((s) => ({ id: s.id, at: s.signedAt ?? (next === 'signed' ? now : null) }))
        .filter((s): s is { id: string; at: Date } => s.at !== null);
      const newlySigned = signed.length
        ? await tx.update(signingSigners)
          .set({ signedAt: sql`v.at` })
          .from(sql`(VALUES ${sql.join(signed.map((s) => sql`(${s.id}::text, ${s.at.toISOString()}::timestamptz)`), sql`, `)}) AS v(id, at)`)
          .where(and(eq(signingSigners.requestId, requestId), sql`${signingSigners.providerSignerId} = v.id`, isNull(signingSigners.signedAt)))
          .returning({ id: signingSigners.id })
        : [];
      if (!moves && !newlySigned.length) return false;
      if (eventId !== undefined) await tx.update(signingEvents).set({ applied: true }).where(eq(signingEvents.id, eventId));
      // The subject's module hears of signatures and of the end, not of the provider starting.
      if (newlySigned.length || (moves && !isOpenStatus(next))) await jobs.add('signing-progress', { requestId }, { tx });
      if (moves && next === 'signed') await jobs.add('signing-documents', { requestId }, { tx });
      return true;
    });
  }

  /** After status 'signed': the signed document and the receipt, fetched once, kept as proof and put in the address's dossier. */
  async function fetchDocuments(requestId: number): Promise<void> {
    const [row] = await db.select().from(signingRequests).where(eq(signingRequests.id, requestId));
    if (!row || row.status !== 'signed' || row.signedFileId !== null || !row.providerTransactionId) return;
    const result = await providers.get(row.provider)!.fetchResult(row.providerTransactionId);
    // Named after the document sent: 'akkoordverklaring (ondertekend).pdf', '... (ontvangstbewijs).pdf'.
    const base = ((await files.find(row.documentFileId))?.filename ?? 'document.pdf').replace(/\.pdf$/i, '');
    await db.transaction(async (tx) => {
      const [signed, receipt] = await files.storeMany([
        { filename: `${base} (ondertekend).pdf`, mime: result.signed.mime, data: result.signed.bytes, owner: SIGNING_FILE_OWNER },
        { filename: `${base} (ontvangstbewijs).pdf`, mime: result.receipt.mime, data: result.receipt.bytes, owner: SIGNING_FILE_OWNER },
      ] as const, tx);
      const stored = await tx.update(signingRequests).set({ signedFileId: signed.id, receiptFileId: receipt.id, updatedAt: new Date() })
        .where(and(eq(signingRequests.id, requestId), isNull(signingRequests.signedFileId)))
        .returning({ id: signingRequests.id });
      // Once (another run stored them first: then nothing here), into the dossier of the entry's address;
      // an entry without an address (a public visitor's) has no dossier.
      if (!stored.length) return;
      const [entry] = await tx.select({ projectId: formEntries.projectId, addressId: formEntries.addressId, formName: forms.name })
        .from(formEntries).innerJoin(forms, eq(forms.id, formEntries.formId)).where(eq(formEntries.id, row.entryId));
      if (!entry?.addressId) return;
      const kind = row.subjectKind as SigningSubject['kind'];
      const common = { projectId: entry.projectId, addressId: entry.addressId, type: DOSSIER_TYPE, subType: DOSSIER_SUB_TYPE[kind] ?? 'Formulier', methodType: DOSSIER_METHOD };
      await dossier.add([
        { ...common, fileId: signed.id, name: `${entry.formName} (ondertekend)`, subject: `Ondertekend: ${entry.formName}` },
        { ...common, fileId: receipt.id, name: `Ontvangstbewijs ${entry.formName}`, subject: `Ontvangstbewijs van de ondertekening van ${entry.formName}` },
      ], tx);
    });
  }

  const service: SigningService = {
    async request(input) {
      checkInput(input);
      const returnUrl = checkReturnUrl(input.returnUrl);
      let row = await latestRow(input.subject);
      // A new request unless one is open or the subject is signed already; after a final failure (rejected,
      // expired, cancelled, failed) the subject may try again.
      if (!row || (!isOpenStatus(row.status as SigningStatus) && row.status !== 'signed')) {
        const document = await files.store({ filename: input.document.filename, mime: 'application/pdf', data: input.document.bytes, owner: SIGNING_FILE_OWNER });
        const created = await db.transaction(async (tx) => {
          const [inserted] = await tx.insert(signingRequests).values({
            subjectKind: input.subject.kind, entryId: input.subject.entryId, provider: provider.name, verification: input.verification,
            documentFileId: document.id, returnUrl,
          }).onConflictDoNothing().returning();
          if (!inserted) return null; // another call opened one just now: that one counts
          await tx.insert(signingSigners).values(input.signers.map((s) => ({
            requestId: inserted.id, nr: s.nr, name: s.name.trim(), mobile: dutchMobile(s.mobile) ?? s.mobile ?? null, email: s.email ?? null,
          })));
          return inserted;
        });
        row = created ?? (await latestRow(input.subject))!;
      }
      if (row.status === 'waiting') await open(row);
      return (await requestById(row.id))!;
    },

    async latest(subject) {
      const row = await latestRow(subject);
      return row ? toRequest(row, await signersOf(row.id)) : null;
    },

    async signUrl(subject, nr) {
      const request = await service.latest(subject);
      return request?.signers.find((s) => s.nr === nr)?.signUrl || null;
    },

    async isSigned(subject, nr) {
      const request = await service.latest(subject);
      return request?.signers.find((s) => s.nr === nr)?.signed ?? false;
    },

    async cancelOpen(subject, reason, tx) {
      const cancelled = await tx.update(signingRequests).set({ status: 'cancelled', updatedAt: new Date() })
        .where(and(eq(signingRequests.subjectKind, subject.kind), eq(signingRequests.entryId, subject.entryId), inArray(signingRequests.status, ['waiting', 'in-progress'])))
        .returning({ id: signingRequests.id, transactionId: signingRequests.providerTransactionId });
      for (const row of cancelled) if (row.transactionId) await jobs.add('signing-cancel', { requestId: row.id, reason }, { tx });
      return cancelled.map((row) => row.id);
    },

    onProgress(kind, handler) {
      handlers.set(kind, handler);
    },
  };

  return {
    ...service,
    /** The local provider (its sign page is served by signing.routes.ts). */
    local,

    /**
     * A provider's postback, a trigger only: recorded as it came with its checksum's outcome; when the
     * checksum holds and the transaction is ours and still open, the provider is asked about it (`check`).
     * When the provider cannot be asked now, a job asks later (retried), so the postback is still answered
     * 2xx. Answers false for an unknown provider name.
     */
    async receivePostback(providerName: string, body: string, headers: Record<string, string | string[] | undefined>): Promise<boolean> {
      const from = providers.get(providerName);
      if (!from) return false;
      const reading = await from.readPostback(body, headers);
      const [event] = await db.insert(signingEvents).values({
        provider: from.name,
        transactionId: reading.valid ? reading.postback.transactionId : reading.transactionId,
        status: reading.valid ? reading.postback.status : reading.status,
        checksumValid: reading.valid,
        body,
      }).returning({ id: signingEvents.id });
      if (!reading.valid) return true;
      const [row] = await db.select({ id: signingRequests.id, status: signingRequests.status }).from(signingRequests)
        .where(and(eq(signingRequests.provider, from.name), eq(signingRequests.providerTransactionId, reading.postback.transactionId)));
      // Not ours, or final (a final state is never left, and at 'signed' every signature is recorded): nothing to ask.
      // A request the portal cancelled is asked still: the provider may have had it signed before the cancel reached it.
      if (!row || !(isOpenStatus(row.status as SigningStatus) || row.status === 'cancelled')) return true;
      try {
        await check(row.id, event!.id);
      } catch (error) {
        log?.(error, `signing: provider not reachable after a postback for request ${row.id}`);
        await jobs.add('signing-check', { requestId: row.id, eventId: event!.id }, { jobKey: `signing-check:${row.id}` });
      }
      return true;
    },

    /**
     * The job after `cancelOpen`: cancels the request's transaction at its provider, then reads what the
     * provider holds (a signature it took before the cancel arrived is kept as evidence, see `check`).
     */
    async cancelAtProvider(requestId: number, reason: string): Promise<void> {
      const [row] = await db.select().from(signingRequests).where(eq(signingRequests.id, requestId));
      if (!row?.providerTransactionId) return;
      const chosen = providers.get(row.provider);
      if (!chosen) return;
      await chosen.cancel(row.providerTransactionId, reason);
      await check(requestId);
    },

    /** The job after a postback whose provider could not be asked at once: asks again (throws to be retried). */
    async checkRequest(requestId: number, eventId?: number): Promise<void> {
      await check(requestId, eventId);
    },

    /**
     * The reconciliation job: asks the providers about requests still open that were made more than
     * `olderThanMinutes` ago (a postback that never came), and fetches the documents of signed requests that
     * still lack them. An old open request is asked less often as it ages (every 15 minutes at first, at
     * most every 6 hours), as Signhost asks not to be polled. One that cannot be asked now is tried on the
     * next run. Answers how many requests changed.
     */
    async reconcile(options: { olderThanMinutes?: number; now?: Date } = {}): Promise<number> {
      const now = options.now ?? new Date();
      const before = new Date(now.getTime() - (options.olderThanMinutes ?? RECONCILE_AFTER_MINUTES) * 60_000);
      const open = await db.select({ id: signingRequests.id }).from(signingRequests)
        .where(and(
          inArray(signingRequests.status, ['waiting', 'in-progress']), lt(signingRequests.createdAt, before), isNotNull(signingRequests.providerTransactionId),
          sql`(${signingRequests.checkedAt} IS NULL OR ${signingRequests.checkedAt} < ${now.toISOString()}::timestamptz
            - LEAST(GREATEST((${now.toISOString()}::timestamptz - ${signingRequests.createdAt}) / 10, interval '15 minutes'), interval '6 hours'))`,
        ))
        .orderBy(asc(signingRequests.createdAt)).limit(200);
      let changed = 0;
      for (const row of open) {
        try {
          if (await check(row.id)) changed += 1;
        } catch (error) {
          log?.(error, `signing: reconciliation of request ${row.id} failed`);
        }
      }
      const unfetched = await db.select({ id: signingRequests.id }).from(signingRequests)
        .where(and(eq(signingRequests.status, 'signed'), isNull(signingRequests.signedFileId), lt(signingRequests.updatedAt, before)))
        .orderBy(asc(signingRequests.updatedAt)).limit(50);
      for (const row of unfetched) {
        try {
          await fetchDocuments(row.id);
        } catch (error) {
          log?.(error, `signing: documents of request ${row.id} not fetched`);
        }
      }
      return changed;
    },

    /** The job after a change: tells the subject's module, which must be idempotent (at least once). */
    async announceProgress(requestId: number): Promise<void> {
      const request = await requestById(requestId);
      const handler = request && handlers.get(request.subject.kind);
      if (request && handler) await handler({ subject: request.subject, request });
    },

    /** The job after status 'signed': the signed document and the receipt, fetched once and kept as proof. */
    fetchSignedDocuments: fetchDocuments,

    /** The files of a subject's latest request: the document sent, and once signed the signed document and the receipt. */
    async proof(subject: SigningSubject): Promise<{ document: FileRow; signed: FileRow | null; receipt: FileRow | null } | null> {
      const row = await latestRow(subject);
      if (!row) return null;
      const ids = [row.documentFileId, row.signedFileId, row.receiptFileId].filter((id): id is number => id !== null);
      const found = new Map((await db.select().from(filesTable).where(inArray(filesTable.id, ids))).map((f) => [f.id, f]));
      return {
        document: found.get(row.documentFileId)!,
        signed: row.signedFileId ? found.get(row.signedFileId) ?? null : null,
        receipt: row.receiptFileId ? found.get(row.receiptFileId) ?? null : null,
      };
    },
  };
}
export type SigningModule = ReturnType<typeof createSigningService>;
