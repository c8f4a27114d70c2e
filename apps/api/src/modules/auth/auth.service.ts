import { and, asc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import { householdMessages, messages, normalizeAlnum, type TActivateInput, type TActivateResponse, type TLoginLinkResponse, type TLoginResponse, type TMe, type TTokenResponse } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { ConflictError, ForbiddenError, NotFoundError, UnauthorizedError, UnprocessableError } from '../../lib/errors.ts';
import { hashPassword, verifyDummy, verifyPassword } from '../../lib/passwords.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { addresses, occupants } from '../address/address.table.ts';
import { type CustomerRow, customerBranding } from '../customer/customer.service.ts';
import { customers } from '../customer/customer.table.ts';
import type { JobQueue } from '../jobs/index.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { ProjectService } from '../project/project.service.ts';
import { addressProjects } from '../project/project.table.ts';
import { authTickets, users } from './auth.table.ts';
import type { RateLimiter } from './rate-limit.ts';
import type { LoginClient, LoginGuard } from './login-guard.ts';
import type { Session, SessionStore } from './session.store.ts';
import { passwordResetMail } from './auth.mails.ts';

const RESET_MINUTES = 60;
/** An extra woco login link (woco-link) works this long. */
const WOCO_LINK_DAYS = 365;
/** A login link (/setlogin) works once, within this many minutes of being made. */
export const LOGIN_LINK_MINUTES = 15;
const AUTO_LOGIN_MINUTES = 5;

type Deps = {
  db: Db;
  sessions: SessionStore;
  limiter: RateLimiter;
  mailer: Mailer;
  projects: ProjectService;
  jobs: JobQueue;
  guard: LoginGuard;
  publicUrl: string;
  apiUrl: string;
  limits: { account: number; client: number };
  log: (error: unknown, msg: string) => void;
};

const loginFailed = () => new UnauthorizedError(messages.loginFailed);

/** A login's answer and, after a correct password, the device cookie to set (see login-guard.ts). */
export type LoginResult = { answer: TLoginResponse; deviceCookie?: string };

/** The rate-limit account of an address, however its postcode and number were written. */
const occupantAccount = (customerId: number, zipcode: string, houseNumber: string) =>
  `${customerId}:${normalizeAlnum(zipcode)}:${normalizeAlnum(houseNumber)}`;

export function createAuthService(deps: Deps) {
  const { db, sessions, limiter, mailer, projects, guard } = deps;

  const throttle = (scope: string, account: string, client: string) =>
    limiter.hit([
      { key: `${scope}:client:${client}`, max: deps.limits.client },
      { key: `${scope}:account:${account}`, max: deps.limits.account },
    ]);

  /** Whether the account may act for the address: it reaches one of the address's projects with 'login-links.create'. */
  async function mayActFor(userId: number, addressId: number): Promise<boolean> {
    const reachable = new Set((await projects.reachableProjects(userId, 'login-links.create')).map((p) => p.id));
    const rows = await db.select({ projectId: addressProjects.projectId }).from(addressProjects).where(eq(addressProjects.addressId, addressId));
    return rows.some((r) => reachable.has(r.projectId));
  }

  /** Accounts whose every role is read-only where they work (the woco token login). */
  async function isViewerOnly(userId: number): Promise<boolean> {
    const memberships = await projects.memberships(userId);
    return memberships.length > 0 && memberships.every((m) => m.role === 'woco-viewer');
  }

  async function findAddress(customerId: number, zipcode: string, houseNumber: string) {
    const [row] = await db
      .select()
      .from(addresses)
      .where(and(eq(addresses.customerId, customerId), eq(addresses.zipcode, zipcode), eq(addresses.houseNumber, houseNumber)))
      .limit(1);
    return row ?? null;
  }

  /** Splits 'username' = postcode (6 characters) + house number and suffix. */
  function splitUsername(username: string) {
    const value = normalizeAlnum(username);
    return { zipcode: value.slice(0, 6), houseNumber: value.slice(6) };
  }

  /** The unused, unexpired reset ticket of this code, if it belongs to this username. */
  async function findResetTicket(input: { username: string; code: string }) {
    const [ticket] = await db
      .select()
      .from(authTickets)
      .where(and(eq(authTickets.tokenHash, hashToken(input.code)), eq(authTickets.kind, 'password-reset'), isNull(authTickets.usedAt), gt(authTickets.expiresAt, new Date())))
      .limit(1);
    if (!ticket) return null;
    const username = input.username.trim();
    if (ticket.occupantId) {
      const [person] = await db
        .select({ zipcode: addresses.zipcode, houseNumber: addresses.houseNumber })
        .from(occupants)
        .innerJoin(addresses, eq(addresses.id, occupants.addressId))
        .where(eq(occupants.id, ticket.occupantId));
      if (!person || normalizeAlnum(username) !== `${person.zipcode}${person.houseNumber}`) return null;
    } else if (ticket.userId) {
      const [user] = await db.select({ username: users.username }).from(users).where(eq(users.id, ticket.userId));
      if (!user || user.username !== username.toLowerCase()) return null;
    }
    return ticket;
  }

  async function occupantLoginResponse(customer: CustomerRow, occupantId: number, addressId: number, token: string): Promise<TLoginResponse> {
    return {
      success: true,
      token,
      api_url: deps.apiUrl,
      admin_token: null,
      role: 'occupant',
      id: occupantId,
      address_id: addressId,
      is_admin: false,
      ...customerBranding(customer),
      // Section 3 of the spec: the resident's customer, projects and the modules of those projects.
      customers: [{ id: customer.id, name: customer.name }],
      projects: await projects.projectsForAddress(addressId),
      modules: await projects.moduleNamesForAddress(addressId),
    };
  }

  return {
    async describe(session: Session): Promise<TMe> {
      let name = '';
      if (session.occupantId !== null) {
        const [person] = await db.select().from(occupants).where(eq(occupants.id, session.occupantId));
        name = person ? [person.firstName, person.affix, person.lastName].filter(Boolean).join(' ') : '';
      } else if (session.userId !== null) {
        const [user] = await db.select({ name: users.name }).from(users).where(eq(users.id, session.userId));
        name = user?.name ?? '';
      }
      return { role: session.role, id: session.occupantId ?? session.userId ?? 0, address_id: session.addressId, is_admin: session.isAdmin, name };
    },

    async loginOccupant(customer: CustomerRow, input: { zipcode: string; house_number: string; password: string }, client: LoginClient): Promise<LoginResult> {
      const attempt = await guard.attempt('login', occupantAccount(customer.id, input.zipcode, input.house_number), client);
      const address = await findAddress(customer.id, input.zipcode, input.house_number);
      if (!address) return verifyDummy(input.password).then(() => { throw loginFailed(); });

      if (address.activationCodeHash && !address.activatedAt && address.activationExpiresAt && address.activationExpiresAt > new Date()) {
        if (hashToken(normalizeAlnum(input.password)) === address.activationCodeHash) {
          return { answer: { success: false, action: 'activate-account', message: 'Activeer uw account' } };
        }
      }
      const people = await db
        .select({ id: occupants.id, passwordHash: occupants.passwordHash })
        .from(occupants)
        .where(and(eq(occupants.addressId, address.id), isNotNull(occupants.passwordHash)))
        .orderBy(asc(occupants.id));
      for (const person of people) {
        if (await verifyPassword(person.passwordHash, input.password)) {
          const deviceCookie = await attempt.succeeded();
          const token = await sessions.issue({ role: 'occupant', face: 'resident', userId: null, occupantId: person.id, addressId: address.id, customerId: customer.id });
          return { answer: await occupantLoginResponse(customer, person.id, address.id, token), deviceCookie };
        }
      }
      if (!people.length) await verifyDummy(input.password);
      throw loginFailed();
    },

    /** The partner portal's login answer for a staff session (from the staff login, with or without a second factor). */
    async staffLoginResponse(customer: CustomerRow, token: string): Promise<TLoginResponse> {
      const session = await sessions.resolve(token);
      if (!session?.userId) throw loginFailed();
      const userId = session.userId;
      const customerList = await projects.customersForUser(userId);
      return {
        success: true,
        token,
        api_url: deps.apiUrl,
        admin_token: token,
        role: session.role,
        id: userId,
        address_id: null,
        is_admin: false,
        ...customerBranding(customer),
        customers: customerList.map((c) => ({ id: c.id, name: c.name })),
        projects: await projects.projectsForUser(userId),
        modules: await projects.moduleNamesForUser(userId),
      };
    },

    /**
     * A new login link for a woco user: by default an extra link that works beside the user's others
     * for WOCO_LINK_DAYS; with `replace`, the only one (every earlier link of the user stops working).
     */
    async issueWocoLink(userId: number, options: { replace?: boolean } = {}): Promise<string> {
      if (!(await isViewerOnly(userId))) throw new ConflictError('Een inloglink per token is er alleen voor accounts die overal alleen lezen (woningcorporatie).');
      const token = newToken();
      if (options.replace) {
        await db.transaction(async (tx) => {
          await tx.update(users).set({ loginTokenHash: hashToken(token) }).where(eq(users.id, userId));
          await tx.update(authTickets).set({ usedAt: new Date() })
            .where(and(eq(authTickets.userId, userId), eq(authTickets.kind, 'woco-login'), isNull(authTickets.usedAt)));
        });
      } else {
        await db.insert(authTickets).values({ kind: 'woco-login', tokenHash: hashToken(token), userId, expiresAt: new Date(Date.now() + WOCO_LINK_DAYS * 86_400_000) });
      }
      return token;
    },

    /** The account of a woco login link (its first factor); the staff login decides the second. Read-only accounts only. */
    async wocoUser(token: string, client: string): Promise<typeof users.$inferSelect> {
      // Counted per token (the token is the account), not under one shared key: that let any 11
      // attempts in a window, even with made-up tokens, lock every woco user out.
      const tokenHash = hashToken(token);
      await throttle('woco', tokenHash, client);
      // The user's own token, or one of the extra links made for them (woco-link), while it lasts.
      const [user] = await db.select().from(users)
        .where(and(isNull(users.disabledAt), sql`(${users.loginTokenHash} = ${tokenHash} OR EXISTS (SELECT 1 FROM ${authTickets} WHERE
          ${authTickets.userId} = ${users.id} AND ${authTickets.kind} = 'woco-login' AND ${authTickets.tokenHash} = ${tokenHash}
          AND ${authTickets.usedAt} IS NULL AND ${authTickets.expiresAt} > now()))`))
        .limit(1);
      if (!user || !(await isViewerOnly(user.id))) throw new UnauthorizedError('Deze inloglink is ongeldig of verlopen.');
      await limiter.clear(`woco:account:${tokenHash}`);
      return user;
    },

    /**
     * Activates the address with its code: the holder (the address's main occupant, or a new one) gets the
     * password and the name, aanhef and e-mail address given. Nothing is invented: without a holder the name
     * is required, and a holder made here without an aanhef has none ('U').
     */
    async activate(customer: CustomerRow, input: Omit<TActivateInput, 'accept_terms' | 'language'>, client: LoginClient): Promise<TActivateResponse> {
      const { zipcode, houseNumber } = splitUsername(input.username);
      // One budget with the login: a code guessed through either call counts against the same address.
      await guard.attempt('login', occupantAccount(customer.id, zipcode, houseNumber), client);
      const address = await findAddress(customer.id, zipcode, houseNumber);
      const valid =
        address?.activationCodeHash &&
        !address.activatedAt &&
        address.activationExpiresAt &&
        address.activationExpiresAt > new Date() &&
        address.activationCodeHash === hashToken(normalizeAlnum(input.code));
      if (!address || !valid) throw new UnprocessableError(messages.activationInvalid, [{ field: 'code', message: messages.activationInvalid }]);

      const passwordHash = await hashPassword(input.password);
      const ticket = newToken();
      await db.transaction(async (tx) => {
        // Consume the code exactly once, even when two activations race.
        const consumed = await tx
          .update(addresses)
          .set({ activatedAt: new Date(), activationCodeHash: null, activationExpiresAt: null })
          .where(and(eq(addresses.id, address.id), isNull(addresses.activatedAt), isNotNull(addresses.activationCodeHash)))
          .returning({ id: addresses.id });
        if (!consumed.length) throw new ConflictError(messages.activationInvalid);
        const [main] = await tx.select().from(occupants).where(eq(occupants.addressId, address.id)).orderBy(sql`${occupants.isMain} DESC`, asc(occupants.id)).limit(1);
        // What the holder said about themselves; what they left out stays as stored (an empty e-mail field deletes nothing).
        const identity = {
          ...(input.first_name && input.last_name ? { firstName: input.first_name, affix: input.affix ?? null, lastName: input.last_name } : {}),
          ...(input.gender ? { gender: input.gender } : {}),
          ...(input.email_address ? { emailAddress: input.email_address } : {}),
        };
        let id = main?.id;
        if (id) {
          await tx.update(occupants).set({ ...identity, passwordHash, isMain: true }).where(eq(occupants.id, id));
        } else {
          if (!input.first_name || !input.last_name) {
            throw new UnprocessableError(messages.invalidInput, [
              { field: 'first_name', message: householdMessages.firstNameRequired },
              { field: 'last_name', message: householdMessages.lastNameRequired },
            ]);
          }
          const [created] = await tx.insert(occupants).values({
            addressId: address.id, firstName: input.first_name, affix: input.affix ?? null, lastName: input.last_name,
            gender: input.gender ?? 'U', emailAddress: input.email_address ?? null, isMain: true, passwordHash,
          }).returning({ id: occupants.id });
          id = created!.id;
        }
        await tx.insert(authTickets).values({ kind: 'auto-login', tokenHash: hashToken(ticket), occupantId: id, expiresAt: new Date(Date.now() + AUTO_LOGIN_MINUTES * 60_000) });
        return id;
      });
      return { success: true, id: address.id, token: ticket, message: messages.accountActivated };
    },

    /**
     * GET /occupant/auth/{address_id}: exchanges the single-use ticket from an activation for a resident's
     * session at that address. (A staff token is no ticket: staff act for an address only through a login link.)
     */
    async autoLogin(bearer: string | undefined, addressId: number, client: string): Promise<TTokenResponse> {
      if (!bearer) throw new UnauthorizedError();
      await limiter.hit([{ key: `auto-login:client:${client}`, max: deps.limits.client }]);
      const [ticket] = await db
        .update(authTickets)
        .set({ usedAt: new Date() })
        .where(and(eq(authTickets.tokenHash, hashToken(bearer)), eq(authTickets.kind, 'auto-login'), isNull(authTickets.usedAt), gt(authTickets.expiresAt, new Date())))
        .returning();
      if (ticket?.occupantId) {
        const [person] = await db
          .select({ id: occupants.id, addressId: occupants.addressId, customerId: addresses.customerId })
          .from(occupants)
          .innerJoin(addresses, eq(addresses.id, occupants.addressId))
          .where(eq(occupants.id, ticket.occupantId));
        if (!person || person.addressId !== addressId) throw new ForbiddenError();
        const token = await sessions.issue({ role: 'occupant', face: 'resident', userId: null, occupantId: person.id, addressId, customerId: person.customerId });
        return { success: true, token, role: 'occupant', id: person.id };
      }
      throw new UnauthorizedError();
    },

    /**
     * A login link ticket for a staff member acting for an address of a project it reaches with
     * 'login-links.create': single use, LOGIN_LINK_MINUTES long; exchanged by redeemLoginLink.
     */
    async issueLoginLink(userId: number, addressId: number): Promise<{ token: string; expiresAt: Date }> {
      if (!(await mayActFor(userId, addressId))) throw new NotFoundError('Adres niet gevonden');
      const token = newToken();
      const expiresAt = new Date(Date.now() + LOGIN_LINK_MINUTES * 60_000);
      await db.insert(authTickets).values({ kind: 'login-link', tokenHash: hashToken(token), userId, addressId, expiresAt });
      return { token, expiresAt };
    },

    /**
     * POST /public/setlogin: the ticket of a login link, once, for ONE session acting for the link's address
     * (face 'acting'). Its `admin_token` is that same token: it reaches this address alone and mints nothing.
     */
    async redeemLoginLink(ticketToken: string, client: string): Promise<TLoginLinkResponse> {
      await limiter.hit([{ key: `login-link:client:${client}`, max: deps.limits.client }]);
      const [ticket] = await db
        .update(authTickets)
        .set({ usedAt: new Date() })
        .where(and(eq(authTickets.tokenHash, hashToken(ticketToken)), eq(authTickets.kind, 'login-link'), isNull(authTickets.usedAt), gt(authTickets.expiresAt, new Date())))
        .returning();
      if (!ticket?.userId || !ticket.addressId) throw new UnauthorizedError('Deze inloglink is ongeldig, al gebruikt of verlopen.');
      // The maker must still have the right (not disabled, the permission, the address's project) when it is used.
      const [maker] = await db.select({ disabledAt: users.disabledAt }).from(users).where(eq(users.id, ticket.userId));
      if (!maker || maker.disabledAt || !(await mayActFor(ticket.userId, ticket.addressId))) {
        throw new UnauthorizedError('Deze inloglink is ongeldig, al gebruikt of verlopen.');
      }
      const acting = await this.issueActingSession(ticket.userId, ticket.addressId);
      return { success: true, token: acting.token, role: 'occupant', id: acting.id, address_id: ticket.addressId, is_admin: true, admin_token: acting.token };
    },

    /** A staff member acting for an address: one session of the face 'acting' for that address. */
    async issueActingSession(userId: number, addressId: number): Promise<TTokenResponse> {
      const [address] = await db.select().from(addresses).where(eq(addresses.id, addressId)).limit(1);
      if (!address || !(await mayActFor(userId, addressId))) throw new NotFoundError('Adres niet gevonden');
      const [main] = await db.select({ id: occupants.id }).from(occupants).where(eq(occupants.addressId, addressId)).orderBy(sql`${occupants.isMain} DESC`, asc(occupants.id)).limit(1);
      if (!main) throw new NotFoundError('Er woont nog niemand op dit adres');
      const token = await sessions.issue({ role: 'occupant', face: 'acting', userId, occupantId: main.id, addressId, customerId: address.customerId });
      return { success: true, token, role: 'occupant', id: main.id };
    },

    /**
     * Always the same answer in the same time: the request is only counted and queued; whether the
     * account exists is looked up by the job after the answer went out (sendPasswordReset).
     */
    async forgotPassword(customer: CustomerRow, username: string, client: string): Promise<void> {
      const name = username.trim();
      // One counter per account however it is written ('1234AB10', '1234 ab 10'), or spacing would evade it.
      await throttle('forgot', `${customer.id}:${name.includes('@') ? name.toLowerCase() : normalizeAlnum(name)}`, client);
      await deps.jobs.add('password-reset', { customerId: customer.id, username: name });
    },

    /** The password-reset job: a mail with a reset link for each account behind `username` that has an e-mail address. */
    async sendPasswordReset(customerId: number, name: string): Promise<void> {
      const [customer] = await db.select({ id: customers.id, name: customers.name }).from(customers).where(eq(customers.id, customerId));
      if (!customer) return;
      const recipients: Array<{ email: string; name: string | null; username: string; occupantId?: number; userId?: number }> = [];
      const fullName = sql<string>`concat_ws(' ', ${occupants.firstName}, nullif(${occupants.affix}, ''), ${occupants.lastName})`;
      if (name.includes('@')) {
        const email = name.toLowerCase();
        const people = await db
          .select({ id: occupants.id, email: occupants.emailAddress, name: fullName, zipcode: addresses.zipcode, houseNumber: addresses.houseNumber })
          .from(occupants)
          .innerJoin(addresses, eq(addresses.id, occupants.addressId))
          .where(and(eq(addresses.customerId, customer.id), sql`lower(${occupants.emailAddress}) = ${email}`, isNotNull(occupants.passwordHash)));
        people.forEach((p) => recipients.push({ email: p.email!, name: p.name, username: `${p.zipcode}${p.houseNumber}`, occupantId: p.id }));
        const [user] = await db.select().from(users).where(sql`${users.username} = ${email} OR lower(${users.email}) = ${email}`).limit(1);
        if (user) recipients.push({ email: user.email, name: user.name, username: user.username, userId: user.id });
      } else {
        const { zipcode, houseNumber } = splitUsername(name);
        const people = await db
          .select({ id: occupants.id, email: occupants.emailAddress, name: fullName })
          .from(occupants)
          .innerJoin(addresses, eq(addresses.id, occupants.addressId))
          .where(and(eq(addresses.customerId, customer.id), eq(addresses.zipcode, zipcode), eq(addresses.houseNumber, houseNumber), isNotNull(occupants.passwordHash), isNotNull(occupants.emailAddress)));
        people.forEach((p) => recipients.push({ email: p.email!, name: p.name, username: `${zipcode}${houseNumber}`, occupantId: p.id }));
      }
      for (const r of recipients) {
        const token = newToken();
        await db.insert(authTickets).values({
          kind: 'password-reset', tokenHash: hashToken(token), occupantId: r.occupantId ?? null, userId: r.userId ?? null,
          expiresAt: new Date(Date.now() + RESET_MINUTES * 60_000),
        });
        const link = `${deps.publicUrl}/password/reset/${encodeURIComponent(token)}/${encodeURIComponent(r.email)}/${encodeURIComponent(r.username)}`;
        await mailer.send(passwordResetMail({ to: r.email, name: r.name, link, portalName: customer.name, minutes: RESET_MINUTES }));
      }
    },

    /** Sets a new password with a reset code; the code works once, and every open session of the account ends. */
    /** Whether a reset link (code and username) can still set a password. */
    async checkResetLink(input: { username: string; code: string }): Promise<boolean> {
      return (await findResetTicket(input)) !== null;
    },

    async setPassword(input: { password: string; username: string; code: string }): Promise<void> {
      const invalid = () => new UnprocessableError(messages.resetInvalid, [{ field: 'code', message: messages.resetInvalid }]);
      const ticket = await findResetTicket(input);
      if (!ticket) throw invalid();
      const passwordHash = await hashPassword(input.password);
      const used = await db.update(authTickets).set({ usedAt: new Date() }).where(and(eq(authTickets.id, ticket.id), isNull(authTickets.usedAt))).returning({ id: authTickets.id });
      if (!used.length) throw invalid();
      if (ticket.occupantId) {
        await db.update(occupants).set({ passwordHash }).where(eq(occupants.id, ticket.occupantId));
        await sessions.revokeOccupant(ticket.occupantId);
      } else if (ticket.userId) {
        await db.update(users).set({ passwordHash }).where(eq(users.id, ticket.userId));
        await sessions.revokeUser(ticket.userId);
      }
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
