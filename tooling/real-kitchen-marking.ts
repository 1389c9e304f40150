// The marking tool on a traced real kitchen (issue 32): the photo opened as the marking worker opens it (at the
// working size), marked with the visitor's natural strokes, and measured against the trace. The real-photo
// marking tests and the marking benchmark both measure through here.
import sharp from 'sharp';
import { normaliseImage } from '../server/images/normalise-image';
import { locateObjects } from '../server/moderation/coco-detector';
import { KITCHEN_OBJECT_MIN_SCORE, locatedKitchenCheckOf } from '../server/moderation/kitchen-check';
import { labelOf } from '../src/marking/brushes';
import type { FoundObject } from '../src/marking/keep-seeds';
import { type MarkingOptions, MarkingSession } from '../src/marking/marking-session';
import { workingSize } from '../src/marking/working-picture';
import { type HandMarkedKitchen, naturalStrokes, tracedKeep, tracedMasks } from './marked-real-kitchens';
import { markUntil, type Truth, truthOf } from './marking-visitor';
import { realPhotoIfPresent } from './photo-source';

/** What the moderation thread's detector locates in the photo as the upload normalises it, as the app gets it. */
export async function locatedObjects(kitchen: HandMarkedKitchen): Promise<FoundObject[]> {
  const photo = realPhotoIfPresent(kitchen.file);
  if (!photo) return [];
  const { bytes } = await normaliseImage(photo);
  const check = locatedKitchenCheckOf(await locateObjects(bytes, KITCHEN_OBJECT_MIN_SCORE));
  return check.objects ?? [];
}

export interface OpenedKitchen {
  readonly session: MarkingSession;
  readonly truth: Truth;
  /** The working picture's RGBA bytes. */
  readonly rgba: Uint8ClampedArray;
  /** 255 where the trace keeps the photo's own inside or over the surfaces (hob, sink, counter objects). */
  readonly kept: Uint8Array;
}

/** The kitchen's photo at the working size in a marking session, with its trace as the truth. */
export async function openTracedKitchen(
  kitchen: HandMarkedKitchen,
  objects: readonly FoundObject[] = [],
  options: Omit<MarkingOptions, 'objects'> = {},
): Promise<OpenedKitchen | undefined> {
  const photo = realPhotoIfPresent(kitchen.file);
  if (!photo) return undefined;
  const { width: shownWidth, height: shownHeight } = (await sharp(photo).metadata()).autoOrient;
  const size = workingSize(shownWidth, shownHeight);
  const data = await sharp(photo)
    .rotate()
    .resize(size.width, size.height, { fit: 'fill' })
    .ensureAlpha()
    .raw()
    .toBuffer();
  const rgba = new Uint8ClampedArray(data.buffer, data.byteOffset, data.length);
  const session = new MarkingSession(
    { width: size.width, height: size.height, data: rgba },
    { ...options, objects },
  );
  const masks = await tracedMasks(kitchen, size.width, size.height);
  const { fronts, worktop } = masks.planes;
  if (!fronts || !worktop) throw new Error(`${kitchen.name}: the trace made no masks`);
  const kept = await tracedKeep(kitchen, size.width, size.height);
  return { session, truth: truthOf(size.width, size.height, fronts, worktop), rgba, kept };
}

export interface NaturalMarking {
  /** Of what is neither fronts nor worktop, the share marked as either. */
  readonly keepMarked: number;
  /** Of each surface, the share marked as that surface. */
  readonly recall: { readonly fronts: number; readonly worktop: number };
  /** Of what the trace keeps over the surfaces (hob, sink, counter objects), the share marked as a surface. */
  readonly keptMarked: number;
  readonly strokes: number;
  /** The marking's pixel labels. */
  readonly pixels: Uint8Array;
}

/** The marking the kitchen's natural strokes make, measured against its trace. */
export function markNaturally(kitchen: HandMarkedKitchen, opened: OpenedKitchen): NaturalMarking {
  const { session, truth } = opened;
  const strokes = naturalStrokes(kitchen, session.width, session.height);
  const { pixels } = session.mark(strokes);
  const fronts = labelOf('fronts');
  const worktop = labelOf('worktop');
  let keepArea = 0;
  let keepMarked = 0;
  let keptArea = 0;
  let keptMarked = 0;
  const area = { fronts: 0, worktop: 0 };
  const found = { fronts: 0, worktop: 0 };
  for (let pixel = 0; pixel < pixels.length; pixel++) {
    const truthLabel = truth.labels[pixel];
    const marked = pixels[pixel];
    if ((opened.kept[pixel] ?? 0) >= 128) {
      keptArea++;
      if (marked === fronts || marked === worktop) keptMarked++;
    }
    if (truthLabel === fronts) {
      area.fronts++;
      if (marked === fronts) found.fronts++;
    } else if (truthLabel === worktop) {
      area.worktop++;
      if (marked === worktop) found.worktop++;
    } else {
      keepArea++;
      if (marked === fronts || marked === worktop) keepMarked++;
    }
  }
  return {
    keepMarked: keepMarked / Math.max(1, keepArea),
    recall: {
      fronts: found.fronts / Math.max(1, area.fronts),
      worktop: found.worktop / Math.max(1, area.worktop),
    },
    keptMarked: keptMarked / Math.max(1, keptArea),
    strokes: strokes.length,
    pixels,
  };
}

/** The goal of issue 32's simulated visitor on a real photo. */
export const REAL_PHOTO_GOAL = { fronts: 0.9, worktop: 0.85 } as const;

/**
 * The natural strokes, then a simulated visitor's corrections (the largest wrong area stroked with the brush it
 * needs, "Not this" included, look-alikes accepted when mostly right) until the goal or `maxMoves`.
 */
export function movesToGoal(kitchen: HandMarkedKitchen, opened: OpenedKitchen, maxMoves: number) {
  const { session, truth } = opened;
  const startingWith = naturalStrokes(kitchen, session.width, session.height);
  const moves = markUntil(session, truth, REAL_PHOTO_GOAL, maxMoves, { startingWith });
  const last = moves.at(-1)?.iou ?? { fronts: 0, worktop: 0 };
  const reached = last.fronts >= REAL_PHOTO_GOAL.fronts && last.worktop >= REAL_PHOTO_GOAL.worktop;
  return { moves: moves.length, reached, iou: last };
}

/** The look-alike offer after the kitchen's first natural fronts stroke alone: how many areas, how much is fronts. */
export function firstFrontsOffer(kitchen: HandMarkedKitchen, opened: OpenedKitchen) {
  const { session, truth } = opened;
  const first = naturalStrokes(kitchen, session.width, session.height).find(
    (mark) => mark.brush === 'fronts',
  );
  if (!first) return undefined;
  const { lookAlikes } = session.mark([first]);
  const offered = new Uint8Array(session.graph.count);
  for (const region of lookAlikes.regions) offered[region] = 1;
  let pixels = 0;
  let fronts = 0;
  session.superpixels.labels.forEach((region, pixel) => {
    if (offered[region] !== 1) return;
    pixels++;
    if (truth.labels[pixel] === labelOf('fronts')) fronts++;
  });
  return { areas: lookAlikes.areas, frontsShare: pixels === 0 ? 1 : fronts / pixels };
}
