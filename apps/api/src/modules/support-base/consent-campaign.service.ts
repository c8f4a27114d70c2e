import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { ZipArchive } from 'archiver';
import { and, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import {
  formatPostcode,
  CAMPAIGN_PAGE_SIZE, CONSENT_COURT_WEEKS, consentCampaignMessages, consentRuleText, DEFAULT_REMINDER_SCHEDULE, isDutchDate, supportBaseStatusLabels,
  campaignStatusFilterLabels, type TCampaignAddress, type TCampaignAddressPage, ZCampaignOverview, type TCampaignStatusFilter, type TCampaignUnit,
  type TConsentHouseholdRule, type TReminderSent, type TReminderSettings, type TReminderSettingsBody,
} from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { addDays, amsterdamIsoDate, isoDateToDutch, toDutchDate } from '../../lib/dates.ts';
import { NotFoundError, UnprocessableError, ConflictError } from '../../lib/errors.ts';
import { createAnswerMemo, jsonText, type JsonText } from '../../lib/answer-memo.ts';
import { lettersFilename } from '../../lib/letter-pdf.ts';
import { consentFormOf, type ConsentStaffAccess } from './consent-form.ts';
import { exportTable, type ExportColumn, type ExportFile, type ExportFormat } from '../../lib/table-export.ts';
import { addresses, occupants } from '../address/address.table.ts';
import type { AuditEntry } from '../audit/audit.service.ts';
import type { RateLimiter } from '../auth/rate-limit.ts';
import { customers } from '../customer/customer.table.ts';
import type { FilesService } from '../files/index.ts';
import { findFormVersion, formEntries, formEntryEvents, forms, insertEntry, insertEvent } from '../form-engine/index.ts';
import type { NotifyInput } from '../notifications/index.ts';
import { addressProjects, projects } from '../project/project.table.ts';
import { signingEvents, signingLocalSigners, signingLocalTransactions, signingRequests, signingSigners } from '../signing/signing.table.ts';
import type { Queryable } from '../../lib/queryable.ts';
import type { StaffContext } from '../staff/staff-access.ts';
import { residentLoginUrl } from '../staff-addresses/index.ts';
import { renderNoticeLetters, renderVisitList } from './consent-campaign.pdf.ts';
import { consentMilestones, consentNotices, consentPaperRecords, consentReminders, consentReminderSettings } from './support-base.table.ts';
import { wireFigures, type AddressState, type ConsentRule, type ConsentTally } from './support-base.tally.ts';

type Executor = Parameters<Parameters<Db['transaction']>[0]>[0];

export type ConsentCampaignDeps = {
  db: Db;
  staffAccess: ConsentStaffAccess;
  audit: { record(ctx: StaffContext, entry: AuditEntry, tx?: Executor): Promise<void> };
  tally: ConsentTally;
  /** Reminders go to the household through the notifications module (issue 19). */
  notifications: { notify(tx: Queryable, input: NotifyInput): Promise<void> };
  /** Counts reminder SMS per number per day (and the customer's hourly SMS budget, shared with the signing codes). */
  limiter: { day: RateLimiter; hour: RateLimiter };
  smsBudgetPerCustomerHour: number;
  files: Pick<FilesService, 'find' | 'open'>;
  publicUrl: string;
  log: (error: unknown, msg: string) => void;
};

const ENTITY = 'consent-campaign';
const notFound = () => new NotFoundError(consentCampaignMessages.notFound);
const field = (name: string, message: string) => new UnprocessableError(message, [{ field: name, message }]);
/** The last day of the court period: eight weeks after the day the notice was sent. */
export const courtDeadline = (sentOn: string) => addDays(sentOn, CONSENT_COURT_WEEKS * 7);
/** 'DD-MM-YYYY' as 'YYYY-MM-DD', or null. */
const isoOf = (text: string) => (isDutchDate(text.trim()) ? text.trim().split('-').reverse().join('-') : null);
const mask = (mobile: string | null) => (mobile ? `${mobile.slice(0, 2)}******${mobile.slice(-2)}` : null);
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

async function streamBytes(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks);
}

function matches(s: AddressState, filter: { building_unit?: string; status?: TCampaignStatusFilter; q?: string }): boolean {
  if (filter.building_unit && s.unit !== filter.building_unit) return false;
  if (filter.status === 'vacant') { if (!s.vacant) return false; }
  else if (filter.status === 'no_answer') { if (s.vacant || (s.status !== 'not_started' && s.status !== 'answering')) return false; }
  else if (filter.status && s.status !== filter.status) return false;
  const q = filter.q?.trim().toLowerCase();
  return !q || s.fullAddress.toLowerCase().includes(q) || s.fullAddress.toLowerCase().replace(/\s+/g, '').includes(q.replace(/\s+/g, ''));
}
/** Addresses that have not answered (reminders, the visit list): not vacant, not started or still answering. */
const unanswered = (s: AddressState) => !s.vacant && (s.status === 'not_started' || s.status === 'answering');

/**
 * The consent campaign of the staff console (issue 16): the tally per building unit under the project's rule,
 * the 70% milestones, notices to the tenants who did not agree, reminders, the visit list and the evidence pack.
 * One tally (support-base.tally.ts) counts for the partner portal and here.
 */
