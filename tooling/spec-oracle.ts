// The wizard as SPEC.md §2 words it, typed out independently of the product's step table, so the tests
// compare the product against the specification rather than against itself.
export const SPEC_STEP_ORDER = [
  'upload-image',
  'design',
  'handles',
  'finishing',
  'frontal-color',
  'material',
  'material-color',
  'material-preview',
  'kitchen-shape',
  'kitchen-island',
] as const;

export const SPEC_STEP_TITLES: Record<(typeof SPEC_STEP_ORDER)[number], string> = {
  'upload-image': 'Upload Your Kitchen Photo',
  design: 'Design Style',
  handles: 'Handles',
  finishing: 'Front Finish',
  'frontal-color': 'Front Color',
  material: 'Worktop Material',
  'material-color': 'Worktop Color',
  'material-preview': 'Worktop Finish',
  'kitchen-shape': 'Kitchen Layout',
  'kitchen-island': 'Kitchen Island',
};

export type SpecStepId = (typeof SPEC_STEP_ORDER)[number];

/** The spec's title of a step it names; undefined for a step a studio added. */
export const specTitleOf = (step: string): string | undefined =>
  (SPEC_STEP_TITLES as Record<string, string>)[step];

/**
 * Progress shown is (step index + 1) / 10 as a percentage: the spec's rule, over the spec's ten steps or over
 * the order given (a table with a step added keeps the rule, with its own count).
 */
export const specProgress = (step: string, order: readonly string[] = SPEC_STEP_ORDER) =>
  ((order.indexOf(step) + 1) / order.length) * 100;
