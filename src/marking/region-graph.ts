// The superpixels as a graph: each one's mean colour, size, centre and how busy it is inside, and each pair of
// neighbours with how strong the edge between them is. The growth walks this graph; it is built once per photo.
import type { LabPicture } from './pixels';
import type { Superpixels } from './slic';

export interface RegionGraph {
  readonly count: number;
  /** Mean Lab of each region, three floats a region. */
  readonly colour: Float32Array;
  readonly size: Int32Array;
  /** Mean x, y of each region. */
  readonly centre: Float32Array;
  /** Neighbours of region r are `neighbours[start[r]]` up to `neighbours[start[r + 1]]` (CSR). */
  readonly start: Int32Array;
  readonly neighbours: Int32Array;
  /** The mean edge strength along the border shared with that neighbour. */
  readonly border: Float32Array;
  /**
   * The border as the brushes see it, where it differs: raised where a straight outline runs on unseen between the
   * two (`line-continuations.ts`). Unpainted keep crosses only what the photo shows.
   */
  readonly brushBorder?: Float32Array;
  /**
   * How busy each region is inside: the mean edge strength of its pixels whose four neighbours are in it too (a
   * region's own outline is the border's). Grout, burners and a lamp's rim are busy; a door's panel is not.
   */
  readonly busyness: Float32Array;
}

export function regionGraph(picture: LabPicture, edges: Float32Array, superpixels: Superpixels): RegionGraph {
  const { width, height, lab } = picture;
  const { labels, count } = superpixels;
  const sums = new Float64Array(count * 5);
  const size = new Int32Array(count);
  // Border pixels between two regions, keyed by the pair (smaller first): [sum of edge strength, pixel count].
  const borders = new Map<number, [number, number]>();
  // Per region: the sum of edge strength over its inner pixels, and how many there are.
  const inner = new Float64Array(count * 2);
  const touch = (one: number, other: number, strength: number) => {
    const key = one < other ? one * count + other : other * count + one;
    const border = borders.get(key);
    if (border) {
      border[0] += strength;
      border[1]++;
    } else borders.set(key, [strength, 1]);
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const pixel = y * width + x;
      const region = labels[pixel] ?? 0;
      size[region] = (size[region] ?? 0) + 1;
      const at = region * 5;
      sums[at] = (sums[at] ?? 0) + (lab[pixel * 3] ?? 0);
      sums[at + 1] = (sums[at + 1] ?? 0) + (lab[pixel * 3 + 1] ?? 0);
      sums[at + 2] = (sums[at + 2] ?? 0) + (lab[pixel * 3 + 2] ?? 0);
      sums[at + 3] = (sums[at + 3] ?? 0) + x;
      sums[at + 4] = (sums[at + 4] ?? 0) + y;
      const strength = edges[pixel] ?? 0;
      if (
        x > 0 &&
        y > 0 &&
        x + 1 < width &&
        y + 1 < height &&
        labels[pixel - 1] === region &&
        labels[pixel + 1] === region &&
        labels[pixel - width] === region &&
        labels[pixel + width] === region
      ) {
        inner[region * 2] = (inner[region * 2] ?? 0) + strength;
        inner[region * 2 + 1] = (inner[region * 2 + 1] ?? 0) + 1;
      }
      if (x + 1 < width) {
        const right = labels[pixel + 1] ?? 0;
        if (right !== region) touch(region, right, Math.max(strength, edges[pixel + 1] ?? 0));
      }
      if (y + 1 < height) {
        const below = labels[pixel + width] ?? 0;
        if (below !== region) touch(region, below, Math.max(strength, edges[pixel + width] ?? 0));
      }
    }
  }
  const colour = new Float32Array(count * 3);
  const centre = new Float32Array(count * 2);
  const busyness = new Float32Array(count);
  for (let region = 0; region < count; region++) {
    busyness[region] = (inner[region * 2] ?? 0) / Math.max(1, inner[region * 2 + 1] ?? 0);
    const n = Math.max(1, size[region] ?? 0);
    for (let channel = 0; channel < 3; channel++)
      colour[region * 3 + channel] = (sums[region * 5 + channel] ?? 0) / n;
    centre[region * 2] = (sums[region * 5 + 3] ?? 0) / n;
    centre[region * 2 + 1] = (sums[region * 5 + 4] ?? 0) / n;
  }
  const degree = new Int32Array(count + 1);
  for (const key of borders.keys()) {
    const one = Math.floor(key / count);
    degree[one] = (degree[one] ?? 0) + 1;
    degree[key % count] = (degree[key % count] ?? 0) + 1;
  }
  const start = new Int32Array(count + 1);
  for (let region = 0; region < count; region++)
    start[region + 1] = (start[region] ?? 0) + (degree[region] ?? 0);
  const neighbours = new Int32Array(start[count] ?? 0);
  const border = new Float32Array(neighbours.length);
  const filled = start.slice(0, count);
  const link = (from: number, to: number, strength: number) => {
    const at = filled[from] ?? 0;
    neighbours[at] = to;
    border[at] = strength;
    filled[from] = at + 1;
  };
  for (const [key, [sum, pixels]] of borders) {
    const one = Math.floor(key / count);
    const other = key % count;
    link(one, other, sum / pixels);
    link(other, one, sum / pixels);
  }
  return { count, colour, size, centre, start, neighbours, border, busyness };
}
