// Multi-label geodesic growth over the superpixel graph: each brush spreads from the superpixels its marks pin,
// paying for every step in colour change, edge strength and unlikeness to the colours its marks were made on. A
// superpixel takes the brush that reaches it cheapest; one no brush reaches within `reach` stays unmarked.
import { labDistanceSquared } from './colour-lab';
import { MinHeap } from './min-heap';
import type { RegionGraph } from './region-graph';

export interface GrowthCosts {
  /** Per ΔE76 between neighbouring superpixels. */
  readonly colour: number;
  /** Per unit of the mean edge strength along their shared border. */
  readonly edge: number;
  /** Per ΔE76 between a superpixel and the nearest colour its brush was marked on, beyond `tolerance`. */
  readonly likeness: number;
  readonly tolerance: number;
  /** Per step, so growth thins out with distance even over a flat wall. */
  readonly step: number;
  /** The most a superpixel may cost and still be taken. */
  readonly reach: number;
}

// Tuned with the simulated visitor on made kitchens (white, navy and sage fronts; tests/marking/made-kitchens):
// a weaker edge term lets a stroke cross a Shaker door's panel lines, the likeness term stops it at the wall.
export const DEFAULT_GROWTH_COSTS: GrowthCosts = {
  colour: 1,
  edge: 0.5,
  likeness: 2,
  tolerance: 2,
  step: 0.5,
  reach: 80,
};

/** Most sample colours kept per brush: enough for a two-tone kitchen, few enough to stay fast. */
const MAX_SAMPLES = 48;

export interface Growth {
  /** The label of each superpixel (0 unmarked). */
  readonly labels: Uint8Array;
  /** What its label cost to reach. */
  readonly cost: Float32Array;
}

export function growLabels(graph: RegionGraph, seeds: Uint8Array, costs = DEFAULT_GROWTH_COSTS): Growth {
  const labels = new Uint8Array(graph.count);
  const cost = new Float32Array(graph.count).fill(Number.POSITIVE_INFINITY);
  const brushLabels = [...new Set(seeds)].filter((label) => label > 0);
  for (const label of brushLabels) {
    const reached = growOne(graph, seeds, label, costs);
    for (let region = 0; region < graph.count; region++) {
      const distance = reached[region] ?? Number.POSITIVE_INFINITY;
      if (distance < (cost[region] ?? 0) && distance <= costs.reach) {
        cost[region] = distance;
        labels[region] = label;
      }
    }
  }
  // A pinned superpixel is its brush's, whatever another brush's growth says.
  for (let region = 0; region < graph.count; region++)
    if ((seeds[region] ?? 0) > 0) {
      labels[region] = seeds[region] ?? 0;
      cost[region] = 0;
    }
  return { labels, cost };
}

/** One brush's geodesic distance to every superpixel (Dijkstra from its pinned superpixels). */
function growOne(graph: RegionGraph, seeds: Uint8Array, label: number, costs: GrowthCosts): Float64Array {
  const { count, colour, start, neighbours, border } = graph;
  const samples = sampleColours(graph, seeds, label);
  const unlikeness = new Float32Array(count);
  for (let region = 0; region < count; region++) {
    let nearest = Number.POSITIVE_INFINITY;
    for (let s = 0; s < samples.length / 3; s++)
      nearest = Math.min(nearest, labDistanceSquared(colour, region, samples, s));
    unlikeness[region] = Math.max(0, Math.sqrt(nearest) - costs.tolerance);
  }
  const distance = new Float64Array(count).fill(Number.POSITIVE_INFINITY);
  const heap = new MinHeap(count * 2);
  for (let region = 0; region < count; region++)
    if (seeds[region] === label) {
      distance[region] = 0;
      heap.push(0, region);
    }
  while (heap.size > 0) {
    const [reached, region] = heap.pop();
    if (reached > (distance[region] ?? 0) || reached > costs.reach) continue;
    // Another brush's pinned superpixel is a wall for this one.
    if ((seeds[region] ?? 0) !== 0 && seeds[region] !== label) continue;
    for (let at = start[region] ?? 0, end = start[region + 1] ?? 0; at < end; at++) {
      const next = neighbours[at] ?? 0;
      const step =
        costs.colour * Math.sqrt(labDistanceSquared(colour, region, colour, next)) +
        costs.edge * (border[at] ?? 0) +
        costs.likeness * (unlikeness[next] ?? 0) +
        costs.step;
      const through = reached + step;
      if (through < (distance[next] ?? 0)) {
        distance[next] = through;
        heap.push(through, next);
      }
    }
  }
  return distance;
}

/** The colours of the superpixels pinned to `label`, at most MAX_SAMPLES of them spread evenly. */
function sampleColours({ count, colour }: RegionGraph, seeds: Uint8Array, label: number): Float32Array {
  const pinned: number[] = [];
  for (let region = 0; region < count; region++) if (seeds[region] === label) pinned.push(region);
  const every = Math.max(1, pinned.length / MAX_SAMPLES);
  const samples: number[] = [];
  for (let i = 0; i < pinned.length; i += every) {
    const region = pinned[Math.floor(i)] ?? 0;
    samples.push(colour[region * 3] ?? 0, colour[region * 3 + 1] ?? 0, colour[region * 3 + 2] ?? 0);
  }
  return Float32Array.from(samples);
}
