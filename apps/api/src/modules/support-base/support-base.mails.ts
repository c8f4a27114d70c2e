import type { Mail } from '../mail/mailer.ts';
import { formNoteMail } from '../form-engine/index.ts';

/** The confirmation of a finished support-base form, with the document attached. */
export function supportBaseMail(input: {
  to: string; formName: string; projectName: string; portalName: string; agreement: string | null; pdf: Buffer; filename: string;
}): Mail {
  const answer = input.agreement === 'agree' ? 'U heeft aangegeven akkoord te gaan.' : input.agreement === 'disagree' ? 'U heeft aangegeven niet akkoord te gaan.' : null;
  return formNoteMail({
    to: input.to,
    subject: `Bevestiging: ${input.formName}`,
    greeting: 'Beste bewoner,',
    paragraphs: [
      `Bedankt voor het ondertekenen van '${input.formName}' van het project ${input.projectName}. Wij hebben uw ondertekende formulier ontvangen.`,
      ...(answer ? [answer] : []),
      'In de bijlage vindt u het document zoals u het heeft ondertekend. U hoeft niets meer te doen.',
    ],
    portalName: input.portalName, pdf: input.pdf, filename: input.filename,
  });
}
