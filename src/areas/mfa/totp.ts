/**
 * TOTP (RFC 6238: HMAC-SHA-1, 6 digits, 30-second steps) through the `otpauth` library, and the
 * QR code of its `otpauth://` URI (`qrcode`, an SVG). A code is accepted one step either side of
 * the current one (clock drift); the step it matched is returned so a caller can refuse its reuse.
 */
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

export const PERIOD_SECONDS = 30;
export const DIGITS = 6;
/** Steps either side of the current one a code may belong to. */
export const WINDOW = 1;
const ALGORITHM = 'SHA1';
/** 160 bits, the length RFC 4226 recommends for an HMAC-SHA-1 key. */
const SECRET_BYTES = 20;

/** A new random secret, base32 (what an authenticator app is given). */
export function newTotpSecret(): string {
  return new Secret({ size: SECRET_BYTES }).base32;
}

function totp(secretBase32: string, label = '', issuer = ''): TOTP {
  return new TOTP({ issuer, label, algorithm: ALGORITHM, digits: DIGITS, period: PERIOD_SECONDS, secret: Secret.fromBase32(secretBase32) });
}

/** The `otpauth://totp/…` URI an authenticator app reads (from the QR code or typed in). */
export function otpauthUri(secretBase32: string, label: string, issuer: string): string {
  return totp(secretBase32, label, issuer).toString();
}

/** The QR code of `uri` as an SVG document (no script, no external reference). */
export function qrSvg(uri: string): Promise<string> {
  return QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}

/** The time step of an instant (epoch ms). */
export function stepAt(nowMs: number): number {
  return TOTP.counter({ period: PERIOD_SECONDS, timestamp: nowMs });
}

/** The step `code` belongs to, within WINDOW of `nowMs`; null when it matches none. */
export function matchingStep(secretBase32: string, code: string, nowMs: number): number | null {
  const delta = totp(secretBase32).validate({ token: code, timestamp: nowMs, window: WINDOW });
  return delta === null ? null : stepAt(nowMs) + delta;
}

/** The code of `secretBase32` at `nowMs` (tests and benchmarks compute codes the way an app does). */
export function codeAt(secretBase32: string, nowMs: number): string {
  return totp(secretBase32).generate({ timestamp: nowMs });
}
