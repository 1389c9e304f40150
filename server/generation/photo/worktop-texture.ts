import sharp from 'sharp';
import { swatchSvg } from '../../catalogue/swatch-svg';
import type { WorktopFinish } from '../../catalogue/worktop-data';
import type { WorktopLook } from '../render/design';
import { SRGB_TO_LINEAR } from './linear-light';

// The chosen worktop's surface as linear-RGB texels: the catalogue's own swatch drawing (veins, specks, grain,
// cement, brushed steel), the same the app shows, drawn once at a size fine enough for a close counter.

export interface Texture {
  /**
   * Linear RGB, 3 floats a texel, row-major: the swatch and its mirror images, 2 × 2, so the block repeats
   * without seams and a texel is found with a bit mask.
   */
  texels: Float32Array;
  /** The block's side in texels: a power of two. */
  size: number;
  /** How much counter the block covers, in metres. */
  metres: number;
}

/** Texels per swatch: 2 mm a texel over half a metre, finer than a 12 MP photo shows a counter. A power of two. */
const TILE_TEXELS = 256;
/** A swatch shows about half a metre of slab: veins and grains then read at their natural size. */
const TILE_METRES = 0.5;

export async function worktopTexture(look: WorktopLook): Promise<Texture> {
  // A sheen is the photo's to give (its own reflections), not the swatch's, which would repeat with the tile.
  const finish: WorktopFinish =
    look.finish === 'Leathered' || look.finish === 'Textured' ? look.finish : 'Honed';
  const svg = swatchSvg(
    {
      kind: 'worktop',
      texture: look.texture,
      hex: look.hex,
      accentHex: look.accentHex,
      finish,
    },
    `photo/${look.texture}/${look.hex}/${look.accentHex ?? ''}`,
  );
  // Mirrored right and down: the 2 × 2 block whose copies meet without seams.
  const bytes = await sharp(Buffer.from(svg))
    .resize(TILE_TEXELS, TILE_TEXELS)
    .removeAlpha()
    .extend({ right: TILE_TEXELS, bottom: TILE_TEXELS, extendWith: 'mirror' })
    .raw()
    .toBuffer();
  const texels = new Float32Array(bytes.length);
  for (let index = 0; index < bytes.length; index += 1)
    texels[index] = SRGB_TO_LINEAR[bytes[index] ?? 0] ?? 0;
  return { texels, size: TILE_TEXELS * 2, metres: TILE_METRES * 2 };
}

/** The texture's linear colour at a point on the counter (metres), bilinearly filtered, into `out`. */
export function sampleTexture(texture: Texture, u: number, v: number, out: Float32Array): void {
  const { texels, size, metres } = texture;
  const wrap = size - 1;
  const x = (u / metres) * size - 0.5;
  const y = (v / metres) * size - 0.5;
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const fx = x - x0;
  const fy = y - y0;
  const left = (x0 & wrap) * 3;
  const right = ((x0 + 1) & wrap) * 3;
  const top = (y0 & wrap) * size * 3;
  const bottom = ((y0 + 1) & wrap) * size * 3;
  for (let channel = 0; channel < 3; channel += 1) {
    const a = texels[top + left + channel] ?? 0;
    const b = texels[top + right + channel] ?? 0;
    const c = texels[bottom + left + channel] ?? 0;
    const d = texels[bottom + right + channel] ?? 0;
    const upper = a + (b - a) * fx;
    out[channel] = upper + (c + (d - c) * fx - upper) * fy;
  }
}
