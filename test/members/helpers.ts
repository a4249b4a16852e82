/** An account with one member of each role, signed in through the HTTP interface (sign-in, invitation, acceptance). */
import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';
import { after, before } from 'node:test';
import { buildTestApp, TestClock, type TestApp, type TestPartner } from '../helpers/app.js';
import { hashPassword } from '../../src/lib/crypto.js';
import { randomBase62 } from '../../src/lib/crypto.js';
import { outbox } from '../helpers/mail.js';
import { Secret, TOTP } from 'otpauth';

export const PASSWORD = 'a long enough passphrase 1';
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

let ip = 0;
/** A fresh client address per sign-in, so lockouts and per-address limits never meet. */
export const nextIp = () => `10.88.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`;

export function inviteToken(text: string): string {
  const m = /\/portal\/accept-invite\?token=(inv_[A-Za-z0-9]+)/.exec(text);
  assert.ok(m, `no invitation link in: ${text}`);
  return m[1];
}

export interface Signed {
  id: string;
  email: string;
  token: string;
}

export async function login(t: TestApp, email: string, password = PASSWORD): Promise<LightMyRequestResponse> {
  return t.inject({ method: 'POST', url: '/api/auth/partner/login', payload: { email, password }, remoteAddress: nextIp() });
}

export async function ownerAccount(t: TestApp): Promise<{ partner: TestPartner; owner: Signed }> {
  const partner = await t.partner({ passwordHash: await hashPassword(PASSWORD) });
  const res = await login(t, partner.email);
  assert.equal(res.statusCode, 200, res.body);
  const me = await t.inject({ method: 'GET', url: '/api/auth/partner/me', headers: bearer(res.json().token) });
  assert.equal(me.statusCode, 200, me.body);
  return { partner, owner: { id: me.json().member.id, email: partner.email, token: res.json().token } };
}

/** Invites `role` as `by`, reads the link from the outbox (as an administrator would) and accepts it. */
export async function addMember(t: TestApp, adminToken: string, by: Signed, role: 'admin' | 'developer' | 'viewer', name = `Member ${role}`): Promise<Signed> {
  const email = `m_${randomBase62(8).toLowerCase()}@example.com`;
  const inv = await t.inject({ method: 'POST', url: '/api/partners/me/members', headers: bearer(by.token), payload: { email, role } });
  assert.equal(inv.statusCode, 201, inv.body);
  const mail = (await outbox(t, adminToken, 'member_invitation')).find((m) => m.to === email);
  assert.ok(mail, 'the invitation was mailed');
  const acc = await t.inject({
    method: 'POST',
    url: '/api/auth/partner/accept-invite',
    payload: { token: inviteToken(mail.text), password: PASSWORD, name },
    remoteAddress: nextIp(),
  });
  assert.equal(acc.statusCode, 200, acc.body);
  return { id: inv.json().id, email, token: acc.json().token };
}

/** The authenticator app's code of `secret` at `ms`, as an app computes it. */
export function totpCode(secret: string, ms: number): string {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: ms });
}

/** Sets up and confirms an authenticator app for the session's member at the clock's time; answers its secret. */
export async function enrolTotp(t: TestApp, now: () => number, token: string): Promise<string> {
  const setup = await t.inject({ method: 'POST', url: '/api/auth/partner/mfa/totp/setup', headers: bearer(token) });
  assert.equal(setup.statusCode, 200, setup.body);
  const secret = (setup.json() as { secret: string }).secret;
  const confirm = await t.inject({ method: 'POST', url: '/api/auth/partner/mfa/totp/confirm', headers: bearer(token), payload: { code: totpCode(secret, now()) } });
  assert.equal(confirm.statusCode, 200, confirm.body);
  return secret;
}

/** The app a suite's tests share: built before them on a stopped clock, with the administrator signed in, and closed after them. */
export interface SuiteApp {
  readonly t: TestApp;
  readonly adminToken: string;
  readonly clock: TestClock;
}

/** Call inside a describe(): registers the suite's before/after hooks; `t` and `adminToken` are there once the tests run. */
export function suiteApp(start = '2026-05-04T09:00:10Z'): SuiteApp {
  const clock = new TestClock(Date.parse(start));
  let t: TestApp | undefined;
  let adminToken: string | undefined;
  before(async () => {
    t = await buildTestApp({ clock });
    adminToken = (await t.admin()).token;
  });
  after(() => t?.close());
  return {
    clock,
    get t() {
      assert.ok(t, 'the suite app is built in before()');
      return t;
    },
    get adminToken() {
      assert.ok(adminToken !== undefined, 'the suite app is built in before()');
      return adminToken;
    },
  };
}
