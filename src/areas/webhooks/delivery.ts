/**
 * One HTTP attempt of one event, and what follows from its answer (the retry
 * rules). No database access here: the worker writes the outcome.
 */
import { request, type Agent } from 'undici';
import { SERVICE_VERSION } from '../../version.js';
import { SsrfError } from './ssrf.js';
import { signatureHeaders } from './signing.js';

export const EXCERPT_BYTES = 1024;
/** How much of an answer's body the event inspector keeps (response_body_excerpt). */
export const BODY_EXCERPT_BYTES = 4096;
/** Bounds of the answer's headers kept for the event inspector. */
export const MAX_RESPONSE_HEADERS = 50;
export const MAX_HEADER_VALUE = 512;
export const MAX_HEADERS_JSON = 8192;

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
  /** The first BODY_EXCERPT_BYTES of the body, control characters made visible (safeText). */
  bodyExcerpt: string | null;
  /** The headers sent (signatures included; never a secret). */
  requestHeaders: Record<string, string>;
  /** The answer's headers, bounded (boundedHeaders); null without an answer. */
  responseHeaders: Record<string, string> | null;
  /** Seconds or HTTP date from a Retry-After header, as ms from now; null when absent or unparsable. */
  retryAfterMs: number | null;
  /** The receiver answered 410 Gone: the endpoint is to be disabled. */
  gone: boolean;
}

/**
 * Text safe to show and store: C0 control characters other than tab, line feed and carriage return become
 * their visible Control Pictures (NUL as U+2400), DEL U+2421, C1 controls and the bidirectional overrides the
 * replacement character. PostgreSQL cannot store NUL in text, and a terminal or page must not obey them.
 */
export function safeText(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is replaced
  return text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\u0080-\u009F\u202A-\u202E\u2066-\u2069]/g, (c) => {
    const code = c.charCodeAt(0);
    if (code < 0x20) return String.fromCharCode(0x2400 + code);
    if (code === 0x7f) return '\u2421';
    return '\uFFFD';
  });
}

/** Decodes at most `limit` bytes as UTF-8 (invalid bytes as U+FFFD), dropping a character cut in half at the end. */
function decodeBounded(buf: Buffer, limit: number, always = false): string {
  let text = buf.subarray(0, limit).toString('utf8');
  if (always || buf.length > limit) {
    while (Buffer.byteLength(text) > limit || text.endsWith('\uFFFD')) text = text.slice(0, -1);
  }
  return text;
}

/** Reads at most BODY_EXCERPT_BYTES of a body, then drops the rest of it. */
async function readBody(body: AsyncIterable<Buffer> & { destroy(err?: Error): unknown }): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    chunks.push(chunk);
    size += chunk.length;
    if (size > BODY_EXCERPT_BYTES) {
      body.destroy();
      break;
    }
  }
  return Buffer.concat(chunks).subarray(0, BODY_EXCERPT_BYTES + 1);
}

/** The delivery log's excerpt (EXCERPT_BYTES, as before) and the inspector's (BODY_EXCERPT_BYTES, safe text). */
export function excerpts(buf: Buffer): { excerpt: string | null; bodyExcerpt: string | null } {
  if (buf.length === 0) return { excerpt: null, bodyExcerpt: null };
  // PostgreSQL cannot store NUL in text: an answer holding one could not be recorded at all.
  const short = decodeBounded(buf, EXCERPT_BYTES, true).replaceAll('\u0000', '\u2400');
  const long = buf.length > BODY_EXCERPT_BYTES ? decodeBounded(buf, BODY_EXCERPT_BYTES) : buf.toString('utf8');
  return { excerpt: short, bodyExcerpt: safeText(long) };
}

/**
 * An answer's headers as kept: names lower-case, at most MAX_RESPONSE_HEADERS of them, each value cut to
 * MAX_HEADER_VALUE characters (several values joined with ", "), and no more than MAX_HEADERS_JSON characters
 * of JSON in all; control characters made visible.
 */
export function boundedHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  let size = 2;
  let n = 0;
  for (const [name, raw] of Object.entries(headers)) {
    if (raw === undefined) continue;
    if (n >= MAX_RESPONSE_HEADERS) break;
    const key = safeText(name.toLowerCase()).slice(0, 100);
    const value = safeText(Array.isArray(raw) ? raw.join(', ') : String(raw)).slice(0, MAX_HEADER_VALUE);
    const add = JSON.stringify(key).length + JSON.stringify(value).length + 2;
    if (size + add > MAX_HEADERS_JSON) break;
    out[key] = value;
    size += add;
    n++;
  }
  return out;
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

/** The headers of one delivery: its identity and the signatures (no signature without a secret). */
export function deliveryHeaders(input: Omit<AttemptInput, 'url'>): Record<string, string> {
  return {
    'content-type': 'application/json',
    'user-agent': `svc-webhooks/${SERVICE_VERSION}`,
    'x-service-event-id': input.eventId,
    'x-service-event-type': input.eventType,
    'x-service-delivery-attempt': String(input.attempt),
    ...(input.secrets.length > 0 ? signatureHeaders(input.secrets, input.eventId, input.body, input.now) : {}),
  };
}

/** POSTs the event to the URL through the SSRF-safe agent; never throws. */
export async function attemptDelivery(agent: Agent, input: AttemptInput, timeoutMs: number): Promise<AttemptResult> {
  const started = performance.now();
  const headers = deliveryHeaders(input);
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
    const body = await readBody(res.body).catch(() => Buffer.alloc(0));
    const { excerpt, bodyExcerpt } = excerpts(body);
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
      bodyExcerpt,
      requestHeaders: headers,
      responseHeaders: boundedHeaders(res.headers),
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
      bodyExcerpt: null,
      requestHeaders: headers,
      responseHeaders: null,
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
