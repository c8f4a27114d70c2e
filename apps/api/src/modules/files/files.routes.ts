import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fileMessages, filePaths, ZApiError, ZFileLink, ZFileLinkParams, ZFileParams, ZFileQuery } from '@portal/contract';
import type { FileViewer } from '../../lib/content.ts';
import { NotFoundError, UnauthorizedError } from '../../lib/errors.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { access } from '../../plugins/access.ts';
import type { Services } from '../../services.ts';
import type { Session } from '../auth/session.store.ts';
import { signLinksIn } from './file-links.ts';
import { safeFilename, type FileGrant, type FilesService } from './files.service.ts';

const INLINE = new Set(['image/png', 'image/jpeg', 'image/svg+xml']);
/** What may open in the browser when the link asks for it (`?disposition=inline`): the browser's PDF viewer. */
const OPENABLE = new Set(['application/pdf']);

/** RFC 6266: an ASCII fallback plus the UTF-8 name. */
function contentDisposition(kind: 'inline' | 'attachment', filename: string): string {
  const ascii = filename.normalize('NFKD').replace(/[^\x20-\x7e]/g, '').replace(/["\\]/g, '') || 'bestand';
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/**
 * Every answer to an authorised call carries its file links signed for the caller's session
 * (file-links.ts): an <img> or a download link then works without the session token in its URL. Answers
 * to anonymous calls keep plain links (public files need no token). Registered once, for every route.
 */
export function registerFileLinkSigning(app: FastifyInstance, files: FilesService) {
  app.addHook('preSerialization', async (request, _reply, payload) => {
    if (!request.session) return payload;
    return signLinksIn(payload, await files.links.signer(request.session.id));
  });
}

export const filesRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const { files, reads, projects, sessions, customers } = services;

  const badLink = () => new UnauthorizedError(fileMessages.linkInvalid);

  /** What a session may read; an occupant session only on its own customer's host (as the guard checks). */
  async function viewerFor(session: Session, host: string | undefined): Promise<FileViewer> {
    if (session.face === 'resident' || session.face === 'acting') {
      if ((await customers.forHost(host)).id !== session.customerId) throw new UnauthorizedError();
      if (session.addressId === null) return { kind: 'public' };
      const projectIds = (await projects.projectsForAddress(session.addressId)).map((p) => p.id);
      return { kind: 'occupant', addressId: session.addressId, projectIds, actingAdmin: session.isAdmin };
    }
    if (session.face === 'console') return { kind: 'staff', customerIds: session.customerId === null ? [] : [session.customerId] };
    return { kind: 'staff', customerIds: session.userId === null ? [] : (await projects.memberships(session.userId)).map((m) => m.customerId) };
  }

  /** The caller of the Authorization header: 401 for an unknown, expired or revoked token. */
  async function viewerOf(request: FastifyRequest): Promise<FileViewer> {
    if (!request.bearer) return { kind: 'public' };
    await app.checkAccess(request, access.anySession);
    return viewerFor(sessionOf(request), request.headers.host);
  }

  app.get(filePaths.download, {
    // Public as a route: the file's own read rule decides (a signed link, a dossier ticket or the session in viewerOf).
    config: { access: access.public },
    schema: {
      tags: ['files'],
      summary: 'Download a file: a document, a dossier item, an image or a logo',
      description: [
        'The spec\'s `download_url?filename=&token=` form. The module that uses the file decides who may read it:',
        'files of public items of a public project load without a token; others need the caller\'s session, through the',
        'Authorization header or through `token`, a signed link token that authorised answers put into every file link',
        '(`{session_id}.{expiry}.{signature}`: HMAC-SHA256 of file id, session and expiry under a server secret; it opens',
        'this one file for FILE_LINK_MINUTES (default 10, at most 1.5 × that) while the session lives). A session token',
        'is never accepted in `token` (nor anywhere in a URL). Residents of the project (address files: only that',
        'address) and staff of the project\'s customer may read; a `ticket` from a dossier e-mail opens its files until',
        'it expires. A bad, tampered, expired or other file\'s link token answers 401; without any token a protected file',
        'answers 401, with a session that may not read it 404. A resident\'s download of a document or dossier item',
        'marks it fetched. Images are served inline; a PDF inline when the link says `disposition=inline` (links the portal',
        'offers to open, e.g. a form\'s summary to check or an attachment to read), else as an attachment like other files.',
      ].join(' '),
      params: ZFileParams,
      querystring: ZFileQuery,
      response: { 401: ZApiError, 403: ZApiError, 404: ZApiError, 422: ZApiError },
    },
  }, async (request, reply) => {
    const { params, query } = request;
    // A link token counts only without a header; a forged or expired one is refused before any database read.
    const link = !query.ticket && !request.bearer && query.token !== undefined ? await files.links.verify(query.token, params.id) : undefined;
    if (link === null) throw badLink();

    const file = await files.find(params.id);
    if (!file || file.filename !== params.filename) throw new NotFoundError('Bestand niet gevonden');

    let viewer: FileViewer | null = null;
    let markRead: FileGrant['markRead'];
    let onRead: FileGrant['onRead'];
    if (query.ticket) {
      if (!(await files.ticketOpens(query.ticket, file.id))) throw new NotFoundError('Deze downloadlink is ongeldig of verlopen.');
    } else {
      if (link) {
        const session = await sessions.findLive(link.sessionId); // a logout ends the session's links at once
        if (!session) throw badLink();
        viewer = await viewerFor(session, request.headers.host);
      } else {
        viewer = await viewerOf(request);
      }
      const grant = await files.authorize(file, viewer);
      if (!grant) throw viewer.kind === 'public' ? new UnauthorizedError() : new NotFoundError('Bestand niet gevonden');
      markRead = grant.markRead;
      onRead = grant.onRead;
    }

    const stored = await files.open(file);
    if (!stored) throw new NotFoundError('Bestand niet gevonden');
    if (markRead && viewer?.kind === 'occupant' && !viewer.actingAdmin) await reads.mark(viewer.addressId, markRead.module, [markRead.itemId]);
    if (onRead) await onRead();

    // A signed link's bytes are kept no longer than the link lives.
    const maxAge = link ? Math.max(0, Math.floor((link.expiresAt.getTime() - Date.now()) / 1000)) : 3600;
    const name = query.filename ? safeFilename(query.filename) : file.filename;
    const opens = INLINE.has(file.mime) || (query.disposition === 'inline' && OPENABLE.has(file.mime));
    return reply
      .header('content-type', file.mime.startsWith('text/') ? `${file.mime}; charset=utf-8` : file.mime)
      .header('content-length', stored.size)
      .header('content-disposition', contentDisposition(opens ? 'inline' : 'attachment', name))
      .header('cache-control', viewer?.kind === 'public' && !link ? 'public, max-age=3600' : `private, max-age=${maxAge}`)
      // A file is never a page: no scripts (an SVG opened on its own), no plugins, no framing tricks.
      // (A PDF opened inline goes without the sandbox, which would leave it no PDF viewer.)
      .header('content-security-policy', opens && OPENABLE.has(file.mime)
        ? "default-src 'none'; object-src 'self'; img-src data:; style-src 'unsafe-inline'"
        : "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox")
      .send(stored.body as never); // a byte stream: no response schema applies to 200
  });

  app.post(filePaths.link, {
    config: { access: access.anySession },
    schema: {
      tags: ['files'],
      summary: 'A fresh signed download link for one file the caller may read',
      description: [
        'For a download clicked long after the answer that listed it: answers `{ url }`, the file\'s link signed for',
        'the caller\'s session (see GET /api/files/{id}/{filename}). The session comes from the Authorization header',
        'only. A file the caller may not read answers 404, the same as a file that does not exist.',
      ].join(' '),
      params: ZFileLinkParams,
      // nullish: a POST without a body reaches validation as null, and this one needs none
      body: z.object({ language: z.literal('nl').optional() }).nullish(),
      security: [{ bearer: [] }],
      response: { 200: ZFileLink, 401: ZApiError, 403: ZApiError, 404: ZApiError, 422: ZApiError },
    },
  }, async (request) => {
    const session = sessionOf(request);
    const file = await files.find(request.params.id);
    const viewer = await viewerFor(session, request.headers.host);
    if (!file || !(await files.authorize(file, viewer))) throw new NotFoundError('Bestand niet gevonden');
    return { url: await files.signedUrl(file, session.id) };
  });
};
