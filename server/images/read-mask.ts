// A surface mask as the visitor's browser sent it, checked and made ours: a PNG at exactly the photo's size,
// decoded (within that many pixels), its first channel kept, re-encoded as an 8-bit grey PNG. Runs in the intake
// threads (intake-thread.ts): the bytes are untrusted until here.
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

export async function readMask(bytes: Uint8Array, size: MaskSize): Promise<MaskReading> {
  const metadata = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => undefined);
  if (metadata?.format !== 'png' || !metadata.width || !metadata.height) return { kind: 'undecodable' };
  if (metadata.width !== size.width || metadata.height !== size.height)
    return { kind: 'wrongSize', width: metadata.width, height: metadata.height };
  try {
    // 16-bit PNGs come back 16-bit from raw(): the grey plane is asked for as 8-bit, whatever arrived.
    const plane = await sharp(bytes, { failOn: 'error', limitInputPixels: size.width * size.height })
      .extractChannel(0)
      .toColourspace('b-w')
      .raw({ depth: 'uchar' })
      .toBuffer();
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
