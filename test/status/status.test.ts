import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildTestApp, keyHeaders, PLATFORM_SECRET, TestClock, type TestApp } from '../helpers/app.js';
import { startStatusProbes } from '../../src/areas/status/worker.js';
import { runProbes } from '../../src/areas/status/probes.js';
import { applyPendingRollups } from '../../src/areas/usage-events/rollups.js';
import { newId } from '../../src/lib/ids.js';
import { assert422, assertAdminOnly, bearer } from '../helpers/checks.js';

const DAY = 86_400_000;

async function probeRows(t: TestApp) {
  return t.deps.database.db.selectFrom('status_probes').selectAll().orderBy('at').execute();
}

describe('GET /api/platform/status', () => {
  let t: TestApp;
  const clock = new TestClock(Date.parse('2026-11-21T12:00:00Z'));
  before(async () => {
    t = await buildTestApp({ clock });
  });
  after(() => t.close());

  it('probes on demand when nothing recent is recorded, and records the result', async () => {
    assert.equal((await probeRows(t)).length, 0);
    const res = await t.inject({ method: 'GET', url: '/api/platform/status' });
    assert.equal(res.statusCode, 200);
    const b = res.json();
    assert.deepEqual(Object.keys(b).sort(), ['components', 'incidents', 'status', 'updated_at']);
    assert.equal(b.status, 'operational');
    assert.equal(b.updated_at, '2026-11-21T12:00:00.000Z');
    assert.deepEqual(b.components.map((c: { id: string }) => c.id), ['partner_api', 'database', 'ingest', 'webhooks']);
    for (const c of b.components) {
      assert.equal(c.status, 'operational', `${c.id}: ${c.detail}`);
      assert.equal(typeof c.name, 'string');
      assert.equal(typeof c.description, 'string');
      assert.ok(Number.isInteger(c.response_ms) && c.response_ms >= 1, `${c.id}: ${c.response_ms} ms`);
      assert.ok(Number.isInteger(c.response_us) && c.response_us >= 0, `${c.id}: ${c.response_us} µs`);
      assert.equal(c.uptime_30d, 100);
      assert.equal(c.history.length, 30);
      assert.equal(c.history[29], 'operational');
      assert.equal(c.history[0], 'no_data');
      assert.equal(c.checked_at, '2026-11-21T12:00:00.000Z');
    }
    assert.deepEqual(b.incidents, []);
    const rows = await probeRows(t);
    assert.equal(rows.length, 4);
    // A second read within 5 minutes reuses the recorded probes.
    clock.advance(60_000);
    await t.inject({ method: 'GET', url: '/api/platform/status' });
    assert.equal((await probeRows(t)).length, 4);
    clock.advance(5 * 60_000);
    await t.inject({ method: 'GET', url: '/api/platform/status' });
    assert.equal((await probeRows(t)).length, 8);
  });

  it('computes uptime and the daily history from probes recorded over time', async () => {
    await t.deps.database.db.deleteFrom('status_probes').execute();
    const now = clock.now();
    const rows = [];
    // Three days ago: 3 good probes and 1 outage of the database; yesterday: degraded once.
    for (let i = 0; i < 3; i++) rows.push({ component: 'database', at: now - 3 * DAY + i * 60_000, status: 'operational' });
    rows.push({ component: 'database', at: now - 3 * DAY + 3 * 60_000, status: 'outage' });
    rows.push({ component: 'database', at: now - DAY, status: 'degraded' });
    rows.push({ component: 'database', at: now - 31 * DAY, status: 'outage' }); // outside the window
    rows.push({ component: 'database', at: now - 1000, status: 'operational' });
    // Recent probes of the other components: nothing is probed on demand.
    for (const component of ['partner_api', 'ingest', 'webhooks']) rows.push({ component, at: now - 1000, status: 'operational' });
    await t.deps.database.db
      .insertInto('status_probes')
      .values(rows.map((r) => ({ id: newId('prb'), component: r.component, at: r.at, status: r.status as 'operational', response_ms: 7, response_us: 7_000, detail: null })))
      .execute();
    const b = (await t.inject({ method: 'GET', url: '/api/platform/status' })).json();
    const db = b.components.find((c: { id: string }) => c.id === 'database');
    assert.equal(db.status, 'operational');
    assert.equal(db.response_ms, 7);
    assert.equal(db.response_us, 7_000);
    // 6 probes in the window, 1 outage → 83.333 %
    assert.equal(db.uptime_30d, 83.333);
    assert.equal(db.history[26], 'outage');
    assert.equal(db.history[28], 'degraded');
    assert.equal(db.history[29], 'operational');
    assert.equal(db.history[27], 'no_data');
  });

  it('the webhooks probe reports a delivery backlog', async () => {
    const p = await t.partner();
    const now = clock.now();
    const ev = (age: number) => ({
      id: newId('evt'),
      partner_id: p.id,
      environment: 'test' as const,
      type: 'calculation.updated',
      ordering_key: 'u',
      payload: '{}',
      created_at: now - age,
      state: 'pending',
      attempts: 0,
      next_attempt_at: now - age,
      locked_until: null,
    });
    await t.deps.database.db.insertInto('webhook_events').values(ev(5 * 60_000)).execute();
    let results = await runProbes(t.deps);
    assert.equal(results.find((r) => r.component === 'webhooks')!.status, 'degraded');
    await t.deps.database.db.insertInto('webhook_events').values(ev(20 * 60_000)).execute();
    results = await runProbes(t.deps);
    const w = results.find((r) => r.component === 'webhooks')!;
    assert.equal(w.status, 'outage');
    assert.match(w.detail, /2 due event/);
    const b = (await t.inject({ method: 'GET', url: '/api/platform/status' })).json();
    assert.equal(b.components.find((c: { id: string }) => c.id === 'webhooks').status, 'outage');
    assert.equal(b.status, 'outage');
    await t.deps.database.db.deleteFrom('webhook_events').execute();
    results = await runProbes(t.deps);
    assert.equal(results.find((r) => r.component === 'webhooks')!.status, 'operational');
  });

  it('the database and ingest probes measure real round trips', async () => {
    const results = await runProbes(t.deps);
    assert.equal(results.find((r) => r.component === 'database')!.status, 'operational');
    assert.equal(results.find((r) => r.component === 'ingest')!.status, 'operational');
    // The ingest probe's write is rolled back: it leaves no status check behind.
    const checks = await t.deps.database.db.selectFrom('status_checks').selectAll().execute();
    assert.equal(checks.length, 0);
  });
});

