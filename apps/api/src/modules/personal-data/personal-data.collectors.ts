import { sql, type SQL } from 'drizzle-orm';
import { COURT_PERIOD_DAYS, DEFAULT_RETENTION, personalDataTexts, type TErasureLine, type TPersonalDataCategory } from '@portal/contract';
import type { Queryable } from '../../lib/queryable.ts';
import { deleteUnreferencedFiles } from '../files/index.ts';

/**
 * Where the portal keeps personal data, one collector per module (issue 20). Each collector says what it holds
 * about a subject (the export's section, with the files that belong to it) and how it erases it. Adding a module
 * (push subscriptions, notification preferences) is one more entry in COLLECTORS.
 *
 * Person-bound records (the occupant, their sessions, the mail and SMS sent to them, their audit trail) belong to
 * one person; the household's records (entries, appointments, dossier, chat, ...) belong to the address and every
 * occupant sees them in the portal. A person's export holds both; erasing one person of a household that stays
 * removes the person-bound records and takes their name out of the shared ones, while erasing the last person of an
 * address (a former tenant) also removes the household's records, except what a legal hold keeps.
 */
export type Subject = {
  customerId: number;
  addressId: number;
  scope: 'person' | 'address';
  /** The occupants whose person-bound records are meant (one, or every occupant of the address). */
  occupantIds: number[];
  /** Their e-mail addresses (lower case) and phone numbers (last 9 digits), to find mail and SMS sent to them. */
  emails: string[];
  phones: string[];
};

export type ExportFileRef = { fileId: number; path: string };
export type Section = { rows: Record<string, unknown>[]; files: ExportFileRef[]; note?: string };

export type EraseContext = {
  tx: Queryable;
  subject: Subject;
  /** The household's records go too: the last occupant (a former tenant) or a whole address. */
  whole: boolean;
  /** Entries kept under a hold: payments (7 years, fiscal) and consent evidence (court period). */
  held: { payment: number[]; consent: number[] };
  /** Files whose rows were deleted: their bytes are removed from storage after the commit. */
  removedFileKeys: string[];
  /** Announces a deleted session (its token's hash) to every process's session cache when the transaction commits. */
  endSession: (tokenHash: string) => Promise<void>;
};

export type Collector = {
  category: TPersonalDataCategory;
  collect(db: Queryable, s: Subject): Promise<Section>;
  erase(c: EraseContext): Promise<Omit<TErasureLine, 'label'>[]>;
};

/**
 * Consent evidence is kept until the eight-week court period after the form's notices is over, plus the margin of the
 * retention policy (issue 20): the project's own rule for consent evidence, else the customer's, else the default.
 */
const consentMarginMonths = sql`coalesce(
  (SELECT r.months FROM retention_rules r WHERE r.project_id = f.project_id AND r.category = 'consent_evidence'),
  (SELECT r.months FROM retention_rules r JOIN projects p ON p.customer_id = r.customer_id
    WHERE p.id = f.project_id AND r.project_id IS NULL AND r.category = 'consent_evidence'),
  ${DEFAULT_RETENTION.consent_evidence.months}::int)`;
/** Payment records: 7 years (fiscal). */
export const PAYMENT_HOLD_YEARS = 7;

export async function rows<T = Record<string, unknown>>(ex: Queryable, query: SQL): Promise<T[]> {
  return (await ex.execute(query)).rows as T[];
}
async function count(ex: Queryable, query: SQL): Promise<number> {
  return (await ex.execute(query)).rowCount ?? 0;
}
const ids = (list: number[]) => sql`ARRAY[${sql.join(list.length ? list.map((n) => sql`${n}`) : [sql`NULL`], sql`, `)}]::int[]`;
const texts = (list: string[]) => sql`ARRAY[${sql.join(list.length ? list.map((n) => sql`${n}`) : [sql`NULL`], sql`, `)}]::text[]`;
const safe = (name: string) => name.normalize('NFKD').replace(/[^\w.-]+/g, '-').replace(/-+/g, '-').slice(0, 80);
const line = (category: TPersonalDataCategory, n: number, outcome: TErasureLine['outcome'], reason: string | null = null) =>
  ({ category, count: n, outcome, reason });

/** The address's entries (every form family), for the sections that hang on entries. */
const entryIdsOf = (addressId: number) => sql`(SELECT id FROM form_entries WHERE address_id = ${addressId})`;

