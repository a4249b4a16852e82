/**
 * The error model. Every failure leaves the service as one of (codes: src/http/error-codes.ts):
 * - 422 `{detail: [{type, loc, msg, input, ctx?}], code: "validation_failed"}`: validation, as FastAPI/Pydantic v2;
 * - `{detail: "<message>", code, ...extra}` with the status and code of the AppError that was thrown;
 * - 500 `{detail: "Internal Server Error", code: "internal_error"}`, with the cause only in the log.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable, isStorageFull } from '../db/errors.js';
import { AppError, codeForStatus, problem, ValidationFailed, type ValidationItem } from './error-codes.js';

/** How long a client is told to wait when the database is away (seconds). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export { AppError, ERRORS as errors, ValidationFailed, type ErrorCode, type ValidationItem } from './error-codes.js';

const PART_LOC: Record<string, string> = {
  body: 'body',
  querystring: 'query',
  params: 'path',
  headers: 'header',
};

interface AjvLikeError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
  schema?: unknown;
  parentSchema?: Record<string, unknown>;
}

function pathSegments(instancePath: string): (string | number)[] {
  if (!instancePath) return [];
  return instancePath
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}

function valueAt(root: unknown, segs: (string | number)[]): unknown {
  let cur: unknown = root;
  for (const s of segs) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string | number, unknown>)[s];
  }
  return cur;
}

function literal(v: unknown): string {
  return typeof v === 'string' ? `'${v}'` : JSON.stringify(v);
}

function typeItem(expected: string | string[], input: unknown, fromString: boolean): Pick<ValidationItem, 'type' | 'msg'> {
  const types = (Array.isArray(expected) ? expected : [expected]).filter((t) => t !== 'null');
  const t = types[0];
  switch (t) {
    case 'string':
      return { type: 'string_type', msg: 'Input should be a valid string' };
    case 'integer':
      if (fromString) return { type: 'int_parsing', msg: 'Input should be a valid integer, unable to parse string as an integer' };
      if (typeof input === 'number') return { type: 'int_from_float', msg: 'Input should be a valid integer, got a number with a fractional part' };
      return { type: 'int_type', msg: 'Input should be a valid integer' };
    case 'number':
      if (fromString) return { type: 'float_parsing', msg: 'Input should be a valid number, unable to parse string as a number' };
      return { type: 'float_type', msg: 'Input should be a valid number' };
    case 'boolean':
      if (fromString) return { type: 'bool_parsing', msg: 'Input should be a valid boolean, unable to interpret input' };
      return { type: 'bool_type', msg: 'Input should be a valid boolean' };
    case 'array':
      return { type: 'list_type', msg: 'Input should be a valid list' };
    case 'object':
      return { type: 'model_attributes_type', msg: 'Input should be a valid dictionary or object to extract fields from' };
    default:
      return { type: 'type_error', msg: `Input should be of type ${types.join(' or ')}` };
  }
}

/** Maps one Ajv error to Pydantic v2's item. */
function toItem(err: AjvLikeError, part: string, data: unknown): ValidationItem | null {
  const segs = pathSegments(err.instancePath);
  const input = valueAt(data, segs);
  const loc: (string | number)[] = [part, ...segs];
  const p = err.params;
  switch (err.keyword) {
    case 'required':
      return { type: 'missing', loc: [...loc, String(p.missingProperty)], msg: 'Field required', input: input ?? null };
    case 'type':
      return { ...typeItem(p.type as string, input, part !== 'body' && typeof input === 'string'), loc, input };
    case 'minLength':
      return {
        type: 'string_too_short',
        loc,
        msg: `String should have at least ${p.limit} character${p.limit === 1 ? '' : 's'}`,
        input,
        ctx: { min_length: p.limit },
      };
    case 'maxLength':
      return {
        type: 'string_too_long',
        loc,
        msg: `String should have at most ${p.limit} character${p.limit === 1 ? '' : 's'}`,
        input,
        ctx: { max_length: p.limit },
      };
    case 'minimum':
      return { type: 'greater_than_equal', loc, msg: `Input should be greater than or equal to ${p.limit}`, input, ctx: { ge: p.limit } };
    case 'maximum':
      return { type: 'less_than_equal', loc, msg: `Input should be less than or equal to ${p.limit}`, input, ctx: { le: p.limit } };
    case 'exclusiveMinimum':
      return { type: 'greater_than', loc, msg: `Input should be greater than ${p.limit}`, input, ctx: { gt: p.limit } };
    case 'exclusiveMaximum':
      return { type: 'less_than', loc, msg: `Input should be less than ${p.limit}`, input, ctx: { lt: p.limit } };
    case 'minItems':
      return {
        type: 'too_short',
        loc,
        msg: `List should have at least ${p.limit} item${p.limit === 1 ? '' : 's'} after validation, not ${Array.isArray(input) ? input.length : 0}`,
        input,
        ctx: { field_type: 'List', min_length: p.limit, actual_length: Array.isArray(input) ? input.length : 0 },
      };
    case 'maxItems':
      return {
        type: 'too_long',
        loc,
        msg: `List should have at most ${p.limit} item${p.limit === 1 ? '' : 's'} after validation, not ${Array.isArray(input) ? input.length : 0}`,
        input,
        ctx: { field_type: 'List', max_length: p.limit, actual_length: Array.isArray(input) ? input.length : 0 },
      };
    case 'enum':
    case 'const': {
      const allowed = (err.keyword === 'enum' ? (p.allowedValues as unknown[]) : [p.allowedValue]) ?? [];
      const expected =
        allowed.length <= 1
          ? allowed.map(literal).join('')
          : `${allowed.slice(0, -1).map(literal).join(', ')} or ${literal(allowed[allowed.length - 1])}`;
      return { type: err.keyword === 'enum' ? 'enum' : 'literal_error', loc, msg: `Input should be ${expected}`, input, ctx: { expected } };
    }
    case 'pattern':
      return { type: 'string_pattern_mismatch', loc, msg: `String should match pattern '${p.pattern}'`, input, ctx: { pattern: p.pattern } };
    case 'format': {
      const format = String(p.format);
      if (format === 'email') {
        return { type: 'value_error', loc, msg: 'value is not a valid email address: An email address must have an @-sign.', input, ctx: { reason: 'invalid email address' } };
      }
      if (format === 'date') return { type: 'date_from_datetime_parsing', loc, msg: 'Input should be a valid date in the format YYYY-MM-DD', input };
      if (format === 'date-time') return { type: 'datetime_from_date_parsing', loc, msg: 'Input should be a valid datetime', input };
      if (format === 'uri' || format === 'url') return { type: 'url_parsing', loc, msg: 'Input should be a valid URL', input };
      return { type: 'value_error', loc, msg: `Input should be a valid ${format}`, input };
    }
    case 'additionalProperties':
      return { type: 'extra_forbidden', loc: [...loc, String(p.additionalProperty)], msg: 'Extra inputs are not permitted', input: valueAt(input, [String(p.additionalProperty)]) };
    case 'anyOf':
    case 'oneOf':
    case 'if':
      return null; // the branch errors already describe the failure
    default: {
      const custom = err.parentSchema?.errorMessage;
      return { type: 'value_error', loc, msg: typeof custom === 'string' ? custom : err.message ?? 'Invalid value', input };
    }
  }
}

