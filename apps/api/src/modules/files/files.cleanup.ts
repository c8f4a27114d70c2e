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
