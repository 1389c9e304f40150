// What each step needs before the user may leave it. The same table decides whether Next is enabled (spec §4,
// §5 gating) and where a later step sends the user back to (the redirects), so the two cannot disagree.
import type { KitchenContext } from './context';
import { STEP_IDS, type StepId } from './steps';

type Requirement = (context: KitchenContext) => boolean;

export const STEP_REQUIREMENTS: Record<StepId, Requirement> = {
  'upload-image': (c) => c.inputImageDataUrl !== null && c.moderationPassed === true,
  design: (c) => c.selectedDesign !== null && c.frontals.doorStyleGroup !== null,
  handles: (c) => c.frontals.isHandleless !== null,
  finishing: (c) => c.frontals.finish !== null,
  'frontal-color': (c) => c.frontals.colorGroup !== null && c.frontals.selectedFrontalId !== null,
  material: (c) => c.worktops.material !== null,
  'material-color': (c) => c.worktops.colourGroup !== null && c.worktops.colour !== null,
  'material-preview': (c) => c.worktops.selectedWorktopId !== null,
  'kitchen-shape': (c) => c.selectedShape !== null,
  'kitchen-island': (c) => c.hasIsland !== null,
};

/** Why Next is disabled on a step, in the user's words. */
export const STEP_BLOCKED_REASONS: Record<StepId, string> = {
  'upload-image': 'Add a photo of your kitchen that passes our check to continue.',
  design: 'Choose a design style to continue.',
  handles: 'Choose whether you want handles to continue.',
  finishing: 'Choose a finish to continue.',
  'frontal-color': 'Choose a front colour to continue.',
  material: 'Choose a worktop material to continue.',
  'material-color': 'Choose a worktop colour to continue.',
  'material-preview': 'Choose a worktop finish to continue.',
  'kitchen-shape': 'Choose a layout to continue.',
  'kitchen-island': 'Choose whether you want an island to continue.',
};

export const isStepComplete = (step: StepId, context: KitchenContext): boolean =>
  STEP_REQUIREMENTS[step](context);

/** The first step before `step` whose choice is missing: where a deep link to `step` is sent back to. */
export const firstIncompleteStepBefore = (step: StepId, context: KitchenContext): StepId | null =>
  STEP_IDS.slice(0, STEP_IDS.indexOf(step)).find((earlier) => !isStepComplete(earlier, context)) ?? null;

export const isConfigurationComplete = (context: KitchenContext): boolean =>
  STEP_IDS.every((step) => isStepComplete(step, context));
