// The spec sheet: the choices with their catalogue names and colour values, the layout's typical minimum room
// and the prices a documented price list gives, totalled. Printable (saving as PDF from the browser is enough):
// on paper it carries the brand, the day the kitchen was made and the address to come back to (issue 36).
import type { Price } from '../../contract/catalogue';
import type { KitchenDescription } from '../../contract/kitchen-choices';
import { html, type Page, swatch } from './html';
import { PAGE_CSS } from './page-style';

// On paper: no brand bar, buttons or shadows, black on white, the picture small enough to keep the table on page 1.
const SPEC_CSS = `${PAGE_CSS}
.print-only{display:none}.made{margin-top:0}
table{border-collapse:collapse;width:100%;margin:var(--space-2) 0;background:var(--color-surface)}
th,td{text-align:left;padding:var(--space-2) var(--space-3);border-bottom:1px solid var(--color-border)}
caption{text-align:left;padding-bottom:var(--space-2)}td.amount,th.amount{text-align:right}
.result{max-width:28rem;border-radius:var(--radius-md)}
@media print{body{background:#fff;color:#000;font-size:11pt}.site-header,.screen-only{display:none}.print-only{display:block}main{max-width:none;padding:0}
.print-brand{display:flex;justify-content:space-between;gap:1cm;border-bottom:1px solid #999;padding-bottom:0.3cm;margin-bottom:0.5cm}
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
  /** The site's public origin, so the printed sheet names the address to come back to. */
  origin: string;
  /** When the kitchen was made (ISO). */
  madeAt: string;
}

const APP_NAME = 'Kitchen Reimagined';

const madeOn = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(iso));

const money = (price: Price) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: price.currency }).format(price.amount);

export function specSheetPage({
  description,
  imageUrl,
  priceSource,
  backUrl,
  origin,
  madeAt,
}: SpecSheetView): Page {
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
  // Without a price list, as a shop would say it: no column of blanks, and where a price comes from.
  const prices = description.total
    ? html`<p class="note">Prices from ${priceSource ?? 'the price list'}.</p>`
    : html`<p class="note">Take this sheet to your kitchen retailer or fitter for a quote.</p>`;
  const made = madeOn(madeAt);
  const address = `${origin}${backUrl.href}`;
  const body = html`<div class="print-only print-brand"><strong>${APP_NAME}</strong><span>${address}</span></div>
<h1>${title}</h1><p class="note made">Made on ${made}</p>
<div class="actions screen-only"><button type="button" id="print" class="button button--primary">Print or save as PDF</button>
<a class="button button--secondary" href="${backUrl.href}">${backUrl.label}</a></div>
<img class="result" src="${imageUrl}" alt="The reimagined kitchen">
<table>
<thead><tr><th scope="col">Choice</th><th scope="col">Chosen</th>${
    priced ? html`<th scope="col" class="amount">Price</th>` : ''
  }</tr></thead>
<tbody>${rows}${total}</tbody></table>${prices}
<p>Typical minimum room for this layout: ${description.minimumRoom} (width × length).</p>
<p class="print-only note">Made with ${APP_NAME} on ${made}. See it again at ${address}</p>`;
  return { title, body, css: SPEC_CSS, script: PRINT_SCRIPT };
}
