import { createHash } from 'node:crypto';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from '@cantoo/pdf-lib';
import { toDutchDate } from '../../lib/dates.ts';

/**
 * One signer's evidence (INTEGRATIONS.md "Electronic signatures"): who signed, how they were verified
 * and where the code went, the moments of the request, opening, code and signature, and where from.
 */
export type SignerEvidence = {
  nr: number;
  name: string;
  /** 'sms': a code by SMS to `maskedMobile` before signing; 'scribble': a drawn signature only. */
  verification: 'sms' | 'scribble';
  /** The number the code went to, masked (06****5678); null without SMS verification. */
  maskedMobile: string | null;
  /** The sign request went out (the transaction was started). */
  sentAt: Date | null;
  openedAt: Date | null;
  codeSentAt: Date | null;
  codeVerifiedAt: Date | null;
  signedAt: Date;
  ip: string | null;
  userAgent: string | null;
  /** The drawn signature, a PNG. */
  signature: Buffer;
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

/**
 * How many characters of `text` go on one line of `width`: up to the last space that fits (words stay
 * whole), else as many characters as fit (a hash or a long token has no spaces worth keeping).
 */
function fitting(font: PDFFont, text: string, size: number, width: number): number {
  let cut = text.length;
  while (cut > 1 && font.widthOfTextAtSize(text.slice(0, cut), size) > width) cut--;
  if (cut === text.length) return cut;
  const space = text.lastIndexOf(' ', cut);
  return space > 0 ? space + 1 : cut;
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
      const width = A4[0] - 2 * MARGIN;
      let rest = drawable(font, value);
      do {
        const cut = fitting(font, rest, size, width);
        room(size * 1.4);
        page.drawText(rest.slice(0, cut).trimEnd(), { x: MARGIN, y: y - size, size, font, color: options.muted ? MUTED : INK });
        y -= size * 1.4;
        rest = rest.slice(cut);
      } while (rest.length);
      y -= options.gap ?? 0;
    },
    /** A label and its value side by side; the value wraps in its own column. */
    row(label: string, value: string, size = 9) {
      const labelWidth = 150;
      const width = A4[0] - 2 * MARGIN - labelWidth;
      let rest = drawable(fonts.regular, value);
      let first = true;
      do {
        const cut = fitting(fonts.regular, rest, size, width);
        room(size * 1.45);
        if (first) page.drawText(drawable(fonts.regular, label), { x: MARGIN, y: y - size, size, font: fonts.regular, color: MUTED });
        page.drawText(rest.slice(0, cut).trimEnd(), { x: MARGIN + labelWidth, y: y - size, size, font: fonts.regular, color: INK });
        y -= size * 1.45;
        rest = rest.slice(cut);
        first = false;
      } while (rest.length);
    },
    gap(height: number) {
      y -= height;
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

const NOT_RECORDED = 'niet vastgelegd';
const when = (moment: Date | null) => (moment ? dutchDateTime(moment) : NOT_RECORDED);

/** How a signer was verified, as the evidence names it. */
export function verificationText(signer: Pick<SignerEvidence, 'verification' | 'maskedMobile'>): string {
  return signer.verification === 'sms'
    ? `Sms-code naar ${signer.maskedMobile ?? NOT_RECORDED}, daarna een getekende handtekening`
    : 'Getekende handtekening, zonder sms-code';
}

/** One signer's evidence as rows of label and value: the same in the signed document and the receipt. */
export function evidenceRows(signer: SignerEvidence): Array<[string, string]> {
  return [
    ['Naam', signer.name],
    ['Verificatie', verificationText(signer)],
    ['Verzoek verstuurd', when(signer.sentAt)],
    ['Geopend', when(signer.openedAt)],
    ...(signer.verification === 'sms' ? [['Sms-code verstuurd', when(signer.codeSentAt)], ['Code bevestigd', when(signer.codeVerifiedAt)]] as Array<[string, string]> : []),
    ['Ondertekend', dutchDateTime(signer.signedAt)],
    ['IP-adres', signer.ip ?? NOT_RECORDED],
    ['Browser (user agent)', signer.userAgent?.slice(0, 300) ?? NOT_RECORDED],
  ];
}

type Hashes = { before: string; after: string; signedLength: number };

function writeHashes(write: ReturnType<typeof writer>, hashes: Hashes) {
  write.row('SHA-256 vóór ondertekening', hashes.before);
  write.row('SHA-256 na ondertekening', hashes.after);
  write.text(`'Na ondertekening' is het document met de handtekeningen: de eerste ${hashes.signedLength} bytes van het ondertekende bestand; de bewijspagina is daarna als aanvulling toegevoegd.`, { size: 8, muted: true, gap: 8 });
}

function writeSigners(write: ReturnType<typeof writer>, signers: SignerEvidence[]) {
  for (const signer of signers) {
    write.text(`Ondertekenaar ${signer.nr}: ${signer.name}`, { bold: true, gap: 2 });
    for (const [label, value] of evidenceRows(signer)) write.row(label, value);
    write.gap(10);
  }
}

/**
 * The signed document: the original with a page showing each signer's name, drawn signature and
 * verification (its SHA-256 is the hash 'after signing'), then, as an incremental update that leaves those
 * bytes untouched, a page with the evidence: per signer the trail, and the hashes before and after.
 */
export async function signDocument(original: Buffer, signers: SignerEvidence[], meta: { transactionId: string; documentName: string }): Promise<{ bytes: Buffer; hashes: Hashes }> {
  const pdf = await PDFDocument.load(original, { ignoreEncryption: true });
  const write = writer(pdf, await fontsOf(pdf));
  write.text('Ondertekening', { size: 18, bold: true, gap: 6 });
  write.text('Dit document is elektronisch ondertekend door:', { gap: 12 });
  for (const signer of signers) {
    write.text(`${signer.nr}. ${signer.name}`, { bold: true });
    write.text(`Ondertekend op ${dutchDateTime(signer.signedAt)}`, { muted: true });
    write.text(verificationText(signer), { muted: true, gap: 4 });
    await write.image(signer.signature, { width: 240, height: 90 });
  }
  write.text(`Transactie ${meta.transactionId}`, { size: 8, muted: true });
  pdf.setModificationDate(new Date());
  const signed = Buffer.from(await pdf.save());
  const hashes = { before: sha256Hex(original), after: sha256Hex(signed), signedLength: signed.length };

  const trail = await PDFDocument.load(signed, { forIncrementalUpdate: true });
  const add = writer(trail, await fontsOf(trail));
  add.text('Bewijs van ondertekening', { size: 18, bold: true, gap: 8 });
  add.row('Document', meta.documentName);
  add.row('Transactie', meta.transactionId);
  writeHashes(add, hashes);
  writeSigners(add, signers);
  return { bytes: Buffer.from(await trail.commit()), hashes };
}

/** The receipt: which document (by hash) was signed by whom, how each was verified, when and from where. */
export async function receiptPdf(input: {
  transactionId: string;
  reference: string;
  documentName: string;
  createdAt: Date;
  hashes: Hashes;
  /** The signed file as kept (with its evidence page). */
  signedFile: Buffer;
  signers: SignerEvidence[];
}): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle('Ontvangstbewijs ondertekening');
  pdf.setLanguage('nl-NL');
  const write = writer(pdf, await fontsOf(pdf));
  write.text('Ontvangstbewijs ondertekening', { size: 18, bold: true, gap: 10 });
  write.row('Document', input.documentName);
  write.row('Transactie', input.transactionId);
  write.row('Kenmerk', input.reference);
  write.row('Aangemaakt op', dutchDateTime(input.createdAt));
  writeHashes(write, input.hashes);
  write.row('SHA-256 van het bestand', sha256Hex(input.signedFile));
  write.text('Het ondertekende bestand zoals bewaard, met de bewijspagina.', { size: 8, muted: true, gap: 10 });
  writeSigners(write, input.signers);
  return Buffer.from(await pdf.save());
}
