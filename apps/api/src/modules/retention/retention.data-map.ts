import { sql, type SQL } from 'drizzle-orm';
import type { TRetentionAction, TRetentionCategory } from '@portal/contract';
import type { Queryable } from '../../lib/queryable.ts';

/**
 * What personal data lives where: one entry per retention category with the tables that hold it, how its
 * rows are found (per project, optionally only those created before a moment), how many there are, which
 * stored files go with them, and what deleting or anonymising does. This is the portal's map of personal
 * data for retention; the person-export and erasure of issue 20 (module 'rights') may share it.
 *
 * Anonymising keeps the rows that are counted (a conversation, an entry and its status/agreement/amount, a
 * survey answer, a payment's amount) and drops what points at a person: the address, the visitor, names,
 * e-mail addresses, free text, photos, signatures and signed documents. An anonymised row carries the
 * marker 'anoniem-<id>' where the owner was, so it is never counted as due again.
 */

/** Which rows of a project: every row (`before` null: the clock ran out for the whole project) or those created before. */
export type ProjectTarget = { projectId: number; before: Date | null };
export type CustomerTarget = { customerId: number; before: Date };
export type Due = { rows: number; fileIds: number[] };

type ProjectCategory = {
  /** Row count and candidate files of what is due (for the action: anonymised rows are not due again for 'anonymise', nor for 'delete' where they hold nothing personal). */
  due(q: Queryable, target: ProjectTarget, action: TRetentionAction): Promise<Due>;
  /** Deletes or anonymises what is due; answers the rows and the files that may go now. */
  apply(tx: Queryable, target: ProjectTarget, action: TRetentionAction): Promise<Due>;
};

/** A list of ids as one parameter (drizzle spreads a plain array into a list of parameters). */
export const intArray = (values: readonly number[]) => sql`${`{${values.map((v) => Math.trunc(v)).join(',')}}`}::int[]`;
const ts = (d: Date | null) => (d ? d.toISOString() : null);
const before = (column: SQL, target: { before: Date | null }) => sql`(${ts(target.before)}::timestamptz IS NULL OR ${column} < ${ts(target.before)}::timestamptz)`;

async function ids(q: Queryable, query: SQL): Promise<number[]> {
  const res = await q.execute<{ id: number | string | null }>(query);
  return res.rows.flatMap((r) => (r.id === null ? [] : [Number(r.id)]));
}

async function count(q: Queryable, query: SQL): Promise<number> {
  const res = await q.execute<{ n: string | number }>(sql`SELECT count(*) AS n FROM (${query}) AS due`);
  return Number(res.rows[0]?.n ?? 0);
}

/** The files of signing requests (and the local provider's copies) of these entries. */
const signingFiles = (entryIds: SQL) => sql`
  SELECT unnest(ARRAY[r.document_file_id, r.signed_file_id, r.receipt_file_id]) AS id FROM signing_requests r WHERE r.entry_id IN (${entryIds})
  UNION ALL SELECT t.document_file_id FROM signing_local_transactions t
    JOIN signing_requests r ON r.provider = 'local' AND r.provider_transaction_id = t.id WHERE r.entry_id IN (${entryIds})
  UNION ALL SELECT s.signature_file_id FROM signing_local_signers s JOIN signing_requests r ON r.provider = 'local' AND r.provider_transaction_id = s.transaction_id
    WHERE r.entry_id IN (${entryIds})`;

/** Removes the signing requests of these entries, with their signers and the local provider's copies. */
async function deleteSigning(tx: Queryable, entryIds: SQL): Promise<void> {
  await tx.execute(sql`DELETE FROM signing_local_transactions t USING signing_requests r
    WHERE r.provider = 'local' AND r.provider_transaction_id = t.id AND r.entry_id IN (${entryIds})`);
  await tx.execute(sql`DELETE FROM signing_requests WHERE entry_id IN (${entryIds})`);
}

