import { formatPostcode, WORK_ORDER_PAGE_SIZE, type TPageQuery, type TWorkOrder, type TWorkOrderEntry } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import type { Reader } from '../../lib/content.ts';
import type { Queryable } from '../../lib/queryable.ts';
import {
  findWorkOrderEntryOf, findWorkOrderSettings, insertWorkOrder, selectWorkOrder, type NewWorkOrderEntry, type WorkOrderRow,
} from './work-order.repository.ts';

/**
 * Rows one public page of street ranges reads at most: a page ends after `limit` ranges or after this
 * many addresses, whichever comes first, so a page never scans the whole order.
 */
const RANGE_SCAN_ROWS = 500;

/** '1234AB' -> '1234 AB' */

/** Orders house numbers as people do: 2 < 10 < 10A < 12. */
function compareHouseNumbers(a: string, b: string): number {
  const [, na = '', sa = ''] = /^(\d*)(.*)$/.exec(a)!;
  const [, nb = '', sb = ''] = /^(\d*)(.*)$/.exec(b)!;
  return Number(na) - Number(nb) || sa.localeCompare(sb);
}

/** Consecutive rows on the same street with the same status belong to one street range. */
const sameRange = (a: WorkOrderRow, b: WorkOrderRow) => a.street === b.street && a.city === b.city && a.status === b.status;

/** Splits rows (in work-order sequence) into street ranges. */
function streetRanges(rows: WorkOrderRow[]): WorkOrderRow[][] {
  const ranges: WorkOrderRow[][] = [];
  for (const row of rows) {
    const current = ranges.at(-1);
    if (current && sameRange(current.at(-1)!, row)) current.push(row);
    else ranges.push([row]);
  }
  return ranges;
}

const mean = (values: number[]) => (values.length ? values.reduce((sum, v) => sum + v, 0) / values.length : null);

function toRangeEntry(range: WorkOrderRow[]): TWorkOrderEntry {
  const first = range[0]!;
  const last = range.at(-1)!;
  const numbers = range.map((r) => r.houseNumber).sort(compareHouseNumbers);
  const low = numbers[0]!;
  const high = numbers.at(-1)!;
  const located = range.filter((r) => r.lat !== null && r.lng !== null);
  return {
    id: first.number,
    last_id: last.number,
    address_count: range.length,
    full_address: `${first.street} ${low === high ? low : `${low}–${high}`}, ${first.city}`,
    lat: mean(located.map((r) => r.lat!)),
    lng: mean(located.map((r) => r.lng!)),
    status: first.status,
    is_own_address: false,
  };
}

function toAddressEntry(row: WorkOrderRow, reader: Reader): TWorkOrderEntry {
  return {
    id: row.number,
    last_id: row.number,
    address_count: 1,
    full_address: `${row.street} ${row.houseNumber}, ${formatPostcode(row.zipcode)} ${row.city}`,
    lat: row.lat,
    lng: row.lng,
    status: row.status,
    is_own_address: reader.kind === 'occupant' && row.addressId === reader.addressId,
  };
}

/**
 * One page of street ranges from rows read with a limit of RANGE_SCAN_ROWS + 1. The last range is
 * only complete when the next row starts another one, so a page that stops inside a range leaves it
 * for the next page (unless it is the page's only range: then a very long run is split).
 */
function pageOfRanges(rows: WorkOrderRow[], size: number): { entries: TWorkOrderEntry[]; hasMore: boolean } {
  const scanned = rows.slice(0, RANGE_SCAN_ROWS);
  const next = rows[RANGE_SCAN_ROWS];
  const ranges = streetRanges(scanned);
  if (ranges.length > size) return { entries: ranges.slice(0, size).map(toRangeEntry), hasMore: true };
  if (next && ranges.length > 1 && sameRange(scanned.at(-1)!, next)) ranges.pop();
  return { entries: ranges.map(toRangeEntry), hasMore: next !== undefined };
}

export function createWorkOrderService({ db }: { db: Db }) {
  return {
    /**
     * One page of the work order (contract: workOrderPaths). Public visitors see street ranges unless
     * the project shows addresses; the settings and rows are read at once, so a public read takes
     * enough rows for either answer.
     */
    async read(reader: Reader, page: TPageQuery = {}): Promise<{ items: TWorkOrder; hasMore: boolean }> {
      const size = page.limit ?? WORK_ORDER_PAGE_SIZE;
      const [settings, rows, own] = await Promise.all([
        findWorkOrderSettings(db, reader.projectId),
        selectWorkOrder(db, reader, { after: page.before, limit: (reader.kind === 'public' ? Math.max(size, RANGE_SCAN_ROWS) : size) + 1 }),
        reader.kind === 'occupant' ? findWorkOrderEntryOf(db, reader.projectId, reader.addressId) : null,
      ]);
      const asRanges = reader.kind === 'public' && !settings?.publicAddresses;
      const { entries, hasMore } = asRanges
        ? pageOfRanges(rows, size)
        : { entries: rows.slice(0, size).map((row) => toAddressEntry(row, reader)), hasMore: rows.length > size };
      return {
        items: {
          show_image: settings?.showImage ?? false,
          message: settings?.message ?? null,
          image_url: settings?.imageUrl ?? null,
          entries,
          own_entry: own ? toAddressEntry(own, reader) : null,
        },
        hasMore,
      };
    },

    add: (rows: NewWorkOrderEntry[], tx: Queryable = db) => insertWorkOrder(tx, rows),
  };
}
export type WorkOrderService = ReturnType<typeof createWorkOrderService>;
