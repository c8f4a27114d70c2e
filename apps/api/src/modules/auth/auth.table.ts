import { bigserial, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { TRole, TSessionFace, TStaffRole } from '@portal/contract';
import { customers } from '../customer/customer.table.ts';
import { addresses, occupants } from '../address/address.table.ts';
import { projects } from '../project/project.table.ts';

/**
 * Staff accounts. What an account may do is its role at each customer it works for (user_customers.role,
 * permissions in packages/contract/src/permissions.ts) and, unless its role reaches every project, the
 * projects it was given (staff_projects).
 */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash'),
    /** Hash of the long-lived token a housing-corporation viewer logs in with (/woco/login/{token}). */
    loginTokenHash: text('login_token_hash'),
    /** The TOTP secret (base32), encrypted with the server's key; enrolled once totp_enabled_at is set. */
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_username_idx').on(t.username), uniqueIndex('users_login_token_idx').on(t.loginTokenHash)],
);

/** The customers a staff account works for, with its one role at each. */
export const userCustomers = pgTable(
  'user_customers',
  {
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id').notNull().references(() => customers.id, { onDelete: 'cascade' }),
    role: text('role').$type<TStaffRole>().notNull(),
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
    /**
     * Where the session may go (packages/contract/src/permissions.ts): 'resident', 'acting' (a staff member
     * acting for address_id through a login link; user_id says who), 'partner' or 'console' (one customer;
     * it ends after STAFF_IDLE_MINUTES without a request, last_seen_at).
     */
    face: text('face').$type<TSessionFace>().notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
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
    kind: text('kind').$type<'password-reset' | 'auto-login' | 'login-link' | 'email-change' | 'woco-login' | 'staff-mfa' | 'staff-reset'>().notNull(),
    tokenHash: text('token_hash').notNull(),
    occupantId: integer('occupant_id').references(() => occupants.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** login-link: the address the administrator acts for. */
    addressId: integer('address_id').references(() => addresses.id, { onDelete: 'cascade' }),
    /** email-change: the new address, confirmed by the link sent to it. */
    email: text('email'),
    /** staff-mfa: the face the login is for ('console' or 'partner'). */
    face: text('face').$type<TSessionFace>(),
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

/** Ten single-use recovery codes per staff account (hashes), made when TOTP is enrolled. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('staff_recovery_codes_user_idx').on(t.userId)],
);

/** The projects a project editor (or a partner) works on; a customer administrator reaches all of the customer's. */
export const staffProjects = pgTable(
  'staff_projects',
  {
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    projectId: integer('project_id').notNull().references(() => projects.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.projectId] }), index('staff_projects_project_idx').on(t.projectId)],
);

/**
 * Every staff action on every face, and every staff read or export of personal data: who, when, where
 * (face), what, the record before and after, and for requests logged ahead of their handler the outcome
 * (the HTTP status, filled in when the answer went out).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: integer('customer_id').notNull().references(() => customers.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The actor's name at the time, kept when the account is gone. */
    actor: text('actor').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** 'create' | 'update' | 'delete' | 'publish' | 'login' | 'open-as-resident' | ... */
    action: text('action').notNull(),
    /** The kind of record ('project', 'address', 'news', ...) and its id. */
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    projectId: integer('project_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    face: text('face').$type<TSessionFace>(),
    outcome: integer('outcome'),
  },
  (t) => [index('audit_log_customer_at_idx').on(t.customerId, t.at, t.id), index('audit_log_user_idx').on(t.userId)],
);
