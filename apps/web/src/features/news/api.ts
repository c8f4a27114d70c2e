import { queryOptions } from '@tanstack/react-query';
import type { TNewsArticle } from '@portal/contract';
import { api } from '../../lib/api';
import { audienceKey, getModule, type Audience } from '../../lib/audience';

export const newsKeys = {
  all: ['news'] as const,
  list: (audience: Audience) => [...newsKeys.all, 'list', ...audienceKey(audience)] as const,
  article: (audience: Audience, id: number) => [...newsKeys.all, 'article', ...audienceKey(audience), id] as const,
};

export const newsQueries = {
  list: (audience: Audience) =>
    queryOptions({ queryKey: newsKeys.list(audience), queryFn: ({ signal }) => getModule<TNewsArticle[]>(audience, 'news', signal) }),
  /** A resident's read of one article; the server marks it read. */
  article: (audience: Audience, id: number) =>
    queryOptions({ queryKey: newsKeys.article(audience, id), queryFn: ({ signal }) => api<TNewsArticle>(`/occupant/news/article/${id}`, { signal }) }),
};
