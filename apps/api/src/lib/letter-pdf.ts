import type { FastifyReply } from 'fastify';
import QRCode from 'qrcode';
import { formatPostcode, LETTER_COUNT_HEADER } from '@portal/contract';
import { amsterdamIsoDate, toDutchDate } from './dates.ts';
import { portalPdf } from './pdf-document.ts';

/**
 * The letters the console prints (activation letters, consent letters): one A4 page per address, on
 * pdfkit's standard Helvetica and Courier (Dutch accents print without embedding a font). Each page has
 * the customer's letterhead and the date, the address block where the window of a Dutch window envelope
 * (C5/6, window on the left) shows it, the letter's own body, and a footer. A QR code is drawn as vector
 * rectangles, sharp at any print size.
 */
export const MM = 72 / 25.4;
export const LETTER_MARGIN = 20 * MM;
export const LETTER_INK = '#1f2328';
export const LETTER_MUTED = '#59636e';
export const LETTER_BOX = '#f3f4f6';
export const LETTER_RULE = '#d0d7de';
/** Where a letter's body starts (below the envelope window). */
export const LETTER_BODY_TOP = 95 * MM;

export type LetterAddress = { street: string; houseNumber: string; zipcode: string; city: string };

/** Who sends the letters, for which project, on which day. */
export type LetterHead = {
  customerName: string;
  /** The customer's brand colour for the letterhead (#rrggbb). */
  color: string;
  website: string | null;
  projectName: string;
  date: Date;
};

export type LettersInput<T extends LetterAddress> = LetterHead & {
  /** The PDF's title and subject (document properties). */
  title: string;
  subject: string;
  letters: T[];
};

/** Where the body of one letter is drawn. */
export type LetterFrame = { doc: PDFKit.PDFDocument; left: number; width: number };

export type QrRuns = { count: number; runs: Array<[number, number, number]> };

/** The dark runs of each row of a QR code ([row, first column, length]); make it once per text. */
export function qrRuns(text: string): QrRuns {
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

/** A QR code as vector rectangles with a quiet zone of two modules. */
export function drawQr(doc: PDFKit.PDFDocument, qr: QrRuns, x: number, y: number, size: number) {
  const quiet = 2;
  const cell = size / (qr.count + 2 * quiet);
  doc.rect(x, y, size, size).fill('#ffffff');
  for (const [row, col, length] of qr.runs) doc.rect(x + (col + quiet) * cell, y + (row + quiet) * cell, length * cell + 0.05, cell + 0.05);
  doc.fill(LETTER_INK);
}

/**
 * The grey box of a letter's credential (a code, a link), 48 mm high from `top`, with a QR code on the
 * right; `drawText` writes the left part from (x, y) within `width`. Returns where the box ends.
 */
export function drawCredentialBox({ doc, left, width }: LetterFrame, top: number, qr: QrRuns, drawText: (x: number, y: number, width: number) => void): number {
  const height = 48 * MM;
  const qrSize = 38 * MM;
  doc.roundedRect(left, top, width, height, 6).fillAndStroke(LETTER_BOX, LETTER_RULE);
  drawText(left + 6 * MM, top + 5 * MM, width - qrSize - 16 * MM);
  drawQr(doc, qr, left + width - qrSize - 5 * MM, top + (height - qrSize) / 2, qrSize);
  return top + height;
}

/** A heading and numbered steps, from `top`. */
export function drawSteps({ doc, left, width }: LetterFrame, heading: string, steps: string[], top: number) {
  doc.font('Helvetica-Bold').fontSize(12).fillColor(LETTER_INK).text(heading, left, top, { width });
  doc.moveDown(0.4).font('Helvetica').fontSize(11).fillColor(LETTER_INK);
  steps.forEach((step, i) => {
    const y = doc.y + 3;
    doc.text(`${i + 1}.`, left, y, { width: 16 });
    doc.text(step, left + 18, y, { width: width - 18, lineGap: 2 });
  });
}

/** A closing paragraph and the greeting. */
export function drawClosing({ doc, left, width }: LetterFrame, paragraph: string, customerName: string) {
  doc.moveDown(0.8).text(paragraph, left, doc.y, { width, lineGap: 2 });
  doc.moveDown(1).text('Met vriendelijke groet,', { width });
  doc.text(customerName, { width });
}

const bare = (url: string) => url.replace(/^https?:\/\//, '');

/** One PDF with a letter per address: letterhead, date, address block and footer around `drawBody`. */
export async function renderLetters<T extends LetterAddress>(input: LettersInput<T>, drawBody: (frame: LetterFrame, letter: T) => void): Promise<Buffer> {
  const { doc, bytes } = portalPdf({
    margins: { top: LETTER_MARGIN, bottom: LETTER_MARGIN, left: LETTER_MARGIN, right: LETTER_MARGIN },
    autoFirstPage: false,
    info: { Title: input.title, Subject: input.subject, CreationDate: input.date },
  });
  const today = toDutchDate(input.date);
  for (const [index, letter] of input.letters.entries()) {
    // Drawing is synchronous: let other requests through between batches of pages.
    if (index % 25 === 24) await new Promise((resolve) => setImmediate(resolve));
    doc.addPage();
    const left = LETTER_MARGIN;
    const width = doc.page.width - 2 * LETTER_MARGIN;

    // ---- letterhead and date --------------------------------------------------------------------
    doc.font('Helvetica-Bold').fontSize(16).fillColor(input.color).text(input.customerName, left, LETTER_MARGIN, { width: width * 0.65 });
    doc.font('Helvetica').fontSize(10).fillColor(LETTER_MUTED).text(input.projectName, left, doc.y + 2, { width: width * 0.65 });
    doc.text(`Datum: ${today}`, left + width * 0.65, LETTER_MARGIN + 4, { width: width * 0.35, align: 'right' });

    // ---- address block, in the envelope's window (20 mm from the left, 50 mm from the top) -------
    doc.font('Helvetica').fontSize(11).fillColor(LETTER_INK);
    doc.text('Aan de bewoner(s) van', left, 50 * MM, { width: 85 * MM });
    doc.text(`${letter.street} ${letter.houseNumber}`, { width: 85 * MM });
    doc.text(`${formatPostcode(letter.zipcode)}  ${letter.city.toUpperCase()}`, { width: 85 * MM });

    drawBody({ doc, left, width }, letter);

    // ---- footer ---------------------------------------------------------------------------------
    doc.page.margins.bottom = 0; // writing in the margin must not start a new page
    doc.font('Helvetica').fontSize(8).fillColor(LETTER_MUTED)
      .text([input.customerName, input.website ? bare(input.website) : null].filter(Boolean).join(' · '), left, doc.page.height - LETTER_MARGIN, { width, align: 'center', lineBreak: false });
    doc.page.margins.bottom = LETTER_MARGIN;
  }
  doc.end();
  return bytes;
}

/** 'https://www.example.nl' as printed: 'www.example.nl'. */
export const printedUrl = bare;

const slug = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'project';

/** The letters' file name: 'activatiebrieven-renovatie-bloemenbuurt-2026-03-04.pdf'. */
export const lettersFilename = (kind: string, name: string, date: Date) => `${kind}-${slug(name)}-${amsterdamIsoDate(date)}.pdf`;

/** Answers a letters PDF: a download that no cache keeps, with the number of letters in a header. */
export function sendLetters(reply: FastifyReply, letters: { pdf: Buffer; count: number; filename: string }) {
  return reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${letters.filename}"`)
    .header('cache-control', 'no-store')
    .header(LETTER_COUNT_HEADER, String(letters.count))
    .send(letters.pdf);
}
