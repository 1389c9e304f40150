// The share link's pages: the kitchen with its choices, and the page that says a link is unknown or gone.
import type { KitchenDescription, KnownChoiceStep } from '../../contract/kitchen-choices';
import { html, type Page, type SafeHtml, swatch } from './html';
import { PAGE_CSS } from './page-style';

export const OG_IMAGE_SIZE = { width: 1200, height: 630 } as const;

const SHARE_CSS = `${PAGE_CSS}
dl{display:grid;grid-template-columns:max-content 1fr;gap:var(--space-2) var(--space-5);margin:0}dt{font-weight:600}dd{margin:0}
main{max-width:72rem}.photos figure{margin:0 0 var(--space-4)}.photos img{width:100%}
@media (min-width:48rem){.photos{display:grid;grid-template-columns:1fr 1fr;gap:var(--space-4)}.photos>figure:only-child{grid-column:1/-1}}`;

export interface ShareView {
  token: string;
  description: KitchenDescription;
  includeBefore: boolean;
  /** Absolute, for the Open Graph tags that messaging apps read. */
  pageUrl: string;
  ogImageUrl: string;
}

export function choiceList(description: KitchenDescription): SafeHtml {
  return html`<dl>${description.choices.map(
    (choice) => html`<dt>${choice.name}</dt><dd>${swatch(choice.hex)}${choice.label}</dd>`,
  )}</dl>`;
}

const TITLE = 'A Reimagined Kitchen';

/** The choices a preview's one line names. */
const SUMMARY_STEPS: readonly string[] = [
  'design',
  'frontal-color',
  'material-color',
  'kitchen-shape',
] satisfies KnownChoiceStep[];

export function sharePage(view: ShareView): Page {
  const base = `/share/${view.token}`;
  const summary = view.description.choices
    .filter((choice) => SUMMARY_STEPS.includes(choice.step))
    .map((choice) => choice.label)
    .join(', ');
  const head = html`
<meta property="og:type" content="website"><meta property="og:title" content="${TITLE}">
<meta property="og:description" content="${summary}"><meta property="og:url" content="${view.pageUrl}">
<meta property="og:image" content="${view.ogImageUrl}"><meta property="og:image:type" content="image/jpeg">
<meta property="og:image:width" content="${OG_IMAGE_SIZE.width}"><meta property="og:image:height" content="${OG_IMAGE_SIZE.height}">
<meta property="og:image:alt" content="A kitchen: ${summary}"><meta name="twitter:card" content="summary_large_image">`;
  // Before, then after, as a comparison reads; the picture alone takes the whole width (issue 36).
  const before = view.includeBefore
    ? html`<figure><img src="${base}/before" alt="The kitchen before"><figcaption>Before</figcaption></figure>`
    : '';
  const body = html`<h1>${TITLE}</h1>
<div class="photos">${before}<figure><img src="${base}/kitchen" alt="The reimagined kitchen: ${summary}"><figcaption>${view.includeBefore ? 'After' : 'Reimagined'}</figcaption></figure></div>
<h2>What Was Chosen</h2><div class="panel">${choiceList(view.description)}</div>
<div class="actions"><a class="button button--primary" href="/">Reimagine your own kitchen</a>
<a class="button button--secondary" href="${base}/spec-sheet">Spec sheet (printable)</a></div>`;
  return { title: TITLE, head, body, css: SHARE_CSS };
}

/** 404 (unknown or revoked link) and 410 (the result was deleted or has expired). */
export function messagePage(kind: 'not-found' | 'gone'): Page {
  const [title, text] =
    kind === 'gone'
      ? ['This Kitchen Is Gone', 'The kitchen this link showed has been deleted or has expired.']
      : ['Link Not Found', 'This link does not exist or its owner has stopped sharing it.'];
  return {
    title,
    body: html`<h1>${title}</h1><p class="lead">${text}</p>
<div class="actions"><a class="button button--primary" href="/">Reimagine your own kitchen</a></div>`,
    css: PAGE_CSS,
  };
}
