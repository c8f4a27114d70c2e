import { z } from 'zod';
import { ZExportFormat, ZId } from './common.ts';

/**
 * Appointment types and their availability in the staff console (issue 17, "Appointments"). A type is
 * the spec's planning of a project (schouw, keuzegesprek, oplevering): subject, duration, who may book,
 * confirmations, what residents may do themselves, and the rules its slots are made from: hours per
 * weekday, other hours on a date, days off, capacity per slot, a buffer between slots, how far ahead
 * residents may book, and the minimum notice for booking, moving and cancelling. Times are local
 * (Europe/Amsterdam).
 */
export const staffAppointmentTypePaths = {
  list: '/staff/projects/:projectId/appointment-types',
  one: '/staff/projects/:projectId/appointment-types/:typeId',
  slots: '/staff/projects/:projectId/appointment-types/:typeId/slots',
  preview: '/staff/projects/:projectId/appointment-types/preview',
  options: '/staff/projects/:projectId/appointment-types/options',
  export: '/staff/projects/:projectId/appointment-types/export',
} as const;

export const WEEKDAY_NAMES = ['maandag', 'dinsdag', 'woensdag', 'donderdag', 'vrijdag', 'zaterdag', 'zondag'] as const;
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
/** 1 = Monday .. 7 = Sunday: 'Maandag'. */
export const weekdayName = (weekday: number) => capital(WEEKDAY_NAMES[weekday - 1] ?? String(weekday));
/** 'YYYY-MM-DD' -> 'DD-MM-YYYY'. */
const dutch = (isoDate: string) => isoDate.split('-').reverse().join('-');

export const appointmentTypeLimits = {
  subjectMax: 120, durationMin: 5, durationMax: 720, capacityMax: 500, bufferMax: 240, horizonMax: 365, noticeMax: 8760,
  rangesPerDay: 8, overridesMax: 200, addressesMax: 5000, unitsMax: 200,
} as const;

export const appointmentTypeMessages = {
  typeNotFound: 'Deze afspraaksoort bestaat niet (meer).',
  subjectRequired: 'Vul een onderwerp in.',
  subjectTooLong: `Het onderwerp is te lang (maximaal ${appointmentTypeLimits.subjectMax} tekens).`,
  duration: `De duur is een heel aantal minuten van ${appointmentTypeLimits.durationMin} tot ${appointmentTypeLimits.durationMax}.`,
  capacity: `De capaciteit per tijdstip is minimaal 1 en maximaal ${appointmentTypeLimits.capacityMax}.`,
  buffer: `De pauze tussen tijdstippen is 0 tot ${appointmentTypeLimits.bufferMax} minuten.`,
  horizon: `Hoe ver vooruit bewoners kunnen boeken: 1 tot ${appointmentTypeLimits.horizonMax} dagen.`,
  notice: `Een minimale termijn is 0 tot ${appointmentTypeLimits.noticeMax} uur.`,
  timeFormat: 'Vul een tijd in als UU:MM, bijvoorbeeld 09:00.',
  dateFormat: 'Vul een datum in als JJJJ-MM-DD.',
  weekday: 'Kies een dag van maandag tot en met zondag.',
  unitsRequired: 'Kies minstens één bouwdeel dat mag boeken.',
  addressesRequired: 'Kies minstens één adres dat mag boeken.',
  unknownUnit: (unit: string) => `Bouwdeel '${unit}' bestaat niet in dit project.`,
  unknownAddresses: 'Een of meer gekozen adressen horen niet bij dit project.',
  endBeforeStart: (day: string, start: string, end: string) => `${day}: de eindtijd ${end} ligt niet na de begintijd ${start}.`,
  overlap: (day: string, a: string, b: string) => `${day}: de tijden ${a} en ${b} overlappen.`,
  tooShort: (day: string, range: string, minutes: number) => `${day}: ${range} is korter dan de duur van de afspraak (${minutes} minuten).`,
  tooManyRanges: (day: string) => `${day}: maximaal ${appointmentTypeLimits.rangesPerDay} tijdvakken per dag.`,
  duplicateWeekday: (day: string) => `${day} staat twee keer in het weekrooster.`,
  duplicateDate: (date: string) => `${dutch(date)} staat twee keer bij de afwijkende dagen of vrije dagen.`,
  overrideEmpty: (date: string) => `${dutch(date)}: geef andere tijden op, of maak er een vrije dag van.`,
  hasBookings: (n: number) => `Deze afspraaksoort heeft nog ${n} ${n === 1 ? 'geboekte afspraak' : 'geboekte afspraken'}. Annuleer of verplaats die eerst.`,
  tooSoon: (hours: number) => `Dit tijdstip is te kort dag: boeken kan tot ${hours} uur van tevoren. Kies een later tijdstip.`,
  notForAddress: 'Deze afspraak is niet (meer) voor uw adres te boeken.',
  saved: 'De afspraaksoort is opgeslagen.',
} as const;

const ZTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, appointmentTypeMessages.timeFormat);
const ZIsoDay = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, appointmentTypeMessages.dateFormat);
export const ZTimeRange = z.object({ start: ZTime, end: ZTime });
export type TTimeRange = z.infer<typeof ZTimeRange>;
export const ZWeeklyHours = z.object({
  weekday: z.number({ error: appointmentTypeMessages.weekday }).int(appointmentTypeMessages.weekday).min(1, appointmentTypeMessages.weekday).max(7, appointmentTypeMessages.weekday),
  ranges: z.array(ZTimeRange),
});
export type TWeeklyHours = z.infer<typeof ZWeeklyHours>;
export const ZDateOverride = z.object({ date: ZIsoDay, ranges: z.array(ZTimeRange) });
export type TDateOverride = z.infer<typeof ZDateOverride>;

const int = (message: string, min: number, max: number) => z.number({ error: message }).int(message).min(min, message).max(max, message);

/** The availability rules of a type. */
export const ZAvailabilityRules = z.object({
  weekly: z.array(ZWeeklyHours).max(7),
  /** Other hours on a date (instead of the weekday's hours). */
  overrides: z.array(ZDateOverride).max(appointmentTypeLimits.overridesMax),
  /** Dates without slots ('YYYY-MM-DD'). */
  days_off: z.array(ZIsoDay).max(appointmentTypeLimits.overridesMax),
  slot_capacity: int(appointmentTypeMessages.capacity, 1, appointmentTypeLimits.capacityMax),
  buffer_minutes: int(appointmentTypeMessages.buffer, 0, appointmentTypeLimits.bufferMax),
  horizon_days: int(appointmentTypeMessages.horizon, 1, appointmentTypeLimits.horizonMax),
  booking_notice_hours: int(appointmentTypeMessages.notice, 0, appointmentTypeLimits.noticeMax),
  reschedule_notice_hours: int(appointmentTypeMessages.notice, 0, appointmentTypeLimits.noticeMax),
  cancel_notice_hours: int(appointmentTypeMessages.notice, 0, appointmentTypeLimits.noticeMax),
});
export type TAvailabilityRules = z.infer<typeof ZAvailabilityRules>;

export const WHO_MAY_BOOK = ['all', 'units', 'addresses'] as const;
export const ZWhoMayBook = z.enum(WHO_MAY_BOOK);
export type TWhoMayBook = z.infer<typeof ZWhoMayBook>;

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

export type RuleProblem = { field: string; message: string };

/**
 * The problems of a type's rules, in Dutch, each with the field it belongs to: a range ending at or
 * before its start, ranges of a day that overlap, a range shorter than the duration, a weekday or date
 * twice, an override without hours. Shared by the server (422) and the console's editor.
 */
