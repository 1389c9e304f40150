// One photo being marked: the costly part (Lab, edges, superpixels, their graph) is done once when the photo
// arrives; each mark after that re-runs only the growth over the graph and the clean-up along the borders.

import { MARKED_SURFACES, type MarkedSurface } from '../../contract/surface-masks';
import { type Brush, labelOf, type Mark, surfaceLabel } from './brushes';
import { toLab } from './colour-lab';
import { beyondCounterEdges, type CounterEdgeOptions, DEFAULT_COUNTER_EDGES } from './counter-edges';
import { type CounterFaceOptions, DEFAULT_COUNTER_FACE, markCounterFaces } from './counter-face';
import { type CounterTopOptions, DEFAULT_COUNTER_TOP, topsBehindFaces } from './counter-top';
import { DEFAULT_DOOR_GAPS, type DoorGapOptions, insideDoor, runOutline } from './door-gaps';
import { edgeStrength } from './edge-strength';
import { type BrushSeeds, DEFAULT_GROWTH_COSTS, type GrowthCosts, growLabels } from './geodesic-growth';
import {
  borderRegions,
  coresUnlike,
  DEFAULT_KEEP,
  type FoundObject,
  type KeepOptions,
  objectCoreRegions,
  unpaintedKeep,
} from './keep-seeds';
import {
  type ContinuationOptions,
  continuations,
  DEFAULT_CONTINUATIONS,
  gradientDirections,
  straightSegments,
  withContinuations,
} from './line-continuations';
import { type LineSupport, prepareLineSupport } from './line-support';
import {
  DEFAULT_LOOK_ALIKE,
  type LookAlikeOptions,
  type LookAlikes,
  lookAlikes,
  type RegionShapes,
  regionShapes,
} from './look-alikes';
import type { LabPicture, RgbaPicture } from './pixels';
import { DEFAULT_REFINE, type RefineOptions, refineEdges } from './refine-edges';
import { type RegionGraph, regionGraph } from './region-graph';
import { type PhotoEdge, runOffRegions, topRunOffRegions } from './run-off-edges';
import { type Superpixels, slic } from './slic';
import { everTouched, forEachPathPixel, seedRegions } from './stroke-seeds';

export interface MarkingOptions {
  /** About how many superpixels (DESIGN: about 4,000 at 1200 px). */
  regions?: number;
  costs?: GrowthCosts;
  keep?: KeepOptions;
  counterEdges?: CounterEdgeOptions;
  counterFace?: CounterFaceOptions;
  counterTop?: CounterTopOptions;
  doorGaps?: DoorGapOptions;
  /** Which straight outlines the brushes see running on unseen (`line-continuations.ts`). */
  continuations?: ContinuationOptions;
  lookAlike?: LookAlikeOptions;
  /** What a detector found in the photo: their cores stay the photo's own unless a stroke says otherwise. */
  objects?: readonly FoundObject[];
  /** How the borders are settled at the pixel level (`refine-edges.ts`). */
  refine?: RefineOptions;
}

export interface Marking {
  /** The label of every pixel of the working picture (0 unmarked, then BRUSHES' order plus one). */
  readonly pixels: Uint8Array;
  /** The label of every superpixel, as the growth decided before the border clean-up. */
  readonly regions: Uint8Array;
  /** Areas that look like the last mark's surface and are not marked yet (none after a "Not this" mark). */
  readonly lookAlikes: LookAlikes & { readonly brush: Brush | undefined };
}

export class MarkingSession {
  readonly width: number;
  readonly height: number;
  private readonly lab: LabPicture;
  readonly superpixels: Superpixels;
  readonly graph: RegionGraph;
  private readonly costs: GrowthCosts;
  private readonly lookAlike: LookAlikeOptions;
  private readonly keep: KeepOptions;
  private readonly counterEdges: CounterEdgeOptions;
  private readonly counterFace: CounterFaceOptions;
  private readonly counterTop: CounterTopOptions;
  private readonly doorGaps: DoorGapOptions;
  private readonly borderRadius: number;
  private readonly border: PhotoEdge;
  private readonly objectCores: number[][];
  private readonly shapes: RegionShapes;
  private readonly edges: Float32Array;
  /** How strongly each pixel lies on a straight edge: where the refinement settles the borders. */
  private readonly lineSupport: LineSupport;
  private readonly refine: RefineOptions;

