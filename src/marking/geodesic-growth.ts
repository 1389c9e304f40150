// Competing growth over the superpixel graph (issue 32). Every brush and "keep" spread from their seeds, and a
// superpixel takes the brush nearest to it only when that brush is also nearer than keep. Keep is seeded where the
// visitor painted "Not this" and, unpainted, where a kitchen's surfaces almost never are (the photo's border away
// from the brush's strokes, the things a detector found): so a stroke stops at the strongest edge between it and
// the room, and what no stroke claims stays the photo's own. Unpainted keep spreads by the photo's edges alone (the
// room is of every colour); painted keep spreads as a brush does, so a "Not this" takes back what it was painted on.
//
// Nearness is a path's largest single step ("minimax"), not its sum: the boundary between two seeds then falls
// on the strongest edge between them, wherever it is, and a flat ceiling costs keep nothing however far it goes.
// Where two are bounded by the same edge, the summed path breaks the tie. Each is an exact shortest path of its
// own (a blend of the two is not, and lets a new seed push a far superpixel's nearness up), so a seed added only
// ever brings its label nearer.
import type { LabelIndex } from './brushes';
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
  /**
   * For a brush of made, even surfaces (`BrushSeeds.even`): per unit of edge strength inside a superpixel beyond
   * `busier` times that inside the pin it is likened to, counted into its unlikeness.
   */
  readonly busyness: number;
  readonly busier: number;
  /** The largest step a brush may take and still claim what lies beyond it. */
  readonly reach: number;
  /**
   * Inside a door traced between the gaps a stroke crosses (`door-gaps.ts`), how much nearer than the brush
   * unpainted keep must be to hold a superpixel: only across a real edge, not by a shade of the same white. Just
   * past a run's edge, the same the other way: the brush takes a superpixel only if it is that much nearer.
   */
  readonly doorTie: number;
  /**
   * Where two paths' largest steps are the same (a bottleneck both share), the shorter path wins by the sum of its
   * steps each raised to this power: above 1, a path of a few larger steps counts as farther than one of many small
   * steps with the same sum, so a white door beside a run goes to the ceiling's keep that reaches it across nothing,
   * not to a stroke whose path crosses the run's end panel (D160).
   */
  readonly tiePower: number;
}

// Tuned with the simulated visitor's natural strokes on the real kitchens that are not held out
// (tooling/real-kitchen-marks) and on the made kitchens (tests/marking).
export const DEFAULT_GROWTH_COSTS: GrowthCosts = {
  colour: 1,
  edge: 0.5,
  likeness: 2,
  tolerance: 2,
  busyness: 1,
  busier: 1.5,
  reach: 40,
  doorTie: 12,
  tiePower: 1.2,
};

/** What a brush and its rival keep start from. */
export interface BrushSeeds {
  readonly label: LabelIndex;
  /** The superpixels the brush's marks pin. */
  readonly pinned: readonly number[];
  /**
   * Every superpixel a mark of the brush ever touched, a later mark of another brush or not: the brush competes
   * with the other brushes from these, so a later mark taking its pins cannot make another brush grow.
   */
  readonly touched: readonly number[];
  /** The superpixels unpainted keep starts from against this brush (the border, the things found, past counters). */
  readonly keep: readonly number[];
  /**
   * The superpixels ever painted "Not this", less the brush's own pins: keep starts from these too, spreading as a
   * brush does (D148). Ever, not now: another brush's stroke over one takes none of its colour from keep.
   */
  readonly paintedKeep: readonly number[];
  /** 1 for each superpixel inside a door traced from the brush's strokes (`doorTie`). */
  readonly doors?: Uint8Array;
  /** 1 for each superpixel just past the edge of a run the brush's strokes cross (`doorTie`). */
  readonly pastRun?: Uint8Array;
  /**
   * Whether the brush's surface is made and even inside, so that a superpixel much busier than the pins of its
   * colour is unlike them: the fronts, against white tiles and their grout, a hob's burners or a lamp's rim. Not
   * the worktop: a stone's veins and speckles are busier in one place than in another.
   */
  readonly even?: boolean;
}

/**
 * Labels every superpixel. A superpixel's nearest brush (from what each brush ever touched) claims it when that
 * brush's pins are nearer than its keep; otherwise keep holds it, shown as `keepLabel` when the keep that holds it
 * was painted (`painted`), else as 0. So a later "Not this" can only return superpixels to the photo, and a new
 * stroke changes a superpixel only where its brush became the nearest.
 */
