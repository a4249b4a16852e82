/** One problem of a 422 answer (`detail` is a list of these). */
export interface ValidationErrorItem {
  type: string;
  /** Where: ['body', 'cash_balance'], ['query', 'limit'], … */
  loc: (string | number)[];
  msg: string;
  input?: unknown;
  ctx?: Record<string, unknown>;
}

/**
 * An error answer of the service, thrown by every call of the client and by `paginate`:
 * branch on `code` (stable), show `detail` to people, quote `requestId` to support.
 */
export class SvcApiError extends Error {
  /** The HTTP status (400 to 599). */
  readonly status: number;
  /** The stable error code (`validation_failed`, `rate_limited`, `not_found`…); null when the body had none. */
  readonly code: string | null;
  /** What went wrong, in words (a 422's problems joined). */
  readonly detail: string;
  /** A 422's problems, each with the location of the field; empty otherwise. */
  readonly validationErrors: ValidationErrorItem[];
  /** The answer's X-Request-Id. */
  readonly requestId: string | null;
  /** Seconds to wait before trying again (Retry-After), when the answer said. */
  readonly retryAfter: number | null;
  readonly method: string;
  readonly url: string;
  /** The error body as received (parsed JSON when it was JSON). */
  readonly body: unknown;

  constructor(init: { status: number; method: string; url: string; body: unknown; requestId: string | null; retryAfter: number | null }) {
    const b = init.body as { detail?: unknown; code?: unknown } | null;
    const items = Array.isArray(b?.detail) ? (b.detail as ValidationErrorItem[]) : [];
    const detail =
      typeof b?.detail === 'string'
        ? b.detail
        : items.length
          ? items.map((i) => `${(i.loc ?? []).join('.')}: ${i.msg}`).join('; ')
          : typeof init.body === 'string' && init.body
            ? init.body.slice(0, 500)
            : `HTTP ${init.status}`;
    const code = typeof b?.code === 'string' ? b.code : null;
    super(`${init.method} ${pathOf(init.url)} answered ${init.status}${code ? ` ${code}` : ''}: ${detail}`);
    this.name = 'SvcApiError';
    this.status = init.status;
    this.code = code;
    this.detail = detail;
    this.validationErrors = items;
    this.requestId = init.requestId;
    this.retryAfter = init.retryAfter;
    this.method = init.method;
    this.url = init.url;
    this.body = init.body;
  }

  /** The error of an answer that is not 2xx (reads its body). */
  static async fromResponse(response: Response, method: string, body?: unknown): Promise<SvcApiError> {
    let parsed = body;
    if (parsed === undefined) {
      const text = await response.text().catch(() => '');
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        parsed = text;
      }
    }
    return new SvcApiError({
      status: response.status,
      method,
      url: response.url,
      body: parsed,
      requestId: response.headers.get('x-request-id'),
      retryAfter: retryAfterSeconds(response.headers.get('retry-after'), Date.now()),
    });
  }
}

/** Retry-After in seconds (delay-seconds or an HTTP date); null when absent or unreadable. */
export function retryAfterSeconds(value: string | null, now: number): number | null {
  if (value === null || value.trim() === '') return null;
  if (/^\s*\d+\s*$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isFinite(at) ? Math.max(0, Math.ceil((at - now) / 1000)) : null;
}

function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}
