import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { toDutchDate } from '../../lib/dates.ts';
import type { Notifier } from '../notifications/index.ts';

/** Forms residents answer themselves (an intake form is filled by a partner for the address). */
const RESIDENT_KINDS = ['support-base', 'choice', 'generic'];
/** A choice or generic form closing within this many days reminds the addresses that have not answered. */
export const FORM_DEADLINE_DAYS = 3;
/** A form that opened (or was first published) longer ago than this is not announced any more. */
const ANNOUNCE_WITHIN_HOURS = 24;

type FormRow = { id: number; project_id: number; name: string; closes_at: Date | null };

export const formNoticeTexts = {
  openTitle: (name: string) => `Nieuw formulier: ${name}`,
  openBody: (closesOn: string | null) =>
    `Er staat een formulier voor u klaar in het bewonersportaal${closesOn ? `. U kunt het invullen tot ${closesOn}` : ''}.`,
  deadlineTitle: (name: string, closesOn: string) => `Herinnering: ${name} sluit op ${closesOn}`,
  deadlineBody: (name: string, closesOn: string) => `U hebt het formulier '${name}' nog niet ingevuld. Het sluit op ${closesOn}; daarna kunt u het niet meer invullen.`,
} as const;

/**
 * What residents are told about forms (issue 19, category 'form'), by the hourly job 'form-notices':
 * - a form that is waiting for them: a published consent, choice or generic form that opened (or was first published
 *   while open) within the last day is announced to the project's households, once per form;
 * - a deadline near: a choice or generic form that closes within FORM_DEADLINE_DAYS reminds the addresses without an
 *   answer, once per form. Consent forms have the campaign's own reminders (support-base), on their schedule.
 * `once` (per tag and project) keeps a rerun, a retried job or two processes from telling anyone twice.
 */
export function createFormNotices({ db, notifications }: { db: Db; notifications: Notifier }) {
  const kinds = sql`ARRAY[${sql.join(RESIDENT_KINDS.map((k) => sql`${k}`), sql`, `)}]::text[]`;
  const live = (now: Date) => sql`f.published_version IS NOT NULL AND f.is_active AND f.archived_at IS NULL
    AND (f.opens_at IS NULL OR f.opens_at <= ${now}) AND (f.closes_at IS NULL OR f.closes_at > ${now})`;

  async function announceOpened(now: Date): Promise<number> {
    const since = new Date(now.getTime() - ANNOUNCE_WITHIN_HOURS * 3_600_000);
    const { rows } = await db.execute<FormRow>(sql`SELECT f.id, f.project_id, f.name, f.closes_at FROM forms f
      WHERE f.kind = ANY(${kinds}) AND ${live(now)}
        AND greatest(f.opens_at, (SELECT min(v.published_at) FROM form_versions v WHERE v.form_id = f.id)) > ${since}`);
    for (const form of rows) {
      const closesOn = form.closes_at ? toDutchDate(new Date(form.closes_at)) : null;
      await db.transaction((tx) => notifications.notify(tx, {
        category: 'form', to: { projectId: form.project_id }, projectId: form.project_id, once: true, tag: `form-open-${form.id}`,
        title: formNoticeTexts.openTitle(form.name), body: formNoticeTexts.openBody(closesOn), url: '/formulieren',
      }));
    }
    return rows.length;
  }

  async function remindDeadlines(now: Date): Promise<number> {
    const until = new Date(now.getTime() + FORM_DEADLINE_DAYS * 86_400_000);
    const { rows } = await db.execute<FormRow & { address_ids: number[] }>(sql`SELECT f.id, f.project_id, f.name, f.closes_at,
        array(SELECT ap.address_id FROM address_projects ap WHERE ap.project_id = f.project_id AND NOT EXISTS (
          SELECT 1 FROM form_entries e WHERE e.form_id = f.id AND e.address_id = ap.address_id AND (e.values <> '{}'::jsonb OR e.status <> ''))
        ) AS address_ids
      FROM forms f WHERE f.kind IN ('choice', 'generic') AND ${live(now)} AND f.closes_at <= ${until}`);
    let told = 0;
    for (const form of rows.filter((r) => r.address_ids.length)) {
      const closesOn = toDutchDate(new Date(form.closes_at!));
      await db.transaction((tx) => notifications.notify(tx, {
        category: 'form', to: { addressIds: form.address_ids }, projectId: form.project_id, once: true, tag: `form-deadline-${form.id}`,
        title: formNoticeTexts.deadlineTitle(form.name, closesOn), body: formNoticeTexts.deadlineBody(form.name, closesOn), url: '/formulieren',
      }));
      told++;
    }
    return told;
  }

  return {
    async run(now = new Date()): Promise<{ opened: number; deadlines: number }> {
      return { opened: await announceOpened(now), deadlines: await remindDeadlines(now) };
    },
  };
}
export type FormNotices = ReturnType<typeof createFormNotices>;
