import type { TStaffFormStatus } from '@portal/contract';
import { ApiError } from '../../../lib/api';
import { ToneBadge, type BadgeTone } from '../../../ui/console-status';
import { formsTexts as texts } from '../texts';

const STATUS_TONES: Record<TStaffFormStatus, BadgeTone> = { draft: 'neutral', published: 'good', archived: 'warn' };

/** Concept / Gepubliceerd / Gearchiveerd. */
export function FormStatusBadge({ status }: { status: TStaffFormStatus }) {
  return <ToneBadge tone={STATUS_TONES[status]} status={status}>{texts.statuses[status]}</ToneBadge>;
}


// The datetime-local helpers moved to lib/console-format (the survey builder uses them too).
export { fromLocalInput, toLocalInput } from '../../../lib/console-format';

/** The server's Dutch message for one field (or the whole message without a field). */
export function problemText(error: unknown, field?: string): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (!field) return error.body.message;
  return error.body.errors?.find((e) => e.field === field || e.field.endsWith(`.${field}`))?.message;
}
