import { WORK_ORDER_LIMIT, type TWorkOrder } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import type { Reader } from '../../lib/content.ts';
import type { Queryable } from '../../lib/queryable.ts';
import { findWorkOrderSettings, insertWorkOrder, selectWorkOrder, type NewWorkOrderEntry } from './work-order.repository.ts';

/** '1234AB' -> '1234 AB' */
const formatZipcode = (zipcode: string) => (/^\d{4}[A-Z]{2}$/.test(zipcode) ? `${zipcode.slice(0, 4)} ${zipcode.slice(4)}` : zipcode);

export function createWorkOrderService({ db }: { db: Db }) {
  return {
    async read(reader: Reader): Promise<TWorkOrder> {
      const [settings, rows] = await Promise.all([findWorkOrderSettings(db, reader.projectId), selectWorkOrder(db, reader, WORK_ORDER_LIMIT)]);
      return {
        show_image: settings?.showImage ?? false,
        message: settings?.message ?? null,
        image_url: settings?.imageUrl ?? null,
        entries: rows.map((r) => ({
          id: r.number,
          full_address: `${r.street} ${r.houseNumber}, ${formatZipcode(r.zipcode)} ${r.city}`,
          lat: r.lat,
          lng: r.lng,
          status: r.status,
          is_own_address: reader.kind === 'occupant' && r.addressId === reader.addressId,
        })),
      };
    },

    add: (rows: NewWorkOrderEntry[], tx: Queryable = db) => insertWorkOrder(tx, rows),
  };
}
export type WorkOrderService = ReturnType<typeof createWorkOrderService>;
