// HEIC (HEVC inside) is not decoded by most browsers; libheif's WASM build is. It is about 2 MB, so it is
// imported only when a HEIC photo arrives and never reaches the initial bundle.
import type { Libheif } from 'libheif-js/libheif-wasm/libheif-bundle.mjs';
import { PHOTO_ERRORS, PhotoError } from './photo-errors';

export interface RgbaPixels {
  data: Uint8ClampedArray<ArrayBuffer>;
  width: number;
  height: number;
}

let libheif: Promise<Libheif> | undefined;
const loadLibheif = () => {
  libheif ??= import('libheif-js/libheif-wasm/libheif-bundle.mjs').then((module) => module.default());
  return libheif;
};

/** The primary image of a HEIC file as RGBA pixels, already rotated and mirrored as HEIF says. */
export async function decodeHeic(bytes: Uint8Array): Promise<RgbaPixels> {
  const heif = await loadLibheif();
  const decoder = new heif.HeifDecoder();
  const images = decoder.decode(bytes);
  try {
    const primary = images.find((image) => image.is_primary()) ?? images[0];
    const width = primary?.get_width() ?? 0;
    const height = primary?.get_height() ?? 0;
    if (!primary || !(width > 0 && height > 0)) throw new PhotoError(PHOTO_ERRORS.broken);
    const data = new Uint8ClampedArray(width * height * 4);
    const decoded = await new Promise<object | null>((resolve) =>
      primary.display({ data, width, height }, resolve),
    );
    if (!decoded) throw new PhotoError(PHOTO_ERRORS.broken);
    return { data, width, height };
  } finally {
    for (const image of images) image.free();
    if (decoder.decoder) heif.heif_context_free(decoder.decoder);
  }
}
