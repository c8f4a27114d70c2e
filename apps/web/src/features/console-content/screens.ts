import { lazy, type ComponentType } from 'react';

const pageOf = <M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M) =>
  lazy(() => load().then((m) => ({ default: m[name] as ComponentType })));

const news = () => import('./news-pages');
const complaints = () => import('./complaints-pages');
const information = () => import('./information-pages');
const schedule = () => import('./schedule-pages');
const base = '/projecten/:projectId/inhoud';

/**
 * The console's screens of news, complaints, information, FAQ and planning (app/console/screens.tsx
 * spreads them): a list and an item page each ('nieuw' for a new item), and the planning's settings.
 */
export const contentScreens: Array<{ path: string; page: ComponentType }> = [
  { path: `${base}/nieuws`, page: pageOf(news, 'NewsListPage') },
  { path: `${base}/nieuws/:id`, page: pageOf(news, 'NewsEditPage') },
  { path: `${base}/klachten`, page: pageOf(complaints, 'ComplaintsListPage') },
  { path: `${base}/klachten/:id`, page: pageOf(complaints, 'ComplaintsEditPage') },
  { path: `${base}/informatie`, page: pageOf(information, 'InformationListPage') },
  { path: `${base}/informatie/:id`, page: pageOf(information, 'InformationEditPage') },
  { path: `${base}/veelgestelde-vragen`, page: pageOf(information, 'FaqListPage') },
  { path: `${base}/veelgestelde-vragen/:id`, page: pageOf(information, 'FaqEditPage') },
  { path: `${base}/planning`, page: pageOf(schedule, 'ScheduleListPage') },
  { path: `${base}/planning/instellingen`, page: pageOf(schedule, 'ScheduleSettingsPage') },
  { path: `${base}/planning/:id`, page: pageOf(schedule, 'ScheduleEditPage') },
];
