/**
 * The admin console's single sign-on (OpenID Connect) against a real provider on loopback: the flow through
 * the service's HTTP routes, the allow-list and group rules, state tampering, replays and expiry, and
 * ADMIN_PASSWORD_LOGIN=false, and ADMIN_REQUIRE_MFA (the provider proves the second factor of a single sign-on).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';
import { ConfigError, loadConfig } from '../../src/config.js';
import { buildTestApp, TestClock, type TestApp } from '../helpers/app.js';
import { SSO_CLIENT_ID, SSO_CLIENT_SECRET, signInAtProvider, startTestProvider, type TestProvider } from '../helpers/oidc-provider.js';

const BASE = 'http://localhost:8000'; // the tests' PUBLIC_BASE_URL
const CALLBACK = `${BASE}/api/auth/admin/oidc/callback`;

const ACCOUNTS = {
  alice: { email: 'Alice@Bank.example', email_verified: true, groups: ['svc-admins', 'staff'] },
  bob: { email: 'bob@elsewhere.example', email_verified: true, groups: ['svc-admins'] },
  carol: { email: 'carol@bank.example', email_verified: true, groups: ['staff'] },
  dave: { email: 'dave@bank.example', email_verified: false, groups: ['svc-admins'] },
  olga: { email: 'ops@partner.example', groups: [] }, // no email_verified claim at all (as Entra)
};

function ssoEnv(provider: TestProvider, extra: Record<string, string> = {}): Record<string, string> {
  return {
    ADMIN_OIDC_ISSUER: provider.issuer,
    ADMIN_OIDC_CLIENT_ID: SSO_CLIENT_ID,
    ADMIN_OIDC_CLIENT_SECRET: SSO_CLIENT_SECRET,
    ...extra,
  };
}

/** The svc_oidc cookie a start answer set (name=value). */
function oidcCookie(r: LightMyRequestResponse): string {
  const c = r.cookies.find((x) => x.name === 'svc_oidc');
  assert.ok(c, `a svc_oidc cookie: ${JSON.stringify(r.headers['set-cookie'])}`);
  return `svc_oidc=${c.value}`;
}

/** Start → the provider's forms as `login` → the callback URL it sends the browser to, and the cookie to send with it. */
async function toCallback(t: TestApp, login: string, ip: string): Promise<{ url: string; cookie: string }> {
  const start = await t.inject({ method: 'GET', url: '/api/auth/admin/oidc/start', remoteAddress: ip });
  assert.equal(start.statusCode, 302, start.body);
  const location = String(start.headers.location);
  assert.ok(location.startsWith(`${t.config.adminOidc!.issuer}/`), location);
  const cookie = oidcCookie(start);
  const url = await signInAtProvider(location, login, CALLBACK);
  return { url, cookie };
}

function callback(t: TestApp, url: string, cookie: string | null, ip: string) {
  const u = new URL(url);
  return t.inject({ method: 'GET', url: `${u.pathname}${u.search}`, headers: cookie ? { cookie } : {}, remoteAddress: ip });
}

/** The whole sign-in; answers the callback's answer. */
async function signIn(t: TestApp, login: string, ip = '10.40.0.1') {
  const { url, cookie } = await toCallback(t, login, ip);
  return callback(t, url, cookie, ip);
}

function refusedWith(r: LightMyRequestResponse, code: string) {
  assert.equal(r.statusCode, 302, r.body);
  assert.equal(r.headers.location, `/admin/sign-in?error=${code}`);
  assert.ok(!r.cookies.some((c) => c.name === 'svc_session' && c.value !== ''), 'no session cookie');
}

function sessionOf(r: LightMyRequestResponse): string {
  assert.equal(r.statusCode, 302, r.body);
  assert.equal(r.headers.location, '/admin/');
  const s = r.cookies.find((c) => c.name === 'svc_session');
  assert.ok(s && s.value.startsWith('sess_'), JSON.stringify(r.headers['set-cookie']));
  assert.equal(s.httpOnly, true);
  return s.value;
}