export function growLabels(
  graph: RegionGraph,
  brushes: readonly BrushSeeds[],
  painted: Uint8Array,
  keepLabel: LabelIndex,
  costs = DEFAULT_GROWTH_COSTS,
): Uint8Array {
  const { count } = graph;
  // The brushes, and keep the visitor painted, see the outlines that run on unseen; unpainted keep does not.
  const brushBorder = graph.brushBorder ?? graph.border;
  const best: Nearness = {
    largest: new Float64Array(count).fill(Number.POSITIVE_INFINITY),
    sum: new Float64Array(count).fill(Number.POSITIVE_INFINITY),
    fromMarked: new Uint8Array(count),
  };
  const nearest = new Uint8Array(count);
  const beatsKeep = new Uint8Array(count);
  const heldByPainted = new Uint8Array(count);
  for (const brush of brushes) {
    if (brush.touched.length === 0) continue;
    const even = brush.even === true;
    const unlike = unlikenessTo(graph, brush.pinned, costs, even);
    const claims = nearness(graph, brush.pinned, unlike, costs, undefined, brushBorder);
    const competes =
      brush.pinned.length === brush.touched.length
        ? claims
        : nearness(
            graph,
            brush.touched,
            unlikenessTo(graph, brush.touched, costs, even),
            costs,
            undefined,
            brushBorder,
          );
    const keep = keepNearness(graph, brush, painted, costs, brushBorder);
    for (let region = 0; region < count; region++) {
      if (!nearer(competes, best, region)) continue;
      best.largest[region] = competes.largest[region] ?? Number.POSITIVE_INFINITY;
      best.sum[region] = competes.sum[region] ?? Number.POSITIVE_INFINITY;
      nearest[region] = brush.label;
      const inReach = (claims.largest[region] ?? 0) <= costs.reach;
      const wins = nearer(claims, keep, region) || inDoor(brush, claims, keep, region, costs);
      beatsKeep[region] = inReach && wins && !pastRun(brush, claims, keep, region, costs) ? 1 : 0;
      heldByPainted[region] = keep.fromMarked[region] ?? 0;
    }
  }
  const labels = new Uint8Array(count);
  for (let region = 0; region < count; region++) {
    if (nearest[region] !== 0 && beatsKeep[region] === 1) labels[region] = nearest[region] ?? 0;
    else if (painted[region] === 1 || (nearest[region] !== 0 && heldByPainted[region] === 1))
      labels[region] = keepLabel;
  }
  // A pinned superpixel is its brush's, whatever the growth says (the later of two marks already won there).
  for (const brush of brushes) for (const region of brush.pinned) labels[region] = brush.label;
  return labels;
}

/**
 * Inside a traced door, where the brush and unpainted keep reach a superpixel across no edge between them (a near
 * tie: in white kitchens most of what the growth missed or leaked is decided by a shade, D121), the door says it
 * is the brush's. What the visitor painted "Not this" is never taken back.
 */
function inDoor(brush: BrushSeeds, claims: Nearness, keep: Nearness, region: number, costs: GrowthCosts) {
  return (
    brush.doors?.[region] === 1 &&
    keep.fromMarked[region] === 0 &&
    (claims.largest[region] ?? Number.POSITIVE_INFINITY) - (keep.largest[region] ?? 0) < costs.doorTie
  );
}

/** Just past a run's edge (a plinth under its doors), a near tie is keep's: the brush must be clearly nearer. */
function pastRun(brush: BrushSeeds, claims: Nearness, keep: Nearness, region: number, costs: GrowthCosts) {
  return (
    brush.pastRun?.[region] === 1 &&
    (keep.largest[region] ?? 0) - (claims.largest[region] ?? Number.POSITIVE_INFINITY) < costs.doorTie
  );
}

/**
 * Keep's nearness against a brush. Unpainted keep (the border, the things found) spreads by the photo's edges
 * alone, the room being of every colour; keep the visitor painted "Not this" spreads as a brush does (across `brushBorder`), the less the
 * more a superpixel is unlike what it was painted on: a "Not this" on a kettle takes back the kettle, not the
 * counter it stands on (issue 32, item 2: strokes act locally). Held "by the visitor" (`fromMarked`) where the
 * nearer of the two came from a superpixel painted "Not this" now (`painted`).
 */
function keepNearness(
  graph: RegionGraph,
  { keep, paintedKeep }: BrushSeeds,
  painted: Uint8Array,
  costs: GrowthCosts,
  brushBorder: Float32Array,
): Nearness {
  const unpainted = nearness(graph, keep, undefined, costs, painted);
  if (paintedKeep.length === 0) return unpainted;
  const likeness = unlikenessTo(graph, paintedKeep, costs, false);
  const byHand = nearness(graph, paintedKeep, likeness, costs, painted, brushBorder);
  const { count } = graph;
  const merged: Nearness = {
    largest: new Float64Array(count),
    sum: new Float64Array(count),
    fromMarked: new Uint8Array(count),
  };
  for (let region = 0; region < count; region++) {
    const from = nearer(byHand, unpainted, region) ? byHand : unpainted;
    merged.largest[region] = from.largest[region] ?? Number.POSITIVE_INFINITY;
    merged.sum[region] = from.sum[region] ?? Number.POSITIVE_INFINITY;
    merged.fromMarked[region] = from.fromMarked[region] ?? 0;
  }
  return merged;
}

interface Nearness {
  /** The path's largest step (minimax). */
  readonly largest: Float64Array;
  /** The shortest summed path (steps raised to `tiePower`), for ties. */
  readonly sum: Float64Array;
  /** 1 where the minimax path came from one of `marked`'s seeds. */
  readonly fromMarked: Uint8Array;
}

