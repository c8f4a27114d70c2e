import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { SignerInput, SigningRequestInput, SigningStatus } from './signing.types.ts';

/**
 * A legal signing provider: what the signing service needs from one. The local provider (a page served
 * by the portal) and Signhost implement it; the service stores requests and applies what the provider
 * says. A postback (Signhost's wire format, INTEGRATIONS.md: the whole transaction as JSON plus a
 * `Checksum` over `Id` and `Status` only) is a trigger and nothing more: its checksum decides whether the
 * provider is asked, and only the provider's answer to `getTransaction` changes anything. Every other
 * field of a postback (signers, their dates) is unauthenticated and never read.
 */
export interface SigningProvider {
  readonly name: string;
  /**
   * Creates the transaction with its document and signers (Signhost: POST transaction + PUT file); it is
   * not started yet. Answers the transaction id and, per signer, the provider's id and the URL of the
   * direct signing flow.
   */
  createTransaction(input: ProviderTransactionInput): Promise<{ transactionId: string; signers: Array<{ nr: number; id: string; signUrl: string }> }>;
  /** Starts the transaction: its signers may sign from now on. Calling it again is harmless. */
  start(transactionId: string): Promise<void>;
  /** Reads a postback's body and checks its checksum; never throws for bad input. */
  readPostback(body: string, headers: Record<string, string | string[] | undefined>): Promise<PostbackReading>;
  /**
   * The transaction as the provider holds it now (Signhost: GET /api/transaction/{id}; the local provider:
   * its own record). The only source of a status or a signature. Throws when the provider cannot be asked.
   */
  getTransaction(transactionId: string): Promise<ProviderTransaction>;
  /** After status 30: the signed document and the receipt. Throws (to be retried) while the provider is still making them. */
  fetchResult(transactionId: string): Promise<{ signed: ProviderFile; receipt: ProviderFile }>;
  /**
   * Cancels a transaction that is still open (Signhost: DELETE /api/transaction/{id}); its signers can no
   * longer sign. A transaction that reached an end state (signed, for one) keeps it. Calling it again is harmless.
   */
  cancel(transactionId: string, reason: string): Promise<void>;
}

/** What the provider says of a transaction when asked: its status code (Signhost: 5..70) and per signer when they signed. */
export type ProviderTransaction = { transactionId: string; status: number; signers: Array<{ id: string; signedAt: Date | null }> };

export type ProviderFile = { filename: string; mime: string; bytes: Buffer };

export type ProviderTransactionInput = {
  /** Ours, shown back in postbacks: 'generic-form:12:3' (kind, entry id, request id). */
  reference: string;
  document: { filename: string; bytes: Buffer; fileId: number };
  signers: SignerInput[];
  verification: SigningRequestInput['verification'];
  returnUrl?: string | null;
  postbackUrl: string;
};

/** What a postback says, once its checksum held: which transaction, and the status the checksum covers. Nothing else of it is trusted. */
export type Postback = { transactionId: string; status: number };

export type PostbackReading =
  | { valid: true; postback: Postback }
  /** Not JSON, not a transaction, or a checksum that does not match: recorded, then ignored. */
  | { valid: false; transactionId: string | null; status: number | null };

/* ------------------------------------------------------------------------------------------------
 * Signhost's wire format, shared by every provider that speaks it (the local one included).
 * ---------------------------------------------------------------------------------------------- */

/** Transaction status codes (Signhost, status.md). */
export const TRANSACTION_STATUS = {
  waitingForDocument: 5, waitingForSigner: 10, inProgress: 20, signed: 30, rejected: 40, expired: 50, cancelled: 60, failed: 70,
} as const;

/** Signer activity codes used here (Signhost, status.md). */
export const SIGNER_ACTIVITY = { opened: 103, rejected: 202, signed: 203 } as const;

/** A provider's status code as the portal's status; null for a code we do not know. */
export function statusOfCode(code: number): SigningStatus | null {
  switch (code) {
    case 5: return 'waiting';
    case 10: case 20: return 'in-progress'; // 20 is the provider processing; it may go back to 10 while signers remain
    case 30: return 'signed';
    case 40: return 'rejected';
    case 50: return 'expired';
    case 60: return 'cancelled';
    case 70: return 'failed';
    default: return null;
  }
}

/** Open states rank below every final one; a final state is never left. */
export function statusRank(status: SigningStatus): number {
  return status === 'waiting' ? 0 : status === 'in-progress' ? 1 : 2;
}

export const isOpenStatus = (status: SigningStatus) => statusRank(status) < 2;

/** Lowercase hex SHA1(transactionId + "||" + status + "|" + sharedSecret), with Signhost's double pipe. */
export function postbackChecksum(transactionId: string, status: number, secret: string): string {
  return createHash('sha1').update(`${transactionId}||${status}|${secret}`).digest('hex');
}

/** Compares two strings in constant time (over their SHA-256, so that a length difference tells nothing either). */
export function sameSecret(a: string, b: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(a), digest(b));
}

const ZSignhostPostback = z.object({ Id: z.string().min(1).max(200), Status: z.number().int(), Checksum: z.string().max(200).optional() });

/** A provider's date-time, or null when missing or not a date. */
export function dateOf(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * Reads a postback in Signhost's format and checks its checksum (from the body, or a `Checksum` header)
 * under `secret`, in constant time. Only `Id` and `Status` are read: the checksum covers nothing else.
 */
export function readSignhostPostback(body: string, headers: Record<string, string | string[] | undefined>, secret: string): PostbackReading {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return { valid: false, transactionId: null, status: null };
  }
  const parsed = ZSignhostPostback.safeParse(json);
  if (!parsed.success) return { valid: false, transactionId: null, status: null };
  const { Id: transactionId, Status: status } = parsed.data;
  const header = headers.checksum;
  const given = parsed.data.Checksum ?? (typeof header === 'string' ? header : '');
  if (!sameSecret(given.toLowerCase(), postbackChecksum(transactionId, status, secret))) return { valid: false, transactionId, status };
  return { valid: true, postback: { transactionId, status } };
}

/** A transaction's JSON as Signhost answers GET /api/transaction/{id} (the fields the portal reads). */
export const ZSignhostTransaction = z.object({
  Id: z.string().min(1).max(200),
  Status: z.number().int(),
  Signers: z.array(z.object({
    Id: z.string().min(1).max(200),
    SignedDateTime: z.string().nullish(),
    Activities: z.array(z.object({ Code: z.number().int(), CreatedDateTime: z.string().nullish() })).nullish(),
  })).max(100).nullish(),
});

/** A transaction in Signhost's JSON as the portal reads it: a signer counts as signed by `SignedDateTime` or a 203 activity. */
export function readSignhostTransaction(json: unknown): ProviderTransaction {
  const parsed = ZSignhostTransaction.parse(json);
  return {
    transactionId: parsed.Id,
    status: parsed.Status,
    signers: (parsed.Signers ?? []).map((signer) => {
      const activity = signer.Activities?.find((a) => a.Code === SIGNER_ACTIVITY.signed);
      return { id: signer.Id, signedAt: dateOf(signer.SignedDateTime) ?? (activity ? dateOf(activity.CreatedDateTime) ?? new Date() : null) };
    }),
  };
}