const occupants: Collector = {
  category: 'occupants',
  async collect(db, s) {
    const list = await rows(db, sql`SELECT id, first_name, affix, last_name, gender, email_address, telephone, mobile, prefer_email,
      password_hash IS NOT NULL AS has_account, is_main, created_at FROM occupants WHERE id = ANY(${ids(s.occupantIds)}) ORDER BY id`);
    return { rows: list, files: [] };
  },
  async erase({ tx, subject, whole }) {
    const n = await count(tx, sql`DELETE FROM occupants WHERE id = ANY(${ids(subject.occupantIds)}) AND address_id = ${subject.addressId}`);
    if (whole) {
      // Nobody lives here in the portal any more: the account is gone, a new tenant activates with a new code.
      await tx.execute(sql`UPDATE addresses SET activated_at = NULL, activation_code_hash = NULL, activation_expires_at = NULL WHERE id = ${subject.addressId}`);
    }
    return [line('occupants', n, 'removed')];
  },
};

const address: Collector = {
  category: 'address',
  async collect(db, s) {
    const list = await rows(db, sql`SELECT a.id, a.zipcode, a.house_number, a.street, a.city, a.activated_at,
      coalesce(json_agg(json_build_object('project', p.name, 'building_unit', ap.building_unit, 'households', ap.households)) FILTER (WHERE p.id IS NOT NULL), '[]') AS projects
      FROM addresses a LEFT JOIN address_projects ap ON ap.address_id = a.id LEFT JOIN projects p ON p.id = ap.project_id
      WHERE a.id = ${s.addressId} GROUP BY a.id`);
    return { rows: list, files: [] };
  },
  async erase() {
    return [line('address', 1, 'kept', personalDataTexts.holds.address)];
  },
};

const sessions: Collector = {
  category: 'sessions',
  async collect(db, s) {
    const list = await rows(db, sql`SELECT 'session' AS kind, id, face, created_at, last_seen_at, expires_at, revoked_at, occupant_id
      FROM sessions WHERE occupant_id = ANY(${ids(s.occupantIds)})
      UNION ALL SELECT 'ticket', id, kind, NULL, used_at, expires_at, NULL, occupant_id FROM auth_tickets WHERE occupant_id = ANY(${ids(s.occupantIds)})
      ORDER BY created_at NULLS LAST, id`);
    return { rows: list, files: [] };
  },
  async erase({ tx, subject, whole, endSession }) {
    // The residents' sessions, and with the household a staff member's sessions acting for the address: refused at once.
    const ended = await rows<{ token_hash: string }>(tx, sql`DELETE FROM sessions WHERE occupant_id = ANY(${ids(subject.occupantIds)})
      ${whole ? sql`OR address_id = ${subject.addressId}` : sql``} RETURNING token_hash`);
    for (const s of ended) await endSession(s.token_hash);
    let n = ended.length + await count(tx, sql`DELETE FROM auth_tickets WHERE occupant_id = ANY(${ids(subject.occupantIds)})`);
    if (whole) n += await count(tx, sql`DELETE FROM auth_tickets WHERE address_id = ${subject.addressId}`);
    return [line('sessions', n, 'removed')];
  },
};

const chat: Collector = {
  category: 'chat',
  async collect(db, s) {
    const list = await rows(db, sql`SELECT m.id, p.name AS project, m.created_at, m.from_staff, m.from_user_name, m.from_occupant_id, m.from_address_name,
      m.message, m.read_at FROM chat_messages m JOIN chat_conversations c ON c.id = m.conversation_id JOIN projects p ON p.id = c.project_id
      WHERE c.address_id = ${s.addressId} ORDER BY m.created_at, m.id`);
    // The team's notes on the conversation are about the household too (shown in the console only).
    const notes = await rows(db, sql`SELECT 'note' AS kind, n.id, n.user_name, n.note, n.created_at FROM chat_notes n
      JOIN chat_conversations c ON c.id = n.conversation_id WHERE c.address_id = ${s.addressId} ORDER BY n.created_at, n.id`);
    return { rows: [...list, ...notes], files: [] };
  },
  async erase({ tx, subject, whole }) {
    if (whole) {
      const n = await count(tx, sql`DELETE FROM chat_messages WHERE conversation_id IN (SELECT id FROM chat_conversations WHERE address_id = ${subject.addressId})`);
      await tx.execute(sql`DELETE FROM chat_conversations WHERE address_id = ${subject.addressId}`);
      return [line('chat', n, 'removed')];
    }
    const n = await count(tx, sql`UPDATE chat_messages SET from_address_name = 'Verwijderde bewoner', from_occupant_id = NULL
      WHERE from_occupant_id = ANY(${ids(subject.occupantIds)})`);
    return [line('chat', n, 'anonymised', personalDataTexts.holds.shared)];
  },
};

