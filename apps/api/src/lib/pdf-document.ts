import PDFDocument from 'pdfkit';

type Options = NonNullable<ConstructorParameters<typeof PDFDocument>[0]>;

/**
 * A Dutch A4 pdfkit document made by the portal, and the promise of its bytes once `doc.end()` is
 * called (the summary PDFs and the activation letters draw on it).
 */
export function portalPdf(options: Options & { info: { Title: string; Subject: string; CreationDate: Date } }): { doc: PDFKit.PDFDocument; bytes: Promise<Buffer> } {
  const doc = new PDFDocument({ size: 'A4', lang: 'nl-NL', ...options, info: { Creator: 'Bewonersportaal', ...options.info } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, bytes };
}
