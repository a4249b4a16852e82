/**
 * The OpenAPI document (/api/openapi.json): @fastify/swagger collects the routes' TypeBox schemas,
 * and `finishDocument` (its public `transformObject` option) makes the result friendly to generated
 * clients, centrally, so that an operation added later is covered without doing anything:
 *
 *   - every schema with a `title` (TypeBox's option, set in the areas' schemas.ts) is hoisted into
 *     components.schemas under that name and referred to by $ref (a nullable one as
 *     `anyOf: [$ref, null]`); two different schemas with one name fail the build of the document;
 *   - a query parameter with a default is not required;
 *   - every answer names its status and documents its headers: X-Request-Id everywhere, the
 *     rate-limit headers where the limiter runs, Retry-After on 429 and 503;
 *   - an operation of the redirect kind (its success a 302 or 303: `redirectResponse` in ./schemas.ts)
 *     has that answer documented as a redirect: the Location header, no content. Redocly's rule
 *     (redocly.yaml) takes that answer as the operation's success, so a new browser navigation is
 *     documented and linted right without being listed anywhere;
 *   - an operation that declares no 4xx gets the framework's generic `4XX` (every route can answer
 *     400, 414 or 431 before it runs);
 *   - the partner-API operations carry the examples of ./openapi-examples.ts;
 *   - the top-level `webhooks` describe every event the service sends and its signature headers.
 *
 * test/http/openapi.test.ts holds the rules (no anonymous body or answer, every operation
 * states its security, every example valid and accepted by the server) and openapi-lint.test.ts
 * runs Redocly's recommended rules on the result.
 */
import type { FastifyDynamicSwaggerOptions, SwaggerTransformObject } from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import type { TSchema } from 'typebox';
import { API_VERSION } from '../version.js';
import { ErrorDetail } from './schemas.js';
import { OPERATION_EXAMPLES } from './openapi-examples.js';
import { WEBHOOK_EVENTS } from './openapi-webhooks.js';

type Json = Record<string, unknown>;
type Doc = Json & { paths: Record<string, Record<string, Operation>>; components: Json & { schemas?: Record<string, Json> } };
interface Operation {
  operationId?: string;
  security?: unknown[];
  parameters?: { in: string; name: string; required?: boolean; schema?: Json }[];
  requestBody?: { content?: Record<string, Media> };
  responses?: Record<string, Response>;
}
interface Media {
  schema?: Json;
  example?: unknown;
}
interface Response {
  description?: string;
  content?: Record<string, Media>;
  headers?: Record<string, unknown>;
}

const DESCRIPTION =
  'Partner-facing financial data service. Every partner operation also answers under /v1/... (the reference form). ' +
  'Authenticate with X-API-Key (or Authorization: Bearer) using svc_test_… (sandbox, never billed) or svc_live_… (production) keys. ' +
  'Operations marked with ingestSecret also need X-Service-Ingest-Secret. Portal and admin operations use a session: ' +
  'POST /api/auth/partner/login or /api/auth/admin/login returns {token, token_type: "bearer", expires_at} and sets the ' +
  'HttpOnly svc_session cookie; send Authorization: Bearer <token> or the cookie. Errors: {"detail": "...", "code": "<ErrorCode>"}; ' +
  'validation failures: 422 {"detail": [{type, loc, msg, input, ctx}], "code": "validation_failed"}. Branch on code (one closed set, ' +
  'the ErrorCode enum), never on detail. Every answer carries X-Request-Id (send your own X-Request-Id to correlate). ' +
  'Events the service sends to your webhook URL are described under `webhooks`.';

const SECURITY_SCHEMES = {
  apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'A partner API key: svc_test_… (sandbox) or svc_live_… (production)' },
  bearerKey: { type: 'http', scheme: 'bearer', description: 'A partner API key sent as Authorization: Bearer <key>' },
  ingestSecret: { type: 'apiKey', in: 'header', name: 'X-Service-Ingest-Secret', description: "The partner's ingest secret (GET /api/v1/secrets); never expose it to a browser" },
  platformSecret: { type: 'apiKey', in: 'header', name: 'X-Service-Ingest-Secret', description: 'The platform ingest secret (INGEST_SECRET; admins read it with GET /api/admin/ingest-secret)' },
  platformBearer: { type: 'http', scheme: 'bearer', description: 'The platform ingest secret sent as Authorization: Bearer <secret>' },
  partnerSession: { type: 'http', scheme: 'bearer', description: 'A partner session token (POST /api/auth/partner/login or key-login)' },
  partnerSessionCookie: { type: 'apiKey', in: 'cookie', name: 'svc_session', description: 'The HttpOnly session cookie a partner sign-in sets' },
  adminSession: { type: 'http', scheme: 'bearer', description: 'An administrator session token (POST /api/auth/admin/login)' },
  adminSessionCookie: { type: 'apiKey', in: 'cookie', name: 'svc_session', description: 'The HttpOnly session cookie an administrator sign-in sets' },
};