describe('status probes worker', () => {
  it('records probes at its interval and stops cleanly', async () => {
    const t = await buildTestApp();
    try {
      const handle = startStatusProbes(t.deps, { intervalMs: 40 });
      await new Promise((r) => setTimeout(r, 400));
      await handle.stop();
      const n = (await probeRows(t)).length;
      // Four components a run: the partner API too, since this process serves it.
      assert.ok(n >= 8 && n % 4 === 0, `recorded ${n} probes`);
      await new Promise((r) => setTimeout(r, 120));
      assert.equal((await probeRows(t)).length, n, 'no probe after stop');
    } finally {
      await t.close();
    }
  });

  it('drops probes older than the retention', async () => {
    const t = await buildTestApp();
    try {
      await t.deps.database.db
        .insertInto('status_probes')
        .values({ id: newId('prb'), component: 'database', at: Date.now() - 100 * DAY, status: 'operational', response_ms: 1, response_us: 1_000, detail: null })
        .execute();
      const handle = startStatusProbes(t.deps, { intervalMs: 10_000 });
      await new Promise((r) => setTimeout(r, 150));
      await handle.stop();
      const rows = await probeRows(t);
      assert.equal(rows.length, 4);
      assert.ok(rows.every((r) => r.at > Date.now() - DAY));
    } finally {
      await t.close();
    }
  });

  it('without the platform ingest secret the ingest component is degraded', async () => {
    const t = await buildTestApp({ env: { INGEST_SECRET: '' } });
    try {
      const results = await runProbes(t.deps);
      const ingest = results.find((r) => r.component === 'ingest')!;
      assert.equal(ingest.status, 'degraded');
      assert.match(ingest.detail, /not configured/);
    } finally {
      await t.close();
    }
  });
});

