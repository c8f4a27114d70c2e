import type { TInboxStatus } from '@portal/contract';
import { statusLabels } from '../texts';

const tone: Record<TInboxStatus, string> = {
  open: 'bg-amber-100 text-amber-950', waiting: 'bg-blue-100 text-blue-950', closed: 'bg-slate-200 text-slate-900',
};

export function InboxStatusBadge({ status }: { status: TInboxStatus }) {
  return <span className={`rounded px-2 py-0.5 text-sm font-medium ${tone[status]}`}>{statusLabels[status]}</span>;
}
