import { z } from 'zod';
import { type Price, priceSchema } from './catalogue';
import { findKitchenLayout } from './layouts';

// A kitchen's choices in words, one row per choice, for everything that shows what was chosen: the share page,
// the spec sheet and the app's side-by-side view. Built from catalogue entries, never from a request's shape, so
// a change to how choices travel touches only the caller that looks the entries up.

/** The choice rows, in wizard order; each names the wizard step that makes it ("change one thing"). */
export const choiceKeys = [
  'doorStyle',
  'handles',
  'finish',
  'frontColour',
  'worktopMaterial',
  'worktopColour',
  'worktopFinish',
  'layout',
  'island',
] as const;
export type ChoiceKey = (typeof choiceKeys)[number];

export const labelledChoiceSchema = z.object({
  key: z.enum(choiceKeys),
  label: z.string(),
  value: z.string(),
  /** The colour value shown beside the words, for the choices that are a colour. */
  hex: z.string().optional(),
  price: priceSchema.optional(),
});
export type LabelledChoice = z.infer<typeof labelledChoiceSchema>;

export const kitchenDescriptionSchema = z.object({
  choices: z.array(labelledChoiceSchema),
  /** The layout's typical smallest room (width × length). */
  minimumRoom: z.string(),
  /** The sum of the prices the catalogue carries; null when it carries none of them. */
  total: priceSchema.nullable(),
  /** Whether every priced row was priced; a partial total says so. */
  totalIsPartial: z.boolean(),
});
export type KitchenDescription = z.infer<typeof kitchenDescriptionSchema>;

/** The catalogue facts of a front, as the server's catalogue and the app's selections both hold them. */
export interface FrontFacts {
  doorStyleGroup: string;
  isHandleless: boolean;
  finish: string;
  colour: string;
  primaryHex: string;
  price?: Price;
}

export interface WorktopFacts {
  material: string;
  colour: string;
  primaryHex: string;
  finish: string;
  price?: Price;
}

export interface KitchenFacts {
  front: FrontFacts;
  worktop: WorktopFacts;
  shape: string;
  hasIsland: boolean;
}

/** Sums prices of one currency; a row in another currency is left out, which makes the total partial. */
function totalOf(prices: readonly (Price | undefined)[]): { total: Price | null; partial: boolean } {
  const known = prices.filter((price): price is Price => price !== undefined);
  const currency = known[0]?.currency;
  if (currency === undefined) return { total: null, partial: false };
  const same = known.filter((price) => price.currency === currency);
  const amount = same.reduce((sum, price) => sum + Math.round(price.amount * 100), 0) / 100;
  return { total: { amount, currency }, partial: same.length < prices.length };
}

const withPrice = (choice: LabelledChoice, price: Price | undefined): LabelledChoice =>
  price ? { ...choice, price } : choice;

export function describeKitchen({ front, worktop, shape, hasIsland }: KitchenFacts): KitchenDescription {
  const layout = findKitchenLayout(shape);
  const choices: LabelledChoice[] = [
    { key: 'doorStyle', label: 'Door style', value: front.doorStyleGroup },
    { key: 'handles', label: 'Handles', value: front.isHandleless ? 'Handleless' : 'With handles' },
    { key: 'finish', label: 'Front finish', value: front.finish },
    withPrice(
      { key: 'frontColour', label: 'Front colour', value: front.colour, hex: front.primaryHex },
      front.price,
    ),
    { key: 'worktopMaterial', label: 'Worktop material', value: worktop.material },
    { key: 'worktopColour', label: 'Worktop colour', value: worktop.colour, hex: worktop.primaryHex },
    withPrice({ key: 'worktopFinish', label: 'Worktop finish', value: worktop.finish }, worktop.price),
    { key: 'layout', label: 'Layout', value: layout?.name ?? shape },
    { key: 'island', label: 'Island', value: hasIsland ? 'Yes' : 'No' },
  ];
  const { total, partial } = totalOf([front.price, worktop.price]);
  return { choices, minimumRoom: layout?.minimumRoom ?? 'Unknown', total, totalIsPartial: partial };
}
