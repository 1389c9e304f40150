import type { DoorProfile } from '../../../contract/catalogue';
import type { KitchenLayoutId } from '../../../contract/layouts';
import { type FrontLook, surfaceLooksOf, type WorktopLook } from '../../../recolour/looks';
import type { FrontalPreviewEntry, WorktopPreviewEntry } from '../../catalogue/catalogue';

// Everything the concept drawing depends on, resolved from the user's catalogue choices. The drawing reads only
// this, so each choice maps to one visible trait.

export type HandleStyle = 'bar' | 'knob' | 'cup' | 'none';

export interface KitchenDesign {
  layout: KitchenLayoutId;
  hasIsland: boolean;
  profile: DoorProfile;
  handle: HandleStyle;
  fronts: FrontLook;
  worktop: WorktopLook & { material: string };
}

/**
 * The handle each door-style group is drawn with: the first typical pairing of reference catalogue §1.3 that the
 * drawing has (knob, cup or bar), so the same group always shows the same handle.
 */
const HANDLE_BY_GROUP: Readonly<Record<string, HandleStyle>> = {
  Shaker: 'knob',
  'Slim Shaker': 'bar',
  'In-frame': 'cup',
  'Beaded In-frame': 'knob',
  'Tongue & Groove': 'cup',
  Glazed: 'knob',
  Slab: 'bar',
  Fluted: 'knob',
  Curved: 'bar',
};

export function handleStyleFor(doorStyleGroup: string, isHandleless: boolean): HandleStyle {
  if (isHandleless) return 'none';
  return HANDLE_BY_GROUP[doorStyleGroup] ?? 'bar';
}

export function designFromChoices(
  frontal: FrontalPreviewEntry,
  worktop: WorktopPreviewEntry,
  layout: KitchenLayoutId,
  hasIsland: boolean,
): KitchenDesign {
  return {
    layout,
    hasIsland,
    profile: frontal.profile,
    handle: handleStyleFor(frontal.doorStyleGroup, frontal.isHandleless),
    ...surfaceLooksOf(frontal, worktop),
  };
}
