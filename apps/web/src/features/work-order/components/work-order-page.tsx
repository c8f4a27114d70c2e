import { useInfiniteQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { WORK_ORDER_STATUS_TEXT, type TWorkOrder, type TWorkOrderEntry } from '@portal/contract';
import type { Audience } from '../../../lib/audience';
import { useMediaQuery, WIDE } from '../../../lib/use-media-query';
import type { MapMarker } from '../../../ui/leaflet-map';
import { LoadMoreButton } from '../../../ui/load-more';
import { MAP_HEIGHT, NETHERLANDS } from '../../../ui/map-view';
import { Card } from '../../../ui/page';
import { EmptyState, ErrorState, Loading } from '../../../ui/states';
import { workOrderQueries } from '../api';
import { workOrderTexts } from '../texts';

const LeafletMap = lazy(() => import('../../../ui/leaflet-map'));
/** The spec's zoom of the work-order map, kept when there is one marker (or none) to fit. */
const WORK_ORDER_ZOOM = 11;

/** The number shown for an entry: its work-order number, or of a street range its first and last ('3–11'). */
export const entryLabel = (entry: TWorkOrderEntry) => (entry.id === entry.last_id ? String(entry.id) : `${entry.id}–${entry.last_id}`);

/** 'Tulpstraat 12, 1234 AB Utrecht' -> ['Tulpstraat 12', '1234 AB Utrecht'], so that narrow screens break it there. */
function splitAddress(address: string): [string, string | null] {
  const comma = address.indexOf(', ');
  return comma < 0 ? [address, null] : [address.slice(0, comma), address.slice(comma + 2)];
}

/**
 * Work order: the project's image and message when it shows an image; otherwise a map (wide screens
 * only, numbered markers, fitted to the loaded entries) above the numbered list of addresses (or, for
 * public visitors, street ranges) with their status, a page at a time ('Meer laden'). A resident is
 * told their own number even when it is not loaded yet.
 */
export function WorkOrderPage({ audience, tileUrl }: { audience: Audience; tileUrl: string }) {
  const workOrder = useInfiniteQuery(workOrderQueries.list(audience));
  const pages = workOrder.data?.pages;
  const entries = useMemo(() => (pages ?? []).flatMap((page) => page.data.entries), [pages]);
  if (workOrder.isPending) return <Loading />;
  if (workOrder.isError) return <ErrorState error={workOrder.error} retry={() => void workOrder.refetch()} />;
  const data: TWorkOrder = workOrder.data.pages[0]!.data; // the settings and own entry, the same on every page
  if (data.show_image) return <ImageAndMessage workOrder={data} />;
  return (
    <div className="flex flex-col gap-4">
      {data.message && <p className="whitespace-pre-line rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">{data.message}</p>}
      {entries.length === 0 ? <EmptyState>{workOrderTexts.empty}</EmptyState> : (
        <>
          {data.own_entry && <p className="rounded-lg bg-amber-50 p-4 font-medium text-amber-950 ring-1 ring-amber-300">{workOrderTexts.ownPosition(entryLabel(data.own_entry))}</p>}
          <WorkOrderMap entries={entries} own={data.own_entry} tileUrl={tileUrl} />
          <AddressList entries={entries}>
            {workOrder.hasNextPage && (
              <LoadMoreButton label={workOrderTexts.loadMore} busy={workOrder.isFetchingNextPage} failed={workOrder.isFetchNextPageError}
                onLoad={() => void workOrder.fetchNextPage()} className="mt-4" />
            )}
          </AddressList>
        </>
      )}
    </div>
  );
}

/** The spec's variant: the project shows an image and its message instead of the map and the list. */
function ImageAndMessage({ workOrder }: { workOrder: TWorkOrder }) {
  return (
    <Card className="flex flex-col gap-4">
      {workOrder.image_url && <img src={workOrder.image_url} alt={workOrderTexts.image} className="w-full rounded-md object-contain" />}
      {workOrder.message && <p className="whitespace-pre-line text-slate-900">{workOrder.message}</p>}
      {!workOrder.image_url && !workOrder.message && <p>{workOrderTexts.empty}</p>}
    </Card>
  );
}

function toMarker(entry: TWorkOrderEntry): MapMarker[] {
  if (entry.lat === null || entry.lng === null) return [];
  const label = entryLabel(entry);
  const own = entry.is_own_address ? ` – ${workOrderTexts.ownAddress}` : '';
  return [{ key: entry.id, lat: entry.lat, lng: entry.lng, label, highlight: entry.is_own_address, title: `${label}. ${entry.full_address} (${WORK_ORDER_STATUS_TEXT[entry.status]})${own}` }];
}

/** Markers of the loaded entries, plus the resident's own address when it is not loaded yet. */
function WorkOrderMap({ entries, own, tileUrl }: { entries: TWorkOrderEntry[]; own: TWorkOrderEntry | null; tileUrl: string }) {
  const wide = useMediaQuery(WIDE);
  const markers = useMemo<MapMarker[]>(() => {
    const shown = own && !entries.some((e) => e.id === own.id) ? [...entries, own] : entries;
    return shown.flatMap(toMarker);
  }, [entries, own]);
  if (!wide || markers.length === 0) return null; // the map is not shown on small screens
  return (
    <div className="hidden sm:block">
      <Suspense fallback={<div style={{ height: MAP_HEIGHT }} className="animate-pulse rounded-lg bg-slate-200" aria-hidden="true" />}>
        <LeafletMap tileUrl={tileUrl} center={NETHERLANDS} zoom={WORK_ORDER_ZOOM} markers={markers} fitToMarkers label={workOrderTexts.map}
          tilesFailedText={workOrderTexts.tilesFailed} />
      </Suspense>
    </div>
  );
}

function AddressList({ entries, children }: { entries: TWorkOrderEntry[]; children?: ReactNode }) {
  // Every number badge as wide as the longest, so that the addresses line up (ranges such as '14–22').
  const labelWidth = Math.max(...entries.map((entry) => entryLabel(entry).length));
  return (
    <section aria-labelledby="work-order-list" className="rounded-lg bg-white p-3 shadow-sm ring-1 ring-slate-200 sm:p-5">
      <h2 id="work-order-list" className="mb-3 text-lg font-semibold">{workOrderTexts.list}</h2>
      <ol className="flex flex-col gap-1">
        {entries.map((entry) => <EntryItem key={entry.id} entry={entry} labelWidth={labelWidth} />)}
      </ol>
      {children}
    </section>
  );
}

/** One line on wide screens; on narrow ones the address on one or two lines with the status (icon and text) under it. */
function EntryItem({ entry, labelWidth }: { entry: TWorkOrderEntry; labelWidth: number }) {
  const label = entryLabel(entry);
  const [street, place] = splitAddress(entry.full_address);
  const count = entry.address_count > 1 && <span className="ml-2 text-sm text-slate-700">({workOrderTexts.addresses(entry.address_count)})</span>;
  return (
    <li data-status={entry.status} aria-current={entry.is_own_address ? 'location' : undefined}
      className={`flex items-start gap-3 rounded-md px-2 py-2 sm:items-center sm:px-3 ${entry.is_own_address ? 'bg-amber-50 ring-2 ring-amber-700' : 'odd:bg-slate-50'}`}>
      <span className="flex h-8 shrink-0 items-center justify-center rounded-full bg-brand px-1.5 text-sm font-bold text-on-brand"
        style={{ minWidth: `max(2rem, calc(${labelWidth}ch + 0.75rem))` }} aria-hidden="true">{label}</span>
      <div className="flex min-w-0 flex-1 flex-col gap-1 sm:flex-row sm:items-center sm:justify-between sm:gap-3">
        <p className="min-w-0 break-words">
          <span className="sr-only">{label}. </span>
          <span className="block font-medium sm:inline">{street}{place ? <span className="sr-only sm:not-sr-only">, </span> : count}</span>
          {place && <span className="block text-slate-700 sm:inline">{place}{count}</span>}
          {entry.is_own_address && <strong className="mt-1 inline-block rounded bg-amber-200 px-1.5 py-0.5 text-xs text-amber-950 sm:ml-2 sm:mt-0">{workOrderTexts.ownAddress}</strong>}
        </p>
        <p className="flex shrink-0 items-center gap-2 text-sm font-medium text-slate-800">
          <StatusIcon status={entry.status} />
          <span><span className="sr-only">{workOrderTexts.status}: </span>{WORK_ORDER_STATUS_TEXT[entry.status]}</span>
        </p>
      </div>
    </li>
  );
}

function StatusIcon({ status }: { status: TWorkOrderEntry['status'] }) {
  if (status === 'done') {
    return (
      <svg viewBox="0 0 24 24" className="size-6 shrink-0 text-green-700" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden="true" data-icon="check">
        <circle cx="12" cy="12" r="9" /><path d="M8 12.5l2.5 2.5L16 9.5" />
      </svg>
    );
  }
  return (
    <svg viewBox="0 0 24 24" className="size-6 shrink-0 animate-spin text-slate-700 [animation-duration:3s] motion-reduce:animate-none" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true" data-icon="gear">
      {/* gear: the 'settings' icon of Lucide (ISC licence) */}
      <path d="M12.22 2h-.44a2 2 0 0 0-2 2v.18a2 2 0 0 1-1 1.73l-.43.25a2 2 0 0 1-2 0l-.15-.08a2 2 0 0 0-2.73.73l-.22.38a2 2 0 0 0 .73 2.73l.15.1a2 2 0 0 1 1 1.72v.51a2 2 0 0 1-1 1.74l-.15.09a2 2 0 0 0-.73 2.73l.22.38a2 2 0 0 0 2.73.73l.15-.08a2 2 0 0 1 2 0l.43.25a2 2 0 0 1 1 1.73V20a2 2 0 0 0 2 2h.44a2 2 0 0 0 2-2v-.18a2 2 0 0 1 1-1.73l.43-.25a2 2 0 0 1 2 0l.15.08a2 2 0 0 0 2.73-.73l.22-.39a2 2 0 0 0-.73-2.73l-.15-.08a2 2 0 0 1-1-1.74v-.5a2 2 0 0 1 1-1.74l.15-.09a2 2 0 0 0 .73-2.73l-.22-.38a2 2 0 0 0-2.73-.73l-.15.08a2 2 0 0 1-2 0l-.43-.25a2 2 0 0 1-1-1.73V4a2 2 0 0 0-2-2z" />
      <circle cx="12" cy="12" r="3" />
    </svg>
  );
}
