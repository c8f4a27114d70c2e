import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFoundError, TooManyRequestsError } from '../../lib/errors.ts';
import { access } from '../../plugins/access.ts';
import type { Services } from '../../services.ts';
import {
  isTokenShaped, loadSignPageAssets, readCode, readDrawnSignature, renderDonePage, renderGonePage, renderSignPage, renderTooManyPage, signPageTexts,
  type SmsStep,
} from './signing.local-page.ts';
import { SMS_CODE, maskMobile, type LocalSignerView } from './signing.local-provider.ts';
import { TRANSACTION_STATUS } from './signing.provider.ts';
import { sendHtmlPage } from '../../lib/html-page.ts';

const ZTokenParams = z.object({ token: z.string().max(200) });
const ZSignForm = z.object({ signature: z.string().max(1_000_000).optional() });
const ZCodeForm = z.object({ code: z.string().max(100).optional() });

const html = sendHtmlPage;

/** Signhost's return URL parameters, appended as a real provider would (the portal never trusts them). */
function returnLink(returnUrl: string | null, transactionId: string, signerId: string): string | null {
  if (!returnUrl) return null;
  const params = new URLSearchParams({ sh_transactionid: transactionId, sh_signerid: signerId, sh_signerstatus: 'signed' });
  return `${returnUrl}${returnUrl.includes('?') ? '&' : '?'}${params}`;
}

/**
 * The signing module's HTTP side: the providers' postbacks and the local provider's sign page (with the
 * document it shows and its static files). None of it needs a session: a postback's checksum decides
 * whether the provider is asked, a signer proves themselves by the long random token in their link.
 */
