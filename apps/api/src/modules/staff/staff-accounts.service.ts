import { and, asc, eq, ilike, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  roleCan, staffAuthMessages, type TStaffAccount, type TStaffProjectChoice, type TStaffRole, type TStaffSecurity,
} from '@portal/contract';
import type { Db } from '../../db/client.ts';
import type { InvalidationBus } from '../../lib/invalidation.ts';
import { ConflictError, NotFoundError, UnprocessableError } from '../../lib/errors.ts';
import { toPage, type Page } from '../../lib/paging.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { sessions as sessionsTable, staffProjects, staffRecoveryCodes, userCustomers, users } from '../auth/auth.table.ts';
import type { SessionStore } from '../auth/session.store.ts';
import type { CustomerService } from '../customer/customer.service.ts';
import { customers } from '../customer/customer.table.ts';
import { projects } from '../project/project.table.ts';
import type { StaffContext } from './staff-access.ts';
import type { ProjectService } from '../project/project.service.ts';
import type { StaffAuthService } from './staff-auth.service.ts';

type Deps = {
  db: Db;
  bus: InvalidationBus;
  sessions: SessionStore;
  audit: AuditService;
  customers: CustomerService;
  staffAuth: Pick<StaffAuthService, 'queuePasswordMail'>;
  /** Drops the cached roles and projects of an account in every process (the access guard reads them). */
  projects: Pick<ProjectService, 'invalidateStaff'>;
};

type UserRow = typeof users.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const sharedAccount = () => new UnprocessableError('Dit account hoort ook bij een andere organisatie: u kunt alleen de projecten ervan wijzigen.', [
  { field: 'role', message: 'Dit account hoort ook bij een andere organisatie: u kunt alleen de projecten ervan wijzigen.' },
]);

/**
 * The staff accounts of a customer (customer administrators only): list, create with an invitation mail,
 * change name, role, projects and access, reset TOTP, and the customer's TOTP requirement. An account of
 * another customer answers 404. Every change is written to the audit log with the record before and after.
 */