describe('incidents (admin)', () => {
  let t: TestApp;
  let admin: { id: string; token: string };
  const clock = new TestClock(Date.parse('2026-11-21T12:00:00Z'));
  before(async () => {
    t = await buildTestApp({ clock });
    admin = await t.admin();
  });
  after(() => t.close());

  it('create, update, resolve: shown on the status page and in the audit log', async () => {
    const firstAdmin = admin.id;
    const created = await t.inject({
      method: 'POST',
      url: '/api/admin/incidents',
      headers: bearer(admin.token),
      payload: { title: 'Delayed webhook deliveries', summary: 'Deliveries are delayed by up to 10 minutes.', impact: 'major', components: ['webhooks'] },
    });
    assert.equal(created.statusCode, 201, created.body);
    const inc = created.json();
    assert.match(inc.id, /^inc_/);
    assert.equal(inc.status, 'investigating');
    assert.equal(inc.resolved_at, null);
    assert.equal(inc.started_at, '2026-11-21T12:00:00.000Z');
    assert.deepEqual(inc.components, ['webhooks']);
    assert.equal(inc.updates.length, 1);

    let status = (await t.inject({ method: 'GET', url: '/api/platform/status' })).json();
    assert.equal(status.status, 'outage');
    assert.equal(status.components.find((c: { id: string }) => c.id === 'webhooks').status, 'outage');
    assert.equal(status.components.find((c: { id: string }) => c.id === 'database').status, 'operational');
    assert.equal(status.incidents.length, 1);
    const entry = status.incidents[0];
    for (const k of ['id', 'title', 'summary', 'impact', 'status', 'started_at', 'resolved_at']) assert.ok(k in entry, k);

    clock.advance(60_000);
    const upd = await t.inject({
      method: 'PATCH',
      url: `/api/admin/incidents/${inc.id}`,
      headers: bearer(admin.token),
      payload: { status: 'identified', impact: 'minor', message: 'A slow receiver held a worker; fixed the timeout.' },
    });
    assert.equal(upd.statusCode, 200, upd.body);
    assert.equal(upd.json().status, 'identified');
    assert.equal(upd.json().impact, 'minor');
    assert.equal(upd.json().updates.length, 2);
    assert.equal(upd.json().updates[0].message, 'A slow receiver held a worker; fixed the timeout.');
    status = (await t.inject({ method: 'GET', url: '/api/platform/status' })).json();
    assert.equal(status.components.find((c: { id: string }) => c.id === 'webhooks').status, 'degraded');

    clock.advance(60_000);
    const res = await t.inject({ method: 'POST', url: `/api/admin/incidents/${inc.id}/resolve`, headers: bearer(admin.token), payload: {} });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().status, 'resolved');
    assert.equal(res.json().resolved_at, '2026-11-21T12:02:00.000Z');
    status = (await t.inject({ method: 'GET', url: '/api/platform/status' })).json();
    assert.equal(status.status, 'operational');
    assert.equal(status.incidents[0].status, 'resolved');

    // Resolved incidents stay on the page for 7 days.
    clock.advance(8 * DAY);
    status = (await t.inject({ method: 'GET', url: '/api/platform/status' })).json();
    assert.equal(status.incidents.length, 0);
    admin = await t.admin(); // the first session expired meanwhile

    const list = await t.inject({ method: 'GET', url: '/api/admin/incidents?status=resolved', headers: bearer(admin.token) });
    assert.equal(list.statusCode, 200);
    assert.equal(list.json().count, 1);
    const open = await t.inject({ method: 'GET', url: '/api/admin/incidents?status=open', headers: bearer(admin.token) });
    assert.equal(open.json().count, 0);

    const audit = await t.deps.database.db.selectFrom('audit_log').selectAll().where('target_id', '=', inc.id).orderBy('id').execute();
    assert.deepEqual(
      audit.map((a) => a.action),
      ['incident.created', 'incident.updated', 'incident.resolved'],
    );
    assert.ok(audit.every((a) => a.actor_type === 'admin' && a.actor_id === firstAdmin));

    const del = await t.inject({ method: 'DELETE', url: `/api/admin/incidents/${inc.id}`, headers: bearer(admin.token) });
    assert.equal(del.statusCode, 200);
    assert.deepEqual(del.json(), { deleted: true, id: inc.id });
    const again = await t.inject({ method: 'DELETE', url: `/api/admin/incidents/${inc.id}`, headers: bearer(admin.token) });
    assert.equal(again.statusCode, 404);
    const auditDel = await t.deps.database.db.selectFrom('audit_log').select('action').where('target_id', '=', inc.id).where('action', '=', 'incident.deleted').execute();
    assert.equal(auditDel.length, 1);
  });

  it('re-opening a resolved incident clears resolved_at', async () => {
    const c = (
      await t.inject({ method: 'POST', url: '/api/admin/incidents', headers: bearer(admin.token), payload: { title: 'Blip', summary: 's', impact: 'none', status: 'resolved' } })
    ).json();
    assert.notEqual(c.resolved_at, null);
    const r = await t.inject({ method: 'PATCH', url: `/api/admin/incidents/${c.id}`, headers: bearer(admin.token), payload: { status: 'monitoring' } });
    assert.equal(r.json().resolved_at, null);
    assert.equal(r.json().updates[0].message, 'Status changed to monitoring.');
  });

  it('validates bodies, ids and queries', async () => {
    const h = bearer(admin.token);
    const good = { title: 'Slow API', summary: 'Latency is up.', impact: 'minor' };
    assert422(await t.inject({ method: 'POST', url: '/api/admin/incidents', headers: h, payload: { ...good, title: 'ab' } }), ['body', 'title'], 'string_too_short');
    assert422(await t.inject({ method: 'POST', url: '/api/admin/incidents', headers: h, payload: { ...good, title: 'x'.repeat(201) } }), ['body', 'title'], 'string_too_long');
    assert422(await t.inject({ method: 'POST', url: '/api/admin/incidents', headers: h, payload: { ...good, impact: 'huge' } }), ['body', 'impact']);
    assert422(await t.inject({ method: 'POST', url: '/api/admin/incidents', headers: h, payload: { ...good, status: 'done' } }), ['body', 'status']);
    assert422(await t.inject({ method: 'POST', url: '/api/admin/incidents', headers: h, payload: { ...good, components: ['cdn'] } }), ['body', 'components', 0]);
    assert422(await t.inject({ method: 'POST', url: '/api/admin/incidents', headers: h, payload: { title: 'No summary', impact: 'none' } }), ['body', 'summary'], 'missing');
    assert422(await t.inject({ method: 'POST', url: '/api/admin/incidents', headers: h, payload: { ...good, started_at: 'yesterday' } }), ['body', 'started_at']);
    assert422(await t.inject({ method: 'POST', url: '/api/admin/incidents', headers: h, payload: { ...good, started_at: '2099-01-01T00:00:00Z' } }), ['body', 'started_at']);
    const past = await t.inject({ method: 'POST', url: '/api/admin/incidents', headers: h, payload: { ...good, started_at: '2026-11-20T08:00:00Z' } });
    assert.equal(past.statusCode, 201);
    assert.equal(past.json().started_at, '2026-11-20T08:00:00.000Z');
    assert422(await t.inject({ method: 'PATCH', url: `/api/admin/incidents/${past.json().id}`, headers: h, payload: { status: 'gone' } }), ['body', 'status']);
    assert422(await t.inject({ method: 'GET', url: '/api/admin/incidents?limit=0', headers: h }), ['query', 'limit']);
    assert422(await t.inject({ method: 'GET', url: '/api/admin/incidents?status=closed', headers: h }), ['query', 'status']);
    assert.equal((await t.inject({ method: 'PATCH', url: '/api/admin/incidents/inc_nope', headers: h, payload: { status: 'resolved' } })).statusCode, 404);
    assert.equal((await t.inject({ method: 'POST', url: '/api/admin/incidents/inc_nope/resolve', headers: h, payload: {} })).statusCode, 404);
    const bad = await t.inject({ method: 'POST', url: '/api/admin/incidents', headers: { ...h, 'content-type': 'application/json' }, payload: '{"title": ' });
    assert.equal(bad.statusCode, 422);
  });

  it('every incident route is admin-only', async () => {
    await assertAdminOnly(t, { method: 'GET', url: '/api/admin/incidents' });
    await assertAdminOnly(t, { method: 'POST', url: '/api/admin/incidents', payload: { title: 'x y z', summary: 's', impact: 'none' } });
    await assertAdminOnly(t, { method: 'PATCH', url: '/api/admin/incidents/inc_x', payload: { status: 'resolved' } });
    await assertAdminOnly(t, { method: 'POST', url: '/api/admin/incidents/inc_x/resolve', payload: {} });
    await assertAdminOnly(t, { method: 'DELETE', url: '/api/admin/incidents/inc_x' });
  });
});

