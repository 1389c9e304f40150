// "Is it a kitchen?" (issue 22, item 4): a soft check, never a refusal. A photo looks like a kitchen when the COCO
// detector finds one of the objects only kitchens hold. The set and the threshold come from measurements
// (docs/decisions.md D45): every real kitchen in the fixtures scores at least 0.25 on one of them, the living room,
// the colour chart and the empty room score at most 0.11.
import type { KitchenCheck } from '../../contract/images';
import type { DetectedObject, LocatedObject } from './coco-detector';

/**
 * COCO's kitchen appliances. Not `dining table`, `bowl` or `cup`: living and dining rooms hold them (the living
 * room fixture finds cups and bowls at 0.27 and 0.14).
 */
export const KITCHEN_OBJECTS: ReadonlySet<string> = new Set([
  'refrigerator',
  'oven',
  'microwave',
  'sink',
  'toaster',
]);

/**
 * Above the non-kitchens' strongest (0.11, a sink in the empty room), below the real kitchens' weakest best (0.25),
 * and low enough that most of the renderer's drawn kitchens pass (0.14 to 0.23): a false warning on a real kitchen
 * costs more than a missed one on a room that is not.
 */
export const KITCHEN_OBJECT_MIN_SCORE = 0.15;

/** The check for one photo, from what the detector found in it. */
export function kitchenCheckOf(objects: readonly DetectedObject[]): KitchenCheck {
  const found = objects
    .filter((object) => KITCHEN_OBJECTS.has(object.label) && object.score >= KITCHEN_OBJECT_MIN_SCORE)
    .map((object) => object.label);
  return { looksLikeKitchen: found.length > 0, found: [...new Set(found)] };
}

/**
 * What the marking tool keeps the photo's own where found (issue 32): appliances, furniture and the things that
 * stand on a counter, never a surface a visitor would mark. Not `dining table` (an island top is found as one).
 */
export const OBJECTS_TO_KEEP: ReadonlySet<string> = new Set([
  ...KITCHEN_OBJECTS,
  'chair',
  'couch',
  'bench',
  'person',
  'tv',
  'bottle',
  'wine glass',
  'cup',
  'bowl',
  'vase',
  'potted plant',
  'knife',
  'spoon',
  'fork',
  'clock',
  'book',
  'banana',
  'apple',
  'orange',
]);

/** A located thing is kept from this score on: below it the detector names cabinets as ovens. */
export const OBJECT_TO_KEEP_MIN_SCORE = 0.2;
/** The most located things sent: the best scored, enough for a cluttered counter. */
const MOST_OBJECTS = 32;

const rounded = (value: number) => Math.round(value * 1000) / 1000;

/** The check for one photo, from where the detector found what, with the things to keep located. */
export function locatedKitchenCheckOf(objects: readonly LocatedObject[]): KitchenCheck {
  const kept = objects
    .filter((object) => OBJECTS_TO_KEEP.has(object.label) && object.score >= OBJECT_TO_KEEP_MIN_SCORE)
    .slice(0, MOST_OBJECTS)
    .map(({ label, box }) => ({ label, box: box.map(rounded) as [number, number, number, number] }));
  return { ...kitchenCheckOf(objects), objects: kept };
}
