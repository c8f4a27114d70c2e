import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HAS_MORE_HEADER, pagedAnswer, ZApiError, ZPartnerPaymentsParams, ZPartnerPaymentsQuery, ZStaffPayment, type TStaffPayment } from '@portal/contract';
import { BadRequestError, NotFoundError } from '../../lib/errors.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { access } from '../../plugins/access.ts';
import type { Services } from '../../services.ts';
import { checkoutTexts, renderCheckoutPage, renderFinalPage, renderGonePage } from './payment.local-page.ts';
import { LOCAL_CHOICES, type LocalChoice } from './payment.local-provider.ts';
import type { StaffPayment } from './payment.service.ts';
import { sendHtmlPage } from '../../lib/html-page.ts';

const html = sendHtmlPage;

/**
 * The checkout's form answers with a redirect to the payer's way back (the portal at PUBLIC_URL), which may be
 * another origin than the host the page came from (a customer's own host name): the page's CSP lets the form go there.
 */
function allowFormTo(reply: FastifyReply, redirectUrl: string) {
  const csp = reply.getHeader('content-security-policy');
  const origin = URL.canParse(redirectUrl) ? new URL(redirectUrl).origin : null;
  if (typeof csp !== 'string' || !origin || origin === 'null') return;
  void reply.header('content-security-policy', csp.replace("form-action 'self'", `form-action 'self' ${origin}`));
}

const ZCheckoutParams = z.object({ id: z.string().max(100) });
const ZCheckoutForm = z.object({ status: z.string().max(40).optional() }).catchall(z.unknown());

/** What the webhook says: `id=tr_...`, form-encoded as Mollie sends it (a JSON body with `id` is read too). */
export function webhookPaymentId(body: string, contentType: string | undefined): string | null {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  let id: unknown = null;
  if (type === 'application/json') {
    try {
      id = (JSON.parse(body) as { id?: unknown } | null)?.id;
    } catch {
      return null;
    }
  } else {
    id = new URLSearchParams(body).get('id');
  }
  return typeof id === 'string' && id.trim() ? id.trim() : null;
}

const toStaffPayment = (p: StaffPayment): TStaffPayment => ({
  id: p.id,
  provider: p.provider,
  provider_payment_id: p.providerPaymentId,
  amount_cents: p.amountCents,
  currency: 'EUR',
  description: p.description,
  status: p.status,
  full_address: p.address,
  form: { id: p.formId, name: p.formName },
  entry_id: p.subject.entryId,
  created_at: p.createdAt.toISOString(),
  paid_at: p.paidAt?.toISOString() ?? null,
  events: p.events.map((e) => ({ source: e.source, status: e.status, applied: e.applied, at: e.at.toISOString() })),
});

/**
 * The payment module's HTTP side: the providers' webhooks, the local test checkout, and the staff list of
 * a project's payments. The webhook and the checkout need no session: a webhook only makes the portal ask
 * the provider, and the checkout's link holds a long random id.
 */
export const paymentRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const { payments } = services;

  /* ---- Webhooks ----------------------------------------------------------------------------- */
  await app.register(async (scope) => {
    const webhooks = scope.withTypeProvider<ZodTypeProvider>();
    // The body as it came, whatever its type: it is read here, and a body that is not a form still answers.
    webhooks.removeAllContentTypeParsers();
    webhooks.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => done(null, body));

    webhooks.post('/payment/webhook/:provider', {
      config: { access: access.public },
      schema: {
        tags: ['payment'],
        summary: 'A payment provider tells that a payment changed (Mollie-style webhook)',
        description: [
          'A form-encoded body holding only `id=tr_...`, unsigned, as Mollie sends it: the portal looks the payment up and asks the',
          'provider for its status, then applies it (forward only; a later paid after failed is honoured, nothing moves away from paid).',
          'Answers 200 for an unknown payment id, as Mollie wants; 400 without an id; 404 for an unknown provider name; 503 when the',
          'provider cannot be asked now (the provider then sends the webhook again).',
        ].join(' '),
        params: z.object({ provider: z.string().max(40) }),
        response: { 200: z.object({ received: z.literal(true) }), 400: ZApiError, 404: ZApiError, 413: ZApiError, 503: ZApiError },
      },
    }, async (request) => {
      const body = typeof request.body === 'string' ? request.body : '';
      const id = webhookPaymentId(body, request.headers['content-type']);
      if (!id) throw new BadRequestError('Geen betaling opgegeven.');
      if (!(await payments.receiveWebhook(request.params.provider, id))) throw new NotFoundError();
      return { received: true as const };
    });
  });

  /* ---- The local test checkout --------------------------------------------------------------- */
  await app.register(async (scope) => {
    const page = scope.withTypeProvider<ZodTypeProvider>();
    page.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    const hidden = { hide: true, tags: ['payment'] };

    page.get('/payment/local/checkout/:id', { config: { access: access.public }, schema: { ...hidden, params: ZCheckoutParams } }, async (request, reply) => {
      const row = await payments.local.find(request.params.id);
      if (!row) return html(reply, 404, renderGonePage());
      if (row.status !== 'open') return html(reply, 200, renderFinalPage({ status: row.status, redirectUrl: row.redirectUrl }));
      allowFormTo(reply, row.redirectUrl);
      return html(reply, 200, renderCheckoutPage({ id: row.id, amountCents: row.amountCents, description: row.description }));
    });

    page.post('/payment/local/checkout/:id', { config: { access: access.public }, schema: { ...hidden, params: ZCheckoutParams, body: ZCheckoutForm } }, async (request, reply) => {
      const row = await payments.local.find(request.params.id);
      if (!row) return html(reply, 404, renderGonePage());
      if (row.status !== 'open') return html(reply, 409, renderFinalPage({ status: row.status, redirectUrl: row.redirectUrl }));
      const choice = request.body.status;
      if (!(LOCAL_CHOICES as readonly string[]).includes(choice ?? '')) {
        allowFormTo(reply, row.redirectUrl);
        return html(reply, 422, renderCheckoutPage({ id: row.id, amountCents: row.amountCents, description: row.description, error: checkoutTexts.chooseRequired }));
      }
      const chosen = await payments.local.choose(row.id, choice as LocalChoice);
      if (!chosen) {
        // chosen in another window meanwhile
        const now = (await payments.local.find(row.id)) ?? row;
        return html(reply, 409, renderFinalPage({ status: now.status, redirectUrl: now.redirectUrl }));
      }
      // As Mollie: the payer goes back to the portal; the portal learns the outcome from the webhook (or by asking).
      return reply.header('cache-control', 'no-store').redirect(chosen.redirectUrl, 303);
    });
  });

  /* ---- Staff --------------------------------------------------------------------------------- */
  app.get('/partner/project/:project_id/payments', {
    config: { access: access.partner('payments.read', access.project('project_id'), { personalData: true, action: 'payments-read' }) },
    schema: {
      tags: ['payment'],
      summary: "The project's online payments, newest first, each with its address, form and history",
      description: 'Paged: 50 (`limit`, at most 100); with `before` (the last payment id held) the next ones; X-Has-More tells whether more follow.',
      params: ZPartnerPaymentsParams, querystring: ZPartnerPaymentsQuery, security: [{ bearer: [] }],
      response: { 200: pagedAnswer(z.array(ZStaffPayment)), 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError },
    },
  }, async (request, reply) => {
    const { before, limit } = request.query;
    const page = await payments.partnerPayments(sessionOf(request), request.params.project_id, { before, limit });
    void reply.header(HAS_MORE_HEADER, String(page.hasMore));
    return page.items.map(toStaffPayment);
  });
};
