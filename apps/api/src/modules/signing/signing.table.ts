import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { files } from '../files/files.table.ts';

/**
 * The portal's side of legal signing (signing.types.ts): one request per attempt to have a subject's
 * document signed, at one provider. `status` moves only forward (waiting → in-progress → one final state)
 * and is changed by the provider's postbacks, never by a signer's browser.
 */
export const signingRequests = pgTable(
  'signing_requests',
  {
    id: serial('id').primaryKey(),
    subjectKind: text('subject_kind').notNull(),
    entryId: integer('entry_id').notNull(),
    /** The provider that holds the transaction ('local', later 'signhost'). */
    provider: text('provider').notNull(),
    /** The provider's transaction id; null until the provider created the transaction. */
    providerTransactionId: text('provider_transaction_id'),
    status: text('status').notNull().default('waiting'),
    verification: text('verification').notNull(),
    documentFileId: integer('document_file_id').notNull().references(() => files.id),
    /** After status 'signed': the signed document and the provider's receipt, kept as legal proof. */
    signedFileId: integer('signed_file_id').references(() => files.id),
    receiptFileId: integer('receipt_file_id').references(() => files.id),
    returnUrl: text('return_url'),
    /** When the provider was last asked about the transaction (after a postback, or by the reconciliation job). */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('signing_requests_subject_idx').on(t.subjectKind, t.entryId, t.id),
    // At most one open request per subject: `request` is idempotent even when two calls race.
    uniqueIndex('signing_requests_open_idx').on(t.subjectKind, t.entryId).where(sql`${t.status} IN ('waiting', 'in-progress')`),
    uniqueIndex('signing_requests_transaction_idx').on(t.provider, t.providerTransactionId),
    // the reconciliation job's scan: requests still open, oldest first
    index('signing_requests_open_created_idx').on(t.createdAt).where(sql`${t.status} IN ('waiting', 'in-progress')`),
    // for the foreign-key checks when a file is deleted
    index('signing_requests_document_idx').on(t.documentFileId),
    index('signing_requests_signed_idx').on(t.signedFileId),
    index('signing_requests_receipt_idx').on(t.receiptFileId),
  ],
);

/** The signers of a request, numbered 1.. as the subject numbers them. `signedAt` is set only from the provider's own record of the transaction. */
export const signingSigners = pgTable(
  'signing_signers',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id').notNull().references(() => signingRequests.id, { onDelete: 'cascade' }),
    nr: smallint('nr').notNull(),
    name: text('name').notNull(),
    mobile: text('mobile'),
    email: text('email'),
    /** The provider's signer id (postbacks name signers by it) and the URL it gave for the direct flow. */
    providerSignerId: text('provider_signer_id'),
    signUrl: text('sign_url'),
    signedAt: timestamp('signed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('signing_signers_request_nr_idx').on(t.requestId, t.nr)],
);

/**
 * Every postback received, as it arrived (the body's text), with the outcome of its checksum check:
 * proof of what the provider told us and when, forged ones included (they change nothing).
 */
export const signingEvents = pgTable(
  'signing_events',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').notNull(),
    transactionId: text('transaction_id'),
    /** The provider's own status code (Signhost: 5..70). */
    status: integer('status'),
    checksumValid: boolean('checksum_valid').notNull(),
    /** Whether the postback changed the request (false for a replay, an older status, an unknown transaction). */
    applied: boolean('applied').notNull().default(false),
    body: text('body').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('signing_events_transaction_idx').on(t.provider, t.transactionId)],
);

/**
 * The local provider's own books, kept apart from the portal's tables the way Signhost keeps its own:
 * a signature drawn on the local page is recorded here, and reaches `signing_signers` only through a
 * postback, exactly as with a real provider.
 */
export const signingLocalTransactions = pgTable(
  'signing_local_transactions',
  {
    /** A random UUID, as Signhost's transaction ids. */
    id: text('id').primaryKey(),
    /** Signhost's status codes: 5 waiting for document, 10 waiting for signer, 30 signed, 60 cancelled. */
    status: smallint('status').notNull().default(5),
    reference: text('reference').notNull(),
    postbackUrl: text('postback_url').notNull(),
    documentFileId: integer('document_file_id').notNull().references(() => files.id),
    returnUrl: text('return_url'),
    /** When the transaction was started: the moment the sign requests went out to the signers (the evidence's 'sent'). */
    startedAt: timestamp('started_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('signing_local_transactions_document_idx').on(t.documentFileId)],
);

export const signingLocalSigners = pgTable(
  'signing_local_signers',
  {
    /** A random UUID: the signer id in postbacks. */
    id: text('id').primaryKey(),
    transactionId: text('transaction_id').notNull().references(() => signingLocalTransactions.id, { onDelete: 'cascade' }),
    nr: smallint('nr').notNull(),
    name: text('name').notNull(),
    email: text('email'),
    mobile: text('mobile'),
    /** SHA-256 of the signer's page token (the token itself is only in the sign URL). */
    tokenHash: text('token_hash').notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    /** The drawn signature (PNG) and where it was drawn from, for the receipt. */
    signatureFileId: integer('signature_file_id').references(() => files.id),
    signedIp: text('signed_ip'),
    /** SMS verification: SHA-256 of the last code sent to `mobile`, when it was sent, failed tries, when it was typed right. */
    smsCodeHash: text('sms_code_hash'),
    smsSentAt: timestamp('sms_sent_at', { withTimezone: true }),
    smsAttempts: smallint('sms_attempts').notNull().default(0),
    smsVerifiedAt: timestamp('sms_verified_at', { withTimezone: true }),
    signedUserAgent: text('signed_user_agent'),
  },
  (t) => [
    uniqueIndex('signing_local_signers_token_idx').on(t.tokenHash),
    index('signing_local_signers_transaction_idx').on(t.transactionId, t.nr),
    index('signing_local_signers_signature_idx').on(t.signatureFileId),
  ],
);