const HEADERS = {
  'X-Request-Id': {
    description: 'The id of this request in the service logs: the X-Request-Id you sent (1 to 128 of A-Z a-z 0-9 . _ : -), else a new one',
    schema: { type: 'string' },
  },
  'X-RateLimit-Limit': { description: 'Requests allowed in the current window (per second for an API key)', schema: { type: 'integer' } },
  'X-RateLimit-Remaining': { description: 'Requests left in the current window', schema: { type: 'integer' } },
  'X-RateLimit-Reset': { description: 'When the current window ends (Unix time, seconds)', schema: { type: 'integer' } },
  'RateLimit-Policy': { description: 'The limit as an IETF RateLimit-Policy item: "<policy>";q=<limit>;w=<window seconds>', schema: { type: 'string' } },
  RateLimit: { description: 'The current state as an IETF RateLimit item: "<policy>";r=<remaining>;t=<seconds to reset>', schema: { type: 'string' } },
  'Retry-After': { description: 'Seconds to wait before retrying', schema: { type: 'integer', minimum: 1 } },
  Location: { description: 'Where the browser is sent', required: true, schema: { type: 'string', format: 'uri-reference' } },
};
/** The statuses of the redirect kind's answer. */
const REDIRECTS = new Set(['302', '303']);
const RATE_LIMIT_HEADERS = ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'RateLimit-Policy', 'RateLimit'];

const STATUS_TEXT: Record<string, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No Content',
  400: 'Bad request',
  401: 'Missing or invalid credential',
  402: 'Payment required: a live key of an account that is not production-enabled',
  403: 'Forbidden',
  404: 'Not found',
  409: 'Conflict with the current state',
  413: 'Body too large',
  415: 'Unsupported content type',
  422: 'Validation failed',
  429: 'Too many requests',
  500: 'Server error',
  502: 'Upstream provider error',
  503: 'Not configured or temporarily unavailable',
  507: 'Storage full',
  '4XX': 'An error the framework answers before the operation runs (400 malformed request, 414 URI too long, 431 headers too large)',
};

const SCHEMA_REF = '#/components/schemas/';
const ERROR_DESCRIPTION = (ErrorDetail as { description?: string }).description;

/** The options of @fastify/swagger (dynamic mode) for this service. */
/** `before` edits the document as @fastify/swagger made it, before it is finished here (routes' own options). */
export function swaggerOptions(before?: SwaggerTransformObject): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'svc partner API', version: API_VERSION, description: DESCRIPTION },
      // Relative: "Try it out" on /api/docs calls the address the page was opened at.
      servers: [{ url: '/', description: 'The address this document was read from' }],
      components: { securitySchemes: SECURITY_SCHEMES as never },
    },
    transformObject: (document) => {
      if (!('openapiObject' in document)) throw new Error('OpenAPI: expected an OpenAPI 3 document');
      const made = before ? before(document) : document.openapiObject;
      return finishDocument(made as unknown as Doc) as never;
    },
  };
}

/** The JSON form of a TypeBox schema (its symbol-keyed TypeBox metadata dropped). */
function plain(schema: TSchema): Json {
  return JSON.parse(JSON.stringify(schema)) as Json;
}

