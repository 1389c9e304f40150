// A made kitchen with known masks, opened for marking: the picture as the worker sees it (RGBA at 1200 px) and
// the truth to measure the simulated visitor against. Shared by the IoU tests and the strokes benchmark.
import type { RgbaPicture } from '../src/marking/pixels';
import { type KnownKitchenOptions, knownKitchen } from './known-kitchens';
import { type Truth, truthOf } from './marking-visitor';

export interface KitchenToMark {
  readonly name: string;
  readonly picture: RgbaPicture;
  readonly truth: Truth;
}

/** The made kitchens marking is measured on: white on white (the hard case), navy on marble, sage on black. */
export const KITCHENS_TO_MARK: ReadonlyArray<{ name: string; options: KnownKitchenOptions }> = [
  { name: 'white Shaker, oak laminate, L-shape with island', options: {} },
  {
    name: 'navy Shaker, Carrara quartz, L-shape with island',
    options: {
      front: { group: 'Shaker', finish: 'Matt', colour: 'Navy' },
      worktop: { material: 'Quartz', colour: 'Carrara White', finish: 'Polished' },
    },
  },
  {
    name: 'sage Shaker, black granite, U-shape',
    options: {
      front: { group: 'Shaker', finish: 'Matt', colour: 'Sage' },
      worktop: { material: 'Granite', colour: 'Absolute Black', finish: 'Polished' },
      layout: 'u-shaped',
      hasIsland: false,
    },
  },
];

export async function kitchenToMark(name: string, options: KnownKitchenOptions): Promise<KitchenToMark> {
  const kitchen = await knownKitchen({ width: 1200, ...options });
  const { width, height } = kitchen.picture;
  const data = new Uint8ClampedArray(width * height * 4);
  for (let pixel = 0; pixel < width * height; pixel++) {
    data.set(kitchen.rgb.subarray(pixel * 3, pixel * 3 + 3), pixel * 4);
    data[pixel * 4 + 3] = 255;
  }
  const { fronts, worktop } = kitchen.masks.planes;
  return { name, picture: { width, height, data }, truth: truthOf(width, height, fronts, worktop) };
}