export function createStaffAccountsService(deps: Deps) {
  const { db, audit } = deps;

  /** The customer's staff accounts (with their role there): a membership of the customer. */
  const ofCustomer = (customerId: number) => eq(userCustomers.customerId, customerId);
  const withRole = () => db.select({ user: users, role: userCustomers.role }).from(users).innerJoin(userCustomers, eq(userCustomers.userId, users.id));
  type Member = { user: UserRow; role: TStaffRole };

  async function projectIdsByUser(customerId: number, userIds: number[]): Promise<Map<number, number[]>> {
    const map = new Map<number, number[]>(userIds.map((id) => [id, []]));
    if (!userIds.length) return map;
    const rows = await db
      .select({ userId: staffProjects.userId, projectId: staffProjects.projectId })
      .from(staffProjects)
      .innerJoin(projects, eq(projects.id, staffProjects.projectId))
      .where(and(inArray(staffProjects.userId, userIds), eq(projects.customerId, customerId)))
      .orderBy(asc(staffProjects.projectId));
    for (const row of rows) map.get(row.userId)?.push(row.projectId);
    return map;
  }

  const toAccount = ({ user, role }: Member, projectIds: number[]): TStaffAccount => ({
    id: user.id, name: user.name, email: user.email, role,
    project_ids: roleCan(role, 'projects.all') ? [] : projectIds,
    totp_enabled: !!user.totpEnabledAt, disabled: !!user.disabledAt,
    last_login_at: user.lastLoginAt?.toISOString() ?? null, has_password: !!user.passwordHash,
  });

  /** What the audit log keeps of an account: its settings, not its login state. */
  const audited = ({ has_password: _password, last_login_at: _login, ...settings }: TStaffAccount) => settings;

  async function find(ctx: StaffContext, id: number): Promise<Member> {
    const [row] = await withRole().where(and(eq(users.id, id), ofCustomer(ctx.customerId))).limit(1);
    if (!row) throw new NotFoundError('Account niet gevonden');
    return row;
  }

  async function view(ctx: StaffContext, member: Member): Promise<TStaffAccount> {
    return toAccount(member, (await projectIdsByUser(ctx.customerId, [member.user.id])).get(member.user.id) ?? []);
  }

  /** Linked to any other customer as well: the account's name, role, access and TOTP are then not this customer's alone. */
  async function isShared(ctx: StaffContext, userId: number): Promise<boolean> {
    const [row] = await db.select({ id: userCustomers.customerId }).from(userCustomers)
      .where(and(eq(userCustomers.userId, userId), ne(userCustomers.customerId, ctx.customerId))).limit(1);
    return !!row;
  }

  /** The project ids, checked to be the customer's (else 422 on project_ids). */
  async function checkProjects(ctx: StaffContext, ids: number[]): Promise<number[]> {
    const unique = [...new Set(ids)];
    if (!unique.length) return [];
    const found = await db.select({ id: projects.id }).from(projects).where(and(inArray(projects.id, unique), eq(projects.customerId, ctx.customerId)));
    if (found.length !== unique.length) throw new UnprocessableError(staffAuthMessages.projectsInvalid, [{ field: 'project_ids', message: staffAuthMessages.projectsInvalid }]);
    return unique;
  }

  /** Replaces the account's projects of this customer (its projects at other customers stay). */
  async function setProjects(tx: Tx, ctx: StaffContext, userId: number, ids: number[]) {
    await tx.delete(staffProjects).where(and(eq(staffProjects.userId, userId),
      sql`${staffProjects.projectId} IN (SELECT ${projects.id} FROM ${projects} WHERE ${projects.customerId} = ${ctx.customerId})`));
    if (ids.length) await tx.insert(staffProjects).values(ids.map((projectId) => ({ userId, projectId })));
  }

  /** Ends staff sessions (console and partner portal), at once in every process. */
  async function endStaffSessions(where: SQL) {
    const ended = await db.update(sessionsTable).set({ revokedAt: new Date() })
      .where(and(inArray(sessionsTable.face, ['console', 'partner']), isNull(sessionsTable.revokedAt), where))
      .returning({ hash: sessionsTable.tokenHash });
    for (const { hash } of ended) await deps.bus.publish('session', hash);
  }

  return {
    /** Sorted by name; `before` is the id of the last account held (keyset on name and id). */
    async list(ctx: StaffContext, query: { q?: string; before?: number; limit: number }): Promise<Page<TStaffAccount>> {
      const where: SQL[] = [ofCustomer(ctx.customerId)];
      if (query.q) {
        const like = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        where.push(or(ilike(users.name, like), ilike(users.email, like))!);
      }
      if (query.before) {
        const [last] = await withRole().where(and(eq(users.id, query.before), ofCustomer(ctx.customerId))).then((rows) => rows.map((r) => r.user));
        if (!last) return { items: [], hasMore: false };
        where.push(sql`(lower(${users.name}), ${users.id}) > (lower(${last.name}), ${query.before})`);
      }
      const rows = await withRole().where(and(...where)).orderBy(sql`lower(${users.name})`, asc(users.id)).limit(query.limit + 1);
      const page = toPage(rows, query.limit);
      const byUser = await projectIdsByUser(ctx.customerId, page.items.map((m) => m.user.id));
      return { items: page.items.map((m) => toAccount(m, byUser.get(m.user.id) ?? [])), hasMore: page.hasMore };
    },

    async create(ctx: StaffContext, input: { name: string; email: string; role: TStaffRole; project_ids: number[] }): Promise<TStaffAccount> {
      const projectIds = roleCan(input.role, 'projects.all') ? [] : await checkProjects(ctx, input.project_ids);
      const [taken] = await db.select({ id: users.id }).from(users).where(or(eq(users.username, input.email), sql`lower(${users.email}) = ${input.email}`)).limit(1);
      const emailTaken = () => new ConflictError(staffAuthMessages.emailTaken, [{ field: 'email', message: staffAuthMessages.emailTaken }]);
      if (taken) throw emailTaken();
      const user = await db.transaction(async (tx) => {
        const [created] = await tx.insert(users).values({ username: input.email, email: input.email, name: input.name, passwordHash: null })
          .onConflictDoNothing().returning();
        if (!created) throw emailTaken();
        await tx.insert(userCustomers).values({ userId: created.id, customerId: ctx.customerId, role: input.role });
        await setProjects(tx, ctx, created.id, projectIds);
        await audit.record(ctx, { action: 'create', entity: 'staff', entityId: created.id, after: audited(toAccount({ user: created, role: input.role }, projectIds)) }, tx);
        await deps.staffAuth.queuePasswordMail({ kind: 'invite', customerId: ctx.customerId, userId: created.id }, { tx });
        return created;
      });
      return view(ctx, { user, role: input.role });
    },

    async update(ctx: StaffContext, id: number, input: { name: string; role: TStaffRole; project_ids: number[]; disabled: boolean }): Promise<TStaffAccount> {
      const member = await find(ctx, id);
      const { user } = member;
      const before = audited(await view(ctx, member));
      const projectIds = roleCan(input.role, 'projects.all') ? [] : await checkProjects(ctx, input.project_ids);
      const roleChanged = input.role !== member.role;
      const disabledChanged = input.disabled !== !!user.disabledAt;
      // Not one's own role or access: so the customer always keeps an active administrator (the one acting).
      if (user.id === ctx.userId && (roleChanged || disabledChanged)) {
        throw new UnprocessableError(staffAuthMessages.ownAccount, [{ field: roleChanged ? 'role' : 'disabled', message: staffAuthMessages.ownAccount }]);
      }
      // The name and access belong to the person; the role here is this customer's alone.
      if ((disabledChanged || input.name !== user.name) && (await isShared(ctx, user.id))) throw sharedAccount();
      const updated = await db.transaction(async (tx) => {
        const [row] = await tx.update(users).set({
          name: input.name,
          disabledAt: input.disabled ? (user.disabledAt ?? new Date()) : null,
        }).where(eq(users.id, user.id)).returning();
        await tx.update(userCustomers).set({ role: input.role }).where(and(eq(userCustomers.userId, user.id), eq(userCustomers.customerId, ctx.customerId)));
        await setProjects(tx, ctx, user.id, projectIds);
        await audit.record(ctx, { action: 'update', entity: 'staff', entityId: user.id, before, after: audited(toAccount({ user: row!, role: input.role }, projectIds)) }, tx);
        return row!;
      });
      await deps.projects.invalidateStaff(user.id);
      // A disabled account's sessions end at once (portal and console): it may not act any more.
      if (input.disabled && disabledChanged) await deps.sessions.revokeUser(user.id);
      return view(ctx, { user: updated, role: input.role });
    },

    /** Clears the account's TOTP and recovery codes (a lost phone); its console sessions end. */
    async resetTotp(ctx: StaffContext, id: number): Promise<TStaffAccount> {
      const member = await find(ctx, id);
      const { user } = member;
      if (await isShared(ctx, user.id)) throw sharedAccount();
      await db.transaction(async (tx) => {
        await tx.update(users).set({ totpSecret: null, totpEnabledAt: null }).where(eq(users.id, user.id));
        await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, user.id));
        await audit.record(ctx, { action: 'reset-totp', entity: 'staff', entityId: user.id, before: { totp_enabled: !!user.totpEnabledAt }, after: { totp_enabled: false } }, tx);
      });
      if (user.id !== ctx.userId) await endStaffSessions(eq(sessionsTable.userId, user.id));
      return view(ctx, { user: { ...user, totpSecret: null, totpEnabledAt: null }, role: member.role });
    },

    /** Mails the account a new link to set its password (an invitation that got lost, a forgotten password). */
    async invite(ctx: StaffContext, id: number): Promise<void> {
      const { user } = await find(ctx, id);
      if (user.disabledAt) throw new ConflictError('Dit account is uitgeschakeld.');
      await db.transaction(async (tx) => {
        await audit.record(ctx, { action: 'invite', entity: 'staff', entityId: user.id }, tx);
        await deps.staffAuth.queuePasswordMail({ kind: user.passwordHash ? 'reset' : 'invite', customerId: ctx.customerId, userId: user.id }, { tx });
      });
    },

    /** The customer's projects to give an editor, archived ones last. */
    async projectChoices(ctx: StaffContext): Promise<TStaffProjectChoice[]> {
      const rows = await db.select({ id: projects.id, name: projects.name, archivedAt: projects.archivedAt }).from(projects)
        .where(eq(projects.customerId, ctx.customerId)).orderBy(sql`${projects.archivedAt} IS NOT NULL`, asc(projects.name));
      return rows.map((r) => ({ id: r.id, name: r.name, archived: !!r.archivedAt }));
    },

    async security(ctx: StaffContext): Promise<TStaffSecurity> {
      const [row] = await db.select({ requireTotp: customers.requireTotp }).from(customers).where(eq(customers.id, ctx.customerId));
      return { require_totp: !!row?.requireTotp };
    },

    /**
     * Requires TOTP of every staff account of the customer (or no longer). Turning it on needs the
     * administrator's own TOTP first; the console sessions of accounts without TOTP end, so that they
     * enrol at their next login.
     */
    async setSecurity(ctx: StaffContext, input: TStaffSecurity): Promise<TStaffSecurity> {
      const before = await this.security(ctx);
      if (input.require_totp && !before.require_totp) {
        const [me] = await db.select({ totpEnabledAt: users.totpEnabledAt }).from(users).where(eq(users.id, ctx.userId));
        if (!me?.totpEnabledAt) {
          const message = 'Zet eerst uw eigen tweestapsverificatie aan (Mijn account).';
          throw new UnprocessableError(message, [{ field: 'require_totp', message }]);
        }
      }
      await db.transaction(async (tx) => {
        await tx.update(customers).set({ requireTotp: input.require_totp }).where(eq(customers.id, ctx.customerId));
        await audit.record(ctx, { action: 'update', entity: 'security', entityId: ctx.customerId, before, after: input }, tx);
      });
      deps.customers.invalidate();
      if (input.require_totp && !before.require_totp) {
        // Every staff session (console and partner portal) of the customer's accounts without TOTP: they log in again, with it.
        await endStaffSessions(sql`${sessionsTable.userId} IN (SELECT ${users.id} FROM ${users} JOIN ${userCustomers} ON ${userCustomers.userId} = ${users.id}
          WHERE ${users.totpEnabledAt} IS NULL AND ${userCustomers.customerId} = ${ctx.customerId})`);
      }
      return input;
    },
  };
}
export type StaffAccountsService = ReturnType<typeof createStaffAccountsService>;
