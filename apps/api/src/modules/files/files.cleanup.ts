import { sql } from 'drizzle-orm';
import type { Queryable } from '../../lib/queryable.ts';
import type { FileStorage } from './storage.ts';

/**
 * Removing files with the rows that held them, so that nothing is left orphaned in storage: the rows of
 * `files` go in the caller's transaction (only those no other row still points at), the bytes after it
 * committed (`removeStored`), and a job repeats that removal so that a storage failure leaves nothing
 * behind either (deleting a missing key is not an error).
 */

/** Columns that point at files without a foreign key (the rest are read from the catalogue). */
const UNDECLARED_REFERENCES: ReadonlyArray<[table: string, column: string]> = [['staff_exports', 'file_id']];

let references: Promise<Array<[string, string]>> | null = null;

/** Every column that refers to files(id): the foreign keys in the database, and the undeclared ones above. */
function fileReferences(q: Queryable): Promise<Array<[string, string]>> {
  references ??= q.execute<{ tbl: string; col: string }>(sql`SELECT c.conrelid::regclass::text AS tbl, a.attname AS col
    FROM pg_constraint c JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
    WHERE c.contype = 'f' AND c.confrelid = 'public.files'::regclass ORDER BY 1, 2`)
    .then((res) => [...res.rows.map((r): [string, string] => [r.tbl, r.col]), ...UNDECLARED_REFERENCES])
    .catch((error: unknown) => {
      references = null;
      throw error;
    });
  return references;
}

/** A logo or image kept as its link ('/api/files/12/logo.png'): the file's id, or null for any other address. */
export function storedFileId(url: string | null | undefined): number | null {
  const match = /^\/api\/files\/(\d{1,10})\//.exec(url ?? '');
  return match ? Number(match[1]) : null;
}

/**
 * Deletes the rows of these files that nothing refers to any more (no row of another table, no customer or
 * project logo link) and answers their storage keys, to remove once the transaction committed.
 */
export async function deleteUnreferencedFiles(tx: Queryable, fileIds: readonly number[]): Promise<string[]> {
  const unique = [...new Set(fileIds.filter((id) => Number.isInteger(id) && id > 0))];
  if (!unique.length) return [];
  const refs = await fileReferences(tx);
  const stillUsed = refs.map(([table, column]) => sql`EXISTS (SELECT 1 FROM ${sql.identifier(table)} r WHERE r.${sql.identifier(column)} = f.id)`);
  const linked = sql`EXISTS (SELECT 1 FROM customers c WHERE c.logo LIKE '/api/files/' || f.id || '/%')
    OR EXISTS (SELECT 1 FROM projects p WHERE p.logo_url LIKE '/api/files/' || f.id || '/%' OR p.work_order_image_url LIKE '/api/files/' || f.id || '/%')`;
  const res = await tx.execute<{ key: string }>(sql`DELETE FROM files f WHERE f.id = ANY(${`{${unique.join(',')}}`}::int[])
    AND NOT (${sql.join([...stillUsed, linked], sql` OR `)}) RETURNING f.key`);
  return res.rows.map((r) => r.key);
}

/** Removes stored bytes; answers the keys that could not be removed now (the job tries again). */
export async function removeStored(storage: FileStorage, keys: readonly string[]): Promise<string[]> {
  const failed: string[] = [];
  for (const key of keys) {
    await storage.delete(key).catch(() => failed.push(key));
  }
  return failed;
}

/** Tables whose text is a copy or a log, not a place where a file is used. */
const NOT_A_USE = new Set(['files', 'file_tickets', 'audit_log', 'mail_outbox', 'sms_outbox', 'sessions', 'rate_limits', 'server_secrets']);

/** The ids of files that some text or JSON column links as '/api/files/{id}/...' (staff HTML, settings, definitions). */
async function linkedInText(q: Queryable): Promise<Set<number>> {
  const columns = await q.execute<{ tbl: string; col: string; type: string }>(sql`SELECT table_name AS tbl, column_name AS col, data_type AS type
    FROM information_schema.columns WHERE table_schema = 'public' AND data_type IN ('text', 'character varying', 'jsonb', 'json', 'ARRAY')
    ORDER BY 1, 2`);
  const linked = new Set<number>();
  for (const { tbl, col, type } of columns.rows) {
    if (NOT_A_USE.has(tbl)) continue;
    const text = type === 'text' || type === 'character varying' ? sql`${sql.identifier(col)}` : sql`${sql.identifier(col)}::text`;
    const found = await q.execute<{ id: string }>(sql`SELECT DISTINCT (regexp_matches(${text}, '/api/files/([0-9]{1,10})/', 'g'))[1] AS id
      FROM ${sql.identifier(tbl)} WHERE ${text} LIKE '%/api/files/%'`);
    for (const row of found.rows) linked.add(Number(row.id));
  }
  return linked;
}

/**
 * Images staff uploaded for a logo or a project's content that nothing uses any more (replaced, removed, or
 * uploaded and never saved), a day after their upload: their rows go, and the answer is their storage keys.
 * "Uses" are a foreign key, a logo, or a link in any text (staff HTML embeds images by their link).
 */
export async function deleteUnusedUploads(q: Queryable, owners: { exact: readonly string[]; perProject: readonly string[] }, now = new Date()): Promise<string[]> {
  const pattern = `^(${owners.perProject.map((o) => o.replace(/[^a-z-]/g, '')).join('|')}):[0-9]+$`;
  const candidates = await q.execute<{ id: number }>(sql`SELECT id FROM files
    WHERE (owner = ANY(${`{${owners.exact.map((o) => o.replace(/[^a-z-]/g, '')).join(',')}}`}::text[]) OR owner ~ ${pattern})
    AND created_at < ${new Date(now.getTime() - 86_400_000).toISOString()}::timestamptz`);
  if (!candidates.rows.length) return [];
  const linked = await linkedInText(q);
  return deleteUnreferencedFiles(q, candidates.rows.map((r) => Number(r.id)).filter((id) => !linked.has(id)));
}
