import { z } from 'zod';
import { ZDutchDate, ZId, ZLanguage } from './common.ts';
import { appointmentEmailProblem, appointmentMessages, appointmentMobileProblem, PHONE_MAX_LENGTH } from './appointment-rules.ts';
import { EMAIL_MAX_LENGTH, tooLongMessage } from './validation.ts';

/**
 * Appointments (afspraken) of the caller's address in the chosen project (`project_id` in the query,
 * as every occupant call; the address's only project when left out).
 *
 * Terms:
 * - a *slot* (the spec's cluster schedule) is a date and time with a capacity: how many addresses
 *   may book it. Its id is the `cluster_schedule_id`: the id of each `available_slots` entry, the
 *   slot an appointment is booked in (`cluster_schedule_id` of an appointment, null while it is not
 *   planned or cancelled), and the slot chosen in a change (body `cluster_schedule_id`).
 * - confirm and cancel name the appointment by that booked slot: `/cancel/{cluster_schedule_id}` is
 *   "my address's booking in this slot". An address holds at most one booking per slot, so the
 *   slot id plus the caller's address identify exactly one appointment; another address's slot
 *   id answers 404.
 * - `version` grows by one with every change, confirmation and cancellation. A change, confirm or
 *   cancel that names an older version than the stored one is refused with 409
 *   (`appointmentMessages.stale`) instead of overwriting what happened in between.
 *
 * Flags (computed by the server from the appointment's state and its planning's settings):
 * - can_be_made: not planned (new or cancelled) and residents may choose their own slot;
 * - can_be_rescheduled / can_be_cancelled: planned, allowed by the planning, and the appointment is
 *   more than the planning's deadline (hours) away;
 * - show_confirm_option_for_occupants: planned, not yet confirmed, still in the future and the
 *   planning asks residents to confirm.
 */

/** HH:mm in Europe/Amsterdam. */
export const ZAppointmentTime = z.string().regex(/^\d{2}:\d{2}$/);

export const ZAvailableSlot = z.object({ id: z.number(), date: ZDutchDate, time: ZAppointmentTime });
export type TAvailableSlot = z.infer<typeof ZAvailableSlot>;

export const ZAppointment = z.object({
  id: z.number(),
  subject: z.string(),
  /** Date (DD-MM-YYYY) and time (HH:mm) of the booked slot; null when not planned. */
  address_date: ZDutchDate.nullable(),
  address_time: ZAppointmentTime.nullable(),
  /** 1 ochtend, 2 middag, 3 avond; null when not planned. */
  daypart_id: z.number().int().min(1).max(3).nullable(),
  is_cancelled: z.boolean(),
  /** The slot the appointment is booked in (see above); null when not planned. */
  cluster_schedule_id: z.number().nullable(),
  confirmed_by_address: z.boolean(),
  show_confirm_option_for_occupants: z.boolean(),
  can_be_rescheduled: z.boolean(),
  can_be_made: z.boolean(),
  can_be_cancelled: z.boolean(),
  version: z.number().int().min(1),
  /** How many slots (other than the booked one) still have a free place, in the future. */
  nr_of_available_slots: z.number().int().min(0),
});
export type TAppointment = z.infer<typeof ZAppointment>;

/**
 * An appointment with the slots it may be planned in or moved to (spec section 3: `available_slots`,
 * id, date, time): free places only, future only, not the booked one, soonest first, at most 200.
 * GET /occupant/appointments and GET /occupant/appointment/{id} both carry them.
 */
export const ZAppointmentDetail = ZAppointment.extend({ available_slots: z.array(ZAvailableSlot) });
export type TAppointmentDetail = z.infer<typeof ZAppointmentDetail>;
export const ZAppointmentList = z.array(ZAppointmentDetail);

export const ZAppointmentParams = z.object({ id: ZId });
export const ZClusterScheduleParams = z.object({ cluster_schedule_id: ZId });

const ZSlotId = z.preprocess(
  (value) => (value === '' || value === null ? undefined : typeof value === 'string' ? Number(value) : value),
  z.number({ error: appointmentMessages.slotRequired }).int(appointmentMessages.slotRequired).positive(appointmentMessages.slotRequired).max(2_147_483_647, appointmentMessages.slotRequired),
);

