import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { addresses } from '../address/address.table.ts';
import { users } from '../auth/auth.table.ts';
import { forms } from '../form-engine/form-engine.table.ts';

/**
 * The personal links printed on consent letters (a credential of the address): one row per printed letter.
 * Only the SHA-256 of the token is kept; the token itself exists on the paper alone. A link works for its
 * form and address while it is not revoked, before `expires_at` (the end of the deadline day printed on the
 * letter) and while the form is active and before its close date. Printing an address's letter again
 * revokes the earlier row in the same transaction, so an address has at most one unrevoked link per form.
 * Revoked rows stay: they say which letter was out when.
 */
export const consentLetters = pgTable(
  'consent_letters',
  {
    id: serial('id').primaryKey(),
    formId: integer('form_id').notNull().references(() => forms.id, { onDelete: 'cascade' }),
    addressId: integer('address_id').notNull().references(() => addresses.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: integer('revoked_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('consent_letters_token_idx').on(t.tokenHash),
    uniqueIndex('consent_letters_live_idx').on(t.formId, t.addressId).where(sql`${t.revokedAt} IS NULL`),
    index('consent_letters_address_idx').on(t.formId, t.addressId, t.id),
  ],
);
