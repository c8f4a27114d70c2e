import type { Mail } from '../mail/mailer.ts';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The invitation to a new staff account, or a reset link for an existing one: a link to /beheer/wachtwoord/:token. */
export function staffPasswordMail(input: { to: string; name: string; link: string; customerName: string; kind: 'invite' | 'reset'; hours: number }): Mail {
  const validity = input.hours >= 24 ? `${Math.round(input.hours / 24)} dagen` : `${input.hours} uur`;
  const intro = input.kind === 'invite'
    ? `Er is een account voor u aangemaakt in de beheeromgeving van het bewonersportaal van ${input.customerName}. Via de volgende link kiest u uw wachtwoord:`
    : `U heeft gevraagd om een nieuw wachtwoord voor de beheeromgeving van het bewonersportaal van ${input.customerName}. Via de volgende link stelt u een nieuw wachtwoord in:`;
  const outro = input.kind === 'invite'
    ? `De link is ${validity} geldig en werkt één keer. Daarna logt u in met uw e-mailadres en wachtwoord.`
    : `De link is ${validity} geldig en werkt één keer. Heeft u dit niet zelf aangevraagd? Dan kunt u deze e-mail negeren.`;
  const text = [`Beste ${input.name},`, '', intro, '', input.link, '', outro, '', 'Met vriendelijke groet,', input.customerName].join('\n');
  const html = `<p>Beste ${escape(input.name)},</p><p>${escape(intro)}</p><p><a href="${escape(input.link)}">${input.kind === 'invite' ? 'Kies uw wachtwoord' : 'Stel een nieuw wachtwoord in'}</a></p><p>${escape(outro)}</p><p>Met vriendelijke groet,<br>${escape(input.customerName)}</p>`;
  return { to: input.to, subject: input.kind === 'invite' ? 'Uw account voor de beheeromgeving' : 'Nieuw wachtwoord voor de beheeromgeving', text, html };
}
