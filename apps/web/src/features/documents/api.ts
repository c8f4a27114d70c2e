import type { TDocument } from '@portal/contract';
import { audienceKey, modulePagesQuery, type Audience } from '../../lib/audience';

export const documentKeys = {
  all: ['documents'] as const,
  list: (audience: Audience) => [...documentKeys.all, ...audienceKey(audience)] as const,
};

export const documentQueries = {
  /** The list, newest first, a page at a time ('Meer laden'). */
  list: (audience: Audience) => modulePagesQuery<TDocument>(audience, 'documents', documentKeys.list(audience)),
};
