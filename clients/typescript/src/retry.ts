/**
 * The client's fetch: sends an Idempotency-Key on sandbox transfers, retries 429 and 503 (Retry-After
 * honoured, bounded) when the call may be repeated, and throws SvcApiError on any other error answer.
 */
import { randomUUID } from 'node:crypto';
import { retryAfterSeconds, SvcApiError } from './errors.js';

export interface RetryOptions {
  /** Retries after the first attempt (default 2). */
  max?: number | undefined;
  /** The longest wait before a retry, in ms (default 30 000): a longer Retry-After is not waited for, the error is thrown. */
  maxDelayMs?: number | undefined;
}

export const DEFAULT_RETRIES = { max: 2, maxDelayMs: 30_000 } as const;

/** Methods a repeat cannot change more than the first call did. */
const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT']);
/** The operations that take an Idempotency-Key and get one by default (sandbox transfers, both path forms). */
const KEYED_PATH = /^(\/api)?\/v1\/transfers\/?$/;
/** The wait, when the answer gives no Retry-After: 0.5 s, then 1 s, … */
const BACKOFF_MS = 500;

export interface FetchOptions {
  fetch: typeof globalThis.fetch;
  retries: Required<RetryOptions> | false;
  /** Makes the Idempotency-Key of a call that has none (default: a random UUID). */
  idempotencyKey: () => string;
  /** Waits (default: a timer); tests may shorten it. */
  sleep: (ms: number) => Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function defaultFetchOptions(fetchImpl: typeof globalThis.fetch | undefined, retries: RetryOptions | false | undefined): FetchOptions {
  return {
    fetch: fetchImpl ?? globalThis.fetch,
    retries: retries === false ? false : { max: retries?.max ?? DEFAULT_RETRIES.max, maxDelayMs: retries?.maxDelayMs ?? DEFAULT_RETRIES.maxDelayMs },
    idempotencyKey: randomUUID,
    sleep,
  };
}

/**
 * Adds an Idempotency-Key to a sandbox transfer that carries none (in its header or its `idempotency_key` field);
 * `keyed` tells whether the call now carries a key, in either place.
 */
async function withIdempotencyKey(request: Request, makeKey: () => string): Promise<{ request: Request; keyed: boolean }> {
  if (request.headers.has('idempotency-key')) return { request, keyed: true };
  if (request.method !== 'POST' || !KEYED_PATH.test(new URL(request.url).pathname)) return { request, keyed: false };
  const body = await request.clone().text();
  try {
    const parsed = JSON.parse(body) as { idempotency_key?: unknown };
    if (parsed && typeof parsed === 'object' && parsed.idempotency_key !== undefined) return { request, keyed: true };
  } catch {
    // Not JSON: the server refuses it; a key changes nothing.
  }
  const headers = new Headers(request.headers);
  headers.set('Idempotency-Key', makeKey());
  return { request: new Request(request, { headers, body }), keyed: true };
}

export function clientFetch(options: FetchOptions): (input: Request, init?: RequestInit) => Promise<Response> {
  return async (input, init) => {
    const { request, keyed } = await withIdempotencyKey(init ? new Request(input, init) : input, options.idempotencyKey);
    // Only a call that may be sent again: an idempotent method, or one that carries an idempotency key.
    const repeatable = IDEMPOTENT.has(request.method) || keyed;
    const max = options.retries === false ? 0 : options.retries.max;
    for (let attempt = 0; ; attempt++) {
      // The body can be read once: each attempt sends a copy.
      const response = await options.fetch(request.clone());
      if (response.ok || response.status < 400) return response;
      if (repeatable && attempt < max && (response.status === 429 || response.status === 503) && options.retries !== false) {
        const after = retryAfterSeconds(response.headers.get('retry-after'), Date.now());
        const wait = after !== null ? after * 1000 : BACKOFF_MS * 2 ** attempt;
        if (wait <= options.retries.maxDelayMs) {
          await response.body?.cancel().catch(() => {});
          await options.sleep(wait);
          continue;
        }
      }
      throw await SvcApiError.fromResponse(response, request.method);
    }
  };
}
