/** Sessions for the portal tests: password-like (full control) and opened by pasting a key (one environment). */
import assert from 'node:assert/strict';
import type { TestApp } from '../helpers/app.js';

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
export const cookie = (token: string) => ({ cookie: `svc_session=${token}` });
export const CROSS_SITE = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };

let address = 0;

/** A session opened through POST /api/auth/partner/key-login with `key` (acts only in that key's environment). */
export async function keySession(t: TestApp, key: string): Promise<string> {
  const n = ++address;
  const r = await t.inject({ method: 'POST', url: '/api/auth/partner/key-login', payload: { key }, remoteAddress: `10.88.${Math.floor(n / 250)}.${(n % 250) + 1}` });
  assert.equal(r.statusCode, 200, r.body);
  return r.json().token as string;
}