/** Form entries of a project that are not consent evidence (support-base forms are). */
function entriesOf(target: ProjectTarget, family: 'forms' | 'consent', action: TRetentionAction | 'all'): SQL {
  const kind = family === 'consent' ? sql`f.kind = 'support-base'` : sql`f.kind <> 'support-base'`;
  const fresh = action === 'anonymise' ? sql`AND e.visitor_token_hash IS DISTINCT FROM 'anoniem-' || e.id` : sql``;
  return sql`SELECT e.id FROM form_entries e JOIN forms f ON f.id = e.form_id
    WHERE e.project_id = ${target.projectId} AND ${kind} AND ${before(sql`e.created_at`, target)} ${fresh}`;
}

const entryFiles = (entryIds: SQL) => sql`
  SELECT p.file_id AS id FROM form_photos p WHERE p.entry_id IN (${entryIds})
  UNION ALL SELECT e.summary_file_id FROM form_entries e WHERE e.id IN (${entryIds})
  UNION ALL ${signingFiles(entryIds)}`;

const chatMessages: ProjectCategory = (() => {
  const rows = (target: ProjectTarget, action: TRetentionAction) => sql`SELECT c.id FROM chat_conversations c
    WHERE c.project_id = ${target.projectId} AND ${before(sql`coalesce(c.last_message_at, c.created_at)`, target)}
    ${action === 'anonymise' ? sql`AND c.visitor_token_hash IS DISTINCT FROM 'anoniem-' || c.id` : sql``}`;
  return {
    async due(q, target, action) {
      return { rows: await count(q, rows(target, action)), fileIds: [] };
    },
    async apply(tx, target, action) {
      const found = await ids(tx, rows(target, action));
      if (!found.length) return { rows: 0, fileIds: [] };
      if (action === 'delete') {
        await tx.execute(sql`DELETE FROM chat_conversations WHERE id = ANY(${intArray(found)})`);
      } else {
        await tx.execute(sql`UPDATE chat_conversations SET address_id = NULL, visitor_token_hash = 'anoniem-' || id, visitor_name = NULL, visitor_email = NULL,
          last_message_preview = NULL, assigned_user_id = NULL WHERE id = ANY(${intArray(found)})`);
        await tx.execute(sql`UPDATE chat_messages SET message = '', from_user_id = NULL, from_user_name = NULL, from_occupant_id = NULL, from_address_name = NULL
          WHERE conversation_id = ANY(${intArray(found)})`);
        await tx.execute(sql`DELETE FROM chat_notes WHERE conversation_id = ANY(${intArray(found)})`);
      }
      return { rows: found.length, fileIds: [] };
    },
  };
})();

const formEntries = (family: 'forms' | 'consent'): ProjectCategory => ({
  async due(q, target, action) {
    const entries = entriesOf(target, family, action);
    return { rows: await count(q, entries), fileIds: await ids(q, entryFiles(entries)) };
  },
  async apply(tx, target, action) {
    const found = await ids(tx, entriesOf(target, family, action));
    if (!found.length) return { rows: 0, fileIds: [] };
    const list = sql`SELECT unnest(${intArray(found)})`;
    const fileIds = await ids(tx, entryFiles(list));
    await deleteSigning(tx, list);
    if (action === 'delete') {
      // form_photos, form_entry_events, consent_paper_records and consent_reminders go with their entry (ON DELETE CASCADE)
      await tx.execute(sql`DELETE FROM form_entries WHERE id = ANY(${intArray(found)})`);
    } else {
      await tx.execute(sql`DELETE FROM form_photos WHERE entry_id = ANY(${intArray(found)})`);
      await tx.execute(sql`UPDATE form_entries SET address_id = NULL, visitor_token_hash = 'anoniem-' || id, values = '{}'::jsonb, signatures = '{}'::jsonb,
        email_to = '{}', comment = NULL, summary_file_id = NULL WHERE id = ANY(${intArray(found)})`);
      await tx.execute(sql`UPDATE form_entry_events SET occupant_id = NULL, user_id = NULL, detail = NULL WHERE entry_id = ANY(${intArray(found)})`);
    }
    return { rows: found.length, fileIds };
  },
});

