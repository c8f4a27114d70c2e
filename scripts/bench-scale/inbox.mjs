/**
 * The team inbox at scale (issue 17): the console's inbox over project P's 4,050 conversations (4,000 of addresses,
 * 50 of visitors, 100,000 messages, seeded by scripts/bench-scale.mjs). What the main seed leaves out is added here:
 * the conversations' states as the portal keeps them (open when the resident spoke last, waiting when the team did,
 * every 7th closed), the team's first answer, assignments to the demo's staff, private notes on every 10th
 * conversation and a few saved replies of the customer.
 *
 * Calls: the inbox's first page of P, filtered by state, a search (a street and house number), one conversation
 * with its context, and P's answer-time figures.
 */

/** Adds what the main seed leaves out; returns the ids the calls need. */
export async function seed(run, { P, one }) {
  const p = [P];
  await run(`UPDATE chat_conversations c SET
      status = CASE WHEN c.id % 7 = 0 THEN 'closed' WHEN c.last_message_from_staff THEN 'waiting' ELSE 'open' END,
      closed_at = CASE WHEN c.id % 7 = 0 THEN c.last_message_at END,
      first_staff_answer_at = (SELECT min(m.created_at) FROM chat_messages m WHERE m.conversation_id = c.id AND m.from_staff)
    WHERE c.project_id = $1`, p);
  // Every 3rd conversation assigned to one of the customer's staff (round robin).
  await run(`WITH staff AS (
      SELECT u.id, row_number() OVER (ORDER BY u.id) - 1 AS k, count(*) OVER () AS n
      FROM users u JOIN user_customers uc ON uc.user_id = u.id JOIN projects pr ON pr.customer_id = uc.customer_id WHERE pr.id = $1)
    UPDATE chat_conversations c SET assigned_user_id = s.id
    FROM staff s WHERE c.project_id = $1 AND c.id % 3 = 0 AND s.k = (c.id / 3) % s.n`, p);
  await run(`INSERT INTO chat_notes (conversation_id, user_id, user_name, note, created_at)
    SELECT c.id, c.assigned_user_id, 'Beheerder', 'Interne notitie: bewoner terugbellen over de planning van de steiger.', c.last_message_at
    FROM chat_conversations c WHERE c.project_id = $1 AND c.id % 10 = 0`, p);
  await run(`INSERT INTO chat_saved_replies (customer_id, title, body)
    SELECT pr.customer_id, t.title, t.body FROM projects pr CROSS JOIN (VALUES
      ('Steiger', 'Beste {voornaam}, de steiger wordt binnen twee weken weggehaald.'),
      ('Afspraak monteur', 'Beste {voornaam}, de monteur komt volgende week langs; u krijgt vooraf een afspraak.'),
      ('Dank voor uw bericht', 'Dank voor uw bericht, {voornaam}. Wij komen er zo snel mogelijk bij u op terug.')) t(title, body)
    WHERE pr.id = $1 ON CONFLICT DO NOTHING`, p);
  // The conversation of the address halfway the project (n = 2,500), with its context.
  const conversation = (await one(`SELECT c.id FROM chat_conversations c JOIN bench_addresses a ON a.id = c.address_id
    WHERE c.project_id = $1 AND a.n = 2500`, p)).id;
  const address = await one(`SELECT a.street, a.house_number FROM addresses a JOIN chat_conversations c ON c.address_id = a.id WHERE c.id = $1`, [conversation]);
  return { inboxProject: P, inboxConversation: conversation, inboxSearch: `${address.street} ${address.house_number}` };
}

/** The console's inbox reads, as the web makes them. */
export function calls(ids, c) {
  const P = ids.inboxProject;
  return [
    c('/api/staff/inbox?project_id={id}', `/api/staff/inbox?project_id=${P}`),
    c('/api/staff/inbox?project_id={id}&status=open', `/api/staff/inbox?project_id=${P}&status=open`),
    c('/api/staff/inbox?project_id={id}&q={street number}', `/api/staff/inbox?project_id=${P}&q=${encodeURIComponent(ids.inboxSearch)}`),
    c('/api/staff/conversations/{id}', `/api/staff/conversations/${ids.inboxConversation}`),
    c('/api/staff/projects/{id}/inbox/answer-times', `/api/staff/projects/${P}/inbox/answer-times`),
  ];
}
