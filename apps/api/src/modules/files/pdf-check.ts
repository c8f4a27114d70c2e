import { constants, inflateSync } from 'node:zlib';
import { PDFArray, PDFDict, PDFDocument, PDFInvalidObject, PDFName, PDFRawStream, type PDFObject } from '@cantoo/pdf-lib';

/**
 * Whether an uploaded PDF may be kept: no JavaScript and no launch actions, anywhere (an /OpenAction that
 * runs a script when the resident opens their dossier, a page's /AA, a JavaScript name tree, an XFA form
 * with its scripts, an action that starts a program).
 *
 * Two independent looks, because a PDF can hide what a viewer will run:
 * 1. Parsed with @cantoo/pdf-lib (already used for the letters): every object, also those inside
 *    compressed object streams, walked as the structure it is: a dictionary with a /JS, /JavaScript or
 *    /XFA entry, or an action whose /S is /JavaScript or /Launch, is refused. Names are compared decoded
 *    (/J#53 is /JS), strings in the text are not mistaken for names.
 * 2. The bytes themselves: the file's text outside streams, and every object and cross-reference stream
 *    inflated (bounded), searched for the same names. This sees what a parser keeps no copy of: an object
 *    defined twice (pdf-lib keeps the last one, a viewer may follow the cross-reference to the first) or
 *    an object pdf-lib could not parse. Page content streams are not searched (binary, and names there
 *    are fonts and images, never actions).
 * An encrypted PDF is refused as unreadable (its object streams cannot be inspected without its key), as
 * is one without a page.
 * Inflating is bounded, so a compression bomb is unreadable rather than a full memory.
 */
export type PdfProblem = 'active-content' | 'unreadable';

const ACTIVE_KEYS = ['JS', 'JavaScript', 'XFA'].map((name) => PDFName.of(name));
const ACTIVE_ACTIONS = ['JavaScript', 'Launch'].map((name) => PDFName.of(name));
const S = PDFName.of('S');
/** The same names in PDF source text; a name ends at white space or a delimiter. */
const ACTIVE_NAME = /\/(?:JS|JavaScript|XFA|Launch)(?=[\s()<>[\]{}/%]|$)/;
const INFLATED_MAX = 64 * 1024 * 1024;
const DEPTH_MAX = 200;

/** '/J#61vaScript' -> '/JavaScript' (a name may spell any character as #xx). */
const decodeNames = (text: string) => text.replace(/#([0-9A-Fa-f]{2})/g, (_all, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

function isActive(object: PDFObject, depth = 0): boolean {
  if (depth > DEPTH_MAX) return true; // nothing legitimate nests this deep; fail closed
  if (object instanceof PDFRawStream) return isActive(object.dict, depth + 1);
  if (object instanceof PDFDict) {
    if (ACTIVE_KEYS.some((key) => object.has(key))) return true;
    const type = object.get(S);
    if (type instanceof PDFName && ACTIVE_ACTIONS.includes(type)) return true;
    return object.values().some((value) => isActive(value, depth + 1));
  }
  if (object instanceof PDFArray) return object.asArray().some((value) => isActive(value, depth + 1));
  if (object instanceof PDFInvalidObject) {
    const bytes = new Uint8Array(object.sizeInBytes());
    object.copyBytesInto(bytes, 0);
    return ACTIVE_NAME.test(decodeNames(Buffer.from(bytes).toString('latin1')));
  }
  return false;
}

/** Look 2: the text outside streams, plus object and cross-reference streams inflated; null when it could not be read. */
function rawActive(data: Buffer): boolean | null {
  const text = data.toString('latin1');
  const outside: string[] = [];
  let at = 0;
  const streamStart = /\bstream\r?\n/g;
  for (let match = streamStart.exec(text); match; match = streamStart.exec(text)) {
    const bodyStart = match.index + match[0].length;
    const bodyEnd = text.indexOf('endstream', bodyStart);
    if (bodyEnd === -1) break;
    const before = text.slice(at, match.index);
    outside.push(before);
    const dict = decodeNames(before.slice(before.lastIndexOf(' obj') + 1));
    if (/\/Type\s*\/(ObjStm|XRef)\b/.test(dict)) {
      if (!/\/Filter\s*\/FlateDecode\b/.test(dict)) {
        if (/\/Filter\b/.test(dict)) return null; // another filter: look 1 decodes it, this look cannot
        outside.push(text.slice(bodyStart, bodyEnd));
      } else {
        try {
          const body = data.subarray(bodyStart, bodyEnd).toString('latin1').replace(/\r?\n$/, '');
          outside.push(inflateSync(Buffer.from(body, 'latin1'), { maxOutputLength: INFLATED_MAX, finishFlush: constants.Z_SYNC_FLUSH }).toString('latin1'));
        } catch {
          return null;
        }
      }
    }
    at = bodyEnd + 'endstream'.length;
    streamStart.lastIndex = at;
  }
  outside.push(text.slice(at));
  return outside.some((part) => ACTIVE_NAME.test(decodeNames(part)));
}

/** What is wrong with a PDF (its bytes start with %PDF-), or null when it may be kept. */
export async function findPdfProblem(data: Buffer): Promise<PdfProblem | null> {
  const raw = rawActive(data);
  if (raw === null) return 'unreadable';
  if (raw) return 'active-content';
  let document: PDFDocument;
  try {
    document = await PDFDocument.load(data, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: false });
  } catch {
    return 'unreadable';
  }
  if (document.isEncrypted) return 'unreadable';
  try {
    if (document.getPageCount() === 0) return 'unreadable'; // no page: nothing a resident could read
    return document.context.enumerateIndirectObjects().some(([, object]) => isActive(object)) ? 'active-content' : null;
  } catch {
    return 'unreadable';
  }
}
