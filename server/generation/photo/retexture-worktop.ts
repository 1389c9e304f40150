import type { WorktopLook } from '../render/design';
import { worktopReflection } from '../render/worktop-surface';
import { type CounterMapping, counterMapping, fitQuad } from './counter-plane';
import { linearToSrgb } from './linear-light';
import { maskedMedian } from './planes';
import { luminancePlane, shadingCurve, surfaceMean } from './shading';
import { type RgbPixels, regionPixels, type SurfaceRegion } from './surface-region';
import { sampleTexture, type Texture } from './worktop-texture';

// The worktop in the chosen material: the material's texture laid on the counter's plane through one
// homography (so its grain and veins recede in perspective), lit by the photo's smoothed luminance (the
// room's light and the shadows cast on the counter, without the old surface's own pattern). A polished or
// glossy choice keeps the photo's reflections on the counter; a honed or matt one drops them.

/** Reflections are what rises this far above the smoothed light; scaled by the finish's own reflection. */
const REFLECTION_THRESHOLD = 1.2;
/** The concept's strongest reflection (polished), which counts as a full one here. */
const FULL_REFLECTION = 0.42;
const SHADING_POWER = 0.9;

/** The region's box with the chosen worktop, as RGB bytes. */
export function retextureWorktop(
  photo: RgbPixels,
  mask: Uint8Array,
  region: SurfaceRegion,
  look: WorktopLook,
  texture: Texture,
): Uint8Array {
  const { box, core, alpha } = region;
  const pixels = regionPixels(photo, box);
  const luminance = luminancePlane(pixels, alpha);
  // Wider than a speck or a vein of the old surface, narrower than the shadow of a kettle.
  const lightRadius = Math.max(3, Math.round(Math.max(photo.width, photo.height) * 0.012));
  const light = surfaceMean(luminance, core, alpha, box.width, box.height, lightRadius);
  const median = Math.max(1e-4, maskedMedian(light, core, 1));
  const curve = shadingCurve(SHADING_POWER);
  const reflection = (worktopReflection(look.finish) / FULL_REFLECTION) * median;
  const quad = fitQuad(mask, photo.width);
  // No plane to fit (a sliver): the texture lies flat in the picture, a metre to the photo's width.
  const fallback: CounterMapping = (x, y, out) => {
    out[0] = x / photo.width;
    out[1] = y / photo.width;
  };
  const toCounter = (quad && counterMapping(quad)) ?? fallback;
  const texel = new Float32Array(3);
  const onCounter = new Float64Array(2);
  const out = new Uint8Array(pixels.length);
  for (let y = 0; y < box.height; y += 1) {
    for (let x = 0; x < box.width; x += 1) {
      const index = y * box.width + x;
      if ((alpha[index] ?? 0) === 0) continue;
      toCounter(box.left + x + 0.5, box.top + y + 0.5, onCounter);
      sampleTexture(texture, onCounter[0] ?? 0, onCounter[1] ?? 0, texel);
      const lit = light[index] ?? 0;
      const shade = curve(lit / median);
      const glint =
        reflection * Math.max(0, (luminance[index] ?? 0) / Math.max(1e-4, lit) - REFLECTION_THRESHOLD);
      const at = index * 3;
      for (let channel = 0; channel < 3; channel += 1)
        out[at + channel] = linearToSrgb((texel[channel] ?? 0) * shade + glint);
    }
  }
  return out;
}
