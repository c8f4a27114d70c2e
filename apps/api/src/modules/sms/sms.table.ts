import { index, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every outgoing SMS. Without an SMS provider configured (the local default) this is where they can
 * be read: `npm run portal -- sms-outbox`; with one, the row records whether sending worked.
 */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The provider's message id, when it gave one. */
    providerId: text('provider_id'),
    error: text('error'),
  },
  (t) => [index('sms_outbox_to_idx').on(t.to)],
);
