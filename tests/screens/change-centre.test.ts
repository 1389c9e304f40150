// Where the slider opens (issue 36, item 2): the centre of what changed between the two pictures, kept off the
// edges; the middle when nothing changed.
import { describe, expect, it } from 'vitest';
import { changeCentre, openingPosition } from '../../src/screens/your-kitchen/change-centre';

const WIDTH = 100;
const HEIGHT = 20;

/** A grey picture, with the columns [from, to) painted red when given. */
function picture(band?: { from: number; to: number }): Uint8ClampedArray {
  const pixels = new Uint8ClampedArray(WIDTH * HEIGHT * 4);
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const i = (y * WIDTH + x) * 4;
      const inBand = band !== undefined && x >= band.from && x < band.to;
      pixels.set(inBand ? [200, 40, 40, 255] : [128, 128, 128, 255], i);
    }
  }
  return pixels;
}

describe('changeCentre', () => {
  it('finds the centre of a change in the left half', () => {
    expect(changeCentre(picture(), picture({ from: 10, to: 40 }), WIDTH, HEIGHT)).toBeCloseTo(0.25, 2);
  });

  it('ignores noise, and answers null when nothing changed', () => {
    const noisy = picture().map((value, i) => (i % 4 === 3 ? value : value + ((i * 7) % 9) - 4));
    expect(changeCentre(picture(), noisy, WIDTH, HEIGHT)).toBeNull();
  });
});

describe('openingPosition', () => {
  it('opens at the change, never at an edge, and in the middle without one', () => {
    expect(openingPosition(0.25)).toBe(25);
    expect(openingPosition(0.02)).toBe(15);
    expect(openingPosition(0.99)).toBe(85);
    expect(openingPosition(null)).toBe(50);
  });
});
