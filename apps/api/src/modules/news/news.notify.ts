import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../../lib/queryable.ts';
import type { NotifyInput } from '../notifications/index.ts';
import { plainTextOf } from '../notifications/index.ts';
import { newsArticles } from './news.table.ts';

type Notifier = { notify(tx: Queryable, input: NotifyInput): Promise<void> };

/**
 * A news article that appears tells the project's residents (category 'news'), once per article: at
 * its publication when staff save it published, or by the 'content-published' job at its scheduled moment.
 */
export function announceNews(notifications: Notifier) {
  return async (tx: Queryable, item: { projectId: number; id: number }): Promise<void> => {
    const [article] = await tx.select({ title: newsArticles.title, content: newsArticles.content, publishAt: newsArticles.publishAt })
      .from(newsArticles).where(and(eq(newsArticles.id, item.id), eq(newsArticles.projectId, item.projectId)));
    if (!article?.publishAt || article.publishAt.getTime() > Date.now()) return;
    await notifications.notify(tx, {
      category: 'news', to: { projectId: item.projectId }, title: `Nieuws: ${article.title}`, body: plainTextOf(article.content) || article.title,
      url: '/dashboard', tag: `news:${item.id}`, once: true,
    });
  };
}
