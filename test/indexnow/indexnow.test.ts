import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { assert422, assertAdminOnly, bearer } from '../helpers/checks.js';

const KEY = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
const BASE = 'https://api.svc.example';

interface Received {
  method: string;
  url: string;
  contentType: string | undefined;
  body: { host: string; key: string; keyLocation: string; urlList: string[] };
}

/** A local IndexNow endpoint that records what it receives and answers with a chosen status. */
function receiver() {
  const received: Received[] = [];
  let status = 200;
  const server = http.createServer((req, res) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => {
      received.push({ method: req.method!, url: req.url!, contentType: req.headers['content-type'], body: JSON.parse(data) });
      res.statusCode = status;
      res.end(status === 200 || status === 202 ? '' : 'key not valid');
    });
  });
  return {
    received,
    setStatus: (s: number) => (status = s),
    listen: () => new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port))),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('IndexNow', () => {
  let t: TestApp;
  let admin: { id: string; token: string };
  const r = receiver();
  before(async () => {
    const port = await r.listen();
    t = await buildTestApp({ env: { INDEXNOW_ENDPOINT: `http://127.0.0.1:${port}/indexnow`, INDEXNOW_KEY: KEY, PUBLIC_BASE_URL: BASE } });
    admin = await t.admin();
  });
  after(async () => {
    await t.close();
    await r.close();
  });
  beforeEach(() => r.setStatus(200));

  it('serves the key at /{key}.txt', async () => {
    const res = await t.inject({ method: 'GET', url: `/${KEY}.txt` });
    assert.equal(res.statusCode, 200);
    assert.match(res.headers['content-type'] as string, /^text\/plain/);
    assert.equal(res.body, KEY);
    assert.equal((await t.inject({ method: 'GET', url: '/someotherkey123.txt' })).statusCode, 404);
  });

  it('status before any submission', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/admin/indexnow/status', headers: bearer(admin.token) });
    assert.equal(res.statusCode, 200);
    const b = res.json();
    assert.equal(b.configured, true);
    assert.equal(b.host, 'api.svc.example');
    assert.equal(b.key_location, `${BASE}/${KEY}.txt`);
    assert.equal(b.submissions, 0);
    assert.equal(b.last_submission, null);
    assert.ok(b.sitemap_urls >= 10);
  });

  it('POST /submit sends one batch following the protocol and records it', async () => {
    const urls = [`${BASE}/blog/safe-to-spend-explained`, `${BASE}/changelog#v2-3-0`, `${BASE}/blog/safe-to-spend-explained`];
    const res = await t.inject({ method: 'POST', url: '/api/admin/indexnow/submit', headers: bearer(admin.token), payload: { urls } });
    assert.equal(res.statusCode, 200, res.body);
    const b = res.json();
    assert.equal(b.ok, true);
    assert.equal(b.submitted, 2, 'duplicates and fragments collapse');
    assert.equal(b.status_code, 200);
    assert.equal(r.received.length, 1);
    const got = r.received[0];
    assert.equal(got.method, 'POST');
    assert.equal(got.url, '/indexnow');
    assert.match(got.contentType!, /^application\/json; charset=utf-8/);
    assert.deepEqual(got.body, {
      host: 'api.svc.example',
      key: KEY,
      keyLocation: `${BASE}/${KEY}.txt`,
      urlList: [`${BASE}/blog/safe-to-spend-explained`, `${BASE}/changelog`],
    });
    const status = (await t.inject({ method: 'GET', url: '/api/admin/indexnow/status', headers: bearer(admin.token) })).json();
    assert.equal(status.submissions, 1);
    assert.equal(status.urls_submitted, 2);
    assert.equal(status.last_submission.id, b.submission_id);
    assert.equal(status.last_submission.ok, true);
    const audit = await t.deps.database.db.selectFrom('audit_log').selectAll().where('target_id', '=', b.submission_id).execute();
    assert.equal(audit[0].action, 'indexnow.submitted');
    assert.equal(audit[0].actor_id, admin.id);
  });

  it('POST /submit-all-sitemap sends every sitemap URL', async () => {
    const before = r.received.length;
    const res = await t.inject({ method: 'POST', url: '/api/admin/indexnow/submit-all-sitemap', headers: bearer(admin.token) });
    assert.equal(res.statusCode, 200, res.body);
    const sitemap = (await t.inject({ method: 'GET', url: '/sitemap.xml' })).body;
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    assert.equal(r.received.length, before + 1);
    assert.deepEqual(r.received[r.received.length - 1].body.urlList, locs);
    assert.equal(res.json().submitted, locs.length);
  });

  it('an endpoint that refuses answers 502 and the attempt is recorded', async () => {
    r.setStatus(403);
    const res = await t.inject({ method: 'POST', url: '/api/admin/indexnow/submit', headers: bearer(admin.token), payload: { urls: [`${BASE}/blog`] } });
    assert.equal(res.statusCode, 502);
    assert.match(res.json().detail, /403/);
    assert.equal(res.json().status_code, 403);
    const status = (await t.inject({ method: 'GET', url: '/api/admin/indexnow/status', headers: bearer(admin.token) })).json();
    assert.equal(status.last_submission.ok, false);
    assert.match(status.last_submission.error, /403/);
    r.setStatus(202);
    const accepted = await t.inject({ method: 'POST', url: '/api/admin/indexnow/submit', headers: bearer(admin.token), payload: { urls: [`${BASE}/blog`] } });
    assert.equal(accepted.statusCode, 200);
    assert.equal(accepted.json().status_code, 202);
  });

  it('refuses URLs of other hosts and bad bodies with 422', async () => {
    const h = bearer(admin.token);
    const post = (payload: unknown) => t.inject({ method: 'POST', url: '/api/admin/indexnow/submit', headers: h, payload: payload as object });
    const n = r.received.length;
    assert422(await post({ urls: [`${BASE}/blog`, 'https://evil.example/x'] }), ['body', 'urls', 1], 'value_error');
    assert422(await post({ urls: ['not a url'] }), ['body', 'urls', 0], 'url_parsing');
    assert422(await post({ urls: ['ftp://api.svc.example/x'] }), ['body', 'urls', 0]);
    assert422(await post({ urls: [] }), ['body', 'urls'], 'too_short');
    assert422(await post({}), ['body', 'urls'], 'missing');
    assert422(await post({ urls: 'https://api.svc.example/' }), ['body', 'urls'], 'list_type');
    assert422(await post({ urls: Array.from({ length: 10001 }, (_, i) => `${BASE}/p${i}`) }), ['body', 'urls'], 'too_long');
    assert.equal(r.received.length, n, 'nothing was sent');
  });

  it('every IndexNow route is admin-only', async () => {
    await assertAdminOnly(t, { method: 'GET', url: '/api/admin/indexnow/status' });
    await assertAdminOnly(t, { method: 'POST', url: '/api/admin/indexnow/submit', payload: { urls: [`${BASE}/blog`] } });
    await assertAdminOnly(t, { method: 'POST', url: '/api/admin/indexnow/submit-all-sitemap' });
  });

  it('the three schemas are in the OpenAPI document', async () => {
    const doc = (await t.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const status = doc.paths['/api/admin/indexnow/status'].get;
    const submit = doc.paths['/api/admin/indexnow/submit'].post;
    const all = doc.paths['/api/admin/indexnow/submit-all-sitemap'].post;
    const schemaOf = (s: { $ref?: string; title?: string }) => (s.$ref ? doc.components.schemas[s.$ref.split('/').pop()!] : s);
    assert.equal(schemaOf(status.responses['200'].content['application/json'].schema).title, 'StatusResponse');
    assert.equal(schemaOf(submit.requestBody.content['application/json'].schema).title, 'SubmitBody');
    assert.equal(schemaOf(submit.responses['200'].content['application/json'].schema).title, 'SubmitResult');
    assert.equal(schemaOf(all.responses['200'].content['application/json'].schema).title, 'SubmitResult');
  });
});

