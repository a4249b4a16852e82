import { createHmac, timingSafeEqual } from 'node:crypto';
import type { components } from './schema.js';

type Schemas = components['schemas'];

/** A webhook event the service sends, by its `type` (see the document's `webhooks`). */
export type WebhookEvent =
  | Schemas['CalculationUpdatedEvent']
  | Schemas['UsageThresholdReachedEvent']
  | Schemas['WebhookTestEvent']
  | Schemas['TransferSettledEvent']
  | Schemas['TransferFailedEvent']
  | Schemas['TransferReturnedEvent'];
export type WebhookEventType = WebhookEvent['type'];
/** The event of one type. */
export type WebhookEventOf<T extends WebhookEventType> = Extract<WebhookEvent, { type: T }>;

export type HeaderBag = Headers | Record<string, string | string[] | undefined>;

export interface VerifyWebhookInput {
  /** The request body exactly as received (before any JSON parsing). */
  payload: string | Uint8Array;
  /** The request headers (Node's req.headers, a fetch Headers, or a plain object; any case). */
  headers: HeaderBag;
  /** Your signing secret (whsec_…). During a rotation you may pass both, the new one first. */
  secret: string | string[];
  /** How far the signed time may be from now, in seconds (default 300). */
  toleranceSeconds?: number | undefined;
  /** Now, in Unix seconds (default: the clock). */
  now?: number | undefined;
}

/** Thrown when a delivery does not verify; `reason` says why. */
export class WebhookVerificationError extends Error {
  constructor(readonly reason: 'no_signature' | 'malformed' | 'timestamp' | 'mismatch' | 'payload') {
    super(`webhook verification failed: ${MESSAGES[reason]}`);
    this.name = 'WebhookVerificationError';
  }
}

const MESSAGES = {
  no_signature: 'no Service-Signature, webhook-signature or X-Service-Signature header',
  malformed: 'the signature header is malformed',
  timestamp: 'the signed time is outside the tolerance (a replay, or a clock off)',
  mismatch: 'no signature matches the secret (a wrong secret, or a body altered on the way)',
  payload: 'the body is not a service event',
};

const PREFIX = 'whsec_';

function header(headers: HeaderBag, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const bag = headers as Record<string, string | string[] | undefined>;
  const key = Object.keys(bag).find((k) => k.toLowerCase() === name);
  const v = key === undefined ? undefined : bag[key];
  return Array.isArray(v) ? v.join(',') : v;
}

function same(expected: Buffer, given: Buffer): boolean {
  return expected.length === given.length && timingSafeEqual(expected, given);
}

function hmac(key: string | Buffer, data: string | Buffer, encoding: 'hex' | 'base64'): Buffer {
  return Buffer.from(createHmac('sha256', key).update(data).digest(encoding), encoding);
}

/** The Standard Webhooks key: the base64 part of the secret after whsec_, decoded. */
function standardKey(secret: string): Buffer {
  return Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64');
}

function fresh(t: number, now: number, tolerance: number): void {
  if (!Number.isFinite(t)) throw new WebhookVerificationError('malformed');
  if (Math.abs(now - t) > tolerance) throw new WebhookVerificationError('timestamp');
}

/**
 * Verifies a webhook delivery and returns its event, typed by `type`; throws a
 * WebhookVerificationError otherwise. It checks, in this order, the first header present:
 * - Service-Signature `t=<unix>,v1=<hex>[,v1=<hex>…]`: HMAC-SHA256 of `<t>.<body>`; any v1 may match
 *   (one per secret while a rotation overlaps); t within the tolerance;
 * - the Standard Webhooks headers webhook-id / webhook-timestamp / webhook-signature;
 * - X-Service-Signature (or X-Service-Signature-Previous): HMAC-SHA256 of the body; it signs no time,
 *   so the event's created_at must be within the tolerance.
 * Every comparison is constant-time.
 */
export function verifyWebhook(input: VerifyWebhookInput): WebhookEvent {
  const secrets = (Array.isArray(input.secret) ? input.secret : [input.secret]).filter((s) => typeof s === 'string' && s.length > 0);
  if (secrets.length === 0) throw new TypeError('verifyWebhook: a signing secret is required');
  const body = Buffer.from(input.payload);
  const text = body.toString('utf8');
  const tolerance = input.toleranceSeconds ?? 300;
  const now = input.now ?? Math.floor(Date.now() / 1000);

  const serviceSignature = header(input.headers, 'service-signature');
  const standardSignature = header(input.headers, 'webhook-signature');
  const simple = [header(input.headers, 'x-service-signature'), header(input.headers, 'x-service-signature-previous')].filter((v): v is string => !!v);

  if (serviceSignature !== undefined) {
    let t = NaN;
    const given: Buffer[] = [];
    for (const part of serviceSignature.split(',')) {
      const i = part.indexOf('=');
      const name = part.slice(0, i).trim();
      const value = part.slice(i + 1).trim();
      if (name === 't' && /^\d+$/.test(value)) t = Number(value);
      else if (name === 'v1' && /^[0-9a-f]{64}$/i.test(value)) given.push(Buffer.from(value, 'hex'));
    }
    if (given.length === 0) throw new WebhookVerificationError('malformed');
    fresh(t, now, tolerance);
    const signed = Buffer.concat([Buffer.from(`${t}.`), body]);
    const expected = secrets.map((s) => hmac(s, signed, 'hex'));
    if (!expected.some((e) => given.some((g) => same(e, g)))) throw new WebhookVerificationError('mismatch');
  } else if (standardSignature !== undefined) {
    const id = header(input.headers, 'webhook-id');
    const ts = header(input.headers, 'webhook-timestamp');
    if (!id || !ts || !/^\d+$/.test(ts)) throw new WebhookVerificationError('malformed');
    fresh(Number(ts), now, tolerance);
    const signed = Buffer.concat([Buffer.from(`${id}.${ts}.`), body]);
    const expected = secrets.map((s) => hmac(standardKey(s), signed, 'base64'));
    const given = standardSignature
      .split(' ')
      .filter((p) => p.startsWith('v1,'))
      .map((p) => Buffer.from(p.slice(3), 'base64'));
    if (given.length === 0) throw new WebhookVerificationError('malformed');
    if (!expected.some((e) => given.some((g) => same(e, g)))) throw new WebhookVerificationError('mismatch');
  } else if (simple.length > 0) {
    const given = simple.filter((v) => /^[0-9a-f]{64}$/i.test(v)).map((v) => Buffer.from(v, 'hex'));
    if (given.length === 0) throw new WebhookVerificationError('malformed');
    const expected = secrets.map((s) => hmac(s, body, 'hex'));
    if (!expected.some((e) => given.some((g) => same(e, g)))) throw new WebhookVerificationError('mismatch');
  } else {
    throw new WebhookVerificationError('no_signature');
  }

  let event: unknown;
  try {
    event = JSON.parse(text);
  } catch {
    throw new WebhookVerificationError('payload');
  }
  if (!event || typeof event !== 'object' || typeof (event as WebhookEvent).type !== 'string' || typeof (event as WebhookEvent).id !== 'string') {
    throw new WebhookVerificationError('payload');
  }
  if (serviceSignature === undefined && standardSignature === undefined) {
    // X-Service-Signature signs no time: the event's own time stands in for it.
    fresh(Date.parse((event as WebhookEvent).created_at) / 1000, now, tolerance);
  }
  return event as WebhookEvent;
}
