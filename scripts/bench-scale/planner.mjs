/**
 * bench --scale: the appointment planner (issue 17). 10,000 appointments in the scale project P: two more
 * appointment types ('Schouw', 'Oplevering'), each with 5 slots a working day over 8 weeks (from next Monday)
 * of 25 places, every one of the 5,000 addresses booked in both (about 1,250 bookings a week), one in five
 * confirmed. Calls: the planner's week and a day, and the addresses without an appointment of a type.
 */
export async function seed(run, { P, one }) {
  const types = [];
  for (const subject of ['Schouw', 'Oplevering']) {
    const { id } = await one(`INSERT INTO appointment_plannings (project_id, subject, change_deadline_hours) VALUES ($1, $2, 24) RETURNING id`, [P, subject]);
    types.push(id);
  }
  // Working days of the 8 weeks from next Monday (Europe/Amsterdam), 5 slots a day: 200 slots of 25 places per type.
  await run(`INSERT INTO appointment_slots (planning_id, starts_at, daypart_id, capacity, taken)
    SELECT t, ((d::date + h * interval '1 hour')::timestamp AT TIME ZONE 'Europe/Amsterdam'), CASE WHEN h < 12 THEN 1 ELSE 2 END, 25, 0
    FROM unnest($1::int[]) t
    CROSS JOIN generate_series(date_trunc('week', now() AT TIME ZONE 'Europe/Amsterdam') + interval '7 days',
      date_trunc('week', now() AT TIME ZONE 'Europe/Amsterdam') + interval '62 days', interval '1 day') d
    CROSS JOIN unnest(ARRAY[9, 10, 11, 13, 14]) h
    WHERE extract(isodow FROM d) < 6`, [types]);
  // Address n takes place (n - 1) of the type's 5,000 in slot order: 25 per slot.
  await run(`INSERT INTO appointments (planning_id, address_id, slot_id, confirmed_at)
    SELECT s.planning_id, a.id, s.id, CASE WHEN a.n % 5 = 0 THEN now() END
    FROM bench_addresses a
    JOIN (SELECT id, planning_id, row_number() OVER (PARTITION BY planning_id ORDER BY starts_at, id) - 1 AS k FROM appointment_slots WHERE planning_id = ANY($1::int[])) s
      ON s.k = (a.n - 1) / 25`, [types]);
  await run(`UPDATE appointment_slots s SET taken = c.n FROM (SELECT slot_id, count(*) AS n FROM appointments WHERE planning_id = ANY($1::int[]) GROUP BY slot_id) c
    WHERE c.slot_id = s.id`, [types]);
  // A few hundred addresses without a booking of the first type (cancelled), on its waiting list.
  await run(`WITH gone AS (UPDATE appointments SET slot_id = NULL, is_cancelled = true
      WHERE planning_id = $1 AND address_id IN (SELECT id FROM bench_addresses WHERE n % 20 = 0) RETURNING address_id)
    INSERT INTO appointment_waitlist (planning_id, address_id, joined_at) SELECT $1, address_id, now() - interval '1 day' FROM gone`, [types[0]]);
  await run(`UPDATE appointment_slots s SET taken = (SELECT count(*) FROM appointments a WHERE a.slot_id = s.id AND NOT a.is_cancelled) WHERE s.planning_id = $1`, [types[0]]);
  const { day } = await one(`SELECT to_char(date_trunc('week', now() AT TIME ZONE 'Europe/Amsterdam') + interval '15 days', 'YYYY-MM-DD') AS day`);
  return { plannerProject: P, plannerTypes: types, plannerDay: day };
}

export function calls(ids, c) {
  const base = `/api/staff/projects/${ids.plannerProject}/appointments`;
  const [schouw] = ids.plannerTypes;
  return [
    c('/api/staff/projects/{id}/appointments/planner?view=week', `${base}/planner?view=week&date=${ids.plannerDay}`),
    c('/api/staff/projects/{id}/appointments/planner?view=week&type={type}', `${base}/planner?view=week&date=${ids.plannerDay}&type=${schouw}`),
    c('/api/staff/projects/{id}/appointments/planner?view=day', `${base}/planner?view=day&date=${ids.plannerDay}`),
    c('/api/staff/projects/{id}/appointments/without?type={type}', `${base}/without?type=${schouw}`),
    c('/api/staff/projects/{id}/appointments/without?type={type}&q=Lelieweg', `${base}/without?type=${schouw}&q=Lelieweg`),
    c('/api/staff/projects/{id}/appointments/waitlist?type={type}', `${base}/waitlist?type=${schouw}`),
  ];
}
