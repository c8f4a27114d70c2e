import type { TStaffSurveyStatus } from '@portal/contract';
import { ToneBadge, type BadgeTone } from '../../ui/console-status';
import { surveysTexts as texts } from './texts';

const STATUS_TONES: Record<TStaffSurveyStatus, BadgeTone> = { scheduled: 'neutral', open: 'good', closed: 'warn' };

/** Gepland / Open / Gesloten. */
export function SurveyStatusBadge({ status }: { status: TStaffSurveyStatus }) {
  return <ToneBadge tone={STATUS_TONES[status]} status={status}>{texts.statuses[status]}</ToneBadge>;
}
