/**
 * One HTTP attempt of one event, and what follows from its answer (the retry
 * rules). No database access here: the worker writes the outcome.
 */
import { request, type Agent } from 'undici';
import { SERVICE_VERSION } from '../../version.js';
import { SsrfError } from './ssrf.js';
import { signatureHeaders } from './signing.js';

export const EXCERPT_BYTES = 1024;

export interface AttemptInput {
  url: string;
  eventId: string;
  eventType: string;
  body: string;
  attempt: number;
  /** Current secret first, then the previous one while it is valid. */
  secrets: string[];
  now: number;
}

export interface AttemptResult {
  ok: boolean;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  excerpt: string | null;
  /** Seconds or HTTP date from a Retry-After header, as ms from now; null when absent or unparsable. */
  retryAfterMs: number | null;
  /** The receiver answered 410 Gone: the endpoint is to be disabled. */
  gone: boolean;
}

/** Reads at most EXCERPT_BYTES of a body, then drops the rest of it. */
async function readExcerpt(body: AsyncIterable<Buffer> & { destroy(err?: Error): unknown }): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    chunks.push(chunk);
    size += chunk.length;
    if (size >= EXCERPT_BYTES) {
      body.destroy();
      break;
    }
  }
  if (size === 0) return null;
  const buf = Buffer.concat(chunks).subarray(0, EXCERPT_BYTES);
  // Drop a multi-byte character cut in half at the end.
  let text = buf.toString('utf8');
  while (Buffer.byteLength(text) > EXCERPT_BYTES || text.endsWith('\uFFFD')) text = text.slice(0, -1);
  return text;
}

export function parseRetryAfter(value: string | string[] | undefined, now: number): number | null {
  const v = Array.isArray(value) ? value[0] : value;
  if (!v) return null;
  const t = v.trim();
  if (/^\d+$/.test(t)) return Number(t) * 1000;
  const at = Date.parse(t);
  return Number.isFinite(at) ? Math.max(0, at - now) : null;
}

function describe(err: unknown, timeoutMs: number): string {
  if (err instanceof SsrfError) return `refused: ${err.message}`;
  const e = err as { name?: string; code?: string; message?: string; cause?: unknown };
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError' || e?.code === 'UND_ERR_HEADERS_TIMEOUT' || e?.code === 'UND_ERR_BODY_TIMEOUT') {
    return `timeout after ${timeoutMs} ms`;
  }
  if (e?.code === 'UND_ERR_CONNECT_TIMEOUT') return `connect timeout after ${timeoutMs} ms`;
  if (e?.cause instanceof SsrfError) return `refused: ${e.cause.message}`;
  const code = e?.code ?? (e?.cause as { code?: string } | undefined)?.code;
  const msg = (e?.message ?? String(err)).slice(0, 300);
  return code && !msg.includes(code) ? `${code}: ${msg}` : msg;
}

/** POSTs the event to the URL through the SSRF-safe agent; never throws. */
export async function attemptDelivery(agent: Agent, input: AttemptInput, timeoutMs: number): Promise<AttemptResult> {
  const started = performance.now();
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'user-agent': `svc-webhooks/${SERVICE_VERSION}`,
    'x-service-event-id': input.eventId,
    'x-service-event-type': input.eventType,
    'x-service-delivery-attempt': String(input.attempt),
    ...signatureHeaders(input.secrets, input.eventId, input.body, input.now),
  };
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const res = await request(input.url, {
      method: 'POST',
      body: input.body,
      headers,
      dispatcher: agent,
      signal,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    });
    const excerpt = await readExcerpt(res.body).catch(() => null);
    const code = res.statusCode;
    const ok = code >= 200 && code < 300;
    let error: string | null = null;
    if (!ok) error = code >= 300 && code < 400 ? `redirect (${code}) not followed` : `HTTP ${code}`;
    return {
      ok,
      statusCode: code,
      durationMs: Math.round(performance.now() - started),
      error,
      excerpt,
      retryAfterMs: ok ? null : parseRetryAfter(res.headers['retry-after'], input.now),
      gone: code === 410,
    };
  } catch (err) {
    return {
      ok: false,
      statusCode: null,
      durationMs: Math.round(performance.now() - started),
      error: describe(err, timeoutMs),
      excerpt: null,
      retryAfterMs: null,
      gone: false,
    };
  }
}

/** The longest Retry-After honoured (a receiver cannot park an event for longer than a day). */
export const MAX_RETRY_AFTER_MS = 24 * 3_600_000;

/**
 * When the next attempt is due after `attemptsMade` failed attempts, or null when
 * the schedule is used up. schedule[i] is the delay before attempt i+1 (attempt 1
 * is schedule[0], normally 0 = immediately). Jitter: ±10% of the delay. A
 * Retry-After pushes the attempt later, never earlier.
 */
export function nextAttemptAt(schedule: readonly number[], attemptsMade: number, now: number, retryAfterMs: number | null, random = Math.random): number | null {
  if (attemptsMade >= schedule.length) return null;
  const base = schedule[attemptsMade];
  const jittered = Math.round(base * (0.9 + 0.2 * random()));
  const wait = Math.max(jittered, retryAfterMs === null ? 0 : Math.min(retryAfterMs, MAX_RETRY_AFTER_MS));
  return now + wait;
}