/** Most items one 422 lists: the first ones, in the order the schema found them. */
export const MAX_VALIDATION_ITEMS = 50;
/** Longest string echoed as an item's `input` (longer ones are cut and end with '…'). */
const ECHO_STRING_MAX = 256;
/** Entries of an array or object echoed, and how deep. */
const ECHO_ENTRIES_MAX = 20;
const ECHO_DEPTH_MAX = 3;

/**
 * A bounded copy of an `input` to echo: long strings cut, large arrays and objects cut to their first
 * entries (plus a count of the rest), deep ones summarized, so an answer never grows with the request.
 */
export function boundedInput(v: unknown, depth = 0): unknown {
  if (v === undefined) return null;
  if (typeof v === 'string') return v.length > ECHO_STRING_MAX ? `${v.slice(0, ECHO_STRING_MAX)}…` : v;
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) {
    if (depth >= ECHO_DEPTH_MAX) return v.length === 0 ? [] : `[array of ${v.length} items]`;
    const out = v.slice(0, ECHO_ENTRIES_MAX).map((x) => boundedInput(x, depth + 1));
    if (v.length > ECHO_ENTRIES_MAX) out.push(`… ${v.length - ECHO_ENTRIES_MAX} more items`);
    return out;
  }
  const keys = Object.keys(v);
  if (depth >= ECHO_DEPTH_MAX) return keys.length === 0 ? {} : `{object of ${keys.length} keys}`;
  const out: Record<string, unknown> = {};
  for (const k of keys.slice(0, ECHO_ENTRIES_MAX)) out[boundedInput(k) as string] = boundedInput((v as Record<string, unknown>)[k], depth + 1);
  if (keys.length > ECHO_ENTRIES_MAX) out['…'] = `${keys.length - ECHO_ENTRIES_MAX} more keys`;
  return out;
}

/** Items as they are answered: at most MAX_VALIDATION_ITEMS, each `input` bounded (and never undefined). */
export function boundedItems(items: ValidationItem[]): ValidationItem[] {
  return items.slice(0, MAX_VALIDATION_ITEMS).map((i) => ({ ...i, input: boundedInput(i.input) }));
}

