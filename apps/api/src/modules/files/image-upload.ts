import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { fileMessages } from '@portal/contract';
import { HttpError, UnprocessableError } from '../../lib/errors.ts';
import { assertValidInput, multipartText } from '../../plugins/input-guard.ts';
import { imageSize } from './image-size.ts';
import { runImageWork } from './image-work.ts';

/**
 * Photo uploads of every module (survey answers, form entries): read from a multipart form, checked by
 * content, re-encoded without metadata. Each module passes its own Dutch texts; the field is always `image`.
 */
export type ImageTexts = { type: string; missing: string; tooLarge: (maxMb: number) => string };

export type ProcessedImage = { data: Buffer; contentType: 'image/png' | 'image/jpeg'; width: number; height: number };

/** Photos are kept at most this large (an element may ask for smaller). */
export const IMAGE_MAX_SIDE = 2560;
/**
 * The most pixels an uploaded image may have: 25 megapixels. A phone's photo is 12 MP (4032 × 3024, most
 * phones and every iPhone by default) or 24 MP (6000 × 4000 or 5712 × 4284, the default of recent
 * high-end phones); cameras' 48-200 MP modes are meant for editing, and a resident can send a normal
 * photo instead. Decoding 25 MP takes about 100 MB; 60 MP (the old cap) let a 7 kB PNG make the server
 * decode 59 MP. Checked from the file's header before anything is decoded, and again by sharp.
 */
export const IMAGE_MAX_PIXELS = 25_000_000;
const MAX_MEGAPIXELS = IMAGE_MAX_PIXELS / 1_000_000;

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);

/** The type by content (magic bytes), never by file name or the browser's claim. */
export function sniffImageType(data: Buffer): 'image/png' | 'image/jpeg' | null {
  if (data.subarray(0, PNG_MAGIC.length).equals(PNG_MAGIC)) return 'image/png';
  if (data.subarray(0, JPEG_MAGIC.length).equals(JPEG_MAGIC)) return 'image/jpeg';
  return null;
}

const field = (message: string) => [{ field: 'image', message }];

/**
 * Accepts a png or jpeg (by content) of at most IMAGE_MAX_PIXELS, turns it upright by its EXIF
 * orientation, scales it down to fit `maxWidth` x `maxHeight`, and re-encodes it in the same format.
 * Re-encoding drops all metadata (EXIF, GPS, XMP, comments) and anything hidden after the image data.
 * The decoding waits its turn in the process's image queue (image-work.ts; a 503 when that is full).
 */
export async function processImage(
  data: Buffer,
  texts: Pick<ImageTexts, 'type'>,
  limits: { maxWidth?: number | null; maxHeight?: number | null } = {},
): Promise<ProcessedImage> {
  const refuse = () => new UnprocessableError(texts.type, field(texts.type));
  const tooManyPixels = () => new UnprocessableError(fileMessages.imageTooManyPixels(MAX_MEGAPIXELS), field(fileMessages.imageTooManyPixels(MAX_MEGAPIXELS)));
  const contentType = sniffImageType(data);
  if (!contentType) throw refuse();
  // The header says how large the image is: a decompression bomb is refused before it takes a place in the queue.
  const size = imageSize(contentType, data);
  if (size && size.width * size.height > IMAGE_MAX_PIXELS) throw tooManyPixels();
  return runImageWork(async () => {
    try {
      const image = sharp(data, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' });
      const meta = await image.metadata();
      if ((contentType === 'image/png' && meta.format !== 'png') || (contentType === 'image/jpeg' && meta.format !== 'jpeg')) throw refuse();
      const pipeline = image
        .rotate()
        .resize({
          width: Math.min(limits.maxWidth ?? IMAGE_MAX_SIDE, IMAGE_MAX_SIDE),
          height: Math.min(limits.maxHeight ?? IMAGE_MAX_SIDE, IMAGE_MAX_SIDE),
          fit: 'inside',
          withoutEnlargement: true,
        });
      const output = contentType === 'image/png' ? pipeline.png({ compressionLevel: 9 }) : pipeline.jpeg({ quality: 85, mozjpeg: true });
      const { data: encoded, info } = await output.toBuffer({ resolveWithObject: true });
      return { data: encoded, contentType, width: info.width, height: info.height };
    } catch (error) {
      if (error instanceof UnprocessableError) throw error;
      if (/pixel limit/i.test((error as Error).message)) throw tooManyPixels();
      throw refuse();
    }
  });
}

/**
 * Reads the one file of field `image`; too large is a 413, anything but a file in `image` (or a form that
 * cannot be read) a 422, text with invalid characters a 400 - each with a Dutch message. The route's plugin
 * registers @fastify/multipart.
 */
/**
 * The photo's multipart field: `image`, or as the spec's calls put files, `files[key]` (portal.md section 7:
 * "Multipart uploads put files under files[key]"), any key: an upload takes one file.
 */
export const isImageField = (name: string) => name === 'image' || /^files\[[A-Za-z0-9_-]{1,64}\]$/.test(name);

export async function readImageUpload(request: FastifyRequest, maxBytes: number, texts: ImageTexts): Promise<Buffer> {
  const missing = () => new UnprocessableError(texts.missing, field(texts.missing));
  if (!request.isMultipart()) throw missing();
  const tooLarge = () => {
    const message = texts.tooLarge(Math.round((maxBytes / 1024 / 1024) * 10) / 10);
    return new HttpError(413, message, field(message));
  };
  try {
    const part = await request.file({ limits: { fileSize: maxBytes, files: 1, fields: 5, parts: 6 } });
    if (!part) throw missing();
    // A form's text streams past the hook that checks every other input: the same rule, here (400).
    assertValidInput(multipartText(part));
    if (!isImageField(part.fieldname)) throw missing();
    const data = await part.toBuffer();
    if (data.length === 0) throw missing();
    return data;
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    // Anything else went wrong reading the form itself (busboy: 'Multipart: Boundary not found', 'Unexpected
    // end of multipart data', a client that hung up): the photo did not arrive, whatever the cause.
    throw missing();
  }
}

/** Sends a stored image (or a PDF) that a module serves itself (a visitor's upload): never a page, never framed. */
export function sendStoredFile(
  reply: FastifyReply,
  file: { body: Readable; size: number; contentType: string },
  options: { disposition?: string; maxAge?: number } = {},
) {
  return reply
    .header('content-type', file.contentType)
    .header('content-length', file.size)
    .header('cache-control', `private, max-age=${options.maxAge ?? 3600}`)
    .header('content-disposition', options.disposition ?? 'inline')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .send(file.body);
}
