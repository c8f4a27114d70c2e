import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import {
  COURT_PERIOD_DAYS, DEFAULT_POLICY_PATHS, STAFF_IMAGE_PURPOSES, DEFAULT_RETENTION, describeRetention, PRIVACY_PAGE_PATH, RETENTION_CATEGORIES, RETENTION_CATEGORY_INFO,
  retentionMessages, retentionRuleProblem, type TPrivacyPage, type TRetentionCategory, type TRetentionPolicy, type TRetentionPolicyBody,
  type TRetentionProject, type TRetentionProjectBody, type TRetentionRule,
} from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { ConflictError, UnprocessableError, type FieldError } from '../../lib/errors.ts';
import type { Queryable } from '../../lib/queryable.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { auditLog } from '../auth/auth.table.ts';
import { customers } from '../customer/customer.table.ts';
import { deleteUnreferencedFiles, deleteUnusedUploads, removeStored, type FileStorage } from '../files/index.ts';
import type { JobQueue } from '../jobs/index.ts';
import { projects } from '../project/project.table.ts';
import type { StaffContext } from '../staff/staff-access.ts';
import { applyAuditLog, applyOutbox, applySessions, PROJECT_CATEGORIES, type ProjectTarget } from './retention.data-map.ts';
import { retentionProjects, retentionRules, retentionSettings } from './retention.table.ts';

type ProjectRow = typeof projects.$inferSelect;
type RuleRow = typeof retentionRules.$inferSelect;

export type RetentionDeps = {
  db: Db;
  storage: FileStorage;
  jobs: JobQueue;
  audit: AuditService;
  /** The console's scoped project lookup: another customer's project answers 404. */
  access: { project(ctx: StaffContext, projectId: number): Promise<ProjectRow> };
  log: (error: unknown, msg: string) => void;
};

/** The audit log's actor for what the daily job does. */
const JOB_ACTOR = 'Bewaarbeleid (automatisch)';
type ProjectCategoryName = keyof typeof PROJECT_CATEGORIES;
const PROJECT_CATEGORY_NAMES = RETENTION_CATEGORIES.filter((c): c is ProjectCategoryName => RETENTION_CATEGORY_INFO[c].perProject);

/** `months` calendar months before (negative: after) a moment, in UTC. */
export function addMonths(date: Date, months: number): Date {
  const result = new Date(date);
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const last = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, last));
  return result;
}

const toRule = (row: Pick<RuleRow, 'category' | 'months' | 'basis' | 'action'>): TRetentionRule => ({ category: row.category, months: row.months, basis: row.basis, action: row.action });
const defaultRule = (category: TRetentionCategory): TRetentionRule => ({ category, ...DEFAULT_RETENTION[category] });

/** The rules of a body checked against the holds: 422 with the field of the first refusal of each rule. */
function checkRules(rules: TRetentionRule[], scope: 'customer' | 'project'): void {
  const errors: FieldError[] = [];
  rules.forEach((rule, i) => {
    if (rules.findIndex((r) => r.category === rule.category) < i) {
      errors.push({ field: `rules.${i}.category`, message: retentionMessages.twice(RETENTION_CATEGORY_INFO[rule.category].label) });
      return;
    }
    const problem = retentionRuleProblem(rule, scope);
    if (!problem) return;
    const field = problem.includes('maanden') ? 'months' : problem.includes('anonimiseren') ? 'action' : problem.includes('tellen') ? 'basis' : 'category';
    errors.push({ field: `${scope === 'customer' ? 'rules' : 'overrides'}.${i}.${field}`, message: problem });
  });
  if (errors.length) throw new UnprocessableError(errors[0]!.message, errors);
}

/**
 * Retention (issue 20): the customer's policy with per-project overrides, the preview and confirmation
 * before a project's first deletion, the daily job that applies the policy (job 'retention', with the
 * files of deleted rows removed from storage, job 'files-delete'), and the privacy page written from it.
 */
