import { personGreeting } from '@portal/contract';
import type { Mail } from '../mail/mailer.ts';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** `name`: the person's name when known (a resident's), for the greeting; none says 'Beste bewoner,'. */
export function passwordResetMail(input: { to: string; name?: string | null; link: string; portalName: string; minutes: number }): Mail {
  const greeting = personGreeting({ first_name: input.name });
  const text = [
    greeting,
    '',
    `U heeft gevraagd om een nieuw wachtwoord voor het bewonersportaal van ${input.portalName}.`,
    'Via de volgende link stelt u een nieuw wachtwoord in:',
    '',
    input.link,
    '',
    `De link is ${input.minutes} minuten geldig en werkt één keer. Heeft u dit niet zelf aangevraagd? Dan kunt u deze e-mail negeren.`,
    '',
    'Met vriendelijke groet,',
    input.portalName,
  ].join('\n');
  const html = `<p>${escape(greeting)}</p><p>U heeft gevraagd om een nieuw wachtwoord voor het bewonersportaal van ${escape(input.portalName)}.</p><p><a href="${escape(input.link)}">Stel een nieuw wachtwoord in</a></p><p>De link is ${input.minutes} minuten geldig en werkt één keer. Heeft u dit niet zelf aangevraagd? Dan kunt u deze e-mail negeren.</p><p>Met vriendelijke groet,<br>${escape(input.portalName)}</p>`;
  return { to: input.to, subject: 'Nieuw wachtwoord instellen', text, html };
}