const changeFields = {
  /** The chosen slot: the id of one of `available_slots`. */
  cluster_schedule_id: ZSlotId,
  send_confirmation_email: z.boolean().default(false),
  email_address: z.string().max(EMAIL_MAX_LENGTH, tooLongMessage(EMAIL_MAX_LENGTH)).nullish(),
  send_confirmation_sms: z.boolean().default(false),
  mobile_number: z.string().max(PHONE_MAX_LENGTH, tooLongMessage(PHONE_MAX_LENGTH)).nullish(),
  language: ZLanguage,
};

type ChangeInput = { send_confirmation_email: boolean; email_address?: string | null; send_confirmation_sms: boolean; mobile_number?: string | null };
/**
 * Runs even when another field (the slot) failed, so that a form learns every problem at once; not
 * when the confirmation fields themselves are malformed.
 */
const CONFIRMATION_FIELDS = ['send_confirmation_email', 'email_address', 'send_confirmation_sms', 'mobile_number'];
const confirmationCheck = {
  when: (payload: { value: unknown; issues: Array<{ path?: PropertyKey[] }> }) =>
    typeof payload.value === 'object' && payload.value !== null && payload.issues.every((issue) => !CONFIRMATION_FIELDS.includes(String(issue.path?.[0]))),
};
function checkConfirmations(body: ChangeInput, ctx: z.RefinementCtx) {
  if (body.send_confirmation_email) {
    const problem = appointmentEmailProblem(body.email_address);
    if (problem) ctx.addIssue({ code: 'custom', path: ['email_address'], message: problem });
  }
  if (body.send_confirmation_sms) {
    const problem = appointmentMobileProblem(body.mobile_number);
    if (problem) ctx.addIssue({ code: 'custom', path: ['mobile_number'], message: problem });
  }
}

/** The appointment's version as the client saw it (an integer column: at most 2^31 - 1). */
const ZVersion = z.number().int().min(1).max(2_147_483_647);

/**
 * POST /occupant/appointment/v2/change/{id}: `version` is required (the version the resident saw).
 * E-mail and mobile number are needed only when their confirmation is ticked.
 */
export const ZAppointmentChangeV2Body = z.object({ ...changeFields, version: ZVersion }).superRefine(checkConfirmations, confirmationCheck);
/**
 * POST /occupant/appointment/change/{id} (the older call): the same body, but `version` may be left
 * out; then the change applies to whatever version is stored. Slot capacity is enforced either way.
 */
export const ZAppointmentChangeBody = z.object({ ...changeFields, version: ZVersion.optional() }).superRefine(checkConfirmations, confirmationCheck);
export type TAppointmentChangeBody = z.input<typeof ZAppointmentChangeV2Body>;

/** Confirm and cancel need no body; a `version` in it is checked like a change's. */
export const ZAppointmentActionBody = z.object({ version: ZVersion.optional(), language: ZLanguage }).nullish();

/**
 * `confirmation` (changes only): 'sent' when the e-mail and/or SMS asked for went out; 'limited' when
 * they were held back because the address or a recipient had too many confirmations (the booking
 * itself is stored; `message` says so); 'not-requested'; 'unchanged' when the same slot was chosen
 * again: nothing was written or sent.
 */
export const ZAppointmentResult = z.object({
  success: z.literal(true),
  message: z.string(),
  appointment: ZAppointment,
  confirmation: z.enum(['sent', 'limited', 'not-requested', 'unchanged']).optional(),
});
export type TAppointmentResult = z.infer<typeof ZAppointmentResult>;

export const appointmentPaths = {
  list: '/occupant/appointments',
  one: '/occupant/appointment/:id',
  change: '/occupant/appointment/change/:id',
  changeV2: '/occupant/appointment/v2/change/:id',
  confirm: '/occupant/appointment/v2/confirm/:cluster_schedule_id',
  cancel: '/occupant/appointment/cancel/:cluster_schedule_id',
} as const;
