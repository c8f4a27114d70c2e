/**
 * The project overview (issue 17) in `npm run bench -- --scale`: GET /api/staff/projects/{id}/overview as the
 * customer administrator (every part: conversations, consent per building unit, forms closing this week, payments,
 * appointments, activation) over the scale project's 5,000 addresses.
 *
 * The scale project already has its forms, entries, payments, conversations and 10,000 appointments (none today); this
 * seed adds little, so that every part has something to count:
 * - the generic form closes in 3 days (run after the main seed's forms: without them nothing is changed);
 * - the inbox states of the conversations as migration 0027 derives them (the team's last message: waiting);
 * - a third appointment type with 400 appointments today and tomorrow (8 slots of capacity 25 a day).
 */
export async function seed(run, { P }) {
  await run(`UPDATE forms SET closes_at = now() + interval '3 days' WHERE project_id = $1 AND kind = 'generic'`, [P]);
  await run(`UPDATE chat_conversations SET status = CASE WHEN last_message_from_staff THEN 'waiting' ELSE 'open' END
    WHERE project_id = $1 AND status <> 'closed'`, [P]);
  await run(`INSERT INTO appointment_plannings (project_id, subject) VALUES ($1, 'Oplevering')`, [P]);
  await run(`INSERT INTO appointment_slots (planning_id, starts_at, daypart_id, capacity, taken)
    SELECT pl.id, (((now() AT TIME ZONE 'Europe/Amsterdam')::date + d) + time '08:00' + s * interval '1 hour') AT TIME ZONE 'Europe/Amsterdam',
      CASE WHEN s < 4 THEN 1 ELSE 2 END, 25, 25
    FROM appointment_plannings pl CROSS JOIN generate_series(0, 1) d CROSS JOIN generate_series(0, 7) s
    WHERE pl.project_id = $1 AND pl.subject = 'Oplevering'`, [P]);
  await run(`INSERT INTO appointments (planning_id, address_id, slot_id)
    SELECT pl.id, a.id, sl.id FROM appointment_plannings pl
    JOIN LATERAL (SELECT id, row_number() OVER (ORDER BY starts_at, id) AS k FROM appointment_slots WHERE planning_id = pl.id) sl ON true
    JOIN bench_addresses a ON a.n BETWEEN (sl.k - 1) * 25 + 1 AND sl.k * 25
    WHERE pl.project_id = $1 AND pl.subject = 'Oplevering'`, [P]);
  return { overviewProject: P };
}

export function calls(ids, c) {
  return [c('/api/staff/projects/{id}/overview', `/api/staff/projects/${ids.overviewProject}/overview`)];
}
