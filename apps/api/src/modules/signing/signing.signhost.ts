import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { SignhostConfig } from '../../plugins/env.ts';
import { readSignhostPostback, readSignhostTransaction, type ProviderFile, type SigningProvider } from './signing.provider.ts';

/**
 * Signhost (Entrust/Evidos), a legal signing provider, behind the `SigningProvider` interface: a small
 * typed client of its REST API written from its OpenAPI document (INTEGRATIONS.md). The direct flow:
 * POST /api/transaction (signers with SendSignRequest false, so Signhost mails nobody; each signer's
 * SignUrl is shown in the portal's frame) → PUT the PDF with its SHA-256 Digest → PUT start. A postback
 * (checked by its SHA1 checksum, which covers Id and Status only) makes the portal read the transaction
 * once with GET /api/transaction/{id}, and so does the reconciliation job for requests open longer than
 * 15 minutes; it is never polled in a loop. After status 30 the signed document and the receipt are
 * fetched once, retried while Signhost is still making them (404 with Retry-After).
 */

/** The id of the one document of a transaction (Signhost's fileId is ours to choose). */
export const SIGNHOST_FILE_ID = 'document';
/** How long a transaction stays open for signing (Signhost allows 0..90). */
export const SIGNHOST_DAYS_TO_EXPIRE = 30;

/** A Dutch mobile (06 and 8 digits) in the international form Signhost's PhoneNumber verification takes: +316... */
export const internationalMobile = (mobile: string) => `+31${mobile.replace(/[\s-]/g, '').slice(1)}`;

/**
 * Signhost requires an e-mail address per signer. With SendSignRequest and SendSignConfirmation false it
 * never writes to it, so a signer without one gets a placeholder that cannot reach anyone else:
 * `ondertekenaar-{reference}-{nr}@{the portal's host}` (the reference names the form entry and request).
 */
export function signerEmail(signer: { nr: number; email?: string | null }, reference: string, publicUrl: string): string {
  const given = signer.email?.trim();
  if (given && z.email().safeParse(given).success) return given;
  const host = new URL(publicUrl).hostname;
  const domain = host.includes('.') && !/^[\d.]+$/.test(host) ? host : 'bewonersportaal.invalid';
  return `ondertekenaar-${reference.replace(/[^A-Za-z0-9-]/g, '-')}-${signer.nr}@${domain}`;
}

type Verification =
  | { Type: 'Scribble'; RequireHandsignature: boolean; ScribbleName: string; ScribbleNameFixed: boolean }
  | { Type: 'PhoneNumber'; Number: string };

/** The body of POST /api/transaction, as far as the portal fills it. Optional fields are left out, never null. */
export type SignhostCreateTransaction = {
  Seal: false;
  Reference: string;
  PostbackUrl: string;
  DaysToExpire: number;
  Language: 'nl-NL';
  SendEmailNotifications: false;
  Signers: Array<{
    Email: string;
    Reference: string;
    Language: 'nl-NL';
    SendSignRequest: false;
    SendSignConfirmation: false;
    Verifications: Verification[];
    ReturnUrl?: string;
  }>;
};

const ZCreated = z.object({
  Id: z.string().min(1).max(200),
  Signers: z.array(z.object({ Id: z.string().min(1).max(200), Reference: z.string().nullish(), SignUrl: z.string().url() })),
});

export class SignhostError extends Error {
  constructor(message: string, readonly status: number, readonly retryAfterSeconds: number | null = null) {
    super(message);
  }
}

