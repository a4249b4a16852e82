/**
 * The owner's rule that every member has a second factor (GET/PATCH /api/partners/me/security), a removed member's
 * factor, and when each member last signed in.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { TestPartner } from '../helpers/app.js';
import { signUp } from '../helpers/signup.js';
import { randomBase62 } from '../../src/lib/crypto.js';
import { PASSWORD, addMember, bearer, enrolTotp, login, nextIp, ownerAccount, suiteApp, totpCode as code, type Signed } from './helpers.js';

describe('requiring a second factor of every member', () => {
  const s = suiteApp();
  const { clock } = s;

  const security = (token: string) => s.t.inject({ method: 'GET', url: '/api/partners/me/security', headers: bearer(token) });
  const setSecurity = (token: string, payload: unknown) => s.t.inject({ method: 'PATCH', url: '/api/partners/me/security', headers: bearer(token), payload: payload as object });

  // A step past the last code used, so one enrolment's code is never a replay of the one before.
  const enrol = (token: string) => enrolTotp(s.t, () => (clock.advance(31_000), clock.now()), token);

  /** An account whose owner has a factor and has turned the rule on, and a developer without one. */
  async function requiringAccount(): Promise<{ partner: TestPartner; owner: Signed; dev: Signed; ownerSecret: string }> {
    const { partner, owner } = await ownerAccount(s.t);
    const dev = await addMember(s.t, s.adminToken, owner, 'developer');
    const ownerSecret = await enrol(owner.token);
    const on = await setSecurity(owner.token, { require_mfa: true });
    assert.equal(on.statusCode, 200, on.body);
    return { partner, owner, dev, ownerSecret };
  }

  it('the owner turns it on and off; GET shows it and counts the members without a factor; each change is audited', async () => {
    const { owner } = await ownerAccount(s.t);
    const dev = await addMember(s.t, s.adminToken, owner, 'developer');
    const before0 = await security(dev.token);
    assert.equal(before0.statusCode, 200, before0.body);
    assert.deepEqual(before0.json(), { require_mfa: false, members_without_mfa: 2 });

    await enrol(owner.token);
    const on = await setSecurity(owner.token, { require_mfa: true });
    assert.equal(on.statusCode, 200, on.body);
    assert.deepEqual(on.json(), { require_mfa: true, members_without_mfa: 1 });
    assert.equal((await security(owner.token)).json().require_mfa, true);
    // Asking again for what is already so changes nothing and writes nothing.
    assert.equal((await setSecurity(owner.token, { require_mfa: true })).statusCode, 200);

    const off = await setSecurity(owner.token, { require_mfa: false });
    assert.equal(off.statusCode, 200, off.body);
    assert.equal(off.json().require_mfa, false);

    const entries = await s.t.deps.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_type', 'actor_id', 'target_id', 'details'])
      .where('action', '=', 'partner.security_change')
      .where('actor_id', '=', owner.id)
      .orderBy('id')
      .execute();
    assert.equal(entries.length, 2);
    assert.equal(entries[0].actor_type, 'member');
    const details = entries.map((e) => (typeof e.details === 'string' ? JSON.parse(e.details) : e.details) as { require_mfa: { from: boolean; to: boolean } });
    assert.deepEqual(details.map((d) => d.require_mfa), [
      { from: false, to: true },
      { from: true, to: false },
    ]);
  });

  it('the owner cannot turn it on without a factor of their own (409, with a detail)', async () => {
    const { owner } = await ownerAccount(s.t);
    const res = await setSecurity(owner.token, { require_mfa: true });
    assert.equal(res.statusCode, 409, res.body);
    assert.equal(res.json().code, 'conflict');
    assert.match(res.json().detail, /your own second factor/);
    assert.equal((await security(owner.token)).json().require_mfa, false);
  });

  it('only the owner changes it: an admin, a developer and a key-opened session are 403 role_forbidden; anyone reads it', async () => {
    const { partner, owner } = await ownerAccount(s.t);
    await enrol(owner.token);
    const admin = await addMember(s.t, s.adminToken, owner, 'admin');
    const viewer = await addMember(s.t, s.adminToken, owner, 'viewer');
    for (const who of [admin, viewer]) {
      const res = await setSecurity(who.token, { require_mfa: true });
      assert.equal(res.statusCode, 403, res.body);
      assert.equal(res.json().code, 'role_forbidden');
      assert.match(res.json().detail, /needs the owner role/);
      assert.equal((await security(who.token)).statusCode, 200);
    }
    const key = await s.t.inject({ method: 'POST', url: '/api/auth/partner/key-login', payload: { key: partner.testKey }, remoteAddress: nextIp() });
    assert.equal(key.statusCode, 200, key.body);
    const byKey = await setSecurity(key.json().token, { require_mfa: true });
    assert.equal(byKey.statusCode, 403, byKey.body);
    assert.equal(byKey.json().code, 'role_forbidden');
    assert.equal((await security(owner.token)).json().require_mfa, false);
    const anonymous = await s.t.inject({ method: 'PATCH', url: '/api/partners/me/security', payload: { require_mfa: true } });
    assert.equal(anonymous.statusCode, 401, anonymous.body);
  });

  it('hostile bodies are 422 with a detail, never a 500', async () => {
    const { owner } = await ownerAccount(s.t);
    for (const payload of [{}, { require_mfa: 'yes' }, { require_mfa: 1 }, { require_mfa: null }, { require_mfa: true, extra: 1 }, []]) {
      const res = await setSecurity(owner.token, payload);
      assert.equal(res.statusCode, 422, `${JSON.stringify(payload)}: ${res.body}`);
      assert.ok(res.json().detail);
    }
    const text = await s.t.inject({ method: 'PATCH', url: '/api/partners/me/security', headers: { ...bearer(owner.token), 'content-type': 'application/json' }, payload: '{"require_mfa":' });
    assert.ok(text.statusCode >= 400 && text.statusCode < 500, text.body);
  });

  it('while on, a member without a factor signs in but may only enrol; enrolling lifts it at once; key sign-in is not held', async () => {
    const { partner, dev, owner } = await requiringAccount();
    const signedIn = await login(s.t, dev.email);
    assert.equal(signedIn.statusCode, 200, signedIn.body);
    const token = signedIn.json().token as string;

    const me = await s.t.inject({ method: 'GET', url: '/api/auth/partner/me', headers: bearer(token) });
    assert.equal(me.statusCode, 200, me.body);
    assert.equal(me.json().mfa_enrolment_required, true);
    assert.equal(me.json().mfa_enabled, false);

    for (const [method, url] of [
      ['GET', '/api/partners/me/api-keys'],
      ['GET', '/api/partners/me/members'],
      ['GET', '/api/partners/me/security'],
      ['GET', '/api/auth/partner/sessions'],
      ['POST', '/api/partners/me/webhooks/test'],
    ] as const) {
      const res = await s.t.inject({ method, url, headers: bearer(token) });
      assert.equal(res.statusCode, 403, `${method} ${url}: ${res.body}`);
      assert.equal(res.json().code, 'mfa_enrolment_required');
      assert.match(res.json().detail, /owner of this account requires one/);
    }
    // A session already open before the rule was turned on is held too (the guard reads the rule on every request).
    const held = await s.t.inject({ method: 'GET', url: '/api/partners/me/api-keys', headers: bearer(dev.token) });
    assert.equal(held.json().code, 'mfa_enrolment_required');

    // Pasting a key is another credential, with no member: not held.
    const key = await s.t.inject({ method: 'POST', url: '/api/auth/partner/key-login', payload: { key: partner.testKey }, remoteAddress: nextIp() });
    assert.equal(key.statusCode, 200, key.body);
    assert.equal((await s.t.inject({ method: 'GET', url: '/api/partners/me/api-keys', headers: bearer(key.json().token) })).statusCode, 200);
    const keyMe = await s.t.inject({ method: 'GET', url: '/api/auth/partner/me', headers: bearer(key.json().token) });
    assert.equal(keyMe.json().mfa_enrolment_required, false);

    // The owner, who has a factor, is not held.
    assert.equal((await s.t.inject({ method: 'GET', url: '/api/partners/me/api-keys', headers: bearer(owner.token) })).statusCode, 200);

    await enrol(token);
    const after1 = await s.t.inject({ method: 'GET', url: '/api/partners/me/api-keys', headers: bearer(token) });
    assert.equal(after1.statusCode, 200, after1.body);
    assert.equal((await s.t.inject({ method: 'GET', url: '/api/auth/partner/me', headers: bearer(token) })).json().mfa_enrolment_required, false);
    assert.equal((await security(owner.token)).json().members_without_mfa, 0);
  });

  it('turned off, the same member is free again at its next request', async () => {
    const { owner, dev } = await requiringAccount();
    assert.equal((await s.t.inject({ method: 'GET', url: '/api/partners/me/api-keys', headers: bearer(dev.token) })).statusCode, 403);
    assert.equal((await setSecurity(owner.token, { require_mfa: false })).statusCode, 200);
    const free = await s.t.inject({ method: 'GET', url: '/api/partners/me/api-keys', headers: bearer(dev.token) });
    assert.equal(free.statusCode, 200, free.body);
    assert.equal((await s.t.inject({ method: 'GET', url: '/api/auth/partner/me', headers: bearer(dev.token) })).json().mfa_enrolment_required, false);
  });

  it('an owner who turns their own factor off while it is on is held until enrolling again (and can then turn it off)', async () => {
    const { owner, ownerSecret } = await requiringAccount();
    clock.advance(31_000);
    const disable = await s.t.inject({ method: 'DELETE', url: '/api/auth/partner/mfa/totp', headers: bearer(owner.token), payload: { code: code(ownerSecret, clock.now()) }, remoteAddress: nextIp() });
    assert.equal(disable.statusCode, 200, disable.body);
    const held = await setSecurity(owner.token, { require_mfa: false });
    assert.equal(held.statusCode, 403, held.body);
    assert.equal(held.json().code, 'mfa_enrolment_required');
    await enrol(owner.token);
    assert.equal((await setSecurity(owner.token, { require_mfa: false })).statusCode, 200);
  });
});

