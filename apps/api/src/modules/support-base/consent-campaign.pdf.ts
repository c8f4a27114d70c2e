import { CONSENT_COURT_WEEKS, formatPostcode } from '@portal/contract';
import { toDutchDate } from '../../lib/dates.ts';
import { drawClosing, LETTER_BODY_TOP, LETTER_INK, LETTER_MARGIN, LETTER_MUTED, LETTER_RULE, renderLetters, type LetterAddress, type LetterHead } from '../../lib/letter-pdf.ts';
import { portalPdf } from '../../lib/pdf-document.ts';

export type NoticeLetter = LetterAddress & { disagreed: boolean };

/**
 * The written notice of art. 7:220 lid 3 BW to a tenant who did not agree, once the building unit reached 70%:
 * one A4 letter per address on the letters' layout (lib/letter-pdf.ts). It says when 70% was reached, that the
 * proposal is therefore presumed reasonable, and that the tenant may ask the court within eight weeks of the
 * notice (a tenant not told of that deadline is not bound by it).
 */
export function renderNoticeLetters(input: LetterHead & {
  formName: string; unit: string; reachedOn: string; percentage: number; letters: NoticeLetter[];
}): Promise<Buffer> {
  return renderLetters({ ...input, title: `Kennisgeving 70% instemming: ${input.formName}`, subject: `${input.projectName}, ${input.unit}` }, ({ doc, left, width }, letter) => {
    doc.font('Helvetica-Bold').fontSize(14).fillColor(LETTER_INK).text('Kennisgeving: 70% van de huurders stemt in met het voorstel', left, LETTER_BODY_TOP, { width });
    doc.moveDown(0.8).font('Helvetica').fontSize(11).fillColor(LETTER_INK);
    const percentage = input.percentage.toLocaleString('nl-NL', { maximumFractionDigits: 1 });
    const paragraphs = [
      'Beste bewoner,',
      `U heeft van ons het voorstel '${input.formName}' ontvangen voor ${input.unit} in het project ${input.projectName}.`,
      `Op ${input.reachedOn} had 70% of meer van de huurders van ${input.unit} met dit voorstel ingestemd (nu ${percentage}%). `
        + 'Daarmee wordt het voorstel volgens de wet vermoed redelijk te zijn (artikel 7:220 lid 3 van het Burgerlijk Wetboek).',
      letter.disagreed
        ? 'U heeft niet met het voorstel ingestemd.'
        : 'Wij hebben van u geen instemming met het voorstel ontvangen. Wie niet reageert, telt als niet akkoord.',
      `Vindt u het voorstel niet redelijk? Dan kunt u binnen ${CONSENT_COURT_WEEKS} weken na de datum van deze brief de rechter vragen te beslissen of het voorstel redelijk is. `
        + 'Doet u dat niet binnen die termijn, dan bent u aan het voorstel gebonden.',
    ];
    for (const paragraph of paragraphs) doc.text(paragraph, left, doc.y, { width, lineGap: 2 }).moveDown(0.6);
    drawClosing({ doc, left, width }, 'Heeft u vragen over het voorstel of over deze brief? Neem dan contact met ons op.', input.customerName);
  });
}

export type VisitRow = LetterAddress & { unit: string; status: string; reminders: number; lastReminder: Date | null; occupants: string[] };

/** The list of addresses to visit (no answer yet), by building unit, with the occupants and their phone numbers, to print. */
export async function renderVisitList(input: { customerName: string; projectName: string; formName: string; date: Date; rows: VisitRow[] }): Promise<Buffer> {
  const { doc, bytes } = portalPdf({
    margins: { top: LETTER_MARGIN, bottom: LETTER_MARGIN, left: LETTER_MARGIN, right: LETTER_MARGIN },
    info: { Title: `Bezoeklijst: ${input.formName}`, Subject: input.projectName, CreationDate: input.date },
  });
  const left = LETTER_MARGIN;
  const width = doc.page.width - 2 * LETTER_MARGIN;
  doc.font('Helvetica-Bold').fontSize(16).fillColor(LETTER_INK).text(`Bezoeklijst: ${input.formName}`, left, LETTER_MARGIN, { width });
  doc.font('Helvetica').fontSize(10).fillColor(LETTER_MUTED)
    .text(`${input.customerName} · ${input.projectName} · ${toDutchDate(input.date)} · ${input.rows.length} ${input.rows.length === 1 ? 'adres' : 'adressen'} zonder antwoord`, { width });
  let unit: string | null = null;
  for (const row of input.rows) {
    if (doc.y > doc.page.height - LETTER_MARGIN - 60) doc.addPage();
    if (row.unit !== unit) {
      unit = row.unit;
      doc.moveDown(0.8).font('Helvetica-Bold').fontSize(12).fillColor(LETTER_INK).text(unit, left, doc.y, { width });
    }
    const top = doc.y + 4;
    doc.moveTo(left, top).lineTo(left + width, top).strokeColor(LETTER_RULE).lineWidth(0.5).stroke();
    doc.font('Helvetica-Bold').fontSize(10).fillColor(LETTER_INK)
      .text(`[  ]  ${row.street} ${row.houseNumber}, ${formatPostcode(row.zipcode)} ${row.city}`, left, top + 4, { width: width * 0.62 });
    doc.font('Helvetica').fontSize(9).fillColor(LETTER_MUTED)
      .text(`${row.status} · ${row.reminders} ${row.reminders === 1 ? 'herinnering' : 'herinneringen'}${row.lastReminder ? `, laatste ${toDutchDate(row.lastReminder)}` : ''}`, left + width * 0.64, top + 4, { width: width * 0.36 });
    doc.font('Helvetica').fontSize(9).fillColor(LETTER_INK)
      .text(row.occupants.length ? row.occupants.join('; ') : 'Geen bewoners bekend', left + 18, Math.max(doc.y, top + 17), { width: width - 18 });
    doc.text('Notitie: ____________________________________________', left + 18, doc.y + 2, { width: width - 18 });
  }
  doc.end();
  return bytes;
}
