import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Stored files: the bytes live in the storage driver under `key`, this row holds what the download
 * needs. `owner` names the module whose items use the file; that module decides who may read it.
 */
export const files = pgTable(
  'files',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    filename: text('filename').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    imageWidth: integer('image_width'),
    imageHeight: integer('image_height'),
    owner: text('owner').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('files_key_idx').on(t.key)],
);

/**
 * Time-limited download links that work without a login (a dossier too large to attach to an e-mail).
 * The token is stored only as its hash; it opens the listed files until it expires.
 */
export const fileTickets = pgTable(
  'file_tickets',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    fileIds: integer('file_ids').array().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('file_tickets_token_idx').on(t.tokenHash), index('file_tickets_expires_idx').on(t.expiresAt)],
);