describe('status checks and metrics', () => {
  let t: TestApp;
  const clock = new TestClock(Date.parse('2026-11-21T12:00:00Z'));
  before(async () => {
    t = await buildTestApp({ clock });
  });
  after(() => t.close());

  it('POST /api/status records a check; GET lists them newest first', async () => {
    const a = await t.inject({ method: 'POST', url: '/api/status', payload: { client_name: 'acme-monitor' } });
    assert.equal(a.statusCode, 200);
    assert.deepEqual(Object.keys(a.json()).sort(), ['client_name', 'id', 'timestamp']);
    assert.equal(a.json().client_name, 'acme-monitor');
    assert.equal(a.json().timestamp, '2026-11-21T12:00:00.000Z');
    clock.advance(1000);
    const b = await t.inject({ method: 'POST', url: '/api/status', payload: { client_name: 'second' } });
    const list = await t.inject({ method: 'GET', url: '/api/status' });
    assert.equal(list.statusCode, 200);
    assert.deepEqual(list.json().map((c: { id: string }) => c.id), [b.json().id, a.json().id]);
    const one = await t.inject({ method: 'GET', url: '/api/status?limit=1' });
    assert.equal(one.json().length, 1);
  });

  it('validates status checks', async () => {
    assert422(await t.inject({ method: 'POST', url: '/api/status', payload: {} }), ['body', 'client_name'], 'missing');
    assert422(await t.inject({ method: 'POST', url: '/api/status', payload: { client_name: '' } }), ['body', 'client_name'], 'string_too_short');
    assert422(await t.inject({ method: 'POST', url: '/api/status', payload: { client_name: 'x'.repeat(201) } }), ['body', 'client_name'], 'string_too_long');
    assert422(await t.inject({ method: 'POST', url: '/api/status', payload: { client_name: 5 } }), ['body', 'client_name'], 'string_type');
    assert422(await t.inject({ method: 'GET', url: '/api/status?limit=1001' }), ['query', 'limit']);
    assert422(await t.inject({ method: 'GET', url: '/api/status?limit=abc' }), ['query', 'limit']);
  });

  it('POST /api/status is limited per client address and keeps only the newest 1000 checks', async () => {
    const from = (ip: string) => ({ method: 'POST' as const, url: '/api/status', remoteAddress: ip, payload: { client_name: 'flood' } });
    for (let i = 0; i < 30; i++) assert.equal((await t.inject(from('198.51.100.7'))).statusCode, 200);
    const limited = await t.inject(from('198.51.100.7'));
    assert.equal(limited.statusCode, 429);
    assert.ok(Number(limited.headers['retry-after']) >= 1);
    assert.equal(typeof limited.json().detail, 'string');
    assert.equal((await t.inject(from('198.51.100.8'))).statusCode, 200, 'another address keeps its own budget');

    const db = t.deps.database.db;
    const base = clock.now() - 10_000_000;
    const rows = Array.from({ length: 1200 }, (_, i) => ({ id: `chk_old_${String(i).padStart(5, '0')}`, client_name: 'old', created_at: base + i }));
    for (let i = 0; i < rows.length; i += 200) await db.insertInto('status_checks').values(rows.slice(i, i + 200)).execute();
    const newest = await t.inject(from('198.51.100.9'));
    assert.equal(newest.statusCode, 200);
    const count = await db.selectFrom('status_checks').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    assert.equal(Number(count.n), 1000);
    const list = await t.inject({ method: 'GET', url: '/api/status?limit=1000' });
    assert.equal(list.json().length, 1000);
    assert.equal(list.json()[0].id, newest.json().id);
  });

  it('GET /api/platform/metrics counts partners, calls served, end users, events and uptime', async () => {
    const p1 = await t.partner();
    await t.partner();
    await t.deps.database.db.updateTable('partners').set({ active: 0 }).where('id', '=', p1.id).execute();
    const p3 = await t.partner();
    const ing = await t.inject({
      method: 'POST',
      url: '/api/v1/ingest',
      headers: keyHeaders(p3, { secret: true }),
      payload: { end_user_id: 'm1', cash_balance: 10 },
    });
    assert.equal(ing.statusCode, 201);
    for (const u of ['m1', 'm2']) {
      const calc = await t.inject({ method: 'POST', url: '/api/v1/calculate/safe-to-spend', headers: keyHeaders(p3), payload: { end_user_id: u } });
      assert.equal(calc.statusCode, 200);
    }
    const ev = await t.inject({
      method: 'POST',
      url: '/api/ingest/events/batch',
      headers: { 'x-service-ingest-secret': PLATFORM_SECRET },
      payload: { events: [{ partner_id: p3.id, event_type: 'user_signup', user_id: 'a' }, { partner_id: p3.id, event_type: 'transaction', user_id: 'a', amount_cents: 500, category: 'groceries' }] },
    });
    assert.equal(ev.statusCode, 200, ev.body);
    // Both counters lag by at most one worker interval: flush the meter and apply the rollups as the workers would.
    await t.deps.usage.flush();
    await applyPendingRollups(t.deps.database, t.deps.database.db);
    const res = await t.inject({ method: 'GET', url: '/api/platform/metrics' });
    assert.equal(res.statusCode, 200);
    const m = res.json();
    assert.deepEqual(m.partners, { total: 3, active: 2 });
    assert.equal(m.calls_served, 3);
    assert.deepEqual(m.calculations, { end_users_cached: 1, end_users_this_month: 2 });
    assert.equal(m.events_ingested, 2);
    assert.equal(m.uptime_30d, 100);
    assert.deepEqual(Object.keys(m.components).sort(), ['database', 'ingest', 'partner_api', 'webhooks']);
    assert.equal(m.webhooks_delivered, 0);
    assert.equal(m.generated_at, '2026-11-21T12:00:01.000Z');
    // Nothing in it names a partner.
    assert.ok(!res.body.includes(p3.id));
  });
});

