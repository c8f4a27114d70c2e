import { formatActivationCode, formatPostcode } from '@portal/contract';
import { toDutchDate } from '../../lib/dates.ts';
import {
  drawClosing, drawCredentialBox, drawSteps, LETTER_BODY_TOP, LETTER_INK, LETTER_MUTED, MM, printedUrl, qrRuns, renderLetters, type LetterHead,
} from '../../lib/letter-pdf.ts';

/**
 * The activation letters (lib/letter-pdf.ts draws the letterhead, the address block in the envelope's
 * window and the footer): the code printed large in a monospaced font, in groups of four, and a QR code
 * that leads to the login page.
 */
export type ActivationLetter = { street: string; houseNumber: string; zipcode: string; city: string; code: string };

export type ActivationLettersInput = LetterHead & {
  /** The resident's login page, printed and in the QR code. */
  loginUrl: string;
  expiresAt: Date;
  letters: ActivationLetter[];
};

export async function renderActivationLetters(input: ActivationLettersInput): Promise<Buffer> {
  const expires = toDutchDate(input.expiresAt);
  const loginLabel = printedUrl(input.loginUrl);
  const qr = qrRuns(input.loginUrl);

  return renderLetters({
    ...input, title: `Activatiebrieven ${input.projectName}`, subject: 'Activatiecodes voor het bewonersportaal',
  }, (frame, letter) => {
    const { doc, left, width } = frame;
    doc.font('Helvetica-Bold').fontSize(14).fillColor(LETTER_INK).text('Uw activatiecode voor het bewonersportaal', left, LETTER_BODY_TOP, { width });
    doc.moveDown(0.6).font('Helvetica').fontSize(11);
    doc.text('Beste bewoner,', { width });
    doc.moveDown(0.5).text(
      `Voor het project ${input.projectName} houden wij u op de hoogte via het bewonersportaal van ${input.customerName}. `
        + 'Daar vindt u het laatste nieuws, de planning en uw afspraken, en kunt u ons een bericht sturen. '
        + 'Met de persoonlijke code in deze brief maakt u uw account aan.',
      { width, lineGap: 2 },
    );

    // ---- the code box ---------------------------------------------------------------------------
    const boxEnd = drawCredentialBox(frame, doc.y + 14, qr, (inner, top, textWidth) => {
      const row = (label: string, value: string, y: number) => {
        doc.font('Helvetica').fontSize(9).fillColor(LETTER_MUTED).text(label, inner, y, { width: textWidth });
        doc.font('Helvetica-Bold').fontSize(11).fillColor(LETTER_INK).text(value, inner, doc.y + 1, { width: textWidth });
        return doc.y + 5;
      };
      let y = row('Inlogadres', loginLabel, top);
      doc.font('Helvetica').fontSize(9).fillColor(LETTER_MUTED).text('Postcode', inner, y, { width: textWidth / 2 });
      const valueY = doc.y + 1;
      doc.text('Huisnummer', inner + textWidth / 2, y, { width: textWidth / 2 });
      doc.font('Helvetica-Bold').fontSize(11).fillColor(LETTER_INK).text(formatPostcode(letter.zipcode), inner, valueY, { width: textWidth / 2 });
      doc.text(letter.houseNumber, inner + textWidth / 2, valueY, { width: textWidth / 2 });
      y = doc.y + 5;
      doc.font('Helvetica').fontSize(9).fillColor(LETTER_MUTED).text('Activatiecode', inner, y, { width: textWidth });
      doc.font('Courier-Bold').fontSize(19).fillColor(LETTER_INK).text(formatActivationCode(letter.code), inner, doc.y + 2, { width: textWidth, lineBreak: false });
      doc.font('Helvetica').fontSize(9).fillColor(LETTER_MUTED).text(`Geldig tot en met ${expires}, één keer te gebruiken`, inner, doc.y + 4, { width: textWidth });
    });

    // ---- the steps ------------------------------------------------------------------------------
    drawSteps(frame, 'Zo activeert u uw account', [
      `Ga naar ${loginLabel} of scan de QR-code met de camera van uw telefoon.`,
      'Vul uw postcode en huisnummer in. Vul bij "Wachtwoord of activatiecode" de activatiecode uit deze brief in en kies Inloggen.',
      'Ga akkoord met de voorwaarden en kies een eigen wachtwoord.',
      'Daarna logt u voortaan in met uw postcode, huisnummer en uw eigen wachtwoord.',
    ], boxEnd + 8 * MM);
    drawClosing(
      frame,
      'De code werkt één keer. Deel de code niet met anderen: met de code kan iemand het account van uw adres aanmaken. '
        + `Is de code verlopen of werkt hij niet? Neem dan contact met ons op${input.website ? ` via ${printedUrl(input.website)}` : ''}.`,
      input.customerName,
    );
  });
}