describe("a removed member's second factor, and when members last signed in", () => {
  const s = suiteApp('2026-05-05T09:00:10Z');
  const { clock } = s;

  async function rows(memberId: string) {
    const db = s.t.deps.database.db;
    const count = async (table: 'mfa_factors' | 'mfa_recovery_codes' | 'mfa_challenges') =>
      (await db.selectFrom(table).select('id').where('subject_type', '=', 'member').where('subject_id', '=', memberId).execute()).length;
    return { factors: await count('mfa_factors'), codes: await count('mfa_recovery_codes'), challenges: await count('mfa_challenges') };
  }

  it('removing a member deletes its factor, recovery codes and open sign-in steps', async () => {
    const { owner } = await ownerAccount(s.t);
    const dev = await addMember(s.t, s.adminToken, owner, 'developer');
    const secret = await enrolTotp(s.t, () => clock.now(), dev.token);
    // A sign-in's second step left open.
    const first = await login(s.t, dev.email);
    assert.equal(first.json().code, 'mfa_required');
    assert.deepEqual(await rows(dev.id), { factors: 1, codes: 10, challenges: 1 });

    const removed = await s.t.inject({ method: 'DELETE', url: `/api/partners/me/members/${dev.id}`, headers: bearer(owner.token) });
    assert.equal(removed.statusCode, 200, removed.body);
    assert.deepEqual(await rows(dev.id), { factors: 0, codes: 0, challenges: 0 });
    // The open step no longer opens anything.
    clock.advance(31_000);
    const second = await s.t.inject({ method: 'POST', url: '/api/auth/partner/login/mfa', payload: { mfa_token: first.json().mfa_token, code: code(secret, clock.now()) }, remoteAddress: nextIp() });
    assert.equal(second.statusCode, 401, second.body);
    assert.equal(second.json().code, 'mfa_token_invalid');
  });

  /** The members list's last_sign_in_at of `id`, as the owner sees it. */
  async function lastSignIn(token: string, id: string): Promise<string | null> {
    const list = await s.t.inject({ method: 'GET', url: '/api/partners/me/members', headers: bearer(token) });
    assert.equal(list.statusCode, 200, list.body);
    const m = (list.json().items as { id: string; last_sign_in_at: string | null }[]).find((x) => x.id === id);
    assert.ok(m, `member ${id} is listed`);
    return m.last_sign_in_at;
  }

  it('signing up records the owner\'s sign-in: the list does not say never for the signed-in owner', async () => {
    const email = `su_${randomBase62(8).toLowerCase()}@example.com`;
    const res = await signUp(s.t, { email, password: PASSWORD, company_name: 'Signed Up Ltd', contact_name: 'Sam' }, nextIp());
    const token = res.json().token as string;
    const me = await s.t.inject({ method: 'GET', url: '/api/auth/partner/me', headers: bearer(token) });
    assert.equal(me.json().member.role, 'owner');
    assert.equal(await lastSignIn(token, me.json().member.id), new Date(clock.now()).toISOString());
  });

  it('a password sign-in, its second step and accepting an invitation each record the time', async () => {
    const { owner } = await ownerAccount(s.t);
    assert.equal(await lastSignIn(owner.token, owner.id), new Date(clock.now()).toISOString());
    clock.advance(60_000);
    const dev = await addMember(s.t, s.adminToken, owner, 'developer');
    assert.equal(await lastSignIn(owner.token, dev.id), new Date(clock.now()).toISOString());

    clock.advance(60_000);
    assert.equal((await login(s.t, dev.email)).statusCode, 200);
    assert.equal(await lastSignIn(owner.token, dev.id), new Date(clock.now()).toISOString());

    const secret = await enrolTotp(s.t, () => clock.now(), dev.token);
    clock.advance(60_000);
    const first = await login(s.t, dev.email);
    assert.equal(first.json().code, 'mfa_required');
    // The password step alone opens no session: nothing is recorded yet.
    assert.equal(await lastSignIn(owner.token, dev.id), new Date(clock.now() - 60_000).toISOString());
    clock.advance(31_000);
    const second = await s.t.inject({ method: 'POST', url: '/api/auth/partner/login/mfa', payload: { mfa_token: first.json().mfa_token, code: code(secret, clock.now()) }, remoteAddress: nextIp() });
    assert.equal(second.statusCode, 200, second.body);
    assert.equal(await lastSignIn(owner.token, dev.id), new Date(clock.now()).toISOString());
  });
});
