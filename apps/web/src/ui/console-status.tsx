import { CONTENT_STATUS_LABELS, type TContentStatus } from '@portal/contract';

const STATUS_STYLES: Record<TContentStatus, string> = {
  draft: 'bg-slate-200 text-slate-900 ring-slate-400',
  scheduled: 'bg-amber-100 text-amber-950 ring-amber-600',
  published: 'bg-green-100 text-green-950 ring-green-700',
};

/** Concept / Gepland / Gepubliceerd: a content item's status as text (never by colour alone). */
export function StatusBadge({ status }: { status: TContentStatus }) {
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${STATUS_STYLES[status]}`} data-status={status}>
      {CONTENT_STATUS_LABELS[status]}
    </span>
  );
}

/** 'Openbaar' for an item public visitors see. */
export function PublicBadge({ isPublic }: { isPublic: boolean }) {
  if (!isPublic) return null;
  return <span className="inline-flex items-center rounded-full bg-blue-50 px-2.5 py-0.5 text-xs font-semibold text-blue-900 ring-1 ring-blue-700">Openbaar</span>;
}
