import { queryOptions } from '@tanstack/react-query';
import type { TDocument } from '@portal/contract';
import { audienceKey, getModule, type Audience } from '../../lib/audience';

export const documentKeys = {
  all: ['documents'] as const,
  list: (audience: Audience) => [...documentKeys.all, ...audienceKey(audience)] as const,
};

export const documentQueries = {
  list: (audience: Audience) =>
    queryOptions({ queryKey: documentKeys.list(audience), queryFn: ({ signal }) => getModule<TDocument[]>(audience, 'documents', signal) }),
};
