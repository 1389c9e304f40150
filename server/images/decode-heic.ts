// HEIC photos carry HEVC, which sharp's libvips build cannot decode here; libheif-js (a WASM build of libheif,
// loaded on first use: the bundle is 2 MB) decodes them into RGBA pixels that sharp then takes as raw input.
import { createRequire } from 'node:module';
import { ImageRejectedError } from './image-rejection';

/** The part of libheif-js's API we use (the package ships no types for its wasm bundle). */
interface HeifImage {
  get_width(): number;
  get_height(): number;
  is_primary(): boolean;
  display(
    target: { data: Uint8ClampedArray; width: number; height: number },
    done: (result: object | null) => void,
  ): void;
  free(): void;
}
interface Libheif {
  HeifDecoder: new () => { decoder: number | null; decode(bytes: Uint8Array): HeifImage[] };
  heif_context_free(context: number): void;
}

let libheif: Libheif | undefined;
function loadLibheif(): Libheif {
  libheif ??= createRequire(import.meta.url)('libheif-js/wasm-bundle') as Libheif;
  return libheif;
}

export interface RawImage {
  pixels: Buffer;
  width: number;
  height: number;
  channels: 4;
}

const undecodable = () =>
  new ImageRejectedError(
    'IMAGE_UNDECODABLE',
    'This HEIC photo could not be read; it may be damaged or incomplete.',
  );

/**
 * Decodes the primary image of a HEIC file. libheif applies the HEIF rotation and mirroring itself, so the
 * pixels come out as displayed; the EXIF orientation inside must NOT be applied again (it would turn the
 * photo twice). `checkSize` sees the displayed size before any pixel is decoded.
 */
export async function decodeHeic(
  bytes: Uint8Array,
  checkSize: (width: number, height: number) => void,
): Promise<RawImage> {
  const heif = loadLibheif();
  const decoder = new heif.HeifDecoder();
  const images = decoder.decode(bytes);
  try {
    const primary = images.find((image) => image.is_primary()) ?? images[0];
    if (!primary) throw undecodable();
    const width = primary.get_width();
    const height = primary.get_height();
    if (!(width > 0 && height > 0)) throw undecodable();
    checkSize(width, height);
    const data = new Uint8ClampedArray(width * height * 4);
    const decoded = await new Promise<object | null>((resolve) =>
      primary.display({ data, width, height }, resolve),
    );
    if (!decoded) throw undecodable();
    return { pixels: Buffer.from(data.buffer, data.byteOffset, data.byteLength), width, height, channels: 4 };
  } finally {
    for (const image of images) image.free();
    if (decoder.decoder) heif.heif_context_free(decoder.decoder);
  }
}
