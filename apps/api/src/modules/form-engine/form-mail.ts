import type { Mail } from '../mail/mailer.ts';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A short note about a form with its PDF attached (the families' e-mails: a generic form mailed from
 * its status step, a support-base confirmation): a greeting, paragraphs, the portal's sign-off, as
 * text and as escaped HTML.
 */
export function formNoteMail(input: {
  to: string; subject: string; greeting: string; paragraphs: string[]; portalName: string; pdf: Buffer; filename: string;
}): Mail {
  return {
    to: input.to,
    subject: input.subject,
    text: [input.greeting, '', ...input.paragraphs.flatMap((p) => [p, '']), 'Met vriendelijke groet,', input.portalName].join('\n'),
    html: [
      `<p>${escape(input.greeting)}</p>`,
      ...input.paragraphs.map((p) => `<p>${escape(p)}</p>`),
      `<p>Met vriendelijke groet,<br>${escape(input.portalName)}</p>`,
    ].join(''),
    attachments: [{ filename: input.filename, content: input.pdf, contentType: 'application/pdf' }],
  };
}
