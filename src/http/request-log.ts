/**
 * The one log line per request: method, route pattern, partner id (once a credential named one),
 * status, duration, and the URL with every value that could be a credential or name an end user masked. A raw URL
 * can carry a key (`DELETE /api/v1/admin/keys/{key_value}`, a key pasted into a query by mistake, a
 * mistyped path) or a partner's end-user id (`/api/v1/ingest/user/{user_id}`, `?user_id=`), which an erasure
 * must be able to remove from every store: a line or a request-log row cannot be reached afterwards, so neither
 * is ever written:
 *  - a matched route keeps its static segments and its path parameters, except those
 *    named like a credential (`key_value`, `token`, …) or an end user (`user_id`, `end_user_id`, …); its query
 *    keeps the values of parameters its schema declares, except credential- and end-user-named ones;
 *  - a request no route matched keeps only the path segments some route declares
 *    statically (`api`, `v1`, `keys`, …); every other segment and every query value is
 *    masked.
 * The per-route facts are worked out once per route pattern, so the usual request (a
 * matched route without a credential parameter or a query) logs its URL as it came.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { CENSOR } from '../lib/log-redact.js';
import type { AuthedPartner } from './auth-cache.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The URL as the log writes it (credentials masked), set when the answer is finished ('' before). */
    loggedUrl: string;
    /** An error answer's `code` and `detail`, read as it is sent where the searchable request log records (src/areas/request-log/capture.ts). */
    answeredError: { code: string | null; detail: string | null } | null;
  }
}

/** A path parameter or query name whose value is a credential (`key_value`, `api_key`, `token`; not `key_id`). */
const CREDENTIAL_NAME =
  /(^|[_-])(api[_-]?key|keys?|secrets?|tokens?|password|passwd|pwd|session|signature|sig|auth|authorization|cookie|credentials?)([_-]?value)?$/i;

/** A file name under a wildcard route (the API docs' assets): logged as it is. */
const ASSET_NAME = /^[A-Za-z0-9._-]{1,80}\.(css|js|map|png|svg|ico|html|json)$/;

export const MASK = CENSOR;

interface RouteFacts {
  /** Indexes of the path segments (split on '/') that hold a credential parameter. */
  maskedSegments: number[];
  /** Index of a wildcard segment (it swallows the rest of the path), or -1. */
  wildcard: number;
  /** Query names whose values may be logged. */
  loggableQuery: Set<string>;
}

export function isCredentialName(name: string): boolean {
  return CREDENTIAL_NAME.test(name);
}

/**
 * A path parameter, query or body field name whose value names a partner's end user (`user_id`, `end_user_id`,
 * `userId`), or may (`path`: the request log's own search for a logged path). Such values are erased on request
 * (DELETE /api/v1/ingest/user/{user_id}), so no log keeps them.
 */
const END_USER_NAME = /^(?:(?:.*[_-])?(?:end[_-]?)?user(?:[_-]?ids?)?|path)$/i;

/** Whether a value of this name is never logged as it came. */
function isMaskedName(name: string): boolean {
  return CREDENTIAL_NAME.test(name) || END_USER_NAME.test(name);
}

/**
 * Every end-user value the request named: path parameters, query values and (at any depth) body fields whose
 * name is an end-user name, as strings. An error answer's detail may echo them (`No cached calculation for end
 * user 'u1'`, a 422 item's `input`).
 */
export function endUserValues(request: Pick<FastifyRequest, 'params' | 'query' | 'body'>): string[] {
  const out = new Set<string>();
  const leaves = (v: unknown): void => {
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'bigint') {
      const s = String(v);
      if (s !== '') out.add(s);
    } else if (v !== null && typeof v === 'object') {
      for (const x of Object.values(v)) leaves(x);
    }
  };
  const named = (o: unknown, deep: boolean): void => {
    // Iterative, so that a deeply nested body cannot exhaust the stack.
    const stack: unknown[] = [o];
    while (stack.length > 0) {
      const cur = stack.pop();
      if (cur === null || typeof cur !== 'object') continue;
      for (const [k, v] of Object.entries(cur)) {
        if (END_USER_NAME.test(k)) leaves(v);
        else if (deep) stack.push(v);
      }
    }
  };
  named(request.params, false);
  named(request.query, false);
  named(request.body, true);
  return [...out];
}

/** The most end-user values an error detail is searched for, one by one. */
const MASK_VALUES_MAX = 1_000;

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * `text` with every occurrence of each value (as it is, and as it appears inside JSON text) replaced by the mask,
 * in one pass. Should a value still occur afterwards (one the mask itself contains, or one formed across a mask),
 * the whole text is the mask: no value ever survives.
 */
