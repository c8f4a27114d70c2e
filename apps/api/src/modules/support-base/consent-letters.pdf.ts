import {
  drawClosing, drawCredentialBox, drawSteps, LETTER_BODY_TOP, LETTER_INK, LETTER_MUTED, MM, printedUrl, qrRuns, renderLetters, type LetterHead,
} from '../../lib/letter-pdf.ts';

/**
 * The consent letters (draagvlak) the console prints: per address the personal link to the consent form
 * (printed, and in a QR code), the steps, and the deadline. The link is a credential of the address: it
 * exists only on this paper (lib/letter-pdf.ts draws letterhead, window address and footer).
 */
export type ConsentLetter = { street: string; houseNumber: string; zipcode: string; city: string; url: string };

export type ConsentLettersInput = LetterHead & {
  formName: string;
  /** The deadline as printed (DD-MM-YYYY): the link works until the end of that day. */
  deadline: string;
  /** Signing with a code by SMS. */
  usesSms: boolean;
  letters: ConsentLetter[];
};

export async function renderConsentLetters(input: ConsentLettersInput): Promise<Buffer> {
  return renderLetters({
    ...input, title: `Brieven ${input.formName}`, subject: `Persoonlijke links voor ${input.formName} (${input.projectName})`,
  }, (frame, letter) => {
    const { doc, left, width } = frame;
    doc.font('Helvetica-Bold').fontSize(14).fillColor(LETTER_INK).text(`Uw mening gevraagd: ${input.formName}`, left, LETTER_BODY_TOP, { width });
    doc.moveDown(0.6).font('Helvetica').fontSize(11);
    doc.text('Beste bewoner,', { width });
    doc.moveDown(0.5).text(
      `Voor het project ${input.projectName} vraagt ${input.customerName} of u instemt met het voorstel. `
        + 'Met de persoonlijke link in deze brief opent u het formulier voor uw adres: u leest het voorstel en de bijlagen, '
        + `geeft aan of u instemt en ondertekent digitaal. Wij ontvangen uw antwoord graag uiterlijk ${input.deadline}.`,
      { width, lineGap: 2 },
    );

    // ---- the link box ---------------------------------------------------------------------------
    const boxEnd = drawCredentialBox(frame, doc.y + 14, qrRuns(letter.url), (inner, top, textWidth) => {
      doc.font('Helvetica').fontSize(9).fillColor(LETTER_MUTED).text('Uw persoonlijke link', inner, top, { width: textWidth });
      // Printed without the scheme; pdfkit breaks a long link after a '/'. In the PDF itself it is a link.
      doc.font('Courier-Bold').fontSize(10).fillColor(LETTER_INK).text(printedUrl(letter.url), inner, doc.y + 2, { width: textWidth, lineGap: 1, link: letter.url });
      doc.font('Helvetica').fontSize(9).fillColor(LETTER_MUTED).text('Reageren kan tot en met', inner, doc.y + 6, { width: textWidth });
      doc.font('Helvetica-Bold').fontSize(13).fillColor(LETTER_INK).text(input.deadline, inner, doc.y + 1, { width: textWidth });
      doc.font('Helvetica').fontSize(9).fillColor(LETTER_MUTED).text('De link werkt alleen voor uw adres.', inner, doc.y + 4, { width: textWidth });
    });

    // ---- the steps ------------------------------------------------------------------------------
    drawSteps(frame, 'Zo geeft u uw mening', [
      'Scan de QR-code met de camera van uw telefoon, of typ de link over in de adresbalk van uw browser.',
      'Lees het voorstel en de bijlagen en geef aan of u wel of niet instemt.',
      'Controleer het document met uw antwoorden.',
      input.usesSms
        ? 'Onderteken het document digitaal. U krijgt een code per sms op het mobiele nummer dat u opgeeft.'
        : 'Onderteken het document digitaal.',
      `Rond het formulier af, uiterlijk ${input.deadline}.`,
    ], boxEnd + 8 * MM);
    drawClosing(
      frame,
      'De link is persoonlijk: deel hem niet met anderen. Krijgt u later een nieuwe brief, dan werkt alleen de link uit de nieuwste brief. '
        + `Heeft u vragen, of reageert u liever op papier? Neem dan contact met ons op${input.website ? ` via ${printedUrl(input.website)}` : ''}.`,
      input.customerName,
    );
  });
}
