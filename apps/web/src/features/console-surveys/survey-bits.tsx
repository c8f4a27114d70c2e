import type { TStaffSurveyStatus } from '@portal/contract';
import { surveysTexts as texts } from './texts';

const STATUS_STYLES: Record<TStaffSurveyStatus, string> = {
  scheduled: 'bg-slate-200 text-slate-900 ring-slate-400',
  open: 'bg-green-100 text-green-950 ring-green-700',
  closed: 'bg-amber-100 text-amber-950 ring-amber-600',
};

/** Gepland / Open / Gesloten as text (never by colour alone). */
export function SurveyStatusBadge({ status }: { status: TStaffSurveyStatus }) {
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${STATUS_STYLES[status]}`} data-status={status}>
      {texts.statuses[status]}
    </span>
  );
}
