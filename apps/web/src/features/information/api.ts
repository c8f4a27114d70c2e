import { queryOptions } from '@tanstack/react-query';
import type { TInformationItem, TInformationMenu } from '@portal/contract';
import { api } from '../../lib/api';
import { audienceKey, getModule, type Audience } from '../../lib/audience';

/** Information and FAQ share one domain: FAQ entries are information items without a menu. */
export const informationKeys = {
  all: ['information'] as const,
  menu: (audience: Audience) => [...informationKeys.all, 'menu', ...audienceKey(audience)] as const,
  list: (audience: Audience, kind: InformationKind) => [...informationKeys.all, kind, ...audienceKey(audience)] as const,
  item: (audience: Audience, id: number) => [...informationKeys.all, 'item', ...audienceKey(audience), id] as const,
};
export type InformationKind = 'information' | 'faq';

export const informationQueries = {
  menu: (audience: Audience) =>
    queryOptions({ queryKey: informationKeys.menu(audience), queryFn: ({ signal }) => getModule<TInformationMenu[]>(audience, 'information/menu', signal), staleTime: 5 * 60_000 }),
  list: (audience: Audience, kind: InformationKind) =>
    queryOptions({ queryKey: informationKeys.list(audience, kind), queryFn: ({ signal }) => getModule<TInformationItem[]>(audience, kind, signal) }),
  /** A resident's read of one item; the server marks it read. */
  item: (audience: Audience, id: number) =>
    queryOptions({ queryKey: informationKeys.item(audience, id), queryFn: ({ signal }) => api<TInformationItem>(`/occupant/information/item/${id}`, { signal }) }),
};