describe('administrator single sign-on', () => {
  let provider: TestProvider;
  before(async () => {
    provider = await startTestProvider([CALLBACK], ACCOUNTS);
  });
  after(() => provider.close());

  describe('with an allow-list (ADMIN_OIDC_ALLOWED_EMAILS)', () => {
    let t: TestApp;
    const clock = new TestClock();
    before(async () => {
      t = await buildTestApp({ clock, env: ssoEnv(provider, { ADMIN_OIDC_ALLOWED_EMAILS: '*@bank.example, ops@partner.example' }) });
    });
    after(() => t.close());

    it('GET /api/auth/admin/oidc tells the sign-in page that single sign-on and password sign-in are on', async () => {
      const r = await t.inject({ method: 'GET', url: '/api/auth/admin/oidc' });
      assert.equal(r.statusCode, 200);
      assert.deepEqual(r.json(), { enabled: true, provider: new URL(provider.issuer).host, start_url: '/api/auth/admin/oidc/start', password_login: true });
    });

    it('start sends the browser to the provider with PKCE, state and nonce, and a sealed short-lived cookie', async () => {
      const r = await t.inject({ method: 'GET', url: '/api/auth/admin/oidc/start', remoteAddress: '10.40.1.1' });
      assert.equal(r.statusCode, 302);
      const u = new URL(String(r.headers.location));
      assert.equal(u.searchParams.get('client_id'), SSO_CLIENT_ID);
      assert.equal(u.searchParams.get('redirect_uri'), CALLBACK);
      assert.equal(u.searchParams.get('response_type'), 'code');
      assert.equal(u.searchParams.get('code_challenge_method'), 'S256');
      assert.ok(u.searchParams.get('code_challenge') && u.searchParams.get('state') && u.searchParams.get('nonce'));
      assert.match(u.searchParams.get('scope')!, /\bopenid\b/);
      const c = r.cookies.find((x) => x.name === 'svc_oidc')!;
      assert.equal(c.httpOnly, true);
      assert.equal(c.sameSite, 'Lax');
      assert.equal(c.path, '/api/auth/admin/oidc');
      assert.equal(c.maxAge, 600);
      assert.ok(!c.value.includes(u.searchParams.get('state')!), 'the state is sealed in the cookie, not in clear');
      assert.equal(r.headers['cache-control'], 'no-store');
    });

    it('an allowed address signs in, is created once without a password (audited, actor oidc), and its session works', async () => {
      const first = sessionOf(await signIn(t, 'alice'));
      const me = await t.inject({ method: 'GET', url: '/api/auth/admin/me', headers: { cookie: `svc_session=${first}` } });
      assert.equal(me.statusCode, 200, me.body);
      assert.equal(me.json().email, 'Alice@Bank.example');
      assert.equal(me.json().password_set, false, 'created without a password');
      const adminId = me.json().id as string;

      const second = sessionOf(await signIn(t, 'alice', '10.40.0.2'));
      assert.notEqual(second, first);
      const me2 = await t.inject({ method: 'GET', url: '/api/auth/admin/me', headers: { authorization: `Bearer ${second}` } });
      assert.equal(me2.json().id, adminId, 'the same administrator, not a second one');

      const auth = { authorization: `Bearer ${second}` };
      const created = (await t.inject({ method: 'GET', url: `/api/admin/audit-log?action=admin.create&target_id=${adminId}`, headers: auth })).json().items;
      assert.equal(created.length, 1, 'created once');
      assert.equal(created[0].actor_type, 'oidc');
      assert.equal(created[0].actor_id, provider.issuer);
      assert.equal(created[0].details.email, 'Alice@Bank.example');
      assert.equal(created[0].details.subject, 'alice');
      const byType = (await t.inject({ method: 'GET', url: '/api/admin/audit-log?actor_type=oidc', headers: auth })).json().items;
      assert.equal(byType.length, 1);
      const logins = (await t.inject({ method: 'GET', url: `/api/admin/audit-log?action=admin.login&actor_id=${adminId}`, headers: auth })).json().items;
      assert.equal(logins.length, 2);
      assert.ok(logins.every((e: { details: { method: string } }) => e.details.method === 'oidc'));

      const sessions = (await t.inject({ method: 'GET', url: '/api/auth/admin/sessions', headers: auth })).json();
      assert.ok(sessions.items.every((s: { method: string }) => s.method === 'oidc'), JSON.stringify(sessions));

      // No password signs this administrator in (the empty hash is never a match).
      for (const password of ['', 'admin-password-1', 'x'.repeat(12)]) {
        const login = await t.inject({ method: 'POST', url: '/api/auth/admin/login', payload: { email: 'alice@bank.example', password }, remoteAddress: '10.40.0.9' });
        assert.ok([401, 422].includes(login.statusCode), `${password}: ${login.statusCode} ${login.body}`);
      }

      const out = await t.inject({ method: 'POST', url: '/api/auth/admin/logout', headers: auth });
      assert.equal(out.statusCode, 200, out.body);
      // Nor does a password change: there is no current password to give.
      const change = await t.inject({
        method: 'POST',
        url: '/api/auth/admin/password',
        headers: { authorization: `Bearer ${first}` },
        payload: { current_password: 'anything at all 1', new_password: 'a new passphrase 1' },
        remoteAddress: '10.40.0.10',
      });
      assert.equal(change.statusCode, 401, change.body);
      assert.equal(change.json().code, 'invalid_credentials');
      assert.equal((await t.inject({ method: 'GET', url: '/api/auth/admin/me', headers: auth })).statusCode, 401);
    });

    it('an exact address of the list signs in without an email_verified claim', async () => {
      sessionOf(await signIn(t, 'olga', '10.40.0.3'));
    });

    it('an address outside the allow-list is refused, and no administrator is created', async () => {
      refusedWith(await signIn(t, 'bob', '10.40.0.4'), 'sso_not_allowed');
      const adm = await t.admin();
      const created = (await t.inject({ method: 'GET', url: '/api/admin/audit-log?actor_type=oidc', headers: { authorization: `Bearer ${adm.token}` } })).json().items;
      assert.ok(!created.some((e: { details: { email: string } }) => e.details.email === 'bob@elsewhere.example'));
    });

    it('an address the provider has not verified is refused', async () => {
      refusedWith(await signIn(t, 'dave', '10.40.0.5'), 'sso_email_unverified');
    });

    it('a login without any email is refused', async () => {
      refusedWith(await signIn(t, 'nobody', '10.40.0.6'), 'sso_not_allowed');
    });

    it('a tampered state, a missing or foreign cookie are refused', async () => {
      const { url, cookie } = await toCallback(t, 'alice', '10.40.2.1');
      const tampered = new URL(url);
      tampered.searchParams.set('state', `${tampered.searchParams.get('state')}x`);
      refusedWith(await callback(t, tampered.href, cookie, '10.40.2.1'), 'sso_state_invalid');
      refusedWith(await callback(t, url, null, '10.40.2.1'), 'sso_state_invalid');
      refusedWith(await callback(t, url, 'svc_oidc=v1.not-a-sealed-value', '10.40.2.1'), 'sso_state_invalid');
      // Another browser's sign-in: its own cookie and state, this code.
      const other = await toCallback(t, 'alice', '10.40.2.2');
      const mixed = new URL(url);
      mixed.searchParams.set('state', new URL(other.url).searchParams.get('state')!);
      refusedWith(await callback(t, mixed.href, other.cookie, '10.40.2.2'), 'sso_provider_error'); // its state, but a code issued for another PKCE verifier
    });

    it('a replayed callback is refused, even with its cookie', async () => {
      const { url, cookie } = await toCallback(t, 'alice', '10.40.3.1');
      sessionOf(await callback(t, url, cookie, '10.40.3.1'));
      refusedWith(await callback(t, url, cookie, '10.40.3.1'), 'sso_state_invalid');
    });

    it('a sign-in that took more than 10 minutes has expired', async () => {
      const { url, cookie } = await toCallback(t, 'alice', '10.40.4.1');
      clock.advance(10 * 60_000 + 1);
      try {
        refusedWith(await callback(t, url, cookie, '10.40.4.1'), 'sso_expired');
      } finally {
        clock.advance(-(10 * 60_000 + 1));
      }
    });

    it("the provider's error comes back as a refusal", async () => {
      const start = await t.inject({ method: 'GET', url: '/api/auth/admin/oidc/start', remoteAddress: '10.40.5.1' });
      const state = new URL(String(start.headers.location)).searchParams.get('state')!;
      const r = await callback(t, `${CALLBACK}?error=access_denied&state=${state}`, oidcCookie(start), '10.40.5.1');
      refusedWith(r, 'sso_provider_error');
    });

    it('bad input to the callback is a 422 JSON answer', async () => {
      const r = await t.inject({ method: 'GET', url: `/api/auth/admin/oidc/callback?state=${'s'.repeat(600)}`, remoteAddress: '10.40.6.1' });
      assert.equal(r.statusCode, 422);
      assert.equal(r.json().code, 'validation_failed');
    });
  });

  describe('with a required group (ADMIN_OIDC_REQUIRED_GROUP)', () => {
    let t: TestApp;
    before(async () => {
      t = await buildTestApp({ env: ssoEnv(provider, { ADMIN_OIDC_REQUIRED_GROUP: 'svc-admins', ADMIN_OIDC_SCOPES: 'openid email groups' }) });
    });
    after(() => t.close());

    it('a member of the group signs in, whatever the domain of the address', async () => {
      sessionOf(await signIn(t, 'bob', '10.41.0.1'));
    });

    it('an address outside the group is refused', async () => {
      refusedWith(await signIn(t, 'carol', '10.41.0.2'), 'sso_not_allowed');
    });
  });

  describe('with both an allow-list and a group: both must hold', () => {
    let t: TestApp;
    before(async () => {
      t = await buildTestApp({
        env: ssoEnv(provider, { ADMIN_OIDC_ALLOWED_EMAILS: '*@bank.example', ADMIN_OIDC_REQUIRED_GROUP: 'svc-admins', ADMIN_OIDC_SCOPES: 'openid email groups' }),
      });
    });
    after(() => t.close());

    it('allowed and in the group signs in; allowed but outside the group, or in the group but not allowed, is refused', async () => {
      sessionOf(await signIn(t, 'alice', '10.42.0.1'));
      refusedWith(await signIn(t, 'carol', '10.42.0.2'), 'sso_not_allowed');
      refusedWith(await signIn(t, 'bob', '10.42.0.3'), 'sso_not_allowed');
    });
  });

  describe('password sign-in turned off (ADMIN_PASSWORD_LOGIN=false)', () => {
    let t: TestApp;
    before(async () => {
      t = await buildTestApp({ env: ssoEnv(provider, { ADMIN_OIDC_ALLOWED_EMAILS: '*@bank.example', ADMIN_PASSWORD_LOGIN: 'false' }) });
    });
    after(() => t.close());

    it('an administrator with a password is refused with 403 password_login_disabled, and signs in with single sign-on', async () => {
      const adm = await t.admin();
      const r = await t.inject({ method: 'POST', url: '/api/auth/admin/login', payload: { email: adm.email, password: 'admin-password-1' }, remoteAddress: '10.43.0.1' });
      assert.equal(r.statusCode, 403, r.body);
      assert.equal(r.json().code, 'password_login_disabled');
      assert.equal(r.cookies.length, 0);
      const status = (await t.inject({ method: 'GET', url: '/api/auth/admin/oidc' })).json();
      assert.equal(status.password_login, false);
      assert.equal(status.enabled, true);
      const s = sessionOf(await signIn(t, 'alice', '10.43.0.2'));
      const me = (await t.inject({ method: 'GET', url: '/api/auth/admin/me', headers: { authorization: `Bearer ${s}` } })).json();
      assert.equal(me.password_set, false);
      const withPassword = (await t.inject({ method: 'GET', url: '/api/auth/admin/me', headers: { authorization: `Bearer ${adm.token}` } })).json();
      assert.equal(withPassword.password_set, true);
    });

    it('partners still sign in with their password', async () => {
      const p = await t.partner();
      const r = await t.inject({ method: 'POST', url: '/api/auth/partner/login', payload: { email: p.email, password: 'wrong password' }, remoteAddress: '10.43.0.3' });
      assert.equal(r.statusCode, 401, 'the partner sign-in is unaffected');
    });
  });

  describe('administrators held to a second factor (ADMIN_REQUIRE_MFA=true)', () => {
    let t: TestApp;
    before(async () => {
      t = await buildTestApp({ env: ssoEnv(provider, { ADMIN_OIDC_ALLOWED_EMAILS: '*@bank.example', ADMIN_REQUIRE_MFA: 'true' }) });
    });
    after(() => t.close());

    it('a single sign-on reaches the admin routes (the provider checked the factor), recorded on the session and in the audit entry', async () => {
      const s = sessionOf(await signIn(t, 'alice', '10.44.0.1'));
      const auth = { authorization: `Bearer ${s}` };
      const me = await t.inject({ method: 'GET', url: '/api/auth/admin/me', headers: auth });
      assert.equal(me.statusCode, 200, me.body);
      assert.equal(me.json().mfa_enabled, false, 'no factor at the service');
      assert.equal(me.json().mfa_enrolment_required, false, 'not sent to enrolment');
      for (const url of ['/api/admin/partners', '/api/admin/audit-log', '/api/auth/admin/sessions']) {
        const r = await t.inject({ method: 'GET', url, headers: auth });
        assert.equal(r.statusCode, 200, `${url}: ${r.body}`);
      }
      const sessions = (await t.inject({ method: 'GET', url: '/api/auth/admin/sessions', headers: auth })).json();
      assert.deepEqual(sessions.items.map((x: { method: string }) => x.method), ['oidc']);
      const logins = (await t.inject({ method: 'GET', url: `/api/admin/audit-log?action=admin.login&actor_id=${me.json().id}`, headers: auth })).json().items;
      assert.equal(logins.length, 1);
      assert.deepEqual(logins[0].details, { method: 'oidc', second_factor: 'identity_provider' });
    });

    it('a password sign-in of an administrator without a factor is held to enrolment', async () => {
      const adm = await t.admin();
      const login = await t.inject({ method: 'POST', url: '/api/auth/admin/login', payload: { email: adm.email, password: 'admin-password-1' }, remoteAddress: '10.44.0.2' });
      assert.equal(login.statusCode, 200, login.body);
      const auth = { authorization: `Bearer ${login.json().token as string}` };
      const r = await t.inject({ method: 'GET', url: '/api/admin/partners', headers: auth });
      assert.equal(r.statusCode, 403, r.body);
      assert.equal(r.json().code, 'mfa_enrolment_required');
      const me = await t.inject({ method: 'GET', url: '/api/auth/admin/me', headers: auth });
      assert.equal(me.json().mfa_enrolment_required, true);
    });
  });

  describe('not configured, or the provider down', () => {
    it('without ADMIN_OIDC_*: off in the status, start and callback land on the sign-in page', async () => {
      const t = await buildTestApp();
      try {
        assert.deepEqual((await t.inject({ method: 'GET', url: '/api/auth/admin/oidc' })).json(), { enabled: false, provider: null, start_url: null, password_login: true });
        refusedWith(await t.inject({ method: 'GET', url: '/api/auth/admin/oidc/start' }), 'sso_not_configured');
        refusedWith(await t.inject({ method: 'GET', url: '/api/auth/admin/oidc/callback?code=x&state=y' }), 'sso_not_configured');
      } finally {
        await t.close();
      }
    });

    it('a provider that cannot be reached: start lands on the sign-in page with sso_provider_error', async () => {
      const down = await startTestProvider([CALLBACK]);
      const issuer = down.issuer;
      await down.close();
      const t = await buildTestApp({ env: { ...ssoEnv(down), ADMIN_OIDC_ISSUER: issuer, ADMIN_OIDC_ALLOWED_EMAILS: '*@bank.example' } });
      try {
        refusedWith(await t.inject({ method: 'GET', url: '/api/auth/admin/oidc/start' }), 'sso_provider_error');
      } finally {
        await t.close();
      }
    });
  });

  describe('configuration', () => {
    const base = { ADMIN_OIDC_ISSUER: 'https://login.bank.example', ADMIN_OIDC_CLIENT_ID: 'id', ADMIN_OIDC_CLIENT_SECRET: 'secret' };
    const refused = (env: Record<string, string>, variable: string) =>
      assert.throws(() => loadConfig(env), (e: unknown) => e instanceof ConfigError && e.variable === variable, JSON.stringify(env));

    it('reads the allow-list (addresses and *@domain forms, lower case), the group and its claim', () => {
      const c = loadConfig({ ...base, ADMIN_OIDC_ALLOWED_EMAILS: 'Ops@Bank.example, *@Partner.example', ADMIN_OIDC_REQUIRED_GROUP: 'admins', ADMIN_OIDC_GROUPS_CLAIM: 'roles' });
      assert.deepEqual(c.adminOidc?.allowedEmails, ['ops@bank.example', '@partner.example']);
      assert.equal(c.adminOidc?.requiredGroup, 'admins');
      assert.equal(c.adminOidc?.groupsClaim, 'roles');
      assert.equal(c.adminOidc?.scopes, 'openid email profile');
      assert.equal(c.adminPasswordLogin, true);
      assert.equal(loadConfig({}).adminOidc, null);
    });

    it('refuses a half configuration, no allow-list nor group, a bad list, a plain-http issuer off loopback, and password sign-in off without SSO', () => {
      refused({ ...base }, 'ADMIN_OIDC_ALLOWED_EMAILS');
      refused({ ADMIN_OIDC_ALLOWED_EMAILS: '*@bank.example' }, 'ADMIN_OIDC_ISSUER');
      refused({ ...base, ADMIN_OIDC_CLIENT_SECRET: '', ADMIN_OIDC_ALLOWED_EMAILS: '*@bank.example' }, 'ADMIN_OIDC_CLIENT_SECRET');
      refused({ ...base, ADMIN_OIDC_ALLOWED_EMAILS: 'bank.example' }, 'ADMIN_OIDC_ALLOWED_EMAILS');
      refused({ ...base, ADMIN_OIDC_ALLOWED_EMAILS: '*@*.example' }, 'ADMIN_OIDC_ALLOWED_EMAILS');
      refused({ ...base, ADMIN_OIDC_ISSUER: 'http://login.bank.example', ADMIN_OIDC_ALLOWED_EMAILS: '*@bank.example' }, 'ADMIN_OIDC_ISSUER');
      refused({ ADMIN_PASSWORD_LOGIN: 'false' }, 'ADMIN_PASSWORD_LOGIN');
      refused({ ADMIN_PASSWORD_LOGIN: 'maybe' }, 'ADMIN_PASSWORD_LOGIN');
    });
  });
});
