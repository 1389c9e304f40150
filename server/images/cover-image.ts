// A picture cropped to fill a fixed frame, as a JPEG: the Open Graph preview of a share link (1200 × 630).
// Runs in the picture threads (intake-tasks.ts), never on the server's thread.
import sharp from 'sharp';

export interface CoverSize {
  width: number;
  height: number;
}

export async function coverJpeg(bytes: Uint8Array, { width, height }: CoverSize): Promise<Uint8Array> {
  const jpeg = await sharp(bytes, { failOn: 'error' })
    .rotate()
    .resize(width, height, { fit: 'cover', position: 'attention' })
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
  return new Uint8Array(jpeg.buffer, jpeg.byteOffset, jpeg.byteLength);
}
