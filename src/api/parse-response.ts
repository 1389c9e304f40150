import type { z } from 'zod';
import { loadOnDemand } from './load-on-demand';
import { UnexpectedResponseError } from './request-errors';

/** Checks an answer against its contract schema; a mismatch is an error naming what was asked for. */
export function parseResponse<S extends z.ZodType>(what: string, schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  throw new UnexpectedResponseError(what, `${where}${issue?.message ?? 'invalid'}`);
}

/**
 * Starts loading a contract module while its request is on the wire: the schemas bring zod (about 25 KB gzip),
 * which stays out of the first load, and the answer is checked as soon as both are here. The request's own
 * failure comes first: it says more than a chunk that could not load.
 */
export async function withSchemas<M, T>(
  load: () => Promise<M>,
  answer: Promise<T>,
): Promise<{ schemas: M; answer: T }> {
  const schemas = loadOnDemand(load);
  // Handled below; without this an answer that fails first would leave a rejection nobody awaits.
  schemas.catch(() => {});
  const body = await answer;
  return { schemas: await schemas, answer: body };
}
