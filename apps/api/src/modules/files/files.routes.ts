import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { filePaths, ZApiError, ZFileParams, ZFileQuery } from '@portal/contract';
import type { FileViewer } from '../../lib/content.ts';
import { NotFoundError, UnauthorizedError } from '../../lib/errors.ts';
import { sessionOf } from '../../plugins/auth.ts';
import type { Services } from '../../services.ts';
import { safeFilename, type FileGrant } from './files.service.ts';

const INLINE = new Set(['image/png', 'image/jpeg', 'image/svg+xml']);

/** RFC 6266: an ASCII fallback plus the UTF-8 name. */
function contentDisposition(kind: 'inline' | 'attachment', filename: string): string {
  const ascii = filename.normalize('NFKD').replace(/[^\x20-\x7e]/g, '').replace(/["\\]/g, '') || 'bestand';
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

export const filesRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const { files, reads, projects, guard } = services;

  async function viewerOf(request: FastifyRequest): Promise<FileViewer> {
    if (!request.bearer) return { kind: 'public' };
    await guard.any(request); // 401 for an unknown, expired or revoked token; an occupant only on their own customer's host
    const session = sessionOf(request);
    if (session.role === 'occupant') {
      if (session.addressId === null) return { kind: 'public' };
      const projectIds = (await projects.projectsForAddress(session.addressId)).map((p) => p.id);
      return { kind: 'occupant', addressId: session.addressId, projectIds, actingAdmin: session.isAdmin };
    }
    return { kind: 'staff', customerIds: session.userId === null ? [] : await projects.userCustomerIds(session.userId) };
  }

  app.get(filePaths.download, {
    schema: {
      tags: ['files'],
      summary: 'Download a file: a document, a dossier item, an image or a logo',
      description: [
        'The spec\'s `download_url?filename=&token=` form. The module that uses the file decides who may read it:',
        'files of public items of a public project load without a token; others need the bearer token (header or `token`)',
        'of a resident of the project (address files: only that address), or of staff of the project\'s customer;',
        'a `ticket` from a dossier e-mail opens its files until it expires. Without a token a protected file answers 401,',
        'with a token that may not read it 404. A resident\'s download of a document or dossier item marks it fetched.',
        'Images are served inline, other files as attachments.',
      ].join(' '),
      params: ZFileParams,
      querystring: ZFileQuery,
      response: { 401: ZApiError, 403: ZApiError, 404: ZApiError, 422: ZApiError },
    },
  }, async (request, reply) => {
    const file = await files.find(request.params.id);
    if (!file || file.filename !== request.params.filename) throw new NotFoundError('Bestand niet gevonden');

    let viewer: FileViewer | null = null;
    let markRead: FileGrant['markRead'];
    if (request.query.ticket) {
      if (!(await files.ticketOpens(request.query.ticket, file.id))) throw new NotFoundError('Deze downloadlink is ongeldig of verlopen.');
    } else {
      viewer = await viewerOf(request);
      const grant = await files.authorize(file, viewer);
      if (!grant) throw viewer.kind === 'public' ? new UnauthorizedError() : new NotFoundError('Bestand niet gevonden');
      markRead = grant.markRead;
    }

    const stored = await files.open(file);
    if (!stored) throw new NotFoundError('Bestand niet gevonden');
    if (markRead && viewer?.kind === 'occupant' && !viewer.actingAdmin) await reads.mark(viewer.addressId, markRead.module, [markRead.itemId]);

    const name = request.query.filename ? safeFilename(request.query.filename) : file.filename;
    return reply
      .header('content-type', file.mime.startsWith('text/') ? `${file.mime}; charset=utf-8` : file.mime)
      .header('content-length', stored.size)
      .header('content-disposition', contentDisposition(INLINE.has(file.mime) ? 'inline' : 'attachment', name))
      .header('cache-control', viewer?.kind === 'public' ? 'public, max-age=3600' : 'private, max-age=3600')
      // A file is never a page: no scripts (an SVG opened on its own), no plugins, no framing tricks.
      .header('content-security-policy', "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox")
      .send(stored.body as never); // a byte stream: no response schema applies to 200
  });
};
