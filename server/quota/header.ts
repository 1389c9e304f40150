import type { FastifyReply } from 'fastify';
import { GENERATIONS_REMAINING_HEADER } from '../../contract/endpoints';

/**
 * Every generation response carries the remaining count, success or error (spec §3, §7): generation routes call
 * this before sending, on every path.
 */
export function setGenerationsRemaining(reply: FastifyReply, remaining: number): FastifyReply {
  return reply.header(GENERATIONS_REMAINING_HEADER, String(remaining));
}
