import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildTestApp, keyHeaders, type TestApp, type TestPartner } from '../helpers/app.js';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('administrator operations on partners', () => {
  let t: TestApp;
  let adm: { id: string; email: string; token: string };
  let p: TestPartner;
  let q: TestPartner;
  before(async () => {
    t = await buildTestApp();
    adm = await t.admin();
    p = await t.partner({ company: 'Alpha Credit Union' });
    q = await t.partner({ company: 'Beta Bank', activated: false });
  });
  after(() => t.close());

  const A = () => bearer(adm.token);
  const me = (key: string) => t.inject({ method: 'GET', url: '/api/v1/me', headers: { 'x-api-key': key } });
  const auditOf = async (target: string, action: string) =>
    (await t.inject({ method: 'GET', url: `/api/admin/audit-log?target_id=${target}&action=${action}`, headers: A() })).json().items;

  it('GET /api/admin/partners lists partners newest first with masked keys, paged, filtered', async () => {
    const r = await t.inject({ method: 'GET', url: '/api/admin/partners', headers: A() });
    assert.equal(r.statusCode, 200);
    const b = r.json();
    assert.equal(b.count, 2);
    assert.deepEqual(b.items.map((x: { id: string }) => x.id), [q.id, p.id]);
    const alpha = b.items[1];
    assert.equal(alpha.company_name, 'Alpha Credit Union');
    assert.equal(alpha.production_enabled, true);
    assert.equal(b.items[0].production_enabled, false);
    assert.equal(alpha.keys.length, 2);
    assert.ok(!r.body.includes(p.testKey) && !r.body.includes(p.liveKey), 'keys are masked');
    const page1 = (await t.inject({ method: 'GET', url: '/api/admin/partners?limit=1', headers: A() })).json();
    assert.equal(page1.items.length, 1);
    assert.ok(page1.next_cursor);
    const page2 = (await t.inject({ method: 'GET', url: `/api/admin/partners?limit=1&cursor=${page1.next_cursor}`, headers: A() })).json();
    assert.deepEqual(page2.items.map((x: { id: string }) => x.id), [p.id]);
    assert.equal(page2.next_cursor, null);
    const found = (await t.inject({ method: 'GET', url: '/api/admin/partners?q=ALPHA', headers: A() })).json();
    assert.deepEqual(found.items.map((x: { id: string }) => x.id), [p.id]);
    const pct = (await t.inject({ method: 'GET', url: '/api/admin/partners?q=%25', headers: A() })).json();
    assert.equal(pct.count, 0, '% is matched literally');
    for (const url of ['/api/admin/partners?limit=0', '/api/admin/partners?limit=501', '/api/admin/partners?cursor=zz', '/api/admin/partners?status=gone']) {
      const bad = await t.inject({ method: 'GET', url, headers: A() });
      assert.equal(bad.statusCode, 422, url);
      assert.equal(bad.json().detail[0].loc[0], 'query');
    }
  });

  it("GET /api/admin/partners: each partner's calls, unique end-users and estimated bill this month, as GET /api/v1/usage tells the partner", async () => {
    const r = await t.partner({ company: 'Usage Figures Bank', tier: 'growth' });
    const quiet = await t.partner({ company: 'Quiet Bank' });
    const calc = (key: string, user: string) =>
      t.inject({ method: 'POST', url: '/api/v1/calculate/safe-to-spend', headers: { 'x-api-key': key }, payload: { end_user_id: user, cash_balance: 10 } });
    for (const u of ['a', 'b', 'c', 'a']) assert.equal((await calc(r.liveKey, u)).statusCode, 200);
    for (const u of ['x', 'y']) assert.equal((await calc(r.testKey, u)).statusCode, 200);
    const own = (await t.inject({ method: 'GET', url: '/api/v1/usage', headers: { 'x-api-key': r.testKey } })).json();
    assert.equal(own.production.calls, 4);
    assert.equal(own.production.unique_end_users, 3);
    const list = (await t.inject({ method: 'GET', url: '/api/admin/partners?limit=500', headers: A() })).json();
    const row = list.items.find((x: { id: string }) => x.id === r.id);
    // The same figures (the partner's own read of /usage counts itself, in both answers).
    assert.deepEqual(row.this_month, own);
    assert.equal(row.this_month.sandbox.calls, 3);
    assert.equal(row.this_month.production.estimated_bill_usd, 0.12, '3 users at the growth rate, 0.04');
    assert.equal(row.this_month.sandbox.unique_end_users, 2);
    assert.equal(row.this_month.sandbox.estimated_bill_usd, null);
    const none = list.items.find((x: { id: string }) => x.id === quiet.id).this_month;
    assert.deepEqual(none.production, { calls: 0, unique_end_users: 0, estimated_bill_usd: 0 });
    assert.deepEqual(none.sandbox, { calls: 0, unique_end_users: 0, estimated_bill_usd: null });
    assert.equal(none.month, own.month);
    // The one-partner read carries the same figures.
    const one = (await t.inject({ method: 'GET', url: `/api/admin/partners/${r.id}`, headers: A() })).json();
    assert.deepEqual(one.this_month, row.this_month);
    for (const id of [r.id, quiet.id]) await t.inject({ method: 'DELETE', url: `/api/admin/partners/${id}`, headers: A() });
  });

  it('GET /api/admin/partners/{id} answers one partner as the list does; another role or none is refused', async () => {
    const listed = (await t.inject({ method: 'GET', url: '/api/admin/partners?q=ALPHA', headers: A() })).json().items[0];
    const one = await t.inject({ method: 'GET', url: `/api/admin/partners/${p.id}`, headers: A() });
    assert.equal(one.statusCode, 200, one.body);
    assert.deepEqual(one.json(), listed);
    assert.ok(!one.body.includes(p.testKey) && !one.body.includes(p.liveKey), 'keys are masked');
    assert.equal((await t.inject({ method: 'GET', url: `/api/admin/partners/${p.id}` })).statusCode, 401);
    const partnerSession = await t.session('partner', p.id);
    assert.equal((await t.inject({ method: 'GET', url: `/api/admin/partners/${p.id}`, headers: bearer(partnerSession) })).statusCode, 403);
    const bad = await t.inject({ method: 'GET', url: `/api/admin/partners/${'x'.repeat(121)}`, headers: A() });
    assert.equal(bad.statusCode, 422);
  });

  it('suspend: every key answers 403 and every session ends on the very next request; activate restores the keys, not the sessions', async () => {
    const session = await t.session('partner', p.id);
    assert.equal((await me(p.testKey)).statusCode, 200); // cached
    const s = await t.inject({ method: 'POST', url: `/api/admin/partners/${p.id}/suspend`, headers: A() });
    assert.equal(s.statusCode, 200, s.body);
    assert.equal(s.json().active, false);
    assert.equal(s.json().changed, true);
    for (const key of [p.testKey, p.liveKey]) {
      const r = await me(key);
      assert.equal(r.statusCode, 403);
      assert.deepEqual(r.json(), { detail: 'partner suspended', code: 'partner_suspended' });
    }
    const calc = await t.inject({ method: 'POST', url: '/v1/calculate/safe-to-spend', headers: keyHeaders(p), payload: { end_user_id: 'u' } });
    assert.equal(calc.statusCode, 403);
    const portal = await t.inject({ method: 'GET', url: '/api/partners/me/api-keys', headers: bearer(session) });
    assert.equal(portal.statusCode, 401);
    assert.equal(portal.json().code, 'session_expired');
    assert.equal((await t.inject({ method: 'PUT', url: '/api/v1/keys', headers: bearer(session), payload: { key: 'svc_test_whilesuspended01' } })).statusCode, 401);
    assert.equal((await me(q.testKey)).statusCode, 200, 'other partners are untouched');
    const again = await t.inject({ method: 'POST', url: `/api/admin/partners/${p.id}/suspend`, headers: A() });
    assert.equal(again.json().changed, false);

    const a = await t.inject({ method: 'POST', url: `/api/admin/partners/${p.id}/activate`, headers: A() });
    assert.equal(a.statusCode, 200);
    assert.equal(a.json().active, true);
    assert.equal(a.json().production_enabled, true);
    assert.equal((await me(p.testKey)).statusCode, 200);
    assert.equal((await t.inject({ method: 'GET', url: '/api/partners/me/api-keys', headers: bearer(session) })).statusCode, 401, 'no session comes back');
    assert.equal((await auditOf(p.id, 'partner.suspend')).length, 2);
    assert.equal((await auditOf(p.id, 'partner.activate')).length, 1);
  });

  it('activate grants no production access; production-access does, and keeps the first date through a suspension', async () => {
    const before = (await me(q.testKey)).json();
    assert.equal(before.activated_at, null);
    const a = await t.inject({ method: 'POST', url: `/api/admin/partners/${q.id}/activate`, headers: A() });
    assert.equal(a.json().production_enabled, false);
    assert.equal(a.json().changed, false);
    const e = await t.inject({ method: 'POST', url: `/api/admin/partners/${q.id}/production-access`, headers: A(), payload: { enabled: true } });
    assert.equal(e.json().production_enabled, true);
    const first = e.json().activated_at;
    assert.ok(first);
    assert.equal((await me(q.testKey)).json().activated_at, first);
    await t.inject({ method: 'POST', url: `/api/admin/partners/${q.id}/suspend`, headers: A() });
    const b = await t.inject({ method: 'POST', url: `/api/admin/partners/${q.id}/activate`, headers: A() });
    assert.equal(b.json().activated_at, first);
    assert.equal(b.json().production_enabled, true);
    assert.equal((await auditOf(q.id, 'partner.activate')).length, 2);
    assert.equal((await auditOf(q.id, 'partner.production_access.enable')).length, 1);
  });

  it('clear-key blanks a slot (default live); regenerate-key returns a new key once; old keys fail at once', async () => {
    assert.equal((await me(p.liveKey)).statusCode, 200);
    const c = await t.inject({ method: 'POST', url: `/api/admin/partners/${p.id}/clear-key`, headers: A() });
    assert.equal(c.statusCode, 200, c.body);
    assert.equal(c.json().environment, 'live');
    assert.equal(c.json().cleared, true);
    assert.equal((await me(p.liveKey)).statusCode, 401);
    const ct = await t.inject({ method: 'POST', url: `/api/admin/partners/${p.id}/clear-key?environment=test`, headers: A() });
    assert.equal(ct.json().environment, 'test');
    assert.equal((await me(p.testKey)).statusCode, 401);
    const g = await t.inject({ method: 'POST', url: `/api/admin/partners/${p.id}/regenerate-key?environment=test`, headers: A() });
    assert.equal(g.statusCode, 200, g.body);
    assert.match(g.json().key, /^svc_test_[0-9A-Za-z]{32}$/);
    assert.equal(g.json().masked, `svc_test_****${g.json().key.slice(-4)}`);
    assert.equal((await me(g.json().key)).statusCode, 200);
    p.testKey = g.json().key;
    const gl = await t.inject({ method: 'POST', url: `/api/admin/partners/${p.id}/regenerate-key`, headers: A() });
    assert.match(gl.json().key, /^svc_live_/);
    p.liveKey = gl.json().key;
    assert.equal((await me(p.liveKey)).json().is_sandbox, false);
    const g2 = await t.inject({ method: 'POST', url: `/api/admin/partners/${p.id}/regenerate-key?environment=test`, headers: A() });
    assert.equal((await me(p.testKey)).statusCode, 401);
    p.testKey = g2.json().key;
    const log = await auditOf(p.id, 'admin.key.regenerate');
    assert.equal(log.length, 3);
    assert.equal(log[0].actor_type, 'admin');
    assert.equal(log[0].actor_id, adm.id);
    assert.ok(!JSON.stringify(log).includes(p.testKey), 'the audit log holds masked keys only');
    for (const url of [`/api/admin/partners/${p.id}/clear-key?environment=prod`, `/api/admin/partners/${p.id}/regenerate-key?environment=x`]) {
      const bad = await t.inject({ method: 'POST', url, headers: A() });
      assert.equal(bad.statusCode, 422);
      assert.deepEqual(bad.json().detail[0].loc, ['query', 'environment']);
    }
  });

  it('external keys: add (201, creates or resolves the partner), list, delete; 409 on a key in use', async () => {
    const create = await t.inject({
      method: 'POST',
      url: '/api/admin/external-keys',
      headers: A(),
      payload: { key: 'ext-live-key-from-core-banking', environment: 'live', partner_email: 'NEW@Gamma.example', partner_company_name: 'Gamma Fintech', tier: 'enterprise' },
    });
    assert.equal(create.statusCode, 201, create.body);
    const c = create.json();
    assert.equal(c.created_partner, true);
    assert.equal(c.company_name, 'Gamma Fintech');
    assert.equal(c.source, 'admin-external');
    assert.equal(c.key_masked, 'ext-****king');
    const gamma = await me('ext-live-key-from-core-banking');
    assert.equal(gamma.statusCode, 200);
    assert.equal(gamma.json().tier, 'enterprise');
    assert.equal(gamma.json().is_sandbox, false);
    const resolve = await t.inject({ method: 'POST', url: '/api/admin/external-keys', headers: A(), payload: { key: 'ext-test-key-for-alpha', environment: 'test', partner_id: p.id } });
    assert.equal(resolve.statusCode, 201);
    assert.equal(resolve.json().created_partner, false);
    assert.equal(resolve.json().partner_id, p.id);
    assert.equal((await me(p.testKey)).statusCode, 401, 'the slot now holds the external key');
    p.testKey = 'ext-test-key-for-alpha';
    const byEmail = await t.inject({ method: 'POST', url: '/api/admin/external-keys', headers: A(), payload: { key: 'ext-test-key-gamma-1', environment: 'test', partner_email: 'new@gamma.example' } });
    assert.equal(byEmail.json().partner_id, c.partner_id);
    const conflict = await t.inject({ method: 'POST', url: '/api/admin/external-keys', headers: A(), payload: { key: 'ext-test-key-for-alpha', environment: 'test', partner_email: 'other@delta.example', partner_company_name: 'Delta' } });
    assert.equal(conflict.statusCode, 409);
    const delta = await t.deps.database.db.selectFrom('partners').select('id').where('email_lower', '=', 'other@delta.example').execute();
    assert.equal(delta.length, 0, 'nothing changed: the partner of a refused key is not created');
    const missing = await t.inject({ method: 'POST', url: '/api/admin/external-keys', headers: A(), payload: { key: 'ext-nobody-key-1', environment: 'test', partner_id: 'ptr_nope' } });
    assert.equal(missing.statusCode, 404);
    const noCompany = await t.inject({ method: 'POST', url: '/api/admin/external-keys', headers: A(), payload: { key: 'ext-nobody-key-1', environment: 'test', partner_email: 'x@new.example' } });
    assert.equal(noCompany.statusCode, 422);
    assert.deepEqual(noCompany.json().detail[0].loc, ['body', 'partner_company_name']);
    const nothing = await t.inject({ method: 'POST', url: '/api/admin/external-keys', headers: A(), payload: { key: 'ext-nobody-key-1', environment: 'test' } });
    assert.equal(nothing.statusCode, 422);
    assert.deepEqual(nothing.json().detail[0].loc, ['body', 'partner_email']);
    for (const [payload, loc] of [
      [{ key: 'short', environment: 'test', partner_id: p.id }, ['body', 'key']],
      [{ key: 'long-enough-key', environment: 'prod', partner_id: p.id }, ['body', 'environment']],
      [{ key: 'long-enough-key', environment: 'test', partner_email: 'bad' }, ['body', 'partner_email']],
      [{ key: 'long-enough-key', environment: 'test', partner_email: 'a@b.example', partner_company_name: 'x'.repeat(161) }, ['body', 'partner_company_name']],
    ] as const) {
      const r = await t.inject({ method: 'POST', url: '/api/admin/external-keys', headers: A(), payload });
      assert.equal(r.statusCode, 422, JSON.stringify(payload));
      assert.ok(r.json().detail.some((d: { loc: unknown[] }) => JSON.stringify(d.loc) === JSON.stringify(loc)), r.body);
    }

    const list = await t.inject({ method: 'GET', url: '/api/admin/external-keys', headers: A() });
    assert.equal(list.statusCode, 200);
    const items = list.json().items as { id: string; partner_id: string; source: string; key_masked: string }[];
    assert.equal(list.json().count, 3);
    assert.ok(items.every((k) => k.source === 'admin-external'));
    assert.ok(!list.body.includes('ext-test-key-for-alpha'), 'masked only');
    const alphaKey = items.find((k) => k.partner_id === p.id)!;
    const del = await t.inject({ method: 'DELETE', url: `/api/admin/external-keys/${alphaKey.id}`, headers: A() });
    assert.equal(del.statusCode, 200);
    assert.deepEqual(del.json(), { deleted: true, id: alphaKey.id, partner_id: p.id, environment: 'test' });
    assert.equal((await me(p.testKey)).statusCode, 401);
    assert.equal((await t.inject({ method: 'DELETE', url: `/api/admin/external-keys/${alphaKey.id}`, headers: A() })).statusCode, 404);
    assert.equal((await t.inject({ method: 'DELETE', url: '/api/admin/external-keys/key_unknown', headers: A() })).statusCode, 404);
    assert.equal((await auditOf(p.id, 'external_key.delete')).length, 1);
  });

  it('GET /api/admin/ingest-secret returns the platform secret (and the read is audited)', async () => {
    const r = await t.inject({ method: 'GET', url: '/api/admin/ingest-secret', headers: A() });
    assert.equal(r.statusCode, 200);
    assert.equal(r.json().configured, true);
    assert.equal(r.json().ingest_secret, t.config.ingestSecret);
    assert.equal(r.json().header_name, 'X-Service-Ingest-Secret');
    const log = (await t.inject({ method: 'GET', url: '/api/admin/audit-log?action=ingest_secret.read', headers: A() })).json();
    assert.equal(log.count, 1);
    assert.ok(!JSON.stringify(log).includes(t.config.ingestSecret!));
  });

  it('DELETE /api/admin/partners/{id}: hard delete of the partner, keys, sessions, cached calculations, events and webhooks', async () => {
    const v = await t.partner();
    const session = await t.session('partner', v.id);
    const ing = await t.inject({ method: 'POST', url: '/api/v1/ingest', headers: keyHeaders(v, { secret: true }), payload: { end_user_id: 'u1', cash_balance: 100 } });
    assert.equal(ing.statusCode, 201);
    const now = Date.now();
    await t.deps.database.db
      .insertInto('webhook_endpoints')
      .values({ id: 'whe_test', partner_id: v.id, environment: 'test', url: 'https://example.com/h', events: '[]', enabled: 1, secret_enc: 'x', secret_hint: 'x', previous_secret_enc: null, previous_secret_expires_at: null, disabled_reason: null, created_at: now, updated_at: now })
      .execute();
    assert.equal((await me(v.testKey)).statusCode, 200);
    const r = await t.inject({ method: 'DELETE', url: `/api/admin/partners/${v.id}`, headers: A() });
    assert.equal(r.statusCode, 200, r.body);
    const b = r.json();
    assert.equal(b.deleted, true);
    assert.equal(b.removed.partners, 1);
    assert.equal(b.removed.api_keys, 2);
    assert.equal(b.removed.calculations, 1);
    assert.equal(b.removed.webhook_endpoints, 1);
    assert.ok(b.removed.webhook_events >= 1);
    assert.equal(b.removed.sessions, 1);
    const db = t.deps.database.db;
    for (const table of ['api_keys', 'calculations', 'webhook_endpoints', 'webhook_events'] as const) {
      const rows = await db.selectFrom(table).select('partner_id').where('partner_id', '=', v.id).execute();
      assert.equal(rows.length, 0, table);
    }
    assert.equal((await db.selectFrom('sessions').select('id').where('subject_id', '=', v.id).execute()).length, 0);
    assert.equal((await me(v.testKey)).statusCode, 401);
    assert.equal((await t.inject({ method: 'GET', url: '/api/auth/partner/me', headers: bearer(session) })).statusCode, 401);
    assert.equal((await t.inject({ method: 'DELETE', url: `/api/admin/partners/${v.id}`, headers: A() })).statusCode, 404);
    const log = await auditOf(v.id, 'partner.delete');
    assert.equal(log.length, 1, 'the audit row outlives its target');
    assert.equal(log[0].actor_id, adm.id);
    assert.equal((await me(q.testKey)).statusCode, 200, 'other partners are untouched');
  });

  it('404 for every operation on an unknown partner', async () => {
    for (const [method, path] of [
      ['POST', 'suspend'],
      ['POST', 'activate'],
      ['POST', 'clear-key'],
      ['POST', 'regenerate-key'],
      ['POST', 'production-access'],
      ['GET', ''],
      ['DELETE', ''],
    ] as const) {
      const payload = path === 'production-access' ? { enabled: true } : undefined;
      const r = await t.inject({ method, url: `/api/admin/partners/ptr_missing${path ? '/' + path : ''}`, headers: A(), payload });
      assert.equal(r.statusCode, 404, `${method} ${path}`);
    }
  });

  it('GET /api/admin/audit-log: newest first, paged, every admin action with who, what, when and target', async () => {
    const all = (await t.inject({ method: 'GET', url: '/api/admin/audit-log?limit=500', headers: A() })).json();
    assert.ok(all.count > 10);
    const ids = all.items.map((x: { id: string }) => x.id);
    assert.deepEqual(ids, [...ids].sort().reverse());
    for (const e of all.items.filter((x: { actor_type: string }) => x.actor_type === 'admin')) {
      assert.equal(e.actor_id, adm.id);
      assert.ok(Date.parse(e.at));
      assert.ok(e.action);
    }
    const p1 = (await t.inject({ method: 'GET', url: '/api/admin/audit-log?limit=3', headers: A() })).json();
    const p2 = (await t.inject({ method: 'GET', url: `/api/admin/audit-log?limit=3&cursor=${p1.next_cursor}`, headers: A() })).json();
    assert.deepEqual([...p1.items, ...p2.items].map((x: { id: string }) => x.id), ids.slice(0, 6));
    const bad = await t.inject({ method: 'GET', url: '/api/admin/audit-log?cursor=!!', headers: A() });
    assert.equal(bad.statusCode, 422);
    assert.deepEqual(bad.json().detail[0].loc, ['query', 'cursor']);
  });
});

describe('GET /api/admin/ingest-secret without a platform secret configured', () => {
  let t: TestApp;
  before(async () => {
    t = await buildTestApp({ env: { INGEST_SECRET: undefined } });
  });
  after(() => t.close());
  it('says it is not configured', async () => {
    const a = await t.admin();
    const r = await t.inject({ method: 'GET', url: '/api/admin/ingest-secret', headers: bearer(a.token) });
    assert.equal(r.statusCode, 200);
    assert.equal(r.json().configured, false);
    assert.equal(r.json().ingest_secret, null);
  });
});