const formEntries: Collector = {
  category: 'form-entries',
  async collect(db, s) {
    const list = await rows<Record<string, unknown> & { id: number; summary_file_id: number | null }>(db, sql`SELECT e.id, f.name AS form, f.kind, p.name AS project,
      e.values, e.status, e.locked, e.signatures, e.nr_of_signatures, e.comment, e.agreement, e.agreement_at, e.on_paper, e.amount_cents, e.paid_at,
      e.email_to, e.form_version, e.sent_at, e.created_at, e.updated_at, e.summary_file_id,
      (SELECT coalesce(json_agg(json_build_object('action', ev.action, 'actor_kind', ev.actor_kind, 'occupant_id', ev.occupant_id, 'detail', ev.detail, 'at', ev.at) ORDER BY ev.at), '[]')
        FROM form_entry_events ev WHERE ev.entry_id = e.id) AS history
      FROM form_entries e JOIN forms f ON f.id = e.form_id JOIN projects p ON p.id = e.project_id WHERE e.address_id = ${s.addressId} ORDER BY e.id`);
    const photos = await rows<{ entry_id: number; element_id: string; file_id: number; filename: string }>(db, sql`SELECT ph.entry_id, ph.element_id, ph.file_id, fi.filename
      FROM form_photos ph JOIN files fi ON fi.id = ph.file_id WHERE ph.entry_id IN ${entryIdsOf(s.addressId)} ORDER BY ph.id`);
    const files: ExportFileRef[] = photos.map((ph) => ({ fileId: ph.file_id, path: `formulieren/${ph.entry_id}/foto-${ph.file_id}-${safe(ph.filename)}` }));
    for (const e of list) if (e.summary_file_id) files.push({ fileId: e.summary_file_id, path: `formulieren/${e.id}/samenvatting-${e.id}.pdf` });
    const withPhotos = list.map((e) => ({ ...e, photos: photos.filter((ph) => ph.entry_id === e.id).map((ph) => ({ element_id: ph.element_id, file: `formulieren/${e.id}/foto-${ph.file_id}-${safe(ph.filename)}` })) }));
    return { rows: withPhotos, files };
  },
  async erase({ tx, subject, whole, held, removedFileKeys }) {
    if (!whole) {
      const n = await count(tx, sql`UPDATE form_entry_events SET occupant_id = NULL WHERE occupant_id = ANY(${ids(subject.occupantIds)})`);
      return [line('form-entries', n, 'anonymised', personalDataTexts.holds.shared)];
    }
    const keep = [...held.payment, ...held.consent];
    const fileIds = (await rows<{ id: number }>(tx, sql`SELECT ph.file_id AS id FROM form_photos ph JOIN form_entries e ON e.id = ph.entry_id
      WHERE e.address_id = ${subject.addressId} AND NOT e.id = ANY(${ids(keep)})
      UNION SELECT summary_file_id FROM form_entries WHERE address_id = ${subject.addressId} AND summary_file_id IS NOT NULL AND NOT id = ANY(${ids(keep)})`)).map((r) => r.id);
    // Signing requests of the entries that go (not consent evidence under a hold): their documents go with them, and the
    // local provider's books of them (its signers with their drawn signatures).
    const goingRequests = sql`SELECT provider_transaction_id FROM signing_requests WHERE provider = 'local' AND entry_id IN (SELECT id FROM form_entries
      WHERE address_id = ${subject.addressId} AND NOT id = ANY(${ids(keep)}))`;
    const signatureFiles = (await rows<{ id: number | null }>(tx, sql`SELECT signature_file_id AS id FROM signing_local_signers
      WHERE transaction_id IN (${goingRequests})`)).map((r) => r.id);
    const localFiles = (await rows<{ id: number | null }>(tx, sql`DELETE FROM signing_local_transactions WHERE id IN (${goingRequests})
      RETURNING document_file_id AS id`)).map((r) => r.id);
    const signingFiles = (await rows<{ id: number }>(tx, sql`DELETE FROM signing_requests WHERE entry_id IN (SELECT id FROM form_entries
      WHERE address_id = ${subject.addressId} AND NOT id = ANY(${ids(keep)})) RETURNING document_file_id AS id, signed_file_id, receipt_file_id`))
      .flatMap((r) => Object.values(r).filter((v): v is number => typeof v === 'number'));
    const n = await count(tx, sql`DELETE FROM form_entries WHERE address_id = ${subject.addressId} AND NOT id = ANY(${ids(keep)})`);
    const localIds = [...signatureFiles, ...localFiles].filter((v): v is number => v !== null);
    removedFileKeys.push(...(await deleteUnreferencedFiles(tx, [...fileIds, ...signingFiles, ...localIds])));
    const out = [line('form-entries', n, 'removed')];
    const kept = new Set(keep).size;
    if (kept) out.push(line('form-entries', kept, 'kept', held.payment.length ? personalDataTexts.holds.payments : personalDataTexts.holds.consent));
    return out;
  },
};

