/**
 * The web app's only way to the API: openapi-fetch typed by the `paths` of the typed client
 * (@svc-platform/client, clients/typescript, generated from the service's OpenAPI document). The client's
 * createClient sends an API key; the pages sign in by cookie instead, so they build their own
 * openapi-fetch instance over the same types. Pages call `api.GET('/api/…')` and friends through
 * `unwrap`, and take their types from here.
 *
 * Sessions ride on the HttpOnly svc_session cookie the sign-in operations set
 * (credentials: 'same-origin'): the app never reads, keeps or sends a token itself.
 */
import createClient from 'openapi-fetch';
import type { components, paths } from '@svc-platform/client';

export type { components, paths };

export const api = createClient<paths>({ baseUrl: '', credentials: 'same-origin', headers: { accept: 'application/json' } });

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
/** The JSON body of an operation's 200 (or 201) answer. */
export type Answer<P extends keyof paths, M extends Method> = paths[P][M] extends { responses: infer R }
  ? R extends { 200: { content: { 'application/json': infer T } } }
    ? T
    : R extends { 201: { content: { 'application/json': infer T } } }
      ? T
      : never
  : never;

/** The JSON body an operation takes (POST by default). */
export type Body<P extends keyof paths, M extends Method = 'post'> = paths[P][M] extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;

export type Environment = 'test' | 'live';
export type RequestLogEntry = components['schemas']['RequestLogEntry'];
export type RequestLogPage = components['schemas']['RequestLogPage'];
export type PartnerMe = Answer<'/api/auth/partner/me', 'get'>;
export type ApiKey = Answer<'/api/partners/me/api-keys', 'get'>[number];
export type PartnerCalls = Answer<'/api/partners/me/usage/calls', 'get'>;
/** The public status page's answer (no credential). */
export type PlatformStatus = Answer<'/api/platform/status', 'get'>;

// The admin console's answers.
export type AdminMe = Answer<'/api/auth/admin/me', 'get'>;
export type AdminPartner = Answer<'/api/admin/partners', 'get'>['items'][number];
export type AdminPartnerList = Answer<'/api/admin/partners', 'get'>;
export type AdminUsage = Answer<'/api/admin/usage', 'get'>;
export type RegeneratedKey = Answer<'/api/admin/partners/{partner_id}/regenerate-key', 'post'>;
export type SeedDemoResult = Answer<'/api/admin/partners/{partner_id}/seed-demo', 'post'>;
export type PartnerDeleteResult = Answer<'/api/admin/partners/{partner_id}', 'delete'>;
export type AuditEntry = Answer<'/api/admin/audit-log', 'get'> extends { items: (infer T)[] } ? T : never;
export type Incident = Answer<'/api/admin/incidents', 'get'>['items'][number];
export type IncidentStatus = Incident['status'];
export type IncidentImpact = Incident['impact'];
/** A component of the status page an incident may name. */
export type ComponentId = components['schemas']['ComponentId'];
export type DeletionRequest = Answer<'/api/admin/deletion-requests', 'get'>['items'][number];
export type DeletionStatus = DeletionRequest['status'];
export type ExternalKey = Answer<'/api/admin/external-keys', 'get'>['items'][number];
export type ExternalKeyAdded = Answer<'/api/admin/external-keys', 'post'>;
export type MailOutboxItem = Answer<'/api/admin/mail-outbox', 'get'>['items'][number];
export type ContactMessage = Answer<'/api/admin/contact-messages', 'get'>['items'][number];
export type IndexNowStatus = Answer<'/api/admin/indexnow/status', 'get'>;
export type IndexNowSubmission = IndexNowStatus['recent'][number];
export type IndexNowSubmitResult = Answer<'/api/admin/indexnow/submit', 'post'>;

/** One item of a 422 answer (FastAPI's shape): `loc` like ["body","email"]. */
interface ValidationItem {
  loc?: (string | number)[];
  msg?: string;
  type?: string;
  ctx?: Record<string, unknown>;
}

/** An answer other than 2xx, or no answer at all (status 0), in the words the pages show. */
export class ApiError extends Error {
  readonly status: number;
  /** The closed error code of the answer (docs/errors.md), null without one. */
  readonly code: string | null;
  /** 422: the message of each body field, by field name. */
  readonly fields: Record<string, string>;
  /** 429 and 503: seconds until a retry may work (Retry-After). */
  readonly retryAfterSeconds: number | null;

