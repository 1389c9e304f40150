import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FrontFinish } from '../../../contract/catalogue';
import type { PhotoLook } from '../../../recolour/looks';
import { featherRadius, type RgbPixels } from '../../../recolour/surface-region';
import {
  decodePhoto,
  encodeResult,
  recolourPhotoHere,
} from '../../../server/generation/picture-work/photo-result';
import { catalogueWorktop, knownKitchen } from '../../../tooling/known-kitchens';
import type { KitchenWithMasks } from '../../../tooling/known-masks';
import { ciede2000, hexToRgb } from '../render/pixels';
import { clearOfMasks, colourWithoutShading, luminanceAt, medianColour, surfacePixels } from './photo-pixels';

// The offline photo result on kitchens drawn with known masks: the room outside the marked surfaces is the
// photo's own, pixel for pixel; the fronts show the chosen colour once the photo's light is divided out; the
// finishes differ; the worktop takes the chosen material.

const oak = catalogueWorktop('Laminate', 'Natural Oak', 'Matt');
const lookOf = (hex: string, finish: FrontFinish, worktop = oak): PhotoLook => ({
  fronts: { hex, finish },
  worktop: {
    texture: worktop.texture,
    hex: worktop.hex,
    ...(worktop.accentHex ? { accentHex: worktop.accentHex } : {}),
    finish: worktop.finish,
  },
});

let kitchen: KitchenWithMasks;
let photo: RgbPixels;

beforeAll(async () => {
  kitchen = await knownKitchen({ width: 1200 });
  photo = { data: kitchen.rgb, width: kitchen.picture.width, height: kitchen.picture.height };
});

