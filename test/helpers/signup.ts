/** Self sign-up as a person goes through it: the form, the link mailed to the address, the password again. */
import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './app.js';

export interface SignUpForm {
  email: string;
  password: string;
  company_name: string;
  contact_name: string;
}

/** The newest mail of `kind` sent to `to` (the outbox: tests configure no SMTP), once the sign-up's work has run. */
export async function lastMail(t: TestApp, to: string, kind: string): Promise<{ subject: string; text: string } | undefined> {
  await t.deps.background.idle();
  const rows = await t.deps.database.db
    .selectFrom('mail_outbox')
    .select(['subject', 'text_body', 'to_address'])
    .where('kind', '=', kind)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const row = rows.find((r) => r.to_address.toLowerCase() === to.trim().toLowerCase());
  return row ? { subject: row.subject, text: row.text_body } : undefined;
}

/** The token of the sign-up link in a mail's text. */
export function signUpToken(text: string): string {
  const m = /\/portal\/sign-up\/confirm\?token=(sup_[A-Za-z0-9]+)/.exec(text);
  assert.ok(m, `no sign-up link in: ${text}`);
  return m[1];
}

/** POST /api/auth/partner/register; asserts the one answer every address gets. */
export async function register(t: TestApp, form: SignUpForm, remoteAddress?: string): Promise<LightMyRequestResponse> {
  const res = await t.inject({ method: 'POST', url: '/api/auth/partner/register', payload: form, remoteAddress });
  assert.equal(res.statusCode, 200, res.body);
  return res;
}

/** POST /api/auth/partner/register/confirm with a link's token and a password. */
export function confirmSignUp(t: TestApp, token: string, password: string, remoteAddress?: string): Promise<LightMyRequestResponse> {
  return t.inject({ method: 'POST', url: '/api/auth/partner/register/confirm', payload: { token, password }, remoteAddress });
}

/**
 * Signs up a new address all the way: the answer of the link's confirmation (200: a session and the partner, the
 * svc_session cookie), as the old one-step sign-up answered.
 */
export async function signUp(t: TestApp, form: SignUpForm, remoteAddress?: string): Promise<LightMyRequestResponse> {
  await register(t, form, remoteAddress);
  const mail = await lastMail(t, form.email, 'signup_confirmation');
  assert.ok(mail, `a sign-up link was mailed to ${form.email}`);
  const res = await confirmSignUp(t, signUpToken(mail.text), form.password, remoteAddress);
  assert.equal(res.statusCode, 200, res.body);
  return res;
}
