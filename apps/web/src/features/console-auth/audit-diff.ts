export type AuditChange = { field: string; before: string | null; after: string | null };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const show = (value: unknown): string | null => (value === undefined || value === null ? null : typeof value === 'string' ? value : JSON.stringify(value));

/**
 * What an audit entry changed: per field of the record, the value before and after (only fields that
 * differ; all of them for a record created or removed). Values other than text are shown as JSON.
 */
export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  if (before == null && after == null) return [];
  if ((before != null && !isRecord(before)) || (after != null && !isRecord(after))) return [{ field: '', before: show(before), after: show(after) }];
  const b = (before ?? {}) as Record<string, unknown>;
  const a = (after ?? {}) as Record<string, unknown>;
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return fields
    .map((field) => ({ field, before: show(b[field]), after: show(a[field]) }))
    .filter((change) => before == null || after == null || change.before !== change.after);
}