export function validationItems(errs: AjvLikeError[], part: string, data: unknown): ValidationItem[] {
  const where = PART_LOC[part] ?? part;
  // No body at all (no Content-Type, or an empty one): FastAPI's single "missing" at ["body"].
  if (where === 'body' && (data === undefined || data === null)) {
    return [{ type: 'missing', loc: ['body'], msg: 'Field required', input: null }];
  }
  const items: ValidationItem[] = [];
  const seen = new Set<string>();
  for (const e of errs) {
    if (items.length >= MAX_VALIDATION_ITEMS) break;
    const item = toItem(e, where, data);
    if (!item) continue;
    const k = JSON.stringify([item.type, item.loc]);
    if (seen.has(k)) continue;
    seen.add(k);
    items.push(item);
  }
  if (items.length === 0 && errs.length > 0) {
    items.push({ type: 'value_error', loc: [where], msg: 'Invalid input', input: data });
  }
  return boundedItems(items);
}

function jsonInvalid(err: Error): ValidationItem {
  const m = /position (\d+)/.exec(err.message);
  const pos = m ? Number(m[1]) : 0;
  return { type: 'json_invalid', loc: ['body', pos], msg: 'JSON decode error', input: {}, ctx: { error: err.message.replace(/^.*?: /, '') } };
}

/** A 422 body: FastAPI's list of items and the code. */
function invalidBody(items: ValidationItem[]) {
  return { detail: items, code: 'validation_failed' as const };
}

/** Told when an answer is a 503 or 507 because of the database (deps.metrics counts them). */
export interface DatabaseErrorObserver {
  databaseError(kind: 'unavailable' | 'storage_full'): void;
}

/** The error handler of the application, telling `observer` about the database's answers. */
export function errorHandlerWith(observer: DatabaseErrorObserver | null) {
  return function handler(this: unknown, error: FastifyError & { validationContext?: string }, request: FastifyRequest, reply: FastifyReply) {
    return answerError(error, request, reply, observer);
  };
}

/** The error handler without an observer (a bare instance in a test). */
export function errorHandler(this: unknown, error: FastifyError & { validationContext?: string }, request: FastifyRequest, reply: FastifyReply) {
  return answerError(error, request, reply, null);
}

function answerError(error: FastifyError & { validationContext?: string }, request: FastifyRequest, reply: FastifyReply, observer: DatabaseErrorObserver | null) {
  if (error instanceof AppError) {
    reply.headers(error.headers);
    if (error.statusCode >= 500) request.log.warn({ detail: error.detail }, 'service unavailable answer');
    return reply.status(error.statusCode).send({ detail: error.detail, code: error.code, ...error.extra });
  }
  if (error instanceof ValidationFailed) {
    return reply.status(422).send(invalidBody(boundedItems(error.items)));
  }
  if (error.validation) {
    const part = error.validationContext ?? 'body';
    const data = part === 'body' ? request.body : part === 'querystring' ? request.query : part === 'params' ? request.params : request.headers;
    return reply.status(422).send(invalidBody(validationItems(error.validation as AjvLikeError[], part, data)));
  }
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return reply.status(422).send(invalidBody([jsonInvalid(error)]));
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return reply.status(422).send(invalidBody([{ type: 'missing', loc: ['body'], msg: 'Field required', input: null }]));
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return reply.status(413).send(problem('payload_too_large', 'Request body too large'));
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return reply.status(415).send(problem('unsupported_media_type', 'Unsupported media type: send application/json'));
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return reply.status(400).send(problem('bad_request', 'Content-Length does not match the body'));
  }
  if (error instanceof SyntaxError) {
    return reply.status(422).send(invalidBody([jsonInvalid(error)]));
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return reply.status(status).send(problem(codeForStatus(status), error.message || 'Bad Request'));
  }
  // An outage of the database (or a full disk) is the service's condition, not a bug: retry later.
  if (isDatabaseUnavailable(error)) {
    observer?.databaseError('unavailable');
    request.log.warn({ err: { message: error.message, code: error.code } }, 'database unavailable');
    reply.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
    return reply.status(503).send(problem('database_unavailable', 'Service temporarily unavailable: the database cannot be reached, retry later'));
  }
  if (isStorageFull(error)) {
    observer?.databaseError('storage_full');
    request.log.error({ err: { message: error.message, code: error.code } }, 'database storage full');
    reply.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS * 12));
    return reply.status(507).send(problem('storage_full', 'Insufficient storage: the service cannot store this now, retry later'));
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.status(500).send(problem('internal_error', 'Internal Server Error'));
}

export function notFoundHandler(request: FastifyRequest, reply: FastifyReply) {
  return reply.status(404).send(problem('not_found', 'Not Found'));
}
