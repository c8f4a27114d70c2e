import { portalPdf } from '../../lib/pdf-document.ts';
import type { TPinpoint } from '@portal/contract';
import { toDutchDate } from '../../lib/dates.ts';
import { imageSize } from '../files/index.ts';

/**
 * The summary of a filled-in form as a PDF (A4, pdfkit's standard Helvetica, so Dutch accents print
 * without embedding a font): the form's name, each section with its questions and answers, photos,
 * drawings with their pins as numbered orange circles (the portal's pin marker) and the pins listed,
 * drawn signatures, and the date.
 */
export type SummaryItem =
  | { kind: 'heading'; label: string; text: string | null }
  | { kind: 'text'; label: string; answer: string | null }
  | { kind: 'list'; label: string; answers: string[] }
  | { kind: 'image'; label: string; image: Buffer | null; empty: string }
  | { kind: 'drawing'; label: string; image: Buffer | null; pins: TPinpoint[] }
  | { kind: 'contact'; label: string; lines: string[] };

export type SummarySignature = { nr: number; image: Buffer | null; who: string | null; description: string | null; signed: boolean };

export type SummaryInput = {
  title: string;
  /** The customer's logo as a PNG, drawn at the top right of the first page; null for none. */
  logo?: Buffer | null;
  projectName: string;
  /** The address the form is for (null for a visitor's form). */
  address: string | null;
  date: Date;
  sections: Array<{ label: string | null; items: SummaryItem[] }>;
  signatures: SummarySignature[];
};

const MARGIN = 56;
const ORANGE = '#f57c00';
const INK = '#1f2328';
const MUTED = '#59636e';
const RULE = '#d0d7de';
const NO_ANSWER = 'Niet ingevuld';

/** An image's size in points that fits `maxWidth` x `maxHeight`, never larger than the image itself at 72 dpi × 0.75. */
function fitted(image: Buffer, maxWidth: number, maxHeight: number): { width: number; height: number } | null {
  const size = imageSize('image/png', image) ?? imageSize('image/jpeg', image);
  if (!size || size.width <= 0 || size.height <= 0) return null;
  const scale = Math.min(maxWidth / size.width, maxHeight / size.height, 0.75);
  return { width: size.width * scale, height: size.height * scale };
}

