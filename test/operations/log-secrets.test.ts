/**
 * No key, secret, password, session token or cookie reaches a log line, at the most verbose
 * level: every credential-carrying operation is driven through HTTP (credentials in headers,
 * bodies, paths and queries, accepted and refused), every line the logger writes is kept, and
 * none may hold any of the values (Buffers written as byte arrays included).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { loggerOptions } from '../../src/deps.js';
import { randomBase62 } from '../../src/lib/crypto.js';
import { buildTestApp, PLATFORM_SECRET, type TestApp, type TestPartner } from '../helpers/app.js';
import { lastMail, signUpToken } from '../helpers/signup.js';

/** Every string in a parsed log line, with Buffers ({type: 'Buffer', data: [...]}) decoded. */
function strings(v: unknown, out: string[] = []): string[] {
  if (typeof v === 'string') out.push(v);
  else if (Array.isArray(v)) for (const x of v) strings(x, out);
  else if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    if (o.type === 'Buffer' && Array.isArray(o.data)) out.push(Buffer.from(o.data as number[]).toString('latin1'));
    for (const [k, x] of Object.entries(o)) {
      out.push(k);
      strings(x, out);
    }
  }
  return out;
}

describe('credentials never reach the logs (LOG_LEVEL=trace)', () => {
  const lines: string[] = [];
  let t: TestApp;
  let p: TestPartner;
  before(async () => {
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    const log = pino(loggerOptions('trace'), sink) as unknown as FastifyBaseLogger;
    t = await buildTestApp({ log });
    p = await t.partner();
  });
  after(() => t.close());

  it('hides every credential of every credential-carrying operation, accepted or refused', async () => {
    const secrets = new Set<string>([p.testKey, p.liveKey, p.ingestSecret, PLATFORM_SECRET]);
    const note = (...vs: (string | null | undefined)[]) => {
      for (const v of vs) if (v) secrets.add(v);
    };
    const fresh = (prefix: string) => {
      const v = `${prefix}${randomBase62(32)}`;
      secrets.add(v);
      return v;
    };
    const json = (r: { body: string }) => JSON.parse(r.body);
    const cookieToken = (r: { headers: Record<string, unknown> }) => {
      const c = r.headers['set-cookie'];
      const s = Array.isArray(c) ? c.join(';') : String(c ?? '');
      return /svc_session=([^;]+)/.exec(s)?.[1];
    };
    const key = (extra: Record<string, string> = {}) => ({ 'x-api-key': p.testKey, ...extra });
    const withSecret = () => key({ 'x-service-ingest-secret': p.ingestSecret });
    const statuses: Record<string, number> = {};
    const call = async (label: string, opts: Parameters<TestApp['inject']>[0]) => {
      const r = await t.inject(opts);
      statuses[label] = r.statusCode;
      return r;
    };

    // Sign-up, sign-in (password, wrong password, key), cookies and bearer sessions.
    const email = `log_${randomBase62(6).toLowerCase()}@example.com`;
    const password = fresh('pw-');
    const reg = await call('register', { method: 'POST', url: '/api/auth/partner/register', payload: { email, password, company_name: 'Log Co', contact_name: 'Log Person' } });
    assert.equal(reg.statusCode, 200, reg.body);
    const link = signUpToken((await lastMail(t, email, 'signup_confirmation'))!.text);
    note(link);
    await call('sign-up confirm wrong', { method: 'POST', url: '/api/auth/partner/register/confirm', payload: { token: link, password: fresh('wrong-pw-') } });
    const confirmed = await call('sign-up confirm', { method: 'POST', url: '/api/auth/partner/register/confirm', payload: { token: link, password } });
    assert.equal(confirmed.statusCode, 200, confirmed.body);
    note(json(confirmed).token, cookieToken(confirmed));
    const login = await call('login', { method: 'POST', url: '/api/auth/partner/login', payload: { email, password } });
    assert.equal(login.statusCode, 200, login.body);
    const session = json(login).token as string;
    note(session);
    await call('login wrong', { method: 'POST', url: '/api/auth/partner/login', payload: { email, password: fresh('wrong-pw-') } });
    await call('login malformed', { method: 'POST', url: '/api/auth/partner/login', headers: { 'content-type': 'application/json' }, payload: `{"email":"${email}","password":"${fresh('cut-pw-')}"` });
    const kl = await call('key-login', { method: 'POST', url: '/api/auth/partner/key-login', payload: { key: p.testKey } });
    assert.equal(kl.statusCode, 200, kl.body);
    note(json(kl).token, cookieToken(kl));
    await call('key-login wrong', { method: 'POST', url: '/api/auth/partner/key-login', payload: { key: fresh('svc_test_') } });
    const admin = await t.admin();
    note(admin.token, 'admin-password-1');
    const al = await call('admin login', { method: 'POST', url: '/api/auth/admin/login', payload: { email: admin.email, password: 'admin-password-1' } });
    assert.equal(al.statusCode, 200, al.body);
    note(json(al).token);
    await call('me by cookie', { method: 'GET', url: '/api/auth/partner/me', headers: { cookie: `svc_session=${session}; other=1` } });
    await call('me by wrong cookie', { method: 'GET', url: '/api/auth/partner/me', headers: { cookie: `svc_session=${fresh('sess_')}` } });

    // Portal keys: list (values), paste, the /v1 paste.
    const S = { authorization: `Bearer ${session}` };
    const list = await call('api-keys', { method: 'GET', url: '/api/partners/me/api-keys', headers: S });
    assert.equal(list.statusCode, 200, list.body);
    for (const k of json(list)) note(k.key);
    const pasted = fresh('svc_test_');
    assert.equal((await call('paste', { method: 'PUT', url: '/api/partners/me/api-keys/test', headers: S, payload: { key: pasted } })).statusCode, 200);
    assert.equal((await call('v1 paste', { method: 'PUT', url: '/api/v1/keys', headers: S, payload: { key: fresh('svc_test_'), environment: 'test' } })).statusCode, 200);
    // p's test key was replaced by the pastes: put a known one back for the key routes.
    const own = fresh('svc_test_');
    assert.equal((await call('paste back', { method: 'PUT', url: '/api/partners/me/api-keys/test', headers: { authorization: `Bearer ${await t.session('partner', p.id)}` }, payload: { key: own } })).statusCode, 200);
    p = { ...p, testKey: own };

    // Key routes: secrets, rotation, webhooks (signing secret), a wrong ingest secret, a key in a query.
    const sec = await call('secrets', { method: 'GET', url: '/api/v1/secrets', headers: key() });
    assert.equal(sec.statusCode, 200, sec.body);
    note(json(sec).ingest_secret);
    await call('bad ingest secret', { method: 'POST', url: '/api/v1/key/rotate', headers: key({ 'x-service-ingest-secret': fresh('svc_ingest_') }), payload: { key_type: 'sandbox' } });
    const rot = await call('rotate', { method: 'POST', url: '/api/v1/key/rotate', headers: withSecret(), payload: { key_type: 'sandbox' } });
    assert.equal(rot.statusCode, 200, rot.body);
    note(json(rot).new_key);
    p = { ...p, testKey: json(rot).new_key };
    const wh = await call('webhook create', { method: 'POST', url: '/api/v1/webhooks', headers: withSecret(), payload: { url: 'http://127.0.0.1:9/hook', events: ['calculation.updated'] } });
    assert.equal(wh.statusCode, 200, wh.body);
    note(json(wh).secret);
    const whr = await call('webhook rotate', { method: 'POST', url: '/api/v1/webhooks/rotate-secret', headers: withSecret() });
    assert.equal(whr.statusCode, 200, whr.body);
    note(json(whr).secret);
    await call('key in query', { method: 'GET', url: `/api/v1/me?api_key=${fresh('svc_live_')}&token=${fresh('tok_')}`, headers: key() });
    await call('bearer key', { method: 'GET', url: '/api/v1/me', headers: { authorization: `Bearer ${p.testKey}` } });
    await call('unknown key', { method: 'GET', url: '/api/v1/me', headers: { 'x-api-key': fresh('svc_live_') } });

    // Admin: regenerate a key (returned once), the platform ingest secret, an external key.
    const A = { authorization: `Bearer ${admin.token}` };
    const other = await t.partner();
    note(other.testKey, other.liveKey, other.ingestSecret);
    const regen = await call('regenerate', { method: 'POST', url: `/api/admin/partners/${other.id}/regenerate-key?environment=test`, headers: A });
    assert.equal(regen.statusCode, 200, regen.body);
    note(json(regen).key);
    const is = await call('ingest-secret', { method: 'GET', url: '/api/admin/ingest-secret', headers: A });
    assert.equal(json(is).ingest_secret, PLATFORM_SECRET);
    assert.equal((await call('external key', { method: 'POST', url: '/api/admin/external-keys', headers: A, payload: { key: fresh('svc_live_'), environment: 'live', partner_id: other.id } })).statusCode, 201);

    // Server to server: sync, bulk sync, delete by value (accepted, refused, unknown), a mistyped path.
    const P = { 'x-service-ingest-secret': PLATFORM_SECRET };
    const synced = fresh('svc_test_');
    assert.equal((await call('sync', { method: 'POST', url: '/api/v1/admin/keys/sync', headers: P, payload: { key: synced, environment: 'test', partner_email: other.email } })).statusCode, 201);
    const bulk = fresh('svc_live_');
    const bs = await call('bulk-sync', { method: 'POST', url: '/api/v1/admin/keys/bulk-sync', headers: { authorization: `Bearer ${PLATFORM_SECRET}` }, payload: { keys: [{ key: bulk, environment: 'live', partner_email: other.email }] } });
    assert.equal(bs.statusCode, 200, bs.body);
    await call('delete refused', { method: 'DELETE', url: `/api/v1/admin/keys/${encodeURIComponent(bulk)}` });
    await call('delete wrong secret', { method: 'DELETE', url: `/api/v1/admin/keys/${bulk}`, headers: { 'x-service-ingest-secret': fresh('wrong-platform-') } });
    assert.equal((await call('delete', { method: 'DELETE', url: `/api/v1/admin/keys/${synced}`, headers: P })).statusCode, 200);
    assert.equal((await call('delete unknown', { method: 'DELETE', url: `/api/v1/admin/keys/${fresh('svc_test_')}?force=${fresh('q')}`, headers: P })).statusCode, 404);
    assert.equal((await call('typo path', { method: 'GET', url: `/api/v1/admin/keys/${bulk}`, headers: P })).statusCode, 404);
    await call('typo path 2', { method: 'POST', url: `/api/v1/admin/key/${fresh('svc_live_')}/x?secret=${fresh('s')}`, headers: P });
    await call('logout', { method: 'POST', url: '/api/auth/partner/logout', headers: S });

    // A request Node's parser refuses (an invalid header line after the credentials): no raw packet is logged.
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const raw = fresh('svc_live_');
    await new Promise<void>((resolve) => {
      const { port } = new URL(address);
      const s = net.connect(Number(port), '127.0.0.1', () => {
        s.write(`GET /api/v1/me HTTP/1.1\r\nHost: x\r\nX-API-Key: ${raw}\r\nCookie: svc_session=${session}\r\nBad Header\u0001: x\r\n\r\n`);
      });
      s.on('data', () => {});
      s.on('close', () => resolve());
      s.on('error', () => resolve());
    });
    for (let i = 0; i < 50 && !lines.some((l) => l.includes('client error')); i++) await new Promise((r) => setTimeout(r, 20));

    assert.ok(lines.some((l) => l.includes('client error')), 'the refused packet was logged at trace (so the test saw it)');
    const hay = lines.map((l) => strings(JSON.parse(l)).join('\n') + '\n' + l).join('\n');
    for (const s of secrets) {
      assert.ok(s.length >= 8, s);
      assert.ok(!hay.includes(s), `${s.slice(0, 12)}… reached the logs:\n${lines.filter((l) => strings(JSON.parse(l)).join('\n').includes(s) || l.includes(s)).join('\n')}`);
    }
    const requestLines = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'request');
    assert.equal(requestLines.length, Object.keys(statuses).length, 'one line per request');
  });

  it('logs the route pattern and a masked URL, with method, status and duration', () => {
    const requestLines = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'request');
    const del = requestLines.filter((l) => l.method === 'DELETE' && l.route === '/api/v1/admin/keys/:key_value');
    assert.deepEqual(
      del.map((l) => [l.statusCode, l.url]),
      [
        [401, '/api/v1/admin/keys/[redacted]'],
        [401, '/api/v1/admin/keys/[redacted]'],
        [200, '/api/v1/admin/keys/[redacted]'],
        [404, '/api/v1/admin/keys/[redacted]?[redacted]'],
      ],
    );
    for (const l of del) assert.equal(typeof l.ms, 'number');
    const unmatched = requestLines.filter((l) => l.route === null).map((l) => [l.method, l.statusCode, l.url]);
    assert.deepEqual(unmatched, [
      ['GET', 404, '/api/v1/admin/keys/[redacted]'],
      ['POST', 404, '/api/v1/admin/key/[redacted]/[redacted]?[redacted]'],
    ]);
    const q = requestLines.find((l) => l.route === '/api/v1/me' && l.url.includes('?'));
    assert.equal(q.url, '/api/v1/me?[redacted]&[redacted]', 'undeclared query parameters are masked whole');
    const regen = requestLines.find((l) => l.route === '/api/admin/partners/:partner_id/regenerate-key');
    assert.match(regen.url, /^\/api\/admin\/partners\/ptr_[0-9a-z]+\/regenerate-key\?environment=test$/, 'ids and declared query values stay');
    const calc = requestLines.find((l) => l.route === '/api/auth/partner/login');
    assert.equal(calc.url, '/api/auth/partner/login');
  });
});
