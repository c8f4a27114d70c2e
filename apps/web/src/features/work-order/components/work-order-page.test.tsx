import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { TWorkOrder, TWorkOrderEntry } from '@portal/contract';
import type { Audience } from '../../../lib/audience';
import { workOrderKeys } from '../api';
import { WorkOrderPage } from './work-order-page';

const resident: Audience = { kind: 'occupant', projectId: 1 };
const visitor: Audience = { kind: 'public', projectId: 1 };

const entry = (id: number, full_address: string, extra: Partial<TWorkOrderEntry> = {}): TWorkOrderEntry => ({
  id, last_id: id, address_count: 1, full_address, lat: 52.09, lng: 5.12, status: 'in_progress', is_own_address: false, ...extra,
});
const order = (extra: Partial<TWorkOrder> = {}): TWorkOrder => ({
  show_image: false, message: null, image_url: null, own_entry: null,
  entries: [entry(1, 'Tulpstraat 12, 1234 AB Utrecht', { status: 'done' }), entry(2, 'Tulpstraat 10, 1234 AB Utrecht')],
  ...extra,
});

/** The page as it renders once the first page of the work order has arrived (the map needs a browser: e2e). */
function shown(audience: Audience, first: TWorkOrder, hasMore = false): string {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  client.setQueryData(workOrderKeys.list(audience), { pages: [{ data: first, hasMore }], pageParams: [undefined] });
  return renderToStaticMarkup(<QueryClientProvider client={client}><WorkOrderPage audience={audience} tileUrl="" /></QueryClientProvider>);
}
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('WorkOrderPage', () => {
  it('shows the image and the message instead of the list when the project shows an image (spec section 2)', () => {
    const html = shown(resident, order({ show_image: true, image_url: '/api/files/9/werkvolgorde.png', message: 'Wij werken van noord naar zuid.' }));
    expect(html).toContain('src="/api/files/9/werkvolgorde.png"');
    expect(text(html)).toContain('Wij werken van noord naar zuid.');
    expect(html).not.toContain('Volgorde van de adressen');
    expect(html).not.toContain('Tulpstraat');
  });

  it('shows the message above the numbered list otherwise, each status as an icon with its text', () => {
    const html = shown(resident, order({ message: 'Wij werken van noord naar zuid.' }));
    expect(html).not.toContain('<img');
    expect(text(html)).toContain('Wij werken van noord naar zuid.');
    expect(html).toContain('Volgorde van de adressen');
    const items = html.split('<li').slice(1);
    expect(items).toHaveLength(2);
    expect(items[0]).toContain('data-icon="check"');
    expect(text(items[0]!)).toMatch(/Tulpstraat 12 .*1234 AB Utrecht .*Gereed/);
    expect(items[1]).toContain('data-icon="gear"');
    expect(text(items[1]!)).toContain('In uitvoering');
  });

  it('tells a resident their number even when their address is not on the loaded page', () => {
    const own = entry(120, 'Tulpstraat 10, 1234 AB Utrecht', { is_own_address: true });
    const html = shown(resident, order({ entries: [entry(1, 'Tulpstraat 12, 1234 AB Utrecht')], own_entry: own }), true);
    expect(text(html)).toContain('Uw adres heeft nummer 120 in de werkvolgorde.');
    expect(html).not.toContain('aria-current="location"');
  });

  it('shows a public visitor street ranges with their numbers and size', () => {
    const html = shown(visitor, order({
      entries: [entry(3, 'Rozenstraat 1–17, Utrecht', { last_id: 11, address_count: 9, status: 'done' }), entry(12, 'Rozenstraat 19, Utrecht')],
    }));
    expect(text(html)).toMatch(/3–11 .*Rozenstraat 1–17 .*Utrecht .*\(9 adressen\) .*Gereed/);
    expect(text(html)).toMatch(/12 .*Rozenstraat 19 .*Utrecht .*In uitvoering/);
    expect(text(html)).not.toContain('(1 adressen)');
  });

  it('offers ‘Meer laden’ only while more pages follow', () => {
    expect(text(shown(resident, order(), true))).toContain('Meer laden');
    expect(text(shown(resident, order(), false))).not.toContain('Meer laden');
  });

  it('says so when the work order is empty', () => {
    expect(text(shown(visitor, order({ entries: [] })))).toContain('De werkvolgorde is nog niet bekend.');
  });
});
