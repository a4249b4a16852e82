import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Deps } from '../context.js';
import type { Guards } from './auth.js';

/**
 * Options every area plugin receives. `form` tells which of the spec's two path
 * forms the plugin is mounted as: `machine` under /api/v1, `reference` under /v1
 * (only the operations whose two forms differ look at it).
 */
export interface AreaOptions {
  deps: Deps;
  guards: Guards;
  form: 'machine' | 'reference';
}

export type Area = (app: FastifyInstance, opts: AreaOptions) => Promise<void>;

/** The instance typed with the TypeBox provider. */
export function typed(app: FastifyInstance) {
  return app.withTypeProvider<TypeBoxTypeProvider>();
}
