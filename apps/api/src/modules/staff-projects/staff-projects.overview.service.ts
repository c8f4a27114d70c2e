import {
  CONSENT_THRESHOLD, OVERVIEW_FORM_DAYS, OVERVIEW_TODAY_MAX, OVERVIEW_UNITS_MAX, OVERVIEW_WAITING_MAX, roleCan,
  type TOverviewConsentForm, type TPermission, type TStaffProjectOverview,
} from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { createProjectReadCache, type ChangeLog } from '../../lib/change-log.ts';
import { compareDutch } from '../../lib/collate.ts';
import { addDays, amsterdamIsoDate } from '../../lib/dates.ts';
import { fullAddress } from '../form-engine/index.ts';
import { paymentAttention } from '../payment/index.ts';
import { countUnanswered } from '../staff-entries/index.ts';
import { countNotActivated } from '../staff-addresses/index.ts';
import type { StaffAccess, StaffContext } from '../staff/staff-access.ts';
import type { ConsentTally } from '../support-base/index.ts';
import { appointmentCounts, closingForms, conversationCounts, firstAppointments, longestWaiting } from './staff-projects.overview.repository.ts';

export type ProjectOverviewDeps = {
  db: Db;
  access: Pick<StaffAccess, 'project'>;
  /** The consent tally of support-base (its cache makes a read of 5,000 addresses one index scan). */
  tally: Pick<ConsentTally, 'consentForms' | 'units' | 'ruleOf'>;
  /** The project change log the other parts are kept against (migration 0043). */
  changes: ChangeLog;
};

/** How many (project, role, day) overviews are kept, and for how long at most (forms close by the clock, with no write). */
const CACHE_SIZE = 200;
const CACHE_MAX_AGE_MS = 60_000;

type Address = { street: string | null; houseNumber: string | null; zipcode: string | null; city: string | null };
const addressOf = (a: Address) => (a.street !== null ? fullAddress({ street: a.street, houseNumber: a.houseNumber!, zipcode: a.zipcode!, city: a.city! }) : null);

/**
 * The project's overview (issue 17): what needs attention, each part only for a caller whose role has its permission.
 * The parts are read in parallel, each by one or two aggregate queries; the consent figures come from the tally of
 * support-base (the same rule as the campaign), the unanswered addresses from the entries' counts of staff-entries,
 * the double payments from payment.staff: no rule is repeated here.
 */
