// The wizard's steps, each declared once as a row of a kind (D39, D43), keyed by the ids the contract lists in
// wizard order (contract/wizard-steps.ts): its texts, what it needs before it can be left and the choice it
// makes in words for the generation. The chart builds a step's state from its row by kind (`step-states.ts`) and
// the app shows one screen per kind (docs/architecture.md, "How to add a step").
import {
  type ChosenOption,
  STEP_OPTIONS,
  type StepOption,
  type WizardStepId,
  yesOrNo,
} from '../../contract/wizard-steps';
import type { CatalogueKind } from './catalogue';
import type { KitchenContext } from './context';
import { resolveHandleChoice } from './handle-choice';
import { chooseHandleless } from './selections';

export type { StepOption };

/** What a row reads as chosen on its step: a `ChosenOption` without the step, which the row is. */
export type ChosenValue = Omit<ChosenOption, 'step'>;

interface StepBase {
  title: string;
  description: string;
  /** Why Next is disabled while the step's choice is missing, in the user's words. */
  blockedReason: string;
}

/** The photo: its own lifecycle (preparing, moderation); the one row of this kind. */
export interface PhotoRow extends StepBase {
  kind: 'photo';
  needs: (context: KitchenContext) => boolean;
}

/**
 * One catalogue list, one item chosen from it. By default the choice is kept as a fixed choice's is: the item
 * (a list of words) in `context.choices[id]`, chosen by the shared `STEP.CHOSEN`, with nothing else to write. A
 * row whose choice is one of the spec's fields, with its cascades (spec §3, §4), names its own event in
 * `chooses` (its action is in `KEEPS`, step-states.ts) and says what it needs and what is chosen.
 */
export interface CatalogueChoiceRow extends StepBase {
  kind: 'catalogue-choice';
  list: CatalogueKind;
  /** The event that chooses an item of the list (events.ts); default: the shared `STEP.CHOSEN`. */
  chooses?: string;
  /** Whether the choice is made (default: an item is kept in `context.choices[id]`). */
  needs?: (context: KitchenContext) => boolean;
  /** The chosen item in words (default: the one kept in `context.choices[id]`). */
  chosen?: (context: KitchenContext) => ChosenValue | null;
}

/** A list of groups, then the swatches of the chosen group: two lists, two events. */
export interface GroupedSwatchRow extends StepBase {
  kind: 'grouped-swatch';
  groups: CatalogueKind;
  swatches: CatalogueKind;
  choosesGroup: string;
  chooses: string;
  /** The chosen group, or null: once chosen, its swatches are loaded at once. */
  group: (context: KitchenContext) => string | null;
  needs: (context: KitchenContext) => boolean;
  chosen: (context: KitchenContext) => ChosenValue | null;
}

/**
 * A choice among the options the row lists, made by the shared `STEP.CHOSEN`. By default the choice is kept in
 * `context.choices[id]`; a row whose choice is one of the spec's fields says where with `kept` and `keep`.
 */
export interface FixedChoiceRow extends StepBase {
  kind: 'fixed-choice';
  options: readonly StepOption[];
  /** The chosen option's value, read from the context (default: `context.choices[id]`). */
  kept?: (context: KitchenContext) => string | null;
  /** What choosing `value` changes in the context (default: `choices[id]`). */
  keep?: (context: KitchenContext, value: string) => Partial<KitchenContext>;
  /** A catalogue list that may decide the choice on its own: the step is then skipped (the handles auto-skip). */
  decidedBy?: { list: CatalogueKind; decide: (items: readonly string[]) => string | null };
}

export type StepRow = PhotoRow | CatalogueChoiceRow | GroupedSwatchRow | FixedChoiceRow;
export type StepKind = StepRow['kind'];

const text = (value: string | null): ChosenValue | null => (value === null ? null : { value, label: value });

