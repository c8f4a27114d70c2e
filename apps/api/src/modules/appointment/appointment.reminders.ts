import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Queryable } from '../../lib/queryable.ts';
import type { NotifyInput } from '../notifications/index.ts';
import { escapeHtml } from '../../lib/html-page.ts';
import { addresses, occupants } from '../address/address.table.ts';
import { fullAddress } from '../form-engine/index.ts';
import type { Mail, Mailer } from '../mail/mailer.ts';
import { projects } from '../project/project.table.ts';
import type { SmsSender } from '../sms/index.ts';
import { dutchDate, dutchLongDate, dutchTime } from './appointment.format.ts';
import { appointmentPlannings, appointments, appointmentSlots } from './appointment.table.ts';
import { appointmentReminders } from './appointment.waiting.table.ts';

/**
 * What residents are told about their appointments outside their own changes: a reminder a day before, and
 * notices of what staff or the waiting list did (booked, moved, cancelled, a day that fell out). Both go to
 * the occupants of the address (every e-mail address; an SMS to every mobile number), and to the contact a
 * waiter left. Notices run as the 'appointment-notice' job (enqueued in the transaction of the change),
 * reminders as the scheduled 'appointment-reminders' job.
 */
export type NoticeKind = 'booked' | 'moved' | 'cancelled' | 'day-cancelled' | 'day-moved' | 'waitlist';
export type NoticeJob = { appointmentId: number; kind: NoticeKind; slotId?: number | null; reason?: string | null; email?: string | null; mobile?: string | null };

/** Reminders go out for appointments that start within this many hours ("a day before"). */
export const REMINDER_HOURS = 24;
/** How many free slots a cancellation notice offers. */
const OFFERED = 5;

type Notifier = { notify(tx: Queryable, input: NotifyInput): Promise<void> };
type Deps = { db: Db; mailer: Mailer; sms: SmsSender; notifications: Notifier; publicUrl: string; log: (error: unknown, msg: string) => void };

/** A notice about an appointment this soon passes quiet hours (an appointment moved for tomorrow). */
const URGENT_HOURS = 36;

type Context = {
  subject: string; projectName: string; place: string; startsAt: Date | null; portal: string; reason: string | null; free: Date[];
};

const HEADLINES: Record<NoticeKind | 'reminder', (c: Context) => { subject: string; lines: string[] }> = {
  booked: (c) => ({ subject: `Afspraak gepland: ${c.subject} op ${at(c)}`, lines: [`Het projectteam heeft uw afspraak "${c.subject}" gepland op ${long(c)}.`] }),
  moved: (c) => ({ subject: `Afspraak verzet: ${c.subject} naar ${at(c)}`, lines: [`Het projectteam heeft uw afspraak "${c.subject}" verzet naar ${long(c)}.`] }),
  'day-moved': (c) => ({
    subject: `Afspraak verzet: ${c.subject} naar ${at(c)}`,
    lines: [`De dag van uw afspraak "${c.subject}" gaat niet door${c.reason ? ` (${c.reason})` : ''}. Uw afspraak is verzet naar ${long(c)}.`],
  }),
  cancelled: (c) => ({
    subject: `Afspraak geannuleerd: ${c.subject}`,
    lines: [`Het projectteam heeft uw afspraak "${c.subject}" geannuleerd${c.reason ? ` (${c.reason})` : ''}.`, ...offer(c)],
  }),
  'day-cancelled': (c) => ({
    subject: `Afspraak gaat niet door: ${c.subject}`,
    lines: [`De dag van uw afspraak "${c.subject}" gaat niet door${c.reason ? ` (${c.reason})` : ''}. Uw afspraak is geannuleerd.`, ...offer(c)],
  }),
  waitlist: (c) => ({
    subject: `Er is een plaats vrijgekomen: ${c.subject} op ${at(c)}`,
    lines: [`U stond op de wachtlijst voor "${c.subject}". Er is een plaats vrijgekomen en wij hebben u ingepland op ${long(c)}.`,
      'Past dit tijdstip niet? U kunt de afspraak verzetten of annuleren in het bewonersportaal.'],
  }),
  reminder: (c) => ({ subject: `Herinnering: ${c.subject} morgen om ${c.startsAt ? dutchTime(c.startsAt) : ''} uur`, lines: [`Wij herinneren u aan uw afspraak "${c.subject}" op ${long(c)}.`] }),
};

