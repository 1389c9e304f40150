import { ImageRejectedError } from './image-rejection';

export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'avif' | 'heic';

const ACCEPTED_LIST = 'JPEG, PNG, WebP, AVIF or HEIC';

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);

const ascii = (bytes: Uint8Array, start: number, end: number) =>
  Buffer.from(
    bytes.buffer,
    bytes.byteOffset + start,
    Math.max(0, Math.min(end, bytes.length) - start),
  ).toString('latin1');

const AVIF_BRANDS = new Set(['avif', 'avis']);
const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs', 'mif1', 'msf1']);

/** The brands of an ISO-BMFF `ftyp` box (HEIF, AVIF, MP4...), or none when the file does not start with one. */
function isoBrands(bytes: Uint8Array): string[] {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== 'ftyp') return [];
  const boxSize = Buffer.from(bytes.buffer, bytes.byteOffset, 4).readUInt32BE(0);
  const end = Math.min(Math.max(boxSize, 16), bytes.length, 256);
  const brands = [ascii(bytes, 8, 12)];
  for (let offset = 16; offset + 4 <= end; offset += 4) brands.push(ascii(bytes, offset, offset + 4));
  return brands;
}

function heifFlavour(bytes: Uint8Array): ImageFormat | undefined {
  const brands = isoBrands(bytes);
  // AVIF files often also list the generic `mif1` brand, so AVIF is checked first.
  if (brands.some((brand) => AVIF_BRANDS.has(brand))) return 'avif';
  if (brands.some((brand) => HEIC_BRANDS.has(brand))) return 'heic';
  return undefined;
}

/** Names a well-known file type we refuse, so the message can say what the user sent. */
function describeRefused(bytes: Uint8Array): string | undefined {
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38])) return 'a GIF image';
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46])) return 'a PDF document';
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a]))
    return 'a TIFF image';
  if (startsWith(bytes, [0x42, 0x4d])) return 'a BMP image';
  if (isoBrands(bytes).length > 0) return 'a video or an unsupported HEIF variant';
  // SVG is text: skip a UTF-8 byte order mark (read as latin1 here) and leading blanks.
  const head = ascii(bytes, 0, 1024)
    .replace(/^\xEF\xBB\xBF/, '')
    .trimStart();
  if (head.startsWith('<') && /<svg[\s>]/i.test(head)) return 'an SVG drawing';
  return undefined;
}

/** The image format from the file's first bytes; anything else is refused with a 415 that says why. */
export function detectImageFormat(bytes: Uint8Array): ImageFormat {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  const heif = heifFlavour(bytes);
  if (heif) return heif;
  const refused = describeRefused(bytes);
  throw new ImageRejectedError(
    'IMAGE_UNSUPPORTED_TYPE',
    refused
      ? `This file is ${refused}, not a photo we can use. Please upload a ${ACCEPTED_LIST} photo.`
      : `This file is not a photo we can read. Please upload a ${ACCEPTED_LIST} photo.`,
  );
}
