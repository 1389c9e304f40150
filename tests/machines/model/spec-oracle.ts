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

/** Progress shown is (step index + 1) / 10 as a percentage. */
export const specProgress = (step: (typeof SPEC_STEP_ORDER)[number]) =>
  (SPEC_STEP_ORDER.indexOf(step) + 1) * 10;
