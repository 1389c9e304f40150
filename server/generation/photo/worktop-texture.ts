import sharp from 'sharp';
import { swatchSvg } from '../../catalogue/swatch-svg';
import type { SurfaceTexture, WorktopFinish } from '../../catalogue/worktop-data';
import { SRGB_TO_LINEAR } from './linear-light';

// The chosen worktop's surface as linear-RGB texels: the catalogue's own swatch drawing (veins, specks, grain,
// cement, brushed steel), the same the app shows, drawn once at a size fine enough for a close counter.

export interface WorktopLook {
  texture: SurfaceTexture;
  primaryHex: string;
  accentHex?: string;
  finish: WorktopFinish;
}

export interface Texture {
  /** Linear RGB, 3 floats a texel, row-major. */
  texels: Float32Array;
  size: number;
  /** How much counter one tile covers, in metres. */
  metres: number;
}

/** Texels per tile: 2 mm a texel over half a metre, finer than a 12 MP photo shows a counter. */
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
      primaryHex: look.primaryHex,
      accentHex: look.accentHex,
      finish,
    },
    `photo/${look.texture}/${look.primaryHex}/${look.accentHex ?? ''}`,
  );
  const bytes = await sharp(Buffer.from(svg)).resize(TILE_TEXELS, TILE_TEXELS).removeAlpha().raw().toBuffer();
  const texels = new Float32Array(bytes.length);
  for (let index = 0; index < bytes.length; index += 1)
    texels[index] = SRGB_TO_LINEAR[bytes[index] ?? 0] ?? 0;
  return { texels, size: TILE_TEXELS, metres: TILE_METRES };
}

/** Mirrors a texel coordinate into 0..size-1, so tiles meet without seams. */
function mirrored(position: number, size: number): number {
  const period = 2 * size;
  const wrapped = ((position % period) + period) % period;
  return wrapped < size ? wrapped : period - 1 - wrapped;
}

/** The texture's linear colour at a point on the counter (metres), bilinearly filtered, into `out`. */
export function sampleTexture(texture: Texture, u: number, v: number, out: Float32Array): void {
  const { texels, size, metres } = texture;
  const x = (u / metres) * size - 0.5;
  const y = (v / metres) * size - 0.5;
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const fx = x - x0;
  const fy = y - y0;
  const left = mirrored(x0, size);
  const right = mirrored(x0 + 1, size);
  const top = mirrored(y0, size) * size;
  const bottom = mirrored(y0 + 1, size) * size;
  for (let channel = 0; channel < 3; channel += 1) {
    const a = texels[(top + left) * 3 + channel] ?? 0;
    const b = texels[(top + right) * 3 + channel] ?? 0;
    const c = texels[(bottom + left) * 3 + channel] ?? 0;
    const d = texels[(bottom + right) * 3 + channel] ?? 0;
    out[channel] = (a + (b - a) * fx) * (1 - fy) + (c + (d - c) * fx) * fy;
  }
}
