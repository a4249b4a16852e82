/**
 * What the service refuses before any handler or database sees it:
 * - JSON nested deeper than MAX_JSON_DEPTH (422 json_invalid), checked on the text before it is parsed,
 *   so nothing recursive (serializers, Ajv, JSON columns) ever meets it;
 * - C0 control characters other than tab, CR and LF in any string or object key of a body, query or
 *   path (422 `string_control_character` at the value's loc): PostgreSQL refuses NUL in text while SQLite
 *   stores it, so both databases see the same refusal at the edge;
 * - a body on an operation that takes none (415 for a non-JSON type, 422 for JSON other than `{}`/`null`;
 *   an empty JSON body is fine there); an operation whose body is optional (`config.bodyOptional`) takes no
 *   body, or an empty one, as `{}`, so its schema's defaults apply;
 * - Fastify's own errors (bad URL encoding, long parameter) in the `{"detail", "code"}` shape (Node's socket-level ones: src/http/connections.ts).
 */
import http from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SwaggerTransformObject } from '@fastify/swagger';
import { codeForStatus, problem } from './error-codes.js';
import { ValidationFailed, type ValidationItem } from './errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The operation's body may be left out (no body, or an empty one): it is validated as `{}`. */
    bodyOptional?: boolean;
  }
}

/** Deepest nesting of arrays and objects a JSON body may have. */
export const MAX_JSON_DEPTH = 64;
/** Control-character errors listed at most in one answer. */
const MAX_CONTROL_ITEMS = 10;

/** C0 controls except tab (9), LF (10) and CR (13). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_RE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;

export const CONTROL_TYPE = 'string_control_character';
const CONTROL_MSG = 'String should not contain control characters (U+0000 to U+001F other than tab, CR and LF)';
const CONTROL_KEY_MSG = 'Object keys should not contain control characters (U+0000 to U+001F other than tab, CR and LF)';

function hex(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 65 && c <= 70) return c - 55;
  if (c >= 97 && c <= 102) return c - 87;
  return -1;
}

/**
 * One pass over JSON text: the offset where nesting first exceeds `maxDepth` (or -1), and whether a
 * string escapes a refused control character (raw ones are invalid JSON and JSON.parse refuses them).
 */
export function scanJson(text: string, maxDepth: number): { tooDeepAt: number; control: boolean } {
  let depth = 0;
  let inString = false;
  let control = false;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 34) inString = false;
      else if (c === 92) {
        const e = text.charCodeAt(++i);
        if (e === 98 || e === 102) control = true; // \b \f
        else if (e === 117 && text.charCodeAt(i + 1) === 48 && text.charCodeAt(i + 2) === 48) {
          const hi = hex(text.charCodeAt(i + 3));
          const lo = hex(text.charCodeAt(i + 4));
          if (hi === 0 || (hi === 1 && lo >= 0)) {
            if (hi === 1 || (lo !== 9 && lo !== 10 && lo !== 13)) control = true;
          }
        }
      }
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      if (++depth > maxDepth) return { tooDeepAt: i, control };
    } else if (c === 93 || c === 125) depth--;
  }
  return { tooDeepAt: -1, control };
}

/** The refused control characters in `value` (strings and object keys), at most `max`, with their loc. */
export function controlItems(value: unknown, loc: (string | number)[], max = MAX_CONTROL_ITEMS): ValidationItem[] {
  const out: ValidationItem[] = [];
  const walk = (v: unknown, at: (string | number)[]): void => {
    if (out.length >= max) return;
    if (typeof v === 'string') {
      if (CONTROL_RE.test(v)) out.push({ type: CONTROL_TYPE, loc: at, msg: CONTROL_MSG, input: v });
    } else if (Array.isArray(v)) {
      for (let i = 0; i < v.length && out.length < max; i++) walk(v[i], [...at, i]);
    } else if (v !== null && typeof v === 'object') {
      for (const k of Object.keys(v)) {
        if (out.length >= max) return;
        if (CONTROL_RE.test(k)) out.push({ type: CONTROL_TYPE, loc: [...at, k], msg: CONTROL_KEY_MSG, input: k });
        else walk((v as Record<string, unknown>)[k], [...at, k]);
      }
    }
  };
  walk(value, loc);
  return out;
}

function tooDeep(pos: number): ValidationFailed {
  return new ValidationFailed([
    {
      type: 'json_invalid',
      loc: ['body', pos],
      msg: 'JSON decode error',
      input: {},
      ctx: { error: `Nesting deeper than ${MAX_JSON_DEPTH} levels` },
    },
  ]);
}

function isEmptyBody(body: unknown): boolean {
  if (body === null || body === undefined) return true;
  return typeof body === 'object' && !Array.isArray(body) && Object.keys(body as object).length === 0;
}

