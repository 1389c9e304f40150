import { SRGB_TO_LINEAR } from './linear-light';
import type { WorktopLook } from './looks';

// The chosen worktop's surface as linear-RGB texels: the catalogue's own swatch drawing (veins, specks, grain,
// cement, brushed steel), the same the app shows, drawn once at a size fine enough for a close counter. The
// drawing is the host's (sharp on the server, a canvas in the browser): this takes its pixels, the tile.

/** The swatch drawn by the host, `WORKTOP_TILE_TEXELS` a side: sRGB bytes, `channels` a texel (alpha unread). */
export interface WorktopTile {
  data: Uint8Array | Uint8ClampedArray;
  size: number;
  channels: 3 | 4;
}

/** One level of the texture: linear RGB, 3 floats a texel, row-major, `size` texels a side (a power of two). */
interface TextureLevel {
  texels: Float32Array;
  size: number;
}

export interface Texture {
  /**
   * The swatch made to wrap without seams, so the block repeats across the counter and a texel is found with a
   * bit mask; then each level half the one before, averaged, so a far counter, whose pixel covers many texels,
   * reads their mean instead of whichever one it lands on (thin veins would break into dashes).
   */
  levels: TextureLevel[];
  /** How much counter the block covers, in metres. */
  metres: number;
}

/** Texels per swatch: 2 mm a texel over a metre, finer than a 12 MP photo shows a counter. A power of two. */
export const WORKTOP_TILE_TEXELS = 512;
/**
 * A swatch stands for a metre of slab: veins and grains read at a natural size, and a 3 m run repeats it three
 * times, not six.
 */
const TILE_METRES = 1;
/**
 * A speckled stone's swatch stands for less: its grains (up to 2.6 / 256 of the swatch across a radius) are then at
 * most 7 mm, as granite's are, instead of 2 cm dots that read as polka dots on a counter (issue 32).
 */
const SPECKLED_TILE_METRES = 0.35;

/**
 * The swatch made to wrap: each texel is blended with the one half a block away, weighted by how far each lies
 * from the block's edges, so the edges take the middle of the swatch and meet it seamlessly. A mirrored block
 * would wrap too, but its mirror lines show as X-shaped veins down a counter.
 */
function wrapping({ data: bytes, size, channels }: WorktopTile): Float32Array {
  const half = size / 2;
  const fromEdge = (at: number) => Math.min(at + 0.5, size - at - 0.5);
  const texels = new Float32Array(size * size * 3);
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      const own = Math.min(fromEdge(x), fromEdge(y));
      const shiftedX = (x + half) % size;
      const shiftedY = (y + half) % size;
      const shifted = Math.min(fromEdge(shiftedX), fromEdge(shiftedY));
      const weight = own / (own + shifted);
      const at = (y * size + x) * 3;
      const mineAt = (y * size + x) * channels;
      const from = (shiftedY * size + shiftedX) * channels;
      for (let channel = 0; channel < 3; channel += 1) {
        const mine = SRGB_TO_LINEAR[bytes[mineAt + channel] ?? 0] ?? 0;
        const other = SRGB_TO_LINEAR[bytes[from + channel] ?? 0] ?? 0;
        texels[at + channel] = other + (mine - other) * weight;
      }
    }
  }
  return texels;
}

/** The worktop's texture from its drawn tile; `look` says how much counter the tile stands for. */
export function worktopTexture(tile: WorktopTile, look: Pick<WorktopLook, 'texture'>): Texture {
  if (tile.size !== WORKTOP_TILE_TEXELS || tile.data.length < tile.size * tile.size * tile.channels)
    throw new Error(`A worktop tile is ${WORKTOP_TILE_TEXELS} texels a side; this one is ${tile.size}.`);
  const levels = [{ texels: wrapping(tile), size: tile.size }];
  for (let level = levels[0]; level && level.size > 1; level = levels[levels.length - 1])
    levels.push(halved(level));
  return { levels, metres: look.texture === 'speckled' ? SPECKLED_TILE_METRES : TILE_METRES };
}

/** The level half as fine: each texel the mean of the 2 × 2 below it. */
function halved({ texels, size }: TextureLevel): TextureLevel {
  const half = size / 2;
  const out = new Float32Array(half * half * 3);
  for (let y = 0; y < half; y += 1)
    for (let x = 0; x < half; x += 1)
      for (let channel = 0; channel < 3; channel += 1) {
        const at = (2 * y * size + 2 * x) * 3 + channel;
        out[(y * half + x) * 3 + channel] =
          ((texels[at] ?? 0) +
            (texels[at + 3] ?? 0) +
            (texels[at + size * 3] ?? 0) +
            (texels[at + size * 3 + 3] ?? 0)) /
          4;
      }
  return { texels: out, size: half };
}

/** One level's linear colour at (u, v) in blocks, bilinearly filtered, added into `out` times `weight`. */
function addBilinear(
  { texels, size }: TextureLevel,
  u: number,
  v: number,
  weight: number,
  out: Float32Array,
) {
  const wrap = size - 1;
  const x = u * size - 0.5;
  const y = v * size - 0.5;
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
    out[channel] = (out[channel] ?? 0) + (upper + (c + (d - c) * fx - upper) * fy) * weight;
  }
}

/**
 * The texture's linear colour at a point on the counter (metres) where one pixel covers `footprint` metres, into
 * `out`: bilinear within the two levels whose texels are nearest that size, blended between them.
 */
export function sampleTexture(
  texture: Texture,
  u: number,
  v: number,
  footprint: number,
  out: Float32Array,
): void {
  const { levels, metres } = texture;
  const finest = levels[0]?.size ?? 1;
  const texelsPerPixel = (footprint / metres) * finest;
  const level = Math.min(levels.length - 1, Math.max(0, Math.log2(Math.max(1, texelsPerPixel))));
  const lower = Math.floor(level);
  const blend = level - lower;
  out.fill(0);
  const fine = levels[lower];
  if (fine) addBilinear(fine, u / metres, v / metres, 1 - blend, out);
  const coarse = levels[lower + 1];
  if (coarse && blend > 0) addBilinear(coarse, u / metres, v / metres, blend, out);
}
