// The wizard's steps, each declared once, in their order (spec §2, DESIGN D1; D39): texts, what the step needs
// before it can be left, what it loads, and the choice it makes in words for the generation. A step that is a
// plain choice among fixed options declares them in `choice`: its state, event, wizard-state field, persistence
// and gating then follow from this row (docs/architecture.md, "How to add a step").
import type { CatalogueKind } from './catalogue';
import type { KitchenContext } from './context';

/** One option of a plain-choice step: the value stored and sent, and the label the user reads. */
export interface StepOption {
  value: string;
  label: string;
  description?: string;
}

/** What the user chose on a step, in words: sent to the generation as one item of its list of choices. */
export interface ChosenInWords {
  value: string;
  label: string;
}

export interface StepRow {
  id: string;
  title: string;
  description: string;
  /** Why Next is disabled while the step's choice is missing, in the user's words. */
  blockedReason: string;
  /** What the step needs before it can be left; a plain choice needs its option. */
  needs?: (context: KitchenContext) => boolean;
  /** The catalogue lookups the step shows, in the order it makes them. */
  loads?: readonly CatalogueKind[];
  /** The step's choice in words, or null while it is missing; a plain choice reads its option. */
  chosen?: (context: KitchenContext) => ChosenInWords | null;
  /** A plain choice among these options, kept in `context.choices[id]` and made by `STEP.CHOSEN`. */
  choice?: { options: readonly StepOption[] };
}

const yesNo = (value: boolean | null, yes: string, no: string): ChosenInWords | null =>
  value === null ? null : { value: value ? 'yes' : 'no', label: value ? yes : no };

const text = (value: string | null): ChosenInWords | null =>
  value === null ? null : { value, label: value };

export const WIZARD_STEPS = [
  {
    id: 'upload-image',
    title: 'Upload Your Kitchen Photo',
    description: 'Upload a photo of your current kitchen to get started.',
    blockedReason: 'Add a photo of your kitchen that passes our check to continue.',
    needs: (c) => c.inputImageDataUrl !== null && c.moderationPassed === true,
    chosen: () => null,
  },
  {
    id: 'design',
    title: 'Design Style',
    description: 'Select a style that fits your taste.',
    blockedReason: 'Choose a design style to continue.',
    needs: (c) => c.selectedDesign !== null && c.frontals.doorStyleGroup !== null,
    loads: ['doorStyleGroups'],
    chosen: (c) => text(c.frontals.doorStyleGroup),
  },
  {
    id: 'handles',
    title: 'Handles',
    description: 'Do you wish to have handles?',
    blockedReason: 'Choose whether you want handles to continue.',
    needs: (c) => c.frontals.isHandleless !== null,
    loads: ['handleStyles'],
    chosen: (c) => yesNo(c.frontals.isHandleless, 'Handleless', 'With handles'),
  },
  {
    id: 'finishing',
    title: 'Front Finish',
    description: 'Select the finish for your cabinet fronts.',
    blockedReason: 'Choose a finish to continue.',
    needs: (c) => c.frontals.finish !== null,
    loads: ['finishes'],
    chosen: (c) => text(c.frontals.finish),
  },
  {
    id: 'frontal-color',
    title: 'Front Color',
    description: 'Choose the main color palette for your cabinets.',
    blockedReason: 'Choose a front color to continue.',
    needs: (c) => c.frontals.colorGroup !== null && c.frontals.selectedFrontalId !== null,
    loads: ['frontalColourGroups', 'frontalPreviews'],
    chosen: ({ frontals: { selectedFrontalPreview: front } }) =>
      front && { value: front.id, label: front.colour },
  },
  {
    id: 'material',
    title: 'Worktop Material',
    description: '',
    blockedReason: 'Choose a worktop material to continue.',
    needs: (c) => c.worktops.material !== null,
    loads: ['worktopMaterials'],
    chosen: (c) => text(c.worktops.material),
  },
  {
    id: 'material-color',
    title: 'Worktop Color',
    description: 'Select a specific shade or pattern.',
    blockedReason: 'Choose a worktop color to continue.',
    needs: (c) => c.worktops.colourGroup !== null && c.worktops.colour !== null,
    loads: ['worktopColourGroups', 'worktopColours'],
    chosen: (c) => text(c.worktops.colour),
  },
  {
    id: 'material-preview',
    title: 'Worktop Finish',
    description: '',
    blockedReason: 'Choose a worktop finish to continue.',
    needs: (c) => c.worktops.selectedWorktopId !== null,
    loads: ['worktopPreviews'],
    chosen: ({ worktops: { selectedWorktopPreview: worktop } }) =>
      worktop && { value: worktop.id, label: worktop.finish },
  },
  {
    id: 'kitchen-shape',
    title: 'Kitchen Layout',
    description: "Choose your kitchen's layout.",
    blockedReason: 'Choose a layout to continue.',
    needs: (c) => c.selectedShape !== null,
    chosen: (c) => text(c.selectedShape),
  },
  {
    id: 'kitchen-island',
    title: 'Kitchen Island',
    description: 'Will your kitchen include an island?',
    blockedReason: 'Choose whether you want an island to continue.',
    needs: (c) => c.hasIsland !== null,
    chosen: (c) => yesNo(c.hasIsland, 'An island', 'No island'),
  },
] as const satisfies readonly StepRow[];
