import { maskedMedian } from './float-channels';
import { linearOfHex, linearToSrgb } from './linear-light';
import { type FrontLook, frontSheen } from './looks';
import { luminancePlane, shadingCurve, surfaceMean, withoutFineNoise } from './shading';
import { type RgbPixels, regionPixels, type SurfaceRegion } from './surface-region';

// The fronts in the chosen colour and finish. Each pixel becomes the colour (linear RGB) times the photo's
// shading there (luminance over the fronts' median luminance) to a power: panel lines, gaps and shadows stay
// where they were, and a pixel as lit as the typical one shows exactly the chosen colour.
//
// The finish works on the part brighter than the median, which on a cabinet front is sheen and reflection:
// matt damps it and flattens the shading a little, gloss keeps it, sharpens the shading and adds the light's
// own white where the photo shows a reflection. Every finish maps shading monotonically, so the fronts' median
// colour is the chosen colour whatever the finish.
//
// Handles: a small detail much brighter than the door round it (metal bars, knobs, hinges' glints) is kept as
// it was; a colour multiplied into it would turn chrome into the door's colour. Dark details (black handles,
// gaps, shadows) need no rule: shading keeps them dark in any colour.

/** How the photo's shading is carried: at a sheen of 0 (matt) and of 1 (gloss), linear between. */
const SHADING_POWER = { matt: 0.85, gloss: 1.1 };
const HIGHLIGHT_GAIN = { matt: 0.4, gloss: 1.3 };
/** White added per unit of shading above the reflection threshold, at full gloss. */
const REFLECTION_WHITE = 0.6;
const REFLECTION_THRESHOLD = 1.1;

/** A detail at least this many times brighter than the door round it starts to be kept; fully kept at the second. */
const HANDLE_CONTRAST = { from: 1.25, to: 1.6 };
/** ...and brighter by at least this much linear light: on a dark door, noise and dust pass any ratio. */
const HANDLE_LIFT = { from: 0.03, to: 0.08 };

/**
 * Dark doors carry their light in few levels, with JPEG noise and reflections of the room on top: carried at
 * full strength onto a light colour they read as blotches. The shading's power falls to this share for fronts
 * whose median luminance is at or below the first figure, and is whole from the second (a mid grey).
 */
const DARK_DOOR = { share: 0.55, from: 0.01, to: 0.15 };
/**
 * On a door darker than `DARK_DOOR.to`, variation under this share of its median light is the camera's noise and
 * JPEG blocks, which a lighter colour would show as mottling: it is smoothed away, edges kept.
 */
const DARK_DOOR_NOISE = 0.2;

const between = (range: { matt: number; gloss: number }, sheen: number) =>
  range.matt + (range.gloss - range.matt) * sheen;

function smoothstep(from: number, to: number, value: number): number {
  const t = Math.min(1, Math.max(0, (value - from) / (to - from)));
  return t * t * (3 - 2 * t);
}

/** Steps of luminance the new look is tabled at: fine enough that the table costs under one 8-bit step. */
const LUMINANCE_LEVELS = 1 << 14;

/** The new look's sRGB bytes for each luminance step: every pixel of one surface follows one curve. */
function lookByLuminance(look: FrontLook, median: number): Uint8Array {
  const sheen = frontSheen(look.finish);
  const darkness = DARK_DOOR.share + (1 - DARK_DOOR.share) * smoothstep(DARK_DOOR.from, DARK_DOOR.to, median);
  const curve = shadingCurve(between(SHADING_POWER, sheen) * darkness);
  const gain = between(HIGHLIGHT_GAIN, sheen);
  const white = REFLECTION_WHITE * sheen * median;
  const colour = linearOfHex(look.hex);
  const table = new Uint8Array((LUMINANCE_LEVELS + 1) * 3);
  for (let level = 0; level <= LUMINANCE_LEVELS; level += 1) {
    const shading = level / LUMINANCE_LEVELS / median;
    const lit = curve(shading <= 1 ? shading : 1 + (shading - 1) * gain);
    const reflection = white * Math.max(0, shading - REFLECTION_THRESHOLD);
    for (let channel = 0; channel < 3; channel += 1)
      table[level * 3 + channel] = linearToSrgb((colour[channel] ?? 0) * lit + reflection);
  }
  return table;
}

/** What the fronts' recolour reads of the photo, whatever the look: worked out once a photo and marking. */
export interface PreparedFronts {
  region: SurfaceRegion;
  /** The photo's RGB bytes in the region's box. */
  pixels: Uint8Array;
  /** How much of the photo's own pixel each keeps (a handle's glint). */
  kept: Float32Array;
  /** The light the look is multiplied by (on a dark door, without its noise). */
  light: Float32Array;
  /** The fronts' typical luminance, handles left out. */
  median: number;
}

export function prepareFronts(photo: RgbPixels, region: SurfaceRegion): PreparedFronts {
  const { box, core, alpha } = region;
  const pixels = regionPixels(photo, box);
  const luminance = luminancePlane(pixels, alpha);
  // About a door stile's width: a handle is smaller, a door's own shading larger.
  const detailRadius = Math.max(2, Math.round(Math.max(photo.width, photo.height) * 0.006));
  const round = surfaceMean(luminance, core, alpha, box.width, box.height, detailRadius);
  const kept = new Float32Array(luminance.length);
  const plain = new Float32Array(luminance.length);
  for (let index = 0; index < luminance.length; index += 1) {
    if ((alpha[index] ?? 0) === 0) continue;
    const contrast = (luminance[index] ?? 0) / Math.max(1e-4, round[index] ?? 0);
    const lift = (luminance[index] ?? 0) - (round[index] ?? 0);
    kept[index] =
      smoothstep(HANDLE_CONTRAST.from, HANDLE_CONTRAST.to, contrast) *
      smoothstep(HANDLE_LIFT.from, HANDLE_LIFT.to, lift);
    plain[index] = (core[index] ?? 0) * (kept[index] === 0 ? 1 : 0);
  }
  const median = Math.max(1e-4, maskedMedian(luminance, plain, 1));
  const light =
    median < DARK_DOOR.to
      ? withoutFineNoise(luminance, box.width, box.height, detailRadius, DARK_DOOR_NOISE * median)
      : luminance;
  return { region, pixels, kept, light, median };
}

/** The prepared fronts' box in the new look, as RGB bytes. */
export function paintFronts(
  { region, pixels, kept, light, median }: PreparedFronts,
  look: FrontLook,
): Uint8Array {
  const { alpha } = region;
  const table = lookByLuminance(look, median);
  const out = new Uint8Array(pixels.length);
  for (let index = 0; index < light.length; index += 1) {
    if ((alpha[index] ?? 0) === 0) continue;
    const level =
      Math.min(LUMINANCE_LEVELS, Math.round(Math.max(0, light[index] ?? 0) * LUMINANCE_LEVELS)) * 3;
    const keep = kept[index] ?? 0;
    const at = index * 3;
    for (let channel = 0; channel < 3; channel += 1) {
      const recoloured = table[level + channel] ?? 0;
      out[at + channel] =
        keep === 0 ? recoloured : Math.round(recoloured + ((pixels[at + channel] ?? 0) - recoloured) * keep);
    }
  }
  return out;
}
