/**
 * The /v1/... reference form of the /api/v1/... operations, derived here and nowhere else.
 *
 * SPEC.md writes every partner operation under /api/v1 (the machine form); each also answers
 * under /v1 (the reference form), which the OpenAPI document does not list. `withV1Alias`
 * registers a group of operations twice, each time in its own encapsulated context (so hooks
 * and plugins the group adds stay per form): once with `form: 'machine'` and `v1` leaving the
 * path as it is, once with `form: 'reference'`, `v1` turning '/api/v1/x' into '/v1/x' and every
 * route hidden from the document. Operations declare `v1('/api/v1/x')`, so the path stays
 * greppable as SPEC.md writes it, and the few whose two forms differ read `form`.
 *
 * Why not rewrite the URL in an onRoute hook: Fastify's docs list routeOptions.url there as
 * information, and Fastify has already taken the route's config.url (request.routeOptions.url,
 * which the request log records) before the hook runs, so a rewritten route would report the
 * other form's path. Changing `schema` there (hide) is the documented use and is kept.
 */
import type { FastifyInstance } from 'fastify';
import type { Routes, ScopeOptions } from './scope.js';

export type Form = 'machine' | 'reference';
export type V1Path = `/api/v1/${string}`;

export interface V1Options extends ScopeOptions {
  /** Which of the two path forms this registration serves. */
  form: Form;
  /** The path of this form for an /api/v1 path as SPEC.md writes it. */
  v1: (path: V1Path) => string;
}

const API = '/api';

export async function withV1Alias<O extends ScopeOptions>(app: FastifyInstance, opts: O, operations: Routes<O & V1Options>): Promise<void> {
  await app.register(async (machine) => {
    await operations(machine, { ...opts, form: 'machine', v1: (path) => path });
  });
  await app.register(async (reference) => {
    reference.addHook('onRoute', (route) => {
      route.schema = { ...(route.schema ?? {}), hide: true } as typeof route.schema;
    });
    await operations(reference, { ...opts, form: 'reference', v1: (path) => path.slice(API.length) });
  });
}
