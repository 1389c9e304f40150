// The one file-type detector the app and the server share (DESIGN D30), fed real headers: sharp encodes the
// raster formats, and HEIF `ftyp` boxes are built by hand, brand by brand, as cameras and phones write them.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { isPhotoFormat, readFileSignature, SIGNATURE_BYTES } from '../../contract/file-signature';

const encoded = (format: 'jpeg' | 'png' | 'webp' | 'avif' | 'gif' | 'tiff') =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#c0ffee' } })
    .toFormat(format)
    .toBuffer()
    .then((bytes) => new Uint8Array(bytes.subarray(0, SIGNATURE_BYTES)));

/** An ISO-BMFF `ftyp` box: size, 'ftyp', major brand, minor version 0, then the compatible brands. */
const ftyp = (major: string, ...compatible: string[]) => {
  const bytes = new Uint8Array(16 + 4 * compatible.length);
  new DataView(bytes.buffer).setUint32(0, bytes.length);
  const text = new TextEncoder();
  bytes.set(text.encode('ftyp'), 4);
  bytes.set(text.encode(major), 8);
  for (const [index, brand] of compatible.entries()) bytes.set(text.encode(brand), 16 + 4 * index);
  return bytes;
};

const text = (words: string) => new TextEncoder().encode(words);

describe('readFileSignature', () => {
  it.each(['jpeg', 'png', 'webp', 'avif'] as const)(
    'names a %s that sharp encoded as a photo we accept',
    async (format) => {
      const signature = readFileSignature(await encoded(format));
      expect(signature).toBe(format);
      expect(isPhotoFormat(signature)).toBe(true);
    },
  );

  it.each([
    ['an iPhone HEIC', ftyp('heic', 'mif1', 'miaf', 'MiHB', 'heic')],
    ['a 10-bit HEIC', ftyp('heix', 'mif1', 'heix')],
    ['a multi-view HEIC', ftyp('heim', 'mif1')],
    ['a scalable HEIC', ftyp('heis', 'mif1')],
    ['a generic HEIF that lists a HEIC brand', ftyp('mif1', 'miaf', 'heic')],
    ['an HEVC sequence with a HEIC primary picture', ftyp('hevc', 'mif1', 'msf1', 'heic')],
  ])('names %s as HEIC', (_name, bytes) => {
    expect(readFileSignature(bytes)).toBe('heic');
  });

  it.each([
    ['a bare generic HEIF (codec unknown)', ftyp('mif1')],
    ['a generic HEIF that lists no still-image codec', ftyp('mif1', 'miaf', 'MiHE')],
    ['a HEIF image sequence', ftyp('msf1', 'iso8')],
    ['an HEVC sequence without a primary picture', ftyp('hevc', 'msf1', 'iso8')],
    ['an MP4 video', ftyp('isom', 'iso2', 'mp41')],
    ['a QuickTime movie', ftyp('qt  ')],
  ])('refuses %s as other ISO media, not HEIC', (_name, bytes) => {
    const signature = readFileSignature(bytes);
    expect(signature).toBe('other-iso-media');
    expect(isPhotoFormat(signature)).toBe(false);
  });

  it('tells AVIF from HEIC: an AVIF brand is never HEIC, whether major or compatible', () => {
    expect(readFileSignature(ftyp('avif', 'mif1', 'miaf'))).toBe('avif');
    expect(readFileSignature(ftyp('mif1', 'avif', 'miaf'))).toBe('avif');
    expect(readFileSignature(ftyp('avis', 'avif', 'msf1'))).toBe('avif');
    // The major brand speaks first.
    expect(readFileSignature(ftyp('avif', 'heic'))).toBe('avif');
    expect(readFileSignature(ftyp('heic', 'avif'))).toBe('heic');
  });

  it('reads only the brands inside the box, not the bytes after it', () => {
    const box = ftyp('mif1', 'miaf');
    const followedByHeicText = new Uint8Array([...box, ...text('heic')]);
    expect(readFileSignature(followedByHeicText)).toBe('other-iso-media');
  });

  it('reads no brand past SIGNATURE_BYTES, whatever size the box claims', () => {
    const upload = new Uint8Array(SIGNATURE_BYTES + 64);
    upload.set(ftyp('mif1', 'miaf'));
    new DataView(upload.buffer).setUint32(0, 0xffffffff);
    upload.set(text('heic'), SIGNATURE_BYTES);
    expect(readFileSignature(upload)).toBe('other-iso-media');
    upload.set(text('heic'), SIGNATURE_BYTES - 4);
    expect(readFileSignature(upload)).toBe('heic');
  });

  it.each([
    ['gif', 'gif'],
    ['tiff', 'tiff'],
  ] as const)('names a %s that sharp encoded, and refuses it', async (format, expected) => {
    const signature = readFileSignature(await encoded(format));
    expect(signature).toBe(expected);
    expect(isPhotoFormat(signature)).toBe(false);
  });

  it.each([
    ['a BMP', new Uint8Array([0x42, 0x4d, 0x3a, 0, 0, 0]), 'bmp'],
    ['a PDF', text('%PDF-1.7\n%...'), 'pdf'],
    ['an SVG', text('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'svg'],
    [
      'an SVG after a byte order mark, a prologue and blanks',
      text('\uFEFF  <?xml version="1.0"?>\n<svg>'),
      'svg',
    ],
  ])('names %s, and refuses it', (_name, bytes, expected) => {
    expect(readFileSignature(bytes)).toBe(expected);
    expect(isPhotoFormat(readFileSignature(bytes))).toBe(false);
  });

  it.each([
    ['plain text', text('hello, this is not a photo')],
    ['HTML', text('<html><body>hi</body></html>')],
    ['nothing at all', new Uint8Array()],
    ['a truncated JPEG marker', new Uint8Array([0xff, 0xd8])],
    ['a truncated ftyp box', ftyp('heic').subarray(0, 12)],
  ])('answers null for %s', (_name, bytes) => {
    expect(readFileSignature(bytes)).toBeNull();
    expect(isPhotoFormat(null)).toBe(false);
  });
});
