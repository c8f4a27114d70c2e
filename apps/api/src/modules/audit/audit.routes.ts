import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AUDIT_EXPORT_MAX, HAS_MORE_HEADER, pagedAnswer, staffAuthPaths, ZApiError, ZAuditExportQuery, ZAuditList, ZAuditQuery, type TAuditEntry,
} from '@portal/contract';
import { exportTable, sendExport, type ExportColumn } from '../../lib/table-export.ts';
import { pageSize } from '../../lib/paging.ts';
import type { Services } from '../../services.ts';
import { access } from '../../plugins/access.ts';
import { staffOf } from '../staff/staff-access.ts';
import type { auditLog } from '../auth/auth.table.ts';

const errors = { 401: ZApiError, 403: ZApiError, 404: ZApiError, 422: ZApiError, 429: ZApiError };

/** Midnight in Amsterdam at the start of a 'YYYY-MM-DD' day, as a moment. */
export function amsterdamDayStart(day: string): Date {
  const utc = new Date(`${day}T00:00:00Z`);
  const offsetAt = (moment: Date) => {
    const name = new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Amsterdam', timeZoneName: 'longOffset' }).formatToParts(moment)
      .find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
    const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
    return match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
  };
  const guess = new Date(utc.getTime() - offsetAt(utc) * 60_000);
  return new Date(utc.getTime() - offsetAt(guess) * 60_000);
}

const toEntry = (row: typeof auditLog.$inferSelect): TAuditEntry => ({
  id: row.id, at: row.at.toISOString(), user_id: row.userId, actor: row.actor, action: row.action, entity: row.entity,
  entity_id: row.entityId, project_id: row.projectId, before: row.before ?? null, after: row.after ?? null, face: row.face, outcome: row.outcome,
});

/** The audit log of the staff console (customer administrators): newest first, filtered, keyset-paged. */
export const auditRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const { audit } = services;
  app.get(staffAuthPaths.audit, {
    config: { access: access.console('audit.read') },
    schema: {
      tags: ['staff'],
      summary: 'The customer’s audit log, newest first',
      description: 'Filters: user_id, face, entity, action, project_id, from/to (days, Europe/Amsterdam, both included), q (actor, record id or text of the record). '
        + 'Paged: `before` = the last entry id held; X-Has-More.',
      querystring: ZAuditQuery, security: [{ bearer: [] }], response: { 200: pagedAnswer(ZAuditList), ...errors },
    },
  }, async (request, reply) => {
    const page = await audit.list(staffOf(request).customerId, filterOf(request.query), { limit: pageSize(request.query), beforeId: request.query.before });
    void reply.header(HAS_MORE_HEADER, String(page.more));
    return page.items.map(toEntry);
  });

  app.get(staffAuthPaths.auditExport, {
    config: { access: access.console('audit.read', undefined, { personalData: true, action: 'audit-export' }) },
    schema: {
      tags: ['staff'],
      summary: 'The customer’s audit log as CSV or XLSX',
      description: `The same filters as the list, newest first, at most ${AUDIT_EXPORT_MAX} entries; what changed as JSON text. Audited.`,
      querystring: ZAuditExportQuery, security: [{ bearer: [] }],
      response: { 200: z.any().describe('text/csv or application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'), ...errors },
    },
  }, async (request, reply) => {
    const page = await audit.list(staffOf(request).customerId, filterOf(request.query), { limit: AUDIT_EXPORT_MAX });
    return sendExport(reply, await exportTable(request.query.format, 'auditlog', AUDIT_COLUMNS, page.items.map(toEntry)));
  });
};

type AuditFilterQuery = Omit<z.infer<typeof ZAuditExportQuery>, 'format'>;

/** The service's filter from the query; 'to' includes its day: the entries before the next day's midnight. */
function filterOf(query: AuditFilterQuery) {
  const to = query.to ? amsterdamDayStart(new Date(Date.parse(`${query.to}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)) : undefined;
  return {
    userId: query.user_id, face: query.face, entity: query.entity || undefined, action: query.action || undefined, projectId: query.project_id,
    q: query.q || undefined, from: query.from ? amsterdamDayStart(query.from) : undefined, to,
  };
}

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));
const AUDIT_COLUMNS: ExportColumn<TAuditEntry>[] = [
  { header: 'Moment', value: (e) => new Date(e.at), kind: 'date' },
  { header: 'Medewerker', value: (e) => e.actor, width: 24 },
  { header: 'Omgeving', value: (e) => e.face },
  { header: 'Actie', value: (e) => e.action, width: 24 },
  { header: 'Onderdeel', value: (e) => e.entity },
  { header: 'Record', value: (e) => e.entity_id },
  { header: 'Project', value: (e) => e.project_id, kind: 'number' },
  { header: 'Uitkomst (HTTP)', value: (e) => e.outcome, kind: 'number' },
  { header: 'Voor', value: (e) => json(e.before), width: 40 },
  { header: 'Na', value: (e) => json(e.after), width: 40 },
];