describe('the overall status follows the open incidents', () => {
  let t: TestApp;
  let h: Record<string, string>;
  const clock = new TestClock(Date.parse('2026-11-21T12:00:00Z'));
  before(async () => {
    t = await buildTestApp({ clock });
    h = bearer((await t.admin()).token);
  });
  after(() => t.close());

  const overview = async () => (await t.inject({ method: 'GET', url: '/api/platform/status' })).json();
  const componentStatus = (b: { components: { id: string; status: string }[] }) => Object.fromEntries(b.components.map((c) => [c.id, c.status]));
  const open = async (payload: Record<string, unknown>) => {
    const res = await t.inject({ method: 'POST', url: '/api/admin/incidents', headers: h, payload: { title: 'Something is wrong', summary: 'We are looking into it.', ...payload } });
    assert.equal(res.statusCode, 201, res.body);
    return res.json().id as string;
  };
  const resolve = async (id: string) => assert.equal((await t.inject({ method: 'POST', url: `/api/admin/incidents/${id}/resolve`, headers: h, payload: {} })).statusCode, 200);

  it('an open incident of impact minor or worse that names no component still sets the overall status', async () => {
    assert.equal((await overview()).status, 'operational');
    for (const [impact, expected] of [
      ['none', 'operational'],
      ['minor', 'degraded'],
      ['major', 'outage'],
      ['critical', 'outage'],
    ] as const) {
      const id = await open({ impact });
      const b = await overview();
      assert.equal(b.status, expected, `an open ${impact} incident`);
      assert.equal(b.incidents.filter((i: { resolved_at: string | null }) => i.resolved_at === null).length, 1);
      // It names no component: every component keeps what its probe saw.
      assert.deepEqual(Object.values(componentStatus(b)), ['operational', 'operational', 'operational', 'operational']);
      await resolve(id);
      assert.equal((await overview()).status, 'operational', `after resolving the ${impact} incident`);
    }
  });

  it('a named component shows at least what the impact implies; the worst open incident wins; PATCH replaces the components', async () => {
    const minor = await open({ impact: 'minor', components: ['partner_api', 'webhooks'] });
    let b = await overview();
    assert.equal(b.status, 'degraded');
    assert.deepEqual(componentStatus(b), { partner_api: 'degraded', database: 'operational', ingest: 'operational', webhooks: 'degraded' });

    const major = await open({ impact: 'major', components: ['webhooks'] });
    b = await overview();
    assert.equal(b.status, 'outage');
    assert.deepEqual(componentStatus(b), { partner_api: 'degraded', database: 'operational', ingest: 'operational', webhooks: 'outage' });

    // The console's picker sends the whole list: the incident moves from webhooks to ingest.
    const moved = await t.inject({ method: 'PATCH', url: `/api/admin/incidents/${major}`, headers: h, payload: { components: ['ingest'] } });
    assert.equal(moved.statusCode, 200, moved.body);
    assert.deepEqual(moved.json().components, ['ingest']);
    b = await overview();
    assert.deepEqual(componentStatus(b), { partner_api: 'degraded', database: 'operational', ingest: 'outage', webhooks: 'degraded' });
    assert.deepEqual(b.incidents.find((i: { id: string }) => i.id === major).components, ['ingest']);

    // A probe that saw worse than the incident implies keeps its status.
    const cleared = await t.inject({ method: 'PATCH', url: `/api/admin/incidents/${major}`, headers: h, payload: { components: [], impact: 'minor' } });
    assert.deepEqual(cleared.json().components, []);
    b = await overview();
    assert.equal(b.status, 'degraded');
    assert.equal(componentStatus(b).ingest, 'operational');

    await resolve(minor);
    await resolve(major);
    b = await overview();
    assert.equal(b.status, 'operational');
    assert.deepEqual(Object.values(componentStatus(b)), ['operational', 'operational', 'operational', 'operational']);
  });

  it('an incident may name every component of the status page, and nothing else', async () => {
    const ids = (await overview()).components.map((c: { id: string }) => c.id);
    const id = await open({ impact: 'minor', components: ids });
    const b = await overview();
    assert.ok(b.components.every((c: { status: string }) => c.status === 'degraded'));
    await resolve(id);
    assert422(await t.inject({ method: 'POST', url: '/api/admin/incidents', headers: h, payload: { title: 'Twice', summary: 's', impact: 'minor', components: ['ingest', 'ingest'] } }), ['body', 'components']);
    assert422(await t.inject({ method: 'PATCH', url: `/api/admin/incidents/${id}`, headers: h, payload: { components: ['partner-api'] } }), ['body', 'components', 0]);
    assert422(await t.inject({ method: 'PATCH', url: `/api/admin/incidents/${id}`, headers: h, payload: { components: 'ingest' } }), ['body', 'components']);
  });
});

