// What a file really is, read from its first bytes: never from its name or declared type, which phones and
// browsers get wrong (a HEIC often arrives as `application/octet-stream` or with a `.jpg` name). The app (before
// it decodes) and the server (before it stores) ask this one module, so they cannot disagree (DESIGN D30).

/** The photo formats both sides accept. */
export type PhotoFormat = 'jpeg' | 'png' | 'webp' | 'avif' | 'heic';
/** What a file is, when we can tell: a photo we accept, or a well-known kind we refuse. */
export type FileSignature = PhotoFormat | 'gif' | 'bmp' | 'tiff' | 'pdf' | 'svg' | 'other-iso-media';

/** The accepted formats as people name them, for messages. */
export const ACCEPTED_PHOTO_FORMATS = 'JPEG, PNG, WebP, AVIF or HEIC';

/** How many leading bytes `readFileSignature` reads: a long `ftyp` box, or an SVG's XML prologue. */
export const SIGNATURE_BYTES = 1024;

/**
 * HEIF brands that promise a still image coded with HEVC, which libheif decodes. The generic HEIF brands
 * (`mif1`, `mif2`) only say "HEIF structure", whatever the codec (HEVC, AV1, JPEG, uncompressed); the sequence
 * brands (`msf1`, `hevc`, `hevx`, `hevm`, `hevs`, `avis`) promise frames, not a primary picture. Neither is enough
 * alone: such a file counts as HEIC or AVIF only when a still-image brand of that codec is listed too.
 */
const HEIC_STILL_BRANDS = new Set(['heic', 'heix', 'heim', 'heis']);
const AVIF_STILL_BRAND = 'avif';

const ascii = (bytes: Uint8Array, start: number, length: number) =>
  String.fromCharCode(...bytes.subarray(start, start + length));

const startsWith = (bytes: Uint8Array, signature: readonly number[]) =>
  bytes.length >= signature.length && signature.every((byte, index) => bytes[index] === byte);

/** The brands of an ISO-BMFF `ftyp` box (major brand first), or none when the file does not start with one. */
function ftypBrands(bytes: Uint8Array): string[] {
  if (bytes.length < 16 || ascii(bytes, 4, 4) !== 'ftyp') return [];
  const boxSize = new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0);
  // Never past SIGNATURE_BYTES: the server hands over a whole upload, whose box size it does not trust.
  const end = Math.min(boxSize, bytes.length, SIGNATURE_BYTES);
  const brands = [ascii(bytes, 8, 4)];
  // Bytes 12..16 are the minor version; compatible brands follow, four bytes each.
  for (let offset = 16; offset + 4 <= end; offset += 4) brands.push(ascii(bytes, offset, 4));
  return brands;
}

/** The first still-image brand (the major brand first) names the codec; none means no picture we decode. */
function isoMediaSignature(brands: readonly string[]): FileSignature {
  for (const brand of brands) {
    if (HEIC_STILL_BRANDS.has(brand)) return 'heic';
    if (brand === AVIF_STILL_BRAND) return 'avif';
  }
  return 'other-iso-media';
}

/** SVG is text: skip a UTF-8 byte order mark and leading blanks, then look for the root element. */
function isSvg(bytes: Uint8Array): boolean {
  const head = new TextDecoder()
    .decode(bytes.subarray(0, SIGNATURE_BYTES))
    .replace(/^\uFEFF/, '')
    .trimStart();
  return head.startsWith('<') && /<svg[\s>]/i.test(head);
}

/** What the file is, from its first `SIGNATURE_BYTES` bytes (fewer is fine), or null when it is none we know. */
export function readFileSignature(bytes: Uint8Array): FileSignature | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return 'webp';
  const brands = ftypBrands(bytes);
  if (brands.length > 0) return isoMediaSignature(brands);
  if (ascii(bytes, 0, 4) === 'GIF8') return 'gif';
  if (ascii(bytes, 0, 2) === 'BM') return 'bmp';
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a]))
    return 'tiff';
  if (ascii(bytes, 0, 5) === '%PDF-') return 'pdf';
  return isSvg(bytes) ? 'svg' : null;
}

const PHOTO_FORMATS: ReadonlySet<FileSignature> = new Set<PhotoFormat>([
  'jpeg',
  'png',
  'webp',
  'avif',
  'heic',
]);

export const isPhotoFormat = (signature: FileSignature | null): signature is PhotoFormat =>
  signature !== null && PHOTO_FORMATS.has(signature);
