import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { TEmailMode, TNotificationCategory } from '@portal/contract';
import { occupants } from '../address/address.table.ts';
import { projects } from '../project/project.table.ts';

export type Channel = 'email' | 'push' | 'sms';

/** A person's choice per category; no row: the contract's DEFAULT_NOTIFICATION_PREFERENCES. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    occupantId: integer('occupant_id').notNull().references(() => occupants.id, { onDelete: 'cascade' }),
    category: text('category').$type<TNotificationCategory>().notNull(),
    email: text('email').$type<TEmailMode>().notNull(),
    push: boolean('push').notNull(),
    sms: boolean('sms').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'notification_preferences_pk', columns: [t.occupantId, t.category] })],
);

/** A device's web push subscription; the endpoint belongs to the last person who registered it. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    occupantId: integer('occupant_id').notNull().references(() => occupants.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint), index('push_subscriptions_occupant_idx').on(t.occupantId)],
);

/** The portal's VAPID key pair (base64url), made at first start; one row. */
export const vapidKeys = pgTable(
  'vapid_keys',
  {
    id: integer('id').primaryKey().default(1),
    publicKey: text('public_key').notNull(),
    privateKey: text('private_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('vapid_keys_single', sql`${t.id} = 1`)],
);

/** What one notify() call says, once; the outbox holds who gets it by which channel. */
export const notificationMessages = pgTable('notification_messages', {
  id: serial('id').primaryKey(),
  category: text('category').$type<TNotificationCategory>().notNull(),
  projectId: integer('project_id').references(() => projects.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  body: text('body').notNull(),
  /** A path inside the portal ('/nieuws/12'). */
  url: text('url').notNull(),
  tag: text('tag').notNull(),
  urgent: boolean('urgent').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Set when the fan-out job has written the outbox rows (a retried fan-out writes none twice). */
  fannedOutAt: timestamp('fanned_out_at', { withTimezone: true }),
}, (t) => [index('notification_messages_tag_idx').on(t.tag, t.projectId)]);

/** One message to one person by one channel, not before due_at (quiet hours, batching window, digest). */
export const notificationOutbox = pgTable(
  'notification_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    messageId: integer('message_id').notNull().references(() => notificationMessages.id, { onDelete: 'cascade' }),
    occupantId: integer('occupant_id').notNull().references(() => occupants.id, { onDelete: 'cascade' }),
    channel: text('channel').$type<Channel>().notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    /** A send job is working on it (a lease: a claim older than 10 minutes is free again). */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Not sent after all: the person switched the channel off (or has no address for it any more) before it was due. */
    skipped: boolean('skipped').notNull().default(false),
  },
  (t) => [
    uniqueIndex('notification_outbox_once_idx').on(t.messageId, t.occupantId, t.channel),
    index('notification_outbox_pending_idx').on(t.occupantId, t.channel, t.dueAt).where(sql`${t.sentAt} IS NULL`),
    index('notification_outbox_due_idx').on(t.dueAt).where(sql`${t.sentAt} IS NULL`),
  ],
);
