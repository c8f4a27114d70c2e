import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dossierPaths, ZApiError, ZDossierDownloadBody, ZDossierDownloadResponse, ZDossierList, ZOccupantQuery } from '@portal/contract';
import { readErrors } from '../../lib/module-reads.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { access } from '../../plugins/access.ts';
import type { Services } from '../../services.ts';

export const dossierRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const { dossier, readers } = services;

  app.get(dossierPaths.occupantList, {
    config: { access: access.resident({ personalData: true }) },
    schema: {
      tags: ['dossier'], summary: "The dossier of the resident's address in the chosen project, newest first",
      description: 'At most 200 items. download_url is /api/files/{id}/{filename}?token=, signed for the session (see GET /api/files); downloading marks the item fetched.',
      querystring: ZOccupantQuery, security: [{ bearer: [] }], response: { 200: ZDossierList, ...readErrors },
    },
  }, async (request) => dossier.list(await readers.forOccupant(sessionOf(request), request.query.project_id, 'dossier')));

  app.post(dossierPaths.occupantDownload, {
    config: { access: access.resident() },
    schema: {
      tags: ['dossier'], summary: 'E-mail the whole dossier to an address',
      description: [
        'Answers `{ success: true, message: "Dossier download verzoek verstuurd" }`. The files are attached, or when together larger',
        'than DOSSIER_MAIL_MAX_BYTES sent as links valid for 7 days. At most 5 requests per address per 15 minutes (then 429).',
        'An empty dossier answers 422.',
      ].join(' '),
      querystring: ZOccupantQuery, body: ZDossierDownloadBody, security: [{ bearer: [] }],
      response: { 200: ZDossierDownloadResponse, ...readErrors, 429: ZApiError },
    },
  }, async (request) => dossier.mail(await readers.forOccupant(sessionOf(request), request.query.project_id, 'dossier'), request.body.email));
};
