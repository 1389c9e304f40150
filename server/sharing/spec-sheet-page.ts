// The spec sheet: the choices with their catalogue names and colour values, the layout's typical minimum room
// and the prices a documented price list gives, totalled. Printable (saving as PDF from the browser is enough).
import type { Price } from '../../contract/catalogue';
import type { KitchenDescription } from '../../contract/kitchen-choices';
import { html, type Page, swatch } from './html';
import { PAGE_CSS } from './page-style';

// On paper: no brand bar, buttons or shadows, black on white, the picture small enough to keep the table on page 1.
const SPEC_CSS = `${PAGE_CSS}
table{border-collapse:collapse;width:100%;margin:var(--space-2) 0;background:var(--color-surface)}
th,td{text-align:left;padding:var(--space-2) var(--space-3);border-bottom:1px solid var(--color-border)}
caption{text-align:left;padding-bottom:var(--space-2)}td.amount,th.amount{text-align:right}
.result{max-width:28rem;border-radius:var(--radius-md)}
@media print{body{background:#fff;color:#000;font-size:11pt}.site-header,.screen-only{display:none}main{max-width:none;padding:0}
h1{font-size:20pt}a{color:inherit;text-decoration:none}.result{max-width:10cm;box-shadow:none}
th,td{border-bottom-color:#999}table{page-break-inside:avoid}@page{margin:1.5cm}}`;

/** The print button's one job; allowed by its hash (a page without script could not print from a button). */
const PRINT_SCRIPT = `document.getElementById('print').addEventListener('click',()=>window.print())`;

export interface SpecSheetView {
  description: KitchenDescription;
  /** Where the result image is read from (the share link's, or the owner's API). */
  imageUrl: string;
  /** The price list's documented source; null when there is none. */
  priceSource: string | null;
  /** Where the sheet's way back leads: the share page it came from, or the owner's result page. */
  backUrl: { href: string; label: string };
}

const money = (price: Price) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: price.currency }).format(price.amount);

export function specSheetPage({ description, imageUrl, priceSource, backUrl }: SpecSheetView): Page {
  const title = 'Kitchen Spec Sheet';
  // A Price column only when the price list priced something: never a column of empty cells.
  const priced = description.total !== null;
  const rows = description.choices.map(
    (choice) =>
      html`<tr><th scope="row">${choice.name}</th><td>${swatch(choice.hex)}${choice.label}</td>${
        priced ? html`<td class="amount">${choice.price ? money(choice.price) : '–'}</td>` : ''
      }</tr>`,
  );
  const total = description.total
    ? html`<tr><th scope="row" colspan="2">Total${description.totalIsPartial ? ' (of the priced items)' : ''}</th><td class="amount">${money(description.total)}</td></tr>`
    : '';
  const prices = description.total
    ? html`<p class="note">Prices from ${priceSource ?? 'the price list'}.</p>`
    : html`<p class="note">Prices are not available: the catalogue carries no prices from a documented source.</p>`;
  const body = html`<h1>${title}</h1>
<div class="actions screen-only"><button type="button" id="print" class="button button--primary">Print or save as PDF</button>
<a class="button button--secondary" href="${backUrl.href}">${backUrl.label}</a></div>
<img class="result" src="${imageUrl}" alt="The reimagined kitchen">
<table><caption class="note">The choices, as named in the catalogue</caption>
<thead><tr><th scope="col">Choice</th><th scope="col">Catalogue name</th>${
    priced ? html`<th scope="col" class="amount">Price</th>` : ''
  }</tr></thead>
<tbody>${rows}${total}</tbody></table>${prices}
<p>Typical minimum room for this layout: ${description.minimumRoom} (width × length).</p>`;
  return { title, body, css: SPEC_CSS, script: PRINT_SCRIPT };
}
