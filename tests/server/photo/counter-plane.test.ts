import { describe, expect, it } from 'vitest';
import {
  COUNTER_DEPTH_METRES,
  type CounterMapping,
  counterMapping,
  counterPieces,
  fitQuad,
  type Point,
} from '../../../recolour/counter-plane';

// The worktop's plane: the quad fitted to a marked counter, and the mapping of its pixels to metres on it.

const WIDTH = 400;
const HEIGHT = 300;

/** A mask with the convex polygon `corners` filled (255), every other pixel 0. */
function maskOf(...polygons: Point[][]): Uint8Array {
  const mask = new Uint8Array(WIDTH * HEIGHT);
  const inside = (polygon: Point[], x: number, y: number) =>
    polygon.every((a, index) => {
      const b = polygon[(index + 1) % polygon.length] as Point;
      return (b.x - a.x) * (y - a.y) - (b.y - a.y) * (x - a.x) >= 0;
    });
  for (let y = 0; y < HEIGHT; y += 1)
    for (let x = 0; x < WIDTH; x += 1)
      if (polygons.some((polygon) => inside(polygon, x + 0.5, y + 0.5))) mask[y * WIDTH + x] = 255;
  return mask;
}

const near = (point: Point, expected: Point) => Math.hypot(point.x - expected.x, point.y - expected.y);

// Clockwise on screen (y down): back-left, back-right, front-right, front-left.
const island: Point[] = [
  { x: 120, y: 150 },
  { x: 330, y: 185 },
  { x: 250, y: 260 },
  { x: 40, y: 190 },
];
const backRun: Point[] = [
  { x: 60, y: 40 },
  { x: 380, y: 60 },
  { x: 380, y: 85 },
  { x: 60, y: 62 },
];

describe('the quad fitted to a marked counter', () => {
  it('finds the corners of an island seen at an angle, the back edge first', () => {
    const quad = fitQuad(maskOf(island), WIDTH);
    expect(quad).not.toBeNull();
    const distances = quad?.map((corner, index) => near(corner, island[index] as Point)) ?? [];
    for (const distance of distances) expect(distance).toBeLessThan(4);
  });

  it('maps its corners to a rectangle a counter deep, as long as the run looks', () => {
    const quad = fitQuad(maskOf(backRun), WIDTH);
    const mapping = quad && counterMapping(quad);
    if (!quad || !mapping) throw new Error('no mapping for a plain counter');
    const out = new Float64Array(2);
    const [backLeft, backRight, frontRight, frontLeft] = quad;
    mapping(backLeft.x, backLeft.y, out);
    expect([...out].map((value) => Math.abs(value))).toEqual([expect.closeTo(0, 3), expect.closeTo(0, 3)]);
    mapping(frontLeft.x, frontLeft.y, out);
    expect(out[1]).toBeCloseTo(COUNTER_DEPTH_METRES, 3);
    mapping(backRight.x, backRight.y, out);
    const run = out[0] ?? 0;
    mapping(frontRight.x, frontRight.y, out);
    expect(out[0]).toBeCloseTo(run, 3);
    // 320 pixels long and about 23 deep: several metres, not the shortest run the estimate allows.
    expect(run).toBeGreaterThan(2);
  });
});

describe('each piece of the worktop', () => {
  it('is mapped on its own plane: an island and the run behind it do not share one quad', () => {
    const mask = maskOf(island, backRun);
    const core = Float32Array.from(mask, (value) => (value >= 128 ? 1 : 0));
    const box = { left: 0, top: 0, width: WIDTH, height: HEIGHT };
    const flat: CounterMapping = (_x, _y, out) => out.fill(-1);
    const pieces = counterPieces(core, core, box, flat);
    const out = new Float64Array(2);
    for (const piece of [island, backRun]) {
      const quad = fitQuad(maskOf(piece), WIDTH);
      const own = quad && counterMapping(quad);
      if (!own) throw new Error('no mapping for a piece');
      const centre = {
        x: piece.reduce((sum, { x }) => sum + x, 0) / 4,
        y: piece.reduce((sum, { y }) => sum + y, 0) / 4,
      };
      const expected = new Float64Array(2);
      own(centre.x, centre.y, expected);
      pieces(centre.x, centre.y, out);
      expect(out[0]).toBeCloseTo(expected[0] ?? Number.NaN, 6);
      expect(out[1]).toBeCloseTo(expected[1] ?? Number.NaN, 6);
      // Within its own counter: between the back edge and the front.
      expect(out[1]).toBeGreaterThan(0);
      expect(out[1]).toBeLessThan(COUNTER_DEPTH_METRES);
    }
  });
});