export function renderSummaryPdf(input: SummaryInput, options: { compress?: boolean } = {}): Promise<Buffer> {
  const { doc, bytes: done } = portalPdf({
    margins: { top: MARGIN, bottom: MARGIN + 10, left: MARGIN, right: MARGIN },
    bufferPages: true,
    compress: options.compress ?? true,
    info: { Title: input.title, Subject: `Samenvatting van het formulier ${input.title}`, CreationDate: input.date },
  });

  const left = MARGIN;
  const width = doc.page.width - 2 * MARGIN;
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  /** Starts a new page unless `height` points still fit on this one (or the page is still empty). */
  const room = (height: number) => {
    if (doc.y + height > bottom() && doc.y > doc.page.margins.top + 1) doc.addPage();
  };
  const heightOf = (text: string, font: string, size: number) => doc.font(font).fontSize(size).heightOfString(text, { width });
  /**
   * The height from an item's top to the end of its first line of content: what must fit on a page for
   * the item to start there. A heading (and a section's title) is kept with what follows it, so no
   * heading is left alone at the bottom of a page.
   */
  const keepHeight = (items: readonly SummaryItem[], index: number): number => {
    const item = items[index];
    if (!item) return 0;
    switch (item.kind) {
      case 'heading':
        return 12 + heightOf(item.label, 'Helvetica-Bold', 12) + (item.text ? 4 + heightOf(item.text, 'Helvetica', 10) : 0) + keepHeight(items, index + 1);
      case 'image':
      case 'drawing': {
        const size = item.image ? fitted(item.image, width, item.kind === 'image' ? 220 : 360) : null;
        return 40 + (size?.height ?? 0);
      }
      default:
        return 40;
    }
  };
  /** A question's label; `keep` is the height of what must follow it on the same page (an image). */
  const label = (text: string, keep = 0) => {
    room(40 + keep);
    doc.moveDown(0.6).font('Helvetica-Bold').fontSize(10).fillColor(MUTED).text(text, left, doc.y, { width });
    doc.moveDown(0.15);
  };
  const answer = (text: string | null) => {
    doc.font('Helvetica').fontSize(11).fillColor(text ? INK : MUTED).text(text || NO_ANSWER, left, doc.y, { width });
  };
  const picture = (image: Buffer, size: { width: number; height: number }) => {
    room(size.height + 6);
    const top = doc.y + 3;
    doc.image(image, left, top, size);
    doc.rect(left - 0.5, top - 0.5, size.width + 1, size.height + 1).lineWidth(0.5).strokeColor(RULE).stroke();
    doc.y = top + size.height + 5;
    return { x: left, y: top, ...size };
  };

  // ---- heading (with the logo at the right) ------------------------------------------------------
  const logoSize = input.logo ? fitted(input.logo, 140, 48) : null;
  if (input.logo && logoSize) doc.image(input.logo, left + width - logoSize.width, MARGIN, logoSize);
  const titleWidth = logoSize ? width - logoSize.width - 16 : width;
  doc.font('Helvetica-Bold').fontSize(20).fillColor(INK).text(input.title, left, doc.y, { width: titleWidth });
  doc.moveDown(0.3).font('Helvetica').fontSize(10).fillColor(MUTED);
  doc.text(`Project: ${input.projectName}`, { width: titleWidth });
  if (input.address) doc.text(`Adres: ${input.address}`, { width: titleWidth });
  doc.text(`Datum: ${toDutchDate(input.date)}`, { width: titleWidth });
  doc.moveDown(0.6);
  if (logoSize) doc.y = Math.max(doc.y, MARGIN + logoSize.height + 8);
  doc.moveTo(left, doc.y).lineTo(left + width, doc.y).lineWidth(1).strokeColor(RULE).stroke();

  // ---- sections --------------------------------------------------------------------------------
  input.sections.forEach((section, index) => {
    room(40 + keepHeight(section.items, 0));
    doc.moveDown(1);
    const top = doc.y;
    doc.rect(left, top, width, 24).fillColor('#eef2f6').fill();
    doc.font('Helvetica-Bold').fontSize(13).fillColor(INK).text(section.label || `Onderdeel ${index + 1}`, left + 8, top + 6, { width: width - 16 });
    doc.y = top + 28;
    section.items.forEach((item, itemIndex) => {
      switch (item.kind) {
        case 'heading':
          room(keepHeight(section.items, itemIndex));
          doc.moveDown(0.6).font('Helvetica-Bold').fontSize(12).fillColor(INK).text(item.label, left, doc.y, { width });
          if (item.text) doc.moveDown(0.15).font('Helvetica').fontSize(10).fillColor(MUTED).text(item.text, left, doc.y, { width });
          break;
        case 'text':
          label(item.label);
          answer(item.answer);
          break;
        case 'list':
          label(item.label);
          if (item.answers.length) doc.font('Helvetica').fontSize(11).fillColor(INK).list(item.answers, left + 4, doc.y, { width: width - 4, bulletRadius: 2 });
          else answer(null);
          doc.x = left;
          break;
        case 'contact':
          label(item.label);
          answer(item.lines.length ? item.lines.join('\n') : null);
          break;
        case 'image': {
          const size = item.image ? fitted(item.image, width, 220) : null;
          label(item.label, size?.height ?? 0);
          if (item.image && size) picture(item.image, size);
          else answer(item.image ? item.empty : null);
          break;
        }
        case 'drawing': {
          const size = item.image ? fitted(item.image, width, 360) : null;
          label(item.label, size?.height ?? 0);
          const placed = item.image && size ? picture(item.image, size) : null;
          if (placed) {
            for (const pin of item.pins) {
              const x = placed.x + pin.x * placed.width;
              const y = placed.y + pin.y * placed.height;
              doc.circle(x, y, 9).lineWidth(1.5).fillColor(ORANGE).strokeColor('#ffffff').fillAndStroke();
              doc.font('Helvetica-Bold').fontSize(9).fillColor('#ffffff').text(String(pin.nr), x - 9, y - 4.5, { width: 18, align: 'center', lineBreak: false });
            }
            doc.x = left;
            doc.y = placed.y + placed.height + 4;
          }
          if (!item.pins.length) {
            answer('Geen pinnen geplaatst');
          } else {
            for (const pin of item.pins) {
              room(30);
              const top = doc.y + 2;
              doc.circle(left + 7, top + 6, 7).fillColor(ORANGE).fill();
              doc.font('Helvetica-Bold').fontSize(8).fillColor('#ffffff').text(String(pin.nr), left, top + 2.5, { width: 14, align: 'center', lineBreak: false });
              const details = [pin.value, pin.comment].filter((part) => part.trim()).join(' – ') || 'Geen toelichting';
              doc.font('Helvetica').fontSize(11).fillColor(INK).text(`${pin.label}: ${details}`, left + 20, top, { width: width - 20 });
              doc.x = left;
            }
          }
          break;
        }
        default: {
          const never: never = item;
          return never;
        }
      }
    });
  });

  // ---- signatures ------------------------------------------------------------------------------
  if (input.signatures.length) {
    room(90);
    doc.moveDown(1);
    const top = doc.y;
    doc.rect(left, top, width, 24).fillColor('#eef2f6').fill();
    doc.font('Helvetica-Bold').fontSize(13).fillColor(INK).text('Handtekeningen', left + 8, top + 6, { width: width - 16 });
    doc.y = top + 28;
    for (const signature of input.signatures) {
      const size = signature.image ? fitted(signature.image, width / 2, 110) : null;
      label(`Handtekening ${signature.nr}`, size?.height ?? 0);
      if (signature.image && size) picture(signature.image, size);
      const lines = [
        signature.who ? `Naam: ${signature.who}` : null,
        signature.description ? `Omschrijving: ${signature.description}` : null,
        signature.signed ? (signature.image ? 'Getekend' : 'Ondertekend via de ondertekenservice') : 'Nog niet ondertekend',
      ].filter((line): line is string => line !== null);
      answer(lines.join('\n'));
    }
  }

  // ---- footer on every page ----------------------------------------------------------------------
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const y = doc.page.height - MARGIN + 10;
    doc.page.margins.bottom = 0; // writing in the margin must not start a new page
    doc.font('Helvetica').fontSize(8).fillColor(MUTED);
    doc.text(input.title, left, y, { width: width / 2, lineBreak: false, ellipsis: true });
    doc.text(`Pagina ${i - range.start + 1} van ${range.count}`, left + width / 2, y, { width: width / 2, align: 'right', lineBreak: false });
  }
  doc.end();
  return done;
}
