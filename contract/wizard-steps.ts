// The wizard's steps as every side reads them (issue 23): their ids in wizard order, and the options of the steps
// that are a choice among fixed options, with the words the user reads. The statechart builds its steps on these
// ids (machines/kitchen/step-table.ts), the app shows these options, and the server checks and describes a
// kitchen's choices from them and lists them in this order.
import { KITCHEN_LAYOUTS } from './layouts';

/** Every wizard step, in the order the wizard shows them (spec §2, DESIGN D1). */
export const WIZARD_STEP_IDS = [
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
export type WizardStepId = (typeof WIZARD_STEP_IDS)[number];

/** One option of a fixed-choice step: the value stored and sent, and the words the user reads. */
export interface StepOption {
  value: string;
  label: string;
  description?: string;
}

/** The value of a yes/no step for a boolean the spec's fields keep (handleless, an island), or null while unset. */
export function yesOrNo(yes: boolean): 'yes' | 'no';
export function yesOrNo(yes: boolean | null): 'yes' | 'no' | null;
export function yesOrNo(yes: boolean | null): 'yes' | 'no' | null {
  return yes === null ? null : yes ? 'yes' : 'no';
}

/** The options of each fixed-choice step, in the order they are offered. */
export const STEP_OPTIONS = {
  handles: [
    { value: 'no', label: 'With handles', description: 'Knobs, bars or cup handles on every door.' },
    { value: 'yes', label: 'Handleless', description: 'Clean lines with a finger groove or rail.' },
  ],
  'kitchen-shape': KITCHEN_LAYOUTS.map(({ id, name, description }) => ({
    value: id,
    label: name,
    description,
  })),
  'kitchen-island': [
    { value: 'yes', label: 'An island', description: 'Extra worktop, storage and a place to gather.' },
    { value: 'no', label: 'No island', description: 'Keep the floor open.' },
  ],
} as const satisfies Partial<Record<WizardStepId, readonly StepOption[]>>;

/**
 * A chosen option: one shape from the wizard to the picture, the share page, the spec sheet and the side by side
 * (issue 23). The step that made it, the option's value, its words, and for a colour its hex (the code's one name
 * for a colour value; the spec's wire and stores say `primary_hex` and `selectedColor`).
 */
export interface ChosenOption {
  step: string;
  value: string;
  label: string;
  hex?: string;
}

/** A chosen option with its choice's name ("Front color"): a row of every view of a kitchen's choices. */
export interface NamedChoice extends ChosenOption {
  name: string;
}
