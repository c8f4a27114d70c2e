import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Secrets } from '../../lib/secrets.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { readAll, type FilesService } from '../files/index.ts';
import type { JobQueue } from '../jobs/index.ts';
import type { SmsSender } from '../sms/index.ts';
import { receiptPdf, signDocument, type SignerEvidence } from './signing.pdf.ts';
import { SIGNER_ACTIVITY, TRANSACTION_STATUS, postbackChecksum, readSignhostPostback, readSignhostTransaction, type SigningProvider } from './signing.provider.ts';
import { signingLocalSigners, signingLocalTransactions } from './signing.table.ts';

/** The owner of the files the signing module stores (documents, drawn signatures, signed documents, receipts). */
export const SIGNING_FILE_OWNER = 'signing';

export type LocalProviderDeps = {
  db: Db;
  files: FilesService;
  jobs: JobQueue;
  secrets: Secrets;
  /** SMS verification: the codes go out through the portal's SMS sender (its outbox). */
  sms: SmsSender;
  fetch?: typeof fetch;
};

/** SMS verification rules of the local sign page. */
export const SMS_CODE = {
  /** A code is valid this long after it was sent. */
  validMinutes: 10,
  /** Wrong tries per code; after that only a new code helps. */
  maxAttempts: 5,
  /** A new code at most once per this many seconds. */
  resendSeconds: 60,
} as const;

/** A signer's mobile number as the sign page shows it: 06****5678. */
export const maskMobile = (mobile: string) => `${mobile.slice(0, 2)}****${mobile.slice(-4)}`;

/** The SMS with the code (Dutch, short enough for one message). */
export const smsCodeText = (code: string) =>
  `Uw code om het document te ondertekenen is ${code}. De code is ${SMS_CODE.validMinutes} minuten geldig. Deel deze code met niemand.`;

/** SHA-256 of a code, salted with the signer's id (a code is only six digits). */
const codeHash = (signerId: string, code: string) => createHash('sha256').update(`${signerId}:${code}`).digest('hex');

export type SendCodeResult = 'sent' | 'too-soon' | 'not-needed' | 'closed';
export type VerifyCodeResult = 'verified' | 'wrong' | 'too-many' | 'expired' | 'no-code' | 'not-needed' | 'closed';

/** What the local sign page shows for a token. */
export type LocalSignerView = {
  transactionId: string;
  signerId: string;
  nr: number;
  name: string;
  /** The transaction's status code (10: waiting for signers). */
  status: number;
  signedAt: Date | null;
  documentFileId: number;
  returnUrl: string | null;
  /** SMS verification: null when the transaction verifies by drawing only. */
  sms: { mobile: string; sentAt: Date | null; hasCode: boolean; attempts: number; verifiedAt: Date | null } | null;
};

type LocalTransaction = typeof signingLocalTransactions.$inferSelect;
type LocalSigner = typeof signingLocalSigners.$inferSelect;

/**
 * The local signing provider: a real implementation of a provider's flow, run by the portal itself, the
 * default in the demo and the tests. It behaves as Signhost does: a transaction waits for its document
 * (5) until started, then for its signers (10); each signer signs on their own page (a long random token
 * in the URL, stored hashed); when the last one signed it is signed (30). Every change is told to the
 * postback URL as Signhost tells it (the transaction's JSON with its SHA1 checksum under a shared
 * secret), through a job that graphile-worker retries until the portal answers 2xx; the portal then reads
 * the transaction from this provider's own record (`getTransaction`), as it reads Signhost's. The signed
 * document and the receipt carry each signer's evidence (signing.pdf.ts). A transaction still waiting can
 * be cancelled (60); its links then no longer sign.
 */
