// Pictures the tests make for themselves, so a bare clone needs no photo beside it (D33). Each has the property a
// test is about (size, format, EXIF orientation and GPS, damage, a lying header), drawn as a plausible kitchen by
// the project's own concept renderer. Photos that matter for being real live in real-photos.ts.
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { catalogue } from '../server/catalogue/catalogue';
import { designFromChoices } from '../server/generation/render/design';
import { renderDesign } from '../server/generation/render/render-concept';
import { normaliseImage } from '../server/images/normalise-image';

export type MadeFormat = 'jpeg' | 'png' | 'webp';

/** The turn (clockwise degrees) that lays an upright picture down so that `orientation` stands it up again. */
const LAY_DOWN: Readonly<Record<number, number>> = { 1: 0, 3: 180, 6: 270, 8: 90 };

export interface KitchenPictureOptions {
  /** The displayed (upright) size. */
  width?: number;
  height?: number;
  format?: MadeFormat;
  /** The room's wall and floor colour, which the renderer reads as its light: dark rooms give dark pictures. */
  room?: string;
  /** Stores the pixels turned and writes this EXIF orientation (1, 3, 6 or 8), so a viewer shows it upright. */
  orientation?: 1 | 3 | 6 | 8;
  /** Writes camera EXIF with a GPS position, as a phone does. */
  gps?: boolean;
}

/** Where a phone would say the photo was taken: the kind of metadata intake must strip. */
const MADE_GPS = {
  GPSLatitudeRef: 'N',
  GPSLatitude: '51/1 30/1 2600/100',
  GPSLongitudeRef: 'W',
  GPSLongitude: '0/1 7/1 3900/100',
};

/** The EXIF tag that points to the GPS directory (0x8825), as little-endian bytes the way sharp writes it. */
const GPS_POINTER = Buffer.from([0x25, 0x88]);

/** Whether EXIF data (as sharp's metadata gives it) holds a GPS directory. */
export const exifHasGps = (exif: Buffer | undefined) => exif?.includes(GPS_POINTER) ?? false;

const firstOf = <T>(values: Iterable<T>): T => {
  for (const value of values) return value;
  throw new Error('The catalogue is empty');
};

/** A copy on a plain ArrayBuffer, which Blob and fetch bodies take (sharp's may be pooled). */
const owned = (bytes: Buffer): Buffer<ArrayBuffer> => Buffer.from(bytes);

const drawings = new Map<string, Promise<Buffer>>();

/** A kitchen drawn by the concept renderer at about the given aspect ratio (memoised: renders cost a second). */
function kitchenDrawing(aspect: number, room: string): Promise<Buffer> {
  const key = `${aspect.toFixed(3)} ${room}`;
  let drawing = drawings.get(key);
  if (!drawing) {
    drawing = (async () => {
      const roomPhoto = await sharp({
        create: { width: 400, height: Math.round(400 / aspect), channels: 3, background: room },
      })
        .png()
        .toBuffer();
      const design = designFromChoices(
        firstOf(catalogue.frontalPreviewById.values()),
        firstOf(catalogue.worktopPreviewById.values()),
        'l-shaped',
        true,
      );
      return (await renderDesign(roomPhoto, design)).bytes;
    })();
    drawings.set(key, drawing);
  }
  return drawing;
}

/** The upright picture as raw-free PNG, exactly `width` × `height`: what a made photo should show when read back. */
export async function uprightKitchen(width: number, height: number, room = '#e8e4dc'): Promise<Buffer> {
  return sharp(await kitchenDrawing(width / height, room))
    .resize(width, height, { fit: 'cover' })
    .png()
    .toBuffer();
}

/**
 * A kitchen picture with the asked-for properties. A large JPEG is cheap to make: 24 megapixels take well under
 * the test timeout, and a 10,000-pixel side needs no more than sharp's `create`.
 */
export async function kitchenPicture(options: KitchenPictureOptions = {}): Promise<Buffer<ArrayBuffer>> {
  const { width = 1600, height = 1200, format = 'jpeg', room, orientation, gps = false } = options;
  let image = sharp(await uprightKitchen(width, height, room));
  if (orientation)
    image = sharp(
      await image
        .rotate(LAY_DOWN[orientation] ?? 0)
        .png()
        .toBuffer(),
    );
  const encoded =
    format === 'jpeg'
      ? image.jpeg({ quality: 90 })
      : format === 'png'
        ? image.png()
        : image.webp({ quality: 85 });
  if (!orientation && !gps) return owned(await encoded.toBuffer());
  const withCamera = encoded.withExif({
    IFD0: { Make: 'Made', Model: 'Test camera' },
    ...(gps ? { IFD3: MADE_GPS } : {}),
  });
  // sharp writes the orientation tag itself; an Orientation in withExif is overwritten by it.
  return owned(await (orientation ? withCamera.withMetadata({ orientation }) : withCamera).toBuffer());
}

/** The first half of a made JPEG: a download cut short. */
export async function truncatedJpeg(): Promise<Buffer> {
  const whole = await kitchenPicture({ width: 800, height: 600 });
  return whole.subarray(0, Math.floor(whole.length / 2));
}

/**
 * A decompression bomb: a JPEG of a few hundred bytes whose frame header declares `width` × `height` (at most
 * 65,535 each). Decoding it would need gigabytes; intake must refuse it from the header alone.
 */
export async function jpegBomb(width = 65_000, height = 65_000): Promise<Buffer> {
  const bytes = Buffer.from(
    await sharp({ create: { width: 16, height: 16, channels: 3, background: '#888888' } })
      .jpeg()
      .toBuffer(),
  );
  // The start-of-frame marker (baseline or progressive): length (2), precision (1), height (2), width (2).
  for (let offset = 2; offset + 9 < bytes.length; offset++) {
    if (bytes[offset] === 0xff && (bytes[offset + 1] === 0xc0 || bytes[offset + 1] === 0xc2)) {
      bytes.writeUInt16BE(height, offset + 5);
      bytes.writeUInt16BE(width, offset + 7);
      return bytes;
    }
  }
  throw new Error('sharp wrote a JPEG without a start-of-frame marker');
}

/** A decompression bomb as a PNG of about 60 bytes: a valid header declaring `width` × `height`, one empty row. */
export function pngBomb(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, deflate, no filter, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A made kitchen as intake stores it (upright sRGB JPEG): what moderators and providers are given. */
export async function normalisedKitchen(options: KitchenPictureOptions = {}): Promise<Buffer> {
  return (await normaliseImage(await kitchenPicture(options))).bytes;
}

/** The displayed size of the made kitchen photo most tests upload. */
export const KITCHEN_PHOTO_SIZE = { width: 1000, height: 752 } as const;
let everyDayKitchen: Promise<Buffer<ArrayBuffer>> | undefined;

/** The made kitchen JPEG most tests upload, 1000 × 752 (made once per test file). */
export function kitchenPhoto(): Promise<Buffer<ArrayBuffer>> {
  everyDayKitchen ??= kitchenPicture(KITCHEN_PHOTO_SIZE);
  return everyDayKitchen;
}

/** A file as the user picks it, made in memory. */
export type PickedFile = { name: string; mimeType: string; buffer: Buffer };

/** The made kitchen JPEG as a file the user picks: the everyday one the tests upload, or one of `size`. */
export async function kitchenPhotoFile(size?: { width: number; height: number }): Promise<PickedFile> {
  return {
    name: 'kitchen.jpg',
    mimeType: 'image/jpeg',
    buffer: await (size ? kitchenPicture(size) : kitchenPhoto()),
  };
}
