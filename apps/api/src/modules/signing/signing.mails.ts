import { escapeHtml } from '../../lib/html-page.ts';
import type { Mail } from '../mail/mailer.ts';

/** To a customer administrator: the hourly SMS budget for signing codes is spent (signing.sms-limits.ts). */
export function smsBudgetMail(input: { to: string; name: string; customerName: string; budget: number }): Mail {
  const lines = [
    `In het afgelopen uur zijn ${input.budget} sms-codes voor het digitaal ondertekenen verstuurd voor de projecten van ${input.customerName}. Dat is het maximum per uur.`,
    'Tot het uur om is, worden er geen sms-codes meer verstuurd: bewoners die nu willen ondertekenen, krijgen de melding het later opnieuw te proberen.',
    'Is dit meer dan u verwacht? Dan probeert iemand mogelijk via het portaal sms-berichten te laten versturen. Kijk bij de ondertekeningen welke formulieren het betreft. Het maximum is in te stellen met SMS_BUDGET_PER_CUSTOMER_HOUR.',
  ];
  const text = [`Beste ${input.name},`, '', ...lines.flatMap((line) => [line, '']), 'Met vriendelijke groet,', 'Het bewonersportaal'].join('\n');
  const html = `<p>Beste ${escapeHtml(input.name)},</p>${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}<p>Met vriendelijke groet,<br>Het bewonersportaal</p>`;
  return { to: input.to, subject: 'Het maximum aantal sms-codes per uur is bereikt', text, html };
}
