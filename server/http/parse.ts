import type { z } from 'zod';
import { HttpError } from './errors';

/** Validates input against a contract schema; a mismatch is a 400 that names the first bad field. */
export function parseInput<Schema extends z.ZodType>(schema: Schema, input: unknown): z.output<Schema> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
  throw new HttpError(400, 'INVALID_INPUT', `${where}${issue?.message ?? 'invalid input'}`);
}
