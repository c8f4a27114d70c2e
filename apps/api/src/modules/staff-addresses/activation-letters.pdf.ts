import { portalPdf } from '../../lib/pdf-document.ts';
import QRCode from 'qrcode';
import { formatActivationCode, formatPostcode } from '@portal/contract';
import { toDutchDate } from '../../lib/dates.ts';

/**
 * The activation letters: one A4 page per address, as the form summary is made (pdfkit's standard
 * Helvetica and Courier, so Dutch accents print without embedding a font). The address block sits where
 * the window of a Dutch window envelope (C5/6, window on the left) shows it; the code is printed large in
 * a monospaced font, in groups of four; a QR code leads to the login page.
 */
export type ActivationLetter = { street: string; houseNumber: string; zipcode: string; city: string; code: string };

export type ActivationLettersInput = {
  customerName: string;
  /** The customer's brand colour for the letterhead (#rrggbb). */
  color: string;
  website: string | null;
  projectName: string;
  /** The resident's login page, printed and in the QR code. */
  loginUrl: string;
  expiresAt: Date;
  date: Date;
  letters: ActivationLetter[];
};

const MM = 72 / 25.4;
const MARGIN = 20 * MM;
const INK = '#1f2328';
const MUTED = '#59636e';
const BOX = '#f3f4f6';
const RULE = '#d0d7de';

/** The dark runs of each row of a QR code ([row, first column, length]), made once for every letter. */
function qrRuns(text: string): { count: number; runs: Array<[number, number, number]> } {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const count = qr.modules.size;
  const runs: Array<[number, number, number]> = [];
  for (let row = 0; row < count; row++) {
    for (let col = 0; col < count; col++) {
      if (!qr.modules.data[row * count + col]) continue;
      const start = col;
      while (col + 1 < count && qr.modules.data[row * count + col + 1]) col++;
      runs.push([row, start, col - start + 1]);
    }
  }
  return { count, runs };
}

/** A QR code drawn as vector rectangles (sharp at any print size), with a quiet zone of two modules. */
function drawQr(doc: PDFKit.PDFDocument, qr: ReturnType<typeof qrRuns>, x: number, y: number, size: number) {
  const quiet = 2;
  const cell = size / (qr.count + 2 * quiet);
  doc.rect(x, y, size, size).fill('#ffffff');
  for (const [row, col, length] of qr.runs) doc.rect(x + (col + quiet) * cell, y + (row + quiet) * cell, length * cell + 0.05, cell + 0.05);
  doc.fill(INK);
}

