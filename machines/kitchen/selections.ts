// The frontal and worktop selections (spec §3) and their cascades (spec §4): a changed choice clears the
// choices that were made under it. Pure functions, so the statechart's actions stay one line each.
import type { FrontalPreview, WorktopColour, WorktopPreview } from './catalogue';

export interface FrontalsSelection {
  doorStyleGroup: string | null;
  isHandleless: boolean | null;
  finish: string | null;
  colorGroup: string | null;
  selectedFrontalId: string | null;
  selectedFrontalPreview: FrontalPreview | null;
}

export interface WorktopsSelection {
  selectedWorktopId: string | null;
  selectedWorktopPreview: WorktopPreview | null;
  material: string | null;
  colourGroup: string | null;
  /** The chosen colour's name (spec: "colour (id)"). */
  colour: string | null;
  selectedColourPreview: WorktopColour | null;
}

export const emptyFrontals = (): FrontalsSelection => ({
  doorStyleGroup: null,
  isHandleless: null,
  finish: null,
  colorGroup: null,
  selectedFrontalId: null,
  selectedFrontalPreview: null,
});

export const emptyWorktops = (): WorktopsSelection => ({
  selectedWorktopId: null,
  selectedWorktopPreview: null,
  material: null,
  colourGroup: null,
  colour: null,
  selectedColourPreview: null,
});

const clearedFrontal = { selectedFrontalId: null, selectedFrontalPreview: null } as const;

/**
 * Changing the door-style group clears finish, colour group and selected front (spec §4), and also the handle
 * choice: groups differ in the handle options they offer (DESIGN D11), so a choice made for one can be
 * impossible for another.
 */
export const chooseDoorStyleGroup = (
  current: FrontalsSelection,
  doorStyleGroup: string,
): FrontalsSelection =>
  current.doorStyleGroup === doorStyleGroup
    ? current
    : { doorStyleGroup, isHandleless: null, finish: null, colorGroup: null, ...clearedFrontal };

/** Changing the handle choice clears finish, colour group and selected front. */
export const chooseHandleless = (current: FrontalsSelection, isHandleless: boolean): FrontalsSelection =>
  current.isHandleless === isHandleless
    ? current
    : { ...current, isHandleless, finish: null, colorGroup: null, ...clearedFrontal };

/** Changing the finish clears colour group and selected front. */
export const chooseFinish = (current: FrontalsSelection, finish: string): FrontalsSelection =>
  current.finish === finish ? current : { ...current, finish, colorGroup: null, ...clearedFrontal };

/** Changing the colour group clears the selected front. */
export const chooseFrontalColourGroup = (
  current: FrontalsSelection,
  colorGroup: string,
): FrontalsSelection =>
  current.colorGroup === colorGroup ? current : { ...current, colorGroup, ...clearedFrontal };

export const chooseFrontal = (current: FrontalsSelection, frontal: FrontalPreview): FrontalsSelection => ({
  ...current,
  selectedFrontalId: frontal.id,
  selectedFrontalPreview: frontal,
});

const clearedWorktop = { selectedWorktopId: null, selectedWorktopPreview: null } as const;

/** Changing the material clears colour group, colour and the selections. */
export const chooseMaterial = (current: WorktopsSelection, material: string): WorktopsSelection =>
  current.material === material
    ? current
    : { material, colourGroup: null, colour: null, selectedColourPreview: null, ...clearedWorktop };

/** Changing the colour group clears colour and the selections. */
export const chooseWorktopColourGroup = (
  current: WorktopsSelection,
  colourGroup: string,
): WorktopsSelection =>
  current.colourGroup === colourGroup
    ? current
    : { ...current, colourGroup, colour: null, selectedColourPreview: null, ...clearedWorktop };

/** Changing the colour clears the chosen worktop: its previews are per colour. */
export const chooseWorktopColour = (current: WorktopsSelection, colour: WorktopColour): WorktopsSelection =>
  current.colour === colour.colour
    ? current
    : { ...current, colour: colour.colour, selectedColourPreview: colour, ...clearedWorktop };

export const chooseWorktop = (current: WorktopsSelection, worktop: WorktopPreview): WorktopsSelection => ({
  ...current,
  selectedWorktopId: worktop.id,
  selectedWorktopPreview: worktop,
});
