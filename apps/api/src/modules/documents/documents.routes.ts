import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { documentPaths, ZDocument, ZDocumentList, ZIdParams, ZOccupantQuery } from '@portal/contract';
import { readErrors, registerPagedModuleReads } from '../../lib/module-reads.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { access } from '../../plugins/access.ts';
import type { Services } from '../../services.ts';

export const documentsRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const { documents, readers } = services;

  registerPagedModuleReads(app, services, {
    tag: 'documents',
    module: 'documents',
    summary: 'Documents, newest first',
    description: [
      'A resident gets the project-wide documents and those of their own address; partners the project-wide ones; public visitors',
      'the project-wide ones marked public. Paged: the newest 50 (`limit`, at most 100) and, with `before` (the last document held),',
      'the older ones; X-Has-More tells whether more follow. document_url is /api/files/{id}/{filename}, signed for the caller\'s session',
      'in authorised answers (?token=, a short-lived link token: see GET /api/files); a resident\'s download marks the document fetched.',
    ].join(' '),
    paths: { public: documentPaths.publicList, occupant: documentPaths.occupantList, partner: documentPaths.partnerList },
    response: ZDocumentList,
    read: (reader, page) => documents.list(reader, page),
  });

  app.get(documentPaths.occupantDocument, {
    config: { access: access.resident() },
    schema: {
      tags: ['documents'], summary: "One document of the resident's project or address; marks it fetched",
      params: ZIdParams, querystring: ZOccupantQuery, security: [{ bearer: [] }], response: { 200: ZDocument, ...readErrors },
    },
  }, async (request) => documents.document(await readers.forOccupant(sessionOf(request), request.query.project_id, 'documents'), request.params.id));
};
