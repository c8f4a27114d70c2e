/**
 * A minimal PDF writer for the demo's letters and reports: one A4 page, the standard Helvetica fonts
 * (no embedding) in WinAnsi encoding, so Dutch accents and the euro sign print. A real PDF that every
 * viewer opens, made in well under a millisecond, which keeps seeding (and every test database) fast.
 */

// Helvetica advance widths (1/1000 em) for ' ' (32) to '~' (126), from the standard AFM metrics.
const HELVETICA = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556,
  556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778,
  667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556,
  556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];
const BOLD_FACTOR = 1.06;

/** Unicode to WinAnsi (cp1252) for the characters Dutch text uses beyond Latin-1. */
const WIN_ANSI: Record<string, number> = { '€': 0x80, '‘': 0x91, '’': 0x92, '“': 0x93, '”': 0x94, '–': 0x96, '—': 0x97, '…': 0x85 };

function encode(text: string): Buffer {
  const bytes: number[] = [];
  for (const ch of text.normalize('NFC')) {
    const code = WIN_ANSI[ch] ?? ch.codePointAt(0)!;
    bytes.push(code <= 0xff ? code : 0x3f); // '?' for anything WinAnsi lacks
  }
  return Buffer.from(bytes);
}

/** A PDF string literal: ( ) and \ escaped, bytes in WinAnsi. */
function literal(text: string): string {
  return `(${encode(text).toString('latin1').replace(/[\\()]/g, (c) => `\\${c}`)})`;
}

/** Document information strings are not WinAnsi: UTF-16BE with a byte-order mark, as a hex string. */
function utf16(text: string): string {
  const le = Buffer.from(text, 'utf16le');
  for (let i = 0; i + 1 < le.length; i += 2) [le[i], le[i + 1]] = [le[i + 1]!, le[i]!];
  return `<FEFF${le.toString('hex').toUpperCase()}>`;
}

function widthOf(text: string, size: number, bold: boolean): number {
  let units = 0;
  for (const ch of text.normalize('NFD').replace(/[\u0300-\u036f]/g, '')) {
    const code = ch.charCodeAt(0);
    units += code >= 32 && code <= 126 ? HELVETICA[code - 32]! : 556;
  }
  return (units * size * (bold ? BOLD_FACTOR : 1)) / 1000;
}

function wrap(text: string, size: number, maxWidth: number, bold = false): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (line && widthOf(next, size, bold) > maxWidth) {
      lines.push(line);
      line = word;
    } else {
      line = next;
    }
  }
  if (line) lines.push(line);
  return lines;
}

const rgb = (hex: string) => {
  const h = hex.replace('#', '');
  return [0, 2, 4].map((i) => (parseInt(h.slice(i, i + 2), 16) / 255).toFixed(3)).join(' ');
};

export type PdfLetter = { title: string; project: string; date: string; paragraphs: string[]; colour?: string; to?: string };

export function pdfLetter(input: PdfLetter): Buffer {
  const ops: string[] = [];
  const text = (x: number, y: number, font: 'F1' | 'F2', size: number, value: string, colour = '0 0 0') =>
    ops.push(`BT /${font} ${size} Tf ${colour} rg ${x} ${y} Td ${literal(value)} Tj ET`);

  ops.push(`${rgb(input.colour ?? '#2e7d32')} rg 0 771.89 595.28 70 re f`);
  text(50, 800, 'F2', 16, input.project, '1 1 1');
  let y = 730;
  if (input.to) {
    for (const line of input.to.split('\n')) {
      text(50, y, 'F1', 11, line);
      y -= 15;
    }
    y -= 20;
  }
  text(50, y, 'F1', 11, `Datum: ${input.date}`, '0.3 0.3 0.3');
  y -= 40;
  for (const line of wrap(input.title, 18, 495, true)) {
    text(50, y, 'F2', 18, line);
    y -= 24;
  }
  y -= 10;
  for (const paragraph of input.paragraphs) {
    for (const line of wrap(paragraph, 11, 495)) {
      text(50, y, 'F1', 11, line);
      y -= 16;
    }
    y -= 10;
  }
  text(50, y - 10, 'F1', 11, 'Met vriendelijke groet,');
  text(50, y - 26, 'F2', 11, `Projectteam ${input.project}`);
  text(50, 40, 'F1', 8, 'Dit document is gemaakt voor de demonstratie van het bewonersportaal.', '0.5 0.5 0.5');
  const content = Buffer.from(ops.join('\n'), 'latin1');

  const objects: Buffer[] = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
    Buffer.from('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595.28 841.89] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>'),
    Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>'),
    Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>'),
    Buffer.concat([Buffer.from(`<< /Length ${content.length} >>\nstream\n`), content, Buffer.from('\nendstream')]),
    Buffer.from(`<< /Title ${utf16(input.title)} /Author ${utf16(input.project)} /Producer (Bewonersportaal) >>`),
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    const chunk = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), body, Buffer.from('\nendobj\n')]);
    offsets.push(offset);
    parts.push(chunk);
    offset += chunk.length;
  });
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n `),
    'trailer',
    `<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>`,
    'startxref',
    String(offset),
    '%%EOF',
    '',
  ].join('\n');
  parts.push(Buffer.from(xref, 'latin1'));
  return Buffer.concat(parts);
}