describe('response times', () => {
  let t: TestApp;
  const clock = new TestClock(Date.parse('2026-11-21T12:00:00Z'));
  before(async () => {
    t = await buildTestApp({ clock });
  });
  after(() => t.close());

  it('a probe under a millisecond answers response_ms 1, never 0, and its microseconds in response_us', async () => {
    const now = clock.now();
    const probe = (component: string, response_us: number | null, response_ms: number) => ({
      id: newId('prb'),
      component,
      at: now - 1000,
      status: 'operational' as const,
      response_ms,
      response_us,
      detail: null,
    });
    await t.deps.database.db
      .insertInto('status_probes')
      .values([probe('partner_api', 2_600, 3), probe('database', 214, 1), probe('ingest', 0, 1), probe('webhooks', null, 0)])
      .execute();
    const b = (await t.inject({ method: 'GET', url: '/api/platform/status' })).json();
    const by = Object.fromEntries(b.components.map((c: { id: string; response_ms: number; response_us: number | null }) => [c.id, [c.response_ms, c.response_us]]));
    assert.deepEqual(by, {
      partner_api: [3, 2_600],
      database: [1, 214],
      ingest: [1, 0],
      // Recorded before microseconds were: its whole milliseconds said 0, which is at least 1 too.
      webhooks: [1, null],
    });
  });

  it('the probes measure in microseconds and record whole milliseconds of at least 1', async () => {
    await t.deps.database.db.deleteFrom('status_probes').execute();
    const results = await runProbes(t.deps);
    assert.equal(results.length, 4);
    const rows = await probeRows(t);
    for (const r of rows) {
      assert.ok(Number.isInteger(Number(r.response_us)) && Number(r.response_us) >= 0, `${r.component}: ${r.response_us} µs`);
      assert.equal(Number(r.response_ms), Math.max(1, Math.round(Number(r.response_us) / 1000)), r.component);
    }
    const b = (await t.inject({ method: 'GET', url: '/api/platform/status' })).json();
    for (const c of b.components) assert.ok(c.response_ms >= 1, `${c.id}: ${c.response_ms} ms`);
  });
});

