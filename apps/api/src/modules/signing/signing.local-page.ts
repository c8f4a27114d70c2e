import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { FORM_LIMITS } from '@portal/contract';

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
} as const;

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

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function layout(assets: SignPageAssets, title: string, body: string, withScripts = false): string {
  const scripts = withScripts
    ? `<script src="${assets.url('signature_pad.js')}" defer></script><script src="${assets.url('sign-page.js')}" defer></script>`
    : '';
  return `<!doctype html>
<html lang="nl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(title)}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${assets.url('sign-page.css')}">
${scripts}
</head>
<body>
<main class="page">
${body}
</main>
</body>
</html>`;
}

/** The page a signer signs on: the document, the pad, 'Wijzigen' and 'Ondertekenen'. */
export function renderSignPage(assets: SignPageAssets, input: { token: string; name: string; documentName: string; error?: string | null }): string {
  const t = signPageTexts;
  const base = `/api/signing/local/${encodeURIComponent(input.token)}`;
  const error = input.error ? escapeHtml(input.error) : '';
  return layout(assets, t.title, `<h1>${t.title}</h1>
<p class="signer">${t.signer}: <strong>${escapeHtml(input.name)}</strong></p>
<section class="document" aria-labelledby="document-heading">
  <h2 id="document-heading">${t.documentHeading}</h2>
  <p>${t.documentIntro}</p>
  <iframe class="document-frame" src="${base}/document#navpanes=0&amp;view=FitH" title="${escapeHtml(input.documentName)}"></iframe>
  <p><a href="${base}/document" target="_blank" rel="noopener">${escapeHtml(t.openDocument(input.documentName))}</a></p>
</section>
<form class="sign" id="sign-form" method="post" action="${base}" novalidate>
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
</form>`, true);
}

/** After signing. The return URL (if any) gets Signhost's query parameters, as a real provider's would. */
export function renderDonePage(assets: SignPageAssets, input: { name: string; returnUrl: string | null }): string {
  const t = signPageTexts;
  const back = input.returnUrl ? `<p><a class="button" href="${escapeHtml(input.returnUrl)}">${t.back}</a></p>` : '';
  return layout(assets, t.doneTitle, `<h1>${t.doneTitle}</h1>
<p class="done">${escapeHtml(t.thanks(input.name))} ${t.done}</p>
${back}`);
}

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
}
