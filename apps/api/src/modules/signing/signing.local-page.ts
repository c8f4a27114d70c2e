import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { FORM_LIMITS } from '@portal/contract';
import { escapeHtml, htmlPage } from '../../lib/html-page.ts';
import { runImageWork } from '../files/index.ts';

/**
 * The local provider's signing page: plain server-rendered HTML in Dutch, shown in the portal's frame.
 * The CSP allows scripts only from the portal itself ('self'), so the page loads signature_pad (served
 * from its npm package) and one small script of its own as files; the form posts the drawing as a PNG
 * data URL and works as a plain HTML form.
 */

export const signPageTexts = {
  title: 'Document ondertekenen',
  signer: 'Ondertekenaar',
  documentHeading: 'Document',
  documentIntro: 'Lees het document goed door voordat u het ondertekent.',
  openDocument: (name: string) => `${name} openen (PDF)`,
  signatureHeading: 'Uw handtekening',
  signatureHelp: 'Zet uw handtekening in het vak hieronder, met uw vinger, een pen of de muis.',
  padLabel: 'Tekenvlak voor uw handtekening',
  clear: 'Wijzigen',
  sign: 'Ondertekenen',
  signatureRequired: 'Zet eerst uw handtekening in het vak.',
  noScript: 'Schakel JavaScript in om te kunnen ondertekenen.',
  doneTitle: 'Document ondertekend',
  done: 'Dit document is ondertekend. U kunt dit venster sluiten.',
  thanks: (name: string) => `Dank u wel, ${name}.`,
  back: 'Terug naar het portaal',
  goneTitle: 'Link niet geldig',
  gone: 'Deze ondertekenlink is ongeldig of al gebruikt.',
  goneHint: 'Heeft u het document al ondertekend? Dan kunt u dit venster sluiten.',
  smsHeading: 'Bevestigen met een sms-code',
  smsIntro: (masked: string) => `Voordat u kunt ondertekenen, bevestigt u dat u het bent met een code die wij per sms sturen naar ${masked}.`,
  sendCode: 'Stuur code',
  resendCode: 'Stuur een nieuwe code',
  codeSent: (masked: string) => `Wij hebben een code gestuurd naar ${masked}.`,
  codeLabel: 'Vul de code in die u per sms heeft ontvangen',
  codeHelp: 'De code bestaat uit 6 cijfers en is 10 minuten geldig.',
  verify: 'Code controleren',
  codeRequired: 'Vul de code in die u per sms heeft ontvangen.',
  codeFormat: 'De code bestaat uit 6 cijfers.',
  codeWrong: (left: number) => `Deze code klopt niet. U kunt het nog ${left} keer proberen.`,
  codeTooMany: 'U heeft te vaak een verkeerde code ingevuld. Vraag een nieuwe code aan.',
  codeExpired: 'Deze code is verlopen. Vraag een nieuwe code aan.',
  codeMissing: 'Vraag eerst een code aan met de knop Stuur code.',
  resendWait: 'U kunt één keer per minuut een nieuwe code aanvragen. Probeer het zo opnieuw.',
  smsFailed: 'De sms kon niet worden verstuurd. Probeer het over een minuut opnieuw.',
  verifyFirst: 'Bevestig eerst met de sms-code dat u het bent.',
  verified: 'Uw mobiele nummer is bevestigd. U kunt nu ondertekenen.',
  tooManyTitle: 'Te veel pogingen',
  tooMany: (minutes: number) => `U heeft te vaak geprobeerd. Probeer het over ${minutes} ${minutes === 1 ? 'minuut' : 'minuten'} opnieuw.`,
} as const;

/** The SMS step of the page: the masked number, whether a code was sent and verified, and a message to show. */
export type SmsStep = {
  masked: string;
  sent: boolean;
  verified: boolean;
  /** An error about the typed code (shown at the field). */
  codeError?: string | null;
  /** An error about sending a code (shown at the send button). */
  sendError?: string | null;
};

const here = path.dirname(fileURLToPath(import.meta.url));
const signaturePadFile = path.join(path.dirname(createRequire(import.meta.url).resolve('signature_pad')), 'signature_pad.umd.min.js');