const at = (c: Context) => (c.startsAt ? `${dutchDate(c.startsAt)} om ${dutchTime(c.startsAt)} uur` : '');
const long = (c: Context) => (c.startsAt ? `${dutchLongDate(c.startsAt)} om ${dutchTime(c.startsAt)} uur` : '');
function offer(c: Context): string[] {
  if (!c.free.length) return ['Er zijn nu geen andere tijdstippen vrij. Het projectteam neemt contact met u op; u kunt zich ook op de wachtlijst zetten in het bewonersportaal.'];
  return [`Kies een nieuw tijdstip in het bewonersportaal: ${c.portal}`, `Vrije tijdstippen: ${c.free.map((d) => `${dutchDate(d)} ${dutchTime(d)}`).join(', ')}.`];
}

/** The e-mail of a notice or reminder. */
export function noticeMail(to: string, kind: NoticeKind | 'reminder', c: Context): Mail {
  const { subject, lines } = HEADLINES[kind](c);
  const body = [...lines, `Adres: ${c.place}`];
  const text = ['Beste bewoner,', '', ...body, '', `Uw afspraken vindt u in het bewonersportaal: ${c.portal}`, '', 'Met vriendelijke groet,', `Projectteam ${c.projectName}`].join('\n');
  const link = `<a href="${escapeHtml(c.portal)}">${escapeHtml(c.portal)}</a>`;
  const html = `<p>Beste bewoner,</p>${body.map((l) => `<p>${escapeHtml(l).replace(escapeHtml(c.portal), link)}</p>`).join('')}`
    + `<p>Uw afspraken vindt u in het bewonersportaal: ${link}</p><p>Met vriendelijke groet,<br>Projectteam ${escapeHtml(c.projectName)}</p>`;
  return { to, subject, text, html };
}

/** The SMS of a notice or reminder: one short message. */
export function noticeSms(kind: NoticeKind | 'reminder', c: Context): string {
  const { subject } = HEADLINES[kind](c);
  return `${subject}. ${kind === 'cancelled' || kind === 'day-cancelled' ? `Kies een nieuw tijdstip: ${c.portal}. ` : ''}Projectteam ${c.projectName}`;
}

