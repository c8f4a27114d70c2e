import { fillPath, staffContentPaths, type TStaffListItem, type TStaffScheduleSettings, type TStaffScheduleSettingsInput } from '@portal/contract';
import { staffApi, staffApiPage } from '../../lib/staff-api';

/** The content modules this feature edits, with their API paths and console slugs. */
export const CONTENT_MODULE_DEFS = {
  news: { list: staffContentPaths.newsList, item: staffContentPaths.newsItem, slug: 'nieuws' },
  complaints: { list: staffContentPaths.complaintsList, item: staffContentPaths.complaintsItem, slug: 'klachten' },
  information: { list: staffContentPaths.informationList, item: staffContentPaths.informationItem, slug: 'informatie' },
  faq: { list: staffContentPaths.faqList, item: staffContentPaths.faqItem, slug: 'veelgestelde-vragen' },
  schedule: { list: staffContentPaths.scheduleList, item: staffContentPaths.scheduleItem, slug: 'planning' },
} as const;
export type ContentModule = keyof typeof CONTENT_MODULE_DEFS;

/** Query keys: everything of a project's content under one prefix (the overview's counts included). */
export const contentKeys = {
  project: (projectId: number) => ['staff', 'content', projectId] as const,
  list: (projectId: number, module: ContentModule) => ['staff', 'content', projectId, module, 'list'] as const,
  item: (projectId: number, module: ContentModule, id: number) => ['staff', 'content', projectId, module, 'item', id] as const,
  scheduleSettings: (projectId: number) => ['staff', 'content', projectId, 'schedule', 'settings'] as const,
};

export const contentApi = {
  list: (projectId: number, module: ContentModule, page: { before?: number; q?: string }) =>
    staffApiPage<TStaffListItem[]>(fillPath(CONTENT_MODULE_DEFS[module].list, { projectId }), { before: page.before }, { query: { q: page.q } }),
  get: <T>(projectId: number, module: ContentModule, id: number) => staffApi<T>(fillPath(CONTENT_MODULE_DEFS[module].item, { projectId, id })),
  create: <T>(projectId: number, module: ContentModule, body: unknown) => staffApi<T>(fillPath(CONTENT_MODULE_DEFS[module].list, { projectId }), { method: 'POST', body }),
  update: <T>(projectId: number, module: ContentModule, id: number, body: unknown) =>
    staffApi<T>(fillPath(CONTENT_MODULE_DEFS[module].item, { projectId, id }), { method: 'PUT', body }),
  remove: (projectId: number, module: ContentModule, id: number) => staffApi(fillPath(CONTENT_MODULE_DEFS[module].item, { projectId, id }), { method: 'DELETE' }),
  scheduleSettings: (projectId: number) => staffApi<TStaffScheduleSettings>(fillPath(staffContentPaths.scheduleSettings, { projectId })),
  saveScheduleSettings: (projectId: number, body: TStaffScheduleSettingsInput) =>
    staffApi<TStaffScheduleSettings>(fillPath(staffContentPaths.scheduleSettings, { projectId }), { method: 'PUT', body }),
};