const consentEvidence: ProjectCategory = (() => {
  const entryPart = formEntries('consent');
  const formsOf = (target: ProjectTarget) => sql`SELECT id FROM forms WHERE project_id = ${target.projectId} AND kind = 'support-base'`;
  const papers = (target: ProjectTarget) => sql`SELECT id FROM consent_paper_records WHERE project_id = ${target.projectId}`;
  const others = (target: ProjectTarget) => sql`
    SELECT id FROM consent_notices WHERE form_id IN (${formsOf(target)})
    UNION ALL SELECT id FROM consent_letters WHERE form_id IN (${formsOf(target)})`;
  const paperFiles = (target: ProjectTarget) => sql`SELECT scan_file_id AS id FROM consent_paper_records WHERE project_id = ${target.projectId}`;
  return {
    // consent evidence goes whole (basis court_period_end): `before` is always null here
    async due(q, target, action) {
      const entries = await entryPart.due(q, target, action);
      const rows = entries.rows + await count(q, papers(target)) + await count(q, others(target));
      return { rows, fileIds: [...entries.fileIds, ...await ids(q, paperFiles(target))] };
    },
    async apply(tx, target, action) {
      const paperCount = await count(tx, papers(target));
      const otherCount = await count(tx, others(target));
      const paperFileIds = await ids(tx, paperFiles(target));
      await tx.execute(sql`DELETE FROM consent_paper_records WHERE project_id = ${target.projectId}`);
      await tx.execute(sql`DELETE FROM consent_notices WHERE form_id IN (${formsOf(target)})`);
      await tx.execute(sql`DELETE FROM consent_letters WHERE form_id IN (${formsOf(target)})`);
      await tx.execute(sql`DELETE FROM consent_reminders WHERE form_id IN (${formsOf(target)})`);
      const entries = await entryPart.apply(tx, target, action);
      return { rows: entries.rows + paperCount + otherCount, fileIds: [...entries.fileIds, ...paperFileIds] };
    },
  };
})();

const surveyResponses: ProjectCategory = (() => {
  const responses = (target: ProjectTarget, action: TRetentionAction) => sql`SELECT r.id FROM survey_responses r
    WHERE r.project_id = ${target.projectId} AND ${before(sql`r.submitted_at`, target)}
    ${action === 'anonymise' ? sql`AND r.visitor_token_hash IS DISTINCT FROM 'anoniem-' || r.id` : sql``}`;
  const photos = (target: ProjectTarget) => sql`SELECT p.file_id AS id FROM survey_photos p JOIN surveys s ON s.id = p.survey_id
    WHERE s.project_id = ${target.projectId} AND ${before(sql`p.created_at`, target)}`;
  return {
    async due(q, target, action) {
      return { rows: await count(q, responses(target, action)), fileIds: await ids(q, photos(target)) };
    },
    async apply(tx, target, action) {
      const found = await ids(tx, responses(target, action));
      const fileIds = await ids(tx, photos(target));
      await tx.execute(sql`DELETE FROM survey_photos WHERE file_id = ANY(${intArray(fileIds)})`);
      if (action === 'delete') await tx.execute(sql`DELETE FROM survey_responses WHERE id = ANY(${intArray(found)})`);
      else {
        await tx.execute(sql`UPDATE survey_responses SET address_id = NULL, occupant_id = NULL, visitor_token_hash = 'anoniem-' || id WHERE id = ANY(${intArray(found)})`);
      }
      return { rows: found.length, fileIds };
    },
  };
})();

