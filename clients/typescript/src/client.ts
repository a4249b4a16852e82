import createFetchClient, { type Client } from 'openapi-fetch';
import type { paths } from './schema.js';
import { clientFetch, defaultFetchOptions, type RetryOptions } from './retry.js';

export interface ClientOptions {
  /** Where the service answers, e.g. https://api.example.com (the paths carry /api/v1). */
  baseUrl: string;
  /** Your API key: svc_test_… (sandbox) or svc_live_… (production). Sent as X-API-Key. */
  apiKey: string;
  /** Your ingest secret (GET /api/v1/secrets), for ingest, webhooks and key rotation. Never ship it to a browser. */
  ingestSecret?: string | undefined;
  /** A fetch implementation (default: the global fetch). */
  fetch?: typeof globalThis.fetch | undefined;
  /**
   * Retries of an answer 429 or 503, after its Retry-After (on by default: `{ max: 2, maxDelayMs: 30000 }`);
   * `false` for none. Only a call that may be repeated is retried: GET, HEAD, OPTIONS, PUT, or one with an
   * Idempotency-Key (sandbox transfers get one by default). A longer Retry-After than maxDelayMs is not waited for.
   */
  retries?: RetryOptions | false | undefined;
}

/**
 * The typed client: `client.GET('/api/v1/me')`, `client.POST('/api/v1/ingest', { body })`, … (openapi-fetch).
 * An error answer throws SvcApiError (after the retries), so `data` is there whenever a call returns.
 */
export type SvcClient = Client<paths>;

/** A client that sends X-API-Key (and X-Service-Ingest-Secret when given) on every call. */
export function createClient(options: ClientOptions): SvcClient {
  const headers: Record<string, string> = { 'X-API-Key': options.apiKey };
  if (options.ingestSecret) headers['X-Service-Ingest-Secret'] = options.ingestSecret;
  return createFetchClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    headers,
    fetch: clientFetch(defaultFetchOptions(options.fetch, options.retries)),
  });
}
