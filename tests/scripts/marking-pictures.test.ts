import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { labelOf } from '../../src/marking/brushes';
import { MarkingSession } from '../../src/marking/marking-session';
import type { HandMarkedKitchen } from '../../tooling/marked-real-kitchens';
import { truthOf } from '../../tooling/marking-visitor';
import { MARKING_KEY, markingPicture } from '../../tooling/real-kitchen-pictures';
import { drawnPicture } from '../marking/drawn-pictures';

// `npm run pictures` draws each real kitchen's marking against its trace for a person to look at (issue 32): each
// kind of agreement must come out in its own colour, or the picture misleads. Four quarters of a grey picture:
// fronts marked right, worktop marked right, the room marked as fronts, a surface missed.
const [width, height] = [40, 40];
const quarter = (pixel: number) => (pixel % width < 20 ? 0 : 1) + (pixel < (width * height) / 2 ? 0 : 2);
const picture = drawnPicture(width, height, () => [128, 128, 128]);
const FRONTS = labelOf('fronts');
const WORKTOP = labelOf('worktop');
const plane = (quarters: number[]) =>
  Uint8Array.from({ length: width * height }, (_, pixel) => (quarters.includes(quarter(pixel)) ? 255 : 0));
const opened = {
  session: new MarkingSession(picture, { regions: 16 }),
  truth: truthOf(width, height, plane([0, 3]), plane([1])),
  rgba: new Uint8ClampedArray(picture.data),
  kept: new Uint8Array(width * height),
};
const marked = Uint8Array.from(
  { length: width * height },
  (_, pixel) => [FRONTS, WORKTOP, FRONTS, 0][quarter(pixel)] ?? 0,
);
const kitchen = { name: 'drawn', file: 'drawn.jpg', previewHeight: 1000, heldOut: false, strokes: [] };

describe('the marking picture', () => {
  it('colours each quarter by how the marking agrees with the trace', async () => {
    const png = await markingPicture(kitchen as unknown as HandMarkedKitchen, opened, marked);
    const { data, info } = await sharp(png).resize(width, height).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [
      ...data.subarray((y * width + x) * info.channels, (y * width + x) * info.channels + 3),
    ];
    const mixed = (colour: readonly number[]) =>
      colour.map((channel) => Math.round(128 * 0.45 + channel * 0.55));
    const near = (one: number[], other: number[]) =>
      one.every((value, i) => Math.abs(value - (other[i] ?? 0)) <= 3);
    expect(near(at(10, 10), mixed(MARKING_KEY.rightFronts))).toBe(true);
    expect(near(at(30, 10), mixed(MARKING_KEY.rightWorktop))).toBe(true);
    expect(near(at(10, 30), mixed(MARKING_KEY.frontsOnRoom))).toBe(true);
    // Missed: the photo's own grey, tinted magenta.
    expect(near(at(30, 30), [188, 128, 188])).toBe(true);
  });
});
