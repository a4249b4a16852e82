/**
 * An operation with two forms, declared once and registered by both scopes.
 *
 * The partner API answers a webhook, usage, calculation or report operation under /api/v1 with the
 * key (and, for writes, the ingest secret): the environment is the key's. The portal answers the same
 * operation under /api/partners/me with the partner's session, the environment named in the
 * `environment` query parameter (portal/environment.ts). Both call the same service with the same
 * caller ({ partnerId, environment }); only the credential, the path, the documentation's names and
 * the error answers a form adds (429 for a key, 422 for the query) differ, and are derived here.
 *
 * A group of operations is declared with `operation({ ... })` in `routes/dual/<resource>.ts`; the key
 * scope registers `keyForm(group)` (through `withV1Alias`, so the /v1 copy follows), the portal scope
 * `portalForm(group)`. Each form keeps the order of the group, so the OpenAPI document lists them as
 * the scopes register them.
 */
import type { FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { Type, type Static, type TObject, type TSchema } from 'typebox';
import type { Deps } from '../context.js';
import { errorResponses, type Security } from '../http/schemas.js';
import { EnvironmentParam, EnvironmentQuery, reader, writer, type Caller } from './portal/environment.js';
import type { Routes, ScopeOptions } from './scope.js';
import type { V1Options, V1Path } from './v1-alias.js';

export type DualForm = 'key' | 'portal';

/** What a handler of a two-form operation receives: the caller of either form, and the request's typed parts. */
export interface DualContext<P extends TSchema, Q extends TObject, B extends TSchema> {
  deps: Deps;
  form: DualForm;
  caller: Caller;
  params: Static<P>;
  query: Static<Q>;
  body: Static<B>;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface DualOperation<P extends TSchema = TSchema, Q extends TObject = TObject, B extends TSchema = TSchema> {
  method: Extract<HTTPMethods, 'GET' | 'POST' | 'DELETE' | 'PUT' | 'PATCH'>;
  /** The key form's path as SPEC.md writes it (also answered under /v1). */
  key: V1Path;
  /** The portal form's path. */
  portal: string;
  /** A write: the portal's live-environment form needs production access, as the live key does. */
  write: boolean;
  config?: { noStore?: boolean; bodyOptional?: boolean };
  summary: string;
  /** The statuses both forms answer besides the success (401, 403, ...); each form adds its own (429 key, 422 portal). */
  errors: number[];
  /** The success answers (e.g. `{ 200: WebhookConfig }`). */
  response: Record<number, TSchema>;
  params?: P;
  /** The key form's query; the portal form's adds `environment`. */
  query?: Q;
  body?: B;
  /** The answer's media types when not JSON (e.g. ['text/csv']). */
  produces?: string[];
  keyDoc: { operationId: string; summary?: string; description?: string };
  /**
   * The portal form's description: "The session form of <METHOD key path>: …" then `description`, or `whole` in its place;
   * for a write, the live-access note after either.
   */
  portalDoc: { operationId: string; summary?: string; description?: string; whole?: string };
  /**
   * Where the portal form's environment comes from: the `environment` query (default), or, for an operation that
   * answers both environments, the session's key environment else live (no query).
   */
  portalEnvironment?: 'query' | 'session';
  handler: (ctx: DualContext<P, Q, B>) => unknown;
}

/** Declares one operation of two forms (keeps its handler's request parts typed by its schemas). */
export function operation<P extends TSchema = TObject, Q extends TObject = TObject, B extends TSchema = TSchema>(op: DualOperation<P, Q, B>): DualOperation {
  return op as unknown as DualOperation;
}

/** How a group's key form is documented (its tag and credential). */
export interface KeyFormOptions {
  tags: string[];
  security: Security;
}

const PORTAL_TAGS = ['portal'];
const SEE = (path: string) => `The session form of ${path}: the same rules, in the environment the \`environment\` query parameter names.`;
const LIVE_WRITE = ' A live-environment change needs production access (403 production_not_enabled), as with the live key.';

/** '/api/v1/x/:id' as SPEC.md writes it in prose: '/api/v1/x/{id}'. */
const specPath = (path: string) => path.replace(/:([a-z_]+)/g, '{$1}');

function withCodes(codes: number[], extra: number): number[] {
  return codes.includes(extra) ? codes : [...codes, extra];
}

/** The key form of a group (register with `withV1Alias`): the environment is the key's. */
export function keyForm(group: DualOperation[], doc: KeyFormOptions): Routes<V1Options> {
  return async (app, { deps, v1 }) => {
    for (const op of group) {
      app.route({
        method: op.method,
        url: v1(op.key),
        ...(op.config ? { config: op.config } : {}),
        schema: {
          operationId: op.keyDoc.operationId,
          tags: doc.tags,
          summary: op.keyDoc.summary ?? op.summary,
          ...(op.keyDoc.description !== undefined ? { description: op.keyDoc.description } : {}),
          security: doc.security,
          ...(op.query ? { querystring: op.query } : {}),
          ...(op.params ? { params: op.params } : {}),
          ...(op.body ? { body: op.body } : {}),
          ...(op.produces ? { produces: op.produces } : {}),
          response: { ...op.response, ...errorResponses(...withCodes(op.errors, 429)) },
        },
        handler: async (request: FastifyRequest, reply: FastifyReply) =>
          op.handler({
            deps,
            form: 'key',
            caller: { partnerId: request.partner.id, environment: request.environment },
            params: request.params as never,
            query: (request.query ?? {}) as never,
            body: request.body as never,
            request,
            reply,
          }),
      });
    }
  };
}

/** The portal form of a group: the signed-in partner, in the environment of the `environment` query. */
export function portalForm(group: DualOperation[], security: Security): Routes<ScopeOptions> {
  return async (app, { deps }) => {
    for (const op of group) {
      const fromQuery = op.portalEnvironment !== 'session';
      const query = !fromQuery ? op.query : op.query ? Type.Object({ ...op.query.properties, environment: EnvironmentParam }) : EnvironmentQuery;
      const text = op.portalDoc.whole ?? SEE(`${op.method} ${specPath(op.key)}`) + (op.portalDoc.description ? ` ${op.portalDoc.description}` : '');
      const description = text + (op.write ? LIVE_WRITE : '');
      app.route({
        method: op.method,
        url: op.portal,
        ...(op.config ? { config: op.config } : {}),
        schema: {
          operationId: op.portalDoc.operationId,
          tags: PORTAL_TAGS,
          summary: op.portalDoc.summary ?? op.summary,
          description,
          security,
          ...(query ? { querystring: query } : {}),
          ...(op.params ? { params: op.params } : {}),
          ...(op.body ? { body: op.body } : {}),
          ...(op.produces ? { produces: op.produces } : {}),
          response: { ...op.response, ...errorResponses(...(fromQuery ? withCodes(op.errors, 422) : op.errors)) },
        },
        handler: async (request: FastifyRequest, reply: FastifyReply) => {
          const { environment, ...rest } = (request.query ?? {}) as { environment?: Caller['environment'] };
          const caller = !fromQuery
            ? { partnerId: request.partner.id, environment: request.session.keyEnvironment ?? 'live' }
            : op.write
              ? writer(request, environment)
              : reader(request, environment);
          return op.handler({ deps, form: 'portal', caller, params: request.params as never, query: rest as never, body: request.body as never, request, reply });
        },
      });
    }
  };
}