  constructor(status: number, message: string, code: string | null = null, fields: Record<string, string> = {}, retryAfterSeconds: number | null = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The validator's own wording (Pydantic's, which the service answers in): a rule of the service words its messages itself. */
const VALIDATOR_WORDING = /^(field required|(string|input|list|value|object) should |value is not a valid email address)/i;

/**
 * Pydantic's messages ("String should have at least 2 characters"), said for a person filling a
 * form. The forms check what they can before sending, in words naming the field; these are the
 * words of what only the server could tell. A rule of the service ("Password should have at least
 * 8 characters", "partner_company_name is needed to create one") keeps its own words.
 */
function fieldMessage(item: ValidationItem): string {
  const ctx = item.ctx ?? {};
  const n = (k: string) => Number(ctx[k]);
  const own = (item.msg ?? '').replace(/^Value error, /, '');
  if (own && !VALIDATOR_WORDING.test(own)) return own.charAt(0).toUpperCase() + own.slice(1);
  switch (item.type) {
    case 'missing':
      return 'Required';
    case 'string_too_short':
      return n('min_length') <= 1 ? 'Required' : `Enter at least ${plural(n('min_length'), 'character')}`;
    case 'string_too_long':
      return `Use at most ${plural(n('max_length'), 'character')}`;
    case 'too_short':
      return n('min_length') <= 1 ? 'Choose at least one' : `Choose at least ${n('min_length')}`;
    case 'too_long':
      return `Choose at most ${n('max_length')}`;
    case 'greater_than_equal':
      return `Enter ${String(ctx.ge)} or more`;
    case 'greater_than':
      return `Enter more than ${String(ctx.gt)}`;
    case 'less_than_equal':
      return `Enter ${String(ctx.le)} or less`;
    case 'less_than':
      return `Enter less than ${String(ctx.lt)}`;
    case 'int_parsing':
    case 'int_type':
    case 'int_from_float':
      return 'Enter a whole number';
    case 'float_parsing':
    case 'float_type':
      return 'Enter a number';
    case 'string_pattern_mismatch':
    case 'string_control_character':
      return 'Remove the characters that are not allowed here (line breaks, tabs, control characters)';
    case 'url_parsing':
      return 'Enter a full URL, like https://example.com/path';
    case 'date_from_datetime_parsing':
    case 'datetime_from_date_parsing':
      return 'Enter a date (YYYY-MM-DD)';
    case 'enum':
    case 'literal_error':
      return 'Choose one of the options';
  }
  if (/not a valid email address/i.test(own)) return 'Enter an email address, like name@example.com';
  return own ? own.charAt(0).toUpperCase() + own.slice(1) : 'Check this value';
}

function toError(status: number, body: unknown, response: Response): ApiError {
  const retry = Number(response.headers.get('retry-after'));
  const retryAfter = Number.isFinite(retry) && retry > 0 ? retry : null;
  const b = (body && typeof body === 'object' ? body : {}) as { detail?: unknown; code?: unknown };
  const code = typeof b.code === 'string' ? b.code : null;
  if (Array.isArray(b.detail)) {
    const fields: Record<string, string> = {};
    for (const item of b.detail as ValidationItem[]) {
      const loc = item.loc ?? [];
      const name = loc.length > 1 ? String(loc[loc.length - 1]) : 'form';
      fields[name] ??= fieldMessage(item);
    }
    return new ApiError(status, 'Some fields need attention', code, fields, retryAfter);
  }
  const detail = typeof b.detail === 'string' && b.detail ? b.detail : `The service answered ${status} ${response.statusText}`.trim();
  return new ApiError(status, detail, code, {}, retryAfter);
}

/** The answer's data, or an ApiError: every call of the app goes through here. */
export async function unwrap<T>(request: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  let result: { data?: T; error?: unknown; response: Response };
  try {
    result = await request;
  } catch {
    throw new ApiError(0, 'Cannot reach the service: check your connection and try again');
  }
  const { data, error, response } = result;
  if (!response.ok) throw toError(response.status, error, response);
  return data as T;
}

/**
 * A file answer (a CSV export), asked with `parseAs: 'blob'`: its bytes and the name the server gives
 * it, or an ApiError like any other call. A page saves the bytes only from here, so an error's
 * body is never saved as the file.
 */
export async function unwrapFile(request: Promise<{ data?: Blob; error?: unknown; response: Response }>): Promise<{ blob: Blob; filename: string | null }> {
  let response: Response | undefined;
  const blob = await unwrap(
    request.then((r) => {
      response = r.response;
      return r;
    }),
  );
  const disposition = response?.headers.get('content-disposition') ?? '';
  return { blob, filename: /filename="([^"]+)"/.exec(disposition)?.[1] ?? null };
}

export function isApiError(err: unknown, status?: number): err is ApiError {
  return err instanceof ApiError && (status === undefined || err.status === status);
}

/** Like `unwrap`, but a 404 is an answer (nothing there: no such partner, no endpoint yet), not an error. */
export async function unwrapOrNull<T>(request: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T | null> {
  try {
    return await unwrap(request);
  } catch (err) {
    if (isApiError(err, 404)) return null;
    throw err;
  }
}
