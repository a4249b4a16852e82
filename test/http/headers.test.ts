/**
 * Security headers: HTML pages carry a Content-Security-Policy (no inline or eval scripts, every
 * asset they reference allowed), a framing rule, Referrer-Policy and nosniff; every answer carries
 * nosniff; answers that carry a key, secret or token are `Cache-Control: no-store`.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { randomBase62 } from '../../src/lib/crypto.js';
import { buildTestApp, keyHeaders, PLATFORM_SECRET, type TestApp, type TestPartner } from '../helpers/app.js';
import { lastMail, register, signUpToken } from '../helpers/signup.js';

type Res = Awaited<ReturnType<TestApp['inject']>>;

function csp(res: Res): Map<string, string[]> {
  const header = res.headers['content-security-policy'];
  assert.equal(typeof header, 'string', 'a Content-Security-Policy header');
  const out = new Map<string, string[]>();
  for (const part of String(header).split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out.set(name.toLowerCase(), values);
  }
  return out;
}

/** The sources a directive allows, falling back to default-src as browsers do. */
function sources(policy: Map<string, string[]>, directive: string): string[] {
  return policy.get(directive) ?? policy.get('default-src') ?? [];
}

describe('security headers', () => {
  let t: TestApp;
  let p: TestPartner;
  before(async () => {
    t = await buildTestApp();
    p = await t.partner();
  });
  after(() => t.close());

  const PAGES = ['/api/docs', '/api/docs/', '/api/v1/integration-guide', '/api/v1/integration-guide.html', '/v1/integration-guide', '/v1/integration-guide.html', '/blog', '/changelog'];

  it('HTML pages carry a CSP without inline or eval scripts, a framing rule, Referrer-Policy and nosniff', async () => {
    const posts = JSON.parse((await t.inject({ method: 'GET', url: '/api/blog/posts' })).body);
    const pages = [...PAGES, `/blog/${posts.posts?.[0]?.slug ?? posts[0]?.slug}`];
    for (const url of pages) {
      const res = await t.inject({ method: 'GET', url });
      assert.equal(res.statusCode, 200, url);
      assert.match(String(res.headers['content-type']), /^text\/html/, url);
      const policy = csp(res);
      for (const d of ['script-src', 'script-src-elem', 'script-src-attr', 'default-src', 'style-src']) {
        for (const v of sources(policy, d)) assert.ok(!["'unsafe-inline'", "'unsafe-eval'", "'unsafe-hashes'", '*', 'http:', 'https:', 'data:'].includes(v), `${url}: ${d} allows ${v}`);
      }
      assert.deepEqual(policy.get('frame-ancestors'), ["'none'"], url);
      assert.deepEqual(policy.get('base-uri'), ["'none'"], url);
      assert.deepEqual(policy.get('default-src'), ["'none'"], url);
      assert.equal(res.headers['x-frame-options'], 'DENY', url);
      assert.equal(res.headers['referrer-policy'], 'no-referrer', url);
      assert.equal(res.headers['x-content-type-options'], 'nosniff', url);
    }
  });

  it("the service's own pages allow exactly their inline style block and no script", async () => {
    for (const url of ['/api/v1/integration-guide', '/api/v1/integration-guide.html', '/blog', '/changelog']) {
      const res = await t.inject({ method: 'GET', url });
      const policy = csp(res);
      assert.deepEqual(sources(policy, 'script-src'), ["'none'"], `${url}: no script at all`);
      assert.doesNotMatch(res.body, /<script/i, url);
      assert.doesNotMatch(res.body, /\sstyle=/i, `${url}: a style attribute would be blocked`);
      const blocks = [...res.body.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => `'sha256-${createHash('sha256').update(m[1]).digest('base64')}'`);
      assert.ok(blocks.length >= 1, url);
      for (const h of blocks) assert.ok(sources(policy, 'style-src').includes(h), `${url}: its inline style is allowed by hash`);
    }
  });

  it('the API docs page: every script and stylesheet it references is served and allowed by its CSP', async () => {
    for (const url of ['/api/docs', '/api/docs/']) {
      const res = await t.inject({ method: 'GET', url });
      const policy = csp(res);
      assert.doesNotMatch(res.body, /<script(?![^>]*\bsrc=)[^>]*>/i, `${url}: no inline script`);
      const scripts = [...res.body.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]);
      const styles = [...res.body.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => m[1]);
      const icons = [...res.body.matchAll(/<link[^>]*rel="icon"[^>]*href="([^"]+)"/g)].map((m) => m[1]);
      assert.ok(scripts.length >= 3 && styles.length >= 1, url);
      const base = new URL(url, 'http://localhost:8000');
      for (const [list, directive, type] of [
        [scripts, 'script-src', /javascript/],
        [styles, 'style-src', /text\/css/],
        [icons, 'img-src', /image\//],
      ] as const) {
        for (const ref of list) {
          const abs = new URL(ref, base);
          assert.equal(abs.origin, base.origin, `${ref} is same-origin`);
          assert.ok(sources(policy, directive).includes("'self'"), `${directive} allows 'self' for ${ref}`);
          const asset = await t.inject({ method: 'GET', url: abs.pathname });
          assert.equal(asset.statusCode, 200, abs.pathname);
          assert.match(String(asset.headers['content-type']), type, abs.pathname);
          assert.equal(asset.headers['x-content-type-options'], 'nosniff', abs.pathname);
        }
      }
      // The page fetches the document from ./json; Try it out calls the document's server.
      assert.ok(sources(policy, 'connect-src').includes("'self'"));
      assert.ok(sources(policy, 'connect-src').includes('http://localhost:8000'));
      const doc = await t.inject({ method: 'GET', url: '/api/docs/json' });
      assert.equal(doc.statusCode, 200);
      assert.equal(JSON.parse(doc.body).openapi, '3.1.0');
    }
  });

  it('every answer carries nosniff: JSON, errors, 404s, CSV, feeds, PDF, HEAD', async () => {
    const key = keyHeaders(p);
    const cases: { method: 'GET' | 'POST' | 'HEAD' | 'DELETE'; url: string; headers?: Record<string, string>; payload?: unknown; status: number }[] = [
      { method: 'POST', url: '/api/v1/calculate/safe-to-spend', headers: key, payload: { end_user_id: 'u1', cash_balance: 100 }, status: 200 },
      { method: 'POST', url: '/v1/calculate/safe-to-spend', headers: key, payload: { end_user_id: 'u1', cash_balance: 100 }, status: 200 },
      { method: 'POST', url: '/api/v1/calculate/safe-to-spend', headers: key, payload: { end_user_id: 5 }, status: 422 },
      { method: 'POST', url: '/api/v1/calculate/safe-to-spend', headers: { ...key, 'content-type': 'application/xml' }, payload: '<x/>', status: 415 },
      { method: 'POST', url: '/api/v1/calculate/safe-to-spend', headers: { ...key, 'content-type': 'application/json' }, payload: JSON.stringify({ end_user_id: 'x'.repeat(2 * 1024 * 1024) }), status: 413 },
      { method: 'POST', url: '/api/v1/calculate/safe-to-spend', payload: { end_user_id: 'u1' }, status: 401 },
      { method: 'GET', url: '/api/v1/me', headers: { 'x-api-key': `svc_test_${randomBase62(32)}` }, status: 401 },
      { method: 'GET', url: '/api/admin/partners', status: 401 },
      { method: 'GET', url: '/api/v1/ingest/calculation/nobody', headers: keyHeaders(p, { secret: true }), status: 404 },
      { method: 'GET', url: '/no/such/page', status: 404 },
      { method: 'DELETE', url: '/api/v1/health', status: 404 },
      { method: 'GET', url: '/api/v1/health', status: 200 },
      { method: 'HEAD', url: '/api/v1/health', status: 200 },
      { method: 'GET', url: '/api/openapi.json', status: 200 },
      { method: 'GET', url: '/api/v1/reports/calculations.csv', headers: key, status: 200 },
      { method: 'GET', url: '/api/changelog.rss', status: 200 },
      { method: 'GET', url: '/api/changelog.json', status: 200 },
      { method: 'GET', url: '/sitemap.xml', status: 200 },
      { method: 'GET', url: '/robots.txt', status: 200 },
      { method: 'GET', url: '/api/v1/integration-guide.md', status: 200 },
      { method: 'GET', url: '/api/v1/integration-guide.pdf', status: 200 },
      { method: 'GET', url: '/blog/no-such-post', status: 404 },
      { method: 'GET', url: '/api/docs/static/no-such-file.js', status: 404 },
      { method: 'GET', url: '/api/status', status: 200 },
    ];
    for (const c of cases) {
      const res = await t.inject({ method: c.method, url: c.url, headers: c.headers, payload: c.payload as string | object | undefined });
      assert.equal(res.statusCode, c.status, `${c.method} ${c.url}: ${res.body.slice(0, 200)}`);
      assert.equal(res.headers['x-content-type-options'], 'nosniff', `${c.method} ${c.url} ${c.status}`);
    }
  });

  it('the partner API carries no page headers (they stay off the hot path)', async () => {
    const res = await t.inject({ method: 'POST', url: '/api/v1/calculate/safe-to-spend', headers: keyHeaders(p), payload: { end_user_id: 'u1', cash_balance: 100 } });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-security-policy'], undefined);
    assert.equal(res.headers['cache-control'], undefined, 'no no-store where nothing secret is answered');
  });

  it('answers that carry a key, secret or token are Cache-Control: no-store (and the others are not)', async () => {
    const admin = await t.admin();
    const A = { authorization: `Bearer ${admin.token}` };
    const q = await t.partner();
    const S = { authorization: `Bearer ${await t.session('partner', q.id)}` };
    const email = `h_${randomBase62(6).toLowerCase()}@example.com`;
    const password = 'header-test-password';
    const withSecret = keyHeaders(q, { secret: true });
    // Sign-up answers no credential; the link's confirmation answers the session.
    await register(t, { email, password, company_name: 'Hdr Co', contact_name: 'Hdr' });
    const signUpLink = signUpToken((await lastMail(t, email, 'signup_confirmation'))!.text);
    const cases: { label: string; method: 'GET' | 'POST' | 'PUT'; url: string; headers?: Record<string, string>; payload?: unknown; status: number; carries?: string }[] = [
      { label: 'sign-up confirmation', method: 'POST', url: '/api/auth/partner/register/confirm', payload: { token: signUpLink, password }, status: 200, carries: 'token' },
      { label: 'login', method: 'POST', url: '/api/auth/partner/login', payload: { email, password }, status: 200, carries: 'token' },
      { label: 'login refused', method: 'POST', url: '/api/auth/partner/login', payload: { email, password: 'not-the-password' }, status: 401 },
      { label: 'key-login', method: 'POST', url: '/api/auth/partner/key-login', payload: { key: q.testKey }, status: 200, carries: 'token' },
      { label: 'admin login', method: 'POST', url: '/api/auth/admin/login', payload: { email: admin.email, password: 'admin-password-1' }, status: 200, carries: 'token' },
      { label: 'api-keys', method: 'GET', url: '/api/partners/me/api-keys', headers: S, status: 200, carries: 'key' },
      { label: 'paste', method: 'PUT', url: '/api/partners/me/api-keys/live', headers: S, payload: { key: `svc_live_${randomBase62(32)}` }, status: 200, carries: 'key' },
      { label: 'secrets', method: 'GET', url: '/api/v1/secrets', headers: keyHeaders(q), status: 200, carries: 'ingest_secret' },
      { label: 'secrets (reference path)', method: 'GET', url: '/v1/secrets', headers: keyHeaders(q), status: 200, carries: 'ingest_secret' },
      { label: 'webhook create', method: 'POST', url: '/api/v1/webhooks', headers: withSecret, payload: { url: 'http://127.0.0.1:9/hook', events: ['calculation.updated'] }, status: 200, carries: 'secret' },
      { label: 'webhook rotate', method: 'POST', url: '/api/v1/webhooks/rotate-secret', headers: withSecret, status: 200, carries: 'secret' },
      { label: 'regenerate', method: 'POST', url: `/api/admin/partners/${q.id}/regenerate-key?environment=live`, headers: A, status: 200, carries: 'key' },
      { label: 'ingest-secret', method: 'GET', url: '/api/admin/ingest-secret', headers: A, status: 200, carries: 'ingest_secret' },
      { label: 'calculations.csv', method: 'GET', url: '/api/v1/reports/calculations.csv', headers: keyHeaders(q), status: 200 },
      // Last: it replaces the test key the rows above use.
      { label: 'rotate', method: 'POST', url: '/api/v1/key/rotate', headers: withSecret, payload: { key_type: 'sandbox' }, status: 200, carries: 'new_key' },
    ];
    for (const c of cases) {
      const res = await t.inject({ method: c.method, url: c.url, headers: c.headers, payload: c.payload as object | undefined });
      assert.equal(res.statusCode, c.status, `${c.label}: ${res.body.slice(0, 200)}`);
      if (c.carries) {
        const body = JSON.parse(res.body);
        assert.equal(typeof (Array.isArray(body) ? body[0]?.[c.carries] : body[c.carries]), 'string', `${c.label} answers ${c.carries}`);
      }
      assert.equal(res.headers['cache-control'], 'no-store', c.label);
    }
    // Operations that answer no credential keep their caching as it was.
    for (const [url, headers] of [
      ['/api/v1/me', keyHeaders(p)],
      ['/api/auth/partner/me', S],
      ['/api/admin/partners', A],
    ] as const) {
      const res = await t.inject({ method: 'GET', url, headers });
      assert.equal(res.statusCode, 200, url);
      assert.notEqual(res.headers['cache-control'], 'no-store', url);
    }
    // Key sync answers only a masked key.
    const sync = await t.inject({ method: 'POST', url: '/api/v1/admin/keys/sync', headers: { 'x-service-ingest-secret': PLATFORM_SECRET }, payload: { key: `svc_test_${randomBase62(32)}`, environment: 'test', partner_id: p.id } });
    assert.equal(sync.statusCode, 201, sync.body);
    assert.ok(!('key' in JSON.parse(sync.body)));
  });
});