export function createLocalProvider({ db, files, jobs, secrets, sms, fetch: fetchImpl = fetch }: LocalProviderDeps) {
  /** The shared secret of postbacks: server-wide, in the database, so that every portal process agrees. */
  const sharedSecret = async () => (await secrets.get('signing-local-postback')).toString('base64url');

  async function loadTransaction(id: string): Promise<{ transaction: LocalTransaction; signers: LocalSigner[] } | null> {
    const [transaction] = await db.select().from(signingLocalTransactions).where(eq(signingLocalTransactions.id, id));
    if (!transaction) return null;
    const signers = await db.select().from(signingLocalSigners).where(eq(signingLocalSigners.transactionId, id)).orderBy(asc(signingLocalSigners.nr));
    return { transaction, signers };
  }

  /** The transaction as Signhost's postbacks carry it (the fields the portal reads, and a few more). */
  function transactionJson(transaction: LocalTransaction, signers: LocalSigner[]) {
    const activity = (signer: LocalSigner, code: number, name: string, at: Date | null) =>
      at ? [{ Id: `${signer.id}-${code}`, Code: code, Activity: name, CreatedDateTime: at.toISOString() }] : [];
    return {
      Id: transaction.id,
      Status: transaction.status,
      Seal: false,
      Reference: transaction.reference,
      PostbackUrl: transaction.postbackUrl,
      Signers: signers.map((signer) => ({
        Id: signer.id,
        Email: signer.email,
        Mobile: signer.mobile,
        ScribbleName: signer.name,
        Activities: [...activity(signer, SIGNER_ACTIVITY.opened, 'Opened', signer.openedAt), ...activity(signer, SIGNER_ACTIVITY.signed, 'Signed', signer.signedAt)],
        SignedDateTime: signer.signedAt?.toISOString() ?? null,
        RejectDateTime: null,
      })),
      Receivers: [],
      CreatedDateTime: transaction.createdAt.toISOString(),
      ModifiedDateTime: transaction.updatedAt.toISOString(),
      CanceledDateTime: null,
    };
  }

  async function bytesOf(fileId: number): Promise<{ filename: string; bytes: Buffer }> {
    const file = await files.find(fileId);
    const bytes = file ? await readAll(files.storage, file.key) : null;
    if (!file || !bytes) throw new Error(`signing: file ${fileId} is missing`);
    return { filename: file.filename, bytes };
  }

  const provider = {
    name: 'local',

    async createTransaction(input) {
      const id = randomUUID();
      const signers = input.signers.map((signer) => ({ ...signer, id: randomUUID(), token: newToken() }));
      await db.transaction(async (tx) => {
        await tx.insert(signingLocalTransactions).values({
          id, status: TRANSACTION_STATUS.waitingForDocument, reference: input.reference, postbackUrl: input.postbackUrl,
          documentFileId: input.document.fileId, returnUrl: input.returnUrl ?? null,
        });
        await tx.insert(signingLocalSigners).values(signers.map((signer) => ({
          // The mobile number is the local provider's PhoneNumber verification: kept only when the request verifies by SMS.
          id: signer.id, transactionId: id, nr: signer.nr, name: signer.name, email: signer.email ?? null,
          mobile: input.verification === 'sms' ? signer.mobile ?? null : null,
          tokenHash: hashToken(signer.token),
        })));
      });
      // A path, not an absolute address: the portal's frame opens it on the host the portal page came from
      // (a customer's own host name too), which the sign page's frame-ancestors 'self' lets frame it.
      return { transactionId: id, signers: signers.map((signer) => ({ nr: signer.nr, id: signer.id, signUrl: `/api/signing/local/${signer.token}` })) };
    },

    async start(transactionId) {
      await db.transaction(async (tx) => {
        const now = new Date();
        const started = await tx.update(signingLocalTransactions)
          .set({ status: TRANSACTION_STATUS.waitingForSigner, startedAt: now, updatedAt: now })
          .where(and(eq(signingLocalTransactions.id, transactionId), eq(signingLocalTransactions.status, TRANSACTION_STATUS.waitingForDocument)))
          .returning({ id: signingLocalTransactions.id });
        if (started.length) await jobs.add('signing-local-postback', { transactionId }, { tx });
      });
    },

    async readPostback(body, headers) {
      return readSignhostPostback(body, headers, await sharedSecret());
    },

    async getTransaction(transactionId) {
      const found = await loadTransaction(transactionId);
      if (!found) throw new Error(`signing: local transaction ${transactionId} is unknown`);
      // Its own record, in the JSON Signhost answers to GET /api/transaction/{id}, read as Signhost's is.
      return readSignhostTransaction(transactionJson(found.transaction, found.signers));
    },

    /** Cancelled (60) while it waits; the sign page then refuses its links. Told to the postback URL, as Signhost does. */
    async cancel(transactionId) {
      await db.transaction(async (tx) => {
        const cancelled = await tx.update(signingLocalTransactions)
          .set({ status: TRANSACTION_STATUS.cancelled, updatedAt: new Date() })
          .where(and(eq(signingLocalTransactions.id, transactionId), inArray(signingLocalTransactions.status, [TRANSACTION_STATUS.waitingForDocument, TRANSACTION_STATUS.waitingForSigner])))
          .returning({ id: signingLocalTransactions.id });
        if (cancelled.length) await jobs.add('signing-local-postback', { transactionId }, { tx });
      });
    },

    async fetchResult(transactionId) {
      const found = await loadTransaction(transactionId);
      if (!found || found.transaction.status !== TRANSACTION_STATUS.signed) throw new Error(`signing: local transaction ${transactionId} is not signed`);
      const { transaction } = found;
      const original = await bytesOf(transaction.documentFileId);
      const signers: SignerEvidence[] = [];
      for (const signer of found.signers) {
        signers.push({
          nr: signer.nr, name: signer.name,
          verification: signer.mobile ? 'sms' : 'scribble', maskedMobile: signer.mobile ? maskMobile(signer.mobile) : null,
          sentAt: transaction.startedAt, openedAt: signer.openedAt, codeSentAt: signer.smsSentAt, codeVerifiedAt: signer.smsVerifiedAt,
          signedAt: signer.signedAt!, ip: signer.signedIp, userAgent: signer.signedUserAgent,
          signature: (await bytesOf(signer.signatureFileId!)).bytes,
        });
      }
      const signed = await signDocument(original.bytes, signers, { transactionId, documentName: original.filename });
      const receipt = await receiptPdf({
        transactionId, reference: transaction.reference, documentName: original.filename, createdAt: transaction.createdAt,
        hashes: signed.hashes, signedFile: signed.bytes, signers,
      });
      const base = original.filename.replace(/\.pdf$/i, '');
      return {
        signed: { filename: `${base} (ondertekend).pdf`, mime: 'application/pdf', bytes: signed.bytes },
        receipt: { filename: `${base} (ontvangstbewijs).pdf`, mime: 'application/pdf', bytes: receipt },
      };
    },
  } satisfies SigningProvider;

  return {
    ...provider,

    /** The signer behind a page token, or null for an unknown token. The first view is recorded ('opened'). */
    async signerOf(token: string): Promise<LocalSignerView | null> {
      const [row] = await db
        .select({
          transactionId: signingLocalTransactions.id, signerId: signingLocalSigners.id, nr: signingLocalSigners.nr, name: signingLocalSigners.name,
          status: signingLocalTransactions.status, signedAt: signingLocalSigners.signedAt, openedAt: signingLocalSigners.openedAt,
          documentFileId: signingLocalTransactions.documentFileId, returnUrl: signingLocalTransactions.returnUrl,
          mobile: signingLocalSigners.mobile, smsSentAt: signingLocalSigners.smsSentAt, smsCodeHash: signingLocalSigners.smsCodeHash,
          smsAttempts: signingLocalSigners.smsAttempts, smsVerifiedAt: signingLocalSigners.smsVerifiedAt,
        })
        .from(signingLocalSigners)
        .innerJoin(signingLocalTransactions, eq(signingLocalTransactions.id, signingLocalSigners.transactionId))
        .where(eq(signingLocalSigners.tokenHash, hashToken(token)))
        .limit(1);
      if (!row) return null;
      if (!row.openedAt) await db.update(signingLocalSigners).set({ openedAt: new Date() }).where(and(eq(signingLocalSigners.id, row.signerId), isNull(signingLocalSigners.openedAt)));
      const { openedAt: _openedAt, mobile, smsSentAt, smsCodeHash, smsAttempts, smsVerifiedAt, ...view } = row;
      return {
        ...view,
        sms: mobile ? { mobile, sentAt: smsSentAt, hasCode: smsCodeHash !== null, attempts: smsAttempts, verifiedAt: smsVerifiedAt } : null,
      };
    },

    /**
     * Sends a new six-digit code to the signer's mobile (SMS verification), at most once per minute; the
     * code is stored as its hash with the moment it was sent, and the count of wrong tries starts again.
     */
    async sendCode(token: string): Promise<SendCodeResult> {
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const outcome = await db.transaction(async (tx) => {
        const [row] = await tx
          .select({ id: signingLocalSigners.id, mobile: signingLocalSigners.mobile, sentAt: signingLocalSigners.smsSentAt, verifiedAt: signingLocalSigners.smsVerifiedAt, signedAt: signingLocalSigners.signedAt, status: signingLocalTransactions.status })
          .from(signingLocalSigners)
          .innerJoin(signingLocalTransactions, eq(signingLocalTransactions.id, signingLocalSigners.transactionId))
          .where(eq(signingLocalSigners.tokenHash, hashToken(token)))
          .for('update');
        if (!row || row.signedAt || row.status !== TRANSACTION_STATUS.waitingForSigner) return { result: 'closed' as const };
        if (!row.mobile || row.verifiedAt) return { result: 'not-needed' as const };
        if (row.sentAt && Date.now() - row.sentAt.getTime() < SMS_CODE.resendSeconds * 1000) return { result: 'too-soon' as const };
        await tx.update(signingLocalSigners)
          .set({ smsCodeHash: codeHash(row.id, code), smsSentAt: new Date(), smsAttempts: 0 })
          .where(eq(signingLocalSigners.id, row.id));
        return { result: 'sent' as const, mobile: row.mobile };
      });
      if (outcome.result === 'sent') await sms.send({ to: outcome.mobile, text: smsCodeText(code) });
      return outcome.result;
    },

    /**
     * Checks a code the signer typed: right (and in time, and within the tries) sets `sms_verified_at`;
     * a wrong one counts a try. Locked per signer, so that parallel tries are counted one by one.
     */
    async verifyCode(token: string, code: string): Promise<VerifyCodeResult> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select({ signer: signingLocalSigners, status: signingLocalTransactions.status })
          .from(signingLocalSigners)
          .innerJoin(signingLocalTransactions, eq(signingLocalTransactions.id, signingLocalSigners.transactionId))
          .where(eq(signingLocalSigners.tokenHash, hashToken(token)))
          .for('update');
        if (!row || row.signer.signedAt || row.status !== TRANSACTION_STATUS.waitingForSigner) return 'closed';
        const { signer } = row;
        if (!signer.mobile || signer.smsVerifiedAt) return 'not-needed';
        if (!signer.smsCodeHash || !signer.smsSentAt) return 'no-code';
        if (signer.smsAttempts >= SMS_CODE.maxAttempts) return 'too-many';
        if (Date.now() - signer.smsSentAt.getTime() > SMS_CODE.validMinutes * 60_000) return 'expired';
        const right = timingSafeEqual(Buffer.from(codeHash(signer.id, code), 'hex'), Buffer.from(signer.smsCodeHash, 'hex'));
        if (!right) {
          await tx.update(signingLocalSigners).set({ smsAttempts: sql`${signingLocalSigners.smsAttempts} + 1` }).where(eq(signingLocalSigners.id, signer.id));
          return signer.smsAttempts + 1 >= SMS_CODE.maxAttempts ? 'too-many' : 'wrong';
        }
        // A code is used once.
        await tx.update(signingLocalSigners).set({ smsVerifiedAt: new Date(), smsCodeHash: null }).where(eq(signingLocalSigners.id, signer.id));
        return 'verified';
      });
    },

    /**
     * Records the signer's drawn signature (a PNG, already checked) when the transaction waits for it;
     * the last signature signs the transaction. The portal hears of it through the postback job enqueued
     * in the same transaction. Answers false when this token cannot sign (unknown, used, not open).
     */
    async sign(token: string, signature: Buffer, from: { ip: string; userAgent: string | null }): Promise<boolean> {
      return db.transaction(async (tx) => {
        // Locks the signer and its transaction: two signers finishing together cannot both miss being last.
        const [row] = await tx
          .select({
            signerId: signingLocalSigners.id, nr: signingLocalSigners.nr, transactionId: signingLocalTransactions.id, signedAt: signingLocalSigners.signedAt,
            status: signingLocalTransactions.status, mobile: signingLocalSigners.mobile, smsVerifiedAt: signingLocalSigners.smsVerifiedAt,
          })
          .from(signingLocalSigners)
          .innerJoin(signingLocalTransactions, eq(signingLocalTransactions.id, signingLocalSigners.transactionId))
          .where(eq(signingLocalSigners.tokenHash, hashToken(token)))
          .for('update');
        if (!row || row.signedAt || row.status !== TRANSACTION_STATUS.waitingForSigner) return false;
        // SMS verification: no signature before the code was typed right.
        if (row.mobile && !row.smsVerifiedAt) return false;
        const file = await files.store({ filename: `handtekening-${row.nr}.png`, mime: 'image/png', data: signature, owner: SIGNING_FILE_OWNER }, tx);
        const now = new Date();
        await tx.update(signingLocalSigners)
          .set({ signedAt: now, signatureFileId: file.id, signedIp: from.ip, signedUserAgent: from.userAgent?.slice(0, 500) ?? null })
          .where(eq(signingLocalSigners.id, row.signerId));
        const [left] = await tx.select({ n: sql<number>`count(*)::int` }).from(signingLocalSigners)
          .where(and(eq(signingLocalSigners.transactionId, row.transactionId), isNull(signingLocalSigners.signedAt)));
        await tx.update(signingLocalTransactions)
          .set({ updatedAt: now, ...(left!.n === 0 ? { status: TRANSACTION_STATUS.signed } : {}) })
          .where(eq(signingLocalTransactions.id, row.transactionId));
        await jobs.add('signing-local-postback', { transactionId: row.transactionId }, { tx });
        return true;
      });
    },

    /** The job: tells the postback URL the transaction's current state; throws on anything but 2xx, so that it is retried. */
    async deliverPostback(transactionId: string): Promise<void> {
      const found = await loadTransaction(transactionId);
      if (!found) return;
      const { transaction } = found;
      const body = { ...transactionJson(transaction, found.signers), Checksum: postbackChecksum(transaction.id, transaction.status, await sharedSecret()) };
      const response = await fetchImpl(transaction.postbackUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        redirect: 'manual',
        signal: AbortSignal.timeout(10_000),
      });
      await response.body?.cancel();
      if (!response.ok) throw new Error(`signing: postback answered ${response.status}`);
    },

    /** A document's bytes, for the sign page. */
    document: (fileId: number) => bytesOf(fileId),
  };
}
export type LocalProvider = ReturnType<typeof createLocalProvider>;
