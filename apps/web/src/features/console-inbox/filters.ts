import { INBOX_STATUSES, type TInboxStatus } from '@portal/contract';
import type { InboxFilter } from './api';

/** The URL's Dutch words (?project=&status=&toegewezen=ik|niemand|<id>&q=) as the API's filter. */
export function filterFromSearch(search: string): InboxFilter {
  const params = new URLSearchParams(search);
  const filter: InboxFilter = {};
  const project = Number(params.get('project'));
  if (Number.isInteger(project) && project > 0) filter.project_id = project;
  const status = params.get('status');
  if (status && (INBOX_STATUSES as readonly string[]).includes(status)) filter.status = status as TInboxStatus;
  const assigned = params.get('toegewezen');
  if (assigned === 'ik') filter.assigned = 'me';
  else if (assigned === 'niemand') filter.assigned = 'none';
  else if (assigned && /^[1-9]\d{0,9}$/.test(assigned)) filter.assigned = assigned;
  const q = params.get('q')?.trim();
  if (q) filter.q = q.slice(0, 100);
  return filter;
}

/** The filter as the URL's search (the inverse of filterFromSearch). */
export function searchFromFilter(filter: InboxFilter): string {
  const params = new URLSearchParams();
  if (filter.project_id) params.set('project', String(filter.project_id));
  if (filter.status) params.set('status', filter.status);
  if (filter.assigned) params.set('toegewezen', filter.assigned === 'me' ? 'ik' : filter.assigned === 'none' ? 'niemand' : filter.assigned);
  if (filter.q) params.set('q', filter.q);
  const text = params.toString();
  return text ? `?${text}` : '';
}