describe('the Partner API component', () => {
  let t: TestApp;
  const clock = new TestClock(Date.parse('2026-11-21T12:00:00Z'));
  before(async () => {
    t = await buildTestApp({ clock });
  });
  after(() => t.close());

  it('is probed by a real calculate through the request path, and is nobody’s usage', async () => {
    const p = await t.partner();
    const b = (await t.inject({ method: 'GET', url: '/api/platform/status' })).json();
    const api = b.components.find((c: { id: string }) => c.id === 'partner_api');
    assert.equal(api.name, 'Partner API');
    assert.match(api.description, /calculate/);
    assert.equal(api.status, 'operational', api.detail);
    assert.match(api.detail, /^calculate answered in \d+(\.\d+)? ms$/);
    assert.equal(api.checked_at, '2026-11-21T12:00:00.000Z');
    const rows = await t.deps.database.db.selectFrom('status_probes').selectAll().where('component', '=', 'partner_api').execute();
    assert.equal(rows.length, 1);

    // Not metered: no call, no end-user, for anyone; the platform's counters are unchanged.
    await t.deps.usage.flush();
    const daily = await t.deps.database.db.selectFrom('usage_daily').selectAll().execute();
    assert.deepEqual(daily, []);
    const endUsers = await t.deps.database.db.selectFrom('usage_end_users').selectAll().execute();
    assert.deepEqual(endUsers, []);
    const m = (await t.inject({ method: 'GET', url: '/api/platform/metrics' })).json();
    assert.equal(m.calls_served, 0);
    assert.deepEqual(m.calculations, { end_users_cached: 0, end_users_this_month: 0 });
    // A partner's own call still counts.
    const own = await t.inject({ method: 'POST', url: '/api/v1/calculate/safe-to-spend', headers: keyHeaders(p), payload: { end_user_id: 'u1', cash_balance: 10 } });
    assert.equal(own.statusCode, 200);
    await t.deps.usage.flush();
    assert.equal((await t.inject({ method: 'GET', url: '/api/platform/metrics' })).json().calls_served, 1);
  });

  it('its credential opens calculate alone, and only this process’s', async () => {
    const credential = t.deps.selfProbe.credential;
    const calc = await t.inject({ method: 'POST', url: '/v1/calculate/safe-to-spend', headers: { 'x-api-key': credential }, payload: { end_user_id: 'x', cash_balance: 100 } });
    assert.equal(calc.statusCode, 200);
    assert.equal(calc.json().partner_id, 'self_probe');
    for (const req of [
      { method: 'GET' as const, url: '/api/v1/me' },
      { method: 'GET' as const, url: '/api/v1/usage' },
      { method: 'POST' as const, url: '/api/v1/ingest', payload: { end_user_id: 'x' } },
      { method: 'GET' as const, url: '/api/v1/accounts?user_id=x' },
    ]) {
      const res = await t.inject({ ...req, headers: { 'x-api-key': credential } });
      assert.equal(res.statusCode, 401, `${req.method} ${req.url}: ${res.body}`);
    }
    // Another process's credential (or a guess of the form) is an unknown key.
    const other = await buildTestApp({ clock });
    try {
      const res = await t.inject({ method: 'POST', url: '/api/v1/calculate/safe-to-spend', headers: { 'x-api-key': other.deps.selfProbe.credential }, payload: { end_user_id: 'x' } });
      assert.equal(res.statusCode, 401);
      assert.notEqual(other.deps.selfProbe.credential, credential);
    } finally {
      await other.close();
    }
  });

  it('reports an outage when the request path fails, and nothing where no API is served', async () => {
    const limiter = t.deps.limiter;
    const hit = limiter.hit.bind(limiter);
    limiter.hit = () => Promise.reject(new Error('the rate limiter is unreachable'));
    try {
      const results = await runProbes(t.deps);
      const api = results.find((r) => r.component === 'partner_api')!;
      assert.equal(api.status, 'outage');
      assert.match(api.detail, /^calculate answered 5\d\d/);
      const b = (await t.inject({ method: 'GET', url: '/api/platform/status' })).json();
      assert.equal(b.components.find((c: { id: string }) => c.id === 'partner_api').status, 'outage');
      assert.equal(b.status, 'outage');
    } finally {
      limiter.hit = hit;
    }
    assert.equal((await runProbes(t.deps)).find((r) => r.component === 'partner_api')!.status, 'operational');

    // A process that serves no API (the standalone worker) probes the rest.
    t.deps.selfProbe.detach(t.app);
    try {
      const results = await runProbes(t.deps);
      assert.deepEqual(results.map((r) => r.component), ['database', 'ingest', 'webhooks']);
    } finally {
      t.deps.selfProbe.attach(t.app);
    }
  });
});
