import type { FastifyRequest } from 'fastify';
import { HttpError, UnprocessableError } from '../../lib/errors.ts';
import { assertValidInput } from '../../plugins/input-guard.ts';
import { fileMessages } from '@portal/contract';
import { processImage, sniffImageType } from './image-upload.ts';
import { findPdfProblem } from './pdf-check.ts';

/**
 * Uploads of a document with its fields (staff documents and dossier items): one multipart form with
 * text fields and one file in field `file`, a PDF or an image checked by content. Images are re-encoded
 * without metadata (image-upload.ts); a PDF is kept as sent.
 */
export type DocumentUploadTexts = { type: string; missing: string; tooLarge: (maxMb: number) => string };
export type UploadedDocument = { data: Buffer; mime: 'application/pdf' | 'image/png' | 'image/jpeg'; filename: string };

const FIELD = 'file';
const PDF_MAGIC = Buffer.from('%PDF-', 'latin1');
const EXTENSION = { 'application/pdf': 'pdf', 'image/png': 'png', 'image/jpeg': 'jpg' } as const;

/** The type by content (magic bytes): a PDF, a png or a jpeg; null for anything else. */
export function sniffDocumentType(data: Buffer): UploadedDocument['mime'] | null {
  if (data.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC)) return 'application/pdf';
  return sniffImageType(data);
}

/** The file name as sent, with the extension of the type found ('brief' + pdf -> 'brief.pdf'). */
function withExtension(filename: string, mime: UploadedDocument['mime']): string {
  const base = filename.replace(/\.[a-z0-9]{1,5}$/i, '').trim() || 'document';
  return `${base}.${EXTENSION[mime]}`;
}

type DocumentForm<F> = { fields: Record<string, string>; file: F };

/**
 * Reads the text fields and the one file (field `file`) of a multipart form: too large a 413, no file
 * (or a form that cannot be read) a 422, text with invalid characters a 400, each with a Dutch message.
 * With `optional`, a form without a file answers `file: null`. The route's plugin registers @fastify/multipart.
 */
export async function readDocumentForm(request: FastifyRequest, maxBytes: number, texts: DocumentUploadTexts): Promise<DocumentForm<{ data: Buffer; filename: string }>>;
export async function readDocumentForm(
  request: FastifyRequest, maxBytes: number, texts: DocumentUploadTexts, options: { optional: true },
): Promise<DocumentForm<{ data: Buffer; filename: string } | null>>;
export async function readDocumentForm(
  request: FastifyRequest,
  maxBytes: number,
  texts: DocumentUploadTexts,
  options: { optional?: boolean } = {},
): Promise<DocumentForm<{ data: Buffer; filename: string } | null>> {
  const missing = () => new UnprocessableError(texts.missing, [{ field: FIELD, message: texts.missing }]);
  if (!request.isMultipart()) throw missing();
  const fields: Record<string, string> = {};
  let file: { data: Buffer; filename: string } | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1, fields: 20, parts: 21, fieldSize: 64 * 1024 } })) {
      if (part.type === 'file') {
        assertValidInput({ [part.fieldname]: part.filename });
        const data = await part.toBuffer();
        if (part.fieldname === FIELD) file = { data, filename: part.filename };
      } else {
        assertValidInput({ [part.fieldname]: part.value });
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      const message = texts.tooLarge(Math.round((maxBytes / 1024 / 1024) * 10) / 10);
      throw new HttpError(413, message, [{ field: FIELD, message }]);
    }
    // Anything else went wrong reading the form itself (a broken boundary, a client that hung up).
    throw missing();
  }
  if (!file || file.data.length === 0) {
    if (options.optional) return { fields, file: null };
    throw missing();
  }
  return { fields, file };
}

/**
 * Checks an uploaded document by content: a PDF as sent when it holds no JavaScript or launch action and
 * can be read (pdf-check.ts), a png or jpeg re-encoded without metadata; else 422. Every upload path that
 * takes a PDF comes through here.
 */
export async function checkDocument(file: { data: Buffer; filename: string }, texts: Pick<DocumentUploadTexts, 'type'>): Promise<UploadedDocument> {
  const refuse = (message: string) => new UnprocessableError(message, [{ field: FIELD, message }]);
  const mime = sniffDocumentType(file.data);
  if (!mime) throw refuse(texts.type);
  if (mime === 'application/pdf') {
    const problem = await findPdfProblem(file.data);
    if (problem) throw refuse(problem === 'active-content' ? fileMessages.pdfActiveContent : fileMessages.pdfUnreadable);
    return { data: file.data, mime, filename: withExtension(file.filename, mime) };
  }
  try {
    const image = await processImage(file.data, texts);
    return { data: image.data, mime: image.contentType, filename: withExtension(file.filename, image.contentType) };
  } catch (error) {
    // The same refusal (not an image, or too many pixels), on this form's field.
    if (error instanceof UnprocessableError) throw refuse(error.message);
    throw error;
  }
}