  constructor(picture: RgbaPicture, options: MarkingOptions = {}) {
    this.lab = toLab(picture);
    this.width = picture.width;
    this.height = picture.height;
    const edges = edgeStrength(this.lab);
    this.edges = edges;
    this.lineSupport = prepareLineSupport(this.lab);
    this.superpixels = slic(this.lab, edges, { regions: options.regions ?? 4000 });
    this.graph = withContinuations(
      regionGraph(this.lab, edges, this.superpixels),
      this.superpixels.labels,
      this.width,
      outlinesRunningOn(this.width, this.height, edges, this.lineSupport, options.continuations),
    );
    this.costs = options.costs ?? DEFAULT_GROWTH_COSTS;
    this.lookAlike = options.lookAlike ?? DEFAULT_LOOK_ALIKE;
    this.keep = options.keep ?? DEFAULT_KEEP;
    this.counterEdges = options.counterEdges ?? DEFAULT_COUNTER_EDGES;
    this.counterFace = options.counterFace ?? DEFAULT_COUNTER_FACE;
    this.counterTop = options.counterTop ?? DEFAULT_COUNTER_TOP;
    this.doorGaps = options.doorGaps ?? DEFAULT_DOOR_GAPS;
    this.border = borderRegions(this.superpixels);
    this.shapes = regionShapes(this.width, this.height, this.superpixels.labels, this.graph.count);
    this.objectCores = objectCoreRegions(
      this.graph,
      this.width,
      this.height,
      options.objects ?? [],
      this.keep,
    );
    // Half a superpixel's side: far enough to reach across one that straddles an edge.
    this.borderRadius = Math.max(2, Math.ceil(Math.sqrt((this.width * this.height) / this.graph.count) / 2));
    this.refine = options.refine ?? DEFAULT_REFINE;
  }

  mark(marks: readonly Mark[]): Marking {
    const seeds = seedRegions(this.superpixels, marks);
    const tops = this.strokesOnCounterTops(marks);
    const labels = growLabels(
      this.graph,
      this.brushSeeds(seeds, marks, tops),
      seeds.map((label) => (label === NOT_THIS ? 1 : 0)),
      NOT_THIS,
      this.costs,
    );
    const pixels = refineEdges(
      this.lab,
      this.superpixels,
      this.graph,
      labels,
      this.lineSupport,
      this.strokePixels([...marks, ...tops]),
      2 * this.borderRadius,
      this.refine,
    );
    // Only a marked worktop has a face: a fronts-only marking skips the whole picture's scan.
    if (labels.includes(labelOf('worktop')))
      markCounterFaces(pixels, this.lab, this.edges, labelOf('worktop'), this.counterFace);
    const brush = marks.at(-1)?.brush;
    const offered =
      brush && brush !== 'not-this'
        ? lookAlikes(this.graph, labels, labelOf(brush), this.shapes, this.lookAlike)
        : { regions: [], areas: 0, pixels: 0 };
    return { pixels, regions: labels, lookAlikes: { ...offered, brush } };
  }

  /**
   * 1 under every stroke's path where the photo's colour is within `strokeColour` ΔE of the stroke's median colour:
   * the pixels the visitor painted keep their label at the pixel level, less where the stroke crossed something
   * else on the way (a hob, a tap on the counter).
   */
  private strokePixels(marks: readonly Mark[]): Uint8Array {
    const painted = new Uint8Array(this.width * this.height);
    const limit = this.refine.strokeColour ** 2;
    const { lab } = this.lab;
    for (const mark of marks) {
      if (mark.kind !== 'stroke') continue;
      const path: number[] = [];
      forEachPathPixel(mark.points, this.width, this.height, (pixel) => {
        path.push(pixel);
      });
      const median = [0, 1, 2].map((channel) => {
        const values = path.map((pixel) => lab[pixel * 3 + channel] ?? 0).sort((a, b) => a - b);
        return values[values.length >> 1] ?? 0;
      });
      for (const pixel of path) {
        let distance = 0;
        for (let channel = 0; channel < 3; channel++)
          distance += ((lab[pixel * 3 + channel] ?? 0) - (median[channel] ?? 0)) ** 2;
        if (distance <= limit) painted[pixel] = 1;
      }
    }
    return painted;
  }

  /**
   * What the fronts' strokes say of their runs (`door-gaps.ts`), a superpixel at a time by its middle: 1 in `doors`
   * inside a door, less a detected thing's core and the doors where the visitor painted "Not this" (`painted`: the
   * tracing was wrong there, and the rest of such a door must go back to the photo with the stroke); 1 in
   * `pastEdges` just past a run's own edge and in no door.
   */
  private runOf(strokes: readonly (readonly number[])[], painted: Uint8Array) {
    const { centre, count } = this.graph;
    const middle = (region: number) => [centre[region * 2] ?? 0, centre[region * 2 + 1] ?? 0] as const;
    const notThis = [...painted.keys()].filter((region) => painted[region] === 1).map(middle);
    const outline = runOutline(this.lineSupport, strokes, this.doorGaps);
    const doors = outline.doors.filter((door) => !notThis.some(([x, y]) => insideDoor(door, x, y)));
    const within = new Uint8Array(count);
    const past = new Uint8Array(count);
    if (doors.length === 0 && outline.pastEdges.length === 0) return { doors: within, pastEdges: past };
    for (let region = 0; region < count; region++) {
      const [x, y] = middle(region);
      if (doors.some((door) => insideDoor(door, x, y))) within[region] = 1;
      else if (outline.pastEdges.some((band) => insideDoor(band, x, y))) past[region] = 1;
    }
    // A detected thing (an oven in a tall unit, a fridge between runs) is no door, whatever lines run past it.
    for (const core of this.objectCores) for (const region of core) within[region] = 0;
    return { doors: within, pastEdges: past };
  }

