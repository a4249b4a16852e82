/** Partner and admin usage dashboards: window boundaries, per-day counts, active users, categories, auth. */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildTestApp, keyHeaders, PLATFORM_SECRET, TestClock, type TestApp, type TestPartner } from '../helpers/app.js';

const SECRET = { 'x-service-ingest-secret': PLATFORM_SECRET };
const NOW = '2026-11-21T15:30:00.000Z';

describe('usage dashboards', () => {
  let t: TestApp;
  let p: TestPartner;
  let q: TestPartner;
  let pTok: string;
  let qTok: string;
  let admin: { id: string; token: string };
  const clock = new TestClock(Date.parse(NOW));
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });

  before(async () => {
    t = await buildTestApp({ clock });
    p = await t.partner();
    q = await t.partner();
    pTok = await t.session('partner', p.id);
    qTok = await t.session('partner', q.id);
    admin = await t.admin();
    const ev = (over: Record<string, unknown>) => ({ partner_id: p.id, event_type: 'transaction', ...over });
    const res = await t.inject({
      method: 'POST',
      url: '/api/ingest/events/batch',
      headers: SECRET,
      payload: {
        events: [
          // Window of 7 days: 2026-11-15 .. 2026-11-21.
          ev({ event_type: 'user_signup', user_id: 'before', occurred_at: '2026-11-14T23:59:59.999Z' }), // just outside
          ev({ event_type: 'user_signup', user_id: 'u1', occurred_at: '2026-11-15T00:00:00.000Z' }), // first instant inside
          ev({ user_id: 'u1', amount_cents: 1000, category: 'groceries', occurred_at: '2026-11-15T12:00:00Z' }),
          ev({ user_id: 'u2', amount_cents: 250, category: 'groceries', occurred_at: '2026-11-15T13:00:00Z' }),
          ev({ user_id: 'u2', amount_cents: 5000, category: 'rent', occurred_at: '2026-11-18T09:00:00Z' }),
          ev({ event_type: 'account_link', user_id: 'u3', institution: 'Chase', occurred_at: '2026-11-18T10:00:00Z' }),
          ev({ user_id: null, amount_cents: 75, occurred_at: '2026-11-21T23:59:59.999Z' }), // last instant of today, no category
          ev({ user_id: 'u1', amount_cents: 25, category: 'dining', occurred_at: '2026-11-21T01:00:00Z' }),
          ev({ user_id: 'future_only', amount_cents: 1, category: 'dining', occurred_at: '2026-11-22T00:00:00.000Z' }), // tomorrow: outside
          ev({ user_id: 'u3', amount_cents: 1, category: 'dining', occurred_at: '2026-11-25T00:00:00.000Z' }), // u3 also in the future
          ev({ partner_id: q.id, event_type: 'user_signup', user_id: 'qq', occurred_at: '2026-11-20T00:00:00Z' }),
        ],
      },
    });
    assert.equal(res.statusCode, 200);
  });
  after(() => t.close());

  const get = (url: string, token?: string) => t.inject({ method: 'GET', url, headers: token ? auth(token) : {} });

  it('GET /api/partners/me/usage: per-day counts, active users, categories and totals over the window', async () => {
    const res = await get('/api/partners/me/usage?days=7', pTok);
    assert.equal(res.statusCode, 200);
    const b = res.json();
    assert.equal(b.partner_id, p.id);
    assert.equal(b.environment, 'live');
    assert.equal(b.days, 7);
    assert.equal(b.start_date, '2026-11-15');
    assert.equal(b.end_date, '2026-11-21');
    assert.deepEqual(
      b.daily.map((d: { date: string }) => d.date),
      ['2026-11-15', '2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21'],
    );
    assert.deepEqual(b.daily[0], { date: '2026-11-15', events: 3, user_signup: 1, account_link: 0, transaction: 2, transaction_volume_cents: 1250, active_users: 2 });
    assert.deepEqual(b.daily[1], { date: '2026-11-16', events: 0, user_signup: 0, account_link: 0, transaction: 0, transaction_volume_cents: 0, active_users: 0 });
    assert.deepEqual(b.daily[3], { date: '2026-11-18', events: 2, user_signup: 0, account_link: 1, transaction: 1, transaction_volume_cents: 5000, active_users: 2 });
    assert.deepEqual(b.daily[6], { date: '2026-11-21', events: 2, user_signup: 0, account_link: 0, transaction: 2, transaction_volume_cents: 100, active_users: 1 });
    assert.deepEqual(b.by_category, [
      { category: 'rent', transactions: 1, volume_cents: 5000 },
      { category: 'groceries', transactions: 2, volume_cents: 1250 },
      { category: null, transactions: 1, volume_cents: 75 },
      { category: 'dining', transactions: 1, volume_cents: 25 },
    ]);
    // u1, u2, u3 (u3 has a future event too, but one inside the window); 'before' and 'future_only' are outside.
    assert.deepEqual(b.totals, { events: 7, user_signup: 1, account_link: 1, transaction: 5, transaction_volume_cents: 6350, active_users: 3 });
  });

  it('window boundaries: days=1 is today only; a longer window takes the earlier event in', async () => {
    const one = (await get('/api/partners/me/usage?days=1', pTok)).json();
    assert.equal(one.start_date, '2026-11-21');
    assert.equal(one.daily.length, 1);
    assert.deepEqual(one.totals, { events: 2, user_signup: 0, account_link: 0, transaction: 2, transaction_volume_cents: 100, active_users: 1 });
    const eight = (await get('/api/partners/me/usage?days=8', pTok)).json();
    assert.equal(eight.start_date, '2026-11-14');
    assert.equal(eight.totals.events, 8);
    assert.equal(eight.totals.active_users, 4);
    // Default window is 30 days; the maximum is 365.
    const def = (await get('/api/partners/me/usage', pTok)).json();
    assert.equal(def.days, 30);
    assert.equal(def.daily.length, 30);
    assert.equal((await get('/api/partners/me/usage?days=365', pTok)).json().daily.length, 365);
    // The day turns at UTC midnight: a day later the first day has left the 7-day window.
    clock.set('2026-11-22T00:00:00.000Z');
    try {
      const later = (await get('/api/partners/me/usage?days=7', pTok)).json();
      assert.equal(later.start_date, '2026-11-16');
      assert.equal(later.end_date, '2026-11-22');
      assert.equal(later.totals.events, 5); // 2 on 11-18, 2 on 11-21, and the one dated 11-22 is now today
      // u2 and u3 (11-18), u1 (11-21), future_only (11-22); u3's later event (11-25) does not hide its 11-18 one.
      assert.equal(later.totals.active_users, 4);
    } finally {
      clock.set(NOW);
    }
  });

  it('days out of bounds or not an integer: 422 on query.days', async () => {
    for (const v of ['0', '366', '-1', 'abc', '1.5']) {
      for (const url of [`/api/partners/me/usage?days=${v}`, `/api/admin/usage?days=${v}`, `/api/admin/partners/${p.id}/usage?days=${v}`]) {
        const res = await get(url, url.includes('/admin/') ? admin.token : pTok);
        assert.equal(res.statusCode, 422, url);
        assert.deepEqual(res.json().detail[0].loc, ['query', 'days']);
      }
    }
    const env = await get('/api/partners/me/usage?environment=prod', pTok);
    assert.equal(env.statusCode, 422);
    assert.deepEqual(env.json().detail[0].loc, ['query', 'environment']);
  });

  it('each partner sees only its own usage; environments are apart', async () => {
    const b = (await get('/api/partners/me/usage?days=7', qTok)).json();
    assert.equal(b.partner_id, q.id);
    assert.deepEqual(b.totals, { events: 1, user_signup: 1, account_link: 0, transaction: 0, transaction_volume_cents: 0, active_users: 1 });
    const test = (await get('/api/partners/me/usage?days=7&environment=test', pTok)).json();
    assert.equal(test.environment, 'test');
    assert.equal(test.totals.events, 0);
  });

  it('partner routes: no session 401, an admin session 403, an API key 401, a suspended partner 403', async () => {
    for (const url of ['/api/partners/me/usage', '/api/partners/me/usage/export']) {
      assert.equal((await get(url)).statusCode, 401);
      assert.equal((await get(url, 'sess_not_a_real_token')).statusCode, 401);
      assert.equal((await get(url, admin.token)).statusCode, 403);
      assert.equal((await t.inject({ method: 'GET', url, headers: keyHeaders(p, { env: 'live' }) })).statusCode, 401);
    }
    const s = await t.partner();
    const sTok = await t.session('partner', s.id);
    await t.deps.database.db.updateTable('partners').set({ active: 0 }).where('id', '=', s.id).execute();
    await t.deps.auth.invalidatePartner(s.id);
    for (const url of ['/api/partners/me/usage', '/api/partners/me/usage/export']) {
      const res = await get(url, sTok);
      assert.equal(res.statusCode, 403);
      assert.equal(res.json().detail, 'partner suspended');
    }
  });

  it('GET /api/admin/usage: the platform per day and per partner', async () => {
    const res = await get('/api/admin/usage?days=7', admin.token);
    assert.equal(res.statusCode, 200);
    const b = res.json();
    assert.equal(b.start_date, '2026-11-15');
    assert.deepEqual(b.totals, { events: 8, user_signup: 2, account_link: 1, transaction: 5, transaction_volume_cents: 6350, active_users: 4 });
    const day20 = b.daily.find((d: { date: string }) => d.date === '2026-11-20');
    assert.deepEqual(day20, { date: '2026-11-20', events: 1, user_signup: 1, account_link: 0, transaction: 0, transaction_volume_cents: 0, active_users: 1 });
    const rowP = b.partners.find((r: { partner_id: string }) => r.partner_id === p.id);
    assert.deepEqual(rowP, {
      partner_id: p.id,
      company: rowP.company,
      email: p.email,
      active: true,
      events: 7,
      user_signup: 1,
      account_link: 1,
      transaction: 5,
      transaction_volume_cents: 6350,
      active_users: 3,
    });
    assert.equal(b.partners[0].partner_id, p.id, 'most events first');
    assert.ok(b.partners.some((r: { partner_id: string; events: number }) => r.partner_id === q.id && r.events === 1));
  });

  it('GET /api/admin/partners/{id}/usage equals what the partner sees; unknown partner 404', async () => {
    const a = await get(`/api/admin/partners/${p.id}/usage?days=7`, admin.token);
    assert.equal(a.statusCode, 200);
    assert.deepEqual(a.json(), (await get('/api/partners/me/usage?days=7', pTok)).json());
    const missing = await get('/api/admin/partners/ptr_nobody/usage', admin.token);
    assert.equal(missing.statusCode, 404);
    assert.equal(typeof missing.json().detail, 'string');
  });

  it('admin routes: no session 401, a partner session 403', async () => {
    for (const [method, url] of [
      ['GET', '/api/admin/usage'],
      ['GET', `/api/admin/partners/${p.id}/usage`],
      ['GET', '/api/admin/usage/export'],
      ['POST', `/api/admin/partners/${p.id}/seed-demo`],
    ] as const) {
      assert.equal((await t.inject({ method, url })).statusCode, 401, url);
      assert.equal((await t.inject({ method, url, headers: auth(pTok) })).statusCode, 403, url);
      assert.equal((await t.inject({ method, url, headers: SECRET })).statusCode, 401, url);
    }
  });

  it("erasing an end-user (DELETE /api/v1/ingest/user/{id}) removes their events and their share of the rollups", async () => {
    const res = await t.inject({ method: 'DELETE', url: '/api/v1/ingest/user/u2', headers: keyHeaders(p, { env: 'live', secret: true }) });
    assert.equal(res.statusCode, 200);
    assert.ok(res.json().erased.usage_events >= 2);
    const left = await t.deps.database.db.selectFrom('usage_events').select('id').where('partner_id', '=', p.id).where('user_id', '=', 'u2').execute();
    assert.equal(left.length, 0);
    const b = (await get('/api/partners/me/usage?days=7', pTok)).json();
    assert.deepEqual(b.totals, { events: 5, user_signup: 1, account_link: 1, transaction: 3, transaction_volume_cents: 1100, active_users: 2 });
    assert.equal(b.daily[0].active_users, 1);
    assert.equal(b.daily[3].active_users, 1);
    assert.ok(!b.by_category.some((c: { category: string }) => c.category === 'rent'), 'a category with nothing left disappears');
    for (const table of ['usage_event_day_users', 'usage_event_users'] as const) {
      const rows = await t.deps.database.db.selectFrom(table).select('user_id').where('user_id', '=', 'u2').execute();
      assert.equal(rows.length, 0, table);
    }
    // The test environment holds nothing of u2: the sandbox key erases nothing there (404 when no area has anything).
    const sandbox = await t.inject({ method: 'DELETE', url: '/api/v1/ingest/user/u2', headers: keyHeaders(p, { env: 'test', secret: true }) });
    assert.equal(sandbox.statusCode, 404);
  });

  it('deleting a partner removes its events and rollups (ON DELETE CASCADE)', async () => {
    const gone = await t.partner();
    await t.inject({ method: 'POST', url: '/api/ingest/event', headers: SECRET, payload: { partner_id: gone.id, event_type: 'transaction', user_id: 'x', amount_cents: 5, id: 'k' } });
    await t.deps.database.db.deleteFrom('partners').where('id', '=', gone.id).execute();
    for (const table of ['usage_events', 'usage_event_keys', 'usage_event_daily', 'usage_event_day_users', 'usage_event_daily_active', 'usage_event_users'] as const) {
      const rows = await t.deps.database.db.selectFrom(table).select('partner_id').where('partner_id', '=', gone.id).execute();
      assert.equal(rows.length, 0, table);
    }
  });
});
