import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ZApiError, ZIdParams, ZLanguageQuery, ZOccupantQuery, ZPartnerProjectParams, ZProjectItemParams, ZProjectParams } from '@portal/contract';
import { sessionOf } from '../plugins/auth.ts';
import type { Services } from '../services.ts';
import type { Reader } from './content.ts';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

export const readErrors = { 401: ZApiError, 403: ZApiError, 404: ZApiError, 422: ZApiError };

/**
 * The three reads of a content module, one answer for all: a public visitor (project id in the path,
 * 404 unless the project is public; only public items), a resident (guard.occupant; project_id in the
 * query, the address's only project without it) and staff (guard.staff; a project of one of their
 * customers; every item of the project, none of a single address).
 */
export function registerModuleReads<T extends z.ZodType>(app: ZodApp, services: Services, def: {
  tag: string;
  summary: string;
  description?: string;
  paths: { public: string; occupant: string; partner: string };
  response: T;
  read: (reader: Reader) => Promise<z.infer<T>>;
}) {
  const { readers, guard } = services;
  const description = def.description;
  // Widened: Fastify's reply types cannot resolve a generic schema; `read` is typed by T instead.
  const response = { 200: def.response as z.ZodType, ...readErrors };
  app.get(def.paths.public, {
    schema: {
      tags: [def.tag], summary: `${def.summary}: public visitor`, description,
      params: ZProjectParams, querystring: ZLanguageQuery, response,
    },
  }, async (request) => (await def.read(await readers.forPublic(request.params.id))));

  app.get(def.paths.occupant, {
    preHandler: guard.occupant,
    schema: {
      tags: [def.tag], summary: `${def.summary}: resident`, description,
      querystring: ZOccupantQuery, security: [{ bearer: [] }], response,
    },
  }, async (request) => (await def.read(await readers.forOccupant(sessionOf(request), request.query.project_id))));

  app.get(def.paths.partner, {
    preHandler: guard.staff,
    schema: {
      tags: [def.tag], summary: `${def.summary}: partner`, description,
      params: ZPartnerProjectParams, querystring: ZLanguageQuery, security: [{ bearer: [] }], response,
    },
  }, async (request) => (await def.read(await readers.forPartner(sessionOf(request), request.params.project_id))));
}

/**
 * The two reads of one item of a content module: a public visitor (project id and item id in the path;
 * 404 unless the project and the item are public) and a resident (guard.occupant; the item id in the
 * path, project_id in the query). Summaries name the item; the resident's says that the read marks it read.
 */
export function registerItemReads<T extends z.ZodType>(app: ZodApp, services: Services, def: {
  tag: string;
  public: { path: string; summary: string };
  occupant: { path: string; summary: string };
  response: T;
  read: (reader: Reader, id: number) => Promise<z.infer<T>>;
}) {
  const { readers, guard } = services;
  // Widened as in registerModuleReads.
  const response = { 200: def.response as z.ZodType, ...readErrors };
  app.get(def.public.path, {
    schema: {
      tags: [def.tag], summary: def.public.summary,
      params: ZProjectItemParams, querystring: ZLanguageQuery, response,
    },
  }, async (request) => def.read(await readers.forPublic(request.params.project_id), request.params.id));

  app.get(def.occupant.path, {
    preHandler: guard.occupant,
    schema: {
      tags: [def.tag], summary: def.occupant.summary,
      params: ZIdParams, querystring: ZOccupantQuery, security: [{ bearer: [] }], response,
    },
  }, async (request) => def.read(await readers.forOccupant(sessionOf(request), request.query.project_id), request.params.id));
}