function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function stableJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(stableJson).join(',')}]`;
  if (isObject(v)) {
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableJson(v[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v);
}

/** Keywords whose value is a schema, a list of schemas or a map of schemas (JSON Schema 2020-12). */
const ONE = ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames', 'unevaluatedItems', 'unevaluatedProperties'];
const MANY = ['anyOf', 'oneOf', 'allOf', 'prefixItems'];
const MAP = ['properties', 'patternProperties', '$defs', 'dependentSchemas'];

/** Hoists titled schemas into components.schemas, in place of `schemas`. */
class Hoister {
  constructor(private readonly schemas: Record<string, Json>) {}

  /** The schema with every titled schema in it replaced by a reference. */
  hoist(schema: unknown): unknown {
    if (!isObject(schema)) return schema;
    const node: Json = { ...schema };
    for (const k of ONE) if (isObject(node[k])) node[k] = this.hoist(node[k]);
    for (const k of MANY) if (Array.isArray(node[k])) node[k] = (node[k] as unknown[]).map((s) => this.hoist(s));
    for (const k of MAP) {
      if (isObject(node[k])) node[k] = Object.fromEntries(Object.entries(node[k]).map(([name, s]) => [name, this.hoist(s)]));
    }
    const title = node.title;
    if (typeof title !== 'string' || title === '' || '$ref' in node) return node;
    // Nullable(X) copies X with `null` added to its type: X is named, the null stays here.
    if (Array.isArray(node.type) && node.type.includes('null') && node.type.length > 1) {
      const types = node.type.filter((t) => t !== 'null');
      const named = { ...node, type: types.length === 1 ? types[0] : types };
      return { anyOf: [this.register(title, named), { type: 'null' }] };
    }
    return this.register(title, node);
  }

  private register(name: string, schema: Json): Json {
    if (!/^[A-Za-z0-9._-]+$/.test(name)) throw new Error(`OpenAPI: schema title "${name}" is not a valid component name (use PascalCase)`);
    const known = this.schemas[name];
    if (known && stableJson(known) !== stableJson(schema)) {
      throw new Error(`OpenAPI: two different schemas are titled "${name}": give one of them another title`);
    }
    this.schemas[name] = schema;
    return { $ref: SCHEMA_REF + name };
  }
}

function header(name: string) {
  return { $ref: `#/components/headers/${name}` };
}

/** Whether the limiter answers this operation with its headers (src/areas/metering). */
function rateLimited(op: Operation): boolean {
  const security = (op.security ?? []) as Record<string, unknown>[];
  // The API-key scope limits every authenticated request (usageKeyScopeHooks); the public writes
  // (sign-in, sign-up, contact, deletion requests, status checks) are limited per address, and they
  // are the only public operations that can answer 429.
  if (security.some((s) => 'apiKey' in s)) return true;
  return security.length === 0 && op.responses?.['429'] !== undefined;
}

/** Adds the parts @fastify/swagger cannot derive from route schemas (see the file comment). */
export function finishDocument(input: Doc): Doc {
  // A copy: the route schemas the document was made of are the validators' and serializers' too.
  const doc = JSON.parse(JSON.stringify(input)) as Doc;
  doc.components.schemas ??= {};
  const hoister = new Hoister(doc.components.schemas);
  // The shared schemas of the application (app.addSchema) are hoisted too.
  for (const [name, s] of Object.entries(doc.components.schemas)) doc.components.schemas[name] = hoister.hoist(s) as Json;

  for (const item of Object.values(doc.paths)) {
    for (const op of Object.values(item)) {
      if (!isObject(op)) continue;
      finishOperation(op, hoister);
    }
  }

  doc.webhooks = {};
  for (const ev of WEBHOOK_EVENTS) {
    (doc.webhooks as Json)[ev.type] = {
      post: {
        operationId: ev.operationId,
        summary: ev.summary,
        description: ev.description,
        tags: ['webhooks'],
        security: [],
        parameters: SIGNATURE_HEADERS,
        requestBody: { required: true, content: { 'application/json': { schema: hoister.hoist(plain(ev.schema)), example: ev.example } } },
        responses: {
          '2XX': { description: 'Acknowledged: any 2xx within 15 seconds. Anything else (redirects included) is retried.' },
          '410': { description: 'Gone: the service disables the webhook configuration and stops sending.' },
          '4XX': { description: 'Failure (the event is retried; a Retry-After header on the answer is honoured).' },
        },
      },
    };
  }
  doc.components.headers = HEADERS;
  return doc;
}

