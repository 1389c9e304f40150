// A kitchen's configuration as a list of choices (D40). The spec's named fields (frontalId, worktopId, shape,
// hasIsland) stay the truth for the steps the server knows; the request's list may repeat them (it must then
// agree, so a list cannot smuggle in something the catalogue lacks) and adds the steps a studio added, which the
// server cannot look up and names in words. `describeConfiguration` is the one reader of a stored request.
import type { ConfigurationChoice } from '../../contract/generation';
import { findKitchenLayout } from '../../contract/layouts';
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

/** One choice, ready to be told: the step's name in words, the value and how the user read it. */
export interface DescribedChoice {
  step: string;
  name: string;
  value: string;
  label: string;
  /** Whether the server knows the step (the catalogue's); the others are only named in words. */
  known: boolean;
}

interface Resolved {
  frontal: FrontalPreviewEntry;
  worktop: WorktopPreviewEntry;
  shape: string;
  hasIsland: boolean;
}

const yesNo = (value: boolean) => (value ? 'yes' : 'no');

/** The steps the server knows, in the wizard's order: their name, and value and label from the catalogue. */
const KNOWN_STEPS: Readonly<Record<string, { name: string; read: (r: Resolved) => [string, string] }>> = {
  design: { name: 'Design style', read: ({ frontal }) => [frontal.doorStyleGroup, frontal.doorStyleGroup] },
  handles: {
    name: 'Handles',
    read: ({ frontal }) => [
      yesNo(frontal.isHandleless),
      frontal.isHandleless ? 'Handleless' : 'With handles',
    ],
  },
  finishing: { name: 'Front finish', read: ({ frontal }) => [frontal.finish, frontal.finish] },
  'frontal-color': { name: 'Front colour', read: ({ frontal }) => [frontal.id, frontal.colour] },
  material: { name: 'Worktop material', read: ({ worktop }) => [worktop.material, worktop.material] },
  'material-color': { name: 'Worktop colour', read: ({ worktop }) => [worktop.colour, worktop.colour] },
  'material-preview': { name: 'Worktop finish', read: ({ worktop }) => [worktop.id, worktop.finish] },
  'kitchen-shape': {
    name: 'Kitchen layout',
    read: ({ shape }) => [shape, findKitchenLayout(shape)?.name ?? shape],
  },
  'kitchen-island': {
    name: 'Kitchen island',
    read: ({ hasIsland }) => [yesNo(hasIsland), hasIsland ? 'An island' : 'No island'],
  },
};

/** "wall-tiles" → "Wall tiles": the name of a step the server does not know, from its id. */
const nameOfStep = (step: string) => {
  const words = step.replaceAll('-', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
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
    const known = KNOWN_STEPS[step];
    if (!known) continue;
    const [expected] = known.read(resolved);
    if (value !== expected)
      return `choices: ${step} "${value}" is not the catalogue's choice for this request.`;
  }
  return null;
}

/**
 * Every choice of a stored kitchen request in words: the steps the server knows (from the catalogue, in the
 * wizard's order), then the others from its list, in the list's order. Empty when the catalogue no longer has
 * the named choices' entries. The share page and the prompt read a configuration only through this.
 */
export function describeConfiguration(named: NamedKitchenChoices): DescribedChoice[] {
  const resolved = resolve(named);
  if (!resolved) return [];
  const known = Object.entries(KNOWN_STEPS).map(([step, { name, read }]) => {
    const [value, label] = read(resolved);
    return { step, name, value, label, known: true };
  });
  const others = (named.choices ?? [])
    .filter(({ step }) => !(step in KNOWN_STEPS))
    .map(({ step, value, label }) => ({
      step,
      name: nameOfStep(step),
      value,
      label: label ?? value,
      known: false,
    }));
  return [...known, ...others];
}

/** The choices the server has no look for: what providers and the renderer name in words. */
export const otherChoicesOf = (named: NamedKitchenChoices): DescribedChoice[] =>
  describeConfiguration(named).filter((choice) => !choice.known);

/** "Splashback: Tiles; Flooring: Light oak": other choices as one phrase. */
export const choicesInWords = (choices: readonly DescribedChoice[]): string =>
  choices.map(({ name, label }) => `${name}: ${label}`).join('; ');
