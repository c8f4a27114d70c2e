import { inflateSync } from 'node:zlib';

/** WinAnsi (cp1252) bytes of pdfkit's standard fonts that differ from Latin-1. */
const WIN_ANSI: Record<number, string> = { 0x80: '€', 0x85: '…', 0x91: '‘', 0x92: '’', 0x93: '“', 0x94: '”', 0x96: '–', 0x97: '—' };

const decodeHex = (hex: string) => [...Buffer.from(hex.replace(/\s+/g, ''), 'hex')].map((b) => WIN_ANSI[b] ?? String.fromCharCode(b)).join('');

/**
 * The text of a PDF made by pdfkit with its standard fonts, one line per text show (TJ/Tj): content
 * streams are inflated, hex strings decoded from WinAnsi, kerning numbers dropped. Enough to check what a
 * generated PDF says, without a PDF library or a command-line tool.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  // A stream is read by the /Length of its dictionary: its bytes (compressed text, a QR code's pixels) may hold
  // 'stream' or end in a carriage return, and matching on the words cut it short now and then.
  for (const match of raw.matchAll(/<<([^]*?)>>\s*stream\r?\n/g)) {
    // (the match may start at an earlier '<<': the stream's own /Length is the last one before 'stream')
    const length = [...match[1]!.matchAll(/\/Length (\d+)(?! \d+ R)/g)].at(-1);
    if (!length) continue;
    const start = match.index! + match[0].length;
    const bytes = Buffer.from(raw.slice(start, start + Number(length[1])), 'latin1');
    let content: string;
    try {
      content = inflateSync(bytes).toString('latin1');
    } catch {
      content = bytes.toString('latin1');
    }
    for (const show of content.matchAll(/\[((?:<[0-9a-fA-F\s]*>|[-\d.\s])*)\]\s*TJ|<([0-9a-fA-F\s]*)>\s*Tj/g)) {
      const parts = show[1] !== undefined ? [...show[1].matchAll(/<([0-9a-fA-F\s]*)>/g)].map((m) => m[1]!) : [show[2]!];
      lines.push(parts.map(decodeHex).join(''));
    }
  }
  return lines.join('\n');
}