export function appointmentRulesProblems(durationMinutes: number, rules: Pick<TAvailabilityRules, 'weekly' | 'overrides' | 'days_off'>): RuleProblem[] {
  const problems: RuleProblem[] = [];
  const checkRanges = (field: string, day: string, ranges: TTimeRange[]) => {
    if (ranges.length > appointmentTypeLimits.rangesPerDay) problems.push({ field, message: appointmentTypeMessages.tooManyRanges(day) });
    const valid: Array<{ start: number; end: number; label: string }> = [];
    ranges.forEach((range, i) => {
      const start = minutesOf(range.start);
      const end = minutesOf(range.end);
      const label = `${range.start}-${range.end}`;
      if (end <= start) problems.push({ field: `${field}.${i}.end`, message: appointmentTypeMessages.endBeforeStart(day, range.start, range.end) });
      else if (end - start < durationMinutes) problems.push({ field: `${field}.${i}`, message: appointmentTypeMessages.tooShort(day, label, durationMinutes) });
      else valid.push({ start, end, label });
    });
    valid.sort((a, b) => a.start - b.start);
    for (let i = 1; i < valid.length; i++) {
      if (valid[i]!.start < valid[i - 1]!.end) problems.push({ field, message: appointmentTypeMessages.overlap(day, valid[i - 1]!.label, valid[i]!.label) });
    }
  };
  const weekdays = new Set<number>();
  rules.weekly.forEach((day, i) => {
    const name = weekdayName(day.weekday);
    if (weekdays.has(day.weekday)) problems.push({ field: `availability.weekly.${i}.weekday`, message: appointmentTypeMessages.duplicateWeekday(name) });
    weekdays.add(day.weekday);
    checkRanges(`availability.weekly.${i}.ranges`, name, day.ranges);
  });
  const dates = new Set<string>();
  rules.overrides.forEach((override, i) => {
    if (dates.has(override.date)) problems.push({ field: `availability.overrides.${i}.date`, message: appointmentTypeMessages.duplicateDate(override.date) });
    dates.add(override.date);
    if (!override.ranges.length) problems.push({ field: `availability.overrides.${i}.ranges`, message: appointmentTypeMessages.overrideEmpty(override.date) });
    checkRanges(`availability.overrides.${i}.ranges`, dutch(override.date), override.ranges);
  });
  rules.days_off.forEach((date, i) => {
    if (dates.has(date)) problems.push({ field: `availability.days_off.${i}`, message: appointmentTypeMessages.duplicateDate(date) });
    dates.add(date);
  });
  return problems;
}

const typeFields = {
  subject: z.string({ error: appointmentTypeMessages.subjectRequired }).trim().min(1, appointmentTypeMessages.subjectRequired).max(appointmentTypeLimits.subjectMax, appointmentTypeMessages.subjectTooLong),
  duration_minutes: int(appointmentTypeMessages.duration, appointmentTypeLimits.durationMin, appointmentTypeLimits.durationMax),
  who_may_book: ZWhoMayBook,
  building_units: z.array(z.string().trim().min(1).max(120)).max(appointmentTypeLimits.unitsMax),
  address_ids: z.array(ZId).max(appointmentTypeLimits.addressesMax),
  confirm_by_email: z.boolean(),
  confirm_by_sms: z.boolean(),
  occupants_can_plan: z.boolean(),
  occupants_can_confirm: z.boolean(),
  occupants_can_cancel: z.boolean(),
  availability: ZAvailabilityRules,
};

type TypeShape = { duration_minutes: number; who_may_book: TWhoMayBook; building_units: string[]; address_ids: number[]; availability: TAvailabilityRules };
function checkType(body: TypeShape, ctx: z.RefinementCtx) {
  if (body.who_may_book === 'units' && !body.building_units.length) ctx.addIssue({ code: 'custom', path: ['building_units'], message: appointmentTypeMessages.unitsRequired });
  if (body.who_may_book === 'addresses' && !body.address_ids.length) ctx.addIssue({ code: 'custom', path: ['address_ids'], message: appointmentTypeMessages.addressesRequired });
  for (const problem of appointmentRulesProblems(body.duration_minutes, body.availability)) {
    ctx.addIssue({ code: 'custom', path: problem.field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)), message: problem.message });
  }
}

