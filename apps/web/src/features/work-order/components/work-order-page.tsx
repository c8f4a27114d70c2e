import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo } from 'react';
import { WORK_ORDER_STATUS_TEXT, type TWorkOrder, type TWorkOrderEntry } from '@portal/contract';
import type { Audience } from '../../../lib/audience';
import { useMediaQuery, WIDE } from '../../../lib/use-media-query';
import type { MapMarker } from '../../../ui/leaflet-map';
import { Card } from '../../../ui/page';
import { EmptyState, ErrorState, Loading } from '../../../ui/states';
import { workOrderQueries } from '../api';
import { workOrderTexts } from '../texts';

const LeafletMap = lazy(() => import('../../../ui/leaflet-map'));
const NETHERLANDS: [number, number] = [52.09, 5.12];

/**
 * Work order: the project's image and message when it shows an image; otherwise a map (wide
 * screens only, numbered markers) above the numbered list of addresses with their status.
 */
export function WorkOrderPage({ audience, tileUrl }: { audience: Audience; tileUrl: string }) {
  const workOrder = useQuery(workOrderQueries.detail(audience));
  if (workOrder.isPending) return <Loading />;
  if (workOrder.isError) return <ErrorState error={workOrder.error} retry={() => void workOrder.refetch()} />;
  const data = workOrder.data;
  if (data.show_image) {
    return (
      <Card className="flex flex-col gap-4">
        {data.image_url && <img src={data.image_url} alt="" className="w-full rounded-md object-contain" />}
        {data.message && <p className="whitespace-pre-line text-slate-900">{data.message}</p>}
        {!data.image_url && !data.message && <p>{workOrderTexts.empty}</p>}
      </Card>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      {data.message && <p className="whitespace-pre-line rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">{data.message}</p>}
      {data.entries.length === 0 ? <EmptyState>{workOrderTexts.empty}</EmptyState> : (
        <>
          <WorkOrderMap entries={data.entries} tileUrl={tileUrl} />
          <AddressList workOrder={data} />
        </>
      )}
    </div>
  );
}

function WorkOrderMap({ entries, tileUrl }: { entries: TWorkOrderEntry[]; tileUrl: string }) {
  const wide = useMediaQuery(WIDE);
  const markers = useMemo<MapMarker[]>(() => entries.flatMap((entry, index) =>
    entry.lat !== null && entry.lng !== null
      ? [{ key: entry.id, lat: entry.lat, lng: entry.lng, label: String(index + 1), highlight: entry.is_own_address,
          title: `${index + 1}. ${entry.full_address} (${WORK_ORDER_STATUS_TEXT[entry.status]})${entry.is_own_address ? ` – ${workOrderTexts.ownAddress}` : ''}` }]
      : []), [entries]);
  if (!wide || markers.length === 0) return null; // the map is not shown on small screens
  const own = markers.find((m) => m.highlight) ?? markers[0]!;
  return (
    <div className="hidden sm:block">
      <Suspense fallback={<div className="h-[400px] animate-pulse rounded-lg bg-slate-200" aria-hidden="true" />}>
        <LeafletMap tileUrl={tileUrl} center={own ? [own.lat, own.lng] : NETHERLANDS} zoom={11} markers={markers} label={workOrderTexts.map} />
      </Suspense>
    </div>
  );
}

function AddressList({ workOrder }: { workOrder: TWorkOrder }) {
  return (
    <section aria-labelledby="work-order-list" className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
      <h2 id="work-order-list" className="mb-3 text-lg font-semibold">{workOrderTexts.list}</h2>
      <ol className="flex flex-col gap-1">
        {workOrder.entries.map((entry, index) => (
          <li key={entry.id} data-status={entry.status} aria-current={entry.is_own_address ? 'location' : undefined}
            className={`flex flex-wrap items-center gap-3 rounded-md px-3 py-2 ${entry.is_own_address ? 'bg-amber-50 ring-2 ring-amber-700' : 'odd:bg-slate-50'}`}>
            <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand text-sm font-bold text-on-brand" aria-hidden="true">{index + 1}</span>
            <span className="min-w-0 flex-1">
              <span className="sr-only">{index + 1}. </span>
              <span className="font-medium">{entry.full_address}</span>
              {entry.is_own_address && <strong className="ml-2 rounded bg-amber-200 px-1.5 py-0.5 text-xs text-amber-950">{workOrderTexts.ownAddress}</strong>}
            </span>
            <span className="flex items-center gap-2 text-sm font-medium text-slate-800">
              <StatusIcon status={entry.status} />
              <span><span className="sr-only">{workOrderTexts.status}: </span>{WORK_ORDER_STATUS_TEXT[entry.status]}</span>
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}

function StatusIcon({ status }: { status: TWorkOrderEntry['status'] }) {
  if (status === 'done') {
    return (
      <svg viewBox="0 0 24 24" className="size-6 text-green-700" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden="true" data-icon="check">
        <circle cx="12" cy="12" r="9" /><path d="M8 12.5l2.5 2.5L16 9.5" />
      </svg>
    );
  }
  return (
    <svg viewBox="0 0 24 24" className="size-6 animate-spin text-slate-700 [animation-duration:3s] motion-reduce:animate-none" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true" data-icon="gear">
      {/* gear: the 'settings' icon of Lucide (ISC licence) */}
      <path d="M12.22 2h-.44a2 2 0 0 0-2 2v.18a2 2 0 0 1-1 1.73l-.43.25a2 2 0 0 1-2 0l-.15-.08a2 2 0 0 0-2.73.73l-.22.38a2 2 0 0 0 .73 2.73l.15.1a2 2 0 0 1 1 1.72v.51a2 2 0 0 1-1 1.74l-.15.09a2 2 0 0 0-.73 2.73l.22.38a2 2 0 0 0 2.73.73l.15-.08a2 2 0 0 1 2 0l.43.25a2 2 0 0 1 1 1.73V20a2 2 0 0 0 2 2h.44a2 2 0 0 0 2-2v-.18a2 2 0 0 1 1-1.73l.43-.25a2 2 0 0 1 2 0l.15.08a2 2 0 0 0 2.73-.73l.22-.39a2 2 0 0 0-.73-2.73l-.15-.08a2 2 0 0 1-1-1.74v-.5a2 2 0 0 1 1-1.74l.15-.09a2 2 0 0 0 .73-2.73l-.22-.38a2 2 0 0 0-2.73-.73l-.15.08a2 2 0 0 1-2 0l-.43-.25a2 2 0 0 1-1-1.73V4a2 2 0 0 0-2-2z" />
      <circle cx="12" cy="12" r="3" />
    </svg>
  );
}
