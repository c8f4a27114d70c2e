import { and, eq } from 'drizzle-orm';
import { isoDateToDutch } from '../../lib/dates.ts';
import type { Queryable } from '../../lib/queryable.ts';
import type { NotifyInput } from '../notifications/index.ts';
import { scheduleItems } from './schedule.table.ts';

type Notifier = { notify(tx: Queryable, input: NotifyInput): Promise<void> };

/**
 * A planning item that appears or moves to another date tells the project's residents (category
 * 'planning'): the project's planning is every home's planning. Once per item and date: a change of
 * its text alone tells nobody, a new date does.
 */
export function announcePlanning(notifications: Notifier) {
  return async (tx: Queryable, item: { projectId: number; id: number }): Promise<void> => {
    const [row] = await tx.select({ title: scheduleItems.title, date: scheduleItems.date, description: scheduleItems.description, publishAt: scheduleItems.publishAt, access: scheduleItems.accessToHomeRequired })
      .from(scheduleItems).where(and(eq(scheduleItems.id, item.id), eq(scheduleItems.projectId, item.projectId)));
    if (!row?.publishAt || row.publishAt.getTime() > Date.now()) return;
    const date = isoDateToDutch(row.date);
    await notifications.notify(tx, {
      category: 'planning', to: { projectId: item.projectId }, title: `Planning: ${row.title} op ${date}`,
      body: [row.description, row.access ? 'Hiervoor moeten wij in uw woning zijn.' : null].filter(Boolean).join(' ') || `${row.title} staat gepland op ${date}.`,
      url: '/dashboard', tag: `planning:${item.id}:${row.date}`, once: true,
    });
  };
}
