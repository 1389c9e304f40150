import { describe, expect, it } from 'vitest';
import { labOf, toLab } from '../../src/marking/colour-lab';
import { edgeStrength } from '../../src/marking/edge-strength';
import { regionGraph } from '../../src/marking/region-graph';
import { slic } from '../../src/marking/slic';
import { drawnPicture } from './drawn-pictures';

// A diagonal edge between a door colour and a wall colour, off the superpixel grid on purpose.
const WIDTH = 240;
const HEIGHT = 160;
const onDoor = (x: number, y: number) => x > 0.8 * y + 60;
const picture = drawnPicture(WIDTH, HEIGHT, (x, y) => (onDoor(x, y) ? [40, 60, 110] : [225, 220, 210]));

describe('colours in Lab', () => {
  it('reads white, black and sRGB red as the CIE reference values', () => {
    const [whiteL, whiteA, whiteB] = labOf(255, 255, 255);
    expect(whiteL).toBeCloseTo(100, 1);
    expect(Math.abs(whiteA) + Math.abs(whiteB)).toBeLessThan(0.5);
    expect(labOf(0, 0, 0)[0]).toBeCloseTo(0, 3);
    const [l, a, b] = labOf(255, 0, 0);
    expect(l).toBeCloseTo(53.24, 0);
    expect(a).toBeCloseTo(80.09, 0);
    expect(b).toBeCloseTo(67.2, 0);
  });

  it('refuses a picture whose bytes do not match its size, saying what it needed', () => {
    expect(() => toLab({ width: 10, height: 10, data: new Uint8ClampedArray(399) })).toThrow(
      'A 10 × 10 picture needs 400 RGBA bytes, not 399',
    );
    expect(() => toLab({ width: 1, height: 10, data: new Uint8ClampedArray(40) })).toThrow(/at least 2 × 2/);
  });
});

describe('SLIC superpixels', () => {
  const lab = toLab(picture);
  const edges = edgeStrength(lab);
  const superpixels = slic(lab, edges, { regions: 200 });

  it('makes about as many superpixels as asked', () => {
    expect(superpixels.count).toBeGreaterThan(150);
    expect(superpixels.count).toBeLessThan(260);
    expect(Math.max(...superpixels.labels)).toBe(superpixels.count - 1);
    expect(Math.min(...superpixels.labels)).toBe(0);
  });

  it('keeps each superpixel one connected piece', () => {
    const pieces = new Map<number, number>();
    const seen = new Uint8Array(WIDTH * HEIGHT);
    for (let start = 0; start < seen.length; start++) {
      if (seen[start]) continue;
      const label = superpixels.labels[start] ?? -1;
      pieces.set(label, (pieces.get(label) ?? 0) + 1);
      const stack = [start];
      seen[start] = 1;
      while (stack.length > 0) {
        const pixel = stack.pop() ?? 0;
        const x = pixel % WIDTH;
        for (const next of [
          x > 0 ? pixel - 1 : -1,
          x < WIDTH - 1 ? pixel + 1 : -1,
          pixel - WIDTH,
          pixel + WIDTH,
        ])
          if (next >= 0 && next < seen.length && !seen[next] && superpixels.labels[next] === label) {
            seen[next] = 1;
            stack.push(next);
          }
      }
    }
    expect([...pieces.values()].every((count) => count === 1)).toBe(true);
  });

  it('follows the edge: almost no superpixel holds both colours', () => {
    const doorPixels = new Int32Array(superpixels.count);
    const sizes = new Int32Array(superpixels.count);
    for (let pixel = 0; pixel < WIDTH * HEIGHT; pixel++) {
      const label = superpixels.labels[pixel] ?? 0;
      sizes[label] = (sizes[label] ?? 0) + 1;
      if (onDoor(pixel % WIDTH, Math.floor(pixel / WIDTH))) doorPixels[label] = (doorPixels[label] ?? 0) + 1;
    }
    let misplaced = 0;
    for (let label = 0; label < superpixels.count; label++)
      misplaced += Math.min(doorPixels[label] ?? 0, (sizes[label] ?? 0) - (doorPixels[label] ?? 0));
    expect(misplaced / (WIDTH * HEIGHT)).toBeLessThan(0.002);
  });

  it('links neighbours both ways, with a strong border only across the edge', () => {
    const graph = regionGraph(lab, edges, superpixels);
    const isDoor = (region: number) =>
      onDoor(graph.centre[region * 2] ?? 0, graph.centre[region * 2 + 1] ?? 0);
    const across: number[] = [];
    const within: number[] = [];
    for (let region = 0; region < graph.count; region++)
      for (let at = graph.start[region] ?? 0; at < (graph.start[region + 1] ?? 0); at++) {
        const next = graph.neighbours[at] ?? 0;
        expect(graph.neighbours.subarray(graph.start[next], graph.start[next + 1])).toContain(region);
        (isDoor(region) === isDoor(next) ? within : across).push(graph.border[at] ?? 0);
      }
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    expect(Math.min(...across)).toBeGreaterThan(10);
    // Superpixels beside the edge on the same side share a few of its pixels, so only the typical one is calm.
    expect(median(within)).toBeLessThan(median(across) / 10);
    expect(across.length).toBeGreaterThan(10);
  });
});
