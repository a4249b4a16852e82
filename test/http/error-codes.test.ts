/**
 * The closed error codes: every code of the catalogue (src/http/error-codes.ts) is answered by one real
 * example here, with its status, a `detail` and a `code` from the enum; docs/errors.md and the
 * integration guide list exactly the catalogue; the OpenAPI document declares the enum on error responses.
 * Connection-level answers (written by hand on the socket) are read from a listening server.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import type { Deps } from '../../src/context.js';
import { migrate } from '../../src/db/database.js';
import { createDeps, createLogger } from '../../src/deps.js';
import { createPartner } from '../../src/areas/partners/service.js';
import { ERROR_CODES, ERROR_STATUS, type ErrorCode } from '../../src/http/error-codes.js';
import { errors } from '../../src/http/errors.js';
import { findContentDir } from '../../src/areas/content/content.js';
import { buildTestApp, keyHeaders, testConfig, TestClock, type TestApp } from '../helpers/app.js';
import { codeAt } from '../../src/areas/mfa/totp.js';
import { inlineRefs } from '../helpers/openapi.js';
import { outbox, verificationToken } from '../helpers/mail.js';
import { SoftAuthenticator } from '../passkeys/authenticator.js';

const seen = new Map<ErrorCode, string>();

/** Asserts an answer is an error of `code` (status, detail, code in the enum) and records it as seen. */
function expectCode(what: string, status: number, body: string, code: ErrorCode): void {
  let json: { detail?: unknown; code?: unknown };
  try {
    json = JSON.parse(body) as typeof json;
  } catch {
    assert.fail(`${what}: not JSON: ${body}`);
  }
  assert.ok((ERROR_CODES as string[]).includes(String(json.code)), `${what}: code ${String(json.code)} is not in the enum: ${body}`);
  assert.equal(json.code, code, `${what}: ${body}`);
  assert.equal(status, ERROR_STATUS[code], `${what}: status of ${code}: ${body}`);
  if (code === 'validation_failed') assert.ok(Array.isArray(json.detail) && json.detail.length > 0, `${what}: ${body}`);
  else assert.equal(typeof json.detail, 'string', `${what}: ${body}`);
  seen.set(code, what);
}

function connect(port: number): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const s = net.connect({ port, host: '127.0.0.1' });
    s.once('connect', () => resolve(s));
    s.once('error', reject);
  });
}

function readUntilClosed(s: net.Socket, deadlineMs: number): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    s.on('data', (d) => (text += d));
    s.on('error', () => {});
    const timer = setTimeout(() => resolve(text), deadlineMs);
    s.once('close', () => {
      clearTimeout(timer);
      resolve(text);
    });
  });
}

