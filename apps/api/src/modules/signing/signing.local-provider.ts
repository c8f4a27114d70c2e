import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Secrets } from '../../lib/secrets.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { readAll, type FilesService } from '../files/index.ts';
import type { JobQueue } from '../jobs/index.ts';
import { receiptPdf, stampSignatures, type SignedBy } from './signing.pdf.ts';
import { SIGNER_ACTIVITY, TRANSACTION_STATUS, postbackChecksum, readSignhostPostback, type SigningProvider } from './signing.provider.ts';
import { signingLocalSigners, signingLocalTransactions } from './signing.table.ts';

/** The owner of the files the signing module stores (documents, drawn signatures, signed documents, receipts). */
export const SIGNING_FILE_OWNER = 'signing';

export type LocalProviderDeps = {
  db: Db;
  files: FilesService;
  jobs: JobQueue;
  secrets: Secrets;
  fetch?: typeof fetch;
};

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
};

type LocalTransaction = typeof signingLocalTransactions.$inferSelect;
type LocalSigner = typeof signingLocalSigners.$inferSelect;

/**
 * The local signing provider: a real implementation of a provider's flow, run by the portal itself, the
 * default in the demo and the tests. It behaves as Signhost does: a transaction waits for its document
 * (5) until started, then for its signers (10); each signer signs on their own page (a long random token
 * in the URL, stored hashed); when the last one signed it is signed (30). Every change is told to the
 * postback URL as Signhost tells it (the transaction's JSON with its SHA1 checksum under a shared
 * secret), through a job that graphile-worker retries until the portal answers 2xx.
 */
export function createLocalProvider({ db, files, jobs, secrets, fetch: fetchImpl = fetch }: LocalProviderDeps) {
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
          id: signer.id, transactionId: id, nr: signer.nr, name: signer.name, email: signer.email ?? null, mobile: signer.mobile ?? null,
          tokenHash: hashToken(signer.token),
        })));
      });
      // A path, not an absolute address: the portal's frame opens it on the host the portal page came from
      // (a customer's own host name too), which the sign page's frame-ancestors 'self' lets frame it.
      return { transactionId: id, signers: signers.map((signer) => ({ nr: signer.nr, id: signer.id, signUrl: `/api/signing/local/${signer.token}` })) };
    },

    async start(transactionId) {
      await db.transaction(async (tx) => {
        const started = await tx.update(signingLocalTransactions)
          .set({ status: TRANSACTION_STATUS.waitingForSigner, updatedAt: new Date() })
          .where(and(eq(signingLocalTransactions.id, transactionId), eq(signingLocalTransactions.status, TRANSACTION_STATUS.waitingForDocument)))
          .returning({ id: signingLocalTransactions.id });
        if (started.length) await jobs.add('signing-local-postback', { transactionId }, { tx });
      });
    },

    async readPostback(body, headers) {
      return readSignhostPostback(body, headers, await sharedSecret());
    },

    async fetchResult(transactionId) {
      const found = await loadTransaction(transactionId);
      if (!found || found.transaction.status !== TRANSACTION_STATUS.signed) throw new Error(`signing: local transaction ${transactionId} is not signed`);
      const original = await bytesOf(found.transaction.documentFileId);
      const signedBy: SignedBy[] = [];
      for (const signer of found.signers) {
        signedBy.push({
          nr: signer.nr, name: signer.name, signedAt: signer.signedAt!, openedAt: signer.openedAt,
          signature: (await bytesOf(signer.signatureFileId!)).bytes, ip: signer.signedIp, userAgent: signer.signedUserAgent,
        });
      }
      const signed = await stampSignatures(original.bytes, signedBy, { transactionId });
      const receipt = await receiptPdf({
        transactionId, reference: found.transaction.reference, documentName: original.filename, original: original.bytes, signed,
        createdAt: found.transaction.createdAt, signers: signedBy,
      });
      const base = original.filename.replace(/\.pdf$/i, '');
      return {
        signed: { filename: `${base} (ondertekend).pdf`, mime: 'application/pdf', bytes: signed },
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
        })
        .from(signingLocalSigners)
        .innerJoin(signingLocalTransactions, eq(signingLocalTransactions.id, signingLocalSigners.transactionId))
        .where(eq(signingLocalSigners.tokenHash, hashToken(token)))
        .limit(1);
      if (!row) return null;
      if (!row.openedAt) await db.update(signingLocalSigners).set({ openedAt: new Date() }).where(and(eq(signingLocalSigners.id, row.signerId), isNull(signingLocalSigners.openedAt)));
      const { openedAt: _openedAt, ...view } = row;
      return view;
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
          .select({ signerId: signingLocalSigners.id, nr: signingLocalSigners.nr, transactionId: signingLocalTransactions.id, signedAt: signingLocalSigners.signedAt, status: signingLocalTransactions.status })
          .from(signingLocalSigners)
          .innerJoin(signingLocalTransactions, eq(signingLocalTransactions.id, signingLocalSigners.transactionId))
          .where(eq(signingLocalSigners.tokenHash, hashToken(token)))
          .for('update');
        if (!row || row.signedAt || row.status !== TRANSACTION_STATUS.waitingForSigner) return false;
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
