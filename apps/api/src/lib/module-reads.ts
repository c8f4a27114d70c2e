import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  HAS_MORE_HEADER, pagedAnswer, ZApiError, ZIdParams, ZLanguageQuery, ZOccupantQuery, ZPagedLanguageQuery, ZPagedOccupantQuery,
  ZPartnerProjectParams, ZProjectItemParams, ZProjectParams, type TPageQuery,
} from '@portal/contract';
import { access } from '../plugins/access.ts';
import type { ModuleRequirement } from '../modules/project/project.service.ts';
import { sessionOf } from '../plugins/auth.ts';
import type { Services } from '../services.ts';
import type { Reader } from './content.ts';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

export const readErrors = { 401: ZApiError, 403: ZApiError, 404: ZApiError, 422: ZApiError };

type ModuleReadsDef<T extends z.ZodType> = {
  tag: string;
  /** The project module the read belongs to: 404 on every face while the project has it switched off. */
  module: ModuleRequirement;
  summary: string;
  description?: string;
  paths: { public: string; occupant: string; partner: string };
  response: T;
};
type ReadQuery = { project_id?: number } & TPageQuery;

/**
 * The three reads of a content module, one answer for all: a public visitor (project id in the path,
 * 404 unless the project is public; only public items), a resident (face resident or acting; project_id in the
 * query, the address's only project without it) and staff (partner face, project.read; a project the account reaches
 * (an access declaration on each route); every item of the project, none of a single address).
 */
export function registerModuleReads<T extends z.ZodType, Q extends z.ZodRawShape = Record<never, never>>(app: ZodApp, services: Services, def: ModuleReadsDef<T> & {
  /** The read's own query parameters (the planning's `month`), beside language and project_id. */
  query?: z.ZodObject<Q>;
  read: (reader: Reader, query: z.infer<z.ZodObject<Q>>) => Promise<z.infer<T>>;
}) {
  const shape = def.query?.shape ?? {};
  registerReads(
    app, services, def, { language: ZLanguageQuery.extend(shape), occupant: ZOccupantQuery.extend(shape) },
    (reader, query) => def.read(reader, query as z.infer<z.ZodObject<Q>>),
  );
}

/**
 * The same three reads for a list that grows (paging.ts): `before` and `limit` in the query, the
 * spec's answer unchanged, and the X-Has-More header saying whether more items follow.
 */
export function registerPagedModuleReads<T extends z.ZodType>(app: ZodApp, services: Services, def: ModuleReadsDef<T> & {
  read: (reader: Reader, page: TPageQuery) => Promise<{ items: z.infer<T>; hasMore: boolean }>;
}) {
  registerReads(
    app, services, { ...def, response: pagedAnswer(def.response) }, { language: ZPagedLanguageQuery, occupant: ZPagedOccupantQuery },
    async (reader, query, reply) => {
      const page = await def.read(reader, { before: query.before, limit: query.limit });
      void reply.header(HAS_MORE_HEADER, String(page.hasMore));
      return page.items;
    },
  );
}

function registerReads(
  app: ZodApp,
  services: Services,
  def: ModuleReadsDef<z.ZodType>,
  queries: { language: z.ZodType; occupant: z.ZodType },
  read: (reader: Reader, query: ReadQuery, reply: FastifyReply) => Promise<unknown>,
) {
  const { readers } = services;
  const description = def.description;
  // Widened: Fastify's reply types cannot resolve a generic schema; `read` is typed by T instead.
  const response = { 200: def.response, ...readErrors };
  app.get(def.paths.public, {
    config: { access: access.public, publicScope: { kind: 'project', param: 'id' } },
    schema: {
      tags: [def.tag], summary: `${def.summary}: public visitor`, description,
      params: ZProjectParams, querystring: queries.language, response,
    },
  }, async (request, reply) => read(await readers.forPublic(request.params.id, def.module), request.query as ReadQuery, reply));

  app.get(def.paths.occupant, {
    config: { access: access.resident() },
    schema: {
      tags: [def.tag], summary: `${def.summary}: resident`, description,
      querystring: queries.occupant, security: [{ bearer: [] }], response,
    },
  }, async (request, reply) => {
    const query = request.query as ReadQuery;
    return read(await readers.forOccupant(sessionOf(request), query.project_id, def.module), query, reply);
  });

  app.get(def.paths.partner, {
    config: { access: access.partner('project.read', access.project('project_id')) },
    schema: {
      tags: [def.tag], summary: `${def.summary}: partner`, description,
      params: ZPartnerProjectParams, querystring: queries.language, security: [{ bearer: [] }], response,
    },
  }, async (request, reply) => read(await readers.forPartner(sessionOf(request), request.params.project_id, def.module), request.query as ReadQuery, reply));
}

/**
 * The two reads of one item of a content module: a public visitor (project id and item id in the path;
 * 404 unless the project and the item are public) and a resident (face resident or acting; the item id in the
 * path, project_id in the query). Summaries name the item; the resident's says that the read marks it read.
 */
export function registerItemReads<T extends z.ZodType>(app: ZodApp, services: Services, def: {
  tag: string;
  /** As in registerModuleReads; the read itself checks an item's own module when it depends on the item. */
  module: ModuleRequirement;
  public: { path: string; summary: string };
  occupant: { path: string; summary: string };
  response: T;
  read: (reader: Reader, id: number) => Promise<z.infer<T>>;
}) {
  const { readers } = services;
  // Widened as in registerModuleReads.
  const response = { 200: def.response as z.ZodType, ...readErrors };
  app.get(def.public.path, {
    config: { access: access.public, publicScope: { kind: 'project', param: 'project_id' } },
    schema: {
      tags: [def.tag], summary: def.public.summary,
      params: ZProjectItemParams, querystring: ZLanguageQuery, response,
    },
  }, async (request) => def.read(await readers.forPublic(request.params.project_id, def.module), request.params.id));

  app.get(def.occupant.path, {
    config: { access: access.resident() },
    schema: {
      tags: [def.tag], summary: def.occupant.summary,
      params: ZIdParams, querystring: ZOccupantQuery, security: [{ bearer: [] }], response,
    },
  }, async (request) => def.read(await readers.forOccupant(sessionOf(request), request.query.project_id, def.module), request.params.id));
}