const surveys: Collector = {
  category: 'surveys',
  async collect(db, s) {
    const list = await rows(db, sql`SELECT r.id, sv.name AS survey, r.occupant_id, r.version, r.answers, r.submitted_at FROM survey_responses r
      JOIN surveys sv ON sv.id = r.survey_id WHERE r.address_id = ${s.addressId} ORDER BY r.id`);
    const photos = await rows<{ id: number; file_id: number; filename: string }>(db, sql`SELECT ph.id, ph.file_id, fi.filename FROM survey_photos ph
      JOIN files fi ON fi.id = ph.file_id WHERE ph.address_id = ${s.addressId} ORDER BY ph.id`);
    return { rows: list, files: photos.map((ph) => ({ fileId: ph.file_id, path: `enquetes/foto-${ph.file_id}-${safe(ph.filename)}` })) };
  },
  async erase({ tx, subject, whole, removedFileKeys }) {
    if (!whole) {
      const n = await count(tx, sql`UPDATE survey_responses SET occupant_id = NULL WHERE occupant_id = ANY(${ids(subject.occupantIds)})`);
      return [line('surveys', n, 'anonymised', personalDataTexts.holds.shared)];
    }
    const fileIds = (await rows<{ id: number }>(tx, sql`DELETE FROM survey_photos WHERE address_id = ${subject.addressId} RETURNING file_id AS id`)).map((r) => r.id);
    const n = await count(tx, sql`DELETE FROM survey_responses WHERE address_id = ${subject.addressId}`);
    removedFileKeys.push(...(await deleteUnreferencedFiles(tx, fileIds)));
    return [line('surveys', n, 'removed')];
  },
};

const appointments: Collector = {
  category: 'appointments',
  async collect(db, s) {
    const list = await rows(db, sql`SELECT 'appointment' AS kind, a.id, pl.subject, sl.starts_at, a.is_cancelled, a.confirmed_at, NULL::text AS email_address,
      NULL::text AS mobile, NULL::text AS state, a.updated_at AS at FROM appointments a JOIN appointment_plannings pl ON pl.id = a.planning_id
      LEFT JOIN appointment_slots sl ON sl.id = a.slot_id WHERE a.address_id = ${s.addressId}
      UNION ALL SELECT 'waitlist', w.id, pl.subject, NULL, NULL, NULL, w.email_address, w.mobile, w.state, w.joined_at FROM appointment_waitlist w
      JOIN appointment_plannings pl ON pl.id = w.planning_id WHERE w.address_id = ${s.addressId} ORDER BY at, id`);
    return { rows: list, files: [] };
  },
  async erase({ tx, subject, whole }) {
    if (!whole) {
      const n = await count(tx, sql`UPDATE appointment_waitlist SET email_address = NULL, mobile = NULL WHERE address_id = ${subject.addressId}
        AND (lower(email_address) = ANY(${texts(subject.emails)}) OR right(regexp_replace(coalesce(mobile, ''), '\\D', '', 'g'), 9) = ANY(${texts(subject.phones)}))`);
      return [line('appointments', n, 'anonymised', personalDataTexts.holds.shared)];
    }
    // A booked place is given back to the slot (its `taken` counts bookings).
    await tx.execute(sql`UPDATE appointment_slots sl SET taken = sl.taken - b.n FROM (SELECT slot_id, count(*)::int AS n FROM appointments
      WHERE address_id = ${subject.addressId} AND slot_id IS NOT NULL GROUP BY slot_id) b WHERE sl.id = b.slot_id`);
    let n = await count(tx, sql`DELETE FROM appointments WHERE address_id = ${subject.addressId}`);
    n += await count(tx, sql`DELETE FROM appointment_waitlist WHERE address_id = ${subject.addressId}`);
    return [line('appointments', n, 'removed')];
  },
};

