import { z } from 'zod';
import { priceSchema } from './catalogue';
import { namedChoiceSchema } from './generation';

// A kitchen's choices in words, one row per wizard step, for everything that shows what was chosen: the share
// page, the spec sheet and the app's side-by-side view. The server reads every row from a stored request in one
// place (`resolveConfiguration`, D40): the steps it knows from the catalogue, a studio's added steps in words.

/**
 * The steps whose choice the server reads from the catalogue, in wizard order, with the name of that choice:
 * written only here (the share page, the spec sheet, "change one thing" and the server's reader all use it).
 */
export const KNOWN_CHOICE_NAMES = {
  design: 'Door style',
  handles: 'Handles',
  finishing: 'Front finish',
  'frontal-color': 'Front color',
  material: 'Worktop material',
  'material-color': 'Worktop color',
  'material-preview': 'Worktop finish',
  'kitchen-shape': 'Layout',
  'kitchen-island': 'Island',
} as const;
export type KnownChoiceStep = keyof typeof KNOWN_CHOICE_NAMES;

export const KNOWN_CHOICE_STEPS = Object.keys(KNOWN_CHOICE_NAMES) as KnownChoiceStep[];

/** Own keys only: a step id such as "constructor" must not find Object.prototype's. */
export const isKnownChoiceStep = (step: string): step is KnownChoiceStep =>
  Object.hasOwn(KNOWN_CHOICE_NAMES, step);

/** The name of a step's choice: a known step's from the table, another's from its id ("wall-tiles" → "Wall tiles"). */
export function choiceNameOf(step: string): string {
  if (isKnownChoiceStep(step)) return KNOWN_CHOICE_NAMES[step];
  const words = step.replaceAll('-', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** One row of a kitchen's choices: the chosen option with its choice's name (`NamedChoice`), and its price. */
export const choiceRowSchema = namedChoiceSchema.extend({ price: priceSchema.optional() });
export type ChoiceRow = z.infer<typeof choiceRowSchema>;

export const kitchenDescriptionSchema = z.object({
  choices: z.array(choiceRowSchema),
  /** The layout's typical smallest room (width × length). */
  minimumRoom: z.string(),
  /** The sum of the prices the catalogue carries; null when it carries none of them. */
  total: priceSchema.nullable(),
  /** Whether every priced row was priced; a partial total says so. */
  totalIsPartial: z.boolean(),
});
export type KitchenDescription = z.infer<typeof kitchenDescriptionSchema>;