  /** The superpixels just beyond the counter edges along each worktop stroke, less the worktop's own (`mine`). */
  private beyondCounters(marks: readonly Mark[], mine: Uint8Array): number[] {
    const strokes = strokesOf(marks, 'worktop');
    const regions = new Set<number>();
    const side = 2 * this.borderRadius;
    for (const pixel of beyondCounterEdges(
      this.edges,
      this.width,
      this.height,
      strokes,
      side,
      this.counterEdges,
    ))
      regions.add(this.superpixels.labels[pixel] ?? 0);
    return [...regions].filter((region) => mine[region] !== 1);
  }

  /** Worktop strokes on the counter tops behind the visitor's worktop strokes drawn on their front faces. */
  private strokesOnCounterTops(marks: readonly Mark[]): Mark[] {
    return topsBehindFaces(this.lab, this.edges, strokesOf(marks, 'worktop'), this.counterTop).map(
      (points) => ({
        kind: 'stroke',
        brush: 'worktop',
        points,
      }),
    );
  }

  /**
   * What each surface's brush and its rival keep start from. Keep's seeds against a brush are every superpixel
   * ever painted "Not this" and the unpainted ones, less the brush's own pinned superpixels: another brush's
   * stroke takes none of them away, so it cannot make this brush grow.
   */
  private brushSeeds(seeds: Uint8Array, marks: readonly Mark[], tops: readonly Mark[]): BrushSeeds[] {
    const onTops = seedRegions(this.superpixels, tops);
    const painted = everTouched(this.superpixels, marks, 'not-this');
    const longSide = Math.max(this.width, this.height);
    const clearance = this.keep.borderClearance * longSide;
    return MARKED_SURFACES.map((surface) => {
      const label = surfaceLabel(surface);
      const mine = seeds.map((seed) => (seed === label ? 1 : 0));
      const everMine = everTouched(this.superpixels, marks, surface);
      // The tops behind the faces are pinned as the visitor's strokes are, but never over another mark.
      if (surface === 'worktop')
        onTops.forEach((onTop, region) => {
          if (onTop !== 0 && seeds[region] === 0 && painted[region] !== 1)
            [mine[region], everMine[region]] = [1, 1];
        });
      const pinned: number[] = [];
      const touched: number[] = [];
      const paintedKeep: number[] = [];
      mine.forEach((isMine, region) => {
        if (isMine === 1) pinned.push(region);
        else if (painted[region] === 1) paintedKeep.push(region);
        if (everMine[region] === 1) touched.push(region);
      });
      const strokes = strokesOf(marks, surface);
      const runOff = runOffRegions(this.graph, this.border, strokes, longSide, this.keep.runOff[surface]);
      if (surface === 'fronts')
        for (const region of topRunOffRegions(
          this.graph,
          this.border,
          this.lineSupport,
          strokes,
          this.keep.topRunOff,
        ))
          runOff.add(region);
      const border = this.border.all.filter((region) => !runOff.has(region));
      const cores =
        surface === 'worktop'
          ? coresUnlike(this.graph, this.objectCores, pinned, mine, this.keep.worktopInCore)
          : this.objectCores;
      const keep = unpaintedKeep(this.graph, border, cores, pinned, mine, clearance);
      if (surface === 'worktop') keep.push(...this.beyondCounters(marks, mine));
      const run = surface === 'fronts' ? this.runOf(strokes, painted) : undefined;
      return {
        label,
        pinned,
        touched,
        keep,
        paintedKeep,
        doors: run?.doors,
        pastRun: run?.pastEdges,
        even: surface === 'fronts',
      };
    });
  }
}

const NOT_THIS = labelOf('not-this');

/** The points of every stroke of a surface's brush (taps and accepted offers are not strokes). */
const strokesOf = (marks: readonly Mark[], surface: MarkedSurface) =>
  marks.flatMap((mark) => (mark.kind === 'stroke' && mark.brush === surface ? [mark.points] : []));

/** One surface's mask from a marking's pixels: 255 where the surface is, 0 elsewhere. */
export function surfaceMask(pixels: Uint8Array, surface: MarkedSurface): Uint8Array {
  const label = surfaceLabel(surface);
  const mask = new Uint8Array(pixels.length);
  for (let pixel = 0; pixel < pixels.length; pixel++) if (pixels[pixel] === label) mask[pixel] = 255;
  return mask;
}

/** The straight outlines that run on across plain picture past where the photo shows them. */
function outlinesRunningOn(
  width: number,
  height: number,
  edges: Float32Array,
  support: LineSupport,
  options = DEFAULT_CONTINUATIONS,
) {
  const map = { width, height, edges, normal: gradientDirections(support, edges, options.edge) };
  return continuations(map, straightSegments(map, options), options);
}
