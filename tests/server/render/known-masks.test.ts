import { beforeAll, describe, expect, it } from 'vitest';
import { knownKitchen } from '../../../tooling/known-kitchens';
import type { KitchenWithMasks } from '../../../tooling/known-masks';

// The drawn kitchens' masks are the truth other tests measure against: they must cover what each surface's
// choice changes, and nothing else.

const count = (plane: Uint8Array) => plane.reduce((total, value) => total + (value > 0 ? 1 : 0), 0);

describe('kitchens drawn with known masks', () => {
  let white: KitchenWithMasks;
  let navy: KitchenWithMasks;
  let walnut: KitchenWithMasks;

  beforeAll(async () => {
    [white, navy, walnut] = await Promise.all([
      knownKitchen(),
      knownKitchen({ front: { group: 'Shaker', finish: 'Matt', colour: 'Navy' } }),
      knownKitchen({ worktop: { material: 'Laminate', colour: 'Walnut', finish: 'Matt' } }),
    ]);
  });

  it('give a mask per surface at the picture size, neither empty, never overlapping', () => {
    const { width, height, planes } = white.masks;
    expect([width, height]).toEqual([white.picture.width, white.picture.height]);
    expect(planes.fronts).toHaveLength(width * height);
    expect(planes.worktop).toHaveLength(width * height);
    const pixels = width * height;
    expect(count(planes.fronts) / pixels).toBeGreaterThan(0.15);
    expect(count(planes.worktop) / pixels).toBeGreaterThan(0.03);
    expect(planes.fronts.some((value, pixel) => value > 0 && (planes.worktop[pixel] ?? 0) > 0)).toBe(false);
  });

  it('hold every pixel a change of front colour or of worktop changes, and only those', () => {
    const changedOutside = (other: KitchenWithMasks, plane: Uint8Array) => {
      let outside = 0;
      let inside = 0;
      for (let pixel = 0; pixel < plane.length; pixel += 1) {
        const at = pixel * 3;
        const changed =
          white.rgb[at] !== other.rgb[at] ||
          white.rgb[at + 1] !== other.rgb[at + 1] ||
          white.rgb[at + 2] !== other.rgb[at + 2];
        if (changed && plane[pixel] === 0) outside += 1;
        if (changed && plane[pixel] !== 0) inside += 1;
      }
      return { outside, inside };
    };
    const fronts = changedOutside(navy, white.masks.planes.fronts);
    expect(fronts.inside).toBeGreaterThan(count(white.masks.planes.fronts) * 0.9);
    // Anti-aliased edges change by less than a surface pixel does; they stay under a pixel in a thousand.
    expect(fronts.outside / fronts.inside).toBeLessThan(0.02);
    const worktop = changedOutside(walnut, white.masks.planes.worktop);
    expect(worktop.inside).toBeGreaterThan(count(white.masks.planes.worktop) * 0.8);
    expect(worktop.outside / worktop.inside).toBeLessThan(0.02);
  });
});
