/** Mail as tests read it: the outbox through the admin route, and the token of a verification link. */
import assert from 'node:assert/strict';
import type { TestApp } from './app.js';

export interface OutboxMail {
  id: string;
  kind: string;
  to: string;
  subject: string;
  text: string;
  status: string;
}

/** Every kept mail (newest first), read as an administrator reads it: GET /api/admin/mail-outbox. */
export async function outbox(t: TestApp, adminToken: string, kind?: string): Promise<OutboxMail[]> {
  const q = kind ? `&kind=${encodeURIComponent(kind)}` : '';
  const res = await t.inject({ method: 'GET', url: `/api/admin/mail-outbox?limit=500${q}`, headers: { authorization: `Bearer ${adminToken}` } });
  assert.equal(res.statusCode, 200, res.body);
  return res.json().items;
}

/** The token of the verification link in a mail's text (plain, or quoted-printable as it arrives over SMTP). */
export function verificationToken(text: string): string {
  const plain = text.replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
  const m = /\/portal\/verify-email\?token=(vfy_[A-Za-z0-9]+)/.exec(plain);
  assert.ok(m, `no verification link in: ${text}`);
  return m[1];
}

/** Follows a verification link as the portal page does (no session). */
export function verifyEmail(t: TestApp, token: string, remoteAddress = '10.77.0.1') {
  return t.inject({ method: 'POST', url: '/api/auth/partner/verify-email', payload: { token }, remoteAddress });
}
