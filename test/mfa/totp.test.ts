/**
 * The second factor through the HTTP interface: enrolment, the sign-in's second step, replay, recovery codes,
 * the lockout, the mfa_token's failures, turning it off, new recovery codes, and authorization; partners and
 * administrators alike (the same module), on whichever database the run uses.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { TOTP, Secret } from 'otpauth';
import { hashPassword } from '../../src/lib/crypto.js';
import { buildTestApp, TestClock, type TestApp, type TestPartner } from '../helpers/app.js';

const PW = 'the right password 1';

/** The code an authenticator app shows for `secret` at `ms` (the same library, as an app computes it). */
function code(secret: string, ms: number): string {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: ms });
}

/** A code of `secret` that is not the right one now (nor one step either side). */
function wrongCode(secret: string, ms: number): string {
  const right = new Set([-30_000, 0, 30_000].map((d) => code(secret, ms + d)));
  for (let n = 0; ; n++) {
    const c = String(n).padStart(6, '0');
    if (!right.has(c)) return c;
  }
}

describe('second factor (TOTP and recovery codes)', () => {
  let t: TestApp;
  const clock = new TestClock(Date.parse('2026-05-04T09:00:10Z'));
  let ip = 0;
  /** Each scenario from its own address, so the address's lockout does not leak between them. */
  const nextIp = () => `10.77.${Math.floor(++ip / 250)}.${ip % 250}`;

  before(async () => {
    t = await buildTestApp({ clock });
  });
  after(() => t.close());

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  async function partnerWithPassword(): Promise<TestPartner> {
    return t.partner({ passwordHash: await hashPassword(PW) });
  }

  async function login(role: 'partner' | 'admin', email: string, password: string, from: string) {
    return t.inject({ method: 'POST', url: `/api/auth/${role}/login`, payload: { email, password }, remoteAddress: from });
  }

  async function loginMfa(role: 'partner' | 'admin', mfaToken: string, c: string, from: string) {
    return t.inject({ method: 'POST', url: `/api/auth/${role}/login/mfa`, payload: { mfa_token: mfaToken, code: c }, remoteAddress: from });
  }

  /** Sets up and confirms TOTP for the session; answers the secret and the recovery codes. */
  async function enrol(role: 'partner' | 'admin', token: string): Promise<{ secret: string; recovery: string[] }> {
    const setup = await t.inject({ method: 'POST', url: `/api/auth/${role}/mfa/totp/setup`, headers: bearer(token) });
    assert.equal(setup.statusCode, 200, setup.body);
    const { secret } = setup.json() as { secret: string };
    const confirm = await t.inject({
      method: 'POST',
      url: `/api/auth/${role}/mfa/totp/confirm`,
      headers: bearer(token),
      payload: { code: code(secret, clock.now()) },
    });
    assert.equal(confirm.statusCode, 200, confirm.body);
    return { secret, recovery: (confirm.json() as { recovery_codes: string[] }).recovery_codes };
  }

  /** A partner's factor is its owner member's: the member id its entries are written under. */
  async function ownerMemberId(partnerId: string): Promise<string> {
    const me = await t.inject({ method: 'GET', url: '/api/auth/partner/me', headers: bearer(await t.session('partner', partnerId)) });
    assert.equal(me.statusCode, 200, me.body);
    return (me.json() as { member: { id: string } }).member.id;
  }

  async function auditActions(actorId: string): Promise<string[]> {
    const admin = await t.admin();
    const r = await t.inject({ method: 'GET', url: `/api/admin/audit-log?actor_id=${actorId}&action=mfa.`, headers: bearer(admin.token) });
    assert.equal(r.statusCode, 200, r.body);
    return (r.json() as { items: { action: string }[] }).items.map((i) => i.action).reverse();
  }

  it('enrols: the set-up answers a secret, its URI and QR code; a code confirms it and answers ten recovery codes, once', async () => {
    const p = await partnerWithPassword();
    const token = await t.session('partner', p.id);
    const me0 = await t.inject({ method: 'GET', url: '/api/auth/partner/me', headers: bearer(token) });
    assert.equal(me0.json().mfa_enabled, false);

    const setup = await t.inject({ method: 'POST', url: '/api/auth/partner/mfa/totp/setup', headers: bearer(token) });
    assert.equal(setup.statusCode, 200, setup.body);
    assert.equal(setup.headers['cache-control'], 'no-store');
    const s = setup.json() as { otpauth_uri: string; secret: string; qr_svg: string };
    assert.match(s.secret, /^[A-Z2-7]{32}$/);
    const uri = new URL(s.otpauth_uri);
    assert.equal(uri.protocol, 'otpauth:');
    assert.equal(uri.searchParams.get('secret'), s.secret);
    assert.equal(uri.searchParams.get('digits'), '6');
    assert.equal(uri.searchParams.get('period'), '30');
    assert.equal(uri.searchParams.get('algorithm'), 'SHA1');
    assert.ok(decodeURIComponent(uri.pathname).includes(p.email));
    assert.match(s.qr_svg, /^<svg[\s\S]*<\/svg>\s*$/);
    assert.doesNotMatch(s.qr_svg, /<script/i);

    // Pending: signing in does not ask for it yet.
    assert.equal((await login('partner', p.email, PW, nextIp())).statusCode, 200);

    const wrong = await t.inject({ method: 'POST', url: '/api/auth/partner/mfa/totp/confirm', headers: bearer(token), payload: { code: wrongCode(s.secret, clock.now()) } });
    assert.equal(wrong.statusCode, 401);
    assert.equal(wrong.json().code, 'mfa_code_invalid');

    const confirm = await t.inject({ method: 'POST', url: '/api/auth/partner/mfa/totp/confirm', headers: bearer(token), payload: { code: code(s.secret, clock.now()) } });
    assert.equal(confirm.statusCode, 200, confirm.body);
    assert.equal(confirm.headers['cache-control'], 'no-store');
    const codes = (confirm.json() as { recovery_codes: string[] }).recovery_codes;
    assert.equal(codes.length, 10);
    assert.equal(new Set(codes).size, 10);
    for (const c of codes) assert.match(c, /^[0-9a-z]{4}-[0-9a-z]{4}-[0-9a-z]{4}$/);

    const me = await t.inject({ method: 'GET', url: '/api/auth/partner/me', headers: bearer(token) });
    assert.equal(me.json().mfa_enabled, true);
    const again = await t.inject({ method: 'POST', url: '/api/auth/partner/mfa/totp/setup', headers: bearer(token) });
    assert.equal(again.statusCode, 409);
    assert.equal(again.json().code, 'conflict');
    assert.deepEqual(await auditActions(await ownerMemberId(p.id)), ['mfa.enrol']);
  });

  it('signs in with a password and a code: 401 mfa_required with an mfa_token, then the session; a replayed code is refused', async () => {
    const p = await partnerWithPassword();
    const { secret } = await enrol('partner', await t.session('partner', p.id));
    clock.advance(30_000);
    const from = nextIp();

    const first = await login('partner', p.email, PW, from);
    assert.equal(first.statusCode, 401, first.body);
    const body = first.json() as { code: string; detail: string; mfa_token: string };
    assert.equal(body.code, 'mfa_required');
    assert.equal(typeof body.detail, 'string');
    assert.match(body.mfa_token, /^mfa_[0-9A-Za-z]{43}$/);
    assert.equal(first.headers['set-cookie'], undefined, 'no session before the code');
    // A wrong password is still the plain 401, with no token.
    const bad = await login('partner', p.email, 'not the password', from);
    assert.equal(bad.json().code, 'invalid_credentials');
    assert.equal(bad.json().mfa_token, undefined);

    const c = code(secret, clock.now());
    const done = await loginMfa('partner', body.mfa_token, c, from);
    assert.equal(done.statusCode, 200, done.body);
    assert.equal(done.headers['cache-control'], 'no-store');
    const session = done.json() as { token: string; partner: { id: string } };
    assert.equal(session.partner.id, p.id);
    assert.match(String(done.headers['set-cookie']), /svc_session=sess_/);
    const me = await t.inject({ method: 'GET', url: '/api/auth/partner/me', headers: bearer(session.token) });
    assert.equal(me.statusCode, 200);
    assert.equal(me.json().session_method, 'password');

    // The token worked once.
    const reused = await loginMfa('partner', body.mfa_token, c, from);
    assert.equal(reused.statusCode, 401);
    assert.equal(reused.json().code, 'mfa_token_invalid');

    // The same code with a new token, within its window: refused.
    const second = await login('partner', p.email, PW, from);
    const replay = await loginMfa('partner', second.json().mfa_token, c, from);
    assert.equal(replay.statusCode, 401);
    assert.equal(replay.json().code, 'mfa_code_invalid');
    assert.match(replay.json().detail, /used already/);
    // So is the previous step's code (still within the ±1 window, but older than the one used).
    const older = await loginMfa('partner', second.json().mfa_token, code(secret, clock.now() - 30_000), from);
    assert.equal(older.json().code, 'mfa_code_invalid');
    // The next step's code works.
    clock.advance(30_000);
    const next = await loginMfa('partner', second.json().mfa_token, code(secret, clock.now()), from);
    assert.equal(next.statusCode, 200, next.body);
  });

  it('a recovery code signs in once (audited), typed in any case and with or without hyphens', async () => {
    const p = await partnerWithPassword();
    const { recovery } = await enrol('partner', await t.session('partner', p.id));
    const from = nextIp();
    const t1 = (await login('partner', p.email, PW, from)).json().mfa_token as string;
    const ok = await loginMfa('partner', t1, recovery[3].toUpperCase().replace(/-/g, ' '), from);
    assert.equal(ok.statusCode, 200, ok.body);
    const t2 = (await login('partner', p.email, PW, from)).json().mfa_token as string;
    const again = await loginMfa('partner', t2, recovery[3], from);
    assert.equal(again.statusCode, 401);
    assert.equal(again.json().code, 'mfa_code_invalid');
    assert.equal((await loginMfa('partner', t2, recovery[4], from)).statusCode, 200);
    assert.deepEqual(await auditActions(await ownerMemberId(p.id)), ['mfa.enrol', 'mfa.recovery_code_used', 'mfa.recovery_code_used']);
  });

  it('five wrong codes lock the account like five wrong passwords (429 locked_out), for the right code and the password too', async () => {
    const p = await partnerWithPassword();
    const { secret } = await enrol('partner', await t.session('partner', p.id));
    clock.advance(30_000);
    const token = (await login('partner', p.email, PW, nextIp())).json().mfa_token as string;
    for (let i = 0; i < 5; i++) {
      const r = await loginMfa('partner', token, wrongCode(secret, clock.now()), nextIp());
      assert.equal(r.statusCode, 401, `attempt ${i + 1}: ${r.body}`);
      assert.equal(r.json().code, 'mfa_code_invalid');
    }
    const locked = await loginMfa('partner', token, code(secret, clock.now()), nextIp());
    assert.equal(locked.statusCode, 429, locked.body);
    assert.equal(locked.json().code, 'locked_out');
    assert.ok(Number(locked.headers['retry-after']) > 0);
    const pw = await login('partner', p.email, PW, nextIp());
    assert.equal(pw.statusCode, 429);
    // A right password between wrong codes does not clear them.
    clock.advance(15 * 60_000 + 1);
    const q = await partnerWithPassword();
    const { secret: s2 } = await enrol('partner', await t.session('partner', q.id));
    clock.advance(30_000);
    for (let i = 0; i < 4; i++) {
      const tk = (await login('partner', q.email, PW, nextIp())).json().mfa_token as string;
      assert.equal((await loginMfa('partner', tk, wrongCode(s2, clock.now()), nextIp())).statusCode, 401);
    }
    const tk = (await login('partner', q.email, PW, nextIp())).json().mfa_token as string;
    assert.equal((await loginMfa('partner', tk, wrongCode(s2, clock.now()), nextIp())).statusCode, 401);
    assert.equal((await login('partner', q.email, PW, nextIp())).statusCode, 429);
    clock.advance(15 * 60_000 + 1);
  });

  it('refuses an unknown, expired, used or other role\'s mfa_token', async () => {
    const p = await partnerWithPassword();
    const { secret } = await enrol('partner', await t.session('partner', p.id));
    clock.advance(30_000);
    const from = nextIp();
    const unknown = await loginMfa('partner', 'mfa_' + 'x'.repeat(43), code(secret, clock.now()), from);
    assert.equal(unknown.statusCode, 401);
    assert.equal(unknown.json().code, 'mfa_token_invalid');

    const token = (await login('partner', p.email, PW, from)).json().mfa_token as string;
    const asAdmin = await loginMfa('admin', token, code(secret, clock.now()), from);
    assert.equal(asAdmin.statusCode, 401);
    assert.equal(asAdmin.json().code, 'mfa_token_invalid');

    clock.advance(5 * 60_000 + 1);
    const expired = await loginMfa('partner', token, code(secret, clock.now()), from);
    assert.equal(expired.statusCode, 401);
    assert.equal(expired.json().code, 'mfa_token_expired');

    const bad = await t.inject({ method: 'POST', url: '/api/auth/partner/login/mfa', payload: { mfa_token: token }, remoteAddress: from });
    assert.equal(bad.statusCode, 422);
    const junk = await t.inject({ method: 'POST', url: '/api/auth/partner/login/mfa', payload: { mfa_token: 'mfa_<script>', code: '123456' }, remoteAddress: from });
    assert.equal(junk.statusCode, 422);
  });

  it('turns off with the password or a code; new recovery codes need a code and replace the old ones', async () => {
    const p = await partnerWithPassword();
    const token = await t.session('partner', p.id);
    const { secret, recovery } = await enrol('partner', token);
    clock.advance(30_000);

    const noCode = await t.inject({ method: 'POST', url: '/api/auth/partner/mfa/recovery-codes', headers: bearer(token), payload: { code: wrongCode(secret, clock.now()) } });
    assert.equal(noCode.statusCode, 401);
    assert.equal(noCode.json().code, 'mfa_code_invalid');
    const recoveryNotAccepted = await t.inject({ method: 'POST', url: '/api/auth/partner/mfa/recovery-codes', headers: bearer(token), payload: { code: recovery[0] } });
    assert.equal(recoveryNotAccepted.statusCode, 422);
    const regen = await t.inject({ method: 'POST', url: '/api/auth/partner/mfa/recovery-codes', headers: bearer(token), payload: { code: code(secret, clock.now()) } });
    assert.equal(regen.statusCode, 200, regen.body);
    assert.equal(regen.headers['cache-control'], 'no-store');
    const fresh = (regen.json() as { recovery_codes: string[] }).recovery_codes;
    assert.equal(fresh.length, 10);
    const from = nextIp();
    const tk = (await login('partner', p.email, PW, from)).json().mfa_token as string;
    assert.equal((await loginMfa('partner', tk, recovery[0], from)).json().code, 'mfa_code_invalid', 'the old codes stopped working');

    const neither = await t.inject({ method: 'DELETE', url: '/api/auth/partner/mfa/totp', headers: bearer(token), payload: {} });
    assert.equal(neither.statusCode, 422);
    const wrongPw = await t.inject({ method: 'DELETE', url: '/api/auth/partner/mfa/totp', headers: bearer(token), payload: { password: 'nope nope' } });
    assert.equal(wrongPw.statusCode, 401);
    assert.equal(wrongPw.json().code, 'invalid_credentials');
    const off = await t.inject({ method: 'DELETE', url: '/api/auth/partner/mfa/totp', headers: bearer(token), payload: { code: fresh[1] } });
    assert.equal(off.statusCode, 200, off.body);
    assert.equal(off.json().mfa_enabled, false);
    assert.equal((await login('partner', p.email, PW, nextIp())).statusCode, 200, 'the password alone signs in again');
    const twice = await t.inject({ method: 'DELETE', url: '/api/auth/partner/mfa/totp', headers: bearer(token), payload: { password: PW } });
    assert.equal(twice.statusCode, 409);

    // With the password.
    const { secret: s2 } = await enrol('partner', token);
    void s2;
    const offPw = await t.inject({ method: 'DELETE', url: '/api/auth/partner/mfa/totp', headers: bearer(token), payload: { password: PW } });
    assert.equal(offPw.statusCode, 200, offPw.body);
    assert.deepEqual(await auditActions(await ownerMemberId(p.id)), ['mfa.enrol', 'mfa.recovery_regenerate', 'mfa.recovery_code_used', 'mfa.disable', 'mfa.enrol', 'mfa.disable']);
  });

  it('authorization: a session is needed, of the role, opened with the password (not a pasted key); cookies refuse cross-site writes', async () => {
    const p = await partnerWithPassword();
    const none = await t.inject({ method: 'POST', url: '/api/auth/partner/mfa/totp/setup' });
    assert.equal(none.statusCode, 401);
    const admin = await t.admin();
    const wrongRole = await t.inject({ method: 'POST', url: '/api/auth/partner/mfa/totp/setup', headers: bearer(admin.token) });
    assert.equal(wrongRole.statusCode, 403);
    const partnerOnAdmin = await t.inject({ method: 'POST', url: '/api/auth/admin/mfa/totp/setup', headers: bearer(await t.session('partner', p.id)) });
    assert.equal(partnerOnAdmin.statusCode, 403);

    const keyLogin = await t.inject({ method: 'POST', url: '/api/auth/partner/key-login', payload: { key: p.testKey }, remoteAddress: nextIp() });
    assert.equal(keyLogin.statusCode, 200, keyLogin.body);
    const keySession = await t.inject({ method: 'POST', url: '/api/auth/partner/mfa/totp/setup', headers: bearer(keyLogin.json().token) });
    assert.equal(keySession.statusCode, 403);
    assert.equal(keySession.json().code, 'password_session_required');

    const token = await t.session('partner', p.id);
    const cross = await t.inject({
      method: 'POST',
      url: '/api/auth/partner/mfa/totp/setup',
      headers: { cookie: `svc_session=${token}`, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    assert.equal(cross.statusCode, 403);
    assert.equal(cross.json().code, 'csrf_rejected');
  });

  it('administrators: the same enrolment and second step; not held to enrolment outside production', async () => {
    const admin = await t.admin();
    const { secret } = await enrol('admin', admin.token);
    const me = await t.inject({ method: 'GET', url: '/api/auth/admin/me', headers: bearer(admin.token) });
    assert.equal(me.json().mfa_enabled, true);
    assert.equal(me.json().mfa_enrolment_required, false);
    clock.advance(30_000);
    const from = nextIp();
    const first = await login('admin', admin.email, 'admin-password-1', from);
    assert.equal(first.statusCode, 401);
    assert.equal(first.json().code, 'mfa_required');
    const done = await loginMfa('admin', first.json().mfa_token, code(secret, clock.now()), from);
    assert.equal(done.statusCode, 200, done.body);
    assert.equal(done.json().admin.id, admin.id);
    const list = await t.inject({ method: 'GET', url: '/api/admin/partners', headers: bearer(done.json().token) });
    assert.equal(list.statusCode, 200);

    const other = await t.admin();
    assert.equal((await t.inject({ method: 'GET', url: '/api/admin/partners', headers: bearer(other.token) })).statusCode, 200);
    const otherMe = await t.inject({ method: 'GET', url: '/api/auth/admin/me', headers: bearer(other.token) });
    assert.equal(otherMe.json().mfa_enrolment_required, false);
  });
});

describe('administrators in production must have a second factor', () => {
  let t: TestApp;
  let off: TestApp;
  const clock = new TestClock(Date.parse('2026-05-04T10:00:10Z'));
  before(async () => {
    t = await buildTestApp({ clock, env: { NODE_ENV: 'production' } });
    off = await buildTestApp({ clock, env: { NODE_ENV: 'production', ADMIN_REQUIRE_MFA: 'false' } });
  });
  after(async () => {
    await t.close();
    await off.close();
  });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  it('an administrator without one gets a session limited to enrolment until it confirms one', async () => {
    const admin = await t.admin();
    const login = await t.inject({ method: 'POST', url: '/api/auth/admin/login', payload: { email: admin.email, password: 'admin-password-1' }, remoteAddress: '10.78.0.1' });
    assert.equal(login.statusCode, 200, login.body);
    const token = login.json().token as string;

    const partners = await t.inject({ method: 'GET', url: '/api/admin/partners', headers: bearer(token) });
    assert.equal(partners.statusCode, 403);
    assert.equal(partners.json().code, 'mfa_enrolment_required');
    for (const [method, url] of [['GET', '/api/admin/audit-log'], ['GET', '/api/auth/admin/sessions'], ['POST', '/api/admin/partners/ptn_x/suspend']] as const) {
      const r = await t.inject({ method, url, headers: bearer(token), payload: method === 'POST' ? {} : undefined });
      assert.equal(r.statusCode, 403, `${method} ${url}: ${r.body}`);
      assert.equal(r.json().code, 'mfa_enrolment_required');
    }
    const me = await t.inject({ method: 'GET', url: '/api/auth/admin/me', headers: bearer(token) });
    assert.equal(me.statusCode, 200);
    assert.equal(me.json().mfa_enabled, false);
    assert.equal(me.json().mfa_enrolment_required, true);

    const setup = await t.inject({ method: 'POST', url: '/api/auth/admin/mfa/totp/setup', headers: bearer(token) });
    assert.equal(setup.statusCode, 200, setup.body);
    const secret = setup.json().secret as string;
    // Recovery codes and turning off are not part of the enrolment.
    const regen = await t.inject({ method: 'POST', url: '/api/auth/admin/mfa/recovery-codes', headers: bearer(token), payload: { code: code(secret, clock.now()) } });
    assert.equal(regen.json().code, 'mfa_enrolment_required');
    const confirm = await t.inject({ method: 'POST', url: '/api/auth/admin/mfa/totp/confirm', headers: bearer(token), payload: { code: code(secret, clock.now()) } });
    assert.equal(confirm.statusCode, 200, confirm.body);

    assert.equal((await t.inject({ method: 'GET', url: '/api/admin/partners', headers: bearer(token) })).statusCode, 200);
    const me2 = await t.inject({ method: 'GET', url: '/api/auth/admin/me', headers: bearer(token) });
    assert.equal(me2.json().mfa_enrolment_required, false);
    // Partners are not held to it.
    const p = await t.partner();
    assert.equal((await t.inject({ method: 'GET', url: '/api/auth/partner/me', headers: bearer(await t.session('partner', p.id)) })).statusCode, 200);
  });

  it('ADMIN_REQUIRE_MFA=false turns the rule off', async () => {
    assert.equal(off.config.adminRequireMfa, false);
    assert.equal(t.config.adminRequireMfa, true);
    const admin = await off.admin();
    assert.equal((await off.inject({ method: 'GET', url: '/api/admin/partners', headers: bearer(admin.token) })).statusCode, 200);
  });
});
