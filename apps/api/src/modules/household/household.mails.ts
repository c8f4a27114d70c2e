import { personGreeting } from '@portal/contract';
import type { Mail } from '../mail/mailer.ts';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

type Sender = { portalName: string; website: string | null };

/** The way to raise the alarm when a change was not asked for. */
const contactLine = ({ portalName, website }: Sender) =>
  `Heeft u dit niet zelf gevraagd? Neem dan zo snel mogelijk contact op met ${portalName}${website ? ` (${website})` : ''} en wijzig uw wachtwoord.`;

function compose(input: Sender & { to: string; subject: string; name: string; paragraphs: string[]; link?: { url: string; label: string } }): Mail {
  const greeting = personGreeting({ first_name: input.name });
  const text = [
    greeting, '',
    ...input.paragraphs.flatMap((p, i) => (input.link && i === 0 ? [p, '', input.link.url, ''] : [p, ''])),
    'Met vriendelijke groet,', input.portalName,
  ].join('\n');
  const html = [
    `<p>${escape(greeting)}</p>`,
    ...input.paragraphs.map((p, i) => `<p>${escape(p)}</p>${input.link && i === 0 ? `<p><a href="${escape(input.link.url)}">${escape(input.link.label)}</a></p>` : ''}`),
    `<p>Met vriendelijke groet,<br>${escape(input.portalName)}</p>`,
  ].join('');
  return { to: input.to, subject: input.subject, text, html };
}

/** To the new address: the link that confirms it. */
export function emailChangeConfirmMail(input: Sender & { to: string; name: string; link: string; hours: number }): Mail {
  return compose({
    ...input,
    subject: 'Bevestig uw nieuwe e-mailadres',
    paragraphs: [
      `Dit e-mailadres is opgegeven als nieuw e-mailadres van ${input.name} in het bewonersportaal van ${input.portalName}. Bevestig het via de volgende link:`,
      `De link is ${input.hours} uur geldig en werkt één keer. Tot u bevestigt, blijft het oude e-mailadres in gebruik.`,
      'Kent u deze aanvraag niet? Dan kunt u deze e-mail negeren; er verandert dan niets.',
    ],
    link: { url: input.link, label: 'Bevestig mijn nieuwe e-mailadres' },
  });
}

/** To the old address when a change is asked for. */
export function emailChangeRequestedMail(input: Sender & { to: string; name: string; hours: number }): Mail {
  return compose({
    ...input,
    subject: 'Uw e-mailadres wordt gewijzigd',
    paragraphs: [
      `Uw e-mailadres wordt gewijzigd in het bewonersportaal van ${input.portalName}. Er is een bevestigingslink gestuurd naar het nieuwe e-mailadres; pas als die link binnen ${input.hours} uur wordt geopend, gaat de wijziging in.`,
      contactLine(input),
    ],
  });
}

/** To the old address once the change took effect (or the address was removed). */
export function emailChangedMail(input: Sender & { to: string; name: string; removed: boolean }): Mail {
  return compose({
    ...input,
    subject: input.removed ? 'Uw e-mailadres is verwijderd' : 'Uw e-mailadres is gewijzigd',
    paragraphs: [
      input.removed
        ? `Uw e-mailadres is verwijderd uit het bewonersportaal van ${input.portalName}. U ontvangt op dit adres geen berichten van het portaal meer.`
        : `Uw e-mailadres is gewijzigd in het bewonersportaal van ${input.portalName}. U ontvangt berichten van het portaal voortaan op het nieuwe e-mailadres.`,
      contactLine(input),
    ],
  });
}