/** Whether `one` is nearer to `region` than `other`: the smaller largest step, or on a tie the shorter sum. */
function nearer(one: Nearness, other: Nearness, region: number): boolean {
  const largest = one.largest[region] ?? Number.POSITIVE_INFINITY;
  const otherLargest = other.largest[region] ?? Number.POSITIVE_INFINITY;
  if (largest !== otherLargest) return largest < otherLargest;
  return (one.sum[region] ?? Number.POSITIVE_INFINITY) < (other.sum[region] ?? Number.POSITIVE_INFINITY);
}

/** Nearness from `seeds` to every superpixel, both ways (minimax and summed), across `border`. */
function nearness(
  graph: RegionGraph,
  seeds: readonly number[],
  unlikeness: Float32Array | undefined,
  costs: GrowthCosts,
  marked?: Uint8Array,
  border = graph.border,
): Nearness {
  const steps = stepCosts(graph, unlikeness, costs, border);
  const minimax = shortestPaths(graph, seeds, steps, Math.max, marked);
  const tieSteps = costs.tiePower === 1 ? steps : steps.map((step) => step ** costs.tiePower);
  const summed = shortestPaths(graph, seeds, tieSteps, (reached, step) => reached + step);
  return { largest: minimax.distance, sum: summed.distance, fromMarked: minimax.fromMarked };
}

/** The cost of each step along the graph's edges (CSR order): colour change, edge strength, unlikeness. */
function stepCosts(
  graph: RegionGraph,
  unlikeness: Float32Array | undefined,
  costs: GrowthCosts,
  border: Float32Array,
): Float32Array {
  const { count, colour, start, neighbours } = graph;
  const steps = new Float32Array(neighbours.length);
  for (let region = 0; region < count; region++)
    for (let at = start[region] ?? 0, end = start[region + 1] ?? 0; at < end; at++) {
      const next = neighbours[at] ?? 0;
      steps[at] =
        costs.colour * Math.sqrt(labDistanceSquared(colour, region, colour, next)) +
        costs.edge * (border[at] ?? 0) +
        (unlikeness ? costs.likeness * (unlikeness[next] ?? 0) : 0);
    }
  return steps;
}

/** Dijkstra from `seeds`, a path's cost growing by `extend` (the sum, or the largest step: both isotone). */
function shortestPaths(
  graph: RegionGraph,
  seeds: readonly number[],
  steps: Float32Array,
  extend: (reached: number, step: number) => number,
  marked?: Uint8Array,
): { distance: Float64Array; fromMarked: Uint8Array } {
  const { count, start, neighbours } = graph;
  const distance = new Float64Array(count).fill(Number.POSITIVE_INFINITY);
  const fromMarked = new Uint8Array(count);
  const heap = new MinHeap(count * 2);
  for (const region of seeds) {
    distance[region] = 0;
    fromMarked[region] = marked?.[region] ?? 0;
    heap.push(0, region);
  }
  while (heap.size > 0) {
    const [reached, region] = heap.pop();
    if (reached > (distance[region] ?? 0)) continue;
    for (let at = start[region] ?? 0, end = start[region + 1] ?? 0; at < end; at++) {
      const next = neighbours[at] ?? 0;
      const through = extend(reached, steps[at] ?? 0);
      if (through < (distance[next] ?? 0)) {
        distance[next] = through;
        fromMarked[next] = fromMarked[region] ?? 0;
        heap.push(through, next);
      }
    }
  }
  return { distance, fromMarked };
}

/**
 * How unlike each superpixel is to the nearest colour the brush was marked on, beyond the tolerance, and for an
 * even brush how much busier it is inside than that pin (the least of the two together over the pins). Every
 * pinned superpixel counts (no sample of them): with fewer pins a superpixel can only grow less alike, so a mark
 * that takes pins from a brush never lets it grow elsewhere.
 */
function unlikenessTo(
  graph: RegionGraph,
  pinned: readonly number[],
  costs: GrowthCosts,
  even: boolean,
): Float32Array {
  const { count, colour, busyness } = graph;
  const unlikeness = new Float32Array(count);
  for (let region = 0; region < count; region++) {
    let nearest = Number.POSITIVE_INFINITY;
    if (even) {
      const busy = busyness[region] ?? 0;
      for (const sample of pinned) {
        const squared = labDistanceSquared(colour, region, colour, sample);
        // This pin's colour part alone is already no less than the nearest yet: it cannot be nearer.
        if (squared >= (nearest + costs.tolerance) ** 2) continue;
        const hue = Math.max(0, Math.sqrt(squared) - costs.tolerance);
        const busier = Math.max(0, busy - costs.busier * (busyness[sample] ?? 0));
        nearest = Math.min(nearest, hue + costs.busyness * busier);
        if (nearest === 0) break;
      }
      // With no pins, as unlike as the colour-only path makes it: never claimed.
      unlikeness[region] = nearest;
      continue;
    }
    for (const sample of pinned) {
      nearest = Math.min(nearest, labDistanceSquared(colour, region, colour, sample));
      if (nearest === 0) break;
    }
    unlikeness[region] = Math.max(0, Math.sqrt(nearest) - costs.tolerance);
  }
  return unlikeness;
}
