// A stored kitchen job's choices as the share page, the spec sheet and the app's side-by-side view show them:
// `resolveConfiguration`'s rows (the one reader of a request, D40) with the price list's prices, the layout's
// minimum room and a total. A step the server does not know is a row in words, with no colour and no price.
import type { Price } from '../../contract/catalogue';
import type { ChoiceRow, KitchenDescription } from '../../contract/kitchen-choices';
import { findKitchenLayout } from '../../contract/layouts';
import { type DescribedChoice, namedChoiceOf, resolveConfiguration } from '../generation/configuration';
import type { StoredJobRequest } from '../jobs/job-store';
import type { PriceList } from './price-list';

/** Sums prices of one currency; an unpriced item, or one in another currency, makes the total partial. */
function totalOf(prices: readonly (Price | undefined)[]): { total: Price | null; partial: boolean } {
  const known = prices.filter((price): price is Price => price !== undefined);
  const currency = known[0]?.currency;
  if (currency === undefined) return { total: null, partial: false };
  const same = known.filter((price) => price.currency === currency);
  const amount = same.reduce((sum, price) => sum + Math.round(price.amount * 100), 0) / 100;
  return { total: { amount, currency }, partial: same.length < prices.length };
}

const rowOf = (choice: DescribedChoice, price: Price | undefined): ChoiceRow => ({
  ...namedChoiceOf(choice),
  ...(price === undefined ? {} : { price }),
});

/** Undefined for an empty-room job, or one whose catalogue entries no longer exist. */
export function describeJob(request: StoredJobRequest, prices: PriceList): KitchenDescription | undefined {
  if (request.kind !== 'kitchen') return undefined;
  const resolution = resolveConfiguration(request);
  if (!resolution.ok) return undefined;
  const { choices: described, layout } = resolution.configuration;
  const priceOf = ({ pricedItemId }: DescribedChoice) =>
    pricedItemId === undefined ? undefined : prices.priceOf(pricedItemId);
  const { total, partial } = totalOf(
    described.filter((choice) => choice.pricedItemId !== undefined).map(priceOf),
  );
  return {
    choices: described.map((choice) => rowOf(choice, priceOf(choice))),
    minimumRoom: findKitchenLayout(layout)?.minimumRoom ?? 'Unknown',
    total,
    totalIsPartial: partial,
  };
}
