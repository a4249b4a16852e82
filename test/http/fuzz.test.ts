/**
 * OpenAPI-driven fuzz test. Every operation of GET /api/openapi.json (not a hand
 * list) is sent schema-breaking bodies and parameters with valid credentials,
 * then the same operation with no credentials and with wrong ones. Every answer
 * must hold these rules:
 *   no-5xx           no 5xx, except a documented 503 for a dependency the test
 *                    configuration leaves unset (see allowed503)
 *   hang             every answer within REQUEST_TIMEOUT_MS
 *   auth             no 2xx on a secured operation without valid credentials
 *   schema           no 2xx to input the operation's own schema forbids (judged
 *                    by Ajv over the document's schema, not by the service)
 *   nul              no 2xx to a NUL byte in any string of the body, query or path
 *   body-not-taken   no 2xx to a body sent to a write operation that declares none
 *   detail           every 4xx is JSON with a `detail`
 *   size             a 4xx is at most max(16 KB, 2 × the request)
 *   credentials      the test's own valid credentials are accepted somewhere
 *                    (otherwise the auth cases would prove nothing)
 *
 * Reproduce a run with FUZZ_SEED=<seed> (printed in every failure); FUZZ_ONLY=<fragment
 * of "METHOD /path"> runs only the matching operations; FUZZ_CASES changes the number of
 * generated cases per operation.
 */
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { Ajv, type Options, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { LightMyRequestResponse } from 'fastify';
import { buildTestApp, DIALECT, PLATFORM_SECRET, type TestApp, type TestPartner } from '../helpers/app.js';
import { inlineRefs } from '../helpers/openapi.js';

/** Generated (fast-check) cases per operation, on top of the targeted ones derived from its schema. */
const CASES_PER_OPERATION = Number(process.env.FUZZ_CASES ?? 8);
const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
const REQUEST_TIMEOUT_MS = 5_000;
const DEEP_NESTING = 5_000;
const ERROR_BODY_FLOOR = 16 * 1024;
/** The huge-array case fills this share of BODY_LIMIT_BYTES. */
const HUGE_SHARE = 0.3;
/** Examples printed per failing rule of an operation. */
const EXAMPLES_PER_RULE = 1;

/* eslint-disable @typescript-eslint/no-explicit-any -- JSON Schema documents are untyped */
type Schema = any;

const addFormats = (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule;
function makeAjv(coerce: boolean): Ajv {
  const opts: Options = { coerceTypes: coerce ? 'array' : false, useDefaults: false, allErrors: false, strict: false, validateFormats: true };
  const ajv = new Ajv(opts);
  (addFormats as unknown as (a: Ajv) => void)(ajv);
  return ajv;
}
// The judges: the document's own schemas, strict JSON types for bodies, strings coerced for parameters
// (as the document's parameters are strings on the wire).
const bodyJudge = makeAjv(false);
const paramJudge = makeAjv(true);
const compiled = new WeakMap<object, ValidateFunction>();
function conforms(ajv: Ajv, schema: Schema, value: unknown): boolean {
  let v = compiled.get(schema);
  if (!v) {
    v = ajv.compile(schema);
    compiled.set(schema, v);
  }
  // Only the parameter judge coerces (writes into) its input; bodies are judged as they are (a clone
  // of a body nested thousands deep would overflow the stack).
  return v(ajv === paramJudge ? structuredClone(value) : value) as boolean;
}

interface Param {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema: Schema;
}

interface Operation {
  method: string;
  path: string;
  tags: string[];
  responses: string[];
  security: Record<string, string[]>[];
  params: Param[];
  body: { schema: Schema; required: boolean; types: string[] } | null;
  /** The session subject its session schemes need (the document names no subject: its tags and path do). */
  subject: 'admin' | 'partner';
  /** JSON schema of the parameters of one location, for the judge. */
  paramSchema: Record<'path' | 'query' | 'header', Schema>;
}

interface Fixtures {
  partner: TestPartner;
  other: TestPartner;
  partnerToken: string;
  adminToken: string;
}

type Credential = 'valid' | 'none' | 'wrong';

interface Case {
  label: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  credential: Credential;
  liveKey: boolean;
  /** Why the operation's schema forbids this input (null: it does not). */
  forbidden: string | null;
  nul: boolean;
  bodyNotTaken: boolean;
}

interface Failure {
  rule: string;
  c: Case;
  status: number | string;
  response: string;
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

// ---------------------------------------------------------------------------
// The document → operations

function readOperations(doc: Schema): Operation[] {
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries<Schema>(doc.paths)) {
    for (const [method, op] of Object.entries<Schema>(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      // A parameter with a default is judged optional even where the document also calls it required:
      // the default says what the service uses when it is absent (the contradiction is the document's).
      const params: Param[] = (op.parameters ?? []).map((p: Schema) => ({
        name: p.in === 'header' ? String(p.name).toLowerCase() : p.name,
        in: p.in,
        required: Boolean(p.required) && (p.in === 'path' || p.schema?.default === undefined),
        schema: p.schema ?? {},
      }));
      for (const p of params) if (!['path', 'query', 'header'].includes(p.in)) throw new Error(`unhandled parameter location ${p.in}`);
      const content = op.requestBody?.content ?? null;
      const types = content ? Object.keys(content) : [];
      const body = content
        ? { schema: content['application/json']?.schema ?? {}, required: Boolean(op.requestBody.required), types }
        : null;
      const paramSchema = Object.fromEntries(
        (['path', 'query', 'header'] as const).map((loc) => {
          const ps = params.filter((p) => p.in === loc);
          return [loc, { type: 'object', properties: Object.fromEntries(ps.map((p) => [p.name, p.schema])), required: ps.filter((p) => p.required).map((p) => p.name) }];
        }),
      ) as Operation['paramSchema'];
      const tags: string[] = op.tags ?? [];
      ops.push({
        method: method.toUpperCase(),
        path,
        tags,
        responses: Object.keys(op.responses ?? {}),
        security: op.security ?? doc.security ?? [],
        params,
        body,
        subject: tags.includes('admin') || /\/admin\//.test(path.replace(/^\/api\/v1\/admin\//, '/')) ? 'admin' : 'partner',
        paramSchema,
      });
    }
  }
  return ops;
}

// ---------------------------------------------------------------------------
// Valid values from a schema (the smallest the judge accepts)

function typesOf(s: Schema): string[] {
  if (!s || typeof s !== 'object') return [];
  if (Array.isArray(s.type)) return s.type;
  if (typeof s.type === 'string') return [s.type];
  const alts = s.anyOf ?? s.oneOf;
  if (Array.isArray(alts)) return [...new Set(alts.flatMap(typesOf))];
  if (Array.isArray(s.enum)) return [...new Set(s.enum.map((v: unknown) => (v === null ? 'null' : typeof v)))] as string[];
  return [];
}

function validValue(s: Schema, name = 'x'): unknown {
  if (!s || typeof s !== 'object') return null;
  if ('const' in s) return s.const;
  if (Array.isArray(s.enum)) return s.enum[0];
  const alts = s.anyOf ?? s.oneOf;
  if (Array.isArray(alts)) return validValue(alts.find((a: Schema) => !typesOf(a).includes('null')) ?? alts[0], name);
  const type = typesOf(s).find((t) => t !== 'null') ?? typesOf(s)[0];
  const ok = (v: unknown) => conforms(bodyJudge, s, v);
  switch (type) {
    case 'string': {
      const n = Math.max(s.minLength ?? 1, 1);
      const candidates = [
        `fuzz.${name.replace(/[^a-z0-9]/gi, '') || 'x'}@example.com`,
        '2026-01-15',
        '2026-01-15T00:00:00Z',
        'https://example.com/fuzz',
        '00000000-0000-4000-8000-000000000000',
        'a'.repeat(n),
        '1'.repeat(n),
        'fuzz-value',
      ];
      const first = s.format || s.pattern ? candidates.find(ok) : candidates.slice(5).find(ok);
      return first ?? 'a'.repeat(n);
    }
    case 'integer':
    case 'number': {
      const lo = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : undefined);
      const candidates = [1, lo, s.maximum, 0, 10, 100].filter((v) => typeof v === 'number');
      return candidates.find(ok) ?? 1;
    }
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'array':
      return Array.from({ length: s.minItems ?? 0 }, () => validValue(s.items, name));
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const k of s.required ?? []) out[k] = validValue(s.properties?.[k], k);
      return out;
    }
    default:
      return null;
  }
}