function fileItems(category: 'dossier' | 'documents', table: 'dossier_items' | 'documents', folder: string): Collector {
  return {
    category,
    async collect(db, s) {
      const list = await rows<Record<string, unknown> & { id: number; file_id: number; filename: string }>(db, sql`SELECT d.id, p.name AS project, d.type, d.name,
        d.subject, d.created_at, d.file_id, fi.filename FROM ${sql.raw(table)} d JOIN files fi ON fi.id = d.file_id JOIN projects p ON p.id = d.project_id
        WHERE d.address_id = ${s.addressId} ORDER BY d.id`);
      const files = list.map((d) => ({ fileId: d.file_id, path: `${folder}/${d.id}-${safe(d.filename)}` }));
      return { rows: list.map((d) => ({ ...d, file: `${folder}/${d.id}-${safe(d.filename)}` })), files };
    },
    async erase({ tx, subject, whole, held, removedFileKeys }) {
      if (!whole) return [line(category, 0, 'kept', personalDataTexts.holds.shared)];
      // A signed consent document in the dossier is evidence under a hold while its request is kept.
      const gone = await rows<{ file_id: number }>(tx, sql`DELETE FROM ${sql.raw(table)} d WHERE d.address_id = ${subject.addressId}
        AND NOT (${held.consent.length > 0} AND EXISTS (SELECT 1 FROM signing_requests r WHERE d.file_id IN (r.document_file_id, r.signed_file_id, r.receipt_file_id)))
        RETURNING d.file_id`);
      removedFileKeys.push(...(await deleteUnreferencedFiles(tx, gone.map((g) => g.file_id))));
      const kept = (await rows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM ${sql.raw(table)} WHERE address_id = ${subject.addressId}`))[0]!.n;
      const out = [line(category, gone.length, 'removed')];
      if (kept) out.push(line(category, kept, 'kept', personalDataTexts.holds.consent));
      return out;
    },
  };
}

const reads: Collector = {
  category: 'reads',
  async collect(db, s) {
    return { rows: await rows(db, sql`SELECT module, item_id, read_at FROM content_reads WHERE address_id = ${s.addressId} ORDER BY read_at`), files: [] };
  },
  async erase({ tx, subject, whole }) {
    if (!whole) return [line('reads', 0, 'kept', personalDataTexts.holds.shared)];
    return [line('reads', await count(tx, sql`DELETE FROM content_reads WHERE address_id = ${subject.addressId}`), 'removed')];
  },
};

const workOrder: Collector = {
  category: 'work-order',
  async collect(db, s) {
    return { rows: await rows(db, sql`SELECT p.name AS project, w.number, w.status FROM work_order_entries w JOIN projects p ON p.id = w.project_id
      WHERE w.address_id = ${s.addressId}`), files: [] };
  },
  async erase({ tx, subject }) {
    const n = (await rows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM work_order_entries WHERE address_id = ${subject.addressId}`))[0]!.n;
    return n ? [line('work-order', n, 'kept', personalDataTexts.holds.address)] : [];
  },
};

const complaints: Collector = {
  category: 'complaints',
  async collect() {
    // The complaints module holds the project's own items (how to report what), nothing per resident.
    return { rows: [], files: [], note: 'De module Klachten bevat alleen uitleg van het project, geen gegevens per bewoner.' };
  },
  async erase() {
    return [];
  },
};

/** The address's entries with payments younger than the fiscal term. */
export async function paymentHeldEntries(ex: Queryable, addressId: number): Promise<number[]> {
  return (await rows<{ id: number }>(ex, sql`SELECT DISTINCT e.id FROM form_entries e JOIN payments pay ON pay.entry_id = e.id
    WHERE e.address_id = ${addressId} AND pay.created_at > now() - make_interval(years => ${PAYMENT_HOLD_YEARS})`)).map((r) => r.id);
}

/**
 * The address's consent entries that are evidence (an agreement, a signing request or a paper record) while the
 * court period is not over: the campaign still runs (the form is not archived), or a notice of the form was sent
 * less than eight weeks plus the margin ago, or was drafted and not sent yet.
 */
export async function consentHeldEntries(ex: Queryable, addressId: number): Promise<number[]> {
  return (await rows<{ id: number }>(ex, sql`SELECT e.id FROM form_entries e JOIN forms f ON f.id = e.form_id
    WHERE e.address_id = ${addressId} AND f.kind = 'support-base'
      AND (e.agreement IS NOT NULL OR EXISTS (SELECT 1 FROM signing_requests r WHERE r.entry_id = e.id) OR EXISTS (SELECT 1 FROM consent_paper_records pr WHERE pr.entry_id = e.id))
      AND (f.archived_at IS NULL OR EXISTS (SELECT 1 FROM consent_notices n WHERE n.form_id = f.id
        AND (n.sent_on IS NULL OR n.sent_on + ${COURT_PERIOD_DAYS}::int + make_interval(months => ${consentMarginMonths}) > now())))`)).map((r) => r.id);
}

