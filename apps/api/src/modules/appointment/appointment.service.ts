import { appointmentMessages, appointmentTypeMessages, normalizeDutchPhone, type TAppointment, type TAppointmentDetail, type TAvailableSlot } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { ConflictError, ForbiddenError, NotFoundError, UnprocessableError } from '../../lib/errors.ts';
import type { Session } from '../auth/session.store.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { NewItemRegistry } from '../project/new-items.ts';
import type { ProjectService } from '../project/project.service.ts';
import type { SmsSender } from '../sms/index.ts';
import type { RateLimiter } from '../auth/rate-limit.ts';
import { dutchDateTime } from './appointment.format.ts';
import { appointmentCancellationMail, appointmentCancellationSms, appointmentConfirmationMail, appointmentConfirmationSms } from './appointment.messages.ts';
import {
  countAwaitingAction, ensureAppointments, findAppointment, findHouseholdContacts, findAppointmentBySlot, findPlace, findSlot, listAppointments, listOpenSlots, listOpenSlotsOfPlannings, MAX_OFFERED_SLOTS,
  lockSlots, releasePlace, takePlace, updateAppointment, type AppointmentRow, type AppointmentScope,
} from './appointment.repository.ts';

/** What became of the confirmations of a change (see ZAppointmentResult). */
type Confirmation = 'sent' | 'limited' | 'not-requested' | 'unchanged';

type Deps = {
  db: Db;
  projects: ProjectService;
  newItems: NewItemRegistry;
  mailer: Mailer;
  sms: SmsSender;
  log: (error: unknown, msg: string) => void;
  /** Counters (a 24-hour window) that bound the confirmations per address and per recipient. */
  confirmationLimiter: RateLimiter;
  limits: { perAddress: number; perRecipient: number };
  /** The clock; tests may move it. */
  now?: () => Date;
};

export type ChangeInput = {
  cluster_schedule_id: number;
  /** Required on v2; on v1 a missing version means "whatever is stored". */
  version?: number;
  send_confirmation_email: boolean;
  email_address?: string | null;
  send_confirmation_sms: boolean;
  mobile_number?: string | null;
};

type FlagRow = Pick<AppointmentRow, 'slotId' | 'startsAt' | 'isCancelled' | 'confirmedAt' | 'occupantsCanPlan' | 'occupantsCanConfirm' | 'occupantsCanCancel'
  | 'changeDeadlineHours' | 'cancelNoticeHours' | 'mayBook'>;

/**
 * The flags the web shows its buttons by, from the state and the type's rules: making one needs the
 * address to be among who may book; moving closes `changeDeadlineHours` (the minimum notice for
 * rescheduling) and cancelling `cancelNoticeHours` before the appointment. The minimum notice for
 * booking limits which slots are offered and taken (appointment.repository.ts, isOpen).
 */
export function appointmentFlags(row: FlagRow, now: Date) {
  const planned = row.slotId !== null && row.startsAt !== null && !row.isCancelled;
  const startsAt = row.startsAt?.getTime() ?? 0;
  const before = (hours: number) => planned && startsAt - hours * 3_600_000 > now.getTime();
  return {
    can_be_made: !planned && row.occupantsCanPlan && row.mayBook,
    can_be_rescheduled: before(row.changeDeadlineHours) && row.occupantsCanPlan && row.mayBook,
    can_be_cancelled: before(row.cancelNoticeHours) && row.occupantsCanCancel,
    show_confirm_option_for_occupants: planned && row.occupantsCanConfirm && row.confirmedAt === null && startsAt > now.getTime(),
  };
}

const toSlot = (slot: { id: number; startsAt: Date }): TAvailableSlot => ({ id: slot.id, ...dutchDateTime(slot.startsAt) });

