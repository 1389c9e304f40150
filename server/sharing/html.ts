// Server-rendered pages without a template engine: `html` escapes every value it is given unless the value is
// itself `html`, so catalogue text and ids can never become markup. Each page's one stylesheet (and the one
// script a page may have) is inline and allowed by its hash in the page's own Content-Security-Policy.
import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { BRAND_MARK } from './page-style';

export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);

type HtmlValue = SafeHtml | string | number | boolean | null | undefined | readonly HtmlValue[];

function render(value: HtmlValue): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  if (value === null || value === undefined || value === false || value === true) return '';
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  return new SafeHtml(strings.reduce((out, text, index) => out + render(values[index - 1]) + text, ''));
}

/** A hex colour safe to put in an attribute; anything else draws no swatch. */
export const isHexColour = (value: string | undefined): value is string =>
  value !== undefined && /^#[0-9a-fA-F]{6}$/.test(value);

/**
 * A colour chip as SVG: a `fill` attribute is not a style, so the strict policy needs no 'unsafe-inline'. The
 * colour's value is its tooltip, not text beside it: the choice's name says what it is.
 */
export const swatch = (hex: string | undefined): SafeHtml =>
  isHexColour(hex)
    ? html`<svg class="swatch" width="20" height="20" viewBox="0 0 20 20" aria-hidden="true"><title>${hex}</title><rect width="20" height="20" rx="4" fill="${hex}" stroke="#0004"/></svg>`
    : html``;

export interface Page {
  title: string;
  /** Extra elements for the head (Open Graph tags). */
  head?: SafeHtml;
  /** The page's own content, inside `<main>` under the brand bar. */
  body: SafeHtml;
  css: string;
  /** A page's one script, if it needs one (the spec sheet's print button); most pages have none. */
  script?: string;
}

const APP_NAME = 'Kitchen Reimagined';

const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

const policyFor = (css: string, script: string | undefined) =>
  [
    "default-src 'none'",
    "img-src 'self'",
    `style-src ${hashOf(css)}`,
    ...(script ? [`script-src ${hashOf(script)}`] : []),
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');

const policies = new Map<string, string>();

/** The brand bar of every page: the brand leads into the product, as in the app. */
const siteHeader = html`<header class="site-header"><a class="brand" href="/" aria-label="${APP_NAME}">${new SafeHtml(BRAND_MARK)}<span class="brand__name">${APP_NAME}</span></a>
<a class="button button--secondary" href="/">Design your own kitchen</a></header>`;

/** Sends a page that search engines must not index, under a policy that allows its own stylesheet only. */
export function sendPage(reply: FastifyReply, statusCode: number, page: Page): FastifyReply {
  const key = `${page.css}\0${page.script ?? ''}`;
  let policy = policies.get(key);
  if (!policy) {
    policy = policyFor(page.css, page.script);
    policies.set(key, policy);
  }
  const script = page.script ? html`<script>${new SafeHtml(page.script)}</script>` : '';
  const document = html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow"><title>${page.title}</title>${page.head}
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>${new SafeHtml(page.css)}</style></head>
<body>${siteHeader}<main>${page.body}</main>${script}</body></html>`;
  return reply
    .code(statusCode)
    .type('text/html; charset=utf-8')
    .header('content-security-policy', policy)
    .header('x-robots-tag', 'noindex, nofollow')
    .header('referrer-policy', 'no-referrer')
    .header('cache-control', 'no-store')
    .send(document.value);
}
