import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  HAS_MORE_HEADER, pagedAnswer, ZApiError, ZStaffContentItemParams, ZStaffContentParams, ZStaffList, ZStaffListQuery, ZSuccess,
  type TStaffListItem, type TStaffListQuery, type TSuccess,
} from '@portal/contract';
import { access } from '../plugins/access.ts';
import type { Services } from '../services.ts';
import { staffOf, type StaffContext } from '../modules/staff/staff-access.ts';
import type { Page } from './paging.ts';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

const tags = ['staff'];
const security = [{ bearer: [] }];
const errors = { 401: ZApiError, 403: ZApiError, 404: ZApiError, 422: ZApiError };

/**
 * A content route of the console: a console session whose role may edit content, on a project it reaches
 * (the project from the URL). File links in the answer are signed for that session (registerFileLinkSigning),
 * so an <img> of a draft or of a non-public project loads in the console without a token in its URL.
 */
export const contentAccess = { access: access.console('content.edit', access.project('projectId')) };

/** What a content module's staff service offers: every call is for one project the caller may edit. */
export type StaffCrudService<I, O> = {
  list(ctx: StaffContext, projectId: number, query: TStaffListQuery): Promise<Page<TStaffListItem>>;
  get(ctx: StaffContext, projectId: number, id: number): Promise<O>;
  create(ctx: StaffContext, projectId: number, input: I): Promise<O>;
  update(ctx: StaffContext, projectId: number, id: number, input: I): Promise<O>;
  remove(ctx: StaffContext, projectId: number, id: number): Promise<void>;
};

/**
 * A content module's staff service from its own parts: `find` (404 when the item is not the project's),
 * `write` (create when `before` is null), `list` and `remove`; get, update and delete find the item first.
 */
export function staffCrudService<I, O>(parts: {
  find(projectId: number, id: number): Promise<O>;
  write(ctx: StaffContext, projectId: number, input: I, before: O | null): Promise<O>;
  list(projectId: number, query: TStaffListQuery): Promise<Page<TStaffListItem>>;
  remove(ctx: StaffContext, projectId: number, id: number, before: O): Promise<void>;
}): StaffCrudService<I, O> {
  return {
    list: (_ctx, projectId, query) => parts.list(projectId, query),
    get: (_ctx, projectId, id) => parts.find(projectId, id),
    create: (ctx, projectId, input) => parts.write(ctx, projectId, input, null),
    update: async (ctx, projectId, id, input) => parts.write(ctx, projectId, input, await parts.find(projectId, id)),
    remove: async (ctx, projectId, id) => parts.remove(ctx, projectId, id, await parts.find(projectId, id)),
  };
}

type CrudDef<I extends z.ZodType, O extends z.ZodType> = {
  /** 'news article', 'FAQ item': for the OpenAPI summaries. */
  name: string;
  paths: { list: string; item: string };
  input: I;
  output: O;
  /** Said in the OpenAPI description of create and update (the module's own rules). */
  rules?: string;
  service: StaffCrudService<z.infer<I>, z.infer<O>>;
};

const ACCESS = 'Customer administrators: every project of their customer; project editors: the projects they were given. '
  + "Another customer's project or item, or an item of another project, answers 404 as one that does not exist. Every change is written to the audit log.";
const PUBLISHING = 'publish_at null is a draft, a future moment scheduled, a past moment published: residents, partners and visitors see '
  + 'the item (and residents count it as new) only from publish_at on. Content HTML is sanitised when stored (no scripts, event handlers or javascript: links).';

// The zod type provider cannot follow a generic schema into the handlers' types: the schemas still
// validate input and serialise output, the casts below only tell TypeScript so.
/**
 * The five staff routes of a content module under /api/staff/projects/{projectId}/...: a paged,
 * searchable list with drafts, and get, create, update and delete of one item. The project is checked
 * here (staffAccess.project) before the module's service runs; the service checks the item belongs to it.
 */
export function registerStaffCrud<I extends z.ZodType, O extends z.ZodType>(app: ZodApp, services: Services, def: CrudDef<I, O>) {
  const { staffAccess } = services;
  const input: z.ZodType = def.input;
  const output: z.ZodType = def.output;
  const project = async (ctx: StaffContext, projectId: number) => {
    await staffAccess.project(ctx, projectId);
    return ctx;
  };

  app.get(def.paths.list, {
    config: contentAccess,
    schema: {
      tags, security, summary: `List a project's ${def.name}s, drafts included`,
      description: `Paged (before/limit, X-Has-More) and searchable (q: title and text). ${ACCESS}`,
      params: ZStaffContentParams, querystring: ZStaffListQuery, response: { 200: pagedAnswer(ZStaffList), ...errors },
    },
  }, async (request, reply) => {
    const ctx = await project(staffOf(request), request.params.projectId);
    const page = await def.service.list(ctx, request.params.projectId, request.query);
    void reply.header(HAS_MORE_HEADER, String(page.hasMore));
    return page.items;
  });

  app.get(def.paths.item, {
    config: contentAccess,
    schema: { tags, security, summary: `One ${def.name} of a project`, description: ACCESS, params: ZStaffContentItemParams, response: { 200: output, ...errors } },
  }, async (request) => def.service.get(await project(staffOf(request), request.params.projectId), request.params.projectId, request.params.id));

  app.post(def.paths.list, {
    config: contentAccess,
    schema: {
      tags, security, summary: `Create a ${def.name}`, description: [PUBLISHING, def.rules, ACCESS].filter(Boolean).join(' '),
      params: ZStaffContentParams, body: input, response: { 201: output, ...errors },
    },
  }, async (request, reply) => {
    const created = await def.service.create(await project(staffOf(request), request.params.projectId), request.params.projectId, request.body as z.infer<I>);
    return reply.code(201).send(created);
  });

  app.put(def.paths.item, {
    config: contentAccess,
    schema: {
      tags, security, summary: `Change a ${def.name}`, description: [PUBLISHING, def.rules, ACCESS].filter(Boolean).join(' '),
      params: ZStaffContentItemParams, body: input, response: { 200: output, ...errors },
    },
  }, async (request) => def.service.update(await project(staffOf(request), request.params.projectId), request.params.projectId, request.params.id, request.body as z.infer<I>));

  app.delete(def.paths.item, {
    config: contentAccess,
    schema: { tags, security, summary: `Delete a ${def.name}`, description: ACCESS, params: ZStaffContentItemParams, response: { 200: ZSuccess, ...errors } },
  }, async (request): Promise<TSuccess> => {
    await def.service.remove(await project(staffOf(request), request.params.projectId), request.params.projectId, request.params.id);
    return { success: true };
  });
}
