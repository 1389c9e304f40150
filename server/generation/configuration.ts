// A kitchen's configuration, resolved against the catalogue once (D40, D57). The spec's named fields (frontalId,
// worktopId, shape, hasIsland) stay the truth for the steps the server knows; the request's list may repeat them
// (it must then agree, so a list cannot smuggle in something the catalogue lacks) and adds the steps a studio
// added, which the server cannot look up and names in words. `resolveConfiguration` is the one reader of a
// request: the route checks what it answers, and the picture, the prompt, the renderer, the share page, the spec
// sheet and the side by side read what it resolved.
import type { ConfigurationChoice } from '../../contract/generation';
import {
  choiceNameOf,
  isKnownChoiceStep,
  KNOWN_CHOICE_NAMES,
  KNOWN_CHOICE_STEPS,
  type KnownChoiceStep,
} from '../../contract/kitchen-choices';
import { type KitchenLayoutId, kitchenLayoutIdSchema } from '../../contract/layouts';
import {
  type NamedChoice,
  STEP_OPTIONS,
  type StepOption,
  WIZARD_STEP_IDS,
  yesOrNo,
} from '../../contract/wizard-steps';
import {
  type Catalogue,
  catalogue,
  type FrontalPreviewEntry,
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

/** One chosen option with its choice's name (contract/wizard-steps.ts), and what the server knows of it. */
export interface DescribedChoice extends NamedChoice {
  /** Whether the server knows the step (the catalogue's); the others are only named in words. */
  known: boolean;
  /** The catalogue item whose price this row carries (the front on its colour, the worktop on its finish). */
  pricedItemId?: string;
}

/** What the picture is drawn from: the catalogue entries behind the chosen ids, the layout and the island. */
export interface ResolvedLook {
  frontal: FrontalPreviewEntry;
  worktop: WorktopPreviewEntry;
  layout: KitchenLayoutId;
  hasIsland: boolean;
}

/** A kitchen request resolved once: its look, and every choice in words in the wizard's order. */
export interface ResolvedConfiguration extends ResolvedLook {
  choices: readonly DescribedChoice[];
}

/** A request resolved, or what in it the catalogue cannot answer, named for the caller (UNKNOWN_CHOICE). */
export type Resolution = { ok: true; configuration: ResolvedConfiguration } | { ok: false; problem: string };

/** The catalogue's indexes a request is resolved against: the server's one catalogue unless told otherwise. */
export type CatalogueIndex = Pick<Catalogue, 'frontalPreviewById' | 'worktopPreviewById'>;

type Reading = Pick<DescribedChoice, 'value' | 'label' | 'hex' | 'pricedItemId'>;
type FixedChoiceStep = keyof typeof STEP_OPTIONS;

/** A step's options as the contract lists them; own keys only ("constructor" must not find Object.prototype's). */
const optionsOf = (step: string): readonly StepOption[] | undefined =>
  Object.hasOwn(STEP_OPTIONS, step)
    ? (STEP_OPTIONS as Record<string, readonly StepOption[]>)[step]
    : undefined;

const findStepOption = (step: string, value: string) =>
  optionsOf(step)?.find((option) => option.value === value);

/** A fixed choice in its option's words, for a value the server has already checked: the words live only there. */
function option(step: FixedChoiceStep, value: string): Reading {
  const found = findStepOption(step, value);
  if (!found) throw new Error(`The contract lists no option "${value}" for ${step}.`);
  return { value: found.value, label: found.label };
}

const words = (value: string): Reading => ({ value, label: value });

/** Where a step stands in the wizard's order; a step the contract does not list comes after every one it does. */
const wizardPositionOf = (step: string): number => {
  const position = (WIZARD_STEP_IDS as readonly string[]).indexOf(step);
  return position < 0 ? WIZARD_STEP_IDS.length : position;
};

/**
 * How each known step's choice is read from the resolved look: the value the app sends for it (which a request's
 * list must agree with) and its words; a fixed choice's words are its option's (contract/wizard-steps.ts).
 */
const READERS: Readonly<Record<KnownChoiceStep, (look: ResolvedLook) => Reading>> = {
  design: ({ frontal }) => words(frontal.doorStyleGroup),
  handles: ({ frontal }) => option('handles', yesOrNo(frontal.isHandleless)),
  finishing: ({ frontal }) => words(frontal.finish),
  'frontal-color': ({ frontal }) => ({
    value: frontal.id,
    label: frontal.colour,
    hex: frontal.hex,
    pricedItemId: frontal.id,
  }),
  material: ({ worktop }) => words(worktop.material),
  'material-color': ({ worktop }) => ({ ...words(worktop.colour), hex: worktop.hex }),
  'material-preview': ({ worktop }) => ({
    value: worktop.id,
    label: worktop.finish,
    pricedItemId: worktop.id,
  }),
  'kitchen-shape': ({ layout }) => option('kitchen-shape', layout),
  'kitchen-island': ({ hasIsland }) => option('kitchen-island', yesOrNo(hasIsland)),
};

/** The look behind the named fields, or the first of them the catalogue cannot answer. */
function resolveLook(
  named: NamedKitchenChoices,
  index: CatalogueIndex,
): { ok: true; look: ResolvedLook } | { ok: false; problem: string } {
  const frontal = index.frontalPreviewById.get(named.frontalId);
  if (!frontal) return { ok: false, problem: 'frontalId: this front is not in the catalogue.' };
  const worktop = index.worktopPreviewById.get(named.worktopId);
  if (!worktop) return { ok: false, problem: 'worktopId: this worktop is not in the catalogue.' };
  const layout = kitchenLayoutIdSchema.safeParse(named.shape);
  if (!layout.success) return { ok: false, problem: 'shape: this kitchen layout does not exist.' };
  return { ok: true, look: { frontal, worktop, layout: layout.data, hasIsland: named.hasIsland } };
}

/** Why the request's list cannot be used, naming the choice, or null: a known step must say what `known` says. */
function disagreeingChoice(
  listed: readonly ConfigurationChoice[],
  known: readonly DescribedChoice[],
): string | null {
  for (const { step, value } of listed) {
    if (isKnownChoiceStep(step) && value !== known.find((choice) => choice.step === step)?.value)
      return `choices: ${step} "${value}" is not the catalogue's choice for this request.`;
    if (!isKnownChoiceStep(step) && optionsOf(step) && !findStepOption(step, value))
      return `choices: ${step} "${value}" is not one of its options.`;
  }
  return null;
}

/**
 * Resolves a kitchen request (as asked for, or as stored with its job) against the catalogue, once: the entries
 * behind its ids, its layout, and every choice in words in the wizard's order (contract/wizard-steps.ts): the
 * steps the server knows from the catalogue (with their colour and priced item), and the others from its list,
 * in their options' words when the contract lists them (a step it does not list comes last, in the list's
 * order). Not ok, naming what, when the catalogue lacks a named choice (it may have changed since the job was
 * stored) or the list disagrees with the named fields.
 */
export function resolveConfiguration(
  named: NamedKitchenChoices,
  index: CatalogueIndex = catalogue,
): Resolution {
  const resolved = resolveLook(named, index);
  if (!resolved.ok) return resolved;
  const { look } = resolved;
  const known = KNOWN_CHOICE_STEPS.map(
    (step): DescribedChoice => ({
      step,
      name: KNOWN_CHOICE_NAMES[step],
      ...READERS[step](look),
      known: true,
    }),
  );
  const listed = named.choices ?? [];
  const problem = disagreeingChoice(listed, known);
  if (problem) return { ok: false, problem };
  const others = listed
    .filter(({ step }) => !isKnownChoiceStep(step))
    .map(
      ({ step, value, label }): DescribedChoice => ({
        step,
        name: choiceNameOf(step),
        value,
        label: findStepOption(step, value)?.label ?? label ?? value,
        known: false,
      }),
    );
  // In wizard order: a step the contract lists takes its place, one it does not comes last, as the list has it.
  const choices = [...known, ...others].sort((a, b) => wizardPositionOf(a.step) - wizardPositionOf(b.step));
  return { ok: true, configuration: { ...look, choices } };
}

/** A described choice as the views show it, without what only the server reads. */
export const namedChoiceOf = ({ known: _, pricedItemId: __, ...choice }: DescribedChoice): NamedChoice =>
  choice;

/** The choices the server has no look for (a studio's own steps): what the prompt and the renderer name in words. */
export const otherChoicesOf = (choices: readonly DescribedChoice[] = []): DescribedChoice[] =>
  choices.filter((choice) => !choice.known);

/** "Splashback: Tiles; Flooring: Light oak": other choices as one phrase. */
export const choicesInWords = (choices: readonly DescribedChoice[]): string =>
  choices.map(({ name, label }) => `${name}: ${label}`).join('; ');