const appointments: ProjectCategory = (() => {
  const rows = (target: ProjectTarget) => sql`SELECT a.id FROM appointments a JOIN appointment_plannings p ON p.id = a.planning_id
    WHERE p.project_id = ${target.projectId} AND ${before(sql`a.updated_at`, target)}`;
  const waiting = (target: ProjectTarget) => sql`SELECT w.id FROM appointment_waitlist w JOIN appointment_plannings p ON p.id = w.planning_id
    WHERE p.project_id = ${target.projectId} AND ${before(sql`w.joined_at`, target)}`;
  return {
    async due(q, target) {
      return { rows: await count(q, rows(target)), fileIds: [] };
    },
    async apply(tx, target) {
      const found = await ids(tx, rows(target));
      await tx.execute(sql`DELETE FROM appointment_waitlist WHERE id IN (${waiting(target)})`);
      await tx.execute(sql`DELETE FROM appointments WHERE id = ANY(${intArray(found)})`); // reminders go with them
      await tx.execute(sql`DELETE FROM appointment_planning_addresses pa USING appointment_plannings p
        WHERE p.id = pa.planning_id AND p.project_id = ${target.projectId} AND ${ts(target.before)}::timestamptz IS NULL`);
      return { rows: found.length, fileIds: [] };
    },
  };
})();

const dossierDocuments: ProjectCategory = (() => {
  const dossier = (target: ProjectTarget) => sql`SELECT id, file_id FROM dossier_items WHERE project_id = ${target.projectId} AND ${before(sql`created_at`, target)}`;
  // documents placed for one address are personal; the project's own documents (address_id null) are not
  const documents = (target: ProjectTarget) => sql`SELECT id, file_id FROM documents
    WHERE project_id = ${target.projectId} AND address_id IS NOT NULL AND ${before(sql`created_at`, target)}`;
  const files = (target: ProjectTarget) => sql`SELECT file_id AS id FROM (${dossier(target)}) d UNION ALL SELECT file_id FROM (${documents(target)}) o`;
  return {
    async due(q, target) {
      return { rows: await count(q, dossier(target)) + await count(q, documents(target)), fileIds: await ids(q, files(target)) };
    },
    async apply(tx, target) {
      const fileIds = await ids(tx, files(target));
      const a = await tx.execute(sql`DELETE FROM dossier_items WHERE id IN (SELECT id FROM (${dossier(target)}) d)`);
      const b = await tx.execute(sql`DELETE FROM documents WHERE id IN (SELECT id FROM (${documents(target)}) o)`);
      return { rows: (a.rowCount ?? 0) + (b.rowCount ?? 0), fileIds };
    },
  };
})();

const payments: ProjectCategory = (() => {
  const rows = (target: ProjectTarget, action: TRetentionAction) => sql`SELECT id FROM payments
    WHERE project_id = ${target.projectId} AND ${before(sql`created_at`, target)} ${action === 'anonymise' ? sql`AND entry_id <> 0` : sql``}`;
  return {
    async due(q, target, action) {
      return { rows: await count(q, rows(target, action)), fileIds: [] };
    },
    async apply(tx, target, action) {
      const found = await ids(tx, rows(target, action));
      if (!found.length) return { rows: 0, fileIds: [] };
      // the local test provider's own copies (description and metadata name the entry)
      await tx.execute(sql`DELETE FROM payment_local_payments l USING payments p WHERE p.provider = 'local' AND p.provider_payment_id = l.id AND p.id = ANY(${intArray(found)})`);
      if (action === 'delete') await tx.execute(sql`DELETE FROM payments WHERE id = ANY(${intArray(found)})`); // events, refunds, chargebacks go with them
      else {
        // the amounts, statuses and dates stay; the link to the entry (and so the address) and the texts go. entry_id 0 is no entry.
        await tx.execute(sql`UPDATE payments SET entry_id = 0, description = 'Geanonimiseerd', checkout_url = NULL WHERE id = ANY(${intArray(found)})`);
        await tx.execute(sql`UPDATE payment_refunds SET reason = '', requested_by = NULL, requested_by_name = NULL WHERE payment_id = ANY(${intArray(found)})`);
        await tx.execute(sql`UPDATE payment_events SET actor = NULL WHERE payment_id = ANY(${intArray(found)})`);
      }
      return { rows: found.length, fileIds: [] };
    },
  };
})();

