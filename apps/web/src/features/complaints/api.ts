import { queryOptions } from '@tanstack/react-query';
import type { TComplaintItem, TComplaintList } from '@portal/contract';
import { api } from '../../lib/api';
import { audienceKey, getModule, type Audience } from '../../lib/audience';

export const complaintKeys = {
  all: ['complaints'] as const,
  list: (audience: Audience) => [...complaintKeys.all, 'list', ...audienceKey(audience)] as const,
  item: (audience: Audience, id: number) => [...complaintKeys.all, 'item', ...audienceKey(audience), id] as const,
};

export const complaintQueries = {
  list: (audience: Audience) =>
    queryOptions({ queryKey: complaintKeys.list(audience), queryFn: ({ signal }) => getModule<TComplaintList>(audience, 'complaints', signal) }),
  /** A resident's read of one item; the server marks it read. */
  item: (audience: Audience, id: number) =>
    queryOptions({ queryKey: complaintKeys.item(audience, id), queryFn: ({ signal }) => api<TComplaintItem>(`/occupant/complaint/${id}`, { signal }) }),
};
