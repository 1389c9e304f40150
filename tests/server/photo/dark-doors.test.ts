import { describe, expect, it } from 'vitest';
import { recolourPhotoHere } from '../../../server/generation/picture-work/photo-result';
import { luminanceAt } from './photo-pixels';

// A dark door carries its light in few levels, with the camera's noise on top: recoloured to a light colour, that
// noise must not come out as mottling, while the gap between two doors stays a gap.

const WIDTH = 240;
const HEIGHT = 160;
const GAP = { from: 118, to: 122 };

/** Near-black doors (sRGB about 30) with a fixed pseudo-random grain of ±8 levels, and a black gap down the middle. */
function darkDoors(): Uint8Array {
  const rgb = new Uint8Array(WIDTH * HEIGHT * 3);
  let seed = 0x9e3779b9;
  for (let pixel = 0; pixel < WIDTH * HEIGHT; pixel += 1) {
    // xorshift32: grain with no pattern across rows or columns.
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    const x = pixel % WIDTH;
    const value = x >= GAP.from && x < GAP.to ? 4 : 30 + ((seed >>> 0) % 17) - 8;
    rgb.fill(value, pixel * 3, pixel * 3 + 3);
  }
  return rgb;
}

const spreadOf = (values: number[]) => {
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  return Math.sqrt(values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / values.length) / mean;
};

describe('dark doors recoloured light', () => {
  it('show the new colour evenly, the gap between them still dark', async () => {
    const photo = { data: darkDoors(), width: WIDTH, height: HEIGHT };
    const fronts = new Uint8Array(WIDTH * HEIGHT).fill(255);
    const result = await recolourPhotoHere(
      photo,
      { width: WIDTH, height: HEIGHT, planes: { fronts } },
      {
        fronts: { hex: '#9DA38D', finish: 'Matt' },
        worktop: { texture: 'plain', hex: '#F4F3EF', finish: 'Honed' },
      },
    );
    const doorPixels: number[] = [];
    const gapPixels: number[] = [];
    for (let y = 20; y < HEIGHT - 20; y += 1)
      for (let x = 20; x < WIDTH - 20; x += 1) {
        if (x >= GAP.from && x < GAP.to) gapPixels.push(y * WIDTH + x);
        else if (x < GAP.from - 12 || x >= GAP.to + 12) doorPixels.push(y * WIDTH + x);
      }
    const door = doorPixels.map((pixel) => luminanceAt(result.data, pixel));
    const photoDoor = doorPixels.map((pixel) => luminanceAt(photo.data, pixel));
    // The photo’s grain is about ±25% of its light; the recoloured door varies by under a quarter of that.
    expect(spreadOf(photoDoor)).toBeGreaterThan(0.2);
    expect(spreadOf(door)).toBeLessThan(spreadOf(photoDoor) / 4);
    const gap = gapPixels.map((pixel) => luminanceAt(result.data, pixel));
    const doorMean = door.reduce((sum, value) => sum + value, 0) / door.length;
    expect(Math.max(...gap)).toBeLessThan(doorMean * 0.5);
  });
});
