// The spec sheet: the choices with their catalogue names and colour values, the layout's typical minimum room
// and the prices a documented price list gives, totalled. Printable (saving as PDF from the browser is enough).
import type { Price } from '../../contract/catalogue';
import type { KitchenDescription } from '../../contract/kitchen-choices';
import { html, type Page, swatch } from './html';
import { BASE_CSS } from './share-pages';

const SPEC_CSS = `${BASE_CSS}
table{border-collapse:collapse;width:100%;margin:.5rem 0}th,td{text-align:left;padding:.4rem .5rem;border-bottom:1px solid #ccc}
td.amount,th.amount{text-align:right}.result{max-width:24rem}.note{font-size:.9rem;color:#4a4a4a}
@media print{:root{background:#fff}main{max-width:none;padding:0}a{color:inherit;text-decoration:none}.screen-only{display:none}
.result{max-width:10cm}table{page-break-inside:avoid}@page{margin:1.5cm}}`;

export interface SpecSheetView {
  description: KitchenDescription;
  /** Where the result image is read from (the share link's, or the owner's API). */
  imageUrl: string;
  /** The price list's documented source; null when there is none. */
  priceSource: string | null;
}

const money = (price: Price) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: price.currency }).format(price.amount);

export function specSheetPage({ description, imageUrl, priceSource }: SpecSheetView): Page {
  const title = 'Kitchen spec sheet';
  const rows = description.choices.map(
    (choice) =>
      html`<tr><th scope="row">${choice.name}</th><td>${swatch(choice.hex)}${choice.label}</td><td>${
        choice.hex ?? ''
      }</td><td class="amount">${choice.price ? money(choice.price) : ''}</td></tr>`,
  );
  const total = description.total
    ? html`<tr><th scope="row" colspan="3">Total${description.totalIsPartial ? ' (of the priced items)' : ''}</th><td class="amount">${money(description.total)}</td></tr>`
    : '';
  const prices = description.total
    ? html`<p class="note">Prices from ${priceSource ?? 'the price list'}.</p>`
    : html`<p class="note">Prices are not available: the catalogue carries no prices from a documented source.</p>`;
  const body = html`<main><h1>${title}</h1>
<img class="result" src="${imageUrl}" alt="The reimagined kitchen">
<table><caption class="note">The choices, as named in the catalogue</caption>
<thead><tr><th scope="col">Choice</th><th scope="col">Catalogue name</th><th scope="col">Colour value</th><th scope="col" class="amount">Price</th></tr></thead>
<tbody>${rows}${total}</tbody></table>${prices}
<p>Typical minimum room for this layout: ${description.minimumRoom} (width × length).</p>
<p class="note screen-only">To keep a copy, print this page or save it as a PDF from your browser's print dialog.</p></main>`;
  return { title, body, css: SPEC_CSS };
}
