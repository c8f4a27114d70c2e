import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import sharp from 'sharp';
import type { TestApp } from './helpers.ts';

/** A one-page PDF with `text` on it. */
export async function testPdf(text: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]).drawText(text, { x: 50, y: 780, size: 14, font: await doc.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await doc.save());
}

/** A drawn line on a transparent canvas, as signature_pad's toDataURL gives it. */
export const drawnSignature = async () =>
  `data:image/png;base64,${(await sharp(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="300" height="100"><path d="M10 70 C 60 10, 120 90, 290 30" stroke="#14213d" stroke-width="4" fill="none"/></svg>')).png().toBuffer()).toString('base64')}`;

/** The SMS codes sent to a mobile number, newest first, read from the SMS outbox as an operator (or an e2e test) would. */
export const smsCodes = async (t: TestApp, mobile: string): Promise<string[]> =>
  (await t.query<{ text: string }>('SELECT text FROM sms_outbox WHERE "to" = $1 ORDER BY id DESC', [mobile])).map((r) => /\b(\d{6})\b/.exec(r.text)![1]!);