describe('the offline photo result', () => {
  it('is the photo at its own size, every pixel clear of the feathered masks unchanged', async () => {
    const result = await recolourPhotoHere(photo, kitchen.masks, lookOf('#1F3855', 'Gloss'));
    expect([result.width, result.height]).toEqual([photo.width, photo.height]);
    const clear = clearOfMasks(kitchen.masks, featherRadius(photo.width, photo.height));
    let clearPixels = 0;
    let changed = 0;
    clear.forEach((isClear, pixel) => {
      if (!isClear) return;
      clearPixels += 1;
      for (let channel = 0; channel < 3; channel += 1)
        if (result.data[pixel * 3 + channel] !== photo.data[pixel * 3 + channel]) changed += 1;
    });
    expect(clearPixels).toBeGreaterThan(photo.width * photo.height * 0.3);
    expect(changed).toBe(0);
    // The photo itself is left as it was.
    expect(Buffer.from(photo.data).equals(kitchen.rgb)).toBe(true);
  });

  it.each([
    ['Navy', '#1F3855', 'Matt'],
    ['Sage', '#9DA38D', 'Super-Matt'],
    ['Terracotta', '#C57B67', 'Gloss'],
    ['Graphite', '#3C3F42', 'Lacquered'],
  ] as const)(
    'shows %s fronts within ΔE2000 6 of the swatch once the photo’s light is divided out (%s, %s)',
    async (_name, hex, finish) => {
      const result = await recolourPhotoHere(photo, kitchen.masks, lookOf(hex, finish));
      const fronts = surfacePixels(kitchen.masks.planes.fronts);
      const colour = colourWithoutShading(photo.data, result.data, fronts);
      expect(ciede2000(colour, hexToRgb(hex))).toBeLessThanOrEqual(6);
    },
  );

  it('keeps the photo’s shading: panel lines and shadows stay darker than the door round them', async () => {
    const result = await recolourPhotoHere(photo, kitchen.masks, lookOf('#9DA38D', 'Matt'));
    const fronts = surfacePixels(kitchen.masks.planes.fronts);
    const order = (rgb: Uint8Array) => fronts.map((pixel) => luminanceAt(rgb, pixel));
    const before = order(photo.data);
    const after = order(result.data);
    // Across the fronts, result and photo luminance rise together (Spearman-like agreement on pairs).
    let agree = 0;
    let pairs = 0;
    for (let index = 0; index + 997 < fronts.length; index += 97) {
      const a = index;
      const b = index + 997;
      const ratio = (before[a] ?? 0) / Math.max(1e-6, before[b] ?? 0);
      // Pairs the photo shows in clearly different light: a shadow or line against the door's face.
      if (ratio > 1 / 1.15 && ratio < 1.15) continue;
      const photoOrder = Math.sign(ratio - 1);
      pairs += 1;
      if (Math.sign((after[a] ?? 0) - (after[b] ?? 0)) === photoOrder) agree += 1;
    }
    expect(agree / pairs).toBeGreaterThan(0.9);
  });

  it('makes matt, satin and gloss visibly different: gloss keeps the highlights matt damps', async () => {
    // Gloss doors in the photo, so there are highlights to keep or damp.
    const glossy = await knownKitchen({
      width: 1200,
      front: { group: 'Slab', finish: 'Gloss', colour: 'Light Grey' },
    });
    const glossyPhoto = { data: glossy.rgb, width: glossy.picture.width, height: glossy.picture.height };
    const fronts = surfacePixels(glossy.masks.planes.fronts);
    const photoLight = fronts.map((pixel) => luminanceAt(glossy.rgb, pixel));
    const face = [...photoLight].sort((x, y) => x - y)[Math.floor(photoLight.length / 2)] ?? 0;
    // The photo's highlights: clearly brighter than the door's face, yet no handle or edge light.
    const highlights = fronts.filter((_, index) => {
      const shading = (photoLight[index] ?? 0) / face;
      return shading > 1.15 && shading < 1.6;
    });
    expect(highlights.length).toBeGreaterThan(1000);
    const brightest = async (finish: FrontFinish) => {
      const result = await recolourPhotoHere(glossyPhoto, glossy.masks, lookOf('#1F3855', finish));
      const light = (pixels: number[]) =>
        pixels.reduce((sum, pixel) => sum + luminanceAt(result.data, pixel), 0) / pixels.length;
      const faces = fronts.filter((_, index) => photoLight[index] === face);
      return { highlight: light(highlights) / light(faces) };
    };
    const [matt, satin, gloss] = await Promise.all(
      ['Matt', 'Lacquered', 'Gloss'].map((finish) => brightest(finish as FrontFinish)),
    );
    if (!matt || !satin || !gloss) throw new Error('unreachable');
    expect(satin.highlight).toBeGreaterThan(matt.highlight * 1.1);
    expect(gloss.highlight).toBeGreaterThan(satin.highlight * 1.1);
  });

  it('keeps the handles as they were', async () => {
    // Navy doors: the drawing gives them brass handles, bright against the door.
    const navy = await knownKitchen({
      width: 1200,
      front: { group: 'Shaker', finish: 'Matt', colour: 'Navy' },
    });
    const brass = hexToRgb('#C4A46A');
    const handles = surfacePixels(navy.masks.planes.fronts).filter(
      (pixel) => ciede2000(medianColour(navy.rgb, [pixel]), brass) < 12,
    );
    expect(handles.length).toBeGreaterThan(200);
    const result = await recolourPhotoHere(
      { data: navy.rgb, width: navy.picture.width, height: navy.picture.height },
      navy.masks,
      lookOf('#C57B67', 'Matt'),
    );
    const kept = handles.filter(
      (pixel) => ciede2000(medianColour(result.data, [pixel]), medianColour(navy.rgb, [pixel])) < 3,
    );
    expect(kept.length / handles.length).toBeGreaterThan(0.8);
  });

  it('lays the chosen worktop on the worktop only, in its material’s colour', async () => {
    const walnut = catalogueWorktop('Laminate', 'Walnut', 'Matt');
    const result = await recolourPhotoHere(photo, kitchen.masks, lookOf('#F1F1EA', 'Matt', walnut));
    const worktop = surfacePixels(kitchen.masks.planes.worktop);
    const colour = colourWithoutShading(photo.data, result.data, worktop);
    expect(ciede2000(colour, hexToRgb(walnut.hex))).toBeLessThanOrEqual(10);
    expect(ciede2000(medianColour(photo.data, worktop), hexToRgb(walnut.hex))).toBeGreaterThan(15);
  });

  it('keeps the photo’s size and aspect ratio through encoding', async () => {
    const tall = await knownKitchen({ width: 600, aspect: 4 / 3 });
    const result = await recolourPhotoHere(
      { data: tall.rgb, width: tall.picture.width, height: tall.picture.height },
      tall.masks,
      lookOf('#1F3855', 'Matt'),
    );
    const encoded = await encodeResult(result);
    const decoded = await decodePhoto(encoded.bytes);
    expect([decoded.width, decoded.height]).toEqual([600, 800]);
    expect((await sharp(encoded.bytes).metadata()).format).toBe('jpeg');
  });

  it('refuses masks drawn for another size, saying so', async () => {
    const small = { width: 10, height: 10, planes: { fronts: new Uint8Array(100) } };
    await expect(recolourPhotoHere(photo, small, lookOf('#1F3855', 'Matt'))).rejects.toThrow(
      /10 × 10 but the photo is 1200 × 900/,
    );
  });
});
