import { sql } from 'drizzle-orm';
import { Logger, parseCronItems, run, runMigrations as migrateWorker, type Runner, type TaskList } from 'graphile-worker';
import type pg from 'pg';
import type { Db } from '../../db/client.ts';
import type { Queryable } from '../../lib/queryable.ts';
import { describeError, redactText } from '../../lib/logging.ts';

/**
 * Background work in a PostgreSQL-backed queue (graphile-worker) on the portal's own database:
 * durable, retried with back-off, and picked up at once through LISTEN/NOTIFY. A request enqueues in
 * the same transaction as the change it announces (pass the transaction as `tx`).
 */
export type JobName = 'password-reset' | 'household-mail' | 'sweep' | 'signing-local-postback' | 'signing-progress' | 'signing-documents'
  | 'signing-check' | 'signing-reconcile' | 'signing-cancel'
  | 'form-email' | 'choice-form-email' | 'support-base-mail' | 'payment-local-webhook' | 'payment-local-refund' | 'payment-status' | 'payment-reconcile'
  | 'staff-mail' | 'staff-code-alert' | 'content-published' | 'sms-budget-alert' | 'consent-reminders' | 'staff-export' | 'personal-data-export'
  | 'appointment-notice' | 'appointment-reminders' | 'appointment-slots' | 'chat-answer-mail' | 'retention' | 'files-delete'
  | 'notify-fanout' | 'notify-send' | 'notification-digest' | 'form-notices';

export type JobQueue = {
  /** `runAt`: not before this moment (a scheduled publication). */
  add(name: JobName, payload: Record<string, unknown>, options?: { tx?: Queryable; jobKey?: string; maxAttempts?: number; runAt?: Date }): Promise<void>;
};

export function createJobQueue(db: Db): JobQueue {
  return {
    async add(name, payload, options = {}) {
      const runner = options.tx ?? db;
      await runner.execute(sql`SELECT graphile_worker.add_job(${name}, ${JSON.stringify(payload)}::json,
        job_key => ${options.jobKey ?? null}, max_attempts => ${options.maxAttempts ?? 10}, run_at => ${options.runAt?.toISOString() ?? null}::timestamptz)`);
    },
  };
}

/** graphile-worker's own tables (schema graphile_worker), migrated with the portal's. */
export async function migrateJobs(pool: pg.Pool): Promise<void> {
  await migrateWorker({ pgPool: pool, logger: quietLogger(() => {}) });
}

/**
 * Warnings and errors go to the portal's log; graphile-worker's chatter does not. A failed task's line
 * names the task and its error without the error's text as graphile-worker quotes it (a failed query
 * would carry its parameters: an e-mail address, a token's hash).
 */
function quietLogger(log: (msg: string) => void) {
  return new Logger(() => (level, message, meta) => {
    if (level !== 'error' && level !== 'warning') return;
    const error = (meta as { error?: unknown } | undefined)?.error;
    log(`jobs: ${error === undefined ? redactText(message) : `${redactText(message.split(' with error ')[0]!)} with error ${describeError(error)}`}`);
  });
}

export type JobHandlers = Record<JobName, (payload: Record<string, unknown>) => Promise<void>>;

/** Every 15 minutes: expired rate-limit rows, tickets and sessions, abandoned uploads. Every 5: payment and signing reconciliation. */
const SCHEDULE = parseCronItems([
  { task: 'sweep', match: '*/15 * * * *', identifier: 'sweep', options: { backfillPeriod: 0 } },
  // Every 5 minutes: payments still open after 15 minutes are asked about (a lost webhook, modules/payment).
  { task: 'payment-reconcile', match: '*/5 * * * *', identifier: 'payment-reconcile', options: { backfillPeriod: 0 } },
  // Every 5 minutes: signing requests still open after 15 minutes are asked about (a lost postback, modules/signing).
  { task: 'signing-reconcile', match: '*/5 * * * *', identifier: 'signing-reconcile', options: { backfillPeriod: 0 } },
  // Every 15 minutes: consent reminders that are due (modules/support-base/consent-campaign.service.ts).
  { task: 'consent-reminders', match: '*/15 * * * *', identifier: 'consent-reminders', options: { backfillPeriod: 0 } },
  // Every 15 minutes: appointment reminders a day before, and the waiting lists' safety net (modules/appointment/appointment.reminders.ts, .waiting.ts).
  { task: 'appointment-reminders', match: '*/15 * * * *', identifier: 'appointment-reminders', options: { backfillPeriod: 0 } },
  // Every 15 minutes: the daily e-mail digests when due, and any notification whose own job was lost (modules/notifications).
  { task: 'notification-digest', match: '*/15 * * * *', identifier: 'notification-digest', options: { backfillPeriod: 0 } },
  // Every hour: forms that opened are announced, forms that close within three days remind who did not answer (modules/staff-forms).
  { task: 'form-notices', match: '5 * * * *', identifier: 'form-notices', options: { backfillPeriod: 0 } },
  // Every night at 00:10: every rule-made appointment type's horizon moves a day on (modules/staff-appointments/appointment-types.slots.ts).
  { task: 'appointment-slots', match: '10 0 * * *', identifier: 'appointment-slots', options: { backfillPeriod: 0 } },
  // Every night at 02:30: the retention policy is applied to customers and confirmed projects (modules/retention).
  { task: 'retention', match: '30 2 * * *', identifier: 'retention', options: { backfillPeriod: 0 } },
]);

/** Runs the handlers in this process (one job at a time: the machine has two cores and a web server). */
export async function startWorker(pool: pg.Pool, handlers: JobHandlers, log: (msg: string) => void): Promise<Runner> {
  const taskList: TaskList = {};
  for (const [name, handler] of Object.entries(handlers)) {
    taskList[name] = async (payload) => handler((payload ?? {}) as Record<string, unknown>);
  }
  return run({
    pgPool: pool,
    concurrency: 1,
    noHandleSignals: true,
    pollInterval: 2_000,
    taskList,
    parsedCronItems: SCHEDULE,
    logger: quietLogger(log),
  });
}
