import { z } from 'zod';

/**
 * Every API error answers with this JSON body (never a stack trace). It is Fastify's own error shape, so
 * framework errors (validation, body limits) and ours read the same. `code` is a stable machine-readable name.
 */
export const apiErrorSchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  code: z.string().optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
