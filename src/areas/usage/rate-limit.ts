/**
 * Rate limiting (issue 5 implements it): per API key on the partner API, and per
 * client address on public write endpoints.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../../context.js';

/**
 * An onRequest hook limiting a public write endpoint (login, register, contact,
 * deletion request) per client address. `name` separates the budgets of endpoints.
 */
export function publicWriteLimit(_deps: Deps, _name: string): (request: FastifyRequest, reply: FastifyReply) => Promise<void> {
  return async () => {};
}