export const signingRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const { signing, limiter } = services;
  const assets = loadSignPageAssets();
  const gone = (reply: FastifyReply) => html(reply, 404, renderGonePage(assets));
  /**
   * Per client (its address), as the portal's other public pages: the page and its document (reading), and
   * its POSTs (sending a code, trying one, signing) counted apart, so that nobody can try codes at will.
   */
  const clientMax = services.env.RATE_LIMIT_CLIENT_MAX;
  const throttled = async (request: FastifyRequest, reply: FastifyReply, kind: 'read' | 'post'): Promise<boolean> => {
    try {
      await limiter.hit([{ key: `signing-page:${kind}:client:${request.ip}`, max: kind === 'read' ? clientMax * 3 : clientMax }]);
      return false;
    } catch (error) {
      if (!(error instanceof TooManyRequestsError)) throw error;
      reply.header('retry-after', String(error.retryAfterSeconds));
      html(reply, 429, renderTooManyPage(assets, error.retryAfterSeconds));
      return true;
    }
  };
  /** The SMS step of a signer (null without SMS verification). */
  const smsStep = (signer: LocalSignerView, errors: Pick<SmsStep, 'codeError' | 'sendError'> = {}): SmsStep | null =>
    signer.sms ? { masked: maskMobile(signer.sms.mobile), sent: signer.sms.sentAt !== null, verified: signer.sms.verifiedAt !== null, ...errors } : null;
  const signPage = async (reply: FastifyReply, status: number, token: string, signer: LocalSignerView, errors: { error?: string } & Pick<SmsStep, 'codeError' | 'sendError'> = {}) => {
    const document = await signing.local.document(signer.documentFileId);
    return html(reply, status, renderSignPage(assets, { token, name: signer.name, documentName: document.filename, error: errors.error ?? null, sms: smsStep(signer, errors) }));
  };
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
      config: { access: access.public },
      schema: {
        tags: ['signing'],
        summary: 'A signing provider tells of a transaction (Signhost-style postback)',
        description: [
          'The transaction as JSON with `Checksum` = lowercase hex SHA1(Id + "||" + Status + "|" + shared secret), in the body or',
          'a `Checksum` header. Every postback is recorded; it is a trigger only: when its checksum holds and the transaction is',
          'ours and open, the portal reads the transaction from the provider and applies that (nothing else of the body is read;',
          'a replay, an older status or an unknown transaction changes nothing). Answers 200 whatever the checksum, so that a',
          'sender learns nothing from it and the provider queues nothing behind it (when the provider cannot be asked, a job asks',
          'later); 404 only for an unknown provider name.',
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

    page.get('/signing/local/:token', { config: { access: access.public }, schema: { ...hidden, params: ZTokenParams } }, async (request, reply) => {
      if (await throttled(request, reply, 'read')) return reply;
      const { token } = request.params;
      const signer = await openSigner(token);
      if (!signer) return gone(reply);
      return signPage(reply, 200, token, signer);
    });

    // SMS verification: a new code to the signer's mobile (at most once a minute), then back to the page.
    page.post('/signing/local/:token/sms', { config: { access: access.public }, schema: { ...hidden, params: ZTokenParams } }, async (request, reply) => {
      if (await throttled(request, reply, 'post')) return reply;
      const { token } = request.params;
      const signer = await openSigner(token);
      if (!signer) return gone(reply);
      let result;
      try {
        result = await signing.local.sendCode(token);
      } catch (error) {
        request.log.error({ err: error }, 'signing: sms code not sent');
        return signPage(reply, 503, token, (await openSigner(token)) ?? signer, { sendError: signPageTexts.smsFailed });
      }
      if (result === 'closed') return gone(reply);
      if (result === 'too-soon') {
        reply.header('retry-after', String(SMS_CODE.resendSeconds));
        return signPage(reply, 429, token, signer, { sendError: signPageTexts.resendWait });
      }
      return reply.header('cache-control', 'no-store').redirect(`/api/signing/local/${encodeURIComponent(token)}`, 303);
    });

    // SMS verification: the code the signer typed.
    page.post('/signing/local/:token/code', { config: { access: access.public }, schema: { ...hidden, params: ZTokenParams, body: ZCodeForm } }, async (request, reply) => {
      if (await throttled(request, reply, 'post')) return reply;
      const { token } = request.params;
      const signer = await openSigner(token);
      if (!signer) return gone(reply);
      const code = readCode(request.body.code);
      if (!code) return signPage(reply, 422, token, signer, { codeError: signPageTexts.codeRequired });
      if (!/^\d{6}$/.test(code)) return signPage(reply, 422, token, signer, { codeError: signPageTexts.codeFormat });
      const result = await signing.local.verifyCode(token, code);
      if (result === 'closed') return gone(reply);
      if (result === 'verified' || result === 'not-needed') {
        return reply.header('cache-control', 'no-store').redirect(`/api/signing/local/${encodeURIComponent(token)}`, 303);
      }
      const now = (await openSigner(token)) ?? signer;
      const codeError = result === 'wrong' ? signPageTexts.codeWrong(SMS_CODE.maxAttempts - (now.sms?.attempts ?? 0))
        : result === 'too-many' ? signPageTexts.codeTooMany
          : result === 'expired' ? signPageTexts.codeExpired
            : signPageTexts.codeMissing;
      return signPage(reply, 422, token, now, result === 'no-code' ? { sendError: codeError } : { codeError });
    });

    page.get('/signing/local/:token/document', { config: { access: access.public }, schema: { ...hidden, params: ZTokenParams } }, async (request, reply) => {
      if (await throttled(request, reply, 'read')) return reply;
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

    page.post('/signing/local/:token', { config: { access: access.public }, schema: { ...hidden, params: ZTokenParams, body: ZSignForm } }, async (request, reply) => {
      if (await throttled(request, reply, 'post')) return reply;
      const { token } = request.params;
      const signer = await openSigner(token);
      if (!signer) return gone(reply);
      // SMS verification: no signature before the code was typed right (the provider checks it again when signing).
      if (signer.sms && !signer.sms.verifiedAt) {
        return signPage(reply, 403, token, signer, signer.sms.sentAt ? { codeError: signPageTexts.verifyFirst } : { sendError: signPageTexts.verifyFirst });
      }
      const signature = await readDrawnSignature(request.body.signature);
      if (!signature) return signPage(reply, 422, token, signer, { error: signPageTexts.signatureRequired });
      const signed = await signing.local.sign(token, signature, { ip: request.ip, userAgent: request.headers['user-agent'] ?? null });
      if (!signed) return gone(reply); // signed in another window meanwhile
      return html(reply, 200, renderDonePage(assets, { name: signer.name, returnUrl: returnLink(signer.returnUrl, signer.transactionId, signer.signerId) }));
    });

    page.get('/signing/assets/:name', { config: { access: access.public }, schema: { ...hidden, params: z.object({ name: z.string().max(40) }) } }, async (request, reply) => {
      const asset = Object.hasOwn(assets.files, request.params.name) ? assets.files[request.params.name]! : null;
      if (!asset) throw new NotFoundError();
      // The URL carries the content's hash (?v=): a new version is a new URL.
      return reply.header('content-type', asset.type).header('cache-control', 'public, max-age=31536000, immutable').send(asset.body);
    });
  });
};
