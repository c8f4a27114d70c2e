import { queryOptions } from '@tanstack/react-query';
import type { TContact } from '@portal/contract';
import { audienceKey, getModule, type Audience } from '../../lib/audience';

export const contactKeys = {
  all: ['contacts'] as const,
  list: (audience: Audience) => [...contactKeys.all, ...audienceKey(audience)] as const,
};

export const contactQueries = {
  list: (audience: Audience) =>
    queryOptions({ queryKey: contactKeys.list(audience), queryFn: ({ signal }) => getModule<TContact[]>(audience, 'contacts', signal) }),
};
