import sharp from 'sharp';
import { surveyMessages } from '@portal/contract';
import { UnprocessableError } from '../../lib/errors.ts';

export type ProcessedImage = { data: Buffer; contentType: 'image/png' | 'image/jpeg'; width: number; height: number };

/** Photos are kept at most this large (a survey element may ask for smaller). */
export const IMAGE_MAX_SIDE = 2560;
/** Refuse decompression bombs: at most this many pixels are decoded. */
const MAX_INPUT_PIXELS = 60_000_000;

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);

/** The type by content (magic bytes), never by file name or the browser's claim. */
export function sniffImageType(data: Buffer): 'image/png' | 'image/jpeg' | null {
  if (data.subarray(0, PNG_MAGIC.length).equals(PNG_MAGIC)) return 'image/png';
  if (data.subarray(0, JPEG_MAGIC.length).equals(JPEG_MAGIC)) return 'image/jpeg';
  return null;
}

const refuse = () => new UnprocessableError(surveyMessages.photoType, [{ field: 'image', message: surveyMessages.photoType }]);

/**
 * Accepts a png or jpeg (by content), turns it upright by its EXIF orientation, scales it down to fit
 * `maxWidth` x `maxHeight`, and re-encodes it in the same format. Re-encoding drops all metadata (EXIF,
 * GPS, XMP, comments) and anything hidden after the image data.
 */
export async function processImage(data: Buffer, limits: { maxWidth?: number | null; maxHeight?: number | null } = {}): Promise<ProcessedImage> {
  const contentType = sniffImageType(data);
  if (!contentType) throw refuse();
  try {
    const image = sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
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
    throw refuse();
  }
}
