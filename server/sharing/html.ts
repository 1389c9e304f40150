// Server-rendered pages without a template engine: `html` escapes every value it is given unless the value is
// itself `html`, so catalogue text and ids can never become markup. Each page's one stylesheet is inline and
// allowed by its hash in the page's own Content-Security-Policy (no script at all).
import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';

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

/** A colour chip as SVG: a `fill` attribute is not a style, so the strict policy needs no 'unsafe-inline'. */
export const swatch = (hex: string | undefined): SafeHtml =>
  isHexColour(hex)
    ? html`<svg class="swatch" width="20" height="20" viewBox="0 0 20 20" aria-hidden="true"><rect width="20" height="20" rx="4" fill="${hex}" stroke="#0004"/></svg>`
    : html``;

export interface Page {
  title: string;
  /** Extra elements for the head (Open Graph tags). */
  head?: SafeHtml;
  body: SafeHtml;
  css: string;
}

const policyFor = (css: string) =>
  [
    "default-src 'none'",
    "img-src 'self'",
    `style-src 'sha256-${createHash('sha256').update(css).digest('base64')}'`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');

const policies = new Map<string, string>();

/** Sends a page that search engines must not index, under a policy that allows its own stylesheet only. */
export function sendPage(reply: FastifyReply, statusCode: number, page: Page): FastifyReply {
  let policy = policies.get(page.css);
  if (!policy) {
    policy = policyFor(page.css);
    policies.set(page.css, policy);
  }
  const document = html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow"><title>${page.title}</title>${page.head}
<style>${new SafeHtml(page.css)}</style></head>
<body>${page.body}</body></html>`;
  return reply
    .code(statusCode)
    .type('text/html; charset=utf-8')
    .header('content-security-policy', policy)
    .header('x-robots-tag', 'noindex, nofollow')
    .header('referrer-policy', 'no-referrer')
    .header('cache-control', 'no-store')
    .send(document.value);
}