export function createSignhostProvider(config: SignhostConfig, options: { publicUrl: string; fetch?: typeof fetch }): SigningProvider {
  const fetchImpl = options.fetch ?? fetch;
  const headers = { Application: `APPKey ${config.appKey}`, Authorization: `APIKey ${config.userToken}` };

  /** `alsoOk`: statuses other than 2xx that carry an answer (GET transaction: 410 with the partial history of a cleaned one). */
  async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, init: { json?: unknown; pdf?: Buffer; accept?: string; alsoOk?: number[] } = {}): Promise<Response> {
    const extra: Record<string, string> = { Accept: init.accept ?? 'application/json' };
    let body: string | Uint8Array | undefined;
    if (init.json !== undefined) {
      extra['Content-Type'] = 'application/json';
      body = JSON.stringify(init.json);
    } else if (init.pdf) {
      extra['Content-Type'] = 'application/pdf';
      extra.Digest = `SHA-256=${createHash('sha256').update(init.pdf).digest('base64')}`;
      body = new Uint8Array(init.pdf);
    }
    const response = await fetchImpl(`${config.apiUrl}${path}`, {
      method, headers: { ...headers, ...extra }, body, redirect: 'error', signal: AbortSignal.timeout(30_000),
    });
    if (!response.ok && !init.alsoOk?.includes(response.status)) {
      const text = await response.text().catch(() => '');
      const retryAfter = Number(response.headers.get('retry-after'));
      // The path names a transaction id only; the answer's text is Signhost's message, without personal data.
      throw new SignhostError(`signhost: ${method} ${path} answered ${response.status} ${text.slice(0, 200)}`, response.status,
        Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null);
    }
    return response;
  }

  const id = (value: string) => encodeURIComponent(value);

  async function pdfOf(path: string, filename: string): Promise<ProviderFile> {
    const response = await call('GET', path, { accept: 'application/pdf' });
    const bytes = Buffer.from(await response.arrayBuffer());
    if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') throw new Error(`signhost: ${path} is not a PDF`);
    return { filename, mime: 'application/pdf', bytes };
  }

  return {
    name: 'signhost',

    async createTransaction(input) {
      const returnUrl = input.returnUrl ? new URL(input.returnUrl, options.publicUrl).href : undefined;
      const transaction: SignhostCreateTransaction = {
        Seal: false,
        Reference: input.reference,
        PostbackUrl: input.postbackUrl,
        DaysToExpire: SIGNHOST_DAYS_TO_EXPIRE,
        Language: 'nl-NL',
        SendEmailNotifications: false,
        Signers: input.signers.map((signer) => ({
          Email: signerEmail(signer, input.reference, options.publicUrl),
          Reference: `ondertekenaar-${signer.nr}`,
          Language: 'nl-NL',
          SendSignRequest: false,
          SendSignConfirmation: false,
          // The last verification must be Consent, PhoneNumber, Scribble or CSC Qualified. With SMS: the code first, then the
          // drawn signature under the signer's name, as on the local sign page, so that Signhost's receipt names the signer.
          Verifications: [
            ...(input.verification === 'sms' ? [{ Type: 'PhoneNumber' as const, Number: internationalMobile(signer.mobile!) }] : []),
            { Type: 'Scribble', RequireHandsignature: true, ScribbleName: signer.name, ScribbleNameFixed: true },
          ],
          ...(returnUrl ? { ReturnUrl: returnUrl } : {}),
        })),
      };
      const created = ZCreated.parse(await (await call('POST', '/api/transaction', { json: transaction })).json());
      const signers = input.signers.map((signer, i) => {
        const found = created.Signers.find((s) => s.Reference === `ondertekenaar-${signer.nr}`) ?? created.Signers[i];
        if (!found) throw new Error('signhost: a signer is missing from the created transaction');
        return { nr: signer.nr, id: found.Id, signUrl: found.SignUrl };
      });
      await call('PUT', `/api/transaction/${id(created.Id)}/file/${SIGNHOST_FILE_ID}`, { pdf: input.document.bytes });
      return { transactionId: created.Id, signers };
    },

    async start(transactionId) {
      await call('PUT', `/api/transaction/${id(transactionId)}/start`);
    },

    async readPostback(body, postbackHeaders) {
      return readSignhostPostback(body, postbackHeaders, config.sharedSecret);
    },

    async getTransaction(transactionId) {
      // 410: Signhost cleaned the transaction (a final state, or expired); its JSON still holds the status.
      const response = await call('GET', `/api/transaction/${id(transactionId)}`, { alsoOk: [410] });
      const transaction = readSignhostTransaction(await response.json());
      if (transaction.transactionId !== transactionId) throw new Error('signhost: the answer is about another transaction');
      return transaction;
    },

    async cancel(transactionId, reason) {
      // Open: cancelled (status 60, a postback follows); in an end state Signhost keeps the status and cleans its copies.
      try {
        await call('DELETE', `/api/transaction/${id(transactionId)}`, { json: { SendNotifications: false, Reason: reason.slice(0, 200) } });
      } catch (error) {
        // Gone already (cleaned up): nothing left to cancel.
        if (!(error instanceof SignhostError && (error.status === 404 || error.status === 410))) throw error;
      }
    },

    async fetchResult(transactionId) {
      // 404 with Retry-After while Signhost is still making the signed document: the throw has the job retry later.
      const signed = await pdfOf(`/api/transaction/${id(transactionId)}/file/${SIGNHOST_FILE_ID}`, 'document (ondertekend).pdf');
      const receipt = await pdfOf(`/api/file/receipt/${id(transactionId)}`, 'document (ontvangstbewijs).pdf');
      return { signed, receipt };
    },
  };
}