export function createAppointmentMessaging({ db, mailer, sms, notifications, publicUrl, log }: Deps) {
  const portal = `${publicUrl}/afspraken`;

  async function contextOf(appointmentId: number) {
    const [row] = await db.select({
      id: appointments.id, addressId: appointments.addressId, planningId: appointments.planningId, projectId: appointmentPlannings.projectId, slotId: appointments.slotId, isCancelled: appointments.isCancelled,
      subject: appointmentPlannings.subject, projectName: projects.name, startsAt: appointmentSlots.startsAt,
      street: addresses.street, houseNumber: addresses.houseNumber, zipcode: addresses.zipcode, city: addresses.city,
    }).from(appointments)
      .innerJoin(appointmentPlannings, eq(appointmentPlannings.id, appointments.planningId))
      .innerJoin(projects, eq(projects.id, appointmentPlannings.projectId))
      .innerJoin(addresses, eq(addresses.id, appointments.addressId))
      .leftJoin(appointmentSlots, eq(appointmentSlots.id, appointments.slotId))
      .where(eq(appointments.id, appointmentId)).limit(1);
    return row ?? null;
  }

  /** The occupants' e-mail addresses and mobile numbers (to leave out an extra contact that is one of them). */
  async function householdContacts(addressId: number) {
    const people = await db.select({ email: occupants.emailAddress, mobile: occupants.mobile }).from(occupants).where(eq(occupants.addressId, addressId));
    return {
      emails: new Set(people.map((p) => p.email?.trim().toLowerCase()).filter((e): e is string => !!e)),
      mobiles: new Set(people.map((p) => p.mobile?.replace(/[\s-]/g, '')).filter((m): m is string => !!m)),
    };
  }

  /**
   * The household is told through the notifications module (category 'appointment': e-mail, push and SMS as
   * each person chose; urgent when the appointment is close). An extra contact a waiter left (no person of
   * the household) is told directly, by the channel given.
   */
  async function deliver(kind: NoticeKind | 'reminder', c: Context, to: { appointmentId: number; addressId: number; projectId: number; extra?: { email?: string | null; mobile?: string | null } }) {
    const { subject, lines } = HEADLINES[kind](c);
    const urgent = kind !== 'reminder' && c.startsAt !== null && c.startsAt.getTime() - Date.now() < URGENT_HOURS * 3_600_000;
    await notifications.notify(db, {
      category: 'appointment', to: { addressIds: [to.addressId] }, projectId: to.projectId, urgent,
      title: subject, body: [...lines, `Adres: ${c.place}`].join('\n'), url: '/afspraken', tag: `appointment:${to.appointmentId}`,
    });
    const household = to.extra && (to.extra.email || to.extra.mobile) ? await householdContacts(to.addressId) : null;
    const email = to.extra?.email?.trim().toLowerCase();
    if (household && email && !household.emails.has(email)) await mailer.send(noticeMail(email, kind, c));
    const mobile = to.extra?.mobile?.replace(/[\s-]/g, '');
    if (household && mobile && !household.mobiles.has(mobile)) {
      await sms.send({ to: mobile, text: noticeSms(kind, c) }).catch((error) => log(error, 'appointment notice sms failed'));
    }
  }

  return {
    /**
     * The 'appointment-notice' job. A notice of a booking names its slot: when the appointment has moved on
     * since (another change came first), the notice is stale and nothing is sent (the later change sends its own).
     */
    async sendNotice(job: NoticeJob): Promise<void> {
      const row = await contextOf(job.appointmentId);
      if (!row) return;
      const cancelledKind = job.kind === 'cancelled' || job.kind === 'day-cancelled';
      if (cancelledKind ? row.slotId !== null && !row.isCancelled : row.slotId !== (job.slotId ?? null) || row.isCancelled) return;
      const free = cancelledKind
        ? (await db.select({ startsAt: appointmentSlots.startsAt }).from(appointmentSlots)
          .where(and(eq(appointmentSlots.planningId, row.planningId), sql`${appointmentSlots.taken} < ${appointmentSlots.capacity} AND ${appointmentSlots.startsAt} > now()`))
          .orderBy(asc(appointmentSlots.startsAt)).limit(OFFERED)).map((s) => s.startsAt)
        : [];
      await deliver(job.kind, { subject: row.subject, projectName: row.projectName, place: fullAddress(row), startsAt: row.startsAt, portal, reason: job.reason ?? null, free },
        { appointmentId: row.id, addressId: row.addressId, projectId: row.projectId, extra: { email: job.email, mobile: job.mobile } });
    },

    /**
     * The 'appointment-reminders' job: every planned appointment starting within REMINDER_HOURS gets one
     * reminder for its slot. The reminder's row (appointment, slot) is claimed first, in one statement that
     * also checks the appointment is still in that slot and not cancelled, so a reminder goes out once, never
     * for a cancelled appointment, and again for a moved one (its new slot). Answers how many were sent.
     */
    async sendReminders(): Promise<number> {
      const claimed = await db.execute<{ appointment_id: number; slot_id: number }>(sql`
        INSERT INTO ${appointmentReminders} (appointment_id, slot_id)
        SELECT a.id, a.slot_id FROM ${appointments} a JOIN ${appointmentSlots} s ON s.id = a.slot_id
        WHERE NOT a.is_cancelled AND s.starts_at > now() AND s.starts_at <= now() + make_interval(hours => ${REMINDER_HOURS})
        ON CONFLICT DO NOTHING
        RETURNING appointment_id, slot_id`);
      if (!claimed.rows.length) return 0;
      const rows = await Promise.all(claimed.rows.map(async (r) => ({ claim: r, row: await contextOf(r.appointment_id) })));
      // Still in the claimed slot and not cancelled (a change between the claim and now sends nothing for the old slot).
      const live = rows.filter(({ claim, row }) => row && row.slotId === claim.slot_id && !row.isCancelled).map(({ row }) => row!);
      let sent = 0;
      for (const row of live) {
        try {
          await deliver('reminder', {
            subject: row.subject, projectName: row.projectName, place: fullAddress(row), startsAt: row.startsAt, portal, reason: null, free: [],
          }, { appointmentId: row.id, addressId: row.addressId, projectId: row.projectId });
          sent++;
        } catch (error) {
          log(error, 'appointment reminder failed');
        }
      }
      return sent;
    },
  };
}
export type AppointmentMessaging = ReturnType<typeof createAppointmentMessaging>;
