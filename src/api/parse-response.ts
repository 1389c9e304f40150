import type { z } from 'zod';
import { UnexpectedResponseError } from './request-errors';

/** Checks an answer against its contract schema; a mismatch is an error naming what was asked for. */
export function parseResponse<S extends z.ZodType>(what: string, schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  throw new UnexpectedResponseError(what, `${where}${issue?.message ?? 'invalid'}`);
}