const payments: Collector = {
  category: 'payments',
  async collect(db, s) {
    const list = await rows(db, sql`SELECT pay.id, pay.entry_id, pay.provider, pay.amount_cents, pay.currency, pay.description, pay.status, pay.paid_at,
      pay.refunded_cents, pay.charged_back_cents, pay.created_at,
      (SELECT coalesce(json_agg(json_build_object('status', ev.status, 'source', ev.source, 'amount_cents', ev.amount_cents, 'at', ev.at) ORDER BY ev.at), '[]')
        FROM payment_events ev WHERE ev.payment_id = pay.id) AS history,
      (SELECT coalesce(json_agg(json_build_object('amount_cents', rf.amount_cents, 'reason', rf.reason, 'status', rf.status, 'at', rf.created_at)), '[]')
        FROM payment_refunds rf WHERE rf.payment_id = pay.id) AS refunds
      FROM payments pay WHERE pay.entry_id IN ${entryIdsOf(s.addressId)} ORDER BY pay.id`);
    return { rows: list, files: [] };
  },
  async erase({ tx, subject, whole, held }) {
    const total = (await rows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM payments WHERE entry_id IN ${entryIdsOf(subject.addressId)}`))[0]!.n;
    if (!whole) return total ? [line('payments', total, 'kept', personalDataTexts.holds.payments)] : [];
    // Older than the fiscal term (their entries went with the form entries): the payments go too.
    const n = await count(tx, sql`DELETE FROM payments WHERE entry_id IN ${entryIdsOf(subject.addressId)} AND NOT entry_id = ANY(${ids(held.payment)})`);
    const kept = total - n;
    return [...(n ? [line('payments', n, 'removed')] : []), ...(kept ? [line('payments', kept, 'kept', personalDataTexts.holds.payments)] : [])];
  },
};

const consent: Collector = {
  category: 'consent',
  async collect(db, s) {
    const requests = await rows<Record<string, unknown> & { id: number; document_file_id: number; signed_file_id: number | null; receipt_file_id: number | null }>(db, sql`SELECT
      'signing' AS kind, r.id, r.entry_id, r.subject_kind, r.provider, r.status, r.verification, r.created_at, r.document_file_id, r.signed_file_id, r.receipt_file_id,
      (SELECT coalesce(json_agg(json_build_object('nr', sg.nr, 'name', sg.name, 'mobile', sg.mobile, 'email', sg.email, 'phone_source', sg.phone_source, 'signed_at', sg.signed_at) ORDER BY sg.nr), '[]')
        FROM signing_signers sg WHERE sg.request_id = r.id) AS signers
      FROM signing_requests r WHERE r.entry_id IN ${entryIdsOf(s.addressId)} ORDER BY r.id`);
    // The local signing provider's own books (name, contact, where and how each signer signed, the drawn signature).
    const local = await rows<Record<string, unknown> & { id: string; signature_file_id: number | null }>(db, sql`SELECT 'local-signer' AS kind, ls.id, ls.nr, ls.name,
      ls.email, ls.mobile, ls.opened_at, ls.signed_at, ls.signed_ip, ls.signed_user_agent, ls.sms_verified_at, ls.signature_file_id
      FROM signing_local_signers ls JOIN signing_requests r ON r.provider = 'local' AND r.provider_transaction_id = ls.transaction_id
      WHERE r.entry_id IN ${entryIdsOf(s.addressId)} ORDER BY ls.transaction_id, ls.nr`);
    const paper = await rows<Record<string, unknown> & { id: number; scan_file_id: number }>(db, sql`SELECT 'paper' AS kind, id, entry_id, agreement, scan_file_id, reason,
      recorded_by_name, recorded_at, state, decided_by_name, decided_at, superseded_at FROM consent_paper_records WHERE address_id = ${s.addressId} ORDER BY id`);
    const letters = await rows(db, sql`SELECT 'letter' AS kind, l.id, f.name AS form, l.created_at, l.expires_at, l.revoked_at FROM consent_letters l
      JOIN forms f ON f.id = l.form_id WHERE l.address_id = ${s.addressId}
      UNION ALL SELECT 'notice', n.id, f.name, n.drafted_at, NULL, NULL FROM consent_notices n JOIN forms f ON f.id = n.form_id WHERE n.address_id = ${s.addressId}
      UNION ALL SELECT 'reminder', r.id, f.name, r.sent_at, NULL, NULL FROM consent_reminders r JOIN forms f ON f.id = r.form_id WHERE r.address_id = ${s.addressId}`);
    const files: ExportFileRef[] = [];
    for (const r of requests) {
      files.push({ fileId: r.document_file_id, path: `instemming/${r.id}-document.pdf` });
      if (r.signed_file_id) files.push({ fileId: r.signed_file_id, path: `instemming/${r.id}-ondertekend.pdf` });
      if (r.receipt_file_id) files.push({ fileId: r.receipt_file_id, path: `instemming/${r.id}-bewijs.pdf` });
    }
    for (const p of paper) files.push({ fileId: p.scan_file_id, path: `instemming/papier-${p.id}-scan` });
    for (const l of local) if (l.signature_file_id) files.push({ fileId: l.signature_file_id, path: `instemming/handtekening-${l.id}.png` });
    return { rows: [...requests, ...local, ...paper, ...letters], files };
  },
  async erase({ tx, subject, whole, held }) {
    const [c] = await rows<{ n: number; held: number }>(tx, sql`SELECT
      (SELECT count(*)::int FROM signing_requests WHERE entry_id IN ${entryIdsOf(subject.addressId)})
      + (SELECT count(*)::int FROM consent_paper_records WHERE address_id = ${subject.addressId}) AS n,
      (SELECT count(*)::int FROM signing_requests WHERE entry_id = ANY(${ids(held.consent)}))
      + (SELECT count(*)::int FROM consent_paper_records WHERE entry_id = ANY(${ids(held.consent)})) AS held`);
    if (!whole) return c!.n ? [line('consent', c!.n, 'kept', personalDataTexts.holds.consent)] : [];
    // Requests and paper records of entries that went were removed with them (form-entries); letters, notices and reminders go here unless held.
    let n = await count(tx, sql`DELETE FROM consent_letters WHERE address_id = ${subject.addressId} AND NOT form_id IN (SELECT form_id FROM form_entries WHERE id = ANY(${ids(held.consent)}))`);
    n += await count(tx, sql`DELETE FROM consent_notices WHERE address_id = ${subject.addressId} AND NOT form_id IN (SELECT form_id FROM form_entries WHERE id = ANY(${ids(held.consent)}))`);
    n += await count(tx, sql`DELETE FROM consent_reminders WHERE address_id = ${subject.addressId} AND NOT form_id IN (SELECT form_id FROM form_entries WHERE id = ANY(${ids(held.consent)}))`);
    const out = [line('consent', c!.n - c!.held + n, 'removed')];
    if (c!.held) out.push(line('consent', c!.held, 'kept', personalDataTexts.holds.consent));
    return out;
  },
};

const recipients = (s: Subject) => sql`(lower("to") = ANY(${texts(s.emails)}))`;
const numbers = (s: Subject) => sql`(right(regexp_replace("to", '\\D', '', 'g'), 9) = ANY(${texts(s.phones)}))`;

const mail: Collector = {
  category: 'mail',
  async collect(db, s) {
    return { rows: await rows(db, sql`SELECT id, "to", subject, text, created_at, sent_at FROM mail_outbox WHERE ${recipients(s)} ORDER BY id`), files: [] };
  },
  async erase({ tx, subject }) {
    return [line('mail', await count(tx, sql`DELETE FROM mail_outbox WHERE ${recipients(subject)}`), 'removed')];
  },
};

const sms: Collector = {
  category: 'sms',
  async collect(db, s) {
    return { rows: await rows(db, sql`SELECT id, "to", text, created_at, sent_at FROM sms_outbox WHERE ${numbers(s)} ORDER BY id`), files: [] };
  },
  async erase({ tx, subject }) {
    return [line('sms', await count(tx, sql`DELETE FROM sms_outbox WHERE ${numbers(subject)}`), 'removed')];
  },
};

/** Notification choices, the devices that receive push messages, and the messages queued or sent to them (issue 19). */
const notifications: Collector = {
  category: 'notifications',
  async collect(db, s) {
    const people = ids(s.occupantIds);
    const [preferences, devices, messages] = await Promise.all([
      rows(db, sql`SELECT occupant_id, category, email, push, sms, updated_at FROM notification_preferences WHERE occupant_id = ANY(${people}) ORDER BY occupant_id, category`),
      rows(db, sql`SELECT occupant_id, endpoint, created_at, last_used_at FROM push_subscriptions WHERE occupant_id = ANY(${people}) ORDER BY id`),
      rows(db, sql`SELECT o.occupant_id, o.channel, m.category, m.title, m.body, o.due_at, o.sent_at FROM notification_outbox o
        JOIN notification_messages m ON m.id = o.message_id WHERE o.occupant_id = ANY(${people}) ORDER BY o.id`),
    ]);
    return {
      rows: [
        ...preferences.map((r) => ({ kind: 'Voorkeur', ...r })),
        ...devices.map((r) => ({ kind: 'Apparaat voor pushberichten', ...r })),
        ...messages.map((r) => ({ kind: 'Bericht', ...r })),
      ],
      files: [],
    };
  },
  async erase({ tx, subject }) {
    const people = ids(subject.occupantIds);
    const n = await count(tx, sql`DELETE FROM notification_preferences WHERE occupant_id = ANY(${people})`)
      + await count(tx, sql`DELETE FROM push_subscriptions WHERE occupant_id = ANY(${people})`)
      + await count(tx, sql`DELETE FROM notification_outbox WHERE occupant_id = ANY(${people})`);
    return [line('notifications', n, 'removed')];
  },
};

/** Audit entries about the address or its occupants (not the erasure's own entry, which holds counts only). */
const aboutSubject = (s: Subject, personOnly: boolean) => sql`customer_id = ${s.customerId} AND (
  (entity = 'occupant' AND entity_id = ANY(${texts(s.occupantIds.map(String))}))
  OR (${!personOnly} AND ((entity = 'address' AND entity_id = ${String(s.addressId)}) OR after->>'address_id' = ${String(s.addressId)}
    OR after->'params'->>'addressId' = ${String(s.addressId)})))`;

const audit: Collector = {
  category: 'audit',
  async collect(db, s) {
    return { rows: await rows(db, sql`SELECT id, at, actor, action, entity, entity_id, face, before, after FROM audit_log WHERE ${aboutSubject(s, false)}
      ORDER BY id`), files: [] };
  },
  async erase({ tx, subject, whole }) {
    const n = await count(tx, sql`UPDATE audit_log SET before = NULL, after = '{"gewist": true}'::jsonb WHERE ${aboutSubject(subject, !whole)}
      AND after IS DISTINCT FROM '{"gewist": true}'::jsonb AND action <> 'personal-data-erase'`);
    return [line('audit', n, 'anonymised', personalDataTexts.holds.audit)];
  },
};

const exportsCollector: Collector = {
  category: 'exports',
  async collect(db, s) {
    return { rows: await rows(db, sql`SELECT id, scope, subject, requested_by, created_by, status, created_at, expires_at FROM personal_data_exports
      WHERE ${s.scope === 'address' ? sql`address_id = ${s.addressId}` : sql`occupant_id = ANY(${ids(s.occupantIds)})`} ORDER BY id`), files: [] };
  },
  async erase({ tx, subject, whole, removedFileKeys }) {
    const gone = await rows<{ file_id: number | null; pdf_file_id: number | null }>(tx, sql`DELETE FROM personal_data_exports WHERE
      ${whole ? sql`address_id = ${subject.addressId}` : sql`occupant_id = ANY(${ids(subject.occupantIds)})`} RETURNING file_id, pdf_file_id`);
    removedFileKeys.push(...(await deleteUnreferencedFiles(tx, gone.flatMap((g) => [g.file_id, g.pdf_file_id]).filter((v): v is number => v !== null))));
    return [line('exports', gone.length, 'removed')];
  },
};

/**
 * Every module's collector, in the order of the export. Erasure runs them in ERASE_ORDER (records that point at
 * occupants first, the occupants last).
 */
export const COLLECTORS: Collector[] = [
  occupants, address, sessions, chat, formEntries, surveys, appointments, fileItems('dossier', 'dossier_items', 'dossier'),
  fileItems('documents', 'documents', 'documenten'), reads, workOrder, complaints, payments, consent, mail, sms, notifications, audit, exportsCollector,
];
export const ERASE_ORDER: TPersonalDataCategory[] = [
  'exports', 'sessions', 'chat', 'consent', 'payments', 'form-entries', 'surveys', 'appointments', 'dossier', 'documents', 'reads', 'work-order',
  'complaints', 'mail', 'sms', 'notifications', 'audit', 'address', 'occupants',
];
