import { toDutchDate } from '../../lib/dates.ts';
import type { Mail } from '../mail/mailer.ts';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A filled-in form e-mailed from its status step: a short note with the summary PDF attached. */
export function formMail(input: {
  to: string; formName: string; projectName: string; portalName: string; date: Date; pdf: Buffer; filename: string;
}): Mail {
  const paragraphs = [
    `In de bijlage vindt u het formulier '${input.formName}' van het project ${input.projectName}, zoals het op ${toDutchDate(input.date)} is ingevuld in het bewonersportaal van ${input.portalName}.`,
    'Dit e-mailadres is bij het formulier opgegeven om een kopie te ontvangen. U hoeft niets te doen.',
  ];
  return {
    to: input.to,
    subject: `Formulier: ${input.formName}`,
    text: ['Beste heer, mevrouw,', '', ...paragraphs.flatMap((p) => [p, '']), 'Met vriendelijke groet,', input.portalName].join('\n'),
    html: [
      '<p>Beste heer, mevrouw,</p>',
      ...paragraphs.map((p) => `<p>${escape(p)}</p>`),
      `<p>Met vriendelijke groet,<br>${escape(input.portalName)}</p>`,
    ].join(''),
    attachments: [{ filename: input.filename, content: input.pdf, contentType: 'application/pdf' }],
  };
}
