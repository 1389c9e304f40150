import { beforeAll, describe, expect, it } from 'vitest';
import type { RgbPixels } from '../../../recolour/surface-region';
import { recolourPhotoHere } from '../../../server/generation/picture-work/photo-result';
import { catalogueWorktop, knownKitchen } from '../../../tooling/known-kitchens';
import type { KitchenWithMasks } from '../../../tooling/known-masks';
import { ciede2000 } from '../render/pixels';
import { medianColour, surfacePixels } from './photo-pixels';

// What stands on a marked worktop stays in the visitor's room: a hob and a bowl of lemons set on the drawn
// kitchen's counter keep the photo's pixels, while the counter round them, and thin dark veins on it, take the
// new material.

const walnut = catalogueWorktop('Laminate', 'Walnut', 'Matt');
const look = {
  fronts: { hex: '#1F3855', finish: 'Matt' as const },
  worktop: {
    texture: walnut.texture,
    hex: walnut.hex,
    ...(walnut.accentHex ? { accentHex: walnut.accentHex } : {}),
    finish: walnut.finish,
  },
};

interface Patch {
  left: number;
  top: number;
  width: number;
  height: number;
}

let kitchen: KitchenWithMasks;
let photo: RgbPixels;
let hob: Patch;
let lemons: Patch;
let veins: number[];

/** A 240-pixel-wide box in the middle of the island's top, every pixel of which the worktop mask holds fully. */
function islandTop(masks: KitchenWithMasks['masks']): Patch {
  const plane = masks.planes.worktop;
  const { width, height } = masks;
  const left = Math.round(width / 2) - 120;
  const right = left + 240;
  const full = (y: number) => {
    for (let x = left; x < right; x += 1) if (plane[y * width + x] !== 255) return false;
    return true;
  };
  // The island is the lowest worktop in the drawing: scan up from the bottom to its front edge.
  let last = height - 1;
  while (last > 0 && !full(last)) last -= 1;
  let first = last;
  while (first > 0 && full(first - 1)) first -= 1;
  return { left, top: first, width: right - left, height: last - first + 1 };
}

function paint(patch: Patch, rgb: readonly [number, number, number]) {
  for (let y = patch.top; y < patch.top + patch.height; y += 1)
    for (let x = patch.left; x < patch.left + patch.width; x += 1)
      photo.data.set(rgb, (y * photo.width + x) * 3);
}

const inside = (patch: Patch, margin: number) => {
  const pixels: number[] = [];
  for (let y = patch.top + margin; y < patch.top + patch.height - margin; y += 1)
    for (let x = patch.left + margin; x < patch.left + patch.width - margin; x += 1)
      pixels.push(y * photo.width + x);
  return pixels;
};

beforeAll(async () => {
  kitchen = await knownKitchen({ width: 1200 });
  photo = {
    data: Uint8Array.from(kitchen.rgb),
    width: kitchen.picture.width,
    height: kitchen.picture.height,
  };
  const band = islandTop(kitchen.masks);
  expect(band.height).toBeGreaterThanOrEqual(24);
  const height = Math.min(40, band.height - 6);
  hob = { left: band.left + 10, top: band.top + 3, width: 70, height };
  lemons = { left: band.left + 110, top: band.top + 3, width: 26, height: Math.min(26, height) };
  paint(hob, [22, 22, 24]);
  paint(lemons, [236, 196, 40]);
  // Two veins a pixel wide, darker than the counter by half: its own pattern, not an object.
  veins = [];
  for (let x = band.left + 150; x < band.left + 230; x += 1)
    for (const y of [band.top + 4, band.top + 12]) {
      const pixel = y * photo.width + x;
      for (let channel = 0; channel < 3; channel += 1)
        photo.data[pixel * 3 + channel] = Math.round((photo.data[pixel * 3 + channel] ?? 0) * 0.72);
      veins.push(pixel);
    }
});

describe('objects on the marked worktop', () => {
  it('keep the photo’s own pixels; the counter round them and its veins take the new material', async () => {
    const result = await recolourPhotoHere(photo, kitchen.masks, look);
    const unchanged = (pixel: number) =>
      ciede2000(medianColour(result.data, [pixel]), medianColour(photo.data, [pixel])) < 2;
    for (const object of [hob, lemons]) {
      const pixels = inside(object, 3);
      expect(pixels.filter(unchanged).length / pixels.length).toBeGreaterThan(0.98);
    }
    expect(veins.filter(unchanged).length / veins.length).toBeLessThan(0.05);
    const counter = surfacePixels(kitchen.masks.planes.worktop).filter(
      (pixel) =>
        ![hob, lemons].some(({ left, top, width, height }) => {
          const x = pixel % photo.width;
          const y = Math.floor(pixel / photo.width);
          return x >= left - 8 && x < left + width + 8 && y >= top - 8 && y < top + height + 8;
        }),
    );
    expect(counter.filter(unchanged).length / counter.length).toBeLessThan(0.05);
  });
});

describe('a counter of two pieces, one dark and one pale', () => {
  it('takes the new material on both: the pale piece is not kept as one thing standing on the dark one', async () => {
    // The drawn kitchen's worktop recoloured: its island top pale concrete, every other piece near black.
    const { width, height } = kitchen.masks;
    const plane = kitchen.masks.planes.worktop;
    const band = islandTop(kitchen.masks);
    const island = new Uint8Array(width * height);
    const queue = [band.top * width + band.left + 10];
    island[queue[0] ?? 0] = 1;
    for (let next = 0; next < queue.length; next += 1) {
      const pixel = queue[next] ?? 0;
      const x = pixel % width;
      for (const neighbour of [
        x > 0 ? pixel - 1 : -1,
        x < width - 1 ? pixel + 1 : -1,
        pixel - width,
        pixel + width,
      ])
        if (
          neighbour >= 0 &&
          neighbour < plane.length &&
          (plane[neighbour] ?? 0) >= 128 &&
          island[neighbour] === 0
        ) {
          island[neighbour] = 1;
          queue.push(neighbour);
        }
    }
    const twoTone = { ...photo, data: Uint8Array.from(kitchen.rgb) };
    for (let pixel = 0; pixel < plane.length; pixel += 1)
      if ((plane[pixel] ?? 0) >= 128)
        twoTone.data.set(island[pixel] ? [186, 184, 178] : [30, 30, 33], pixel * 3);
    const result = await recolourPhotoHere(twoTone, kitchen.masks, look);
    const pale = inside(band, 6);
    const changed = pale.filter(
      (pixel) => ciede2000(medianColour(result.data, [pixel]), medianColour(twoTone.data, [pixel])) >= 2,
    );
    expect(changed.length / pale.length).toBeGreaterThan(0.9);
  });
});
