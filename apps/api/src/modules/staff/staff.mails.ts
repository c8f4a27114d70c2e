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

/**
 * Wrong second-factor codes were typed for the account (after its password): someone else may know the
 * password. Sent once an hour at most while it goes on (auth/code-guard.ts).
 */
export function staffCodeAlertMail(input: { to: string; name: string; failures: number; customerName: string; link: string }): Mail {
  const lines = [
    `Bij het inloggen op uw account in de beheeromgeving van het bewonersportaal van ${input.customerName} is in het afgelopen uur ${input.failures} keer een verkeerde code ingevuld. Zo'n code wordt pas gevraagd nadat het juiste wachtwoord is ingevuld.`,
    'Was u dit niet zelf? Dan kent iemand anders waarschijnlijk uw wachtwoord. Wijzig uw wachtwoord meteen (na het inloggen, of met "Wachtwoord vergeten" op de inlogpagina) en meld het bij de beheerder van uw organisatie.',
    'Zolang er verkeerde codes worden ingevuld, kan het inloggen met een code trager gaan.',
  ];
  const text = [`Beste ${input.name},`, '', ...lines.flatMap((l) => [l, '']), input.link, '', 'Met vriendelijke groet,', input.customerName].join('\n');
  const html = `<p>Beste ${escape(input.name)},</p>${lines.map((l) => `<p>${escape(l)}</p>`).join('')}<p><a href="${escape(input.link)}">Naar de inlogpagina</a></p><p>Met vriendelijke groet,<br>${escape(input.customerName)}</p>`;
  return { to: input.to, subject: 'Verkeerde codes bij het inloggen op uw account', text, html };
}
