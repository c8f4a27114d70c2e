import { createHash } from 'node:crypto';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from '@cantoo/pdf-lib';
import { toDutchDate } from '../../lib/dates.ts';

/** One signer as the signed document and the receipt show them. */
export type SignedBy = {
  nr: number;
  name: string;
  signedAt: Date;
  /** The drawn signature, a PNG. */
  signature: Buffer;
  openedAt?: Date | null;
  ip?: string | null;
  userAgent?: string | null;
};

const timeFormat = new Intl.DateTimeFormat('nl-NL', { timeZone: 'Europe/Amsterdam', hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** '04-03-2026 om 14:05:09' in Amsterdam time. */
export function dutchDateTime(moment: Date): string {
  return `${toDutchDate(moment)} om ${timeFormat.format(moment)}`;
}

export const sha256Hex = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;
const INK = rgb(0.1, 0.1, 0.18);
const MUTED = rgb(0.35, 0.35, 0.4);

/** Text the standard (WinAnsi) fonts can draw: a character they lack becomes '?' rather than failing the document. */
function drawable(font: PDFFont, text: string): string {
  return [...text.replace(/[\r\n\t]+/g, ' ')].map((c) => {
    try {
      font.encodeText(c);
      return c;
    } catch {
      return '?';
    }
  }).join('');
}

/** Writes lines top-down over as many A4 pages as needed. */
function writer(pdf: PDFDocument, fonts: { regular: PDFFont; bold: PDFFont }) {
  let page: PDFPage = pdf.addPage(A4);
  let y = A4[1] - MARGIN;
  const room = (height: number) => {
    if (y - height < MARGIN) {
      page = pdf.addPage(A4);
      y = A4[1] - MARGIN;
    }
  };
  return {
    text(value: string, options: { size?: number; bold?: boolean; muted?: boolean; gap?: number } = {}) {
      const size = options.size ?? 11;
      const font = options.bold ? fonts.bold : fonts.regular;
      // Long values (a hash, a user agent) wrap on characters: they have no spaces worth keeping.
      const width = A4[0] - 2 * MARGIN;
      let rest = drawable(font, value);
      do {
        let cut = rest.length;
        while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut--;
        room(size * 1.4);
        page.drawText(rest.slice(0, cut), { x: MARGIN, y: y - size, size, font, color: options.muted ? MUTED : INK });
        y -= size * 1.4;
        rest = rest.slice(cut);
      } while (rest.length);
      y -= options.gap ?? 0;
    },
    async image(png: Buffer, box: { width: number; height: number }) {
      const image = await pdf.embedPng(png);
      const scale = Math.min(box.width / image.width, box.height / image.height, 1);
      room(box.height + 8);
      page.drawRectangle({ x: MARGIN, y: y - box.height - 4, width: box.width + 8, height: box.height + 8, borderColor: rgb(0.8, 0.8, 0.85), borderWidth: 0.5 });
      page.drawImage(image, { x: MARGIN + 4, y: y - box.height, width: image.width * scale, height: image.height * scale });
      y -= box.height + 16;
    },
  };
}

async function fontsOf(pdf: PDFDocument) {
  return { regular: await pdf.embedFont(StandardFonts.Helvetica), bold: await pdf.embedFont(StandardFonts.HelveticaBold) };
}

/** The original document with a last page that shows each signer's drawn signature, name and moment. */
export async function stampSignatures(original: Buffer, signers: SignedBy[], meta: { transactionId: string }): Promise<Buffer> {
  const pdf = await PDFDocument.load(original, { ignoreEncryption: true });
  const write = writer(pdf, await fontsOf(pdf));
  write.text('Ondertekening', { size: 18, bold: true, gap: 6 });
  write.text('Dit document is elektronisch ondertekend door:', { gap: 12 });
  for (const signer of signers) {
    write.text(`${signer.nr}. ${signer.name}`, { bold: true });
    write.text(`Ondertekend op ${dutchDateTime(signer.signedAt)}`, { muted: true, gap: 4 });
    await write.image(signer.signature, { width: 240, height: 90 });
  }
  write.text(`Transactie ${meta.transactionId}`, { size: 8, muted: true });
  pdf.setModificationDate(new Date());
  return Buffer.from(await pdf.save());
}

/** The receipt: which document (by hash) was signed by whom, when and from where. */
export async function receiptPdf(input: {
  transactionId: string;
  reference: string;
  documentName: string;
  original: Buffer;
  signed: Buffer;
  createdAt: Date;
  signers: SignedBy[];
}): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle('Ontvangstbewijs ondertekening');
  pdf.setLanguage('nl-NL');
  const write = writer(pdf, await fontsOf(pdf));
  write.text('Ontvangstbewijs ondertekening', { size: 18, bold: true, gap: 10 });
  const row = (label: string, value: string) => {
    write.text(label, { size: 9, muted: true });
    write.text(value, { gap: 6 });
  };
  row('Document', input.documentName);
  row('Transactie', input.transactionId);
  row('Kenmerk', input.reference);
  row('Aangemaakt op', dutchDateTime(input.createdAt));
  row('SHA-256 van het originele document', sha256Hex(input.original));
  row('SHA-256 van het ondertekende document', sha256Hex(input.signed));
  for (const signer of input.signers) {
    write.text(`Ondertekenaar ${signer.nr}: ${signer.name}`, { bold: true, gap: 4 });
    if (signer.openedAt) row('Geopend op', dutchDateTime(signer.openedAt));
    row('Ondertekend op', dutchDateTime(signer.signedAt));
    row('Verificatie', 'Getekende handtekening');
    if (signer.ip) row('IP-adres', signer.ip);
    if (signer.userAgent) row('Browser', signer.userAgent.slice(0, 300));
  }
  return Buffer.from(await pdf.save());
}
