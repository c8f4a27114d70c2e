import { toDutchDate } from '../../lib/dates.ts';
import { formNoteMail } from '../form-engine/index.ts';
import type { Mail } from '../mail/mailer.ts';

/** A filled-in form e-mailed from its status step: a short note with the summary PDF attached. */
export function formMail(input: {
  to: string; formName: string; projectName: string; portalName: string; date: Date; pdf: Buffer; filename: string;
}): Mail {
  return formNoteMail({
    to: input.to,
    subject: `Formulier: ${input.formName}`,
    greeting: 'Beste heer, mevrouw,',
    paragraphs: [
      `In de bijlage vindt u het formulier '${input.formName}' van het project ${input.projectName}, zoals het op ${toDutchDate(input.date)} is ingevuld in het bewonersportaal van ${input.portalName}.`,
      'Dit e-mailadres is bij het formulier opgegeven om een kopie te ontvangen. U hoeft niets te doen.',
    ],
    portalName: input.portalName, pdf: input.pdf, filename: input.filename,
  });
}
