import { describe, expect, it } from 'vitest';
import { BRUSH_ROWS, labelOf } from '../../src/marking/brushes';
import { coverage, paintOverlay } from '../../src/marking/overlay';

// A 4 × 2 marking: fronts, worktop, "Not this", unmarked on the top row; the bottom row unmarked, its two
// right pixels in superpixel 1, which is on offer as fronts.
const pixels = Uint8Array.from([labelOf('fronts'), labelOf('worktop'), labelOf('not-this'), 0, 0, 0, 0, 0]);
const superpixelOf = Int32Array.from([0, 0, 0, 0, 0, 0, 1, 1]);
const at = (rgba: Uint8ClampedArray, pixel: number) => [...rgba.subarray(pixel * 4, pixel * 4 + 4)];

describe('the live overlay', () => {
  const rgba = paintOverlay(4, pixels, superpixelOf, { brush: 'fronts', regions: [1] }, 2);

  it('tints each surface in its own colour, dims what is not this, and leaves the rest clear', () => {
    expect(at(rgba, 0).slice(0, 3)).toEqual([...BRUSH_ROWS.fronts.colour]);
    expect(at(rgba, 1).slice(0, 3)).toEqual([...BRUSH_ROWS.worktop.colour]);
    expect(at(rgba, 2).slice(0, 3)).toEqual([...BRUSH_ROWS['not-this'].colour]);
    expect(at(rgba, 0)[3]).toBeGreaterThan(at(rgba, 2)[3] ?? 255);
    expect(at(rgba, 3)).toEqual([0, 0, 0, 0]);
    expect(at(rgba, 4)).toEqual([0, 0, 0, 0]);
  });

  it('stripes the offered look-alikes in their surface colour, half of its diagonals', () => {
    expect(at(rgba, 6).slice(0, 3)).toEqual([...BRUSH_ROWS.fronts.colour]);
    expect(at(rgba, 6)[3]).toBeGreaterThan(0);
    const wide = paintOverlay(
      16,
      new Uint8Array(16),
      new Int32Array(16),
      { brush: 'worktop', regions: [0] },
      1,
    );
    const alphas = Array.from({ length: 16 }, (_, pixel) => at(wide, pixel)[3]);
    expect(alphas.filter((alpha) => alpha === 0).length).toBe(8);
  });

  it('says how much of the picture each surface covers', () => {
    expect(coverage(pixels)).toEqual({ fronts: 1 / 8, worktop: 1 / 8 });
  });
});
