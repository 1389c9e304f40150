import { coarseFactor, coarseSize, grownBack, shrunk, shrunkRgb } from './coarse-channels';
import { counterObjects } from './counter-objects';
import { type CounterMapping, counterPieces } from './counter-plane';
import { maskedMedian } from './float-channels';
import { linearToSrgb } from './linear-light';
import { type WorktopLook, worktopReflection } from './looks';
import { luminancePlane, shadingCurve, surfaceMean } from './shading';
import { type RgbPixels, regionPixels, type SurfaceRegion } from './surface-region';
import { sampleTexture, type Texture } from './worktop-texture';

// The worktop in the chosen material: the material's texture laid on each piece of the counter through that
// piece's own homography (counter-plane.ts), so its grain and veins recede in perspective on an island and on the
// run behind it alike; lit by the photo's smoothed luminance (the room's light and the shadows cast on the
// counter, without the old surface's own pattern). A polished or glossy choice keeps the photo's reflections on
// the counter; a honed or matt one drops them. What stands on the counter (hob, sink, tap, a fruit bowl) keeps
// the photo's own pixels, and the light is read round it.

/** Reflections are what rises this far above the smoothed light; scaled by the finish's own reflection. */
const REFLECTION_THRESHOLD = 1.2;
/** The concept's strongest reflection (polished), which counts as a full one here. */
const FULL_REFLECTION = 0.42;
const SHADING_POWER = 0.9;
/** Pixels along a row between two readings of how much counter a pixel covers. */
const FOOTPRINT_EVERY = 8;

/** What the worktop's retexture reads of the photo, whatever the look: worked out once a photo and marking. */
export interface PreparedWorktop {
  region: SurfaceRegion;
  /** The photo's RGB bytes in the region's box, and their linear luminance. */
  pixels: Uint8Array;
  luminance: Float32Array;
  /** How much of the photo's own pixel each keeps (what stands on the counter). */
  keep: Float32Array;
  /** The counter's smoothed light, and its typical value. */
  light: Float32Array;
  median: number;
  /** From the photo's pixels to metres on the counter's piece under them. */
  toCounter: CounterMapping;
}

export function prepareWorktop(photo: RgbPixels, region: SurfaceRegion): PreparedWorktop {
  const { box, core, alpha } = region;
  const pixels = regionPixels(photo, box);
  const luminance = luminancePlane(pixels, alpha);
  // Wider than a speck or a vein of the old surface, narrower than the shadow of a kettle.
  const lightRadius = Math.max(3, Math.round(Math.max(photo.width, photo.height) * 0.012));
  // Objects and pieces are found on a coarser copy: both are far bigger than a pixel of a large photo.
  const factor = coarseFactor(photo);
  const coarse = coarseSize(box.width, box.height, factor);
  const coarseCore = shrunk(core, box.width, box.height, factor);
  for (let cell = 0; cell < coarseCore.length; cell += 1)
    coarseCore[cell] = (coarseCore[cell] ?? 0) >= 0.5 ? 1 : 0;
  const coarseAlpha = shrunk(alpha, box.width, box.height, factor);
  const objects = counterObjects(
    shrunkRgb(pixels, box.width, box.height, factor),
    shrunk(luminance, box.width, box.height, factor),
    coarseCore,
    coarse,
    { width: photo.width / factor, height: photo.height / factor },
  );
  const covered = grownBack(objects.covered, box.width, box.height, factor);
  const keep = grownBack(objects.keep, box.width, box.height, factor);
  const bare = new Float32Array(core.length);
  for (let pixel = 0; pixel < bare.length; pixel += 1)
    bare[pixel] = (core[pixel] ?? 0) * (1 - (covered[pixel] ?? 0));
  const light = surfaceMean(luminance, bare, alpha, box.width, box.height, lightRadius);
  const median = Math.max(1e-4, maskedMedian(light, bare, 1));
  // No plane to fit (a sliver): the texture lies flat in the picture, a metre to the photo's width.
  const flat: CounterMapping = (x, y, out) => {
    out[0] = x / photo.width;
    out[1] = y / photo.width;
  };
  const toCounter = counterPieces(coarseCore, coarseAlpha, box, flat, factor);
  return { region, pixels, luminance, keep, light, median, toCounter };
}

/** The prepared worktop's box in `look` (its `texture` drawn from the look's tile), as RGB bytes. */
export function paintWorktop(
  { region, pixels, luminance, keep, light, median, toCounter }: PreparedWorktop,
  look: WorktopLook,
  texture: Texture,
): Uint8Array {
  const { box, alpha } = region;
  const curve = shadingCurve(SHADING_POWER);
  const reflection = (worktopReflection(look.finish) / FULL_REFLECTION) * median;
  const texel = new Float32Array(3);
  const onCounter = new Float64Array(2);
  const across = new Float64Array(2);
  const down = new Float64Array(2);
  const out = new Uint8Array(pixels.length);
  for (let y = 0; y < box.height; y += 1) {
    let footprint = 0;
    for (let x = 0; x < box.width; x += 1) {
      const index = y * box.width + x;
      if ((alpha[index] ?? 0) === 0) continue;
      const photoX = box.left + x + 0.5;
      const photoY = box.top + y + 0.5;
      toCounter(photoX, photoY, onCounter);
      const u = onCounter[0] ?? 0;
      const v = onCounter[1] ?? 0;
      // How much counter a pixel covers: the larger of its steps to the next pixel across and down. It changes
      // slowly over a counter, so it is worked out afresh every few pixels along a row.
      if (x % FOOTPRINT_EVERY === 0 || footprint === 0) {
        toCounter(photoX + 1, photoY, across);
        toCounter(photoX, photoY + 1, down);
        const acrossU = (across[0] ?? 0) - u;
        const acrossV = (across[1] ?? 0) - v;
        const downU = (down[0] ?? 0) - u;
        const downV = (down[1] ?? 0) - v;
        footprint = Math.sqrt(Math.max(acrossU * acrossU + acrossV * acrossV, downU * downU + downV * downV));
      }
      sampleTexture(texture, u, v, footprint, texel);
      const lit = light[index] ?? 0;
      const shade = curve(lit / median);
      const glint =
        reflection * Math.max(0, (luminance[index] ?? 0) / Math.max(1e-4, lit) - REFLECTION_THRESHOLD);
      const at = index * 3;
      const kept = keep[index] ?? 0;
      for (let channel = 0; channel < 3; channel += 1) {
        const material = linearToSrgb((texel[channel] ?? 0) * shade + glint);
        out[at + channel] = Math.round(material + ((pixels[at + channel] ?? 0) - material) * kept);
      }
    }
  }
  return out;
}