export function toAppointment(row: AppointmentRow, now: Date): TAppointment {
  const planned = row.slotId !== null && row.startsAt !== null && !row.isCancelled;
  const at = planned ? dutchDateTime(row.startsAt!) : null;
  return {
    id: row.id,
    subject: row.subject,
    address_date: at?.date ?? null,
    address_time: at?.time ?? null,
    daypart_id: planned ? row.daypartId : null,
    is_cancelled: row.isCancelled,
    cluster_schedule_id: planned ? row.slotId : null,
    confirmed_by_address: planned && row.confirmedAt !== null,
    ...appointmentFlags(row, now),
    version: row.version,
    nr_of_available_slots: row.freeSlots,
  };
}

/**
 * Appointments of an address: plan, move, confirm and cancel, with slot capacity enforced by the
 * database (one conditional UPDATE per place, a check constraint behind it) and lost updates refused
 * by the appointment's version.
 */
export function createAppointmentService(deps: Deps) {
  const { db, projects } = deps;
  const now = deps.now ?? (() => new Date());

  /** The resident's address in the project asked for (or their only one); 404 while the project has appointments switched off. */
  async function scopeOf(session: Session, projectId?: number): Promise<AppointmentScope> {
    if (session.addressId === null) throw new ForbiddenError();
    const { project } = await projects.occupantModuleProject(session, projectId, 'appointments');
    return { addressId: session.addressId, projectId: project.id };
  }

  deps.newItems.register(async ({ addressId, projectId }) => ({ appointments: await countAwaitingAction(db, { addressId, projectId }) }));

  /** Told after a change that gave a place back (the waiting list fills it; see appointment.waiting.ts). */
  let placeFreed: (planningId: number) => Promise<unknown> = async () => {};

  const changed = (scope: AppointmentScope) =>
    projects.invalidateNewItems({ addressId: scope.addressId }).catch((error) => deps.log(error, 'new-item invalidation failed'));

  async function reload(scope: AppointmentScope, id: number): Promise<TAppointment> {
    const row = await findAppointment(db, scope, id);
    if (!row) throw new NotFoundError(appointmentMessages.notFound);
    return toAppointment(row, now());
  }

  /**
   * Sends the confirmations asked for, after the change is stored; a failure is logged, not answered.
   * Each message counts against the address and against its recipient (24 hours, over all addresses
   * and customers), so nobody can send a stranger a stream of messages; over a limit it is held back
   * ('limited') and the booking stands.
   */
  const allowed = (scope: AppointmentScope, recipient: string) => deps.confirmationLimiter.tryHit([
    { key: `confirmation:address:${scope.addressId}`, max: deps.limits.perAddress },
    { key: `confirmation:recipient:${recipient}`, max: deps.limits.perRecipient },
  ]);

  async function sendConfirmations(scope: AppointmentScope, row: AppointmentRow, startsAt: Date, input: ChangeInput): Promise<Confirmation> {
    // The type decides which channels confirm; the resident chooses whether and where.
    const email = row.confirmByEmail && input.send_confirmation_email && input.email_address ? input.email_address.trim().toLowerCase() : null;
    const mobile = row.confirmBySms && input.send_confirmation_sms && input.mobile_number ? normalizeDutchPhone(input.mobile_number) : null;
    if (!email && !mobile) return 'not-requested';
    const place = await findPlace(db, scope.addressId, scope.projectId);
    if (!place) return 'not-requested';
    const message = { subject: row.subject, startsAt, address: place, projectName: place.projectName };
    let limited = false;
    if (email) {
      if (await allowed(scope, email)) {
        deps.mailer.send(appointmentConfirmationMail(email, message)).catch((error) => deps.log(error, 'appointment confirmation mail failed'));
      } else limited = true;
    }
    if (mobile) {
      if (await allowed(scope, mobile)) {
        deps.sms.send({ to: mobile, text: appointmentConfirmationSms(message) }).catch((error) => deps.log(error, 'appointment confirmation sms failed'));
      } else limited = true;
    }
    return limited ? 'limited' : 'sent';
  }

  /**
   * Tells the household that an appointment was cancelled, by the channels the type confirms with: an
   * e-mail to each member with an e-mail address, an SMS to those who prefer SMS and gave a mobile number;
   * limited like confirmations. After the change is stored; a failure is logged.
   */
  async function sendCancellation(scope: AppointmentScope, row: AppointmentRow, startsAt: Date): Promise<void> {
    if (!row.confirmByEmail && !row.confirmBySms) return;
    const place = await findPlace(db, scope.addressId, scope.projectId);
    if (!place) return;
    const message = { subject: row.subject, startsAt, address: place, projectName: place.projectName };
    const contacts = await findHouseholdContacts(db, scope.addressId);
    const emails = new Set(row.confirmByEmail ? contacts.map((c) => c.email?.trim().toLowerCase()).filter((e): e is string => !!e) : []);
    const mobiles = new Set(row.confirmBySms ? contacts.filter((c) => !c.preferEmail && c.mobile).map((c) => normalizeDutchPhone(c.mobile!)) : []);
    for (const email of emails) {
      if (await allowed(scope, email)) deps.mailer.send(appointmentCancellationMail(email, message)).catch((error) => deps.log(error, 'appointment cancellation mail failed'));
    }
    for (const mobile of mobiles) {
      if (await allowed(scope, mobile)) deps.sms.send({ to: mobile, text: appointmentCancellationSms(message) }).catch((error) => deps.log(error, 'appointment cancellation sms failed'));
    }
  }

  const assertVersion = (row: AppointmentRow, version: number | undefined) => {
    if (version !== undefined && version !== row.version) throw new ConflictError(appointmentMessages.stale);
  };

  return {
    /** Registers what runs after a resident's change freed a place (the waiting list's fill). */
    onPlaceFreed(fill: (planningId: number) => Promise<unknown>) {
      placeFreed = fill;
    },

    async list(session: Session, projectId?: number): Promise<TAppointmentDetail[]> {
      const scope = await scopeOf(session, projectId);
      const at = now();
      await ensureAppointments(db, scope);
      const rows = await listAppointments(db, scope);
      // One more than offered per planning, so that leaving out an appointment's own slot still offers the full number.
      const open = await listOpenSlotsOfPlannings(db, [...new Set(rows.map((r) => r.planningId))], MAX_OFFERED_SLOTS + 1);
      return rows.map((row) => ({
        ...toAppointment(row, at),
        available_slots: open
          .filter((slot) => slot.planningId === row.planningId && (row.isCancelled || slot.id !== row.slotId))
          .slice(0, MAX_OFFERED_SLOTS)
          .map(toSlot),
      }));
    },

    async get(session: Session, id: number, projectId?: number): Promise<TAppointmentDetail> {
      const scope = await scopeOf(session, projectId);
      const row = await findAppointment(db, scope, id);
      if (!row) throw new NotFoundError(appointmentMessages.notFound);
      const slots = await listOpenSlots(db, row.planningId, row.isCancelled ? null : row.slotId);
      return {
        ...toAppointment(row, now()),
        available_slots: slots.map(toSlot),
      };
    },

    /**
     * Plans or moves an appointment to the chosen slot, in one transaction: the appointment row is
     * locked (FOR UPDATE) and its version checked, both slot rows are locked in id order, a place is
     * taken in the new slot only while one is free, and the old slot's place is released.
     */
    async change(session: Session, id: number, input: ChangeInput, projectId?: number): Promise<{ appointment: TAppointment; confirmation: Confirmation }> {
      const scope = await scopeOf(session, projectId);
      const outcome = await db.transaction(async (tx): Promise<{ row: AppointmentRow; startsAt: Date; freed: boolean } | null> => {
        const row = await findAppointment(tx, scope, id, true);
        if (!row) throw new NotFoundError(appointmentMessages.notFound);
        assertVersion(row, input.version);
        const flags = appointmentFlags(row, now());
        if (!row.mayBook && row.occupantsCanPlan) throw new ConflictError(appointmentTypeMessages.notForAddress);
        if (!flags.can_be_made && !flags.can_be_rescheduled) throw new ConflictError(appointmentMessages.cannotChange);

        const target = input.cluster_schedule_id;
        const slot = await findSlot(tx, row.planningId, target);
        if (!slot) {
          throw new UnprocessableError(appointmentMessages.slotUnknown, [{ field: 'cluster_schedule_id', message: appointmentMessages.slotUnknown }]);
        }
        const current = row.isCancelled ? null : row.slotId;
        // The slot it already has: nothing changes (a confirmation stays), nothing is sent.
        if (current === target) return null;
        await lockSlots(tx, current === null ? [target] : [target, current]);
        if (!(await takePlace(tx, row.planningId, target))) {
          const tooSoon = slot.startsAt.getTime() > now().getTime() && slot.startsAt.getTime() <= now().getTime() + row.bookingNoticeHours * 3_600_000;
          throw new ConflictError(tooSoon ? appointmentTypeMessages.tooSoon(row.bookingNoticeHours) : appointmentMessages.slotTaken);
        }
        if (current !== null) await releasePlace(tx, current);
        if (!(await updateAppointment(tx, row.id, row.version, { slotId: target, isCancelled: false, confirmedAt: null }))) {
          throw new ConflictError(appointmentMessages.stale);
        }
        return { row, startsAt: slot.startsAt, freed: current !== null };
      });
      if (!outcome) return { appointment: await reload(scope, id), confirmation: 'unchanged' };
      void changed(scope);
      if (outcome.freed) await placeFreed(outcome.row.planningId);
      const confirmation = await sendConfirmations(scope, outcome.row, outcome.startsAt, input);
      return { appointment: await reload(scope, id), confirmation };
    },

    /** Confirms the address's booking in slot `slotId`. */
    async confirm(session: Session, slotId: number, version: number | undefined, projectId?: number): Promise<TAppointment> {
      const scope = await scopeOf(session, projectId);
      const id = await db.transaction(async (tx) => {
        const row = await findAppointmentBySlot(tx, scope, slotId, true);
        if (!row || row.isCancelled) throw new NotFoundError(appointmentMessages.notFound);
        assertVersion(row, version);
        if (!appointmentFlags(row, now()).show_confirm_option_for_occupants) throw new ConflictError(appointmentMessages.cannotConfirm);
        if (!(await updateAppointment(tx, row.id, row.version, { slotId: row.slotId, isCancelled: false, confirmedAt: now() }))) {
          throw new ConflictError(appointmentMessages.stale);
        }
        return row.id;
      });
      void changed(scope);
      return reload(scope, id);
    },

    /** Cancels the address's booking in slot `slotId` and gives its place back. */
    async cancel(session: Session, slotId: number, version: number | undefined, projectId?: number): Promise<TAppointment> {
      const scope = await scopeOf(session, projectId);
      const { id, row } = await db.transaction(async (tx) => {
        const row = await findAppointmentBySlot(tx, scope, slotId, true);
        if (!row || row.isCancelled) throw new NotFoundError(appointmentMessages.notFound);
        assertVersion(row, version);
        if (!appointmentFlags(row, now()).can_be_cancelled) throw new ConflictError(appointmentMessages.cannotCancel);
        await lockSlots(tx, [slotId]);
        await releasePlace(tx, slotId);
        if (!(await updateAppointment(tx, row.id, row.version, { slotId: null, isCancelled: true, confirmedAt: null }))) {
          throw new ConflictError(appointmentMessages.stale);
        }
        return { id: row.id, row };
      });
      void changed(scope);
      if (row.startsAt) await sendCancellation(scope, row, row.startsAt);
      await placeFreed(row.planningId);
      return reload(scope, id);
    },
  };
}
export type AppointmentService = ReturnType<typeof createAppointmentService>;