export const PROJECT_CATEGORIES: Record<Exclude<TRetentionCategory, 'outbox' | 'sessions' | 'audit_log'>, ProjectCategory> = {
  chat_messages: chatMessages,
  form_entries: formEntries('forms'),
  survey_responses: surveyResponses,
  appointments,
  dossier_documents: dossierDocuments,
  payments,
  consent_evidence: consentEvidence,
};

/** Ended sessions (revoked or expired) of a customer's staff and residents, created before the moment. */
export async function applySessions(tx: Queryable, target: CustomerTarget, dryRun: boolean): Promise<number> {
  const where = sql`(customer_id = ${target.customerId} OR address_id IN (SELECT id FROM addresses WHERE customer_id = ${target.customerId}))
    AND created_at < ${ts(target.before)}::timestamptz AND (revoked_at IS NOT NULL OR expires_at < now())`;
  if (dryRun) return count(tx, sql`SELECT id FROM sessions WHERE ${where}`);
  return (await tx.execute(sql`DELETE FROM sessions WHERE ${where}`)).rowCount ?? 0;
}

/** A customer's audit entries written before the moment: deleted, or without the person (actor, account, the records before and after). */
export async function applyAuditLog(tx: Queryable, target: CustomerTarget, action: TRetentionAction, dryRun: boolean): Promise<number> {
  const where = sql`customer_id = ${target.customerId} AND at < ${ts(target.before)}::timestamptz`;
  if (action === 'anonymise') {
    const fresh = sql`${where} AND actor <> 'Geanonimiseerd'`;
    if (dryRun) return count(tx, sql`SELECT id FROM audit_log WHERE ${fresh}`);
    return (await tx.execute(sql`UPDATE audit_log SET actor = 'Geanonimiseerd', user_id = NULL, before = NULL, after = NULL, entity_id = NULL WHERE ${fresh}`)).rowCount ?? 0;
  }
  if (dryRun) return count(tx, sql`SELECT id FROM audit_log WHERE ${where}`);
  return (await tx.execute(sql`DELETE FROM audit_log WHERE ${where}`)).rowCount ?? 0;
}

/**
 * The mail and SMS outbox holds no customer: a message goes once it is older than every customer's outbox
 * period (the longest wins, so no customer's policy is cut short). Unsent messages stay.
 */
export async function applyOutbox(tx: Queryable, before: Date, dryRun: boolean): Promise<number> {
  const mail = sql`created_at < ${ts(before)}::timestamptz AND (sent_at IS NOT NULL OR error IS NOT NULL)`;
  // The notifications' queue (issue 19): who was told what, by which channel; sent or skipped rows of messages that old.
  const told = sql`(sent_at IS NOT NULL OR skipped) AND message_id IN (SELECT id FROM notification_messages WHERE created_at < ${ts(before)}::timestamptz)`;
  if (dryRun) {
    return count(tx, sql`SELECT id FROM mail_outbox WHERE ${mail} UNION ALL SELECT id FROM sms_outbox WHERE ${mail}
      UNION ALL SELECT id FROM notification_outbox WHERE ${told}`);
  }
  const a = await tx.execute(sql`DELETE FROM mail_outbox WHERE ${mail}`);
  const b = await tx.execute(sql`DELETE FROM sms_outbox WHERE ${mail}`);
  const c = await tx.execute(sql`DELETE FROM notification_outbox WHERE ${told}`);
  // A message whose every recipient row went holds no person any more: it goes too.
  await tx.execute(sql`DELETE FROM notification_messages m WHERE m.created_at < ${ts(before)}::timestamptz
    AND m.fanned_out_at IS NOT NULL AND NOT EXISTS (SELECT 1 FROM notification_outbox o WHERE o.message_id = m.id)`);
  return (a.rowCount ?? 0) + (b.rowCount ?? 0) + (c.rowCount ?? 0);
}
