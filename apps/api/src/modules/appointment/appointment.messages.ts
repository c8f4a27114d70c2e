import type { Mail } from '../mail/mailer.ts';
import { formatPostcode } from '@portal/contract';
import { dutchDate, dutchLongDate, dutchTime } from './appointment.format.ts';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export type ConfirmationInput = {
  subject: string;
  startsAt: Date;
  address: { street: string; houseNumber: string; zipcode: string; city: string };
  projectName: string;
};

const where = (a: ConfirmationInput['address']) => `${a.street} ${a.houseNumber}, ${formatPostcode(a.zipcode)} ${a.city}`;

/**
 * An e-mail about one appointment: `lead` places the date and time in the sentence (as text, or bold in the HTML),
 * `next` says what the resident can do in the portal.
 */
function appointmentMail(to: string, input: ConfirmationInput, kind: { subject: string; lead: (when: string) => string; next: string }): Mail {
  const date = dutchDate(input.startsAt);
  const time = dutchTime(input.startsAt);
  const when = `${dutchLongDate(input.startsAt)} (${date}) om ${time} uur`;
  const text = [
    'Beste bewoner,',
    '',
    `Uw afspraak "${input.subject}" ${kind.lead(when)}.`,
    `Adres: ${where(input.address)}`,
    '',
    kind.next,
    '',
    'Met vriendelijke groet,',
    `Projectteam ${input.projectName}`,
  ].join('\n');
  const html =
    `<p>Beste bewoner,</p>` +
    `<p>Uw afspraak <strong>${escape(input.subject)}</strong> ${kind.lead(`<strong>${escape(when)}</strong>`)}.</p>` +
    `<p>Adres: ${escape(where(input.address))}</p>` +
    `<p>${escape(kind.next)}</p>` +
    `<p>Met vriendelijke groet,<br>Projectteam ${escape(input.projectName)}</p>`;
  return { to, subject: `${kind.subject}: ${input.subject} op ${date} om ${time} uur`, text, html };
}

/** The confirmation e-mail of a (re)planned appointment, with the date and time in Dutch format. */
export function appointmentConfirmationMail(to: string, input: ConfirmationInput): Mail {
  return appointmentMail(to, input, {
    subject: 'Bevestiging afspraak', lead: (when) => `is gepland op ${when}`,
    next: 'Wilt u de afspraak wijzigen of annuleren? Dat kan in het bewonersportaal onder Afspraken.',
  });
}

/** The confirmation SMS: short, one message. */
export function appointmentConfirmationSms(input: ConfirmationInput): string {
  return `Uw afspraak "${input.subject}" is gepland op ${dutchDate(input.startsAt)} om ${dutchTime(input.startsAt)} uur (${input.address.street} ${input.address.houseNumber}). Projectteam ${input.projectName}`;
}

/** The notice of a cancelled appointment (by the resident, or for them). */
export function appointmentCancellationMail(to: string, input: ConfirmationInput): Mail {
  return appointmentMail(to, input, {
    subject: 'Afspraak geannuleerd', lead: (when) => `op ${when} is geannuleerd`,
    next: 'Wilt u een nieuwe afspraak maken? Dat kan in het bewonersportaal onder Afspraken.',
  });
}

/** The SMS of a cancelled appointment. */
export function appointmentCancellationSms(input: ConfirmationInput): string {
  return `Uw afspraak "${input.subject}" op ${dutchDate(input.startsAt)} om ${dutchTime(input.startsAt)} uur is geannuleerd. Projectteam ${input.projectName}`;
}
