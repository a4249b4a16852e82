/** Schema pieces shared by every area. */
import { Type, type Static, type TSchema } from 'typebox';
import { ERROR_CODES } from './error-codes.js';

/** `T | null`, written as a JSON Schema type list so errors name the real type (not an anyOf). */
export function Nullable<T extends TSchema>(schema: T) {
  const s = schema as unknown as Record<string, unknown>;
  const type = s.type;
  if (typeof type === 'string') {
    return Type.Unsafe<Static<T> | null>({ ...s, type: [type, 'null'] });
  }
  return Type.Unsafe<Static<T> | null>({ anyOf: [s, { type: 'null' }] });
}

export const EnvironmentParam = Type.Union([Type.Literal('test'), Type.Literal('live')]);

/** The closed set of error codes (docs/errors.md): what a client branches on, where `detail` is for people. */
export const ErrorCodeSchema = Type.Enum(ERROR_CODES, {
  type: 'string',
  title: 'ErrorCode',
  description: 'Stable machine-readable error code; every value is described in docs/errors.md.',
});

export const ErrorDetail = Type.Object(
  { detail: Type.String(), code: ErrorCodeSchema },
  { title: 'ErrorDetail', description: 'Every non-validation error: a human-readable message and its code (extra fields where documented).', additionalProperties: true },
);

export const ValidationErrorItem = Type.Object(
  {
    type: Type.String(),
    loc: Type.Array(Type.Union([Type.String(), Type.Integer()])),
    msg: Type.String(),
    input: Type.Unknown(),
    ctx: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  },
  { title: 'ValidationError' },
);

export const HTTPValidationError = Type.Object(
  { detail: Type.Array(ValidationErrorItem), code: Type.Literal('validation_failed') },
  { title: 'HTTPValidationError' },
);

/** Response entries for the errors a route can give, for the OpenAPI document. */
export function errorResponses(...codes: number[]) {
  const out: Record<number, TSchema> = {};
  for (const c of codes) out[c] = c === 422 ? HTTPValidationError : ErrorDetail;
  return out;
}

/**
 * The answer of an operation of the redirect kind (a browser navigation whose success is a redirect, not a body):
 * `{ 302: ... }` or `{ 303: ... }`. The OpenAPI document gives it the Location header and no content (openapi.ts),
 * and counts it as the operation's success.
 */
export function redirectResponse(description: string, status: 302 | 303 = 302): Record<number, TSchema> {
  return { [status]: Type.Null({ description }) };
}

/** Free-form JSON object (responses the spec leaves untyped). */
export const AnyObject = Type.Object({}, { additionalProperties: true });

/** A finite money amount in currency units, bounded to ±1e12. */
export function Money(opts: { min?: number; description?: string; default?: number } = {}) {
  return Type.Number({ minimum: opts.min ?? -1e12, maximum: 1e12, ...(opts.description ? { description: opts.description } : {}), ...(opts.default !== undefined ? { default: opts.default } : {}) });
}

export const IsoDateTime = Type.String({ description: 'ISO 8601 UTC timestamp' });

export type Security = { [scheme: string]: string[] }[];
/** OpenAPI security requirements of the auth scopes. */
export const security = {
  key: [{ apiKey: [] }, { bearerKey: [] }] as Security,
  keyAndSecret: [
    { apiKey: [], ingestSecret: [] },
    { bearerKey: [], ingestSecret: [] },
  ] as Security,
  platformSecret: [{ platformSecret: [] }, { platformBearer: [] }] as Security,
  partnerSession: [{ partnerSession: [] }, { partnerSessionCookie: [] }] as Security,
  adminSession: [{ adminSession: [] }, { adminSessionCookie: [] }] as Security,
  /** No credential (still stated, so a generated client sends none). */
  none: [] as Security,
};

/** The answer of a delete by id. */
export const DeletedResponse = Type.Object({ deleted: Type.Boolean(), id: Type.String() }, { title: 'Deleted' });

/** A string from a closed set: one `enum` error that lists every value. */
export function StrEnum<const T extends string[]>(values: T, opts: Record<string, unknown> = {}) {
  return Type.Unsafe<T[number]>({ type: 'string', enum: values, ...opts });
}

/** A string of min to max characters. */
export const Str = (min: number, max: number, extra: Record<string, unknown> = {}) => Type.String({ minLength: min, maxLength: max, ...extra });
