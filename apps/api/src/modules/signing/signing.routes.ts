import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFoundError } from '../../lib/errors.ts';
import type { Services } from '../../services.ts';
import {
  isTokenShaped, loadSignPageAssets, readDrawnSignature, renderDonePage, renderGonePage, renderSignPage, signPageTexts,
} from './signing.local-page.ts';
import { TRANSACTION_STATUS } from './signing.provider.ts';

const ZTokenParams = z.object({ token: z.string().max(200) });
const ZSignForm = z.object({ signature: z.string().max(1_000_000).optional() });

/** Every answer of the sign page: a page behind a secret link is never cached nor indexed. */
function html(reply: FastifyReply, status: number, page: string) {
  return reply.status(status).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').send(page);
}

/** Signhost's return URL parameters, appended as a real provider would (the portal never trusts them). */
function returnLink(returnUrl: string | null, transactionId: string, signerId: string): string | null {
  if (!returnUrl) return null;
  const params = new URLSearchParams({ sh_transactionid: transactionId, sh_signerid: signerId, sh_signerstatus: 'signed' });
  return `${returnUrl}${returnUrl.includes('?') ? '&' : '?'}${params}`;
}

/**
 * The signing module's HTTP side: the providers' postbacks and the local provider's sign page (with the
 * document it shows and its static files). None of it needs a session: a postback proves itself by its
 * checksum, a signer by the long random token in their link.
 */
export const signingRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const { signing } = services;
  const assets = loadSignPageAssets();
  const gone = (reply: FastifyReply) => html(reply, 404, renderGonePage(assets));
  /** The signer of a link that may still sign: a known token, not used, its transaction waiting for signers. */
  const openSigner = async (token: string) => {
    const signer = isTokenShaped(token) ? await signing.local.signerOf(token) : null;
    return signer && !signer.signedAt && signer.status === TRANSACTION_STATUS.waitingForSigner ? signer : null;
  };

  /* ---- Postbacks ---------------------------------------------------------------------------- */
  await app.register(async (scope) => {
    const postbacks = scope.withTypeProvider<ZodTypeProvider>();
    // The body as it came: its checksum is checked on it, it is kept as proof, and bad JSON still answers 200.
    postbacks.removeAllContentTypeParsers();
    postbacks.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 256 * 1024 }, (_request, body, done) => done(null, body));

    postbacks.post('/signing/postback/:provider', {
      schema: {
        tags: ['signing'],
        summary: 'A signing provider tells of a transaction (Signhost-style postback)',
        description: [
          'The transaction as JSON with `Checksum` = lowercase hex SHA1(Id + "||" + Status + "|" + shared secret), in the body or',
          'a `Checksum` header. Every postback is recorded; one whose checksum holds is applied once: a replay, an older status or',
          'an unknown transaction changes nothing. Answers 200 whatever the checksum, so that a sender learns nothing from it and',
          'the provider queues nothing behind it; 404 only for an unknown provider name.',
        ].join(' '),
        params: z.object({ provider: z.string().max(40) }),
        response: { 200: z.object({ received: z.literal(true) }) },
      },
    }, async (request) => {
      const body = typeof request.body === 'string' ? request.body : '';
      if (!(await signing.receivePostback(request.params.provider, body, request.headers))) throw new NotFoundError();
      return { received: true as const };
    });
  });

  /* ---- The local provider's sign page --------------------------------------------------------- */
  await app.register(async (scope) => {
    const page = scope.withTypeProvider<ZodTypeProvider>();
    // The page's form; a signature drawn on a large screen is a few hundred kB as a data URL.
    page.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 * 1024 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    const hidden = { hide: true, tags: ['signing'] };

    page.get('/signing/local/:token', { schema: { ...hidden, params: ZTokenParams } }, async (request, reply) => {
      const { token } = request.params;
      const signer = await openSigner(token);
      if (!signer) return gone(reply);
      const document = await signing.local.document(signer.documentFileId);
      return html(reply, 200, renderSignPage(assets, { token, name: signer.name, documentName: document.filename }));
    });

    page.get('/signing/local/:token/document', { schema: { ...hidden, params: ZTokenParams } }, async (request, reply) => {
      const { token } = request.params;
      const signer = await openSigner(token);
      if (!signer) return gone(reply);
      const document = await signing.local.document(signer.documentFileId);
      const ascii = document.filename.normalize('NFKD').replace(/[^\x20-\x7e]/g, '').replace(/["\\]/g, '') || 'document.pdf';
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(document.filename)}`)
        .header('cache-control', 'no-store')
        // The browser's PDF viewer only; the sign page (same origin) may frame it.
        .header('content-security-policy', "default-src 'none'; object-src 'self'; frame-ancestors 'self'")
        .send(document.bytes);
    });

    page.post('/signing/local/:token', { schema: { ...hidden, params: ZTokenParams, body: ZSignForm } }, async (request, reply) => {
      const { token } = request.params;
      const signer = await openSigner(token);
      if (!signer) return gone(reply);
      const signature = await readDrawnSignature(request.body.signature);
      if (!signature) {
        const document = await signing.local.document(signer.documentFileId);
        return html(reply, 422, renderSignPage(assets, { token, name: signer.name, documentName: document.filename, error: signPageTexts.signatureRequired }));
      }
      const signed = await signing.local.sign(token, signature, { ip: request.ip, userAgent: request.headers['user-agent'] ?? null });
      if (!signed) return gone(reply); // signed in another window meanwhile
      return html(reply, 200, renderDonePage(assets, { name: signer.name, returnUrl: returnLink(signer.returnUrl, signer.transactionId, signer.signerId) }));
    });

    page.get('/signing/assets/:name', { schema: { ...hidden, params: z.object({ name: z.string().max(40) }) } }, async (request, reply) => {
      const asset = Object.hasOwn(assets.files, request.params.name) ? assets.files[request.params.name]! : null;
      if (!asset) throw new NotFoundError();
      // The URL carries the content's hash (?v=): a new version is a new URL.
      return reply.header('content-type', asset.type).header('cache-control', 'public, max-age=31536000, immutable').send(asset.body);
    });
  });
};