function finishOperation(op: Operation, hoister: Hoister): void {
  for (const p of op.parameters ?? []) {
    // A value the server fills in when it is absent is not required of the caller.
    if (p.in !== 'path' && p.schema && 'default' in p.schema) p.required = false;
  }
  const examples = op.operationId ? OPERATION_EXAMPLES[op.operationId] : undefined;
  for (const [type, media] of Object.entries(op.requestBody?.content ?? {})) {
    media.schema = hoister.hoist(media.schema) as Json;
    if (examples?.request !== undefined && type === 'application/json') media.example = examples.request;
  }
  op.responses ??= {};
  if (!Object.keys(op.responses).some((s) => s.startsWith('4'))) {
    op.responses['4XX'] = { description: STATUS_TEXT['4XX'], content: { 'application/json': { schema: hoister.hoist(plain(ErrorDetail)) as Json } } };
  }
  const limited = rateLimited(op);
  for (const [status, response] of Object.entries(op.responses)) {
    const error = /^[45]/.test(status);
    // @fastify/swagger describes an answer by its schema's description: an error's is its status.
    if (!response.description || response.description === 'Default Response' || (error && response.description === ERROR_DESCRIPTION)) {
      response.description = STATUS_TEXT[status] ?? `Status ${status}`;
    }
    // An operation that produces CSV or HTML still answers its errors in JSON.
    if (error && response.content && !Object.keys(response.content).some((type) => type.includes('json'))) {
      const [first] = Object.values(response.content);
      response.content = { 'application/json': first };
    }
    for (const [type, media] of Object.entries(response.content ?? {})) {
      media.schema = hoister.hoist(media.schema) as Json;
      const example = examples?.responses?.[status];
      if (example !== undefined && media.example === undefined && type === Object.keys(response.content ?? {})[0]) media.example = example;
    }
    const headers: Record<string, unknown> = { ...(response.headers ?? {}), 'X-Request-Id': header('X-Request-Id') };
    // The key guard refuses before the limiter counts: a 401 carries no rate-limit headers.
    if (limited && status !== '401') for (const h of RATE_LIMIT_HEADERS) headers[h] = header(h);
    if (status === '429' || status === '503') headers['Retry-After'] = header('Retry-After');
    if (REDIRECTS.has(status)) {
      // A redirect answers no body: what it says is where it sends the browser.
      delete response.content;
      headers.Location = header('Location');
    }
    response.headers = headers;
  }
}

/** The signature headers of a webhook delivery (src/areas/webhooks/signing.ts). */
const SIGNATURE_HEADERS = [
  {
    name: 'Service-Signature',
    in: 'header',
    required: true,
    description:
      't=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>. During the 24 h after a secret rotation it carries one v1= per secret (new first): accept the delivery when any of them matches. Check t against a tolerance (300 s) to refuse replays.',
    schema: { type: 'string', pattern: '^t=\\d+(,v1=[0-9a-f]{64})+$' },
    example: 't=1763719500,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd',
  },
  {
    name: 'X-Service-Signature',
    in: 'header',
    required: true,
    description: 'hex HMAC-SHA256(secret, raw body), the integration-guide form. It signs no time: check the event created_at against a tolerance.',
    schema: { type: 'string', pattern: '^[0-9a-f]{64}$' },
  },
  {
    name: 'X-Service-Signature-Previous',
    in: 'header',
    required: false,
    description: 'During the 24 h after a rotation: the X-Service-Signature of the previous secret.',
    schema: { type: 'string', pattern: '^[0-9a-f]{64}$' },
  },
  {
    name: 'webhook-id',
    in: 'header',
    required: true,
    description: 'Standard Webhooks: the event id (the same as the body id; the same on every retry).',
    schema: { type: 'string' },
  },
  {
    name: 'webhook-timestamp',
    in: 'header',
    required: true,
    description: 'Standard Webhooks: the signing time, Unix seconds.',
    schema: { type: 'string', pattern: '^\\d+$' },
  },
  {
    name: 'webhook-signature',
    in: 'header',
    required: true,
    description:
      'Standard Webhooks: space-separated v1,<base64 HMAC-SHA256(base64-decoded part of the secret after whsec_, "<webhook-id>.<webhook-timestamp>.<raw body>")>, one per valid secret.',
    schema: { type: 'string' },
  },
];

/**
 * States `security` on every operation of a scope that does not state its own (the public
 * scope: `[]`, so the document says that no credential is sent rather than leaving it unsaid).
 */
export function defaultSecurity(app: FastifyInstance, security: unknown[]): void {
  app.addHook('onRoute', (route) => {
    if (route.schema && route.schema.security === undefined) route.schema = { ...route.schema, security } as typeof route.schema;
  });
}
