import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PASSWORD, addMember, bearer, enrolTotp, login, nextIp, ownerAccount, totpCode as code, suiteApp } from './helpers.js';

describe("a member's second factor", () => {
  const s = suiteApp();
  const { clock } = s;

  const enrol = (token: string) => enrolTotp(s.t, () => clock.now(), token);

  it("belongs to the member who sets it up: a viewer's sign-in needs its code and opens the viewer's session; the owner's does not", async () => {
    const { owner } = await ownerAccount(s.t);
    const viewer = await addMember(s.t, s.adminToken, owner, 'viewer');
    const secret = await enrol(viewer.token);

    const me = await s.t.inject({ method: 'GET', url: '/api/auth/partner/me', headers: bearer(viewer.token) });
    assert.equal(me.json().mfa_enabled, true);
    assert.equal(me.json().role, 'viewer');
    const ownerMe = await s.t.inject({ method: 'GET', url: '/api/auth/partner/me', headers: bearer(owner.token) });
    assert.equal(ownerMe.json().mfa_enabled, false);

    const list = await s.t.inject({ method: 'GET', url: '/api/partners/me/members', headers: bearer(owner.token) });
    assert.equal(list.statusCode, 200, list.body);
    const byId = new Map((list.json().items as { id: string; mfa_enabled: boolean }[]).map((m) => [m.id, m.mfa_enabled]));
    assert.equal(byId.get(viewer.id), true);
    assert.equal(byId.get(owner.id), false);

    // The owner signs in with the password alone.
    assert.equal((await login(s.t, owner.email)).statusCode, 200);

    const first = await login(s.t, viewer.email);
    assert.equal(first.statusCode, 401, first.body);
    assert.equal(first.json().code, 'mfa_required');
    clock.advance(31_000);
    const second = await s.t.inject({
      method: 'POST',
      url: '/api/auth/partner/login/mfa',
      payload: { mfa_token: first.json().mfa_token, code: code(secret, clock.now()) },
      remoteAddress: nextIp(),
    });
    assert.equal(second.statusCode, 200, second.body);
    const after2 = await s.t.inject({ method: 'GET', url: '/api/auth/partner/me', headers: bearer(second.json().token) });
    assert.equal(after2.json().member.id, viewer.id);
    assert.equal(after2.json().role, 'viewer');
    // Still a viewer: the role table holds after the second step.
    const keys = await s.t.inject({ method: 'GET', url: '/api/partners/me/api-keys', headers: bearer(second.json().token) });
    assert.equal(keys.statusCode, 403, keys.body);
    assert.equal(keys.json().code, 'role_forbidden');
  });

  it("the owner's factor does not gate another member's sign-in; a wrong code is 401 with a detail", async () => {
    const { owner } = await ownerAccount(s.t);
    const dev = await addMember(s.t, s.adminToken, owner, 'developer');
    const secret = await enrol(owner.token);
    assert.equal((await login(s.t, dev.email)).statusCode, 200);
    const first = await login(s.t, owner.email, PASSWORD);
    assert.equal(first.json().code, 'mfa_required');
    const bad = await s.t.inject({ method: 'POST', url: '/api/auth/partner/login/mfa', payload: { mfa_token: first.json().mfa_token, code: '000000' === code(secret, clock.now()) ? '111111' : '000000' }, remoteAddress: nextIp() });
    assert.equal(bad.statusCode, 401, bad.body);
    assert.equal(bad.json().code, 'mfa_code_invalid');
    assert.ok(bad.json().detail);
  });

  it('a session opened by pasting a key cannot set up a factor (403); no session is 401', async () => {
    const { partner } = await ownerAccount(s.t);
    const k = await s.t.inject({ method: 'POST', url: '/api/auth/partner/key-login', payload: { key: partner.testKey }, remoteAddress: nextIp() });
    assert.equal(k.statusCode, 200, k.body);
    const setup = await s.t.inject({ method: 'POST', url: '/api/auth/partner/mfa/totp/setup', headers: bearer(k.json().token) });
    assert.equal(setup.statusCode, 403, setup.body);
    const none = await s.t.inject({ method: 'POST', url: '/api/auth/partner/mfa/totp/setup' });
    assert.equal(none.statusCode, 401, none.body);
  });
});