export function maskValues(text: string, values: readonly string[]): string {
  if (values.length === 0 || text === '') return text;
  // A request naming more end users than this (a large batch) costs too much to search for each: its text is masked whole.
  if (values.length > MASK_VALUES_MAX) return MASK;
  const forms = new Set<string>();
  for (const v of values) {
    forms.add(v);
    forms.add(JSON.stringify(v).slice(1, -1));
  }
  // Only the forms the text holds go into the pattern (a body may name tens of thousands of end users: a pattern of
  // them all costs a second to compile); longest first, so that a value containing another is masked whole.
  const present = [...forms].filter((f) => text.includes(f));
  if (present.length === 0) return text;
  const alternatives = present.sort((a, b) => b.length - a.length).map(escapeRegExp);
  const masked = text.replace(new RegExp(alternatives.join('|'), 'g'), MASK);
  for (const f of forms) if (masked.includes(f)) return MASK;
  return masked;
}

function queryNames(schema: unknown): string[] {
  const props = (schema as { properties?: Record<string, unknown> } | undefined)?.properties;
  return props && typeof props === 'object' ? Object.keys(props) : [];
}

/**
 * The query with each pair kept only when its name is one `loggable` accepts; a declared
 * credential or end-user parameter keeps its name, any other pair is masked whole (its name could be
 * the secret).
 */
function maskQuery(query: string, declared: (name: string) => boolean): string {
  if (query === '') return '';
  return query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawName = eq === -1 ? pair : pair.slice(0, eq);
      let name: string;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        return MASK;
      }
      if (!declared(name)) return MASK;
      return isMaskedName(name) ? `${rawName}=${MASK}` : pair;
    })
    .join('&');
}

/**
 * Installs the request log: an onRoute hook that learns every route's static segments
 * and credential parameters, and an onResponse hook that writes the line. Call before
 * any route is added.
 */
export function installRequestLog(app: FastifyInstance): void {
  app.decorateRequest('loggedUrl', '');
  app.decorateRequest('answeredError', null);
  const staticSegments = new Set<string>(['']);
  const facts = new Map<string, RouteFacts>();

  app.addHook('onRoute', (route: RouteOptions) => {
    for (const seg of route.url.split('/')) {
      if (!seg.includes(':') && !seg.includes('*')) staticSegments.add(seg);
    }
  });

  function factsOf(request: FastifyRequest, url: string): RouteFacts {
    let f = facts.get(url);
    if (f) return f;
    const maskedSegments: number[] = [];
    let wildcard = -1;
    url.split('/').forEach((seg, i) => {
      const m = /^:([A-Za-z0-9_]+)/.exec(seg);
      if (m && isMaskedName(m[1])) maskedSegments.push(i);
      if (seg.includes('*') && wildcard === -1) wildcard = i;
    });
    const loggableQuery = new Set(queryNames(request.routeOptions.schema?.querystring));
    f = { maskedSegments, wildcard, loggableQuery };
    facts.set(url, f);
    return f;
  }

  /** The URL as it may be logged. */
  function loggedUrl(request: FastifyRequest, route: string | undefined): string {
    const raw = request.url;
    const q = raw.indexOf('?');
    const path = q === -1 ? raw : raw.slice(0, q);
    const query = q === -1 ? '' : raw.slice(q + 1);
    if (route === undefined) {
      const masked = path
        .split('/')
        .map((seg) => (staticSegments.has(seg) ? seg : MASK))
        .join('/');
      return q === -1 ? masked : `${masked}?${MASK}`;
    }
    const f = factsOf(request, route);
    if (f.maskedSegments.length === 0 && f.wildcard === -1 && q === -1) return raw;
    let outPath = path;
    if (f.maskedSegments.length > 0 || f.wildcard !== -1) {
      const segs = path.split('/');
      for (const i of f.maskedSegments) if (i < segs.length) segs[i] = MASK;
      if (f.wildcard !== -1) {
        for (let i = f.wildcard; i < segs.length; i++) {
          if (!staticSegments.has(segs[i]) && !ASSET_NAME.test(segs[i])) segs[i] = MASK;
        }
      }
      outPath = segs.join('/');
    }
    return q === -1 ? outPath : `${outPath}?${maskQuery(query, (n) => f.loggableQuery.has(n))}`;
  }

  // Callback style: no promise per request on the hot path.
  app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const route = request.routeOptions.url;
    const url = loggedUrl(request, route);
    // For the searchable request log's hook, which runs after this one (src/areas/request-log/capture.ts).
    request.loggedUrl = url;
    request.log.info(
      {
        method: request.method,
        route: route ?? null,
        url,
        // The partner the credential resolved to (API key or session), never the credential; null before or without one.
        partnerId: (request.partner as AuthedPartner | undefined)?.id ?? null,
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 100) / 100,
      },
      'request',
    );
    done();
  });
}
