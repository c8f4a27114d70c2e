import { escapeHtml, htmlPage } from '../../lib/html-page.ts';
import type { LocalChoice } from './payment.local-provider.ts';

/**
 * The local test checkout's page: plain server-rendered HTML in Dutch, like Mollie's test checkout where
 * the tester picks the outcome. It needs no script (a form with four radio buttons) and no file of its own
 * (the portal's CSP allows inline styles, not inline scripts); one column, usable from 320px wide.
 */

export const checkoutTexts = {
  title: 'Testbetaling',
  intro: 'Dit is de testomgeving voor betalingen. Er wordt geen echt geld afgeschreven.',
  amount: 'Bedrag',
  description: 'Omschrijving',
  choose: 'Kies de uitkomst van deze betaling',
  choices: { paid: 'Betaald', failed: 'Mislukt', canceled: 'Geannuleerd', expired: 'Verlopen' } satisfies Record<LocalChoice, string>,
  submit: 'Doorgaan',
  chooseRequired: 'Kies een uitkomst.',
  finalTitle: 'Betaling afgerond',
  final: (status: string) => `Deze betaling is al afgerond (${status}) en kan niet meer worden gewijzigd.`,
  back: 'Terug naar het portaal',
  goneTitle: 'Betaling niet gevonden',
  gone: 'Deze betaallink is ongeldig.',
} as const;

const statusWords: Record<string, string> = { ...checkoutTexts.choices, open: 'Open', pending: 'In behandeling', authorized: 'Goedgekeurd' };

/** Cents in Dutch notation: '€ 1.234,50'. */
export function formatEuro(cents: number): string {
  const abs = Math.abs(cents);
  const euros = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${cents < 0 ? '-' : ''}€ ${euros},${String(abs % 100).padStart(2, '0')}`;
}

const STYLE = `*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font:16px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif;color:#1b1b1f;background:#f6f7f9}
.page{max-width:560px;margin:0 auto;padding:16px}
h1{font-size:1.5rem;line-height:1.25;margin:0 0 8px}
p{margin:0 0 12px}
a{color:#0b4f8a}
a:focus-visible,button:focus-visible{outline:3px solid #0b4f8a;outline-offset:2px}
.facts{background:#fff;border:1px solid #c9ced6;border-radius:8px;padding:12px 16px;margin:0 0 16px}
.facts dt{font-weight:600}
.facts dd{margin:0 0 8px;overflow-wrap:anywhere}
.amount{font-size:1.25rem;font-weight:700;white-space:nowrap}
fieldset{border:0;margin:0 0 16px;padding:0}
legend{font-weight:600;margin-bottom:8px;padding:0}
.choice{display:flex;align-items:center;gap:12px;min-height:48px;padding:8px 12px;margin-bottom:8px;background:#fff;border:1px solid #6b7280;border-radius:6px;cursor:pointer}
.choice input{width:22px;height:22px;margin:0;accent-color:#0b4f8a}
.choice:focus-within{outline:3px solid #0b4f8a;outline-offset:2px}
.error{color:#b00020;font-weight:600}
button,.button{display:inline-block;min-height:44px;padding:10px 20px;border-radius:6px;border:2px solid #0b4f8a;background:#0b4f8a;color:#fff;font:inherit;font-weight:600;cursor:pointer;text-decoration:none;width:100%;text-align:center}
@media (min-width:640px){.page{padding:24px}h1{font-size:1.75rem}button,.button{width:auto}}`;

const layout = (title: string, body: string) => htmlPage({ title, head: `<style>${STYLE}</style>`, body });

/** The checkout: amount, description and the four outcomes. */
export function renderCheckoutPage(input: { id: string; amountCents: number; description: string; error?: string | null }): string {
  const t = checkoutTexts;
  const error = input.error ? `<p id="choice-error" class="error" role="alert">${escapeHtml(input.error)}</p>` : '';
  const choices = (Object.entries(t.choices) as Array<[LocalChoice, string]>).map(([value, label]) =>
    `  <label class="choice"><input type="radio" name="status" value="${value}" required${input.error ? ' aria-describedby="choice-error"' : ''}> ${label}</label>`).join('\n');
  return layout(t.title, `<h1>${t.title}</h1>
<p>${t.intro}</p>
<dl class="facts">
  <dt>${t.amount}</dt><dd class="amount">${escapeHtml(formatEuro(input.amountCents))}</dd>
  <dt>${t.description}</dt><dd>${escapeHtml(input.description)}</dd>
</dl>
<form method="post" action="/api/payment/local/checkout/${encodeURIComponent(input.id)}">
<fieldset>
  <legend>${t.choose}</legend>
  ${error}
${choices}
</fieldset>
<button type="submit">${t.submit}</button>
</form>`);
}

/** A checkout already finished (Mollie does not change a final status either). */
export function renderFinalPage(input: { status: string; redirectUrl: string }): string {
  const t = checkoutTexts;
  return layout(t.finalTitle, `<h1>${t.finalTitle}</h1>
<p>${escapeHtml(t.final(statusWords[input.status] ?? input.status))}</p>
<p><a class="button" href="${escapeHtml(input.redirectUrl)}">${t.back}</a></p>`);
}

/** An unknown checkout id (answered with 404). */
export function renderGonePage(): string {
  const t = checkoutTexts;
  return layout(t.goneTitle, `<h1>${t.goneTitle}</h1>
<p>${t.gone}</p>`);
}
