import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { userCustomers, users } from '../auth/auth.table.ts';
import { createRateLimiter } from '../auth/rate-limit.ts';
import { customers } from '../customer/customer.table.ts';
import { formEntries } from '../form-engine/form-engine.table.ts';
import type { JobQueue } from '../jobs/index.ts';
import type { Mailer } from '../mail/mailer.ts';
import { projects } from '../project/project.table.ts';
import { smsBudgetMail } from './signing.mails.ts';

/** SMS_CODE_MAX_PER_* and SMS_BUDGET_PER_CUSTOMER_HOUR (plugins/env.ts). */
export type SmsCodeLimits = {
  perNumberHour: number;
  perNumberDay: number;
  perEntryHour: number;
  perEntryDay: number;
  /** SMS codes per customer per hour; when spent, no code is sent until the hour is over and the customer's administrators are mailed. */
  budgetPerCustomerHour: number;
};

/** Whether a code may be sent: yes, or no because the customer's budget for the hour is spent (a too-many throws 429). */
export type SmsGateAnswer = 'send' | 'budget-spent';

/** What the local provider asks before it sends a code: the transaction's reference ('kind:entryId:requestId') and the number. */
export type SmsGate = (input: { reference: string; mobile: string }) => Promise<SmsGateAnswer>;

/** The 'sms-budget-alert' job's payload. */
export type SmsBudgetAlertJob = { customerId: number; budget: number };

/**
 * Bounds what a signer (a resident, a letter's holder, anyone with a sign link) can make the portal send
 * by SMS (SMS pumping: 20 numbers, a code to each every minute):
 * - codes per mobile number and per form entry, per hour and per day, counted in PostgreSQL (rate-limit.ts)
 *   so that every process counts together; over a limit the signer is told when to try again (429);
 * - an hourly budget per customer: once spent no code goes out until its hour is over, the customer's
 *   administrators are mailed (once per hour: the first refusal of the window enqueues the mail) and it is
 *   logged. The signers per form are capped apart (forms.max_signers).
 */
export function createSmsGate(deps: { db: Db; jobs: JobQueue; limits: SmsCodeLimits; log?: (error: unknown, msg: string) => void }): SmsGate {
  const { db, limits } = deps;
  const hour = createRateLimiter(db, 3600);
  const day = createRateLimiter(db, 24 * 3600);

  /** The customer whose form the entry is of; null for a reference that names no entry of ours. */
  async function customerOf(reference: string): Promise<number | null> {
    const entryId = Number(reference.split(':')[1]);
    if (!Number.isSafeInteger(entryId) || entryId < 1) return null;
    const [row] = await db.select({ customerId: projects.customerId }).from(formEntries)
      .innerJoin(projects, eq(projects.id, formEntries.projectId)).where(eq(formEntries.id, entryId));
    return row?.customerId ?? null;
  }

  return async ({ reference, mobile }) => {
    const entry = reference.split(':').slice(0, 2).join(':'); // the entry over all its requests: a new request does not start the count again
    // Each throws 429 (with the wait) when over; the hour is counted first, so a refused hour does not use the day.
    await hour.hit([{ key: `sms-code:hour:number:${mobile}`, max: limits.perNumberHour }, { key: `sms-code:hour:entry:${entry}`, max: limits.perEntryHour }]);
    await day.hit([{ key: `sms-code:day:number:${mobile}`, max: limits.perNumberDay }, { key: `sms-code:day:entry:${entry}`, max: limits.perEntryDay }]);
    const customerId = await customerOf(reference);
    if (customerId === null) return 'send';
    const key = `sms-budget:customer:${customerId}`;
    const used = (await hour.hit([{ key, max: Number.MAX_SAFE_INTEGER }])).get(key) ?? 0;
    if (used <= limits.budgetPerCustomerHour) return 'send';
    if (used === limits.budgetPerCustomerHour + 1) {
      deps.log?.(new Error(`customer ${customerId}: ${limits.budgetPerCustomerHour} SMS codes this hour`), 'sms: the hourly SMS budget is spent; no codes are sent until the hour is over');
      await deps.jobs.add('sms-budget-alert', { customerId, budget: limits.budgetPerCustomerHour } satisfies SmsBudgetAlertJob, { jobKey: `sms-budget-alert:${customerId}` });
    }
    return 'budget-spent';
  };
}

/** The 'sms-budget-alert' job: every (active) administrator of the customer is told that the SMS budget was spent. */
export async function sendSmsBudgetAlert(db: Db, mailer: Mailer, job: SmsBudgetAlertJob): Promise<void> {
  const [customer] = await db.select({ name: customers.name }).from(customers).where(eq(customers.id, job.customerId));
  if (!customer) return;
  const admins = await db.select({ email: users.email, name: users.name }).from(users)
    .innerJoin(userCustomers, eq(userCustomers.userId, users.id))
    .where(and(eq(userCustomers.customerId, job.customerId), eq(userCustomers.role, 'customer-admin'), isNull(users.disabledAt)));
  for (const admin of admins) await mailer.send(smsBudgetMail({ to: admin.email, name: admin.name, customerName: customer.name, budget: job.budget }));
}
