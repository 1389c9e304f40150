// Prices for the spec sheet come only from a price list the operator supplies (PRICE_LIST_FILE), which must
// name its source: the embedded catalogue carries none, and no price is ever made up (issue 16, D38).
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { type Price, priceSchema } from '../../contract/catalogue';

const priceListFileSchema = z.object({
  /** Where the prices come from (a supplier's list and its date): shown on the spec sheet. */
  source: z.string().trim().min(1),
  currency: priceSchema.shape.currency,
  /** Catalogue preview id (front or worktop) → amount in the currency's main unit. */
  prices: z.record(z.uuid(), priceSchema.shape.amount),
});

export interface PriceList {
  /** The documented source; null when there is no price list. */
  source: string | null;
  priceOf(catalogueId: string): Price | undefined;
}

export const NO_PRICES: PriceList = { source: null, priceOf: () => undefined };

/** Reads and checks the file at start, so a broken price list stops the server instead of mispricing. */
export function loadPriceList(file: string | undefined): PriceList {
  if (!file) return NO_PRICES;
  const parsed = priceListFileSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) {
    throw new Error(`PRICE_LIST_FILE ${file}: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  }
  const { source, currency, prices } = parsed.data;
  const byId = new Map(Object.entries(prices));
  return {
    source,
    priceOf: (id) => {
      const amount = byId.get(id);
      return amount === undefined ? undefined : { amount, currency };
    },
  };
}
