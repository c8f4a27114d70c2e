import type { Queryable } from '../../lib/queryable.ts';

/**
 * The legal signing provider interface (ARCHITECTURE.md "Outside services"). One interface, two
 * implementations: the local provider (a signing page served by the portal, the default in the demo
 * and tests) and Signhost (INTEGRATIONS.md; SIGNING_PROVIDER=signhost). A form module never talks to a provider
 * directly: it asks the signing service for a request, shows each signer's URL in a frame, polls
 * `isSigned`, and is told of progress through the consumer callback it registered. Provider postbacks
 * arrive at least once and out of order, and only their `Id` and `Status` are signed: the signing service
 * records each, then reads the transaction from the provider and applies that, idempotently and never
 * backwards; a reconciliation job does the same for requests a postback never came for.
 */

/** Which form's signature a request is for: the consumer module and its own ids. */
export type SigningSubject = { kind: 'generic-form' | 'support-base' | 'choice-form'; entryId: number };

export type SignerInput = {
  /** 1-based signer number within the subject. */
  nr: number;
  name: string;
  /**
   * With SMS verification: the signer's mobile number, 06 plus 8 digits (spaces and dashes are dropped);
   * a request verifying by SMS without one for every signer is refused (422).
   */
  mobile?: string | null;
  email?: string | null;
};

export type SigningRequestInput = {
  subject: SigningSubject;
  /** The document to sign (a PDF). */
  document: { filename: string; bytes: Buffer };
  signers: SignerInput[];
  /** Verification per signer: a drawn signature ('scribble'), or an SMS code to the signer's mobile ('sms'). */
  verification: 'scribble' | 'sms';
  /** Where the signer's browser goes after signing inside the frame (the portal page polls anyway). */
  returnUrl?: string;
};

/** Transaction states, as Signhost numbers them (INTEGRATIONS.md); the local provider uses the same. */
export type SigningStatus = 'waiting' | 'in-progress' | 'signed' | 'rejected' | 'expired' | 'cancelled' | 'failed';

export type SigningRequest = {
  id: number;
  subject: SigningSubject;
  status: SigningStatus;
  signers: Array<{ nr: number; name: string; signed: boolean; signUrl: string }>;
};

export interface SigningService {
  /**
   * Starts (or returns the open) request for a subject: the document is stored, the provider's
   * transaction created and started. Idempotent per subject while a request is open.
   */
  request(input: SigningRequestInput): Promise<SigningRequest>;
  /** The open or latest request of a subject, or null. */
  latest(subject: SigningSubject): Promise<SigningRequest | null>;
  /** The URL for signer `nr` to show in a frame; null when the subject has no request (yet). */
  signUrl(subject: SigningSubject, nr: number): Promise<string | null>;
  /** Whether signer `nr` has signed (as the provider's own record said when last read, never from a postback's body or a return URL). */
  isSigned(subject: SigningSubject, nr: number): Promise<boolean>;
  /**
   * Cancels the subject's open requests (waiting or in progress) in the transaction `tx` the caller makes
   * its own change in: they are marked cancelled at once (no new signature is counted for them) and a job
   * cancels each at its provider and then reads the transaction there. A signature the provider took before
   * the cancel reached it is learnt from that read or from a postback: the request then becomes signed
   * (evidence), and the subject's module decides what it means. Nothing else opens it again.
   * Answers the ids of the requests cancelled.
   */
  cancelOpen(subject: SigningSubject, reason: string, tx: Queryable): Promise<number[]>;
  /**
   * Registers the consumer of a subject kind: called (at least once, after the change is stored) when
   * a signer signed and when the whole request reached a final state. Must be idempotent.
   */
  onProgress(kind: SigningSubject['kind'], handler: (event: { subject: SigningSubject; request: SigningRequest }) => Promise<void>): void;
}