/** Create or replace a type (PUT sends every field). */
export const ZAppointmentTypeBody = z.object(typeFields).superRefine(checkType);
export type TAppointmentTypeBody = z.infer<typeof ZAppointmentTypeBody>;

/** What the editor previews: the slots these rules would make (nothing is stored). */
export const ZAppointmentTypePreviewBody = z.object({ duration_minutes: typeFields.duration_minutes, availability: ZAvailabilityRules })
  .superRefine((body, ctx) => checkType({ ...body, who_may_book: 'all', building_units: [], address_ids: [] }, ctx));
export type TAppointmentTypePreviewBody = z.infer<typeof ZAppointmentTypePreviewBody>;

export const ZAppointmentType = z.object({
  id: z.number(),
  project_id: z.number(),
  ...typeFields,
  subject: z.string(),
  /** False for a planning made before the console: its slots are hand-made until rules are saved. */
  slots_from_rules: z.boolean(),
  booked_count: z.number(),
  /** Future slots and their free places. */
  slot_count: z.number(),
  free_places: z.number(),
  updated_at: z.string(),
});
export type TAppointmentType = z.infer<typeof ZAppointmentType>;

export const ZAppointmentTypeListItem = ZAppointmentType.pick({
  id: true, subject: true, duration_minutes: true, who_may_book: true, building_units: true, slots_from_rules: true,
  booked_count: true, slot_count: true, free_places: true, updated_at: true,
}).extend({ address_count: z.number() });
export type TAppointmentTypeListItem = z.infer<typeof ZAppointmentTypeListItem>;

/** A slot of a type: its start (ISO, and date/time in Amsterdam), capacity and places taken. */
export const ZAppointmentTypeSlot = z.object({
  id: z.number().nullable(),
  starts_at: z.string(),
  date: z.string(),
  time: z.string(),
  capacity: z.number(),
  taken: z.number(),
});
export type TAppointmentTypeSlot = z.infer<typeof ZAppointmentTypeSlot>;

export const ZAppointmentTypesParams = z.object({ projectId: ZId });
export const ZAppointmentTypeParams = z.object({ projectId: ZId, typeId: ZId });
/** The list's filter: a part of the subject. */
export const ZAppointmentTypeListQuery = z.object({ q: z.string().trim().max(120).optional() });
export const ZAppointmentTypeExportQuery = ZAppointmentTypeListQuery.extend({ format: ZExportFormat });

export const ZAppointmentTypeSlotsQuery = z.object({
  from: ZIsoDay.optional(),
  days: z.coerce.number().int().min(1).max(92).default(28),
});

/** The building units of a project, for the "who may book" choice. */
export const ZAppointmentTypeOptions = z.object({ building_units: z.array(z.string()) });
export type TAppointmentTypeOptions = z.infer<typeof ZAppointmentTypeOptions>;

/** Defaults of a new type in the editor. */
export const newAppointmentTypeBody = (): TAppointmentTypeBody => ({
  subject: '', duration_minutes: 60, who_may_book: 'all', building_units: [], address_ids: [],
  confirm_by_email: true, confirm_by_sms: false, occupants_can_plan: true, occupants_can_confirm: true, occupants_can_cancel: true,
  availability: {
    weekly: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, ranges: [{ start: '09:00', end: '12:00' }, { start: '13:00', end: '16:00' }] })),
    overrides: [], days_off: [], slot_capacity: 1, buffer_minutes: 0, horizon_days: 42,
    booking_notice_hours: 24, reschedule_notice_hours: 48, cancel_notice_hours: 48,
  },
});