// ---------------------------------------------------------------------------
// Breaking values: for a location with schema s, values around and outside it

const CONTROL = '\u0001\u0007\u001b[31m\r\n\t\u007f\u0085\u2028';
const LONE_SURROGATE = 'a\ud800b';

function breakingValues(s: Schema): { label: string; value: unknown }[] {
  const types = typesOf(s);
  const out: { label: string; value: unknown }[] = [];
  const sample: Record<string, unknown> = { string: 'fuzz', number: 12345.5, integer: 12345, boolean: true, object: { fuzz: 1 }, array: ['fuzz'], null: null };
  for (const t of ['string', 'number', 'boolean', 'object', 'array', 'null']) {
    if (!types.includes(t) && !(t === 'number' && types.includes('integer'))) out.push({ label: `type ${t}`, value: sample[t] });
  }
  const alts = [s, ...(s?.anyOf ?? []), ...(s?.oneOf ?? [])];
  const enums = alts.flatMap((a: Schema) => a?.enum ?? []);
  if (types.includes('string')) {
    const max = Math.max(...alts.map((a: Schema) => a?.maxLength ?? -1));
    const min = Math.max(...alts.map((a: Schema) => a?.minLength ?? 0));
    if (max >= 0) out.push({ label: `maxLength ${max}+1`, value: 'x'.repeat(max + 1) });
    if (min > 0) out.push({ label: 'below minLength', value: 'x'.repeat(min - 1) });
    if (enums.length) out.push({ label: 'enum violation', value: 'not-an-enum-value' });
    const format = alts.map((a: Schema) => a?.format).find(Boolean);
    if (format) out.push({ label: `not a ${format}`, value: `not-a-${format}` });
    out.push({ label: 'NUL', value: 'a\u0000b' });
    out.push({ label: 'control characters', value: `a${CONTROL}b` });
    out.push({ label: 'lone surrogate', value: LONE_SURROGATE });
    out.push({ label: 'long string', value: '\u00e9'.repeat(50_000) });
  }
  if (types.includes('number') || types.includes('integer')) {
    const max = alts.map((a: Schema) => a?.maximum).find((v: unknown) => typeof v === 'number');
    const min = alts.map((a: Schema) => a?.minimum).find((v: unknown) => typeof v === 'number');
    if (max !== undefined) out.push({ label: 'above maximum', value: max + 1 });
    if (min !== undefined) out.push({ label: 'below minimum', value: min - 1 });
    if (types.includes('integer') && !types.includes('number')) out.push({ label: 'fraction for integer', value: 1.5 });
    out.push({ label: 'huge number', value: 1e308 }, { label: 'huge negative', value: -1e308 }, { label: 'beyond 2^53', value: 2 ** 53 + 2 });
    // Literals JSON.stringify cannot write: they parse to Infinity, 0 and a rounded integer.
    for (const literal of ['1e400', '-1e400', '1e-400', '123456789012345678901234567890']) out.push({ label: `literal ${literal}`, value: rawJson(literal) });
  }
  if (types.includes('array')) {
    const maxItems = s?.maxItems;
    if (typeof maxItems === 'number' && maxItems < 5000) out.push({ label: `maxItems ${maxItems}+1`, value: Array.from({ length: maxItems + 1 }, () => validValue(s.items)) });
    out.push({ label: 'wrong item type', value: [[['fuzz']], 'x', 1] });
  }
  if (types.includes('object')) out.push({ label: 'NUL key', value: { 'a\u0000b': 'c' } });
  return out;
}