/** The page's static files, read once; each URL carries a hash of its content, so they can be cached for good. */
export function loadSignPageAssets() {
  const read = (file: string, type: string) => {
    const body = fs.readFileSync(file);
    return { body, type, version: createHash('sha256').update(body).digest('hex').slice(0, 12) };
  };
  const assets = {
    'signature_pad.js': read(signaturePadFile, 'text/javascript; charset=utf-8'),
    'sign-page.js': read(path.join(here, 'assets/sign-page.js'), 'text/javascript; charset=utf-8'),
    'sign-page.css': read(path.join(here, 'assets/sign-page.css'), 'text/css; charset=utf-8'),
  };
  const url = (name: keyof typeof assets) => `/api/signing/assets/${name}?v=${assets[name].version}`;
  return { files: assets as Record<string, { body: Buffer; type: string; version: string }>, url };
}
export type SignPageAssets = ReturnType<typeof loadSignPageAssets>;

function layout(assets: SignPageAssets, title: string, body: string, withScripts = false): string {
  const scripts = withScripts
    ? `<script src="${assets.url('signature_pad.js')}" defer></script><script src="${assets.url('sign-page.js')}" defer></script>`
    : '';
  return htmlPage({ title, head: `<link rel="stylesheet" href="${assets.url('sign-page.css')}">\n${scripts}`, body });
}

/** The page a signer signs on: the document, the pad, 'Wijzigen' and 'Ondertekenen'. */
export function renderSignPage(assets: SignPageAssets, input: { token: string; name: string; documentName: string; error?: string | null; sms?: SmsStep | null }): string {
  const t = signPageTexts;
  const base = `/api/signing/local/${encodeURIComponent(input.token)}`;
  const error = input.error ? escapeHtml(input.error) : '';
  const sms = input.sms ?? null;
  const step = sms && !sms.verified ? renderSmsStep(base, sms) : `${sms ? `<p class="notice" role="status">${t.verified}</p>\n` : ''}${renderSignForm(base, error)}`;
  return layout(assets, t.title, `<h1>${t.title}</h1>
<p class="signer">${t.signer}: <strong>${escapeHtml(input.name)}</strong></p>
<section class="document" aria-labelledby="document-heading">
  <h2 id="document-heading">${t.documentHeading}</h2>
  <p>${t.documentIntro}</p>
  <iframe class="document-frame" src="${base}/document#navpanes=0&amp;view=FitH" title="${escapeHtml(input.documentName)}"></iframe>
  <p><a href="${base}/document" target="_blank" rel="noopener">${escapeHtml(t.openDocument(input.documentName))}</a></p>
</section>
${step}`, !sms || sms.verified);
}

/** The SMS step: 'Stuur code', then the field for the code; the signature form only comes after it. */
function renderSmsStep(base: string, sms: SmsStep): string {
  const t = signPageTexts;
  const codeError = sms.codeError ? escapeHtml(sms.codeError) : '';
  const sendError = sms.sendError ? escapeHtml(sms.sendError) : '';
  const codeForm = sms.sent
    ? `<p class="notice" role="status">${escapeHtml(t.codeSent(sms.masked))}</p>
  <form class="code" method="post" action="${base}/code" novalidate>
    <label for="sms-code">${t.codeLabel}</label>
    <p id="sms-code-help" class="hint">${t.codeHelp}</p>
    <input id="sms-code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" spellcheck="false"
      aria-describedby="sms-code-help sms-code-error"${codeError ? ' aria-invalid="true" autofocus' : ''}>
    <p id="sms-code-error" class="error"${codeError ? ' role="alert"' : ''}>${codeError}</p>
    <div class="actions"><button type="submit" class="primary">${t.verify}</button></div>
  </form>`
    : '';
  return `<section class="verify" aria-labelledby="sms-heading">
  <h2 id="sms-heading">${t.smsHeading}</h2>
  <p id="sms-intro">${escapeHtml(t.smsIntro(sms.masked))}</p>
  ${codeForm}
  <form class="send" method="post" action="${base}/sms" novalidate>
    <p id="sms-send-error" class="error"${sendError ? ' role="alert"' : ''}>${sendError}</p>
    <div class="actions"><button type="submit" class="${sms.sent ? 'secondary' : 'primary'}" aria-describedby="sms-intro sms-send-error">${sms.sent ? t.resendCode : t.sendCode}</button></div>
  </form>
</section>`;
}