export function createRetentionService({ db, storage, jobs, audit, access, log }: RetentionDeps) {
  async function customerRules(q: Queryable, customerId: number): Promise<Map<TRetentionCategory, RuleRow>> {
    const rows = await q.select().from(retentionRules).where(and(eq(retentionRules.customerId, customerId), isNull(retentionRules.projectId)));
    return new Map(rows.map((r) => [r.category, r]));
  }

  async function projectRules(q: Queryable, projectId: number): Promise<Map<TRetentionCategory, RuleRow>> {
    const rows = await q.select().from(retentionRules).where(eq(retentionRules.projectId, projectId));
    return new Map(rows.map((r) => [r.category, r]));
  }

  /** End of the eight-week court period of the last address told that 70% agreed (null: no notice sent). */
  async function courtPeriodEnd(q: Queryable, projectId: number): Promise<Date | null> {
    const res = await q.execute<{ last: string | null }>(sql`SELECT max(n.sent_on)::text AS last FROM consent_notices n JOIN forms f ON f.id = n.form_id
      WHERE f.project_id = ${projectId} AND n.sent_on IS NOT NULL`);
    const last = res.rows[0]?.last;
    if (!last) return null;
    return new Date(Date.parse(`${last}T00:00:00Z`) + (COURT_PERIOD_DAYS + 1) * 86_400_000); // through the whole 56th day
  }

  type Plan = { category: ProjectCategoryName; rule: TRetentionRule; override: TRetentionRule | null; customerRule: TRetentionRule; dueFrom: Date | null; target: ProjectTarget | null };

  /** For each category of a project: its rule and, if the time is up for any rows, which rows. */
  async function planProject(q: Queryable, project: ProjectRow, now: Date): Promise<{ plans: Plan[]; courtEnd: Date | null }> {
    // one after the other: `q` may be a transaction (one connection)
    const ofCustomer = await customerRules(q, project.customerId);
    const ofProject = await projectRules(q, project.id);
    const courtEnd = await courtPeriodEnd(q, project.id);
    const ended = project.archivedAt;
    const plans = PROJECT_CATEGORY_NAMES.map((category): Plan => {
      const customerRow = ofCustomer.get(category);
      const customerRule = customerRow ? toRule(customerRow) : defaultRule(category);
      const overrideRow = ofProject.get(category);
      const override = overrideRow ? toRule(overrideRow) : null;
      const rule = override ?? customerRule;
      let dueFrom: Date | null = null;
      let target: ProjectTarget | null = null;
      if (rule.basis === 'created') {
        dueFrom = addMonths(now, -rule.months); // rows created before this moment are due
        target = { projectId: project.id, before: dueFrom };
      } else if (ended) {
        // consent evidence: the court period of every address is over, never before the project's end, plus the margin
        const start = rule.basis === 'court_period_end' && courtEnd && courtEnd > ended ? courtEnd : ended;
        dueFrom = addMonths(start, rule.months);
        if (dueFrom <= now) target = { projectId: project.id, before: null };
      }
      return { category, rule, override, customerRule, dueFrom, target };
    });
    return { plans, courtEnd };
  }

  async function confirmationOf(q: Queryable, projectId: number) {
    const [row] = await q.select().from(retentionProjects).where(eq(retentionProjects.projectId, projectId)).limit(1);
    return row ?? null;
  }

  /**
   * A confirmation holds for the project's current end: a project restored and ended again (or ended after a
   * confirmation given while it ran) shows what would go and asks again before anything more is deleted.
   */
  const confirmedNow = (state: { confirmedAt: Date | null } | null, project: { archivedAt: Date | null }) =>
    !!state?.confirmedAt && (project.archivedAt === null || state.confirmedAt >= project.archivedAt);

  async function readProject(project: ProjectRow, now = new Date()): Promise<TRetentionProject> {
    const { plans, courtEnd } = await planProject(db, project, now);
    const confirmation = await confirmationOf(db, project.id);
    const categories = await Promise.all(plans.map(async (plan) => {
      const info = RETENTION_CATEGORY_INFO[plan.category];
      const due = plan.target ? await PROJECT_CATEGORIES[plan.category].due(db, plan.target, plan.rule.action) : { rows: 0, fileIds: [] };
      return {
        category: plan.category, label: info.label, customer_rule: plan.customerRule, override: plan.override, effective: plan.rule,
        bases: [...info.bases], actions: [...info.actions], min_months: info.minMonths, hold: info.hold,
        due_from: plan.dueFrom?.toISOString() ?? null, due_count: due.rows, due_files: new Set(due.fileIds.filter((id) => id !== null)).size,
      };
    }));
    return {
      project_id: project.id, ended_at: project.archivedAt?.toISOString() ?? null, court_period_ends_at: courtEnd?.toISOString() ?? null,
      confirmed_at: confirmedNow(confirmation, project) ? confirmation!.confirmedAt!.toISOString() : null,
      confirmed_by: confirmedNow(confirmation, project) ? confirmation!.confirmedByName : null,
      last_run_at: confirmation?.lastRunAt?.toISOString() ?? null, categories,
    };
  }

  /** Writes what the job did: categories and counts, never content. */
  async function recordRun(tx: Queryable, customerId: number, projectId: number | null, done: Array<{ category: TRetentionCategory; action: string; count: number; files: number }>) {
    await tx.insert(auditLog).values({
      customerId, userId: null, actor: JOB_ACTOR, action: 'retention-apply', entity: projectId ? 'project' : 'customer', entityId: String(projectId ?? customerId),
      projectId, face: 'console', after: { categories: done },
    });
  }

  /** Removes stored bytes after the commit; the queued 'files-delete' job repeats it for what failed. */
  async function removeAfterCommit(keys: string[]) {
    const failed = await removeStored(storage, keys);
    if (failed.length) log(new Error(`${failed.length} stored files not removed yet`), 'retention: storage removal left to the files-delete job');
  }

  /** Applies the policy to one project (confirmed before): answers what was done. */
  async function applyProject(projectId: number, now: Date): Promise<Array<{ category: TRetentionCategory; action: string; count: number; files: number }>> {
    const keys: string[] = [];
    const done = await db.transaction(async (tx) => {
      // one run per project at a time: the confirmation row is the lock
      const [state] = await tx.select().from(retentionProjects).where(eq(retentionProjects.projectId, projectId)).for('update').limit(1);
      const [project] = await tx.select().from(projects).where(eq(projects.id, projectId)).limit(1);
      if (!project || !confirmedNow(state ?? null, project)) return [];
      const { plans } = await planProject(tx, project, now);
      const result: Array<{ category: TRetentionCategory; action: string; count: number; files: number }> = [];
      for (const plan of plans) {
        if (!plan.target) continue;
        const applied = await PROJECT_CATEGORIES[plan.category].apply(tx, plan.target, plan.rule.action);
        const removed = await deleteUnreferencedFiles(tx, applied.fileIds);
        keys.push(...removed);
        if (applied.rows || removed.length) result.push({ category: plan.category, action: plan.rule.action, count: applied.rows, files: removed.length });
      }
      if (keys.length) await jobs.add('files-delete', { keys }, { tx });
      if (result.length) await recordRun(tx, project.customerId, projectId, result);
      await tx.update(retentionProjects).set({ lastRunAt: now }).where(eq(retentionProjects.projectId, projectId));
      return result;
    });
    await removeAfterCommit(keys);
    return done;
  }

  /** The customer-wide categories (sessions, audit log) of one customer. */
  async function applyCustomer(customerId: number, now: Date) {
    const rules = await customerRules(db, customerId);
    const rule = (c: TRetentionCategory) => (rules.get(c) ? toRule(rules.get(c)!) : defaultRule(c));
    await db.transaction(async (tx) => {
      const done: Array<{ category: TRetentionCategory; action: string; count: number; files: number }> = [];
      const sessionRule = rule('sessions');
      const sessionCount = await applySessions(tx, { customerId, before: addMonths(now, -sessionRule.months) }, false);
      if (sessionCount) done.push({ category: 'sessions', action: 'delete', count: sessionCount, files: 0 });
      const auditRule = rule('audit_log');
      const auditCount = await applyAuditLog(tx, { customerId, before: addMonths(now, -auditRule.months) }, auditRule.action, false);
      if (auditCount) done.push({ category: 'audit_log', action: auditRule.action, count: auditCount, files: 0 });
      if (done.length) await recordRun(tx, customerId, null, done);
    });
  }

  return {
    addMonths,

    async getPolicy(ctx: StaffContext): Promise<TRetentionPolicy> {
      const [rules, [settings], [customer]] = await Promise.all([
        customerRules(db, ctx.customerId),
        db.select().from(retentionSettings).where(eq(retentionSettings.customerId, ctx.customerId)).limit(1),
        db.select({ privacyUrl: customers.privacyUrl }).from(customers).where(eq(customers.id, ctx.customerId)).limit(1),
      ]);
      const times = [...rules.values()].map((r) => r.updatedAt.getTime());
      if (settings) times.push(settings.updatedAt.getTime());
      return {
        rules: RETENTION_CATEGORIES.map((category) => {
          const info = RETENTION_CATEGORY_INFO[category];
          const row = rules.get(category);
          return {
            ...(row ? toRule(row) : defaultRule(category)), label: info.label, holds: info.holds, per_project: info.perProject, bases: [...info.bases],
            actions: [...info.actions], min_months: info.minMonths, hold: info.hold, is_default: !row,
          };
        }),
        privacy_contact: settings?.privacyContact ?? '',
        privacy_page_path: PRIVACY_PAGE_PATH,
        privacy_page_linked: customer?.privacyUrl === DEFAULT_POLICY_PATHS.privacy_url || customer?.privacyUrl === PRIVACY_PAGE_PATH,
        updated_at: times.length ? new Date(Math.max(...times)).toISOString() : null,
      };
    },

    async savePolicy(ctx: StaffContext, body: TRetentionPolicyBody): Promise<TRetentionPolicy> {
      checkRules(body.rules, 'customer');
      const before = await this.getPolicy(ctx);
      await db.transaction(async (tx) => {
        for (const rule of body.rules) {
          await tx.insert(retentionRules).values({ customerId: ctx.customerId, projectId: null, ...rule, updatedBy: ctx.userId })
            .onConflictDoUpdate({
              target: [retentionRules.customerId, retentionRules.category], targetWhere: sql`${retentionRules.projectId} IS NULL`,
              set: { months: rule.months, basis: rule.basis, action: rule.action, updatedAt: new Date(), updatedBy: ctx.userId },
            });
        }
        await tx.insert(retentionSettings).values({ customerId: ctx.customerId, privacyContact: body.privacy_contact })
          .onConflictDoUpdate({ target: retentionSettings.customerId, set: { privacyContact: body.privacy_contact, updatedAt: new Date() } });
        await audit.record(ctx, {
          action: 'update', entity: 'retention-policy', entityId: ctx.customerId,
          before: { rules: before.rules.map(toRule), privacy_contact: before.privacy_contact }, after: body,
        }, tx);
      });
      return this.getPolicy(ctx);
    },

    async getProject(ctx: StaffContext, projectId: number): Promise<TRetentionProject> {
      return readProject(await access.project(ctx, projectId));
    },

    async saveProject(ctx: StaffContext, projectId: number, body: TRetentionProjectBody): Promise<TRetentionProject> {
      const project = await access.project(ctx, projectId);
      checkRules(body.overrides, 'project');
      const before = [...(await projectRules(db, projectId)).values()].map(toRule);
      await db.transaction(async (tx) => {
        await tx.delete(retentionRules).where(eq(retentionRules.projectId, projectId));
        if (body.overrides.length) {
          await tx.insert(retentionRules).values(body.overrides.map((rule) => ({ customerId: project.customerId, projectId, ...rule, updatedBy: ctx.userId })));
        }
        await audit.record(ctx, { action: 'update', entity: 'retention-project', entityId: projectId, projectId, before: { overrides: before }, after: body }, tx);
      });
      return readProject(project);
    },

    /**
     * Staff saw what will go and confirm: from now on the daily job applies the policy to this project. The
     * first run is queued at once. 409 when nothing is due yet (there is nothing to confirm).
     */
    async confirm(ctx: StaffContext, projectId: number): Promise<TRetentionProject> {
      const project = await access.project(ctx, projectId);
      const seen = await readProject(project);
      if (seen.confirmed_at) throw new ConflictError(retentionMessages.alreadyConfirmed);
      const due = seen.categories.filter((c) => c.due_count > 0 || c.due_files > 0);
      if (!due.length) throw new ConflictError(project.archivedAt ? retentionMessages.nothingDue : retentionMessages.notEnded);
      await db.transaction(async (tx) => {
        await tx.insert(retentionProjects).values({ projectId, confirmedAt: new Date(), confirmedBy: ctx.userId, confirmedByName: ctx.name })
          .onConflictDoUpdate({ target: retentionProjects.projectId, set: { confirmedAt: new Date(), confirmedBy: ctx.userId, confirmedByName: ctx.name } });
        await audit.record(ctx, {
          action: 'retention-confirm', entity: 'project', entityId: projectId, projectId,
          after: { categories: due.map((c) => ({ category: c.category, action: c.effective.action, count: c.due_count, files: c.due_files })) },
        }, tx);
        await jobs.add('retention', { projectId }, { tx, jobKey: `retention-project-${projectId}` });
      });
      return readProject((await access.project(ctx, projectId)));
    },

    /** The daily job: customer-wide categories, the outbox, then every confirmed project. `projectId`: that project only. */
    async run(options: { projectId?: number; now?: Date } = {}): Promise<void> {
      const now = options.now ?? new Date();
      if (options.projectId !== undefined) {
        await applyProject(options.projectId, now);
        return;
      }
      const allCustomers = await db.select({ id: customers.id }).from(customers);
      const outboxRules = await db.select({ customerId: retentionRules.customerId, months: retentionRules.months }).from(retentionRules)
        .where(and(eq(retentionRules.category, 'outbox'), isNull(retentionRules.projectId)));
      for (const customer of allCustomers) await applyCustomer(customer.id, now);
      // the outbox holds no customer: the longest period of any customer (the default for those without a rule of their own)
      const months = Math.max(...allCustomers.map((c) => outboxRules.find((r) => r.customerId === c.id)?.months ?? DEFAULT_RETENTION.outbox.months), 0);
      await db.transaction(async (tx) => {
        const removed = await applyOutbox(tx, addMonths(now, -months), false);
        if (removed) for (const customer of allCustomers) await recordRun(tx, customer.id, null, [{ category: 'outbox', action: 'delete', count: removed, files: 0 }]);
      });
      const confirmed = await db.select({ id: retentionProjects.projectId }).from(retentionProjects).where(isNotNull(retentionProjects.confirmedAt));
      for (const { id } of confirmed) await applyProject(id, now);
      // Logos and content images nothing uses any more (replaced, removed, never saved) leave storage a day after their upload.
      const keys = await db.transaction(async (tx) => {
        const removed = await deleteUnusedUploads(tx, { exact: ['branding'], perProject: STAFF_IMAGE_PURPOSES }, now);
        if (removed.length) await jobs.add('files-delete', { keys: removed }, { tx });
        return removed;
      });
      await removeAfterCommit(keys);
    },

    /** Stored bytes of deleted file rows (job 'files-delete'); throws while any remain, so the job retries. */
    async removeFiles(keys: string[]): Promise<void> {
      const failed = await removeStored(storage, keys);
      if (failed.length) throw new Error(`${failed.length} stored files could not be removed`);
    },

    /** The privacy page of a customer: what is kept, how long, whom to ask. */
    async privacyPage(customer: { id: number; name: string; website: string | null }): Promise<TPrivacyPage> {
      const [rules, [settings]] = await Promise.all([
        customerRules(db, customer.id),
        db.select().from(retentionSettings).where(eq(retentionSettings.customerId, customer.id)).limit(1),
      ]);
      return {
        customer_name: customer.name,
        contact: settings?.privacyContact ?? '',
        website: customer.website,
        items: RETENTION_CATEGORIES.map((category) => {
          const info = RETENTION_CATEGORY_INFO[category];
          const row = rules.get(category);
          return { category, label: info.label, holds: info.holds, kept: describeRetention(row ? toRule(row) : defaultRule(category)) };
        }),
      };
    },
  };
}
export type RetentionService = ReturnType<typeof createRetentionService>;
