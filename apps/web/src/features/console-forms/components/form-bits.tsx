import type { TStaffFormStatus } from '@portal/contract';
import { ApiError } from '../../../lib/api';
import { formsTexts as texts } from '../texts';

const STATUS_STYLES: Record<TStaffFormStatus, string> = {
  draft: 'bg-slate-200 text-slate-900 ring-slate-400',
  published: 'bg-green-100 text-green-950 ring-green-700',
  archived: 'bg-amber-100 text-amber-950 ring-amber-600',
};

/** Concept / Gepubliceerd / Gearchiveerd as text (never by colour alone). */
export function FormStatusBadge({ status }: { status: TStaffFormStatus }) {
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${STATUS_STYLES[status]}`} data-status={status}>
      {texts.statuses[status]}
    </span>
  );
}


// The datetime-local helpers moved to lib/console-format (the survey builder uses them too).
export { fromLocalInput, toLocalInput } from '../../../lib/console-format';

/** The server's Dutch message for one field (or the whole message without a field). */
export function problemText(error: unknown, field?: string): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (!field) return error.body.message;
  return error.body.errors?.find((e) => e.field === field || e.field.endsWith(`.${field}`))?.message;
}
