import type { Mail } from '../mail/mailer.ts';
import { dutchDate, dutchLongDate, dutchTime } from './appointment.format.ts';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export type ConfirmationInput = {
  subject: string;
  startsAt: Date;
  address: { street: string; houseNumber: string; zipcode: string; city: string };
  projectName: string;
};

const where = (a: ConfirmationInput['address']) => `${a.street} ${a.houseNumber}, ${a.zipcode.slice(0, 4)} ${a.zipcode.slice(4)} ${a.city}`;

/** The confirmation e-mail of a (re)planned appointment, with the date and time in Dutch format. */
export function appointmentConfirmationMail(to: string, input: ConfirmationInput): Mail {
  const date = dutchDate(input.startsAt);
  const time = dutchTime(input.startsAt);
  const long = dutchLongDate(input.startsAt);
  const text = [
    'Beste bewoner,',
    '',
    `Uw afspraak "${input.subject}" is gepland op ${long} (${date}) om ${time} uur.`,
    `Adres: ${where(input.address)}`,
    '',
    'Wilt u de afspraak wijzigen of annuleren? Dat kan in het bewonersportaal onder Afspraken.',
    '',
    'Met vriendelijke groet,',
    `Projectteam ${input.projectName}`,
  ].join('\n');
  const html =
    `<p>Beste bewoner,</p>` +
    `<p>Uw afspraak <strong>${escape(input.subject)}</strong> is gepland op <strong>${escape(long)} (${date}) om ${time} uur</strong>.</p>` +
    `<p>Adres: ${escape(where(input.address))}</p>` +
    `<p>Wilt u de afspraak wijzigen of annuleren? Dat kan in het bewonersportaal onder Afspraken.</p>` +
    `<p>Met vriendelijke groet,<br>Projectteam ${escape(input.projectName)}</p>`;
  return { to, subject: `Bevestiging afspraak: ${input.subject} op ${date} om ${time} uur`, text, html };
}

/** The confirmation SMS: short, one message. */
export function appointmentConfirmationSms(input: ConfirmationInput): string {
  return `Uw afspraak "${input.subject}" is gepland op ${dutchDate(input.startsAt)} om ${dutchTime(input.startsAt)} uur (${input.address.street} ${input.address.houseNumber}). Projectteam ${input.projectName}`;
}

/** The notice of a cancelled appointment (by the resident, or for them). */
export function appointmentCancellationMail(to: string, input: ConfirmationInput): Mail {
  const date = dutchDate(input.startsAt);
  const time = dutchTime(input.startsAt);
  const long = dutchLongDate(input.startsAt);
  const text = [
    'Beste bewoner,',
    '',
    `Uw afspraak "${input.subject}" op ${long} (${date}) om ${time} uur is geannuleerd.`,
    `Adres: ${where(input.address)}`,
    '',
    'Wilt u een nieuwe afspraak maken? Dat kan in het bewonersportaal onder Afspraken.',
    '',
    'Met vriendelijke groet,',
    `Projectteam ${input.projectName}`,
  ].join('\n');
  const html =
    `<p>Beste bewoner,</p>` +
    `<p>Uw afspraak <strong>${escape(input.subject)}</strong> op <strong>${escape(long)} (${date}) om ${time} uur</strong> is geannuleerd.</p>` +
    `<p>Adres: ${escape(where(input.address))}</p>` +
    `<p>Wilt u een nieuwe afspraak maken? Dat kan in het bewonersportaal onder Afspraken.</p>` +
    `<p>Met vriendelijke groet,<br>Projectteam ${escape(input.projectName)}</p>`;
  return { to, subject: `Afspraak geannuleerd: ${input.subject} op ${date} om ${time} uur`, text, html };
}

/** The SMS of a cancelled appointment. */
export function appointmentCancellationSms(input: ConfirmationInput): string {
  return `Uw afspraak "${input.subject}" op ${dutchDate(input.startsAt)} om ${dutchTime(input.startsAt)} uur is geannuleerd. Projectteam ${input.projectName}`;
}
