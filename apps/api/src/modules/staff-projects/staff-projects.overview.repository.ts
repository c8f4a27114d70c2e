import { and, asc, eq, gte, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { addresses } from '../address/address.table.ts';
import { appointmentPlannings, appointments, appointmentSlots } from '../appointment/appointment.table.ts';
import { chatConversations } from '../chat/chat.table.ts';
import { forms } from '../form-engine/form-engine.table.ts';

/**
 * The project overview's own reads (staff-projects.overview.service.ts): each one aggregate or one short index range,
 * always scoped by the project (the service checked that the caller reaches it).
 */

/** A day in Europe/Amsterdam ('YYYY-MM-DD') as the moment it starts. */
const dayStart = (day: string) => sql`((${day}::date)::timestamp AT TIME ZONE 'Europe/Amsterdam')`;

/** Conversations per inbox state (chat_conversations_state_idx); only those with a message are in the inbox. */
export async function conversationCounts(db: Db, projectId: number) {
  return db.select({
    status: chatConversations.status,
    n: sql<number>`count(*)::int`,
    unassigned: sql<number>`(count(*) FILTER (WHERE ${chatConversations.assignedUserId} IS NULL))::int`,
  }).from(chatConversations)
    .where(and(eq(chatConversations.projectId, projectId), isNotNull(chatConversations.lastMessageAt)))
    .groupBy(chatConversations.status);
}

/** The open conversations whose last (resident's) message is oldest: a forward range of chat_conversations_state_idx. */
export async function longestWaiting(db: Db, projectId: number, limit: number) {
  return db.select({
    id: chatConversations.id, lastMessageAt: chatConversations.lastMessageAt, visitorName: chatConversations.visitorName,
    assignedUserId: chatConversations.assignedUserId,
    street: addresses.street, houseNumber: addresses.houseNumber, zipcode: addresses.zipcode, city: addresses.city,
  }).from(chatConversations)
    .leftJoin(addresses, eq(addresses.id, chatConversations.addressId))
    .where(and(eq(chatConversations.projectId, projectId), eq(chatConversations.status, 'open'), isNotNull(chatConversations.lastMessageAt)))
    .orderBy(asc(chatConversations.lastMessageAt), asc(chatConversations.id))
    .limit(limit);
}

/** The project's live forms that close between `from` and `to`, soonest first (forms_project_idx: a project has tens of forms, not thousands). */
export async function closingForms(db: Db, projectId: number, from: Date, to: Date) {
  return db.select({ id: forms.id, name: forms.name, kind: forms.kind, closesAt: forms.closesAt, allowMultipleEntries: forms.allowMultipleEntries })
    .from(forms)
    .where(and(eq(forms.projectId, projectId), isNull(forms.archivedAt), eq(forms.isActive, true), isNotNull(forms.publishedVersion),
      gte(forms.closesAt, from), lt(forms.closesAt, to)))
    .orderBy(asc(forms.closesAt), asc(forms.id))
    .limit(20);
}

/**
 * Booked appointments (a slot, not cancelled) of the project from `weekStart` for 7 days, and of `today`: one range of
 * appointment_slots_planning_idx per appointment type, the bookings by appointments_slot_idx.
 */
export async function appointmentCounts(db: Db, projectId: number, today: string, weekStart: string, weekEnd: string) {
  const from = sql`least(${dayStart(today)}, ${dayStart(weekStart)})`;
  const [row] = await db.select({
    today: sql<number>`(count(*) FILTER (WHERE ${appointmentSlots.startsAt} >= ${dayStart(today)} AND ${appointmentSlots.startsAt} < ${dayStart(today)} + interval '1 day'))::int`,
    week: sql<number>`(count(*) FILTER (WHERE ${appointmentSlots.startsAt} >= ${dayStart(weekStart)} AND ${appointmentSlots.startsAt} < ${dayStart(weekEnd)}))::int`,
  }).from(appointmentPlannings)
    .innerJoin(appointmentSlots, eq(appointmentSlots.planningId, appointmentPlannings.id))
    .innerJoin(appointments, and(eq(appointments.slotId, appointmentSlots.id), eq(appointments.isCancelled, false)))
    .where(and(eq(appointmentPlannings.projectId, projectId), sql`${appointmentSlots.startsAt} >= ${from}`,
      sql`${appointmentSlots.startsAt} < greatest(${dayStart(today)} + interval '1 day', ${dayStart(weekEnd)})`));
  return { today: row?.today ?? 0, week: row?.week ?? 0 };
}

/** Today's first booked appointments with their address and type. */
export async function firstAppointments(db: Db, projectId: number, today: string, limit: number) {
  return db.select({
    id: appointments.id, startsAt: appointmentSlots.startsAt, subject: appointmentPlannings.subject,
    street: addresses.street, houseNumber: addresses.houseNumber, zipcode: addresses.zipcode, city: addresses.city,
  }).from(appointmentPlannings)
    .innerJoin(appointmentSlots, eq(appointmentSlots.planningId, appointmentPlannings.id))
    .innerJoin(appointments, and(eq(appointments.slotId, appointmentSlots.id), eq(appointments.isCancelled, false)))
    .innerJoin(addresses, eq(addresses.id, appointments.addressId))
    .where(and(eq(appointmentPlannings.projectId, projectId), sql`${appointmentSlots.startsAt} >= ${dayStart(today)}`,
      sql`${appointmentSlots.startsAt} < ${dayStart(today)} + interval '1 day'`))
    .orderBy(asc(appointmentSlots.startsAt), asc(appointments.id))
    .limit(limit);
}
