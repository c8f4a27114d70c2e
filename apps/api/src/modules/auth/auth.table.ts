import { bigserial, boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { TRole } from '@portal/contract';
import { customers } from '../customer/customer.table.ts';
import { addresses, occupants } from '../address/address.table.ts';

/** Staff accounts: partners, housing-corporation (woco) users and administrators. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    role: text('role').$type<Exclude<TRole, 'occupant'>>().notNull(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash'),
    /** Hash of the long-lived token a woco user logs in with (/woco/login/{token}). */
    loginTokenHash: text('login_token_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_username_idx').on(t.username), uniqueIndex('users_login_token_idx').on(t.loginTokenHash)],
);

export const userCustomers = pgTable(
  'user_customers',
  {
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id').notNull().references(() => customers.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.customerId] })],
);

/** Opaque bearer tokens, stored as SHA-256 hashes; revocable and expiring. */
export const sessions = pgTable(
  'sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: text('token_hash').notNull(),
    role: text('role').$type<TRole>().notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    occupantId: integer('occupant_id').references(() => occupants.id, { onDelete: 'cascade' }),
    addressId: integer('address_id').references(() => addresses.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    /** An occupant session opened by an administrator acting for the address. */
    isAdmin: boolean('is_admin').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sessions_token_idx').on(t.tokenHash), index('sessions_occupant_idx').on(t.occupantId)],
);

/**
 * Single-use, expiring codes: password reset links, the auto-login after activation, login links
 * (/setlogin: an administrator acting for an address), e-mail changes waiting for confirmation and
 * extra woco login links (not single-use: they last until they expire or are replaced).
 */
export const authTickets = pgTable(
  'auth_tickets',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<'password-reset' | 'auto-login' | 'login-link' | 'email-change' | 'woco-login'>().notNull(),
    tokenHash: text('token_hash').notNull(),
    occupantId: integer('occupant_id').references(() => occupants.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** login-link: the address the administrator acts for. */
    addressId: integer('address_id').references(() => addresses.id, { onDelete: 'cascade' }),
    /** email-change: the new address, confirmed by the link sent to it. */
    email: text('email'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('auth_tickets_token_idx').on(t.tokenHash)],
);

/** Server-wide random secrets (HMAC keys for device cookies and signed download links), made once. */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Fixed-window counters for rate limits, shared by every server process. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
}, (t) => [index('rate_limits_reset_idx').on(t.resetAt)]);
