import { badQuery } from './errors';

// Reads the catalogue's query parameters by their spec names (spec §7), with a 400 whose message names the
// parameter when one is missing, repeated or malformed.

type Query = Record<string, unknown>;

function asQuery(query: unknown): Query {
  return typeof query === 'object' && query !== null ? (query as Query) : {};
}

export function optionalText(query: unknown, name: string): string | undefined {
  const value = asQuery(query)[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw badQuery(`Query parameter \`${name}\` must be given once, as text.`);
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

export function requiredText(query: unknown, name: string): string {
  const value = optionalText(query, name);
  if (value === undefined) throw badQuery(`Query parameter \`${name}\` is required.`);
  return value;
}

export function requiredBoolean(query: unknown, name: string): boolean {
  const value = requiredText(query, name).toLowerCase();
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw badQuery(`Query parameter \`${name}\` must be the text \`true\` or \`false\`.`);
}
