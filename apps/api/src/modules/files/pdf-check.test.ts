import { PDFDocument, PDFName, PDFString } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { pdfOf, testPdf } from '../../../test/staff-content-b.ts';
import { pdfLetter } from '../../demo/pdf.ts';
import { portalPdf } from '../../lib/pdf-document.ts';
import { findPdfProblem } from './pdf-check.ts';

const JS_ACTION = '<< /Type /Action /S /JavaScript /JS (app.alert\\(1\\)) >>';

/** A PDF made by pdf-lib with its objects in compressed object streams; `active` puts a JavaScript /OpenAction in. */
async function objectStreamPdf(active: boolean): Promise<Buffer> {
  const document = await PDFDocument.create();
  document.addPage([200, 200]);
  const action = active
    ? document.context.obj({ Type: 'Action', S: 'JavaScript', JS: PDFString.of('app.alert(1)') })
    : document.context.obj([document.getPage(0).ref, PDFName.of('Fit')]);
  document.catalog.set(PDFName.of('OpenAction'), document.context.register(action));
  const bytes = Buffer.from(await document.save({ useObjectStreams: true }));
  expect(bytes.includes('ObjStm')).toBe(true);
  expect(bytes.includes('JavaScript')).toBe(false); // the action is compressed
  return bytes;
}

describe('PDFs with JavaScript or launch actions are refused', () => {
  it('keeps ordinary PDFs: hand-written, pdf-lib with object streams, an /OpenAction that only opens a page', async () => {
    expect(await findPdfProblem(testPdf())).toBeNull();
    // The portal's own PDFs (pdfkit: summaries, letters; the demo's documents), as a resident may send them back.
    const own = portalPdf({ info: { Title: 'Samenvatting', Subject: 'Test', CreationDate: new Date() } });
    own.doc.text('Samenvatting van uw formulier');
    own.doc.end();
    expect(await findPdfProblem(await own.bytes)).toBeNull();
    expect(await findPdfProblem(pdfLetter({ title: 'Brief', project: 'Bloemenbuurt', date: '01-01-2026', paragraphs: ['Beste bewoner,'] }))).toBeNull();
    expect(await findPdfProblem(await objectStreamPdf(false))).toBeNull();
    expect(await findPdfProblem(pdfOf({ catalog: '/OpenAction [3 0 R /Fit] ', text: 'Over JavaScript en JS' }))).toBeNull();
    expect(await findPdfProblem(pdfOf({ page: '/Annots [6 0 R] ', extra: ['<< /Type /Annot /Subtype /Link /Rect [0 0 10 10] /A << /S /URI /URI (https://example.nl) >> >>'] }))).toBeNull();
  });

  it('refuses JavaScript run on opening, on a page, in the name tree, as a stream, with escaped names', async () => {
    for (const [what, pdf] of [
      ['/OpenAction', pdfOf({ catalog: '/OpenAction 6 0 R ', extra: [JS_ACTION] })],
      ['page /AA', pdfOf({ page: '/AA << /O 6 0 R >> ', extra: [JS_ACTION] })],
      ['link annotation', pdfOf({ page: '/Annots [6 0 R] ', extra: ['<< /Type /Annot /Subtype /Link /Rect [0 0 10 10] /A << /S /JavaScript /JS 7 0 R >> >>', '<< /Length 12 >>\nstream\napp.alert(1)\nendstream'] })],
      ['name tree', pdfOf({ catalog: '/Names << /JavaScript 6 0 R >> ', extra: ['<< /Names [(a) 7 0 R] >>', JS_ACTION] })],
      ['escaped names', pdfOf({ catalog: '/OpenAction << /S /J#61vaScript /J#53 (app.alert\\(1\\)) >> ' })],
      ['XFA form', pdfOf({ catalog: '/AcroForm << /Fields [] /XFA 6 0 R >> ', extra: ['<< /Length 8 >>\nstream\n<xdp:xdp\nendstream'] })],
    ] as const) {
      expect(await findPdfProblem(pdf), what).toBe('active-content');
    }
  });

  it('refuses a launch action', async () => {
    expect(await findPdfProblem(pdfOf({ catalog: '/OpenAction << /S /Launch /F (calc.exe) >> ' }))).toBe('active-content');
    expect(await findPdfProblem(pdfOf({ page: '/AA << /C << /S /Launch /Win << /F (cmd.exe) >> >> >> ' }))).toBe('active-content');
  });

  it('finds JavaScript inside a compressed object stream', async () => {
    expect(await findPdfProblem(await objectStreamPdf(true))).toBe('active-content');
  });

  it('finds an object defined twice, where the parser keeps only the clean copy', async () => {
    const twice = pdfOf({ catalog: '/OpenAction 6 0 R ', extra: [JS_ACTION] }).toString('latin1')
      .replace('%%EOF\n', '%%EOF\n6 0 obj\n<< /Type /Action /S /GoTo /D [3 0 R /Fit] >>\nendobj\n');
    expect(await findPdfProblem(Buffer.from(twice, 'latin1'))).toBe('active-content');
  });

  it('refuses what it cannot inspect: an encrypted PDF, a broken object stream, no PDF at all', async () => {
    const document = await PDFDocument.create();
    document.addPage([200, 200]);
    document.encrypt({ userPassword: 'geheim', ownerPassword: 'eigenaar' });
    expect(await findPdfProblem(Buffer.from(await document.save({ useObjectStreams: true })))).toBe('unreadable');
    const broken = pdfOf({ extra: ['<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length 9 >>\nstream\nnot zlib!\nendstream'] });
    expect(await findPdfProblem(broken)).toBe('unreadable');
    expect(await findPdfProblem(Buffer.from('%PDF-1.4\nniets\n'))).toBe('unreadable');
  });
});
