// A kitchen's configuration as a list of choices (D40). The spec's named fields (frontalId, worktopId, shape,
// hasIsland) stay the truth for the steps the server knows; the request's list may repeat them (it must then
// agree, so a list cannot smuggle in something the catalogue lacks) and adds the steps a studio added, which the
// server cannot look up and names in words. `describeConfiguration` is the one reader of a stored request.
import type { ConfigurationChoice } from '../../contract/generation';
import {
  choiceNameOf,
  isKnownChoiceStep,
  KNOWN_CHOICE_NAMES,
  KNOWN_CHOICE_STEPS,
  type KnownChoiceStep,
} from '../../contract/kitchen-choices';
import {
  type ChosenOption,
  STEP_OPTIONS,
  type StepOption,
  WIZARD_STEP_IDS,
} from '../../contract/wizard-steps';
import {
  type FrontalPreviewEntry,
  findFrontalPreview,
  findWorktopPreview,
  type WorktopPreviewEntry,
} from '../catalogue/catalogue';

/** The named fields of a kitchen request, as stored with its job. */
export interface NamedKitchenChoices {
  frontalId: string;
  worktopId: string;
  shape: string;
  hasIsland: boolean;
  choices?: ConfigurationChoice[];
}

/** One chosen option (contract/wizard-steps.ts), ready to be told: with its choice's name in words. */
export interface DescribedChoice extends ChosenOption {
  name: string;
  /** Whether the server knows the step (the catalogue's); the others are only named in words. */
  known: boolean;
  /** The catalogue item whose price this row carries (the front on its colour, the worktop on its finish). */
  pricedItemId?: string;
}

interface Resolved {
  frontal: FrontalPreviewEntry;
  worktop: WorktopPreviewEntry;
  shape: string;
  hasIsland: boolean;
}

type Reading = Pick<DescribedChoice, 'value' | 'label' | 'hex' | 'pricedItemId'>;

/** A step's options as the contract lists them; own keys only ("constructor" must not find Object.prototype's). */
const optionsOf = (step: string): readonly StepOption[] | undefined =>
  Object.hasOwn(STEP_OPTIONS, step)
    ? (STEP_OPTIONS as Record<string, readonly StepOption[]>)[step]
    : undefined;

const findStepOption = (step: string, value: string) =>
  optionsOf(step)?.find((option) => option.value === value);

/** The option of a yes/no step for a boolean the spec's fields keep (handleless, an island). */
const yesNoOption = (step: 'handles' | 'kitchen-island', yes: boolean): StepOption =>
  findStepOption(step, yes ? 'yes' : 'no') ?? { value: yes ? 'yes' : 'no', label: yes ? 'Yes' : 'No' };

/** Where a step stands in the wizard's order; a step the contract does not list comes after every one it does. */
const wizardPositionOf = (step: string): number => {
  const position = (WIZARD_STEP_IDS as readonly string[]).indexOf(step);
  return position < 0 ? WIZARD_STEP_IDS.length : position;
};

const option = ({ value, label }: { value: string; label: string }): Reading => ({ value, label });

const words = (value: string): Reading => ({ value, label: value });

/**
 * How each known step's choice is read from the catalogue: the value the app sends for it (which a request's list
 * must agree with) and its words; a fixed choice's words are its option's (contract/wizard-steps.ts).
 */
const READERS: Readonly<Record<KnownChoiceStep, (resolved: Resolved) => Reading>> = {
  design: ({ frontal }) => words(frontal.doorStyleGroup),
  handles: ({ frontal }) => option(yesNoOption('handles', frontal.isHandleless)),
  finishing: ({ frontal }) => words(frontal.finish),
  'frontal-color': ({ frontal }) => ({
    value: frontal.id,
    label: frontal.colour,
    hex: frontal.primaryHex,
    pricedItemId: frontal.id,
  }),
  material: ({ worktop }) => words(worktop.material),
  'material-color': ({ worktop }) => ({ ...words(worktop.colour), hex: worktop.primaryHex }),
  'material-preview': ({ worktop }) => ({
    value: worktop.id,
    label: worktop.finish,
    pricedItemId: worktop.id,
  }),
  'kitchen-shape': ({ shape }) => ({
    value: shape,
    label: findStepOption('kitchen-shape', shape)?.label ?? shape,
  }),
  'kitchen-island': ({ hasIsland }) => option(yesNoOption('kitchen-island', hasIsland)),
};

const resolve = (named: NamedKitchenChoices): Resolved | null => {
  const frontal = findFrontalPreview(named.frontalId);
  const worktop = findWorktopPreview(named.worktopId);
  return frontal && worktop ? { frontal, worktop, shape: named.shape, hasIsland: named.hasIsland } : null;
};

/**
 * Why the request's list cannot be used, naming the choice (for UNKNOWN_CHOICE), or null when it can. Call after
 * the named fields were found in the catalogue: a known step in the list must say what they say.
 */
export function disagreeingChoice(named: NamedKitchenChoices): string | null {
  const resolved = resolve(named);
  if (!resolved) return 'choices: the named choices are not in the catalogue.';
  for (const { step, value } of named.choices ?? []) {
    if (isKnownChoiceStep(step) && value !== READERS[step](resolved).value)
      return `choices: ${step} "${value}" is not the catalogue's choice for this request.`;
    if (!isKnownChoiceStep(step) && optionsOf(step) && !findStepOption(step, value))
      return `choices: ${step} "${value}" is not one of its options.`;
  }
  return null;
}

/**
 * Every choice of a stored kitchen request in words, in the wizard's order (contract/wizard-steps.ts): the steps
 * the server knows from the catalogue (with their colour and priced item), and the others from its list, in their
 * options' words when the contract lists them (a step it does not list comes last, in the list's order). Empty
 * when the catalogue no longer has the named choices' entries. The prompt, the concept renderer, the share page,
 * the spec sheet and the side-by-side view read a configuration only through this.
 */
export function describeConfiguration(named: NamedKitchenChoices): DescribedChoice[] {
  const resolved = resolve(named);
  if (!resolved) return [];
  const known = KNOWN_CHOICE_STEPS.map((step) => ({
    step,
    name: KNOWN_CHOICE_NAMES[step],
    ...READERS[step](resolved),
    known: true,
  }));
  const others = (named.choices ?? [])
    .filter(({ step }) => !isKnownChoiceStep(step))
    .map(({ step, value, label }) => ({
      step,
      name: choiceNameOf(step),
      value,
      label: findStepOption(step, value)?.label ?? label ?? value,
      known: false,
    }));
  // In wizard order: a step the contract lists takes its place, one it does not comes last, as the list has it.
  return [...known, ...others].sort((a, b) => wizardPositionOf(a.step) - wizardPositionOf(b.step));
}

/** The choices the server has no look for: what providers and the renderer name in words. */
export const otherChoicesOf = (named: NamedKitchenChoices): DescribedChoice[] =>
  describeConfiguration(named).filter((choice) => !choice.known);

/** "Splashback: Tiles; Flooring: Light oak": other choices as one phrase. */
export const choicesInWords = (choices: readonly DescribedChoice[]): string =>
  choices.map(({ name, label }) => `${name}: ${label}`).join('; ');
