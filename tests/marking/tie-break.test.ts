import { describe, expect, it } from 'vitest';
import { labelOf } from '../../src/marking/brushes';
import { type BrushSeeds, DEFAULT_GROWTH_COSTS, growLabels } from '../../src/marking/geodesic-growth';
import type { RegionGraph } from '../../src/marking/region-graph';

// D160: where a brush and keep reach a superpixel over the same largest step, the shorter path wins, its steps
// each raised to `tiePower`. Kitchen-03's white room door beside a white run is such a tie: the fronts reach it
// across the run's end panel in a few steps, keep from the ceiling across nothing in many small ones, both over
// the door frame's moulding; by the plain sum the fronts took the door. The graph here is that in small: one
// colour everywhere, so a step costs `edge` times its border.
const FRONTS = labelOf('fronts');
const PIN = 0;
const TARGET = 2;
const KEEP_SEED = 3;
/** Each pair of neighbours and the step between them. */
const STEPS: readonly (readonly [number, number, number])[] = [
  // The brush: two steps of 2 (sum 4).
  [PIN, 1, 2],
  [1, TARGET, 2],
  // Keep: the same bottleneck of 2, then four of 0.55 (sum 4.2).
  [KEEP_SEED, 4, 2],
  [4, 5, 0.55],
  [5, 6, 0.55],
  [6, 7, 0.55],
  [7, TARGET, 0.55],
];
const COUNT = 8;

function chainGraph(): RegionGraph {
  const links = Array.from({ length: COUNT }, () => [] as [number, number][]);
  for (const [one, other, step] of STEPS) {
    links[one]?.push([other, step / DEFAULT_GROWTH_COSTS.edge]);
    links[other]?.push([one, step / DEFAULT_GROWTH_COSTS.edge]);
  }
  const start = new Int32Array(COUNT + 1);
  links.forEach((list, region) => {
    start[region + 1] = (start[region] ?? 0) + list.length;
  });
  const flat = links.flat();
  return {
    count: COUNT,
    colour: new Float32Array(COUNT * 3).fill(50),
    size: new Int32Array(COUNT).fill(100),
    centre: new Float32Array(COUNT * 2),
    start,
    neighbours: Int32Array.from(flat.map(([other]) => other)),
    border: Float32Array.from(flat.map(([, border]) => border)),
    busyness: new Float32Array(COUNT),
  };
}

const fronts: BrushSeeds = {
  label: FRONTS,
  pinned: [PIN],
  touched: [PIN],
  keep: [KEEP_SEED],
  paintedKeep: [],
};
const grown = (tiePower: number) =>
  growLabels(chainGraph(), [fronts], new Uint8Array(COUNT), labelOf('not-this'), {
    ...DEFAULT_GROWTH_COSTS,
    tiePower,
  });

describe('a tie in the largest step', () => {
  it('goes to keep, whose way is many small steps, over a brush whose way is a few larger ones', () => {
    expect(grown(DEFAULT_GROWTH_COSTS.tiePower)[TARGET]).toBe(0);
  });

  it('went to the brush by the plain sum of the steps (4 against 4.2)', () => {
    expect(grown(1)[TARGET]).toBe(FRONTS);
  });

  it('decides each superpixel by its own ways: the pin’s neighbour is the brush’s, keep’s chain is keep’s', () => {
    const labels = grown(DEFAULT_GROWTH_COSTS.tiePower);
    expect(labels[1]).toBe(FRONTS);
    expect(labels[5]).toBe(0);
  });
});