export const STEP_ROWS = {
  'upload-image': {
    kind: 'photo',
    title: 'Upload Your Kitchen Photo',
    description: 'Upload a photo of your current kitchen to get started.',
    blockedReason: 'Add a photo of your kitchen that passes our check to continue.',
    needs: (c) => c.inputImageDataUrl !== null && c.moderationPassed === true,
  },
  design: {
    kind: 'catalogue-choice',
    title: 'Design Style',
    description: 'Select a style that fits your taste.',
    blockedReason: 'Choose a design style to continue.',
    list: 'doorStyleGroups',
    chooses: 'DESIGN.SELECTED',
    needs: (c) => c.selectedDesign !== null && c.frontals.doorStyleGroup !== null,
    chosen: (c) => text(c.frontals.doorStyleGroup),
  },
  handles: {
    kind: 'fixed-choice',
    title: 'Handles',
    description: 'Do you wish to have handles?',
    blockedReason: 'Choose whether you want handles to continue.',
    options: STEP_OPTIONS.handles,
    kept: (c) => yesOrNo(c.frontals.isHandleless),
    keep: (c, value) => ({ frontals: chooseHandleless(c.frontals, value === 'yes') }),
    decidedBy: { list: 'handleStyles', decide: (styles) => yesOrNo(resolveHandleChoice(styles)) },
  },
  finishing: {
    kind: 'catalogue-choice',
    title: 'Front Finish',
    description: 'Select the finish for your cabinet fronts.',
    blockedReason: 'Choose a finish to continue.',
    list: 'finishes',
    chooses: 'FINISH.SELECTED',
    needs: (c) => c.frontals.finish !== null,
    chosen: (c) => text(c.frontals.finish),
  },
  'frontal-color': {
    kind: 'grouped-swatch',
    title: 'Front Color',
    description: 'Choose the main color palette for your cabinets.',
    blockedReason: 'Choose a front color to continue.',
    groups: 'frontalColourGroups',
    swatches: 'frontalPreviews',
    choosesGroup: 'FRONTAL_COLOUR_GROUP.SELECTED',
    chooses: 'FRONTAL.SELECTED',
    group: (c) => c.frontals.colorGroup,
    needs: (c) => c.frontals.colorGroup !== null && c.frontals.selectedFrontalId !== null,
    chosen: ({ frontals: { selectedFrontalPreview: front } }) =>
      front && { value: front.id, label: front.colour, hex: front.primary_hex },
  },
  material: {
    kind: 'catalogue-choice',
    title: 'Worktop Material',
    description: '',
    blockedReason: 'Choose a worktop material to continue.',
    list: 'worktopMaterials',
    chooses: 'MATERIAL.SELECTED',
    needs: (c) => c.worktops.material !== null,
    chosen: (c) => text(c.worktops.material),
  },
  'material-color': {
    kind: 'grouped-swatch',
    title: 'Worktop Color',
    description: 'Select a specific shade or pattern.',
    blockedReason: 'Choose a worktop color to continue.',
    groups: 'worktopColourGroups',
    swatches: 'worktopColours',
    choosesGroup: 'WORKTOP_COLOUR_GROUP.SELECTED',
    chooses: 'WORKTOP_COLOUR.SELECTED',
    group: (c) => c.worktops.colourGroup,
    needs: (c) => c.worktops.colourGroup !== null && c.worktops.colour !== null,
    chosen: ({ worktops: { selectedColourPreview: colour } }) =>
      colour && { value: colour.colour, label: colour.colour, hex: colour.primary_hex },
  },
  'material-preview': {
    kind: 'catalogue-choice',
    title: 'Worktop Finish',
    description: '',
    blockedReason: 'Choose a worktop finish to continue.',
    list: 'worktopPreviews',
    chooses: 'WORKTOP.SELECTED',
    needs: (c) => c.worktops.selectedWorktopId !== null,
    chosen: ({ worktops: { selectedWorktopPreview: worktop } }) =>
      worktop && { value: worktop.id, label: worktop.finish },
  },
  'kitchen-shape': {
    kind: 'fixed-choice',
    title: 'Kitchen Layout',
    description: "Choose your kitchen's layout.",
    blockedReason: 'Choose a layout to continue.',
    options: STEP_OPTIONS['kitchen-shape'],
    kept: (c) => c.selectedShape,
    keep: (_, value) => ({ selectedShape: value }),
  },
  'kitchen-island': {
    kind: 'fixed-choice',
    title: 'Kitchen Island',
    description: 'Will your kitchen include an island?',
    blockedReason: 'Choose whether you want an island to continue.',
    options: STEP_OPTIONS['kitchen-island'],
    kept: (c) => yesOrNo(c.hasIsland),
    keep: (_, value) => ({ hasIsland: value === 'yes' }),
  },
} as const satisfies Record<WizardStepId, StepRow>;