export function createConsentCampaign(deps: ConsentCampaignDeps) {
  const { db, staffAccess, audit, tally } = deps;

  /** The campaign's answer, kept with the tally's figures it is worked out from (lib/answer-memo.ts). */
  const overviewAnswer = createAnswerMemo(ZCampaignOverview);
  const formOf = (ctx: StaffContext, projectId: number, formId: number) => consentFormOf(db, staffAccess, ctx, projectId, formId, consentCampaignMessages.notFound);

  /**
   * Records, per unit, reaching 70% (once, at the agreement that made it) and falling below again (and reaching
   * it again): only a change of state adds a row. One form at a time (an advisory lock), so a row is never doubled.
   */
  async function milestonesOf(executor: Pick<Db, 'select'>, formId: number) {
    const rows = await executor.select().from(consentMilestones).where(eq(consentMilestones.formId, formId)).orderBy(consentMilestones.id);
    const byUnit = new Map<string, typeof rows>();
    for (const r of rows) byUnit.set(r.buildingUnit, [...(byUnit.get(r.buildingUnit) ?? []), r]);
    return byUnit;
  }
  const changed = (byUnit: Awaited<ReturnType<typeof milestonesOf>>, units: ReadonlyMap<string, { reached: boolean }>) =>
    [...units].some(([unit, f]) => f.reached !== (byUnit.get(unit)?.at(-1)?.kind === 'reached'));

  async function syncMilestones(
    formId: number, units: ReadonlyMap<string, { reached: boolean; percentage: number; reachedMoment: Date | null }>, current: Awaited<ReturnType<typeof milestonesOf>>,
  ) {
    // `current` was read first: only a change of state takes the lock and writes (reading the overview stays a read).
    if (!changed(current, units)) return current;
    return db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('consent-milestones'), ${formId})`);
      const byUnit = await milestonesOf(tx, formId);
      const now = new Date();
      for (const [unit, f] of units) {
        const list = byUnit.get(unit) ?? [];
        const last = list.at(-1);
        const isReached = last?.kind === 'reached';
        if (f.reached === isReached) continue;
        const row = { formId, buildingUnit: unit, kind: f.reached ? 'reached' as const : 'dropped' as const, at: f.reached && !last ? (f.reachedMoment ?? now) : now, percentage: f.percentage };
        const [added] = await tx.insert(consentMilestones).values(row).returning();
        byUnit.set(unit, [...list, added!]);
      }
      return byUnit;
    });
  }

  /** The form's address states, the rule, the figures per unit, with the milestones brought up to date. */
  async function campaign(projectId: number, formId: number, knownRule?: ConsentRule) {
    // The states, the rule (unless the caller read it) and the recorded milestones in parallel (one round trip, not three).
    const [{ list, byUnit, figures, total, rule }, current] = await Promise.all([tally.units(projectId, formId, knownRule), milestonesOf(db, formId)]);
    const milestones = await syncMilestones(formId, figures, current);
    return { list, byUnit, rule, figures, milestones, total };
  }

  async function reminderSettingsOf(formId: number): Promise<TReminderSettings | null> {
    const [row] = await db.select().from(consentReminderSettings).where(eq(consentReminderSettings.formId, formId)).limit(1);
    if (!row) return null;
    return {
      enabled: row.enabled, starts_on: isoDateToDutch(row.startsOn), first_after_days: row.firstAfterDays, interval_days: row.intervalDays,
      max_count: row.maxCount, by_email: row.byEmail, by_sms: row.bySms,
    };
  }

  /** Reminders (count, last) and notices of some addresses on the form (one query each). */
  async function addressExtras(formId: number, addressIds: number[]) {
    if (!addressIds.length) return { reminders: new Map<number, { count: number; last: Date }>(), notices: new Map<number, typeof consentNotices.$inferSelect>() };
    const [reminderRows, noticeRows] = await Promise.all([
      db.select({ addressId: consentReminders.addressId, count: sql<number>`count(*)::int`, last: sql<Date>`max(${consentReminders.sentAt})` })
        .from(consentReminders).where(and(eq(consentReminders.formId, formId), inArray(consentReminders.addressId, addressIds))).groupBy(consentReminders.addressId),
      db.select().from(consentNotices).where(and(eq(consentNotices.formId, formId), inArray(consentNotices.addressId, addressIds))),
    ]);
    return {
      reminders: new Map(reminderRows.map((r) => [r.addressId, { count: r.count, last: new Date(r.last) }])),
      notices: new Map(noticeRows.map((r) => [r.addressId, r])),
    };
  }

  function toAddress(s: AddressState, extras: Awaited<ReturnType<typeof addressExtras>>): TCampaignAddress {
    const reminder = extras.reminders.get(s.addressId);
    const notice = extras.notices.get(s.addressId);
    return {
      address_id: s.addressId, full_address: s.fullAddress, building_unit: s.unit, vacant: s.vacant, households: s.households, status: s.status,
      agreement_at: s.agreementAt ? toDutchDate(s.agreementAt) : null,
      reminders: reminder?.count ?? 0, last_reminder_at: reminder ? toDutchDate(reminder.last) : null,
      notice: notice ? {
        drafted_at: toDutchDate(notice.draftedAt), sent_on: notice.sentOn ? isoDateToDutch(notice.sentOn) : null,
        court_deadline: notice.sentOn ? isoDateToDutch(courtDeadline(notice.sentOn)) : null,
      } : null,
      entry_id: s.entryId,
    };
  }

  async function filtered(ctx: StaffContext, projectId: number, formId: number, filter: { building_unit?: string; status?: TCampaignStatusFilter; q?: string }) {
    const { form, project } = await formOf(ctx, projectId, formId);
    const list = (await tally.states(projectId, form.id)).filter((s) => matches(s, filter));
    return { form, project, list };
  }

  const statusLabel = (s: Pick<AddressState, 'status' | 'vacant'>) => (s.vacant ? campaignStatusFilterLabels.vacant : supportBaseStatusLabels[s.status]);

  // ---- reminders -----------------------------------------------------------------------------------

  /** The day reminder `nr` is due: the schedule's day, and never sooner than `interval` days after the one before. */
  function dueOn(settings: typeof consentReminderSettings.$inferSelect, nr: number, previous: Date | null): string {
    const planned = addDays(settings.startsOn, settings.firstAfterDays + (nr - 1) * settings.intervalDays);
    if (!previous) return planned;
    const after = addDays(amsterdamIsoDate(previous), settings.intervalDays);
    return after > planned ? after : planned;
  }

  /** Sends the reminders due today for one form: answers how many addresses got one. */
  async function remindForm(formId: number, now = new Date()): Promise<number> {
    const [settings] = await db.select().from(consentReminderSettings).where(eq(consentReminderSettings.formId, formId)).limit(1);
    if (!settings?.enabled || (!settings.byEmail && !settings.bySms)) return 0;
    const [form] = await db.select().from(forms).where(and(eq(forms.id, formId), eq(forms.kind, 'support-base'), eq(forms.isActive, true))).limit(1);
    if (!form) return 0;
    // Not for a form residents cannot answer any more (archived, closed).
    if (form.archivedAt || (form.closesAt && form.closesAt <= now)) return 0;
    const [project] = await db.select().from(projects).where(eq(projects.id, form.projectId)).limit(1);
    const [customer] = project ? await db.select().from(customers).where(eq(customers.id, project.customerId)).limit(1) : [];
    if (!project || !customer) return 0;
    const today = amsterdamIsoDate(now);
    const open = (await tally.states(project.id, form.id)).filter(unanswered);
    if (!open.length) return 0;
    const ids = open.map((s) => s.addressId);
    const extras = await addressExtras(form.id, ids);
    const due = open.filter((s) => {
      const done = extras.reminders.get(s.addressId);
      const nr = (done?.count ?? 0) + 1;
      return nr <= settings.maxCount && dueOn(settings, nr, done?.last ?? null) <= today;
    });
    if (!due.length) return 0;
    const people = await db.select({ addressId: occupants.addressId, email: occupants.emailAddress, mobile: occupants.mobile }).from(occupants)
      .where(inArray(occupants.addressId, due.map((s) => s.addressId)));
    const loginUrl = residentLoginUrl(customer, deps.publicUrl);
    let sent = 0;
    for (const s of due) {
      const nr = (extras.reminders.get(s.addressId)?.count ?? 0) + 1;
      const mine = people.filter((p) => p.addressId === s.addressId);
      const emails = settings.byEmail ? [...new Set(mine.map((p) => p.email?.trim()).filter((e): e is string => !!e))] : [];
      const mobiles = settings.bySms ? [...new Set(mine.map((p) => p.mobile?.replace(/[\s-]/g, '')).filter((m): m is string => !!m))] : [];
      // SMS limits: one reminder per number per day, and the customer's hourly SMS budget (shared with signing codes).
      const allowed: string[] = [];
      for (const mobile of mobiles) {
        const ok = await deps.limiter.day.tryHit([{ key: `consent-reminder:day:number:${mobile}`, max: 1 }])
          && await deps.limiter.hour.tryHit([{ key: `sms-budget:customer:${customer.id}`, max: deps.smsBudgetPerCustomerHour }]);
        if (ok) allowed.push(mobile);
      }
      // Nobody to reach by e-mail or SMS (or only numbers the SMS limit holds back today): the visit list is for them.
      if (!emails.length && !allowed.length) continue;
      // Claim the reminder (its number once per address) with its history event, then send.
      const claimed = await db.transaction(async (tx) => {
        let entryId = s.entryId;
        if (entryId === null) {
          const row = await insertEntry(tx, form, { kind: 'address', addressId: s.addressId }, { onePerOwner: true, status: '' });
          if (row) await insertEvent(tx, row.id, { actorKind: 'system' }, 'created');
          const [found] = await tx.select({ id: formEntries.id }).from(formEntries)
            .where(and(eq(formEntries.formId, form.id), eq(formEntries.addressId, s.addressId))).orderBy(desc(formEntries.id)).limit(1);
          entryId = found?.id ?? null;
        }
        if (entryId === null) return false;
        const [row] = await tx.insert(consentReminders).values({
          formId: form.id, addressId: s.addressId, entryId, nr, emails: emails.length, sms: allowed.length, smsSkipped: mobiles.length - allowed.length, sentAt: now,
        }).onConflictDoNothing().returning({ id: consentReminders.id });
        if (!row) return false;
        await insertEvent(tx, entryId, { actorKind: 'system' }, 'reminder', { nr, emails: emails.length, sms: allowed.length, sms_skipped: mobiles.length - allowed.length });
        // The household is told through the notifications module (category 'form'), by the channels the campaign
        // reminds with and each person chose; SMS only where today's limits allowed it.
        await deps.notifications.notify(tx, {
          category: 'form', to: { addressIds: [s.addressId] }, projectId: project.id,
          channels: [...(emails.length ? ['email' as const] : []), ...(allowed.length ? ['sms' as const] : []), 'push'],
          title: `Herinnering: ${form.name}`,
          body: [
            `Wij hebben nog geen reactie van u ontvangen op het voorstel '${form.name}' van het project ${project.name}. Uw mening telt: wie niet reageert, telt als niet akkoord.`,
            `Reageren kan via het bewonersportaal (${loginUrl}) of met de persoonlijke link uit de brief die u van ons kreeg.`,
          ].join('\n\n'),
          url: '/formulieren', tag: `form:${form.id}:reminder`,
        });
        return true;
      });
      if (!claimed) continue;
      sent++;
    }
    return sent;
  }

  return {
    /** The campaign of one consent form (the first when none is named): the rule, the figures per unit with milestones and notices. */
    async overview(ctx: StaffContext, projectId: number, formId?: number): Promise<JsonText> {
      // The project's own check beside the first reads (the guard already decided access; nothing is answered before both).
      const [, [all, rule]] = await Promise.all([staffAccess.project(ctx, projectId), Promise.all([tally.consentForms(projectId), tally.ruleOf(projectId)])]);
      const form = formId === undefined ? all[0] : all.find((f) => f.id === formId);
      if (formId !== undefined && !form) throw notFound();
      const ruleWire = { counts_vacant: rule.countsVacant, household_rule: rule.householdRule, rule_text: consentRuleText(rule.countsVacant, rule.householdRule) };
      if (!form) return jsonText(ZCampaignOverview, { forms: all, form_id: null, rule: ruleWire, total: null, units: [], reminders: null });
      const [c, notices, reminders] = await Promise.all([
        campaign(projectId, form.id, rule),
        db.select({ unit: consentNotices.buildingUnit, drafted: sql<number>`count(*)::int`, sent: sql<number>`count(${consentNotices.sentOn})::int` })
          .from(consentNotices).where(eq(consentNotices.formId, form.id)).groupBy(consentNotices.buildingUnit),
        reminderSettingsOf(form.id),
      ]);
      // The answer is worked out from the tally's cached figures (`c.figures`, replaced when the tally changes) and the
      // rows read here: kept with those figures while the rows are the same.
      const milestoneIds = [...c.milestones.values()].flatMap((list) => list.map((m) => m.id));
      const key = JSON.stringify([all, form.id, milestoneIds, notices, reminders]);
      return overviewAnswer(c.figures, key, () => {
        const units: TCampaignUnit[] = [...c.figures.entries()].map(([unit, f]) => {
          const wire = wireFigures(f);
          const history = c.milestones.get(unit) ?? [];
          const firstReached = history.find((m) => m.kind === 'reached');
          const lastDrop = history.findLast((m) => m.kind === 'dropped');
          const homes = rule.countsVacant ? f.total : f.total - f.vacant;
          const n = notices.find((x) => x.unit === unit);
          return {
            ...wire, building_unit: unit,
            warning: f.rule_applies ? null : consentCampaignMessages.fewHomes(homes),
            reached_on: firstReached ? toDutchDate(firstReached.at) : null,
            dropped_on: lastDrop ? toDutchDate(lastDrop.at) : null,
            milestones: history.map((m) => ({ kind: m.kind, at: toDutchDate(m.at), percentage: m.percentage })),
            notices_drafted: n?.drafted ?? 0, notices_sent: n?.sent ?? 0,
            not_agreeing: (c.byUnit.get(unit) ?? []).filter((s) => !s.vacant && s.agreement !== 'agree').length,
          };
        });
        return { forms: all, form_id: form.id, rule: ruleWire, total: wireFigures(c.total), units, reminders };
      });
    },

    /** One page of the form's addresses, filtered (unit, status, search), with reminders and notices. */
    async addresses(ctx: StaffContext, projectId: number, formId: number, query: { building_unit?: string; status?: TCampaignStatusFilter; q?: string; page?: number }): Promise<TCampaignAddressPage> {
      const { form, list } = await filtered(ctx, projectId, formId, query);
      const pages = Math.max(1, Math.ceil(list.length / CAMPAIGN_PAGE_SIZE));
      const page = Math.min(query.page ?? 1, pages);
      const shown = list.slice((page - 1) * CAMPAIGN_PAGE_SIZE, page * CAMPAIGN_PAGE_SIZE);
      const extras = await addressExtras(form.id, shown.map((s) => s.addressId));
      return { items: shown.map((s) => toAddress(s, extras)), page, pages, total: list.length };
    },

    /** Every address of the filter as CSV or XLSX (lib/table-export.ts; the route is audited). */
    async export(ctx: StaffContext, projectId: number, formId: number, query: { building_unit?: string; status?: TCampaignStatusFilter; q?: string; format: ExportFormat }): Promise<ExportFile> {
      const { form, list } = await filtered(ctx, projectId, formId, query);
      const extras = await addressExtras(form.id, list.map((s) => s.addressId));
      const rows = list.map((s) => ({ s, a: toAddress(s, extras) }));
      type R = (typeof rows)[number];
      const columns: ExportColumn<R>[] = [
        { header: 'Adres', value: (r) => r.a.full_address, width: 40 },
        { header: 'Bouwkundige eenheid', value: (r) => r.a.building_unit, width: 24 },
        { header: 'Status', value: (r) => statusLabel(r.s), width: 24 },
        { header: 'Leegstaand', value: (r) => r.a.vacant },
        { header: 'Huishoudens', value: (r) => r.a.households, kind: 'number' },
        { header: 'Akkoord/niet akkoord op', value: (r) => r.a.agreement_at },
        { header: 'Herinneringen', value: (r) => r.a.reminders, kind: 'number' },
        { header: 'Laatste herinnering', value: (r) => r.a.last_reminder_at },
        { header: 'Kennisgeving verstuurd', value: (r) => r.a.notice?.sent_on ?? null },
        { header: 'Einde termijn rechter', value: (r) => r.a.notice?.court_deadline ?? null },
      ];
      return exportTable(query.format, `draagvlak-${form.name}`, columns, rows);
    },

    async setRule(ctx: StaffContext, projectId: number, body: { counts_vacant: boolean; household_rule: TConsentHouseholdRule }) {
      const project = await staffAccess.project(ctx, projectId);
      await db.transaction(async (tx) => {
        await tx.update(projects).set({ consentCountsVacant: body.counts_vacant, consentHouseholdRule: body.household_rule }).where(eq(projects.id, projectId));
        await audit.record(ctx, {
          action: 'update-consent-rule', entity: ENTITY, entityId: projectId, projectId,
          before: { counts_vacant: project.consentCountsVacant, household_rule: project.consentHouseholdRule }, after: { counts_vacant: body.counts_vacant, household_rule: body.household_rule },
        }, tx);
      });
      return { counts_vacant: body.counts_vacant, household_rule: body.household_rule, rule_text: consentRuleText(body.counts_vacant, body.household_rule) };
    },

    async setHouseholds(ctx: StaffContext, projectId: number, addressId: number, households: number) {
      await staffAccess.project(ctx, projectId);
      return db.transaction(async (tx) => {
        const [before] = await tx.select({ households: addressProjects.households }).from(addressProjects)
          .where(and(eq(addressProjects.projectId, projectId), eq(addressProjects.addressId, addressId))).limit(1);
        if (!before) throw new NotFoundError(consentCampaignMessages.addressNotFound);
        await tx.update(addressProjects).set({ households }).where(and(eq(addressProjects.projectId, projectId), eq(addressProjects.addressId, addressId)));
        await audit.record(ctx, { action: 'update-households', entity: ENTITY, entityId: addressId, projectId, before, after: { households } }, tx);
        return { address_id: addressId, households };
      });
    },

    /**
     * The draft notices of a unit that reached 70%: one letter per address that did not agree (not vacant), as one
     * PDF. Each address's notice is recorded (drafted) once; marking them sent is separate.
     */
    async noticeLetters(ctx: StaffContext, projectId: number, formId: number, unit: string) {
      const { project, form } = await formOf(ctx, projectId, formId);
      const c = await campaign(projectId, form.id);
      const f = c.figures.get(unit);
      if (!f) throw field('building_unit', consentCampaignMessages.unitUnknown);
      const firstReached = (c.milestones.get(unit) ?? []).find((m) => m.kind === 'reached');
      if (!f.reached || !firstReached) throw new ConflictError(consentCampaignMessages.notReached);
      const targets = c.list.filter((s) => s.unit === unit && !s.vacant && s.agreement !== 'agree');
      if (!targets.length) throw new ConflictError(consentCampaignMessages.nobodyToNotify);
      const rows = await db.select({ id: addresses.id, street: addresses.street, houseNumber: addresses.houseNumber, zipcode: addresses.zipcode, city: addresses.city })
        .from(addresses).where(inArray(addresses.id, targets.map((s) => s.addressId)));
      const byId = new Map(rows.map((r) => [r.id, r]));
      const [customer] = await db.select().from(customers).where(eq(customers.id, ctx.customerId)).limit(1);
      if (!customer) throw new NotFoundError();
      const now = new Date();
      const pdf = await renderNoticeLetters({
        customerName: customer.name, color: customer.colorPrimary, website: customer.website, projectName: project.name, date: now,
        formName: form.name, unit, reachedOn: toDutchDate(firstReached.at), percentage: f.percentage,
        letters: targets.map((s) => ({ ...byId.get(s.addressId)!, disagreed: s.agreement === 'disagree' })),
      });
      await db.transaction(async (tx) => {
        await tx.insert(consentNotices).values(targets.map((s) => ({ formId: form.id, addressId: s.addressId, buildingUnit: unit, draftedBy: ctx.userId, draftedAt: now })))
          .onConflictDoNothing();
        await audit.record(ctx, { action: 'draft-notices', entity: ENTITY, entityId: form.id, projectId, after: { form: form.name, building_unit: unit, address_ids: targets.map((s) => s.addressId) } }, tx);
      });
      return { pdf, count: targets.length, filename: lettersFilename('kennisgevingen', `${form.name} ${unit}`, now) };
    },

    /** Marks the unit's drafted notices sent on a date (not in the future): from then the eight weeks run. */
    async markNoticesSent(ctx: StaffContext, projectId: number, formId: number, unit: string, sentOnText: string) {
      const { form } = await formOf(ctx, projectId, formId);
      const sentOn = isoOf(sentOnText);
      if (!sentOn) throw field('sent_on', consentCampaignMessages.sentOnInvalid);
      if (sentOn > amsterdamIsoDate(new Date())) throw field('sent_on', consentCampaignMessages.sentOnFuture);
      const marked = await db.transaction(async (tx) => {
        const rows = await tx.update(consentNotices).set({ sentOn, sentBy: ctx.userId, markedAt: new Date() })
          .where(and(eq(consentNotices.formId, form.id), eq(consentNotices.buildingUnit, unit), isNull(consentNotices.sentOn))).returning({ addressId: consentNotices.addressId });
        if (!rows.length) throw new ConflictError(consentCampaignMessages.noDrafts);
        await audit.record(ctx, { action: 'mark-notices-sent', entity: ENTITY, entityId: form.id, projectId, after: { building_unit: unit, sent_on: sentOn, address_ids: rows.map((r) => r.addressId) } }, tx);
        return rows.length;
      });
      return { marked, sent_on: isoDateToDutch(sentOn), court_deadline: isoDateToDutch(courtDeadline(sentOn)) };
    },

    async reminderSettings(ctx: StaffContext, projectId: number, formId: number): Promise<TReminderSettings> {
      const { form } = await formOf(ctx, projectId, formId);
      return (await reminderSettingsOf(form.id)) ?? { enabled: false, starts_on: toDutchDate(new Date()), ...DEFAULT_REMINDER_SCHEDULE };
    },

    async saveReminderSettings(ctx: StaffContext, projectId: number, formId: number, body: TReminderSettingsBody): Promise<TReminderSettings> {
      const { form } = await formOf(ctx, projectId, formId);
      const startsOn = isoOf(body.starts_on);
      if (!startsOn) throw field('starts_on', consentCampaignMessages.startsOnInvalid);
      if (body.enabled && !body.by_email && !body.by_sms) throw field('by_email', consentCampaignMessages.channel);
      const values = {
        enabled: body.enabled, startsOn, firstAfterDays: body.first_after_days, intervalDays: body.interval_days, maxCount: body.max_count,
        byEmail: body.by_email, bySms: body.by_sms, updatedAt: new Date(), updatedBy: ctx.userId,
      };
      const before = await reminderSettingsOf(form.id);
      await db.transaction(async (tx) => {
        await tx.insert(consentReminderSettings).values({ formId: form.id, ...values }).onConflictDoUpdate({ target: consentReminderSettings.formId, set: values });
        const { language: _l, ...after } = body;
        await audit.record(ctx, { action: 'update-reminders', entity: ENTITY, entityId: form.id, projectId, before, after }, tx);
      });
      return (await reminderSettingsOf(form.id))!;
    },

    /** The reminders sent for the form, newest first (keyset: `before` the last id held). */
    async reminders(ctx: StaffContext, projectId: number, formId: number, query: { before?: number; limit?: number }): Promise<{ items: TReminderSent[]; hasMore: boolean }> {
      const { form } = await formOf(ctx, projectId, formId);
      const size = query.limit ?? 50;
      const rows = await db.select({
        id: consentReminders.id, addressId: consentReminders.addressId, nr: consentReminders.nr, emails: consentReminders.emails, sms: consentReminders.sms,
        smsSkipped: consentReminders.smsSkipped, sentAt: consentReminders.sentAt,
        street: addresses.street, houseNumber: addresses.houseNumber, zipcode: addresses.zipcode, city: addresses.city,
      }).from(consentReminders).innerJoin(addresses, eq(addresses.id, consentReminders.addressId))
        .where(and(eq(consentReminders.formId, form.id), query.before ? lt(consentReminders.id, query.before) : undefined))
        .orderBy(desc(consentReminders.id)).limit(size + 1);
      return {
        hasMore: rows.length > size,
        items: rows.slice(0, size).map((r) => ({
          id: r.id, address_id: r.addressId, full_address: `${r.street} ${r.houseNumber}, ${formatPostcode(r.zipcode)} ${r.city}`,
          nr: r.nr, emails: r.emails, sms: r.sms, sms_skipped: r.smsSkipped, sent_at: r.sentAt.toISOString(),
        })),
      };
    },

    /** Staff send the reminders that are due now (the job does the same every quarter of an hour). Audited. */
    async runReminders(ctx: StaffContext, projectId: number, formId: number) {
      const { form } = await formOf(ctx, projectId, formId);
      const sent = await remindForm(form.id);
      await audit.record(ctx, { action: 'run-reminders', entity: ENTITY, entityId: form.id, projectId, after: { sent } });
      return { sent };
    },

    /** The reminders of every form with reminders switched on (the 'consent-reminders' job); answers how many went out. */
    async remindAll(now = new Date()): Promise<number> {
      const rows = await db.select({ formId: consentReminderSettings.formId }).from(consentReminderSettings).where(eq(consentReminderSettings.enabled, true));
      let sent = 0;
      for (const r of rows) sent += await remindForm(r.formId, now);
      return sent;
    },

    /**
     * The 'consent-reminders' job, every quarter of an hour: the 70% milestones of every active consent form are
     * brought up to date (so a unit's drop below 70% is dated even when nobody looks), then the reminders due go out.
     */
    async runJob(now = new Date()): Promise<number> {
      const active = await db.select({ id: forms.id, projectId: forms.projectId }).from(forms)
        .where(and(eq(forms.kind, 'support-base'), eq(forms.isActive, true), isNull(forms.archivedAt)));
      for (const f of active) await campaign(f.projectId, f.id);
      return this.remindAll(now);
    },

    /** The printable list of the addresses that have not answered, by unit, with occupants and phone numbers. */
    async visitList(ctx: StaffContext, projectId: number, formId: number, unit?: string) {
      const { form, project, list } = await filtered(ctx, projectId, formId, { building_unit: unit, status: 'no_answer' });
      if (!list.length) throw new ConflictError(consentCampaignMessages.nothingToVisit);
      const ids = list.map((s) => s.addressId);
      const [rows, people, extras, customer] = await Promise.all([
        db.select({ id: addresses.id, street: addresses.street, houseNumber: addresses.houseNumber, zipcode: addresses.zipcode, city: addresses.city }).from(addresses).where(inArray(addresses.id, ids)),
        db.select().from(occupants).where(inArray(occupants.addressId, ids)),
        addressExtras(form.id, ids),
        db.select().from(customers).where(eq(customers.id, ctx.customerId)).limit(1),
      ]);
      const byId = new Map(rows.map((r) => [r.id, r]));
      const now = new Date();
      const pdf = await renderVisitList({
        customerName: customer[0]?.name ?? '', projectName: project.name, formName: form.name, date: now,
        rows: list.map((s) => ({
          ...byId.get(s.addressId)!, unit: s.unit, status: statusLabel(s), reminders: extras.reminders.get(s.addressId)?.count ?? 0,
          lastReminder: extras.reminders.get(s.addressId)?.last ?? null,
          occupants: people.filter((p) => p.addressId === s.addressId)
            .map((p) => [[p.firstName, p.affix, p.lastName].filter(Boolean).join(' '), p.telephone, p.mobile].filter(Boolean).join(', ')),
        })),
      });
      return { pdf, count: list.length, filename: lettersFilename('bezoeklijst', form.name, now) };
    },

    /**
     * The evidence pack of one address (a ZIP): the proposal version it answered, its answers, the signed PDF and
     * the receipt (and the document before signing, paper scans), a timeline with the verification data, and a
     * manifest with the SHA-256 of every document in it.
     */
    async evidence(ctx: StaffContext, projectId: number, formId: number, addressId: number): Promise<{ zip: Buffer; filename: string }> {
      const { form } = await formOf(ctx, projectId, formId);
      const [state] = await tally.states(projectId, form.id, [addressId]);
      if (!state) throw new NotFoundError(consentCampaignMessages.addressNotFound);
      const [entry] = state.entryId ? await db.select().from(formEntries).where(eq(formEntries.id, state.entryId)).limit(1) : [];
      const version = entry?.formVersion ?? form.publishedVersion ?? 1;
      const proposal = await findFormVersion(db, form.id, version);
      const documents: Array<{ name: string; data: Buffer }> = [];
      const json = (name: string, value: unknown) => documents.push({ name, data: Buffer.from(`${JSON.stringify(value, null, 2)}\n`, 'utf8') });
      /** A stored file; a name ending in '.*' takes the stored file's extension. */
      const addFile = async (name: string, fileId: number | null) => {
        if (!fileId) return;
        const file = await deps.files.find(fileId);
        const opened = file ? await deps.files.open(file) : null;
        const ext = /\.[a-z0-9]{1,5}$/i.exec(file?.filename ?? '')?.[0]?.toLowerCase() ?? '.bin';
        if (opened) documents.push({ name: name.replace(/\.\*$/, ext), data: await streamBytes(opened.body as Readable) });
      };

      json('voorstel.json', {
        form_id: form.id, form_name: proposal?.name ?? form.name, version, published_at: proposal?.publishedAt ?? null,
        description: proposal?.description ?? form.description, definition: proposal?.definition ?? form.definition,
        consent_decision: proposal?.consentDecision ?? null, consent_decision_reason: proposal?.consentDecisionReason ?? null,
      });
      json('antwoorden.json', {
        address: state.fullAddress, building_unit: state.unit, status: state.status, counted_agreement: state.agreement, counted_at: state.agreementAt,
        entry: entry ? {
          id: entry.id, values: entry.values, status: entry.status, agreement: entry.agreement, agreement_at: entry.agreementAt, on_paper: entry.onPaper,
          nr_of_signatures: entry.nrOfSignatures, signatures: Object.fromEntries(Object.entries(entry.signatures).map(([nr, s]) => [nr, { who: s.who, mobile: mask(s.mobile), signed: s.signed, signed_at: s.signedAt }])),
          comment: entry.comment, form_version: entry.formVersion, created_at: entry.createdAt, updated_at: entry.updatedAt,
        } : null,
      });

      const timeline: Array<{ at: Date | string | null; what: string; detail: unknown }> = [];
      if (entry) {
        const [events, requests, papers, reminders] = await Promise.all([
          db.select().from(formEntryEvents).where(eq(formEntryEvents.entryId, entry.id)).orderBy(formEntryEvents.at, formEntryEvents.id),
          db.select().from(signingRequests).where(and(eq(signingRequests.subjectKind, 'support-base'), eq(signingRequests.entryId, entry.id))).orderBy(signingRequests.id),
          db.select().from(consentPaperRecords).where(eq(consentPaperRecords.entryId, entry.id)).orderBy(consentPaperRecords.id),
          db.select().from(consentReminders).where(and(eq(consentReminders.formId, form.id), eq(consentReminders.addressId, addressId))).orderBy(consentReminders.id),
        ]);
        for (const e of events) timeline.push({ at: e.at, what: `entry:${e.action}`, detail: { actor: e.actorKind, ...(e.detail ?? {}) } });
        for (const r of reminders) timeline.push({ at: r.sentAt, what: 'reminder', detail: { nr: r.nr, emails: r.emails, sms: r.sms, sms_skipped: r.smsSkipped } });
        const transactionIds = requests.map((r) => r.providerTransactionId).filter((x): x is string => !!x);
        const [signers, events2, localSigners] = await Promise.all([
          requests.length ? db.select().from(signingSigners).where(inArray(signingSigners.requestId, requests.map((r) => r.id))) : [],
          transactionIds.length ? db.select().from(signingEvents).where(inArray(signingEvents.transactionId, transactionIds)).orderBy(signingEvents.id) : [],
          transactionIds.length ? db.select({ s: signingLocalSigners, t: signingLocalTransactions }).from(signingLocalSigners)
            .innerJoin(signingLocalTransactions, eq(signingLocalTransactions.id, signingLocalSigners.transactionId)).where(inArray(signingLocalSigners.transactionId, transactionIds)) : [],
        ]);
        for (const r of requests) {
          timeline.push({
            at: r.createdAt, what: 'signing-request', detail: {
              id: r.id, provider: r.provider, transaction_id: r.providerTransactionId, status: r.status, verification: r.verification, updated_at: r.updatedAt, checked_at: r.checkedAt,
              signers: signers.filter((s) => s.requestId === r.id).map((s) => ({ nr: s.nr, name: s.name, mobile: mask(s.mobile), phone_source: s.phoneSource, signed_at: s.signedAt })),
            },
          });
          await addFile(`document-${r.id}.pdf`, r.documentFileId);
          await addFile(`ondertekend-${r.id}.pdf`, r.signedFileId);
          await addFile(`ontvangstbewijs-${r.id}.pdf`, r.receiptFileId);
        }
        for (const ev of events2) timeline.push({ at: ev.receivedAt, what: 'signing-postback', detail: { transaction_id: ev.transactionId, status: ev.status, checksum_valid: ev.checksumValid, applied: ev.applied } });
        for (const { s, t } of localSigners) {
          timeline.push({
            at: s.signedAt ?? s.openedAt ?? t.startedAt, what: 'verification', detail: {
              transaction_id: t.id, nr: s.nr, name: s.name, started_at: t.startedAt, opened_at: s.openedAt, sms_sent_at: s.smsSentAt, sms_attempts: s.smsAttempts,
              sms_verified_at: s.smsVerifiedAt, mobile: mask(s.mobile), signed_at: s.signedAt, signed_ip: s.signedIp, signed_user_agent: s.signedUserAgent,
            },
          });
        }
        for (const p of papers) {
          timeline.push({
            at: p.recordedAt, what: 'paper-record', detail: {
              id: p.id, agreement: p.agreement, state: p.state, recorded_by: p.recordedByName, decided_by: p.decidedByName, decided_at: p.decidedAt,
              decision_reason: p.decisionReason, corrects_id: p.correctsId, reason: p.reason, superseded_at: p.supersededAt,
            },
          });
          await addFile(`papier-scan-${p.id}.*`, p.scanFileId);
        }
      }
      const [notice] = await db.select().from(consentNotices).where(and(eq(consentNotices.formId, form.id), eq(consentNotices.addressId, addressId))).limit(1);
      if (notice) {
        timeline.push({ at: notice.draftedAt, what: 'notice-drafted', detail: { building_unit: notice.buildingUnit } });
        if (notice.sentOn) timeline.push({ at: notice.sentOn, what: 'notice-sent', detail: { sent_on: notice.sentOn, court_deadline: courtDeadline(notice.sentOn) } });
      }
      timeline.sort((a, b) => new Date(a.at ?? 0).getTime() - new Date(b.at ?? 0).getTime());
      json('tijdlijn.json', timeline);

      const manifest = {
        made_at: new Date().toISOString(), made_by: ctx.name, form_id: form.id, address_id: addressId, address: state.fullAddress, proposal_version: version,
        documents: documents.map((d) => ({ name: d.name, bytes: d.data.length, sha256: sha256(d.data) })),
      };
      const archive = new ZipArchive({ zlib: { level: 6 } });
      const chunks: Buffer[] = [];
      archive.on('data', (c: Buffer) => chunks.push(c));
      const done = new Promise<void>((resolve, reject) => {
        archive.on('end', () => resolve());
        archive.on('error', reject);
      });
      for (const d of documents) archive.append(d.data, { name: d.name });
      archive.append(Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`, 'utf8'), { name: 'manifest.json' });
      await archive.finalize();
      await done;
      const slug = state.fullAddress.normalize('NFD').replace(/[^\w]+/g, '-').replace(/^-|-$/g, '').toLowerCase();
      return { zip: Buffer.concat(chunks), filename: `bewijsdossier-${slug}.zip` };
    },
  };
}
export type ConsentCampaign = ReturnType<typeof createConsentCampaign>;