/** The HTTP answers in raw socket text: status and body (by Content-Length). */
function answers(text: string): { status: number; body: string }[] {
  const out: { status: number; body: string }[] = [];
  let rest = text;
  for (;;) {
    const m = /^HTTP\/1\.1 (\d{3})[^\r]*\r\n([\s\S]*?)\r\n\r\n/.exec(rest);
    if (!m) return out;
    const length = Number(/content-length: (\d+)/i.exec(m[2])?.[1] ?? 0);
    const start = m[0].length;
    out.push({ status: Number(m[1]), body: rest.slice(start, start + length) });
    rest = rest.slice(start + length);
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The tables of docs/errors.md and the guide: code → status. */
function documentedCodes(markdown: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const m of markdown.matchAll(/^\| `([a-z_]+)` \| (\d{3}) \|/gm)) out.set(m[1], Number(m[2]));
  return out;
}

describe('error codes', () => {
  let t: TestApp;
  // A second app with a few routes of its own (errors no request can cause on demand), a low rate
  // limit and short timeouts; it listens, for the answers written on the socket, and is closed last.
  let raw: { app: FastifyInstance; deps: Deps; port: number; cleanup: () => Promise<void>; key: string };

  before(async () => {
    t = await buildTestApp();
    const { config, cleanup } = await testConfig({ RATE_LIMIT_PER_SECOND: '1', REQUEST_TIMEOUT_MS: '1500', HEADERS_TIMEOUT_MS: '400' });
    const deps = createDeps(config, { log: createLogger(config), poolSize: 2 });
    await migrate(deps.database);
    await deps.auth.start();
    const app = await buildApp(deps);
    await app.register(async (s) => {
      s.get('/__test/unexpected', async () => {
        throw new Error('a bug');
      });
      s.get('/__test/database-down', async () => {
        throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
      });
      s.get('/__test/disk-full', async () => {
        throw Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
      });
      s.get('/__test/export', async (_request, reply) => {
        deps.exports.hold(reply, 'owner');
        deps.exports.hold(reply, 'owner');
        return {};
      });
      s.get('/__test/in-progress', async () => {
        throw errors.inProgress('A request with this idempotency key is still being processed: retry in a moment to get its answer');
      });
      s.get('/__test/streams', async () => {
        throw errors.tooManyStreams('This key already holds 3 webhook event streams: close one first');
      });
      s.get('/__test/upstream', async () => {
        throw errors.upstreamFailed('IndexNow submission failed: HTTP 500', { submission_id: 'x', status_code: 500 });
      });
      s.post('/__test/echo', async () => ({ ok: true }));
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const p = await deps.database.tx((trx) => createPartner(deps, trx, { email: 'rate@example.com', company: 'Rate', activated: true }));
    raw = {
      app,
      deps,
      port: (app.server.address() as AddressInfo).port,
      key: p.testKey!,
      cleanup: async () => {
        await app.close();
        await deps.auth.stop();
        await deps.database.close().catch(() => {});
        await cleanup();
      },
    };
  });
  after(async () => {
    await t?.close();
    await raw?.cleanup();
  });

  it('docs/errors.md and the integration guide list every code of the catalogue with its status, and nothing else', () => {
    const catalogue = new Map(Object.entries(ERROR_STATUS));
    const docs = documentedCodes(readFileSync(path.join(findContentDir(), '..', 'docs', 'errors.md'), 'utf8'));
    assert.deepEqual(new Map([...docs].sort()), new Map([...catalogue].sort()), 'docs/errors.md');
    const guide = documentedCodes(readFileSync(path.join(findContentDir(), 'integration-guide.md'), 'utf8'));
    assert.deepEqual(new Map([...guide].sort()), new Map([...catalogue].sort()), 'content/integration-guide.md');
  });

  it('the OpenAPI document declares the enum, required, on the shared error responses', async () => {
    const doc = inlineRefs((await t.inject({ method: 'GET', url: '/api/openapi.json' })).json());
    const responses = doc.paths['/api/v1/me'].get.responses;
    const problem = responses['401'].content['application/json'].schema;
    assert.deepEqual(problem.properties.code.enum, ERROR_CODES);
    assert.equal(problem.properties.code.type, 'string');
    assert.ok(problem.required.includes('code'));
    assert.ok(problem.required.includes('detail'));
    const invalid = doc.paths['/api/v1/calculate/safe-to-spend'].post.responses['422'].content['application/json'].schema;
    assert.deepEqual(invalid.properties.code.enum ?? [invalid.properties.code.const], ['validation_failed']);
    assert.ok(invalid.required.includes('code'));
  });

  it('every error answer of the partner API, the portal and the framework carries its code', async () => {
    const p = await t.partner();
    const pending = await t.partner({ activated: false });
    const adm = await t.admin();
    const partnerToken = await t.session('partner', p.id);
    const check = async (what: string, code: ErrorCode, opts: Parameters<TestApp['inject']>[0]) => {
      const r = await t.inject(opts);
      expectCode(what, r.statusCode, r.body, code);
      return r;
    };

    await check('bad URL encoding', 'bad_request', { method: 'GET', url: '/blog/%E0%A4%A' });
    await check('no key', 'missing_api_key', { method: 'GET', url: '/api/v1/me' });
    const wrongKey = await check('unknown key', 'invalid_api_key', { method: 'GET', url: '/api/v1/me', headers: { 'x-api-key': 'svc_test_nope' } });
    assert.equal(wrongKey.headers['www-authenticate'], 'Bearer');
    await check('no ingest secret', 'missing_ingest_secret', { method: 'POST', url: '/api/v1/key/rotate', headers: keyHeaders(p), payload: { key_type: 'sandbox' } });
    await check('wrong ingest secret', 'invalid_ingest_secret', {
      method: 'POST',
      url: '/api/v1/key/rotate',
      headers: { ...keyHeaders(p), 'x-service-ingest-secret': 'wrong' },
      payload: { key_type: 'sandbox' },
    });
    await check('wrong password', 'invalid_credentials', {
      method: 'POST',
      url: '/api/auth/partner/login',
      payload: { email: p.email, password: 'not-the-password-1' },
      remoteAddress: '10.9.0.1',
    });
    await check('no session', 'session_required', { method: 'GET', url: '/api/auth/partner/me' });
    await check('unknown session', 'session_expired', { method: 'GET', url: '/api/auth/partner/me', headers: { authorization: 'Bearer sess_nope' } });
    await check('live key before production, account data', 'payment_required', { method: 'GET', url: '/api/v1/accounts?user_id=u1', headers: keyHeaders(pending, { env: 'live' }) });
    await check('live key before production', 'production_not_enabled', { method: 'GET', url: '/api/v1/me', headers: keyHeaders(pending, { env: 'live' }) });
    await check('test key rotating the production key', 'environment_mismatch', {
      method: 'POST',
      url: '/api/v1/key/rotate',
      headers: keyHeaders(p, { secret: true }),
      payload: { key_type: 'production' },
    });
    // One address spends its failed-credential budget (20 wrong keys); the next request with a key is refused.
    for (let i = 0; i < 20; i++) {
      const r = await t.inject({ method: 'GET', url: '/api/v1/me', headers: { 'x-api-key': `svc_test_guess${i}` }, remoteAddress: '10.9.2.1' });
      assert.equal(r.statusCode, 401, `guess ${i + 1}`);
    }
    const budget = await check('wrong keys from one address', 'too_many_failed_credentials', { method: 'GET', url: '/api/v1/me', headers: keyHeaders(p), remoteAddress: '10.9.2.1' });
    assert.match(String(budget.headers['retry-after']), /^\d+$/);
    await check('admin session on a partner route', 'forbidden', { method: 'GET', url: '/api/auth/partner/me', headers: { authorization: `Bearer ${adm.token}` } });
    await check('cross-site cookie write', 'csrf_rejected', {
      method: 'POST',
      url: `/api/admin/partners/${p.id}/suspend`,
      headers: { cookie: `svc_session=${adm.token}`, origin: 'https://evil.example' },
    });
    const keySession = await t.inject({ method: 'POST', url: '/api/auth/partner/key-login', payload: { key: p.testKey }, remoteAddress: '10.9.0.3' });
    await check('password change from a key-opened session', 'password_session_required', {
      method: 'POST',
      url: '/api/auth/partner/password',
      headers: { authorization: `Bearer ${keySession.json().token}` },
      payload: { current_password: 'whatever it is', new_password: 'a new passphrase 1' },
      remoteAddress: '10.9.0.4',
    });
    // An operator who turned administrators' password sign-in off (single sign-on configured; the provider is not called).
    const ssoOnly = await buildTestApp({
      env: {
        ADMIN_PASSWORD_LOGIN: 'false',
        ADMIN_OIDC_ISSUER: 'https://login.bank.example',
        ADMIN_OIDC_CLIENT_ID: 'svc',
        ADMIN_OIDC_CLIENT_SECRET: 'secret',
        ADMIN_OIDC_ALLOWED_EMAILS: '*@bank.example',
      },
    });
    try {
      const off = await ssoOnly.inject({ method: 'POST', url: '/api/auth/admin/login', payload: { email: 'ops@bank.example', password: 'a long passphrase 1' } });
      expectCode('administrator password sign-in turned off', off.statusCode, off.body, 'password_login_disabled');
    } finally {
      await ssoOnly.close();
    }
    const confirmReset = (token: string) => ({
      method: 'POST' as const,
      url: '/api/auth/partner/password-reset/confirm',
      payload: { token, new_password: 'a new passphrase 1' },
    });
    await check('unknown reset token', 'reset_token_invalid', confirmReset('pwr_nope'));
    const resetee = await t.partner(); // its sessions end with the reset: not p, whose session is used below
    for (const who of [resetee, pending]) {
      const asked = await t.inject({ method: 'POST', url: '/api/auth/partner/password-reset', payload: { email: who.email }, remoteAddress: '10.9.0.5' });
      assert.equal(asked.statusCode, 202, asked.body);
    }
    await t.deps.background.idle();
    const resetMails = await t.inject({ method: 'GET', url: '/api/admin/mail-outbox?kind=password_reset', headers: { authorization: `Bearer ${adm.token}` } });
    const resetToken = (email: string) => /token=(pwr_\w+)/.exec((resetMails.json().items as { to: string; text: string }[]).find((m) => m.to === email)!.text)![1];
    assert.equal((await t.inject(confirmReset(resetToken(resetee.email)))).statusCode, 200);
    await check('reset token used twice', 'reset_token_used', confirmReset(resetToken(resetee.email)));
    await t.deps.database.db.updateTable('password_resets').set({ expires_at: Date.now() - 1 }).where('partner_id', '=', pending.id).execute();
    await check('expired reset token', 'reset_token_expired', confirmReset(resetToken(pending.email)));
    await check('unknown route', 'not_found', { method: 'GET', url: '/api/v1/nope' });
    await check('unknown blog post page', 'not_found', { method: 'GET', url: '/blog/no-such-post' });
    await check('key held by another partner (external keys)', 'conflict', {
      method: 'POST',
      url: '/api/admin/external-keys',
      headers: { authorization: `Bearer ${adm.token}` },
      payload: { key: p.testKey, environment: 'test', partner_id: resetee.id },
    });
    await check('body too large', 'payload_too_large', {
      method: 'POST',
      url: '/api/v1/calculate/safe-to-spend',
      headers: { ...keyHeaders(p), 'content-type': 'application/json' },
      payload: JSON.stringify({ end_user_id: 'u1', pad: 'x'.repeat(t.config.bodyLimitBytes) }),
    });
    await check('path parameter too long', 'uri_too_long', { method: 'GET', url: `/blog/${'x'.repeat(600)}` });
    await check('XML body', 'unsupported_media_type', {
      method: 'POST',
      url: '/api/v1/calculate/safe-to-spend',
      headers: { ...keyHeaders(p), 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    await check('schema mismatch', 'validation_failed', {
      method: 'POST',
      url: '/api/v1/calculate/safe-to-spend',
      headers: keyHeaders(p),
      payload: { end_user_id: 'u1', cash_balance: '2500' },
    });
    await check('malformed JSON', 'validation_failed', {
      method: 'POST',
      url: '/api/v1/calculate/safe-to-spend',
      headers: { ...keyHeaders(p), 'content-type': 'application/json' },
      payload: '{"end_user_id": ',
    });
    await check('control character in the query', 'validation_failed', { method: 'GET', url: '/api/v1/accounts?user_id=%01', headers: keyHeaders(p) });
    for (let i = 0; i < 7; i++) {
      const r = await t.inject({ method: 'POST', url: '/api/auth/partner/login', payload: { email: p.email, password: `wrong-password-${i}` }, remoteAddress: `10.9.1.${i}` });
      if (r.statusCode === 429) {
        expectCode('repeated wrong passwords', r.statusCode, r.body, 'locked_out');
        assert.match(String(r.headers['retry-after']), /^\d+$/);
        break;
      }
    }
    assert.ok(seen.has('locked_out'), 'the sign-in locks');
    // Email verification links: unknown, replaced by a newer one, used twice; and the hourly budget of links.
    const verify = (token: string) => ({ method: 'POST' as const, url: '/api/auth/partner/verify-email', payload: { token }, remoteAddress: '10.9.2.1' });
    await check('unknown verification link', 'verification_token_invalid', verify(`vfy_${'0'.repeat(43)}`));
    const linkTo = async (to: string) => verificationToken((await outbox(t, adm.token, 'notify_email_verification')).find((m) => m.to === to)!.text);
    await t.inject({ method: 'PUT', url: '/api/v1/usage/alerts', headers: keyHeaders(p), payload: { notify_email: 'a0@codes.example' } });
    const replaced = await linkTo('a0@codes.example');
    await t.inject({ method: 'POST', url: '/api/v1/usage/alerts/verify-email/resend', headers: keyHeaders(p) });
    await check('replaced verification link', 'verification_token_expired', verify(replaced));
    const current = await linkTo('a0@codes.example');
    assert.equal((await t.inject(verify(current))).statusCode, 200);
    await check('verification link used twice', 'verification_token_used', verify(current));
    for (const n of [1, 2, 3]) await t.inject({ method: 'PUT', url: '/api/v1/usage/alerts', headers: keyHeaders(p), payload: { notify_email: `a${n}@codes.example` } });
    const limited = await check('a sixth verification mail within the hour', 'verification_mail_limited', {
      method: 'PUT',
      url: '/api/v1/usage/alerts',
      headers: keyHeaders(p),
      payload: { notify_email: 'a4@codes.example' },
    });
    assert.match(String(limited.headers['retry-after']), /^\d+$/);
    // Members: a key-opened session acts as a developer (inviting needs an admin); invitation links unknown and expired.
    const keyOpened = (await t.inject({ method: 'POST', url: '/api/auth/partner/key-login', payload: { key: p.testKey }, remoteAddress: '10.9.3.1' })).json().token;
    await check('a developer (a key-opened session) inviting a member', 'role_forbidden', {
      method: 'POST',
      url: '/api/partners/me/members',
      headers: { authorization: `Bearer ${keyOpened}` },
      payload: { email: 'x@codes.example', role: 'viewer' },
    });
    const accept = (token: string) => ({
      method: 'POST' as const,
      url: '/api/auth/partner/accept-invite',
      payload: { token, password: 'a long enough passphrase 1', name: 'Late' },
      remoteAddress: '10.9.3.2',
    });
    await check('unknown invitation link', 'invite_token_invalid', accept('inv_nope'));
    const invited = await t.inject({ method: 'POST', url: '/api/partners/me/members', headers: { authorization: `Bearer ${partnerToken}` }, payload: { email: 'late@codes.example', role: 'viewer' } });
    assert.equal(invited.statusCode, 201, invited.body);
    await t.deps.database.db.updateTable('partner_members').set({ invite_expires_at: 1 }).where('id', '=', invited.json().id).execute();
    const invitation = (await outbox(t, adm.token, 'member_invitation')).find((m) => m.to === 'late@codes.example')!;
    await check('expired invitation link', 'invite_token_expired', accept(/token=(inv_[A-Za-z0-9]+)/.exec(invitation.text)![1]));
    await check('live key, no aggregator configured', 'not_configured', { method: 'GET', url: '/api/v1/accounts?user_id=u1', headers: keyHeaders(p, { env: 'live' }) });
    const suspended = await t.inject({ method: 'POST', url: `/api/admin/partners/${p.id}/suspend`, headers: { authorization: `Bearer ${adm.token}` } });
    assert.equal(suspended.statusCode, 200, suspended.body);
    await check('suspended partner', 'partner_suspended', { method: 'GET', url: '/api/v1/me', headers: keyHeaders(p) });
    // Suspension ends the partner's sessions; signing in again answers the suspension.
    await check('session of a suspended partner', 'session_expired', { method: 'GET', url: '/api/auth/partner/me', headers: { authorization: `Bearer ${partnerToken}` } });
    await check('suspended partner sign-in', 'partner_suspended', { method: 'POST', url: '/api/auth/partner/key-login', payload: { key: p.testKey }, remoteAddress: '10.9.2.1' });
  });

  it('the second factor\'s answers carry their codes', async () => {
    const clock = new TestClock();
    const m = await buildTestApp({ clock, env: { NODE_ENV: 'production' } });
    try {
      const check = async (what: string, code: ErrorCode, opts: Parameters<TestApp['inject']>[0]) => {
        const r = await m.inject(opts);
        expectCode(what, r.statusCode, r.body, code);
        return r;
      };
      const adm = await m.admin();
      const bearer = { authorization: `Bearer ${adm.token}` };
      await check('administrator without a second factor', 'mfa_enrolment_required', { method: 'GET', url: '/api/admin/partners', headers: bearer });
      const secret = (await m.inject({ method: 'POST', url: '/api/auth/admin/mfa/totp/setup', headers: bearer })).json().secret as string;
      const wrong = codeAt(secret, clock.now()) === '000000' ? '111111' : '000000';
      await check('wrong code', 'mfa_code_invalid', { method: 'POST', url: '/api/auth/admin/mfa/totp/confirm', headers: bearer, payload: { code: wrong }, remoteAddress: '10.9.5.1' });
      const confirmed = await m.inject({ method: 'POST', url: '/api/auth/admin/mfa/totp/confirm', headers: bearer, payload: { code: codeAt(secret, clock.now()) } });
      assert.equal(confirmed.statusCode, 200, confirmed.body);
      const login = { method: 'POST' as const, url: '/api/auth/admin/login', payload: { email: adm.email, password: 'admin-password-1' }, remoteAddress: '10.9.5.2' };
      const challenge = await check('password of an account with a second factor', 'mfa_required', login);
      await check('unknown sign-in step', 'mfa_token_invalid', { method: 'POST', url: '/api/auth/admin/login/mfa', payload: { mfa_token: 'mfa_nope', code: '123456' } });
      clock.advance(5 * 60_000 + 1);
      await check('expired sign-in step', 'mfa_token_expired', {
        method: 'POST',
        url: '/api/auth/admin/login/mfa',
        payload: { mfa_token: challenge.json().mfa_token, code: codeAt(secret, clock.now()) },
      });
      // A passkey this service never registered, answering a challenge it handed out.
      const options = await m.inject({ method: 'POST', url: '/api/auth/admin/login/passkey/options', remoteAddress: '10.9.5.3' });
      const stranger = new SoftAuthenticator('http://localhost:8000');
      stranger.create({ challenge: 'AAAA', rp: { name: 'elsewhere', id: 'localhost' }, user: { id: 'AAAA', name: 'someone' } });
      await check('unknown passkey', 'passkey_invalid', {
        method: 'POST',
        url: '/api/auth/admin/login/passkey',
        payload: { response: stranger.get(options.json()) },
        remoteAddress: '10.9.5.3',
      });
    } finally {
      await m.close();
    }
  });

  it('rate limits, exports, server faults and outages carry their codes', async () => {
    const check = async (what: string, code: ErrorCode, url: string, headers: Record<string, string> = {}) => {
      const r = await raw.app.inject({ method: 'GET', url, headers });
      expectCode(what, r.statusCode, r.body, code);
      return r;
    };
    let limited = false;
    for (let i = 0; i < 10 && !limited; i++) {
      const r = await raw.app.inject({ method: 'GET', url: '/api/v1/me', headers: { 'x-api-key': raw.key } });
      if (r.statusCode === 429) {
        expectCode('over the rate limit', r.statusCode, r.body, 'rate_limited');
        limited = true;
      }
    }
    assert.ok(limited, 'the key is rate limited');
    // Two large pages of one key at once: the second finds the first in progress.
    const heavy = await t.partner();
    const pages = await Promise.all(
      [1, 2].map((i) => t.inject({ method: 'GET', url: `/v1/transactions?user_id=heavy-${i}&since=2020-01-01&limit=500`, headers: keyHeaders(heavy) })),
    );
    const busy = pages.find((r) => r.statusCode !== 200);
    assert.ok(busy, `two large pages at once were both served: ${pages.map((r) => r.statusCode).join(',')}`);
    expectCode('a second large page at once', busy.statusCode, busy.body, 'costly_request_in_progress');
    assert.equal(busy.headers['retry-after'], '1');
    const exp = await check('a second export at once', 'export_in_progress', '/__test/export');
    assert.equal(exp.headers['retry-after'], '1');
    await check('an unexpected error', 'internal_error', '/__test/unexpected');
    const down = await check('database away', 'database_unavailable', '/__test/database-down');
    assert.match(String(down.headers['retry-after']), /^\d+$/);
    await check('disk full', 'storage_full', '/__test/disk-full');
    await check('same work running', 'in_progress', '/__test/in-progress');
    const streams = await check('a fourth event stream of one key', 'too_many_streams', '/__test/streams');
    assert.equal(streams.headers['retry-after'], '5');
    const up = await check('upstream failed', 'upstream_error', '/__test/upstream');
    assert.equal(up.json().submission_id, 'x');
  });

  it('answers written on the socket before any request exists carry their codes', async () => {
    const send = async (text: string, deadlineMs = 5000) => {
      const s = await connect(raw.port);
      s.write(text);
      return answers(await readUntilClosed(s, deadlineMs));
    };
    const [garbage] = await send('NOT HTTP AT ALL\r\n\r\n');
    expectCode('malformed request line', garbage.status, garbage.body, 'bad_request');
    const [big] = await send(`GET /api/v1/health HTTP/1.1\r\nHost: x\r\nX-Pad: ${'a'.repeat(20_000)}\r\n\r\n`);
    expectCode('oversized headers', big.status, big.body, 'headers_too_large');
    const [late] = await send('GET /api/v1/health HTTP/1.1\r\nHost: x\r\n', 8000);
    assert.ok(late, 'a stalled request is answered');
    expectCode('headers that never finish', late.status, late.body, 'request_timeout');
  });

  it('a request reaching a closing server is shed with service_unavailable (last: closes the second app)', async () => {
    const s = await connect(raw.port);
    const done = readUntilClosed(s, 8000);
    // A request under way when the close begins keeps its connection open; the next one on it is shed.
    s.write('POST /__test/echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n');
    await sleep(100);
    const closing = raw.app.close();
    await sleep(100);
    s.write('{}GET /api/v1/health HTTP/1.1\r\nHost: x\r\n\r\n');
    const [first, second] = answers(await done);
    await closing;
    assert.equal(first?.status, 200, first?.body);
    assert.ok(second, 'the second request is answered');
    expectCode('request on a closing server', second.status, second.body, 'service_unavailable');
  });

  it('every code of the catalogue was answered above', () => {
    assert.deepEqual(
      ERROR_CODES.filter((c) => !seen.has(c)),
      [],
      'codes without an example',
    );
  });
});
