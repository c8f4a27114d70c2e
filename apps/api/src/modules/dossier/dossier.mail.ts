import type { Mail } from '../mail/mailer.ts';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export type DossierMailItem = { name: string; type: string; date: string; filename: string; link?: string };

/** The whole dossier by e-mail: the files attached, or (too large to attach) time-limited links. */
export function dossierMail(input: {
  to: string; projectName: string; items: DossierMailItem[]; attachments: Mail['attachments']; linksValidUntil?: string;
}): Mail {
  const viaLinks = !input.attachments?.length;
  const intro = viaLinks
    ? `Uw dossier is te groot om als bijlage te versturen. Via de links hieronder downloadt u de documenten; de links zijn geldig tot ${input.linksValidUntil}.`
    : 'In de bijlagen van deze e-mail vindt u de documenten uit uw dossier.';
  const lines = input.items.map((i) => `- ${i.name} (${i.type}, ${i.date})${i.link ? `\n  ${i.link}` : ''}`);
  const text = [
    'Beste bewoner,',
    '',
    `U heeft uw dossier van ${input.projectName} opgevraagd via het bewonersportaal. ${intro}`,
    '',
    ...lines,
    '',
    'Heeft u dit niet zelf aangevraagd? Neem dan contact op met het projectteam.',
    '',
    'Met vriendelijke groet,',
    `Projectteam ${input.projectName}`,
  ].join('\n');
  const listHtml = input.items
    .map((i) => `<li>${i.link ? `<a href="${escape(i.link)}">${escape(i.name)}</a>` : escape(i.name)} (${escape(i.type)}, ${escape(i.date)})</li>`)
    .join('');
  const html = `<p>Beste bewoner,</p><p>U heeft uw dossier van ${escape(input.projectName)} opgevraagd via het bewonersportaal. ${escape(intro)}</p><ul>${listHtml}</ul><p>Heeft u dit niet zelf aangevraagd? Neem dan contact op met het projectteam.</p><p>Met vriendelijke groet,<br>Projectteam ${escape(input.projectName)}</p>`;
  return { to: input.to, subject: `Uw dossier van ${input.projectName}`, text, html, attachments: input.attachments };
}
