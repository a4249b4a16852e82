/**
 * Webhook signatures. One delivery carries three forms, so receivers verify with
 * the tool they already use:
 *   Service-Signature: t=<unix>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>   (Stripe's scheme; stripe.webhooks.constructEvent)
 *   X-Service-Signature: <hex HMAC-SHA256(secret, body)>                     (the integration-guide form)
 *   webhook-id / webhook-timestamp / webhook-signature: v1,<base64>          (Standard Webhooks; the standardwebhooks package)
 * During the 24 h after a rotation both secrets sign: Service-Signature and
 * webhook-signature carry one signature per secret (new first), and the previous
 * secret's guide-form HMAC goes in X-Service-Signature-Previous.
 */
import { createHmac, randomBytes } from 'node:crypto';

export const SECRET_PREFIX = 'whsec_';

/** `whsec_` + base64 of 32 random bytes (also a valid Standard Webhooks secret). */
export function generateSigningSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString('base64');
}

/** What the API shows of a secret after creation. */
export function secretHint(secret: string): string {
  return `${SECRET_PREFIX}…${secret.slice(-4)}`;
}

/** The Standard Webhooks key: the base64 part of the secret, decoded. */
function standardKey(secret: string): Buffer {
  const b64 = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret;
  return Buffer.from(b64, 'base64');
}

function hmacHex(key: string | Buffer, payload: string): string {
  return createHmac('sha256', key).update(payload, 'utf8').digest('hex');
}

/**
 * The signature headers of one delivery. `secrets` is the current secret first,
 * then the previous one while it is still valid.
 */
export function signatureHeaders(secrets: string[], eventId: string, body: string, nowMs: number): Record<string, string> {
  if (secrets.length === 0) throw new Error('no signing secret');
  const t = Math.floor(nowMs / 1000);
  const stripeForm = secrets.map((s) => `v1=${hmacHex(s, `${t}.${body}`)}`).join(',');
  const standard = secrets
    .map((s) => `v1,${createHmac('sha256', standardKey(s)).update(`${eventId}.${t}.${body}`, 'utf8').digest('base64')}`)
    .join(' ');
  const headers: Record<string, string> = {
    'service-signature': `t=${t},${stripeForm}`,
    'x-service-signature': hmacHex(secrets[0], body),
    'webhook-id': eventId,
    'webhook-timestamp': String(t),
    'webhook-signature': standard,
  };
  if (secrets[1]) headers['x-service-signature-previous'] = hmacHex(secrets[1], body);
  return headers;
}
