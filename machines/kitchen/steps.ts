// The ten wizard steps as data (spec §2, order of DESIGN D1). Reordering or adding a step starts here.

export const WIZARD_STEPS = [
  {
    id: 'upload-image',
    title: 'Upload Your Kitchen Photo',
    description: 'Upload a photo of your current kitchen to get started.',
  },
  { id: 'design', title: 'Design Style', description: 'Select a style that fits your taste.' },
  { id: 'handles', title: 'Handles', description: 'Do you wish to have handles?' },
  { id: 'finishing', title: 'Front Finish', description: 'Select the finish for your cabinet fronts.' },
  {
    id: 'frontal-color',
    title: 'Front Color',
    description: 'Choose the main color palette for your cabinets.',
  },
  { id: 'material', title: 'Worktop Material', description: '' },
  { id: 'material-color', title: 'Worktop Color', description: 'Select a specific shade or pattern.' },
  { id: 'material-preview', title: 'Worktop Finish', description: '' },
  { id: 'kitchen-shape', title: 'Kitchen Layout', description: "Choose your kitchen's layout." },
  {
    id: 'kitchen-island',
    title: 'Kitchen Island',
    description: 'Will your kitchen include an island?',
  },
] as const;

export type StepId = (typeof WIZARD_STEPS)[number]['id'];

export interface StepMeta {
  id: StepId;
  path: string;
  title: string;
  description: string;
  /** 0-based position in the step order. */
  position: number;
}

export const WIZARD_BASE_PATH = '/create-kitchen';

export const STEP_IDS: readonly StepId[] = WIZARD_STEPS.map((step) => step.id);

export const stepMeta = (id: StepId): StepMeta => {
  const position = STEP_IDS.indexOf(id);
  const step = WIZARD_STEPS[position];
  if (!step) throw new Error(`Unknown wizard step: ${id}`);
  return { ...step, path: `${WIZARD_BASE_PATH}/${id}`, position };
};

export const isStepId = (value: string): value is StepId => (STEP_IDS as readonly string[]).includes(value);

/** Progress shown for a step: (index + 1) / 10 as a percentage. */
export const stepProgress = (id: StepId): number => ((STEP_IDS.indexOf(id) + 1) / STEP_IDS.length) * 100;

/** The step after this one; the last step has none. */
export const nextStepOf = (id: StepId): StepId | null => STEP_IDS[STEP_IDS.indexOf(id) + 1] ?? null;

/** The step before this one; the first step has none. */
export const previousStepOf = (id: StepId): StepId | null => {
  const index = STEP_IDS.indexOf(id);
  return index > 0 ? (STEP_IDS[index - 1] ?? null) : null;
};

export const isStepBefore = (a: StepId, b: StepId): boolean => STEP_IDS.indexOf(a) < STEP_IDS.indexOf(b);