/** A JSON literal written as is into the body text (see bodyText). */
const RAW_MARK = /"__fuzz_raw:([^"]*)__"/g;
function rawJson(literal: string): string {
  return `__fuzz_raw:${literal}__`;
}
/** The body's JSON text, with raw literals in place, and the value the service parses from it. */
function bodyText(body: unknown): { text: string; parsed: unknown } {
  const text = JSON.stringify(body);
  if (text === undefined || !text.includes('"__fuzz_raw:')) return { text, parsed: body };
  const withRaw = text.replace(RAW_MARK, (_, literal: string) => literal);
  return { text: withRaw, parsed: JSON.parse(withRaw) };
}

/** Locations (paths of keys) inside a body schema, to depth 3; array items as index 0. */
function locations(s: Schema, at: (string | number)[] = [], depth = 0): { at: (string | number)[]; schema: Schema; required: boolean }[] {
  if (depth > 3 || !s || typeof s !== 'object') return [];
  const out: { at: (string | number)[]; schema: Schema; required: boolean }[] = [];
  const obj = [s, ...(s.anyOf ?? []), ...(s.oneOf ?? [])].find((a: Schema) => a?.properties);
  if (obj) {
    for (const [k, sub] of Object.entries<Schema>(obj.properties)) {
      out.push({ at: [...at, k], schema: sub, required: (obj.required ?? []).includes(k) });
      out.push(...locations(sub, [...at, k], depth + 1));
    }
  }
  const arr = [s, ...(s.anyOf ?? [])].find((a: Schema) => a?.items && typesOf(a).includes('array'));
  if (arr) {
    out.push({ at: [...at, 0], schema: arr.items, required: false });
    out.push(...locations(arr.items, [...at, 0], depth + 1));
  }
  return out;
}

/** A copy of `base` with the value at `at` set (or deleted when value is DELETE), creating containers on the way. */
const DELETE = Symbol('delete');
function setAt(base: unknown, at: (string | number)[], value: unknown, schema: Schema): unknown {
  if (at.length === 0) return value;
  const root: any = structuredClone(base ?? {});
  let cur = root;
  let sub = schema;
  for (let i = 0; i < at.length - 1; i++) {
    const k = at[i];
    sub = typeof k === 'number' ? sub?.items ?? (sub?.anyOf ?? []).find((a: Schema) => a?.items)?.items : (sub?.properties ?? (sub?.anyOf ?? []).find((a: Schema) => a?.properties)?.properties)?.[k];
    if (cur[k] === null || typeof cur[k] !== 'object') cur[k] = typeof at[i + 1] === 'number' ? [validValue(sub?.items ?? {})] : (validValue(sub) ?? {});
    if (typeof cur[k] !== 'object' || cur[k] === null) cur[k] = typeof at[i + 1] === 'number' ? [] : {};
    cur = cur[k];
  }
  const last = at[at.length - 1];
  if (value === DELETE) {
    if (Array.isArray(cur) && typeof last === 'number') cur.splice(last, 1);
    else delete cur[last];
  } else cur[last] = value;
  return root;
}

function hasNul(v: unknown): boolean {
  if (typeof v === 'string') return v.includes('\u0000');
  if (Array.isArray(v)) return v.some(hasNul);
  if (v && typeof v === 'object') return Object.entries(v).some(([k, x]) => k.includes('\u0000') || hasNul(x));
  return false;
}

function deepJson(kind: 'array' | 'object'): string {
  return kind === 'array' ? '['.repeat(DEEP_NESTING) + ']'.repeat(DEEP_NESTING) : '{"a":'.repeat(DEEP_NESTING) + '1' + '}'.repeat(DEEP_NESTING);
}

// Values a generated case puts somewhere: anything JSON, hostile strings, extreme numbers.
const hostile = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: fc.constantFrom('\u0000', '\u0001', '\r', '\n', '\u001b', '\u2028', '\ud800', 'a', '%', '"', '\\'), maxLength: 20 }),
  fc.double(),
  fc.integer(),
  fc.constantFrom(null, true, '', 1e308, -0, 2 ** 63, '1e400', 'NaN', '-1', '0x10', ' 1', '[]', '{}'),
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 30 }),
);

const LONE = /([\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff])/;
/** encodeURIComponent, except that a lone surrogate goes out as its (invalid) three UTF-8-style bytes instead of throwing. */
function encode(s: string): string {
  return s
    .split(LONE)
    .map((part, i) => (i % 2 === 1 ? [0xe0 | (part.charCodeAt(0) >> 12), 0x80 | ((part.charCodeAt(0) >> 6) & 63), 0x80 | (part.charCodeAt(0) & 63)].map((b) => `%${b.toString(16).toUpperCase()}`).join('') : encodeURIComponent(part)))
    .join('');
}

