import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Deps } from '../context.js';
import type { Guards } from '../http/auth.js';

/** What a scope passes to the operations it registers. */
export interface ScopeOptions {
  deps: Deps;
  guards: Guards;
}

/**
 * A scope (its index.ts: opens its guard once, then registers its operations) or a
 * file of operations. Operations declare their full paths; nothing is prefixed.
 */
export type Routes<O extends ScopeOptions = ScopeOptions> = (app: FastifyInstance, opts: O) => Promise<void>;

/** The instance typed with the TypeBox provider. */
export function typed(app: FastifyInstance) {
  return app.withTypeProvider<TypeBoxTypeProvider>();
}
