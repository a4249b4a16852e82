/** What the sandbox layer's operations share: the provider its scope resolved for the request, tags and errors. */
import type { FastifyRequest } from 'fastify';
import { errorResponses } from '../../../http/schemas.js';
import type { AccountDataProvider } from '../../../areas/sandbox/provider.js';
import type { ScopeOptions } from '../../scope.js';

export interface SandboxOptions extends ScopeOptions {
  /** The provider answering this request: the sandbox for test keys, the aggregator for live keys. */
  provider: (request: FastifyRequest) => AccountDataProvider;
}

export const TAGS = ['sandbox'];

export const common = errorResponses(401, 402, 403, 422, 429, 503);

export const caller = (request: FastifyRequest) => ({ partnerId: request.partner.id, environment: request.environment });
