import { queryOptions } from '@tanstack/react-query';
import type { TPartner } from '@portal/contract';
import { audienceKey, getModule, type Audience } from '../../lib/audience';

export const partnerKeys = {
  all: ['partners'] as const,
  list: (audience: Audience) => [...partnerKeys.all, ...audienceKey(audience)] as const,
};

export const partnerQueries = {
  list: (audience: Audience) =>
    queryOptions({ queryKey: partnerKeys.list(audience), queryFn: ({ signal }) => getModule<TPartner[]>(audience, 'partners', signal) }),
};