function paramString(v: unknown): string {
  const raw = typeof v === 'string' ? /^__fuzz_raw:(.*)__$/.exec(v) : null;
  if (raw) return raw[1];
  return typeof v === 'string' ? v : JSON.stringify(v) ?? String(v);
}

function opSeed(op: Operation): number {
  let h = SEED | 0;
  for (const ch of `${op.method} ${op.path}`) h = (Math.imul(h, 31) + ch.charCodeAt(0)) | 0;
  return h;
}

// ---------------------------------------------------------------------------

describe(`OpenAPI fuzz on ${DIALECT} (FUZZ_SEED=${SEED})`, async () => {
  const t: TestApp = await buildTestApp({ env: { RATE_LIMIT_PER_SECOND: '1000000' } });
  after(() => t.close());
  const docRes = await t.inject({ method: 'GET', url: '/api/openapi.json' });
  assert.equal(docRes.statusCode, 200);
  const ops = readOperations(inlineRefs(docRes.json()));
  const admin = await t.admin();
  const other = await t.partner();
  let addressCounter = 0;

  // Destructive operations (deleting, suspending, clearing a partner or a key) are harmless to the
  // others: every operation gets its own partner and sessions.
  async function fixtures(): Promise<Fixtures> {
    const partner = await t.partner();
    return { partner, other, partnerToken: await t.session('partner', partner.id), adminToken: await t.session('admin', admin.id) };
  }

  function sessionToken(f: Fixtures, subject: 'admin' | 'partner'): string {
    return subject === 'admin' ? f.adminToken : f.partnerToken;
  }

  function schemeHeaders(scheme: string, f: Fixtures, op: Operation, live: boolean): Record<string, string> {
    const key = live ? f.partner.liveKey : f.partner.testKey;
    switch (scheme) {
      case 'apiKey':
        return { 'x-api-key': key };
      case 'bearerKey':
        return { authorization: `Bearer ${key}` };
      case 'ingestSecret':
        return { 'x-service-ingest-secret': f.partner.ingestSecret };
      case 'platformSecret':
        return { 'x-service-ingest-secret': PLATFORM_SECRET };
      case 'platformBearer':
        return { authorization: `Bearer ${PLATFORM_SECRET}` };
      case 'partnerSession':
      case 'adminSession':
        return { authorization: `Bearer ${sessionToken(f, op.subject)}` };
      case 'partnerSessionCookie':
      case 'adminSessionCookie':
        return { cookie: `svc_session=${sessionToken(f, op.subject)}` };
      default:
        throw new Error(`security scheme ${scheme} is not known to the fuzz test: teach it valid and wrong values`);
    }
  }

  function wrongSchemeHeaders(scheme: string, f: Fixtures, op: Operation, rnd: string): { label: string; headers: Record<string, string> }[] {
    const wrongSubject = op.subject === 'admin' ? f.partnerToken : f.adminToken;
    const keys = [
      { label: 'random svc_test_ key', v: `svc_test_${rnd}` },
      { label: 'random svc_live_ key', v: `svc_live_${rnd}` },
      { label: 'bare key prefix', v: 'svc_test_' },
      { label: 'ingest secret as key', v: f.partner.ingestSecret },
    ];
    switch (scheme) {
      case 'apiKey':
        return keys.map((k) => ({ label: k.label, headers: { 'x-api-key': k.v } }));
      case 'bearerKey':
        return [...keys.map((k) => ({ label: `${k.label} as bearer`, headers: { authorization: `Bearer ${k.v}` } })), { label: 'basic scheme', headers: { authorization: `Basic ${Buffer.from(`${f.partner.testKey}:`).toString('base64')}` } }];
      case 'ingestSecret':
        return [
          { label: 'random ingest secret', headers: { 'x-service-ingest-secret': rnd } },
          { label: "another partner's ingest secret", headers: { 'x-service-ingest-secret': f.other.ingestSecret } },
          { label: 'platform secret as ingest secret', headers: { 'x-service-ingest-secret': PLATFORM_SECRET } },
        ];
      case 'platformSecret':
        return [
          { label: 'random platform secret', headers: { 'x-service-ingest-secret': rnd } },
          { label: "a partner's ingest secret as platform secret", headers: { 'x-service-ingest-secret': f.partner.ingestSecret } },
          { label: 'platform secret with a suffix', headers: { 'x-service-ingest-secret': `${PLATFORM_SECRET}x` } },
        ];
      case 'platformBearer':
        return [{ label: 'random bearer platform secret', headers: { authorization: `Bearer ${rnd}` } }];
      case 'partnerSession':
      case 'adminSession':
        return [
          { label: 'bogus session token', headers: { authorization: `Bearer sess_${rnd}` } },
          { label: `${op.subject === 'admin' ? 'partner' : 'admin'} session`, headers: { authorization: `Bearer ${wrongSubject}` } },
          { label: 'API key as session', headers: { authorization: `Bearer ${f.partner.liveKey}` } },
          { label: 'platform secret as session', headers: { authorization: `Bearer ${PLATFORM_SECRET}` } },
        ];
      case 'partnerSessionCookie':
      case 'adminSessionCookie':
        return [
          { label: 'bogus session cookie', headers: { cookie: `svc_session=sess_${rnd}` } },
          { label: `${op.subject === 'admin' ? 'partner' : 'admin'} session cookie`, headers: { cookie: `svc_session=${wrongSubject}` } },
        ];
      default:
        throw new Error(`security scheme ${scheme} is not known to the fuzz test`);
    }
  }

  // A 503 is allowed only where the operation documents it AND the test configuration leaves the
  // dependency it names unset: the account aggregator for live-key sandbox calls, IndexNow's key.
  function allowed503(op: Operation, c: Case, detail: string): boolean {
    if (!op.responses.includes('503')) return false;
    if (op.tags.includes('sandbox') && c.credential === 'valid' && c.liveKey && !t.config.aggregatorProvider) return /aggregation provider/i.test(detail);
    if (op.tags.includes('indexnow') && !t.config.indexNowKey) return /INDEXNOW_KEY|IndexNow/i.test(detail);
    return false;
  }

  function describeCase(c: Case): string {
    const body = c.payload === undefined ? '(none)' : JSON.stringify(c.payload.toString().slice(0, 300)) + (c.payload.length > 300 ? ` … (${c.payload.length} bytes)` : '');
    return `${c.method} ${c.url.length > 300 ? `${c.url.slice(0, 300)} … (${c.url.length} chars)` : c.url}\n      case: ${c.label}\n      headers: ${JSON.stringify(c.headers)}\n      body: ${body}`;
  }

  async function send(c: Case): Promise<{ res: LightMyRequestResponse | null; ms: number; error: unknown }> {
    const start = performance.now();
    let timer: NodeJS.Timeout | undefined;
    const n = addressCounter++;
    try {
      const res = await Promise.race([
        t.app.inject({
          method: c.method as 'GET',
          url: c.url,
          headers: c.headers,
          payload: c.payload,
          // A new address per request: the per-address limits of the public writes must not turn the run into 429s.
          remoteAddress: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
        }),
        new Promise<null>((resolve) => {
          timer = setTimeout(() => resolve(null), REQUEST_TIMEOUT_MS);
        }),
      ]);
      return { res, ms: performance.now() - start, error: null };
    } catch (error) {
      return { res: null, ms: performance.now() - start, error };
    } finally {
      clearTimeout(timer);
    }
  }

  function check(op: Operation, c: Case, r: Awaited<ReturnType<typeof send>>, failures: Failure[]): void {
    const fail = (rule: string, status: number | string, response: string): void => {
      failures.push({ rule, c, status, response: response.slice(0, 400) });
    };
    if (r.error) return fail('inject-error', 'error', String(r.error));
    if (!r.res || r.ms > REQUEST_TIMEOUT_MS) return fail('hang', `no answer in ${REQUEST_TIMEOUT_MS} ms`, '');
    const res = r.res;
    const status = res.statusCode;
    const text = res.payload;
    let parsed: any = null;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = null;
    }
    const detail = typeof parsed?.detail === 'string' ? parsed.detail : '';
    if (status >= 500 && !(status === 503 && allowed503(op, c, detail))) fail('no-5xx', status, text);
    const ok = status >= 200 && status < 300;
    if (ok && op.security.length > 0 && c.credential !== 'valid') fail('auth', status, text);
    if (ok && c.forbidden) fail('schema', status, text);
    if (ok && c.nul) fail('nul', status, text);
    if (ok && c.bodyNotTaken) fail('body-not-taken', status, text);
    if (status >= 400 && status < 500) {
      const json = String(res.headers['content-type'] ?? '').includes('application/json');
      if (!json || parsed === null || typeof parsed !== 'object' || !('detail' in parsed)) fail('detail', status, text);
      const requestSize = (c.payload === undefined ? 0 : Buffer.byteLength(c.payload)) + Buffer.byteLength(c.url) + Buffer.byteLength(JSON.stringify(c.headers));
      const limit = Math.max(ERROR_BODY_FLOOR, 2 * requestSize);
      if (res.rawPayload.length > limit) fail('size', `${status} of ${res.rawPayload.length} bytes (limit ${limit})`, text.slice(0, 200));
    }
  }

  function buildCases(op: Operation, f: Fixtures): Case[] {
    const cases: Case[] = [];
    const mutating = !READ_METHODS.has(op.method);
    const seed = opSeed(op);
    const [rnd] = fc.sample(fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'), minLength: 32, maxLength: 32 }), { seed, numRuns: 1 });

    // Parameters: valid values from the schema; a partner_id is the operation's own partner so admin
    // operations reach their logic instead of a 404.
    const validParams: Record<string, unknown> = {};
    for (const p of op.params) validParams[`${p.in}:${p.name}`] = p.in === 'path' && p.name === 'partner_id' ? f.partner.id : validValue(p.schema, p.name);
    const validBody = op.body ? validValue(op.body.schema) : undefined;

    let validIndex = 0;
    const credentials = (credential: Credential, extra: Record<string, string> = {}): { headers: Record<string, string>; live: boolean } => {
      if (credential !== 'valid' || op.security.length === 0) return { headers: { ...extra }, live: false };
      const i = validIndex++;
      const alt = op.security[i % op.security.length];
      const usesKey = Object.keys(alt).some((s) => s === 'apiKey' || s === 'bearerKey');
      const live = usesKey && i % 4 === 3;
      const headers: Record<string, string> = {};
      for (const scheme of Object.keys(alt)) Object.assign(headers, schemeHeaders(scheme, f, op, live));
      return { headers: { ...headers, ...extra }, live };
    };

    // params: raw overrides of the URL path/query strings ({raw: true} skips encoding)
    type ParamOverride = { value: unknown; raw?: boolean } | typeof DELETE;
    const makeCase = (o: {
      label: string;
      credential?: Credential;
      authHeaders?: Record<string, string>;
      params?: Record<string, ParamOverride>;
      body?: unknown;
      payload?: string | Buffer | null;
      contentType?: string | null;
      forbidden?: string | null;
      bodyNotTaken?: boolean;
    }): Case => {
      const credential = o.credential ?? 'valid';
      const { headers, live } = o.authHeaders ? { headers: { ...o.authHeaders }, live: false } : credentials(credential);
      const values: Record<string, unknown> = {};
      const raw = new Set<string>();
      let paramsForbidden: string | null = null;
      const byLoc: Record<'path' | 'query' | 'header', Record<string, unknown>> = { path: {}, query: {}, header: {} };
      for (const p of op.params) {
        const k = `${p.in}:${p.name}`;
        const ov = o.params?.[k];
        if (ov === DELETE) continue;
        const v = ov ? ov.value : validParams[k];
        if (ov?.raw) raw.add(k);
        values[k] = v;
        byLoc[p.in][p.name] = paramString(v);
      }
      // An empty path segment names another resource (or none): that URL is judged by the no-5xx rules only.
      const otherResource = Object.values(byLoc.path).some((v) => v === '');
      if (otherResource) paramsForbidden = null;
      else for (const loc of ['path', 'query', 'header'] as const) {
        if (!conforms(paramJudge, op.paramSchema[loc], byLoc[loc])) paramsForbidden ??= `${loc} parameters break the schema`;
      }
      let url = op.path.replace(/\{([^}]+)\}/g, (_, name) => {
        const k = `path:${name}`;
        const s = paramString(values[k] ?? '');
        return raw.has(k) ? s : encode(s);
      });
      const query: string[] = [];
      for (const p of op.params) {
        const k = `${p.in}:${p.name}`;
        if (!(k in values)) continue;
        if (p.in === 'query') {
          const v = values[k];
          const list = Array.isArray(v) && raw.has(k) ? v : [v];
          for (const item of list) query.push(`${encode(p.name)}=${raw.has(k) ? String(item) : encode(paramString(item))}`);
        } else if (p.in === 'header') {
          headers[p.name] = paramString(values[k]);
        }
      }
      if (query.length) url += `?${query.join('&')}`;

      let payload: string | Buffer | undefined;
      let bodyForbidden: string | null = null;
      if (o.payload !== undefined) {
        payload = o.payload ?? undefined;
      } else if (op.body) {
        const { text, parsed } = bodyText('body' in o ? o.body : validBody);
        payload = text;
        if (!conforms(bodyJudge, op.body.schema, parsed)) bodyForbidden = 'body breaks the schema';
      }
      const contentType = o.contentType === undefined ? (payload !== undefined ? 'application/json' : null) : o.contentType;
      if (contentType) headers['content-type'] = contentType;
      const nul = Object.entries(values).some(([k, v]) => hasNul(v) || (raw.has(k) && /%00/.test(paramString(v)))) || (payload !== undefined && (payload.includes('\\u0000') || payload.includes('\u0000')));
      return {
        label: o.label,
        method: op.method,
        url,
        headers,
        payload,
        credential,
        liveKey: live,
        forbidden: o.forbidden !== undefined ? o.forbidden : (bodyForbidden ?? paramsForbidden),
        nul,
        bodyNotTaken: Boolean(o.bodyNotTaken),
      };
    };

    // (a) valid credentials, input broken against the schema
    if (op.body) {
      const b = op.body;
      const missing = b.required ? 'a required body is missing' : null;
      cases.push(makeCase({ label: 'no body, no content type', payload: null, contentType: null, forbidden: missing }));
      cases.push(makeCase({ label: 'no body, JSON content type', payload: null, contentType: 'application/json', forbidden: missing }));
      cases.push(makeCase({ label: 'empty JSON body', payload: '', forbidden: missing }));
      for (const [label, body] of [['null body', null], ['array body', [validBody]], ['string body', 'fuzz'], ['number body', 42], ['empty object', {}]] as const) {
        const c = makeCase({ label, body });
        if (!mutating || c.forbidden) cases.push(c);
      }
      for (const kind of ['array', 'object'] as const) {
        const text = deepJson(kind);
        const c = makeCase({ label: `${kind}s nested ${DEEP_NESTING} deep`, payload: text, forbidden: conforms(bodyJudge, b.schema, JSON.parse(text)) ? null : 'body breaks the schema' });
        if (!mutating || c.forbidden) cases.push(c);
      }
      const firstField = locations(b.schema).find((l) => l.at.length === 1);
      if (firstField) {
        const marker = '"__fuzz_deep__"';
        const text = JSON.stringify(setAt(validBody, firstField.at, '__fuzz_deep__', b.schema)).replace(marker, deepJson('array'));
        const c = makeCase({ label: `field ${firstField.at.join('.')} nested ${DEEP_NESTING} deep`, payload: text, forbidden: conforms(bodyJudge, b.schema, JSON.parse(text)) ? null : 'body breaks the schema' });
        if (!mutating || c.forbidden) cases.push(c);
      }
      cases.push(makeCase({ label: 'malformed JSON', payload: '{"a":', forbidden: 'not JSON' }));
      if (validBody && typeof validBody === 'object' && !Array.isArray(validBody)) {
        // Invalid UTF-8 inside a string: judged as the service decodes it (U+FFFD for each bad byte).
        const head = JSON.stringify({ ...validBody, fuzz: '' }).replace(/""\}$/, '"');
        const bytes = Buffer.concat([Buffer.from(head), Buffer.from([0xff, 0xfe, 0xc0, 0x80]), Buffer.from('"}')]);
        let decoded: unknown = null;
        let isJson = true;
        try {
          decoded = JSON.parse(bytes.toString('utf8'));
        } catch {
          isJson = false;
        }
        const c = makeCase({ label: 'invalid UTF-8 in a string', payload: bytes, forbidden: !isJson || !conforms(bodyJudge, b.schema, decoded) ? 'body breaks the schema' : null });
        if (!mutating || c.forbidden) cases.push(c);
      }
      cases.push(makeCase({ label: '__proto__ key', payload: JSON.stringify(validBody).replace(/^\{/, '{"__proto__":{"admin":true},'), forbidden: null }));
      const validText = JSON.stringify(validBody);
      const undeclared = (type: string) => (b.types.includes(type) ? null : `content type ${type} is not declared`);
      cases.push(makeCase({ label: 'text/plain body', payload: validText, contentType: 'text/plain', forbidden: undeclared('text/plain') }));
      cases.push(makeCase({ label: 'form-urlencoded body', payload: 'a=1&b=%00', contentType: 'application/x-www-form-urlencoded', forbidden: undeclared('application/x-www-form-urlencoded') }));
      cases.push(makeCase({ label: 'multipart body', payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n', contentType: 'multipart/form-data; boundary=x', forbidden: undeclared('multipart/form-data') }));
      cases.push(makeCase({ label: 'JSON as UTF-16', payload: Buffer.from(validText, 'utf16le'), contentType: 'application/json; charset=utf-16', forbidden: 'not UTF-8 JSON' }));
      for (const type of ['application/json; charset=latin1', 'APPLICATION/JSON', 'application/vnd.api+json', 'application/json, text/plain']) {
        const c = makeCase({ label: `content type ${type}`, payload: validText, contentType: type, forbidden: null });
        if (!mutating) cases.push(c);
      }
      // Huge but within the body limit: the first array field (else the root) holds many items that break the item schema.
      const arrayField = locations(b.schema).find((l) => l.at.length === 1 && typesOf(l.schema).includes('array'));
      const target = Math.floor(t.config.bodyLimitBytes * HUGE_SHARE);
      const item = arrayField ? { fuzz: 'x'.repeat(8) } : 1;
      const count = Math.floor(target / (JSON.stringify(item).length + 1));
      const huge = Array.from({ length: count }, () => item);
      cases.push(makeCase({ label: `${count} items ${arrayField ? `in ${arrayField.at.join('.')}` : 'as the body'}`, body: arrayField ? setAt(validBody, arrayField.at, huge, b.schema) : huge }));
      cases.push(makeCase({ label: 'over the body limit', payload: JSON.stringify({ fuzz: 'x'.repeat(t.config.bodyLimitBytes) }), forbidden: 'over the body limit' }));

      for (const loc of locations(b.schema)) {
        if (loc.required) cases.push(makeCase({ label: `missing ${loc.at.join('.')}`, body: setAt(validBody, loc.at, DELETE, b.schema) }));
        for (const v of breakingValues(loc.schema)) {
          const c = makeCase({ label: `${loc.at.join('.')}: ${v.label}`, body: setAt(validBody, loc.at, v.value, b.schema) });
          if (!mutating || c.forbidden || c.nul) cases.push(c);
        }
      }
    } else if (mutating) {
      // A write that declares no body must not take one (a cross-site form can send it).
      cases.push(makeCase({ label: 'text/plain body on a bodyless write', payload: 'fuzz=1', contentType: 'text/plain', bodyNotTaken: true }));
      cases.push(makeCase({ label: 'form body on a bodyless write', payload: 'fuzz=1', contentType: 'application/x-www-form-urlencoded', bodyNotTaken: true }));
      cases.push(makeCase({ label: 'JSON body on a bodyless write', payload: '{"fuzz":1}', contentType: 'application/json', bodyNotTaken: true }));
    }

    for (const p of op.params) {
      const k = `${p.in}:${p.name}`;
      // Without a path parameter the URL names another resource (or none): judged by the no-5xx rules only.
      if (p.required) cases.push(makeCase({ label: `missing ${p.in} ${p.name}`, params: { [k]: DELETE }, ...(p.in === 'path' ? { forbidden: null } : {}) }));
      for (const v of breakingValues(p.schema)) {
        if (p.in === 'header' && typeof v.value === 'string' && /[^\t\x20-\x7e\x80-\xff]/.test(v.value)) continue; // not sendable as a header
        cases.push(makeCase({ label: `${p.in} ${p.name}: ${v.label}`, params: { [k]: { value: typeof v.value === 'string' && p.in === 'header' ? v.value.slice(0, 8192) : v.value } } }));
      }
      if (p.in !== 'header') {
        // An undecodable path segment is refused by the router; in a query it may stay the literal text.
        cases.push(makeCase({ label: `${p.in} ${p.name}: bad percent-encoding`, params: { [k]: { value: '%E0%A4%A', raw: true } }, forbidden: p.in === 'path' ? 'not decodable' : null }));
        cases.push(makeCase({ label: `${p.in} ${p.name}: encoded NUL`, params: { [k]: { value: 'a%00b', raw: true } }, forbidden: null }));
        cases.push(makeCase({ label: `${p.in} ${p.name}: 10,000 characters`, params: { [k]: { value: 'x'.repeat(10_000) } } }));
      }
      if (p.in === 'query') cases.push(makeCase({ label: `query ${p.name} repeated`, params: { [k]: { value: [paramString(validParams[k]), 'fuzz'], raw: true } } }));
    }
    if (!op.body || !mutating) {
      const c = makeCase({ label: 'unknown query parameters: NUL, prototype keys' });
      c.url += (c.url.includes('?') ? '&' : '?') + 'fuzz_extra=%00&__proto__=x&constructor[prototype][x]=1&hasOwnProperty=1';
      cases.push(c);
    }

    // Generated: a hostile value at a random place (a body location, the body itself, a parameter).
    const places = [
      ...(op.body ? [{ kind: 'body' as const, at: [] as (string | number)[], schema: op.body.schema }, ...locations(op.body.schema).map((l) => ({ kind: 'body' as const, at: l.at, schema: l.schema }))] : []),
      ...op.params.filter((p) => p.in !== 'header').map((p) => ({ kind: 'param' as const, at: [`${p.in}:${p.name}`] as (string | number)[], schema: p.schema })),
    ];
    if (places.length) {
      const drawn = fc.sample(fc.tuple(fc.nat({ max: places.length - 1 }), hostile, hostile, fc.boolean()), { seed, numRuns: CASES_PER_OPERATION * 8 });
      let taken = 0;
      for (const [i, v, w, two] of drawn) {
        if (taken >= CASES_PER_OPERATION) break;
        const place = places[i];
        let c: Case;
        if (place.kind === 'body') {
          let body = setAt(validBody, place.at, v, op.body!.schema);
          if (two && places.length > 1) {
            const other = places[(i + 1) % places.length];
            if (other.kind === 'body' && body && typeof body === 'object') body = setAt(body, other.at, w, op.body!.schema);
          }
          c = makeCase({ label: `generated: body${place.at.length ? `.${place.at.join('.')}` : ''}`, body });
        } else {
          c = makeCase({ label: `generated: ${place.at[0]}`, params: { [String(place.at[0])]: { value: paramString(v) } } });
        }
        if (mutating && !c.forbidden && !c.nul) continue; // valid input is never sent to a write with valid credentials
        cases.push(c);
        taken++;
      }
    }

    // Valid input with valid credentials: reads only, and bodyless writes (run last: they may delete or suspend).
    if (!op.body) cases.push(makeCase({ label: 'valid request' }));

    // (b) and (c): no credentials, wrong ones, with valid input so only the credentials can refuse it.
    if (op.security.length > 0) {
      cases.push(makeCase({ label: 'no credentials', credential: 'none', authHeaders: {} }));
      const seen = new Set<string>();
      for (const alt of op.security) {
        const schemes = Object.keys(alt);
        const rest = (skip: string) => Object.assign({}, ...schemes.filter((s) => s !== skip).map((s) => schemeHeaders(s, f, op, false))) as Record<string, string>;
        for (const scheme of schemes) {
          if (schemes.length > 1) {
            const key = `omit ${scheme} ${JSON.stringify(rest(scheme))}`;
            if (!seen.has(key)) {
              seen.add(key);
              cases.push(makeCase({ label: `without ${scheme}`, credential: 'wrong', authHeaders: rest(scheme) }));
            }
          }
          for (const w of wrongSchemeHeaders(scheme, f, op, rnd)) {
            const headers = { ...rest(scheme), ...w.headers };
            const key = JSON.stringify(headers);
            if (seen.has(key)) continue;
            seen.add(key);
            cases.push(makeCase({ label: `${w.label}${schemes.length > 1 ? ` (other schemes valid)` : ''}`, credential: 'wrong', authHeaders: headers }));
          }
        }
      }
    }
    return cases;
  }

  const started = performance.now();
  const only = process.env.FUZZ_ONLY; // a fragment of "METHOD /path", to reproduce one operation
  for (const op of ops.filter((o) => !only || `${o.method} ${o.path}`.includes(only))) {
    it(`${op.method} ${op.path}`, async () => {
      const f = await fixtures();
      const cases = buildCases(op, f);
      const failures: Failure[] = [];
      let validAccepted = false;
      let validSent = 0;
      for (const c of cases) {
        const r = await send(c);
        check(op, c, r, failures);
        if (c.credential === 'valid' && op.security.length > 0) {
          validSent++;
          if (r.res && r.res.statusCode !== 401) validAccepted = true;
        }
      }
      if (op.security.length > 0 && validSent > 0 && !validAccepted) {
        failures.push({ rule: 'credentials', c: cases[0], status: 401, response: 'every valid-credential case answered 401: the fuzz test cannot build valid credentials for this operation' });
      }
      if (failures.length === 0) return;
      const byRule = new Map<string, Failure[]>();
      for (const x of failures) {
        const k = `${x.rule} → ${typeof x.status === 'number' ? x.status : String(x.status).split(' ')[0]}`;
        byRule.set(k, [...(byRule.get(k) ?? []), x]);
      }
      const lines = [`${failures.length} of ${cases.length} cases broke a rule (FUZZ_SEED=${SEED}, ${DIALECT}):`];
      for (const [k, list] of byRule) {
        const labels = [...new Set(list.map((x) => x.c.label))];
        lines.push(`  [${k}] ${list.length} case(s): ${labels.slice(0, 12).join('; ')}${labels.length > 12 ? '; …' : ''}\n    e.g.:`);
        for (const x of list.slice(0, EXAMPLES_PER_RULE)) lines.push(`    ${describeCase(x.c)}\n      → ${x.status}: ${x.response.slice(0, 300)}`);
      }
      assert.fail(lines.join('\n'));
    });
  }
  it('leaves the usage meter able to write', async () => {
    // Runtime is reported, not asserted on: the machine is shared.
    console.log(`fuzz: ${ops.length} operations in ${Math.round(performance.now() - started)} ms (${addressCounter} requests, ${DIALECT}, FUZZ_SEED=${SEED})`);
    // Every accepted call above was metered: one bad value must not stop the counts of everyone else.
    await assert.doesNotReject(() => t.deps.usage.flush(), `the usage meter cannot flush after the fuzz run (FUZZ_SEED=${SEED}, ${DIALECT})`);
  });
});
