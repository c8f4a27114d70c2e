import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { addresses, occupants } from '../address/address.table.ts';
import { users } from '../auth/auth.table.ts';
import { customers } from '../customer/customer.table.ts';
import { files } from '../files/files.table.ts';

/**
 * Exports of personal data (issue 20, AVG art. 15 and 20): one person (`occupant_id`) or a whole address, asked by
 * staff in the console or by the resident on /profiel. The job 'personal-data-export' makes the ZIP (`file_id`, owner
 * 'personal-data', never readable through /api/files) and the PDF inside it (`pdf_file_id`); a resident's export is
 * downloaded through the e-mailed link (only the SHA-256 of its token is kept) until `expires_at`, after which the
 * sweep removes both files. Erasing the person removes the row (cascade) and its files.
 */
export const personalDataExports = pgTable(
  'personal_data_exports',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id').notNull().references(() => customers.id, { onDelete: 'cascade' }),
    addressId: integer('address_id').references(() => addresses.id, { onDelete: 'cascade' }),
    occupantId: integer('occupant_id').references(() => occupants.id, { onDelete: 'cascade' }),
    scope: text('scope').$type<'person' | 'address'>().notNull(),
    /** The person's name or the address, when asked (shown in the console's list). */
    subject: text('subject').notNull(),
    requestedBy: text('requested_by').$type<'staff' | 'resident'>().notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdBy: text('created_by'),
    status: text('status').$type<'queued' | 'running' | 'done' | 'failed'>().notNull().default('queued'),
    fileId: integer('file_id').references(() => files.id, { onDelete: 'set null' }),
    pdfFileId: integer('pdf_file_id').references(() => files.id, { onDelete: 'set null' }),
    tokenHash: text('token_hash'),
    /** A resident's export: where the link is mailed once the file is made. */
    email: text('email'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('personal_data_exports_token_idx').on(t.tokenHash),
    index('personal_data_exports_address_idx').on(t.addressId, t.id),
    index('personal_data_exports_occupant_idx').on(t.occupantId),
    index('personal_data_exports_expires_idx').on(t.expiresAt).where(sql`${t.fileId} IS NOT NULL`),
    index('personal_data_exports_file_idx').on(t.fileId),
    index('personal_data_exports_pdf_file_idx').on(t.pdfFileId),
    check('personal_data_exports_scope_check', sql`${t.scope} IN ('person', 'address')`),
    check('personal_data_exports_requested_by_check', sql`${t.requestedBy} IN ('staff', 'resident')`),
    check('personal_data_exports_status_check', sql`${t.status} IN ('queued', 'running', 'done', 'failed')`),
  ],
);
