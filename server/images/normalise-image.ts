// The intake pipeline: untrusted bytes in, a small, upright, metadata-free sRGB JPEG out, or a typed 4xx.
// Pure (no HTTP, no disk), so routes, scripts and tests share it.
import sharp, { type Sharp } from 'sharp';
import { imageLimits } from '../../contract/image-limits';
import { decodeHeic } from './decode-heic';
import { detectImageFormat, type ImageFormat } from './detect-format';
import { fileTooLarge, ImageRejectedError } from './image-rejection';

export interface NormalisedImage {
  bytes: Buffer;
  contentType: 'image/jpeg';
  width: number;
  height: number;
  /** What the upload was, detected from its content. */
  sourceFormat: ImageFormat;
}

export interface IntakeLimits {
  maxBytes: number;
  maxPixels: number;
  maxLongSide: number;
}

// JPEG rather than WebP: every generation provider and every browser takes it.
const OUTPUT_QUALITY = 85;

const megapixels = (pixels: number) => `${Math.round(pixels / 1_000_000)} megapixels`;

function pixelCountGuard(maxPixels: number) {
  return (width: number, height: number) => {
    if (width * height > maxPixels)
      throw new ImageRejectedError(
        'IMAGE_TOO_MANY_PIXELS',
        `This photo is ${width}x${height} pixels; the most we accept is ${megapixels(maxPixels)}.`,
      );
  };
}

const undecodable = (format: ImageFormat) =>
  new ImageRejectedError(
    'IMAGE_UNDECODABLE',
    `This ${format.toUpperCase()} file could not be read; it may be damaged or incomplete.`,
  );

/** The size the header declares, read without decoding a pixel (libvips opens images lazily). */
async function declaredSize(bytes: Uint8Array, format: ImageFormat) {
  try {
    const { width, height } = await sharp(bytes, { limitInputPixels: false }).metadata();
    if (width > 0 && height > 0) return { width, height };
  } catch {
    // fall through: a header sharp cannot parse is an undecodable file
  }
  throw undecodable(format);
}

async function openDecoder(bytes: Uint8Array, format: ImageFormat, limits: IntakeLimits): Promise<Sharp> {
  const checkSize = pixelCountGuard(limits.maxPixels);
  if (format === 'heic') {
    const raw = await decodeHeic(bytes, checkSize);
    return sharp(raw.pixels, { raw: { width: raw.width, height: raw.height, channels: raw.channels } });
  }
  const { width, height } = await declaredSize(bytes, format);
  checkSize(width, height);
  // failOn 'warning': a truncated or corrupt file is refused rather than decoded into a half-grey picture.
  return sharp(bytes, { failOn: 'warning', limitInputPixels: limits.maxPixels, autoOrient: true });
}

/**
 * Checks, decodes and re-encodes an uploaded photo: type by content, byte and pixel limits before decoding,
 * EXIF orientation applied, downscaled (never up) to `maxLongSide`, all metadata dropped, converted to sRGB.
 */
export async function normaliseImage(
  bytes: Uint8Array,
  limits: IntakeLimits = imageLimits,
): Promise<NormalisedImage> {
  if (bytes.length === 0)
    throw new ImageRejectedError('IMAGE_EMPTY', 'The file is empty. Please choose a photo.');
  if (bytes.length > limits.maxBytes) throw fileTooLarge(limits.maxBytes);
  const format = detectImageFormat(bytes);
  const decoder = await openDecoder(bytes, format, limits);
  try {
    const { data, info } = await decoder
      .resize({
        width: limits.maxLongSide,
        height: limits.maxLongSide,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: OUTPUT_QUALITY })
      .toBuffer({ resolveWithObject: true });
    return {
      bytes: data,
      contentType: 'image/jpeg',
      width: info.width,
      height: info.height,
      sourceFormat: format,
    };
  } catch (error) {
    // The header passed its checks, so a failure here is the file's: truncated, corrupt, or a decoder warning.
    if (error instanceof ImageRejectedError) throw error;
    throw undecodable(format);
  }
}