/** The signature form: the pad, 'Wijzigen' and 'Ondertekenen'. */
function renderSignForm(base: string, error: string): string {
  const t = signPageTexts;
  return `<form class="sign" id="sign-form" method="post" action="${base}" novalidate>
  <h2 id="signature-heading">${t.signatureHeading}</h2>
  <p id="signature-help">${t.signatureHelp}</p>
  <div class="pad"><canvas id="signature-pad" role="img" aria-label="${t.padLabel}" aria-describedby="signature-help signature-error"></canvas></div>
  <p id="signature-error" class="error" role="alert" data-required="${t.signatureRequired}">${error}</p>
  <input type="hidden" name="signature" value="">
  <div class="actions">
    <button type="button" class="secondary" id="signature-clear">${t.clear}</button>
    <button type="submit" class="primary" id="signature-submit">${t.sign}</button>
  </div>
  <noscript><p class="error">${t.noScript}</p></noscript>
</form>`;
}

/** After signing. The return URL (if any) gets Signhost's query parameters, as a real provider's would. */
export function renderDonePage(assets: SignPageAssets, input: { name: string; returnUrl: string | null }): string {
  const t = signPageTexts;
  const back = input.returnUrl ? `<p><a class="button" href="${escapeHtml(input.returnUrl)}">${t.back}</a></p>` : '';
  return layout(assets, t.doneTitle, `<h1>${t.doneTitle}</h1>
<p class="done">${escapeHtml(t.thanks(input.name))} ${t.done}</p>
${back}`);
}

/** Too many tries from one client (answered with 429). */
export function renderTooManyPage(assets: SignPageAssets, retryAfterSeconds: number): string {
  const t = signPageTexts;
  return layout(assets, t.tooManyTitle, `<h1>${t.tooManyTitle}</h1>
<p role="alert">${escapeHtml(t.tooMany(Math.max(1, Math.ceil(retryAfterSeconds / 60))))}</p>`);
}

/** A code as the signer may type it: six digits, spaces allowed. */
export const readCode = (value: unknown): string => (typeof value === 'string' ? value.replace(/\s/g, '') : '');

/** An unknown, used or closed link (answered with 404). */
export function renderGonePage(assets: SignPageAssets): string {
  const t = signPageTexts;
  return layout(assets, t.goneTitle, `<h1>${t.goneTitle}</h1>
<p>${t.gone}</p>
<p>${t.goneHint}</p>`);
}

/** A page token as the local provider makes them (lib/tokens newToken: 32 bytes base64url). */
export const isTokenShaped = (token: string) => /^[A-Za-z0-9_-]{43}$/.test(token);

/** Refuse decompression bombs: a signature is a few hundred pixels wide. */
const MAX_SIGNATURE_PIXELS = 4_000_000;

/**
 * The drawn signature from the form: a PNG data URL (as signature_pad's toDataURL makes it), decoded,
 * checked to hold a drawing (some pixel not transparent) and re-encoded, which drops anything hidden in
 * the file. Null when it is missing, not a PNG or empty.
 */
export async function readDrawnSignature(value: unknown): Promise<Buffer | null> {
  if (typeof value !== 'string' || value.length > FORM_LIMITS.signatureMax) return null;
  const match = /^data:image\/png;base64,([A-Za-z0-9+/]+=*)$/.exec(value);
  if (!match) return null;
  // In the process's image queue like every other decode (a 503 when it is full).
  return runImageWork(async () => {
    try {
      const image = sharp(Buffer.from(match[1]!, 'base64'), { limitInputPixels: MAX_SIGNATURE_PIXELS, failOn: 'error' });
      const meta = await image.metadata();
      if (meta.format !== 'png') return null;
      const stats = await image.stats();
      // signature_pad draws on a transparent canvas; a drawing on an opaque one shows as dark pixels
      const drawn = meta.hasAlpha ? stats.channels[stats.channels.length - 1]!.max > 0 : stats.channels.some((c) => c.min < 250);
      if (!drawn) return null;
      return await image.png({ compressionLevel: 9 }).toBuffer();
    } catch {
      return null;
    }
  });
}