export function createProjectOverview({ db, access, tally, changes }: ProjectOverviewDeps) {
  /**
   * The parts but the consent figures (which the tally keeps itself) and the project, per project, role and day, kept
   * against the project change log: its triggers log every write these reads see (lib/change-log.ts), so a kept part
   * is never stale after a commit; kept at most 60 s, as the forms closing this week go by the clock. The minutes a
   * conversation is waiting are worked out at each read.
   */
  const kept = createProjectReadCache(changes, { size: CACHE_SIZE, maxAgeMs: CACHE_MAX_AGE_MS });

  async function conversations(projectId: number): Promise<NonNullable<TStaffProjectOverview['conversations']>> {
    const [counts, waiting] = await Promise.all([conversationCounts(db, projectId), longestWaiting(db, projectId, OVERVIEW_WAITING_MAX)]);
    const count = (status: string) => counts.find((c) => c.status === status)?.n ?? 0;
    return {
      open: count('open'), waiting: count('waiting'), closed: count('closed'),
      open_unassigned: counts.find((c) => c.status === 'open')?.unassigned ?? 0,
      longest_waiting: waiting.map((c) => ({
        id: c.id, full_address: addressOf(c), visitor_name: c.street === null ? c.visitorName : null,
        waiting_since: c.lastMessageAt!.toISOString(),
        waiting_minutes: 0, // at the read (withWaitingMinutes)
        assigned: c.assignedUserId !== null,
      })),
    };
  }

  async function consent(projectId: number): Promise<TOverviewConsentForm[]> {
    const [list, rule] = await Promise.all([tally.consentForms(projectId), tally.ruleOf(projectId)]);
    return Promise.all(list.map(async (form) => {
      const { figures, total } = await tally.units(projectId, form.id, rule);
      const units = [...figures].map(([unit, f]) => (
        { building_unit: unit, percentage: f.percentage, reached: f.reached, agreed_votes: f.agreed_votes, votes: f.votes, rule_applies: f.rule_applies }
      )).sort((a, b) => a.percentage - b.percentage || compareDutch(a.building_unit, b.building_unit));
      return {
        form_id: form.id, name: form.name, threshold: CONSENT_THRESHOLD, percentage: total.percentage, reached: total.reached,
        units_total: units.length, units_reached: units.filter((u) => u.reached).length, units: units.slice(0, OVERVIEW_UNITS_MAX),
      };
    }));
  }

  async function closing(ctx: StaffContext, projectId: number, now: Date) {
    const list = await closingForms(db, projectId, now, new Date(now.getTime() + OVERVIEW_FORM_DAYS * 86_400_000));
    return Promise.all(list.map(async (form) => {
      const counts = await countUnanswered(db, {
        customerId: ctx.customerId, projectId, formId: form.id, several: form.kind === 'generic' && form.allowMultipleEntries,
      });
      return { form_id: form.id, name: form.name, kind: form.kind, closes_at: form.closesAt!.toISOString(), addresses: counts.addresses, not_answered: counts.notAnswered };
    }));
  }

  async function appointmentsOf(projectId: number, today: string) {
    const weekday = new Date(`${today}T12:00:00Z`).getUTCDay();
    const monday = addDays(today, -((weekday + 6) % 7));
    const [counts, first] = await Promise.all([
      appointmentCounts(db, projectId, today, monday, addDays(monday, 7)),
      firstAppointments(db, projectId, today, OVERVIEW_TODAY_MAX),
    ]);
    return {
      ...counts,
      first_today: first.map((a) => ({ id: a.id, starts_at: a.startsAt.toISOString(), subject: a.subject, full_address: addressOf(a)! })),
    };
  }

  async function activation(ctx: StaffContext, projectId: number) {
    const counts = await countNotActivated(db, { customerId: ctx.customerId, projectId });
    return { addresses: counts.addresses, not_activated: counts.notActivated };
  }

  return {
    async overview(ctx: StaffContext, projectId: number): Promise<TStaffProjectOverview> {
      const can = (permission: TPermission) => roleCan(ctx.role, permission);
      const now = new Date();
      const today = amsterdamIsoDate(now);
      const skip = Promise.resolve(undefined);
      const parts = () => Promise.all([
        can('chat.read') ? conversations(projectId) : skip,
        can('forms.read') ? closing(ctx, projectId, now) : skip,
        can('payments.read') ? paymentAttention(db, projectId) : skip,
        can('appointments.read') ? appointmentsOf(projectId, today) : skip,
        can('addresses.read') ? activation(ctx, projectId) : skip,
      ]);
      // The project's own check beside the parts (the guard already decided access; nothing is answered before all are in).
      const [project, consentForms, [chat, forms, payments, planned, activated]] = await Promise.all([
        access.project(ctx, projectId),
        can('consent.tally.read') ? consent(projectId) : skip,
        kept.read(projectId, `${ctx.customerId}:${ctx.role}:${today}`, parts),
      ]);
      return {
        project: { id: project.id, name: project.name, archived: project.archivedAt !== null },
        today,
        ...(chat ? { conversations: withWaitingMinutes(chat, now) } : {}),
        ...(consentForms ? { consent: { forms: consentForms } } : {}),
        ...(forms ? { forms: { closing: forms } } : {}),
        ...(payments ? { payments } : {}),
        ...(planned ? { appointments: planned } : {}),
        ...(activated ? { activation: activated } : {}),
      };
    },
  };
}

/** The conversations part with the minutes each has been waiting at `now` (a kept part is shared: a copy). */
function withWaitingMinutes(chat: NonNullable<TStaffProjectOverview['conversations']>, now: Date): NonNullable<TStaffProjectOverview['conversations']> {
  return {
    ...chat,
    longest_waiting: chat.longest_waiting.map((c) => ({ ...c, waiting_minutes: Math.max(0, Math.floor((now.getTime() - Date.parse(c.waiting_since)) / 60_000)) })),
  };
}
export type ProjectOverview = ReturnType<typeof createProjectOverview>;
