/**
 * Passkeys through the HTTP interface, with a software authenticator: registration, the second step of a password
 * sign-in, the password-less sign-in, and every refusal (a challenge not handed out, a replay, a counter that went
 * back, another account's passkey, an expired challenge, hostile answers); members and administrators alike, on
 * whichever database the run uses.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildTestApp } from '../helpers/app.js';
import { PASSWORD, addMember, bearer, login, nextIp, ownerAccount, suiteApp } from '../members/helpers.js';
import { SoftAuthenticator } from './authenticator.js';

const ORIGIN = 'http://localhost:8000';
const ADMIN_PASSWORD = 'admin-password-1';

describe('passkeys', () => {
  const s = suiteApp();
  const { clock } = s;

  async function register(role: 'partner' | 'admin', token: string, auth: SoftAuthenticator, name?: string) {
    const opts = await s.t.inject({ method: 'POST', url: `/api/auth/${role}/mfa/passkeys/options`, headers: bearer(token) });
    assert.equal(opts.statusCode, 200, opts.body);
    const response = auth.create(opts.json());
    const res = await s.t.inject({ method: 'POST', url: `/api/auth/${role}/mfa/passkeys`, headers: bearer(token), payload: { response, ...(name ? { name } : {}) } });
    assert.equal(res.statusCode, 201, res.body);
    return res.json() as { id: string; name: string };
  }

  async function passwordless(role: 'partner' | 'admin', auth: SoftAuthenticator, opts: Parameters<SoftAuthenticator['get']>[1] = {}, from = nextIp()) {
    const o = await s.t.inject({ method: 'POST', url: `/api/auth/${role}/login/passkey/options`, remoteAddress: from });
    assert.equal(o.statusCode, 200, o.body);
    const response = auth.get(o.json(), opts);
    const res = await s.t.inject({ method: 'POST', url: `/api/auth/${role}/login/passkey`, payload: { response }, remoteAddress: from });
    return { res, response };
  }

  async function auditActions(actorId: string): Promise<{ action: string; details: Record<string, unknown> }[]> {
    const rows = await s.t.deps.database.db.selectFrom('audit_log').select(['action', 'details']).where('actor_id', '=', actorId).orderBy('id').execute();
    return rows.map((r) => ({ action: r.action, details: JSON.parse(r.details as string) as Record<string, unknown> }));
  }

  it('a member registers a passkey: it is listed, counts as the second factor, and the password sign-in finishes with it', async () => {
    const { owner } = await ownerAccount(s.t);
    const auth = new SoftAuthenticator(ORIGIN);
    const pk = await register('partner', owner.token, auth, 'Laptop');
    assert.equal(pk.name, 'Laptop');

    const list = await s.t.inject({ method: 'GET', url: '/api/auth/partner/mfa/passkeys', headers: bearer(owner.token) });
    assert.equal(list.statusCode, 200, list.body);
    assert.equal(list.json().count, 1);
    assert.equal(list.json().items[0].last_used_at, null);
    const me = await s.t.inject({ method: 'GET', url: '/api/auth/partner/me', headers: bearer(owner.token) });
    assert.equal(me.json().mfa_enabled, true);
    const members = await s.t.inject({ method: 'GET', url: '/api/partners/me/members', headers: bearer(owner.token) });
    assert.equal((members.json().items as { id: string; mfa_enabled: boolean }[]).find((m) => m.id === owner.id)?.mfa_enabled, true);

    const first = await login(s.t, owner.email);
    assert.equal(first.statusCode, 401, first.body);
    assert.equal(first.json().code, 'mfa_required');
    assert.deepEqual(first.json().factors, ['passkey']);
    const from = nextIp();
    const o = await s.t.inject({ method: 'POST', url: '/api/auth/partner/login/mfa/passkey/options', payload: { mfa_token: first.json().mfa_token }, remoteAddress: from });
    assert.equal(o.statusCode, 200, o.body);
    assert.equal(o.json().allowCredentials.length, 1);
    const response = auth.get(o.json());
    const second = await s.t.inject({ method: 'POST', url: '/api/auth/partner/login/mfa/passkey', payload: { mfa_token: first.json().mfa_token, response }, remoteAddress: from });
    assert.equal(second.statusCode, 200, second.body);
    const after2 = await s.t.inject({ method: 'GET', url: '/api/auth/partner/me', headers: bearer(second.json().token) });
    assert.equal(after2.json().member.id, owner.id);
    assert.equal(after2.json().session_method, 'password');

    // The same answer again: its challenge (and the mfa_token) are used.
    const replay = await s.t.inject({ method: 'POST', url: '/api/auth/partner/login/mfa/passkey', payload: { mfa_token: first.json().mfa_token, response }, remoteAddress: from });
    assert.equal(replay.statusCode, 401, replay.body);
    assert.equal(replay.json().code, 'mfa_token_invalid');

    const listed = await s.t.inject({ method: 'GET', url: '/api/auth/partner/mfa/passkeys', headers: bearer(owner.token) });
    assert.ok(listed.json().items[0].last_used_at);
    const audit = (await auditActions(owner.id)).map((a) => a.action);
    assert.ok(audit.includes('passkey.register'));
    assert.ok(audit.includes('passkey.sign_in'));
  });

  it('password-less: a discoverable passkey with user verification opens a `passkey` session; a replayed answer is refused', async () => {
    const { owner } = await ownerAccount(s.t);
    const auth = new SoftAuthenticator(ORIGIN);
    await register('partner', owner.token, auth);
    const { res, response } = await passwordless('partner', auth);
    assert.equal(res.statusCode, 200, res.body);
    assert.match(String(res.headers['set-cookie']), /svc_session=/);
    const me = await s.t.inject({ method: 'GET', url: '/api/auth/partner/me', headers: bearer(res.json().token) });
    assert.equal(me.json().session_method, 'passkey');
    assert.equal(me.json().member.id, owner.id);
    const sessions = await s.t.inject({ method: 'GET', url: '/api/auth/partner/sessions', headers: bearer(res.json().token) });
    assert.equal((sessions.json().items as { current: boolean; method: string }[]).find((s) => s.current)?.method, 'passkey');
    const signIn = (await auditActions(owner.id)).find((a) => a.action === 'passkey.sign_in');
    assert.equal(signIn?.details.as, 'passwordless');

    const replay = await s.t.inject({ method: 'POST', url: '/api/auth/partner/login/passkey', payload: { response }, remoteAddress: nextIp() });
    assert.equal(replay.statusCode, 401, replay.body);
    assert.equal(replay.json().code, 'passkey_invalid');

    // Without user verification a passkey is one factor only: refused.
    const noUv = await passwordless('partner', auth, { uv: false });
    assert.equal(noUv.res.statusCode, 401, noUv.res.body);
    assert.equal(noUv.res.json().code, 'passkey_invalid');
  });

  it('refuses an answer to a challenge the service did not hand out, and one past its 5 minutes', async () => {
    const { owner } = await ownerAccount(s.t);
    const auth = new SoftAuthenticator(ORIGIN);
    // Registration with a made-up challenge: 400.
    const opts = await s.t.inject({ method: 'POST', url: '/api/auth/partner/mfa/passkeys/options', headers: bearer(owner.token) });
    const forged = auth.create({ ...opts.json(), challenge: Buffer.from('not handed out by the service').toString('base64url') });
    const reg = await s.t.inject({ method: 'POST', url: '/api/auth/partner/mfa/passkeys', headers: bearer(owner.token), payload: { response: forged } });
    assert.equal(reg.statusCode, 400, reg.body);
    assert.equal(reg.json().code, 'bad_request');
    await register('partner', owner.token, auth);

    const from = nextIp();
    const o = await s.t.inject({ method: 'POST', url: '/api/auth/partner/login/passkey/options', remoteAddress: from });
    const wrong = auth.get(o.json(), { challenge: Buffer.from('another challenge').toString('base64url') });
    const r1 = await s.t.inject({ method: 'POST', url: '/api/auth/partner/login/passkey', payload: { response: wrong }, remoteAddress: from });
    assert.equal(r1.statusCode, 401, r1.body);
    assert.equal(r1.json().code, 'passkey_invalid');

    const o2 = await s.t.inject({ method: 'POST', url: '/api/auth/partner/login/passkey/options', remoteAddress: from });
    clock.advance(5 * 60_000 + 1);
    const late = await s.t.inject({ method: 'POST', url: '/api/auth/partner/login/passkey', payload: { response: auth.get(o2.json()) }, remoteAddress: from });
    assert.equal(late.statusCode, 401, late.body);
    assert.match(late.json().detail, /expired/);
  });

  it('refuses and audits a signature counter that went back (a copied authenticator)', async () => {
    const { owner } = await ownerAccount(s.t);
    const auth = new SoftAuthenticator(ORIGIN);
    await register('partner', owner.token, auth);
    assert.equal((await passwordless('partner', auth)).res.statusCode, 200);
    assert.equal((await passwordless('partner', auth)).res.statusCode, 200);
    const clone = await passwordless('partner', auth, { counter: 1 });
    assert.equal(clone.res.statusCode, 401, clone.res.body);
    assert.equal(clone.res.json().code, 'passkey_invalid');
    const entry = (await auditActions(owner.id)).find((a) => a.action === 'passkey.counter_regression');
    assert.ok(entry, 'audited');
    assert.equal(entry.details.stored_counter, 2);
    assert.equal(entry.details.answered_counter, 1);
    // The real authenticator goes on.
    assert.equal((await passwordless('partner', auth)).res.statusCode, 200);
  });

  it("refuses another member's passkey in a sign-in's second step, and a member's passkey at the administrator sign-in", async () => {
    const { owner } = await ownerAccount(s.t);
    const dev = await addMember(s.t, s.adminToken, owner, 'developer');
    const ownerAuth = new SoftAuthenticator(ORIGIN);
    const devAuth = new SoftAuthenticator(ORIGIN);
    await register('partner', owner.token, ownerAuth);
    await register('partner', dev.token, devAuth);

    const first = await login(s.t, owner.email);
    assert.equal(first.json().code, 'mfa_required');
    const from = nextIp();
    const o = await s.t.inject({ method: 'POST', url: '/api/auth/partner/login/mfa/passkey/options', payload: { mfa_token: first.json().mfa_token }, remoteAddress: from });
    const foreign = devAuth.get(o.json(), { passkey: devAuth.passkeys[0] });
    const r = await s.t.inject({ method: 'POST', url: '/api/auth/partner/login/mfa/passkey', payload: { mfa_token: first.json().mfa_token, response: foreign }, remoteAddress: from });
    assert.equal(r.statusCode, 401, r.body);
    assert.equal(r.json().code, 'passkey_invalid');

    const asAdmin = await passwordless('admin', devAuth);
    assert.equal(asAdmin.res.statusCode, 401, asAdmin.res.body);
    assert.equal(asAdmin.res.json().code, 'passkey_invalid');
  });

  it('an administrator: registration while held to nothing, the second step, password-less, and the console guard counts it', async () => {
    const admin = await s.t.admin();
    const auth = new SoftAuthenticator(ORIGIN);
    await register('admin', admin.token, auth, 'Security key');
    const me = await s.t.inject({ method: 'GET', url: '/api/auth/admin/me', headers: bearer(admin.token) });
    assert.equal(me.json().mfa_enabled, true);

    const first = await s.t.inject({ method: 'POST', url: '/api/auth/admin/login', payload: { email: admin.email, password: ADMIN_PASSWORD }, remoteAddress: nextIp() });
    assert.equal(first.statusCode, 401, first.body);
    assert.deepEqual(first.json().factors, ['passkey']);
    const from = nextIp();
    const o = await s.t.inject({ method: 'POST', url: '/api/auth/admin/login/mfa/passkey/options', payload: { mfa_token: first.json().mfa_token }, remoteAddress: from });
    assert.equal(o.statusCode, 200, o.body);
    const second = await s.t.inject({ method: 'POST', url: '/api/auth/admin/login/mfa/passkey', payload: { mfa_token: first.json().mfa_token, response: auth.get(o.json()) }, remoteAddress: from });
    assert.equal(second.statusCode, 200, second.body);
    assert.equal(second.json().admin.id, admin.id);

    const pl = await passwordless('admin', auth);
    assert.equal(pl.res.statusCode, 200, pl.res.body);
    const sessions = await s.t.inject({ method: 'GET', url: '/api/auth/admin/sessions', headers: bearer(pl.res.json().token) });
    assert.equal((sessions.json().items as { current: boolean; method: string }[]).find((s) => s.current)?.method, 'passkey');
    const login = (await auditActions(admin.id)).filter((a) => a.action === 'admin.login').map((a) => a.details);
    assert.ok(login.some((d) => d.method === 'passkey' && d.second_factor === 'passkey'));

    // A member's passkey on the partner sign-in of this administrator's passkey: unknown there.
    const asPartner = await passwordless('partner', auth);
    assert.equal(asPartner.res.statusCode, 401, asPartner.res.body);
  });

  it('ADMIN_REQUIRE_MFA: an administrator without a factor may register a passkey, which lifts the hold', async () => {
    const t2 = await buildTestApp({ env: { ADMIN_REQUIRE_MFA: 'true' } });
    try {
      const admin = await t2.admin();
      const held = await t2.inject({ method: 'GET', url: '/api/admin/partners', headers: bearer(admin.token) });
      assert.equal(held.statusCode, 403, held.body);
      assert.equal(held.json().code, 'mfa_enrolment_required');
      const opts = await t2.inject({ method: 'POST', url: '/api/auth/admin/mfa/passkeys/options', headers: bearer(admin.token) });
      assert.equal(opts.statusCode, 200, opts.body);
      const auth = new SoftAuthenticator(ORIGIN);
      const reg = await t2.inject({ method: 'POST', url: '/api/auth/admin/mfa/passkeys', headers: bearer(admin.token), payload: { response: auth.create(opts.json()) } });
      assert.equal(reg.statusCode, 201, reg.body);
      const lifted = await t2.inject({ method: 'GET', url: '/api/admin/partners', headers: bearer(admin.token) });
      assert.equal(lifted.statusCode, 200, lifted.body);

      // Removing it (with the password), as turning TOTP off: the hold comes back.
      const rm = await t2.inject({ method: 'DELETE', url: `/api/auth/admin/mfa/passkeys/${reg.json().id}`, headers: bearer(admin.token), payload: { password: ADMIN_PASSWORD }, remoteAddress: nextIp() });
      assert.equal(rm.statusCode, 200, rm.body);
      assert.equal(rm.json().mfa_enabled, false);
      const again = await t2.inject({ method: 'GET', url: '/api/admin/partners', headers: bearer(admin.token) });
      assert.equal(again.statusCode, 403, again.body);
    } finally {
      await t2.close();
    }
  });

  it('ADMIN_PASSWORD_LOGIN=false: single sign-on is the only way into the console, a passkey too is refused (403)', async () => {
    const t2 = await buildTestApp({
      env: {
        ADMIN_PASSWORD_LOGIN: 'false',
        ADMIN_OIDC_ISSUER: 'http://127.0.0.1:9/issuer',
        ADMIN_OIDC_CLIENT_ID: 'svc',
        ADMIN_OIDC_CLIENT_SECRET: 'a client secret of the test',
        ADMIN_OIDC_ALLOWED_EMAILS: '*@example.com',
      },
    });
    try {
      const admin = await t2.admin();
      const auth = new SoftAuthenticator(ORIGIN);
      const opts = await t2.inject({ method: 'POST', url: '/api/auth/admin/mfa/passkeys/options', headers: bearer(admin.token) });
      const reg = await t2.inject({ method: 'POST', url: '/api/auth/admin/mfa/passkeys', headers: bearer(admin.token), payload: { response: auth.create(opts.json()) } });
      assert.equal(reg.statusCode, 201, reg.body);
      const o = await t2.inject({ method: 'POST', url: '/api/auth/admin/login/passkey/options', remoteAddress: nextIp() });
      const r = await t2.inject({ method: 'POST', url: '/api/auth/admin/login/passkey', payload: { response: auth.get(o.json()) }, remoteAddress: nextIp() });
      assert.equal(r.statusCode, 403, r.body);
      assert.equal(r.json().code, 'password_login_disabled');
    } finally {
      await t2.close();
    }
  });

  it('rename and remove (audited); a wrong password is refused; a removed member\'s passkeys are gone', async () => {
    const { owner } = await ownerAccount(s.t);
    const viewer = await addMember(s.t, s.adminToken, owner, 'viewer');
    const auth = new SoftAuthenticator(ORIGIN);
    const pk = await register('partner', viewer.token, auth);

    const ren = await s.t.inject({ method: 'PATCH', url: `/api/auth/partner/mfa/passkeys/${pk.id}`, headers: bearer(viewer.token), payload: { name: 'Phone' } });
    assert.equal(ren.statusCode, 200, ren.body);
    assert.equal(ren.json().name, 'Phone');
    const bad = await s.t.inject({ method: 'PATCH', url: `/api/auth/partner/mfa/passkeys/${pk.id}`, headers: bearer(viewer.token), payload: { name: 'a\u0000b' } });
    assert.equal(bad.statusCode, 422, bad.body);
    const long = await s.t.inject({ method: 'PATCH', url: `/api/auth/partner/mfa/passkeys/${pk.id}`, headers: bearer(viewer.token), payload: { name: 'x'.repeat(65) } });
    assert.equal(long.statusCode, 422, long.body);
    const bidi = await s.t.inject({ method: 'PATCH', url: `/api/auth/partner/mfa/passkeys/${pk.id}`, headers: bearer(viewer.token), payload: { name: 'a\u202eb' } });
    assert.equal(bidi.statusCode, 422, bidi.body);
    // Another member's passkey id is not found.
    const other = await s.t.inject({ method: 'PATCH', url: `/api/auth/partner/mfa/passkeys/${pk.id}`, headers: bearer(owner.token), payload: { name: 'Mine' } });
    assert.equal(other.statusCode, 404, other.body);

    const wrong = await s.t.inject({ method: 'DELETE', url: `/api/auth/partner/mfa/passkeys/${pk.id}`, headers: bearer(viewer.token), payload: { password: 'wrong' }, remoteAddress: nextIp() });
    assert.equal(wrong.statusCode, 401, wrong.body);
    assert.equal(wrong.json().code, 'invalid_credentials');
    const second = await register('partner', viewer.token, auth);
    const rm = await s.t.inject({ method: 'DELETE', url: `/api/auth/partner/mfa/passkeys/${second.id}`, headers: bearer(viewer.token), payload: { password: PASSWORD }, remoteAddress: nextIp() });
    assert.equal(rm.statusCode, 200, rm.body);
    assert.equal(rm.json().mfa_enabled, true);
    const actions = (await auditActions(viewer.id)).map((a) => a.action);
    assert.ok(actions.includes('passkey.rename') && actions.includes('passkey.remove'));

    // The member leaves: its passkey no longer signs in, and nothing of it is kept.
    const gone = await s.t.inject({ method: 'DELETE', url: `/api/partners/me/members/${viewer.id}`, headers: bearer(owner.token) });
    assert.equal(gone.statusCode, 200, gone.body);
    const left = await s.t.deps.database.db.selectFrom('passkey_credentials').select('id').where('subject_id', '=', viewer.id).execute();
    assert.equal(left.length, 0);
    const pl = await passwordless('partner', auth, { passkey: auth.passkeys[0] });
    assert.equal(pl.res.statusCode, 401, pl.res.body);
  });

  it('a session opened with an API key cannot register one (403)', async () => {
    const { partner } = await ownerAccount(s.t);
    const k = await s.t.inject({ method: 'POST', url: '/api/auth/partner/key-login', payload: { key: partner.testKey }, remoteAddress: nextIp() });
    const r = await s.t.inject({ method: 'POST', url: '/api/auth/partner/mfa/passkeys/options', headers: bearer(k.json().token) });
    assert.equal(r.statusCode, 403, r.body);
  });

  it('hostile answers are a 4xx JSON body, never a 500', async () => {
    const { owner } = await ownerAccount(s.t);
    const auth = new SoftAuthenticator(ORIGIN);
    await register('partner', owner.token, auth);
    const o = await s.t.inject({ method: 'POST', url: '/api/auth/partner/login/passkey/options', remoteAddress: nextIp() });
    const good = auth.get(o.json());
    let deep: unknown = 1;
    for (let i = 0; i < 10; i++) deep = { a: deep };
    const cases: unknown[] = [
      null,
      'string',
      {},
      { ...good, type: 'other' },
      { ...good, response: { ...good.response, clientDataJSON: '!!!not base64!!!' } },
      { ...good, response: { ...good.response, clientDataJSON: Buffer.from('not json').toString('base64url') } },
      { ...good, response: { ...good.response, clientDataJSON: Buffer.from('{"challenge": 5}').toString('base64url') } },
      { ...good, response: { ...good.response, authenticatorData: 'AAAA' } },
      { ...good, response: { ...good.response, signature: 'AAAA' } },
      { ...good, response: { ...good.response, clientDataJSON: 'A'.repeat(9000) } },
      { ...good, clientExtensionResults: deep },
      { ...good, id: 'x'.repeat(2000) },
      { ...good, extra: true },
    ];
    for (const response of cases) {
      const r = await s.t.inject({ method: 'POST', url: '/api/auth/partner/login/passkey', payload: { response }, remoteAddress: nextIp() });
      assert.ok(r.statusCode >= 400 && r.statusCode < 500, `${r.statusCode} ${r.body}`);
      assert.ok(typeof r.json().code === 'string', r.body);
    }
    const big = await s.t.inject({ method: 'POST', url: '/api/auth/partner/login/passkey', payload: { response: { ...good, pad: 'x'.repeat(70_000) } }, remoteAddress: nextIp() });
    assert.equal(big.statusCode, 413, big.body);
    // Registration: a garbage attestation object.
    const opts = await s.t.inject({ method: 'POST', url: '/api/auth/partner/mfa/passkeys/options', headers: bearer(owner.token) });
    const created = auth.create(opts.json());
    const garbage = { ...created, response: { ...created.response, attestationObject: Buffer.from('garbage').toString('base64url') } };
    const reg = await s.t.inject({ method: 'POST', url: '/api/auth/partner/mfa/passkeys', headers: bearer(owner.token), payload: { response: garbage } });
    assert.equal(reg.statusCode, 400, reg.body);
    const malformedToken = await s.t.inject({ method: 'POST', url: '/api/auth/partner/login/mfa/passkey/options', payload: { mfa_token: 'bad token!' }, remoteAddress: nextIp() });
    assert.equal(malformedToken.statusCode, 422, malformedToken.body);
  });
});