describe('IndexNow without a key', () => {
  it('is reported as not configured and submissions answer 503; an unreachable endpoint answers 502', async () => {
    const t = await buildTestApp({ env: { INDEXNOW_KEY: undefined } });
    const admin = await t.admin();
    try {
      const status = (await t.inject({ method: 'GET', url: '/api/admin/indexnow/status', headers: bearer(admin.token) })).json();
      assert.equal(status.configured, false);
      assert.equal(status.key_location, null);
      const res = await t.inject({ method: 'POST', url: '/api/admin/indexnow/submit-all-sitemap', headers: bearer(admin.token) });
      assert.equal(res.statusCode, 503);
    } finally {
      await t.close();
    }
    const t2 = await buildTestApp({ env: { INDEXNOW_KEY: KEY, INDEXNOW_ENDPOINT: 'http://127.0.0.1:1/indexnow' } });
    const admin2 = await t2.admin();
    try {
      const res = await t2.inject({ method: 'POST', url: '/api/admin/indexnow/submit', headers: bearer(admin2.token), payload: { urls: ['http://localhost:8000/blog'] } });
      assert.equal(res.statusCode, 502);
      assert.equal(res.json().status_code, null);
    } finally {
      await t2.close();
    }
  });

  it('an invalid key is ignored: no key file, not configured', async () => {
    const t = await buildTestApp({ env: { INDEXNOW_KEY: 'bad key!' } });
    const admin = await t.admin();
    try {
      assert.equal((await t.inject({ method: 'GET', url: '/bad key!.txt' })).statusCode, 404);
      const status = (await t.inject({ method: 'GET', url: '/api/admin/indexnow/status', headers: bearer(admin.token) })).json();
      assert.equal(status.configured, false);
    } finally {
      await t.close();
    }
  });
});