/** Installs the JSON parser and the hook that check every request's input (call before routes are added). */
export function installInputGuards(app: FastifyInstance): void {
  const defaultJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, text, done) => {
    const s = text as string;
    // An operation that takes no body accepts an empty one with a JSON type (clients often set it on every call).
    if (s.length === 0 && (!request.routeOptions.schema?.body || request.routeOptions.config.bodyOptional)) return done(null, undefined);
    const scan = scanJson(s, MAX_JSON_DEPTH);
    if (scan.tooDeepAt >= 0) return done(tooDeep(scan.tooDeepAt), undefined);
    defaultJson(request, s, (err, body) => {
      if (err) return done(err, undefined);
      if (scan.control) {
        const items = controlItems(body, ['body']);
        if (items.length > 0) return done(new ValidationFailed(items), undefined);
      }
      done(null, body);
    });
  });

  app.addHook('preValidation', (request, reply, done) => {
    // The query parser keeps a pair it cannot decode as its raw text: refuse it rather than take
    // "%00…" for a value (it would slip past the control-character check below).
    const undecodable = undecodableQueryPair(request.url);
    if (undecodable) {
      return done(new ValidationFailed([{ type: 'value_error', loc: ['query', undecodable.name], msg: 'Value error, invalid percent-encoding', input: undecodable.raw }]));
    }
    const items = controlItems(request.params, ['path']);
    if (items.length === 0) items.push(...controlItems(request.query, ['query']));
    if (items.length > 0) return done(new ValidationFailed(items));
    if (request.body === undefined && request.routeOptions.config.bodyOptional) request.body = {};
    if (request.body !== undefined && !request.routeOptions.schema?.body) {
      const type = request.headers['content-type'];
      if (typeof type !== 'string' || !/^application\/json\s*(;|$)/i.test(type)) {
        return done(Object.assign(new Error('This operation takes no request body'), { statusCode: 415 }));
      }
      if (!isEmptyBody(request.body)) {
        return done(new ValidationFailed([{ type: 'extra_forbidden', loc: ['body'], msg: 'This operation takes no request body', input: null }]));
      }
    }
    done();
  });
}

/** The first pair of the URL's query string whose name or value is not valid percent-encoded UTF-8, if any. */
function undecodableQueryPair(url: string): { name: string; raw: string } | null {
  const q = url.indexOf('?');
  if (q < 0 || url.indexOf('%', q) < 0) return null;
  const decode = (s: string): string | null => {
    try {
      return decodeURIComponent(s.replace(/\+/g, ' '));
    } catch {
      return null;
    }
  };
  for (const pair of url.slice(q + 1).split('&')) {
    if (!pair.includes('%')) continue;
    const eq = pair.indexOf('=');
    const rawName = eq < 0 ? pair : pair.slice(0, eq);
    const rawValue = eq < 0 ? '' : pair.slice(eq + 1);
    const name = decode(rawName);
    if (name === null || decode(rawValue) === null) return { name: (name ?? rawName).slice(0, 100), raw: rawValue.slice(0, 100) };
  }
  return null;
}

/** Fastify's own routing errors (bad URL encoding, a parameter over maxParamLength) in the service's shape. */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  const detail =
    error.code === 'FST_ERR_BAD_URL'
      ? 'Invalid URL encoding'
      : error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? 'A path parameter is too long'
        : http.STATUS_CODES[status] ?? 'Bad Request';
  // Answered before any hook runs: the headers every answer carries are set here.
  reply.headers({ 'x-request-id': request.id, 'x-content-type-options': 'nosniff' }).status(status).send(problem(codeForStatus(status), detail));
}

type OpenApiPaths = Record<string, Record<string, { requestBody?: { required?: boolean } } | undefined> | undefined>;

/**
 * @fastify/swagger marks every request body required (Fastify itself would insist on one); the operations
 * of `config.bodyOptional` take none, and their document says so. Call before any route is added and give
 * the returned function to swagger as `transformObject`.
 */
export function documentOptionalBodies(app: FastifyInstance): SwaggerTransformObject {
  const optional: { method: string; path: string }[] = [];
  app.addHook('onRoute', (route) => {
    if (!route.config?.bodyOptional) return;
    const path = route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    for (const method of [route.method].flat()) optional.push({ method: method.toLowerCase(), path });
  });
  return (document) => {
    const doc = 'openapiObject' in document ? document.openapiObject : document.swaggerObject;
    const paths = doc.paths as OpenApiPaths | undefined;
    for (const { method, path } of optional) {
      const body = paths?.[path]?.[method]?.requestBody;
      if (body) body.required = false;
    }
    return doc;
  };
}

