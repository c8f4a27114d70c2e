import { CONTENT_STATUS_LABELS, type TContentStatus } from '@portal/contract';

const TONES = {
  neutral: 'bg-slate-200 text-slate-900 ring-slate-400',
  warn: 'bg-amber-100 text-amber-950 ring-amber-600',
  good: 'bg-green-100 text-green-950 ring-green-700',
} as const;
export type BadgeTone = keyof typeof TONES;

/** A status as text in a pill (never by colour alone); `status` lands in data-status for tests. */
export function ToneBadge({ tone, status, children }: { tone: BadgeTone; status: string; children: string }) {
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${TONES[tone]}`} data-status={status}>
      {children}
    </span>
  );
}

const CONTENT_TONES: Record<TContentStatus, BadgeTone> = { draft: 'neutral', scheduled: 'warn', published: 'good' };

/** Concept / Gepland / Gepubliceerd: a content item's status. */
export function StatusBadge({ status }: { status: TContentStatus }) {
  return <ToneBadge tone={CONTENT_TONES[status]} status={status}>{CONTENT_STATUS_LABELS[status]}</ToneBadge>;
}

/** 'Openbaar' for an item public visitors see. */
export function PublicBadge({ isPublic }: { isPublic: boolean }) {
  if (!isPublic) return null;
  return <span className="inline-flex items-center rounded-full bg-blue-50 px-2.5 py-0.5 text-xs font-semibold text-blue-900 ring-1 ring-blue-700">Openbaar</span>;
}
