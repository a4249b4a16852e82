/** CSV exports (parsed back and reconciled with the JSON dashboards) and seed-demo. */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from 'csv-parse/sync';
import { buildTestApp, PLATFORM_SECRET, TestClock, type TestApp, type TestPartner } from '../helpers/app.js';
import { demoDay } from '../../src/areas/usage-events/demo.js';

const SECRET = { 'x-service-ingest-secret': PLATFORM_SECRET };
const NOW = '2026-11-21T15:30:00.000Z';
type Row = Record<string, string>;

describe('usage exports and demo data', () => {
  let t: TestApp;
  let p: TestPartner;
  let q: TestPartner;
  let pTok: string;
  let admin: { id: string; token: string };
  const clock = new TestClock(Date.parse(NOW));
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const get = (url: string, token: string) => t.inject({ method: 'GET', url, headers: auth(token) });
  const csv = (body: string): Row[] => parse(body, { columns: true, skip_empty_lines: true });

  before(async () => {
    t = await buildTestApp({ clock });
    p = await t.partner();
    q = await t.partner();
    pTok = await t.session('partner', p.id);
    admin = await t.admin();
    // A busy partner: 1,200 events over 10 days, across the paging size of the events export.
    const events = Array.from({ length: 1200 }, (_, i) => ({
      partner_id: p.id,
      event_type: (['user_signup', 'account_link', 'transaction', 'transaction'] as const)[i % 4],
      user_id: `u${i % 37}`,
      amount_cents: i % 4 >= 2 ? 100 + i : null,
      category: i % 4 >= 2 ? ['groceries', 'rent', 'dining'][i % 3] : null,
      institution: i % 4 === 1 ? 'Ally' : null,
      // All share a few instants, so the keyset must order ties by id.
      occurred_at: new Date(Date.parse('2026-11-12T00:00:00Z') + (i % 10) * 86_400_000 + (i % 3) * 1000).toISOString(),
    }));
    for (let i = 0; i < events.length; i += 500) {
      const r = await t.inject({ method: 'POST', url: '/api/ingest/events/batch', headers: SECRET, payload: { events: events.slice(i, i + 500) } });
      assert.equal(r.statusCode, 200);
    }
    const hostile = await t.inject({
      method: 'POST',
      url: '/api/ingest/event',
      headers: SECRET,
      payload: { partner_id: p.id, event_type: 'transaction', user_id: '=HYPERLINK("http://x")', category: '+cmd|calc', amount_cents: 5, occurred_at: '2026-11-21T01:00:00Z' },
    });
    assert.equal(hostile.statusCode, 200);
    await t.inject({ method: 'POST', url: '/api/ingest/event', headers: SECRET, payload: { partner_id: q.id, event_type: 'user_signup', user_id: '-q1' } });
  });
  after(() => t.close());

  it('partner summary CSV: one row per day, equal to the JSON dashboard', async () => {
    const res = await get('/api/partners/me/usage/export?days=14&format=summary', pTok);
    assert.equal(res.statusCode, 200);
    assert.match(res.headers['content-type'] as string, /^text\/csv/);
    assert.match(res.headers['content-disposition'] as string, /^attachment; filename="usage-summary-.*\.csv"$/);
    const rows = csv(res.body);
    const json = (await get('/api/partners/me/usage?days=14', pTok)).json();
    assert.equal(rows.length, 14);
    assert.deepEqual(Object.keys(rows[0]), ['date', 'events', 'user_signup', 'account_link', 'transaction', 'transaction_volume_cents', 'active_users']);
    assert.deepEqual(
      rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, k === 'date' ? v : Number(v)]))),
      json.daily,
    );
    // The default format is summary.
    assert.equal(csv((await get('/api/partners/me/usage/export?days=14', pTok)).body).length, 14);
  });

  it('partner events CSV: every raw event of the window, in time order, reconciling with the dashboard', async () => {
    const res = await get('/api/partners/me/usage/export?days=14&format=events', pTok);
    assert.equal(res.statusCode, 200);
    const rows = csv(res.body);
    const json = (await get('/api/partners/me/usage?days=14', pTok)).json();
    assert.equal(rows.length, json.totals.events);
    assert.equal(rows.length, 1201);
    assert.equal(new Set(rows.map((r) => r.id)).size, rows.length, 'no event twice across pages');
    for (let i = 1; i < rows.length; i++) {
      const a = [rows[i - 1].occurred_at, rows[i - 1].id];
      const b = [rows[i].occurred_at, rows[i].id];
      assert.ok(a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]), 'ordered by occurred_at, then id');
    }
    const perDay = new Map<string, { events: number; volume: number; users: Set<string> }>();
    for (const r of rows) {
      const d = perDay.get(r.occurred_at.slice(0, 10)) ?? { events: 0, volume: 0, users: new Set() };
      d.events++;
      if (r.event_type === 'transaction') d.volume += Number(r.amount_cents || 0);
      if (r.user_id) d.users.add(r.user_id);
      perDay.set(r.occurred_at.slice(0, 10), d);
    }
    for (const day of json.daily) {
      const d = perDay.get(day.date) ?? { events: 0, volume: 0, users: new Set() };
      assert.equal(d.events, day.events, day.date);
      assert.equal(d.volume, day.transaction_volume_cents, day.date);
      assert.equal(d.users.size, day.active_users, day.date);
    }
    assert.equal(new Set(rows.filter((r) => r.user_id).map((r) => r.user_id)).size, json.totals.active_users);
    // Formula injection: text cells that start with = + - @ are prefixed with '.
    const hostile = rows.find((r) => r.amount_cents === '5')!;
    assert.equal(hostile.user_id, `'=HYPERLINK("http://x")`);
    assert.equal(hostile.category, "'+cmd|calc");
    assert.equal(hostile.environment, 'live');
    // Empty cells for what does not apply.
    const signup = rows.find((r) => r.event_type === 'user_signup')!;
    assert.equal(signup.amount_cents, '');
    assert.equal(signup.category, '');
  });

  it('partner export: bad format or days 422; it never shows another partner', async () => {
    assert.equal((await get('/api/partners/me/usage/export?format=partners', pTok)).statusCode, 422);
    assert.equal((await get('/api/partners/me/usage/export?days=0', pTok)).statusCode, 422);
    const qTok = await t.session('partner', q.id);
    const rows = csv((await get('/api/partners/me/usage/export?format=events', qTok)).body);
    assert.equal(rows.length, 1);
    assert.equal(rows[0].partner_id, q.id);
    assert.equal(rows[0].user_id, "'-q1");
  });

  it('admin export: partners (default), summary and events, for all partners or one', async () => {
    const partners = await get('/api/admin/usage/export?days=14', admin.token);
    assert.equal(partners.statusCode, 200);
    assert.match(partners.headers['content-disposition'] as string, /^attachment; filename="usage-partners-all-/);
    const prow = csv(partners.body);
    const dash = (await get('/api/admin/usage?days=14', admin.token)).json();
    assert.equal(prow.length, dash.partners.length);
    for (const r of prow) {
      const d = dash.partners.find((x: { partner_id: string }) => x.partner_id === r.partner_id);
      assert.equal(Number(r.events), d.events);
      assert.equal(Number(r.transaction_volume_cents), d.transaction_volume_cents);
      assert.equal(Number(r.active_users), d.active_users);
      assert.equal(r.active, 'true');
    }
    const summary = csv((await get('/api/admin/usage/export?days=14&format=summary', admin.token)).body);
    assert.deepEqual(summary.map((r) => Number(r.events)), dash.daily.map((d: { events: number }) => d.events));
    const events = csv((await get('/api/admin/usage/export?days=14&format=events', admin.token)).body);
    assert.equal(events.length, dash.totals.events);
    const onlyQ = csv((await get(`/api/admin/usage/export?days=14&format=events&partner_id=${q.id}`, admin.token)).body);
    assert.deepEqual(onlyQ.map((r) => r.partner_id), [q.id]);
    const onlyP = csv((await get(`/api/admin/usage/export?days=14&format=partners&partner_id=${p.id}`, admin.token)).body);
    assert.deepEqual(onlyP.map((r) => r.partner_id), [p.id]);
    const missing = await get('/api/admin/usage/export?partner_id=ptr_nobody', admin.token);
    assert.equal(missing.statusCode, 404);
    assert.equal((await get('/api/admin/usage/export?format=xml', admin.token)).statusCode, 422);
  });

  it('seed-demo: deterministic events over the window; the same call twice gives the same data', async () => {
    const s = await t.partner();
    const url = `/api/admin/partners/${s.id}/seed-demo?days=45`;
    const first = await t.inject({ method: 'POST', url, headers: auth(admin.token) });
    assert.equal(first.statusCode, 200);
    const b = first.json();
    assert.equal(b.start_date, '2026-10-08');
    assert.equal(b.end_date, '2026-11-21');
    assert.ok(b.generated > 45 * 20);
    assert.equal(b.inserted, b.generated);
    const dash1 = (await get(`/api/admin/partners/${s.id}/usage?days=45`, admin.token)).json();
    assert.equal(dash1.totals.events, b.generated);
    assert.ok(dash1.daily.every((d: { events: number }) => d.events > 0), 'every day of the window has events');
    // What was stored is exactly the generator's output for each day (today: only what is already past).
    const day = '2026-11-01';
    const expected = demoDay(s.id, day, Date.parse(`${day}T00:00:00Z`));
    const got = dash1.daily.find((d: { date: string }) => d.date === day);
    assert.equal(got.events, expected.length);
    assert.equal(
      got.transaction_volume_cents,
      expected.filter((e) => e.eventType === 'transaction').reduce((a, e) => a + (e.amountCents ?? 0), 0),
    );
    const today = demoDay(s.id, '2026-11-21', Date.parse('2026-11-21T00:00:00Z')).filter((e) => e.occurredAt <= clock.now());
    assert.equal(dash1.daily.at(-1).events, today.length);

    const second = await t.inject({ method: 'POST', url, headers: auth(admin.token) });
    assert.deepEqual(second.json(), { ...b, inserted: 0 });
    const dash2 = (await get(`/api/admin/partners/${s.id}/usage?days=45`, admin.token)).json();
    assert.deepEqual(dash2, dash1);
    // Still idempotent long after the 32-day id window: 40 days on, the overlapping days are not stored again.
    clock.advance(40 * 86_400_000);
    try {
      const tok = await t.session('admin', admin.id); // the first session has expired by then
      const later = (await t.inject({ method: 'POST', url, headers: auth(tok) })).json();
      const overlap = (await get(`/api/admin/partners/${s.id}/usage?days=85`, tok)).json();
      const nov1 = overlap.daily.find((d: { date: string }) => d.date === day);
      assert.equal(nov1.events, expected.length, 'a day seeded twice holds its events once');
      assert.equal(overlap.totals.events, b.generated + later.inserted);
      assert.ok(later.inserted < later.generated);
    } finally {
      clock.set(NOW);
    }
    // Different partners get different data; an audit row records who seeded.
    const other = await t.partner();
    assert.equal((await t.inject({ method: 'POST', url: `/api/admin/partners/${other.id}/seed-demo?days=45`, headers: auth(admin.token) })).statusCode, 200);
    const dashOther = (await get(`/api/admin/partners/${other.id}/usage?days=45`, admin.token)).json();
    assert.notDeepEqual(
      dashOther.daily.map((d: { events: number }) => d.events),
      dash1.daily.map((d: { events: number }) => d.events),
    );
    const audit = await t.deps.database.db.selectFrom('audit_log').selectAll().where('target_id', '=', s.id).where('action', '=', 'partner.seed_demo').execute();
    assert.equal(audit.length, 3);
    assert.equal(audit[0].actor_id, admin.id);
  });

  it('seed-demo: default 45 days, bounds 422, unknown partner 404', async () => {
    const s = await t.partner();
    const res = await t.inject({ method: 'POST', url: `/api/admin/partners/${s.id}/seed-demo`, headers: auth(admin.token) });
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().days, 45);
    for (const d of ['0', '366', 'x']) {
      const bad = await t.inject({ method: 'POST', url: `/api/admin/partners/${s.id}/seed-demo?days=${d}`, headers: auth(admin.token) });
      assert.equal(bad.statusCode, 422);
      assert.deepEqual(bad.json().detail[0].loc, ['query', 'days']);
    }
    const missing = await t.inject({ method: 'POST', url: '/api/admin/partners/ptr_nobody/seed-demo', headers: auth(admin.token) });
    assert.equal(missing.statusCode, 404);
  });
});
