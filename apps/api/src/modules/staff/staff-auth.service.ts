import { and, asc, count, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import {
  accessMessages, messages, portalRoleOf, ROLE_PERMISSIONS, roleCan, staffAuthMessages, STAFF_TICKET_MINUTES, TOTP_CODE_PATTERN, type TStaffRole,
  type TStaffLoginAnswer, type TStaffMe, type TStaffPasswordLinkCheck, type TStaffSignedIn, type TTotpConfirm, type TTotpStart,
} from '@portal/contract';
import type { Db } from '../../db/client.ts';
import type { InvalidationBus } from '../../lib/invalidation.ts';
import { ConflictError, ForbiddenError, NotFoundError, UnauthorizedError, UnprocessableError } from '../../lib/errors.ts';
import { hashPassword, verifyDummy, verifyPassword } from '../../lib/passwords.ts';
import type { Secrets } from '../../lib/secrets.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { authTickets, sessions as sessionsTable, staffRecoveryCodes, userCustomers, users } from '../auth/auth.table.ts';
import type { LoginClient, LoginGuard } from '../auth/login-guard.ts';
import type { RateLimiter } from '../auth/rate-limit.ts';
import type { SessionStore } from '../auth/session.store.ts';
import { customers } from '../customer/customer.table.ts';
import type { JobQueue } from '../jobs/index.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { StaffContext } from './staff-access.ts';
import { staffPasswordMail } from './staff.mails.ts';
import {
  checkTotpCode, decryptTotpSecret, encryptTotpSecret, hashRecoveryCode, newRecoveryCodes, newTotpSecret, normalizeRecoveryCode, totpEnrolment,
} from './totp.ts';

/** An invitation's link works a week; a reset link an hour. */
const INVITE_HOURS = 7 * 24;
const RESET_HOURS = 1;

type Deps = {
  db: Db;
  bus: InvalidationBus;
  sessions: SessionStore;
  secrets: Secrets;
  guard: LoginGuard;
  limiter: RateLimiter;
  audit: AuditService;
  jobs: JobQueue;
  mailer: Mailer;
  publicUrl: string;
  limits: { client: number };
};

type UserRow = typeof users.$inferSelect;
/** The two faces a staff member logs in to: the console (/beheer) and the partner portal (/inloggen). */
export type StaffLoginFace = 'console' | 'partner';
export type StaffMailJob = { kind: 'invite' | 'reset'; customerId: number; userId?: number; email?: string };

const consoleLoginFailed = () => new UnauthorizedError(staffAuthMessages.loginFailed);
const ticketInvalid = () => new UnauthorizedError(staffAuthMessages.ticketInvalid);
const codeInvalid = (field = 'code') => new UnprocessableError(staffAuthMessages.codeInvalid, [{ field, message: staffAuthMessages.codeInvalid }]);

/**
 * The staff console's login and second factor. A password alone opens the console only for an account
 * without TOTP at a customer that does not require it; otherwise the password gives a ticket (single use,
 * 10 minutes, stored hashed) that a TOTP code or a recovery code turns into a console session, or with
 * which the account enrols TOTP first.
 */
export function createStaffAuthService(deps: Deps) {
  const { db, sessions, secrets, guard, audit } = deps;

  async function membershipsOf(userId: number): Promise<Array<{ customerId: number; role: TStaffRole }>> {
    return db.select({ customerId: userCustomers.customerId, role: userCustomers.role }).from(userCustomers)
      .where(eq(userCustomers.userId, userId)).orderBy(asc(userCustomers.customerId));
  }

  /** The console's customer: the host's when the account belongs to it, else the account's first. */
  async function consoleCustomerId(userId: number, hostCustomerId: number): Promise<number | null> {
    const rows = await membershipsOf(userId);
    return rows.some((r) => r.customerId === hostCustomerId) ? hostCustomerId : (rows[0]?.customerId ?? null);
  }

  /**
   * Whether the account may log in to the face, and whether the second factor is required there: for the
   * console, the console customer's policy; for the partner portal, that of any customer it works for there.
   */
  async function faceRule(user: UserRow, hostCustomerId: number, face: StaffLoginFace): Promise<{ allowed: boolean; requireTotp: boolean }> {
    const memberships = await membershipsOf(user.id);
    const ids = face === 'console'
      ? [await consoleCustomerId(user.id, hostCustomerId)].filter((id): id is number => id !== null)
      : memberships.filter((m) => roleCan(m.role, 'partner-portal.use')).map((m) => m.customerId);
    if (!ids.length) return { allowed: false, requireTotp: false };
    const rows = await db.select({ requireTotp: customers.requireTotp }).from(customers).where(inArray(customers.id, ids));
    return { allowed: true, requireTotp: rows.some((r) => r.requireTotp) };
  }

  async function customerRow(id: number) {
    const [row] = await db.select({ id: customers.id, name: customers.name, requireTotp: customers.requireTotp }).from(customers).where(eq(customers.id, id));
    if (!row) throw new NotFoundError();
    return row;
  }

  async function userById(id: number): Promise<UserRow> {
    const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
    if (!row) throw new NotFoundError();
    return row;
  }

  /** Who acts, for the audit log, when no console session exists yet (a login, a password set by link). */
  const actor = async (user: UserRow, customerId: number, sessionId = 0): Promise<StaffContext> => ({
    userId: user.id, customerId, role: (await membershipsOf(user.id)).find((m) => m.customerId === customerId)?.role ?? 'project-editor', name: user.name, sessionId,
  });

  async function issueTicket(userId: number, face: StaffLoginFace): Promise<string> {
    const ticket = newToken();
    await db.insert(authTickets).values({ kind: 'staff-mfa', tokenHash: hashToken(ticket), userId, face, expiresAt: new Date(Date.now() + STAFF_TICKET_MINUTES * 60_000) });
    return ticket;
  }

  /** The account of an unused, unexpired login ticket that may still go on (not disabled, console access). */
  async function ticketUser(ticket: string): Promise<{ ticketId: number; user: UserRow; face: StaffLoginFace }> {
    const [row] = await db
      .select({ ticketId: authTickets.id, user: users, face: authTickets.face })
      .from(authTickets)
      .innerJoin(users, eq(users.id, authTickets.userId))
      .where(and(eq(authTickets.tokenHash, hashToken(ticket)), eq(authTickets.kind, 'staff-mfa'), isNull(authTickets.usedAt), gt(authTickets.expiresAt, new Date())))
      .limit(1);
    if (!row || row.user.disabledAt || (row.face !== 'console' && row.face !== 'partner')) throw ticketInvalid();
    return { ticketId: row.ticketId, user: row.user, face: row.face };
  }

  /** Uses the ticket up; false when another request used it first. */
  async function consumeTicket(ticketId: number): Promise<boolean> {
    const used = await db.update(authTickets).set({ usedAt: new Date() }).where(and(eq(authTickets.id, ticketId), isNull(authTickets.usedAt))).returning({ id: authTickets.id });
    return used.length > 0;
  }

  /**
   * A session of the face for the account (the console: at its console customer; the partner portal: every
   * customer it works for there); the login is written to the audit log of each customer it opens.
   */
  async function signIn(user: UserRow, hostCustomerId: number, method: 'password' | 'totp' | 'recovery-code' | 'totp-enrolment' | 'woco-link', face: StaffLoginFace): Promise<string> {
    const memberships = await membershipsOf(user.id);
    const customerIds = face === 'console'
      ? [await consoleCustomerId(user.id, hostCustomerId)].filter((id): id is number => id !== null)
      : memberships.filter((m) => roleCan(m.role, 'partner-portal.use')).map((m) => m.customerId);
    if (!customerIds.length) throw consoleLoginFailed();
    const role = face === 'console' ? 'administrator' : portalRoleOf(memberships.filter((m) => customerIds.includes(m.customerId)).map((m) => m.role));
    const token = await sessions.issue({
      role, face, userId: user.id, occupantId: null, addressId: null, customerId: face === 'console' ? customerIds[0]! : null,
    });
    const [session] = await db.select({ id: sessionsTable.id }).from(sessionsTable).where(eq(sessionsTable.tokenHash, hashToken(token)));
    await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, user.id));
    for (const customerId of customerIds) {
      await audit.record(await actor(user, customerId, session?.id), { action: 'login', entity: 'staff', entityId: user.id, after: { method }, face });
    }
    return token;
  }

  /**
   * A TOTP code of the account: valid now (±1 step) and not used before. A used code is remembered by
   * its time step (a marker row in auth_tickets, unique by its hash, kept until the code can no longer be
   * valid), so a code seen over a shoulder or replayed from a log is refused, even by a second process.
   */
  async function acceptTotpCode(userId: number, secret: string, code: string): Promise<boolean> {
    const step = await checkTotpCode(secret, code);
    if (step === null) return false;
    const inserted = await db.insert(authTickets)
      .values({ kind: 'staff-mfa', tokenHash: hashToken(`staff-totp:${userId}:${step}`), userId, usedAt: new Date(), expiresAt: new Date((step + 3) * 30_000) })
      .onConflictDoNothing()
      .returning({ id: authTickets.id });
    return inserted.length > 0;
  }

  async function secretOf(user: UserRow): Promise<string | null> {
    return user.totpSecret ? decryptTotpSecret(secrets, user.totpSecret) : null;
  }

  /** Ten new recovery codes for the account (the old ones stop working); answers them in plain text, once. */
  async function replaceRecoveryCodes(userId: number, tx: Pick<Db, 'insert' | 'delete'>): Promise<string[]> {
    const codes = newRecoveryCodes();
    const hashes = await Promise.all(codes.map((c) => hashRecoveryCode(secrets, c)));
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, userId));
    await tx.insert(staffRecoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
    return codes;
  }

  /** A TOTP code for a step that needs the current second factor (new recovery codes, TOTP off); 422 when wrong. */
  async function requireCurrentCode(ctx: StaffContext, code: string, client: LoginClient): Promise<UserRow> {
    const user = await userById(ctx.userId);
    const secret = user.totpEnabledAt ? await secretOf(user) : null;
    if (!secret) throw new ConflictError(staffAuthMessages.totpNotEnabled);
    const attempt = await guard.attempt('staff-code', `user:${user.id}`, client);
    if (!(await acceptTotpCode(user.id, secret, code))) throw codeInvalid();
    await attempt.succeeded();
    return user;
  }

  async function mailJob(job: StaffMailJob, options?: Parameters<JobQueue['add']>[2]) {
    await deps.jobs.add('staff-mail', job, options);
  }

  return {
    consoleCustomerId,
    /** Queues an invitation (new account) or reset mail; pass the transaction of the change it announces. */
    queuePasswordMail: mailJob,

    /**
     * Step 1. With a correct password also the guard's device cookie (see login-guard.ts), moved to the
     * console's path: a browser that logged in before is not slowed down while someone guesses at the account.
     */
    async login(hostCustomerId: number, input: { email: string; password: string }, client: LoginClient, face: StaffLoginFace = 'console'): Promise<{ answer: TStaffLoginAnswer; deviceCookie: string }> {
      const email = input.email.trim().toLowerCase();
      // The partner portal's login shares the portal's budgets per client (with residents) and its answer to a wrong password.
      const attempt = face === 'console'
        ? await guard.attempt('staff-login', `staff:${email}`, client)
        : await guard.attempt('login', `user:${email}`, client);
      const loginFailed = face === 'console' ? consoleLoginFailed : () => new UnauthorizedError(messages.loginFailed);
      const [user] = await db.select().from(users).where(eq(users.username, email)).limit(1);
      if (!user) {
        await verifyDummy(input.password);
        throw loginFailed();
      }
      // The same answer whether the password was wrong or the account may not use this face.
      if (!(await verifyPassword(user.passwordHash, input.password)) || user.disabledAt) throw loginFailed();
      const rule = await faceRule(user, hostCustomerId, face);
      if (!rule.allowed) throw loginFailed();
      const succeeded = await attempt.succeeded();
      const deviceCookie = face === 'console' ? succeeded.replace(/Path=\/api\/public/i, 'Path=/api/staff') : succeeded;
      return { answer: await this.secondStep(user, hostCustomerId, face, rule.requireTotp, 'password'), deviceCookie };
    },

    /**
     * After the first factor (a password, or a woco login link): the second factor when the account has it
     * or a customer of the face requires it. Enrolment happens in the console, which every staff account can
     * open; the partner portal refuses until then.
     */
    async secondStep(user: UserRow, hostCustomerId: number, face: StaffLoginFace, requireTotp: boolean, method: 'password' | 'woco-link'): Promise<TStaffLoginAnswer> {
      if (user.totpEnabledAt) return { status: 'totp', ticket: await issueTicket(user.id, face) };
      if (requireTotp) {
        if (face === 'partner') throw new ForbiddenError(accessMessages.totpEnrolFirst);
        return { status: 'enrol', ticket: await issueTicket(user.id, face) };
      }
      return { status: 'signed-in', token: await signIn(user, hostCustomerId, method, face) };
    },
    faceRule,
    membershipsOf,

    /** The second step: a TOTP code or a recovery code with the ticket of the first. */
    async loginWithCode(hostCustomerId: number, input: { ticket: string; code: string }, client: LoginClient, face: StaffLoginFace = 'console'): Promise<TStaffSignedIn> {
      const { ticketId, user, face: ticketFace } = await ticketUser(input.ticket);
      if (ticketFace !== face) throw ticketInvalid();
      const secret = user.totpEnabledAt ? await secretOf(user) : null;
      if (!secret) throw ticketInvalid();
      const attempt = await guard.attempt('staff-code', `user:${user.id}`, client);
      let recoveryLeft: number | undefined;
      if (TOTP_CODE_PATTERN.test(input.code)) {
        if (!(await acceptTotpCode(user.id, secret, input.code))) throw codeInvalid();
      } else {
        if (normalizeRecoveryCode(input.code).length !== 10) throw codeInvalid();
        const codeHash = await hashRecoveryCode(secrets, input.code);
        const used = await db.update(staffRecoveryCodes).set({ usedAt: new Date() })
          .where(and(eq(staffRecoveryCodes.userId, user.id), eq(staffRecoveryCodes.codeHash, codeHash), isNull(staffRecoveryCodes.usedAt)))
          .returning({ id: staffRecoveryCodes.id });
        if (!used.length) throw codeInvalid();
        const [left] = await db.select({ n: count() }).from(staffRecoveryCodes).where(and(eq(staffRecoveryCodes.userId, user.id), isNull(staffRecoveryCodes.usedAt)));
        recoveryLeft = left?.n ?? 0;
      }
      if (!(await consumeTicket(ticketId))) throw ticketInvalid();
      await attempt.succeeded();
      const token = await signIn(user, hostCustomerId, recoveryLeft === undefined ? 'totp' : 'recovery-code', face);
      return { status: 'signed-in', token, ...(recoveryLeft === undefined ? {} : { recovery_codes_left: recoveryLeft }) };
    },

    /**
     * Starts (or restarts) enrolment: a new secret, kept encrypted in users.totp_secret while
     * totp_enabled_at stays null until a code confirms it. With a login ticket (the 'enrol' answer) or in a
     * console session; never for an account that has TOTP already (it turns it off first).
     */
    async startTotp(hostCustomerId: number, who: { ticket: string } | { ctx: StaffContext }): Promise<TTotpStart> {
      const user = 'ticket' in who ? (await ticketUser(who.ticket)).user : await userById(who.ctx.userId);
      if (user.totpEnabledAt) throw new ConflictError('Tweestapsverificatie staat al aan.');
      const customerId = 'ctx' in who ? who.ctx.customerId : (await consoleCustomerId(user.id, hostCustomerId));
      const customer = customerId ? await customerRow(customerId) : null;
      const secret = newTotpSecret();
      await db.update(users).set({ totpSecret: await encryptTotpSecret(secrets, secret), totpEnabledAt: null }).where(eq(users.id, user.id));
      const { otpauthUrl, qrSvg } = await totpEnrolment(secret, customer ? `Beheer ${customer.name}` : 'Beheer bewonersportaal', user.email);
      return { secret, otpauth_url: otpauthUrl, qr_svg: qrSvg };
    },

    /** Confirms enrolment with a code from the app: TOTP on, ten recovery codes; with a ticket also signed in. */
    async confirmTotp(hostCustomerId: number, who: { ticket: string } | { ctx: StaffContext }, code: string, client: LoginClient): Promise<TTotpConfirm> {
      const fromTicket = 'ticket' in who ? await ticketUser(who.ticket) : null;
      if (fromTicket && fromTicket.face !== 'console') throw ticketInvalid();
      const user = fromTicket ? fromTicket.user : await userById((who as { ctx: StaffContext }).ctx.userId);
      if (user.totpEnabledAt) throw new ConflictError('Tweestapsverificatie staat al aan.');
      const secret = await secretOf(user);
      if (!secret) throw new ConflictError(staffAuthMessages.totpNotStarted);
      const attempt = await guard.attempt('staff-code', `user:${user.id}`, client);
      if (!(await acceptTotpCode(user.id, secret, code))) throw codeInvalid();
      await attempt.succeeded();
      if (fromTicket && !(await consumeTicket(fromTicket.ticketId))) throw ticketInvalid();
      const ctx = 'ctx' in who ? who.ctx : await actor(user, (await consoleCustomerId(user.id, hostCustomerId)) ?? hostCustomerId);
      const codes = await db.transaction(async (tx) => {
        await tx.update(users).set({ totpEnabledAt: new Date() }).where(eq(users.id, user.id));
        await audit.record(ctx, { action: 'totp-enable', entity: 'staff', entityId: user.id, after: { totp_enabled: true } }, tx);
        return replaceRecoveryCodes(user.id, tx);
      });
      if (!fromTicket) return { recovery_codes: codes };
      return { recovery_codes: codes, token: await signIn({ ...user, totpEnabledAt: new Date() }, hostCustomerId, 'totp-enrolment', 'console') };
    },

    /** Ten new recovery codes (the current TOTP code proves the app is at hand); the old ones stop working. */
    async newRecoveryCodes(ctx: StaffContext, code: string, client: LoginClient): Promise<string[]> {
      const user = await requireCurrentCode(ctx, code, client);
      return db.transaction(async (tx) => {
        await audit.record(ctx, { action: 'recovery-codes', entity: 'staff', entityId: user.id }, tx);
        return replaceRecoveryCodes(user.id, tx);
      });
    },

    /** Turns one's own TOTP off (with a current code); not while the customer requires it. */
    async disableTotp(ctx: StaffContext, code: string, client: LoginClient): Promise<void> {
      if ((await customerRow(ctx.customerId)).requireTotp) throw new ConflictError(staffAuthMessages.totpRequired);
      const user = await requireCurrentCode(ctx, code, client);
      await db.transaction(async (tx) => {
        await tx.update(users).set({ totpSecret: null, totpEnabledAt: null }).where(eq(users.id, user.id));
        await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, user.id));
        await audit.record(ctx, { action: 'totp-disable', entity: 'staff', entityId: user.id, before: { totp_enabled: true }, after: { totp_enabled: false } }, tx);
      });
    },

    async me(ctx: StaffContext): Promise<TStaffMe> {
      const [user, customer] = await Promise.all([userById(ctx.userId), customerRow(ctx.customerId)]);
      return {
        id: user.id, name: user.name, email: user.email, role: ctx.role, permissions: [...ROLE_PERMISSIONS[ctx.role]],
        customer: { id: customer.id, name: customer.name },
        totp_enabled: !!user.totpEnabledAt,
        totp_required: customer.requireTotp && !user.totpEnabledAt,
      };
    },

    async changePassword(ctx: StaffContext, input: { current_password: string; password: string }, client: LoginClient): Promise<void> {
      const user = await userById(ctx.userId);
      const attempt = await guard.attempt('staff-password', `user:${user.id}`, client);
      if (!(await verifyPassword(user.passwordHash, input.current_password))) {
        throw new UnprocessableError(staffAuthMessages.currentPasswordWrong, [{ field: 'current_password', message: staffAuthMessages.currentPasswordWrong }]);
      }
      await attempt.succeeded();
      const passwordHash = await hashPassword(input.password);
      await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
        await audit.record(ctx, { action: 'password-change', entity: 'staff', entityId: user.id }, tx);
      });
      // Every other session of the account ends; this one stays.
      const ended = await db.update(sessionsTable).set({ revokedAt: new Date() })
        .where(and(eq(sessionsTable.userId, user.id), isNull(sessionsTable.revokedAt), sql`${sessionsTable.id} <> ${ctx.sessionId}`))
        .returning({ hash: sessionsTable.tokenHash });
      for (const { hash } of ended) await deps.bus.publish('session', hash);
    },

    /** Whether a password link (invitation or reset) still works, and for which address. */
    async checkPasswordLink(token: string, ip: string): Promise<TStaffPasswordLinkCheck> {
      await deps.limiter.hit([{ key: `staff-link:client:${ip}`, max: deps.limits.client }]);
      const found = await findPasswordTicket(token);
      return { valid: !!found, email: found?.user.email ?? null };
    },

    /** Sets the password with the link's token (once); every session of the account ends. */
    async setPasswordWithLink(input: { token: string; password: string }, ip: string): Promise<void> {
      await deps.limiter.hit([{ key: `staff-link:client:${ip}`, max: deps.limits.client }]);
      const invalid = () => new UnprocessableError(staffAuthMessages.resetLinkInvalid, [{ field: 'token', message: staffAuthMessages.resetLinkInvalid }]);
      const found = await findPasswordTicket(input.token);
      if (!found) throw invalid();
      const passwordHash = await hashPassword(input.password);
      const customerId = await consoleCustomerId(found.user.id, 0);
      await db.transaction(async (tx) => {
        const used = await tx.update(authTickets).set({ usedAt: new Date() }).where(and(eq(authTickets.id, found.ticketId), isNull(authTickets.usedAt))).returning({ id: authTickets.id });
        if (!used.length) throw invalid();
        await tx.update(users).set({ passwordHash }).where(eq(users.id, found.user.id));
        if (customerId) await audit.record(await actor(found.user, customerId), { action: 'password-set', entity: 'staff', entityId: found.user.id }, tx);
      });
      await sessions.revokeUser(found.user.id);
    },

    /** Always the same answer: the request is counted and queued; the job looks the account up. */
    async forgotPassword(hostCustomerId: number, email: string, ip: string): Promise<void> {
      const address = email.trim().toLowerCase();
      await deps.limiter.hit([{ key: `staff-forgot:client:${ip}`, max: deps.limits.client }, { key: `staff-forgot:account:${address}`, max: 5 }]);
      await mailJob({ kind: 'reset', customerId: hostCustomerId, email: address });
    },

    /** The 'staff-mail' job: a new password link for the account (earlier unused links stop working). */
    async sendPasswordMail(job: StaffMailJob): Promise<void> {
      const [user] = job.userId
        ? await db.select().from(users).where(eq(users.id, job.userId))
        : await db.select().from(users).where(eq(users.username, job.email ?? ''));
      if (!user || user.disabledAt) return;
      const customerId = await consoleCustomerId(user.id, job.customerId);
      if (!customerId) return;
      const customer = await customerRow(customerId);
      const hours = job.kind === 'invite' ? INVITE_HOURS : RESET_HOURS;
      const token = newToken();
      await db.transaction(async (tx) => {
        await tx.update(authTickets).set({ usedAt: new Date() }).where(and(eq(authTickets.userId, user.id), eq(authTickets.kind, 'staff-reset'), isNull(authTickets.usedAt)));
        await tx.insert(authTickets).values({ kind: 'staff-reset', tokenHash: hashToken(token), userId: user.id, expiresAt: new Date(Date.now() + hours * 3_600_000) });
      });
      const link = `${deps.publicUrl}/beheer/wachtwoord/${encodeURIComponent(token)}`;
      await deps.mailer.send(staffPasswordMail({ to: user.email, name: user.name, link, customerName: customer.name, kind: job.kind, hours }));
    },
  };

  async function findPasswordTicket(token: string): Promise<{ ticketId: number; user: UserRow } | null> {
    const [row] = await db
      .select({ ticketId: authTickets.id, user: users })
      .from(authTickets)
      .innerJoin(users, eq(users.id, authTickets.userId))
      .where(and(eq(authTickets.tokenHash, hashToken(token)), eq(authTickets.kind, 'staff-reset'), isNull(authTickets.usedAt), gt(authTickets.expiresAt, new Date())))
      .limit(1);
    if (!row || row.user.disabledAt) return null;
    return row;
  }
}
export type StaffAuthService = ReturnType<typeof createStaffAuthService>;
