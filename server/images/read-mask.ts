// A surface mask as the visitor's browser sent it, checked and made ours: a PNG at exactly the photo's size,
// decoded (within that many pixels), read as one plane (markPlane) and re-encoded as an 8-bit grey PNG. Runs in
// the intake threads (intake-thread.ts): the bytes are untrusted until here.
import sharp from 'sharp';

export interface MaskSize {
  width: number;
  height: number;
}

/** What a mask turned out to be; the route words each outcome (mask-routes.ts). */
export type MaskReading =
  | { kind: 'mask'; png: Uint8Array }
  | { kind: 'undecodable' }
  | { kind: 'wrongSize'; width: number; height: number };

interface DecodedPixels {
  data: Uint8Array;
  channels: number;
}

/**
 * The marks of a decoded PNG, one byte a pixel (contract/surface-masks.ts). With transparency (an alpha channel
 * below 255 anywhere) the alpha is the mark: strokes painted on a transparent sheet, whatever their colour. Without
 * it, the brightest colour channel is: the app's opaque grey, or any colour painted on black. Reading the first
 * channel alone stored grey+alpha marks as nothing, and red on transparent as the colour under the transparency.
 */
export function markPlane({ data, channels }: DecodedPixels): Uint8Array {
  const pixels = data.length / channels;
  const hasAlpha = channels === 2 || channels === 4;
  const colours = hasAlpha ? channels - 1 : channels;
  const plane = new Uint8Array(pixels);
  let translucent = false;
  if (hasAlpha) {
    for (let pixel = 0, at = colours; pixel < pixels; pixel++, at += channels) {
      const alpha = data[at] ?? 255;
      plane[pixel] = alpha;
      if (alpha < 255) translucent = true;
    }
    if (translucent) return plane;
  }
  for (let pixel = 0, at = 0; pixel < pixels; pixel++, at += channels) {
    let brightest = 0;
    for (let channel = 0; channel < colours; channel++)
      brightest = Math.max(brightest, data[at + channel] ?? 0);
    plane[pixel] = brightest;
  }
  return plane;
}

export async function readMask(bytes: Uint8Array, size: MaskSize): Promise<MaskReading> {
  // sharp throws at once (not in its promise) for an empty buffer: an empty part is undecodable, not a 500.
  const metadata = await Promise.resolve()
    .then(() => sharp(bytes, { limitInputPixels: false }).metadata())
    .catch(() => undefined);
  if (metadata?.format !== 'png' || !metadata.width || !metadata.height) return { kind: 'undecodable' };
  if (metadata.width !== size.width || metadata.height !== size.height)
    return { kind: 'wrongSize', width: metadata.width, height: metadata.height };
  try {
    // 16-bit PNGs come back 16-bit from raw(): 8-bit is asked for, whatever arrived.
    const { data, info } = await sharp(bytes, { failOn: 'error', limitInputPixels: size.width * size.height })
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    const plane = markPlane({ data, channels: info.channels });
    const png = await sharp(plane, { raw: { width: size.width, height: size.height, channels: 1 } })
      .toColourspace('b-w')
      .png()
      .toBuffer();
    return { kind: 'mask', png };
  } catch {
    return { kind: 'undecodable' };
  }
}

/** A stored mask (always our own grey PNG) as its plane: `width * height` bytes, row-major. */
export async function maskPlane(png: Uint8Array): Promise<Uint8Array> {
  const { data } = await sharp(png)
    .extractChannel(0)
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
}
