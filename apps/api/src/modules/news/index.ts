export { newsArticles } from './news.table.ts';
export { createNewsService, type NewsService } from './news.service.ts';
export { newsRoutes } from './news.routes.ts';
export { newsStaffRoutes } from './news.staff.routes.ts';
export { announceNews } from './news.notify.ts';