export async function renderActivationLetters(input: ActivationLettersInput): Promise<Buffer> {
  const { doc, bytes: done } = portalPdf({
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    autoFirstPage: false,
    info: { Title: `Activatiebrieven ${input.projectName}`, Subject: 'Activatiecodes voor het bewonersportaal', CreationDate: input.date },
  });

  const expires = toDutchDate(input.expiresAt);
  const today = toDutchDate(input.date);
  const loginLabel = input.loginUrl.replace(/^https?:\/\//, '');
  const qr = qrRuns(input.loginUrl);

  for (const [index, letter] of input.letters.entries()) {
    // Drawing is synchronous: let other requests through between batches of pages.
    if (index % 25 === 24) await new Promise((resolve) => setImmediate(resolve));
    doc.addPage();
    const left = MARGIN;
    const width = doc.page.width - 2 * MARGIN;

    // ---- letterhead and date --------------------------------------------------------------------
    doc.font('Helvetica-Bold').fontSize(16).fillColor(input.color).text(input.customerName, left, MARGIN, { width: width * 0.65 });
    doc.font('Helvetica').fontSize(10).fillColor(MUTED).text(input.projectName, left, doc.y + 2, { width: width * 0.65 });
    doc.text(`Datum: ${today}`, left + width * 0.65, MARGIN + 4, { width: width * 0.35, align: 'right' });

    // ---- address block, in the envelope's window (20 mm from the left, 50 mm from the top) -------
    doc.font('Helvetica').fontSize(11).fillColor(INK);
    doc.text('Aan de bewoner(s) van', left, 50 * MM, { width: 85 * MM });
    doc.text(`${letter.street} ${letter.houseNumber}`, { width: 85 * MM });
    doc.text(`${formatPostcode(letter.zipcode)}  ${letter.city.toUpperCase()}`, { width: 85 * MM });

    // ---- the letter -----------------------------------------------------------------------------
    doc.font('Helvetica-Bold').fontSize(14).fillColor(INK).text('Uw activatiecode voor het bewonersportaal', left, 95 * MM, { width });
    doc.moveDown(0.6).font('Helvetica').fontSize(11);
    doc.text('Beste bewoner,', { width });
    doc.moveDown(0.5).text(
      `Voor het project ${input.projectName} houden wij u op de hoogte via het bewonersportaal van ${input.customerName}. `
        + 'Daar vindt u het laatste nieuws, de planning en uw afspraken, en kunt u ons een bericht sturen. '
        + 'Met de persoonlijke code in deze brief maakt u uw account aan.',
      { width, lineGap: 2 },
    );

    // ---- the code box ---------------------------------------------------------------------------
    const boxTop = doc.y + 14;
    const boxHeight = 48 * MM;
    const qrSize = 38 * MM;
    doc.roundedRect(left, boxTop, width, boxHeight, 6).fillAndStroke(BOX, RULE);
    const inner = left + 6 * MM;
    const textWidth = width - qrSize - 16 * MM;
    const row = (label: string, value: string, y: number) => {
      doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(label, inner, y, { width: textWidth });
      doc.font('Helvetica-Bold').fontSize(11).fillColor(INK).text(value, inner, doc.y + 1, { width: textWidth });
      return doc.y + 5;
    };
    let y = boxTop + 5 * MM;
    y = row('Inlogadres', loginLabel, y);
    doc.font('Helvetica').fontSize(9).fillColor(MUTED).text('Postcode', inner, y, { width: textWidth / 2 });
    const valueY = doc.y + 1;
    doc.text('Huisnummer', inner + textWidth / 2, y, { width: textWidth / 2 });
    doc.font('Helvetica-Bold').fontSize(11).fillColor(INK).text(formatPostcode(letter.zipcode), inner, valueY, { width: textWidth / 2 });
    doc.text(letter.houseNumber, inner + textWidth / 2, valueY, { width: textWidth / 2 });
    y = doc.y + 5;
    doc.font('Helvetica').fontSize(9).fillColor(MUTED).text('Activatiecode', inner, y, { width: textWidth });
    doc.font('Courier-Bold').fontSize(19).fillColor(INK).text(formatActivationCode(letter.code), inner, doc.y + 2, { width: textWidth, lineBreak: false });
    doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(`Geldig tot en met ${expires}, één keer te gebruiken`, inner, doc.y + 4, { width: textWidth });
    drawQr(doc, qr, left + width - qrSize - 5 * MM, boxTop + (boxHeight - qrSize) / 2, qrSize);

    // ---- the steps ------------------------------------------------------------------------------
    doc.font('Helvetica-Bold').fontSize(12).fillColor(INK).text('Zo activeert u uw account', left, boxTop + boxHeight + 8 * MM, { width });
    doc.moveDown(0.4).font('Helvetica').fontSize(11).fillColor(INK);
    const steps = [
      `Ga naar ${loginLabel} of scan de QR-code met de camera van uw telefoon.`,
      'Vul uw postcode en huisnummer in. Vul bij "Wachtwoord of activatiecode" de activatiecode uit deze brief in en kies Inloggen.',
      'Ga akkoord met de voorwaarden en kies een eigen wachtwoord.',
      'Daarna logt u voortaan in met uw postcode, huisnummer en uw eigen wachtwoord.',
    ];
    steps.forEach((step, i) => {
      const top = doc.y + 3;
      doc.text(`${i + 1}.`, left, top, { width: 16 });
      doc.text(step, left + 18, top, { width: width - 18, lineGap: 2 });
    });
    doc.moveDown(0.8).text(
      'De code werkt één keer. Deel de code niet met anderen: met de code kan iemand het account van uw adres aanmaken. '
        + `Is de code verlopen of werkt hij niet? Neem dan contact met ons op${input.website ? ` via ${input.website.replace(/^https?:\/\//, '')}` : ''}.`,
      left, doc.y, { width, lineGap: 2 },
    );
    doc.moveDown(1).text('Met vriendelijke groet,', { width });
    doc.text(input.customerName, { width });

    // ---- footer ---------------------------------------------------------------------------------
    doc.page.margins.bottom = 0; // writing in the margin must not start a new page
    doc.font('Helvetica').fontSize(8).fillColor(MUTED)
      .text([input.customerName, input.website?.replace(/^https?:\/\//, '')].filter(Boolean).join(' · '), left, doc.page.height - MARGIN, { width, align: 'center', lineBreak: false });
    doc.page.margins.bottom = MARGIN;
  }
  doc.end();
  return done;
}
