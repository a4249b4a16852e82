/**
 * The maintenance worker: finished outbox events and their delivery records, expired sessions,
 * sandbox idempotency keys, usage-event sender ids and quiet sign-in throttles are deleted once
 * their time has passed (the clock is moved), in batches, and nothing younger or still pending is
 * touched; the delivery log and webhooks.csv state the retention; at start on PostgreSQL the
 * service warns once when autovacuum is off.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import { buildTestApp, DATABASE_URL, databaseEnv, DIALECT, keyHeaders, testConfig, TestClock, type TestApp } from '../helpers/app.js';
import { startServer } from '../helpers/process.js';
import { runDeliveryPass } from '../../src/areas/webhooks/worker.js';
import { BATCH, checkDatabaseSettings, runMaintenancePass } from '../../src/workers/maintenance.js';
import { configure, ingest } from '../webhooks/helpers.js';
import { startReceiver, type Receiver } from '../webhooks/receiver.js';
import type { Deps } from '../../src/context.js';

const DAY = 86_400_000;

describe('maintenance: pruning after the retention', () => {
  let t: TestApp;
  let rx: Receiver;
  const clock = new TestClock(Date.parse('2026-01-10T00:00:00Z'));
  before(async () => {
    t = await buildTestApp({ clock, env: { WEBHOOK_RETENTION_DAYS: '7', RATE_LIMIT_PER_SECOND: '100000' } });
    rx = await startReceiver();
  });
  after(async () => {
    await t.close();
    await rx.close();
  });

  const count = async (table: 'webhook_events' | 'webhook_deliveries' | 'sessions' | 'sandbox_idempotency' | 'usage_event_keys' | 'login_throttle') => {
    const r = await t.deps.database.db.selectFrom(table).select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
    return Number(r.n);
  };

  it('deletes delivered events and their delivery records after WEBHOOK_RETENTION_DAYS, keeps pending and recent ones; the log states the retention', async () => {
    const p = await t.partner();
    await configure(t, p, rx.url);
    await ingest(t, p, 'old_user');
    assert.equal((await runDeliveryPass(t.deps)).delivered, 1);

    let res = await t.inject({ method: 'GET', url: '/api/v1/webhooks/deliveries', headers: keyHeaders(p, { secret: true }) });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['webhook-retention-days'], '7');
    assert.equal((res.json() as unknown[]).length, 1);
    const csv = await t.inject({ method: 'GET', url: '/api/v1/reports/webhooks.csv', headers: keyHeaders(p) });
    assert.equal(csv.statusCode, 200);
    assert.equal(csv.headers['webhook-retention-days'], '7');
    const doc = await t.inject({ method: 'GET', url: '/api/openapi.json' });
    if (doc.statusCode === 200) assert.match(doc.body, /Webhook-Retention-Days/);

    // Six days later: a second event delivered, a third one pending (its endpoint disabled meanwhile would not matter).
    clock.advance(6 * DAY);
    await ingest(t, p, 'new_user');
    assert.equal((await runDeliveryPass(t.deps)).delivered, 1);
    await t.deps.database.db
      .insertInto('webhook_events')
      .values({ id: 'evt_pending_old', partner_id: p.id, environment: 'test', type: 'calculation.updated', ordering_key: 'x', payload: '{}', created_at: clock.now() - 30 * DAY, state: 'pending', attempts: 3, next_attempt_at: clock.now() + DAY, locked_until: null })
      .execute();

    // Not yet 7 days since the first delivery: nothing goes.
    let r = await runMaintenancePass(t.deps);
    assert.equal(r.pruned.webhook_events, 0);
    assert.equal(await count('webhook_events'), 3);

    clock.advance(DAY + 1);
    r = await runMaintenancePass(t.deps);
    assert.equal(r.pruned.webhook_events, 1);
    const left = await t.deps.database.db.selectFrom('webhook_events').select(['id', 'ordering_key', 'state']).orderBy('id').execute();
    assert.deepEqual(left.map((e) => e.ordering_key).sort(), ['new_user', 'x']);
    res = await t.inject({ method: 'GET', url: '/api/v1/webhooks/deliveries', headers: keyHeaders(p, { secret: true }) });
    const log = res.json() as { event_id: string }[];
    assert.equal(log.length, 1, 'the delivery record of the pruned event went with it');
    assert.ok(left.some((e) => e.id === log[0].event_id));
    if (DIALECT === 'sqlite') {
      assert.ok(r.checkpoint && typeof r.checkpoint.log === 'number');
      assert.deepEqual(r.vacuumed, []);
    } else {
      assert.equal(r.checkpoint, null);
      const av = (await t.deps.database.db.executeQuery<{ setting: string }>({ sql: "select setting from pg_settings where name = 'autovacuum'", parameters: [], query: null } as never)).rows[0].setting;
      // Without autovacuum the pass vacuums what it deleted from, so the space is reused.
      assert.deepEqual(r.vacuumed, av === 'off' ? ['webhook_events', 'webhook_deliveries'] : []);
      if (av === 'off') {
        const st = await t.deps.database.db.executeQuery<{ last_vacuum: Date | null }>({ sql: "select last_vacuum from pg_stat_user_tables where schemaname = current_schema() and relname = 'webhook_events'", parameters: [], query: null } as never);
        assert.ok(st.rows[0]?.last_vacuum, 'webhook_events was vacuumed');
      }
    }
  });

  it('deletes in batches: more than one batch of finished events all go in one pass', async () => {
    const p = await t.partner();
    const now = clock.now();
    const rows = Array.from({ length: BATCH * 2 + 17 }, (_, i) => ({
      id: `evt_bulk_${String(i).padStart(6, '0')}`,
      partner_id: p.id,
      environment: 'test' as const,
      type: 'calculation.updated',
      ordering_key: `u${i}`,
      payload: '{}',
      created_at: now - 20 * DAY,
      state: i % 2 ? 'delivered' : 'exhausted',
      attempts: 1,
      next_attempt_at: now - 20 * DAY,
      locked_until: null,
      completed_at: now - 10 * DAY,
    }));
    for (let i = 0; i < rows.length; i += 200) await t.deps.database.db.insertInto('webhook_events').values(rows.slice(i, i + 200)).execute();
    const r = await runMaintenancePass(t.deps);
    assert.equal(r.pruned.webhook_events, rows.length);
  });

  it('deletes expired sessions, expired sandbox idempotency keys, usage-event ids and recorded runs past their window, quiet sign-in throttles and sign-up requests a week past their link; keeps the live ones', async () => {
    const p = await t.partner();
    const now = clock.now();
    const db = t.deps.database.db;
    const live = await t.session('partner', p.id);
    await db
      .insertInto('sessions')
      .values({ id: 'ses_old', token_hash: 'h_old', subject_type: 'partner', subject_id: p.id, created_at: now - 2 * DAY, expires_at: now - DAY, method: 'password' })
      .execute();
    await db
      .insertInto('sandbox_idempotency')
      .values([
        { partner_id: p.id, idem_key: 'old', request_hash: 'x', state: 'done', environment: 'test', user_id: 'u', status_code: 200, response: '{}', created_at: now - 3 * DAY, locked_until: 0, expires_at: now - 1 },
        { partner_id: p.id, idem_key: 'new', request_hash: 'x', state: 'done', environment: 'test', user_id: 'u', status_code: 200, response: '{}', created_at: now, locked_until: 0, expires_at: now + DAY },
      ])
      .execute();
    await db
      .insertInto('usage_event_keys')
      .values([
        { partner_id: p.id, environment: 'test', event_key: 'old', received_at: now - 40 * DAY },
        { partner_id: p.id, environment: 'test', event_key: 'new', received_at: now - DAY },
      ])
      .execute();
    await db
      .insertInto('sandbox_recorded_runs')
      .values([
        { partner_id: p.id, environment: 'test', user_id: 'old', runs: '[]', updated_at: now - 40 * DAY },
        { partner_id: p.id, environment: 'test', user_id: 'new', runs: '[]', updated_at: now - DAY },
      ])
      .execute();
    await db
      .insertInto('login_throttle')
      .values([
        { key_hash: 'quiet', failures: 3, window_start: now - DAY, locked_until: null, updated_at: now - DAY },
        { key_hash: 'recent', failures: 3, window_start: now, locked_until: null, updated_at: now },
      ])
      .execute();
    const signUp = (id: string, expiresAt: number) => ({
      id,
      token_hash: `h_${id}`,
      email: `${id}@example.com`,
      password_hash: 'scrypt$x',
      company: 'Co',
      contact_name: 'Co',
      created_at: expiresAt - 2 * DAY,
      expires_at: expiresAt,
      used_at: null,
    });
    // A sign-up request goes (with its password hash) a week after its link expired.
    await db.insertInto('signup_requests').values([signUp('sup_old', now - 8 * DAY), signUp('sup_recent', now - DAY)]).execute();
    // A begun single sign-on goes once it expired (its callback is refused either way).
    await db
      .insertInto('admin_oidc_states')
      .values([
        { state_hash: 'oidc_old', created_at: now - 11 * 60_000, expires_at: now - 60_000, used_at: null },
        { state_hash: 'oidc_live', created_at: now - 60_000, expires_at: now + 9 * 60_000, used_at: null },
      ])
      .execute();
    const sessionsBefore = await count('sessions');
    const r = await runMaintenancePass(t.deps);
    assert.equal(r.pruned.admin_oidc_states, 1);
    assert.deepEqual((await db.selectFrom('admin_oidc_states').select('state_hash').execute()).map((x) => x.state_hash), ['oidc_live']);
    assert.equal(r.pruned.signup_requests, 1);
    assert.deepEqual((await db.selectFrom('signup_requests').select('id').execute()).map((x) => x.id), ['sup_recent']);
    assert.equal(r.pruned.sessions, 1);
    assert.equal(await count('sessions'), sessionsBefore - 1);
    assert.equal(r.pruned.sandbox_idempotency, 1);
    assert.equal(r.pruned.usage_event_keys, 1);
    assert.equal(r.pruned.login_throttle, 1);
    assert.equal(r.pruned.sandbox_recorded_runs, 1);
    assert.deepEqual((await db.selectFrom('sandbox_recorded_runs').select('user_id').execute()).map((x) => x.user_id), ['new']);
    assert.deepEqual((await db.selectFrom('sandbox_idempotency').select('idem_key').execute()).map((x) => x.idem_key), ['new']);
    assert.deepEqual((await db.selectFrom('usage_event_keys').select('event_key').execute()).map((x) => x.event_key), ['new']);
    assert.deepEqual((await db.selectFrom('login_throttle').select('key_hash').execute()).map((x) => x.key_hash), ['recent']);
    assert.ok(live);
    assert.equal(Number((await db.selectFrom('sessions').select((eb) => eb.fn.countAll<number | string>().as('n')).where('id', '=', 'ses_old').executeTakeFirstOrThrow()).n), 0);
  });

  it('the retention header needs the same credentials as the log (none without the key or the ingest secret)', async () => {
    const p = await t.partner();
    const anon = await t.inject({ method: 'GET', url: '/api/v1/webhooks/deliveries' });
    assert.equal(anon.statusCode, 401);
    assert.equal(anon.headers['webhook-retention-days'], undefined);
    const noSecret = await t.inject({ method: 'GET', url: '/api/v1/webhooks/deliveries', headers: keyHeaders(p) });
    assert.ok([401, 403].includes(noSecret.statusCode), String(noSecret.statusCode));
    assert.equal(noSecret.headers['webhook-retention-days'], undefined);
  });

  it('rejects a retention that is not a positive number', async () => {
    const { loadConfig, ConfigError } = await import('../../src/config.js');
    for (const v of ['0', '-1', 'soon']) {
      assert.throws(() => loadConfig({ WEBHOOK_RETENTION_DAYS: v }), (e: unknown) => e instanceof ConfigError && e.variable === 'WEBHOOK_RETENTION_DAYS');
    }
    assert.equal(loadConfig({ WEBHOOK_RETENTION_DAYS: '0.002' }).webhookRetentionDays, 0.002);
    assert.equal(loadConfig({}).webhookRetentionDays, 30);
  });
});

describe('database settings check at start', () => {
  it('PostgreSQL with autovacuum off: one warning naming what to do; SQLite: none', async () => {
    const t = await buildTestApp();
    try {
      const warned: unknown[][] = [];
      const log = { ...t.deps.log, warn: (...a: unknown[]) => warned.push(a) } as unknown as Deps['log'];
      const out = await checkDatabaseSettings({ ...t.deps, log });
      if (DIALECT === 'sqlite') {
        assert.deepEqual(out, []);
        assert.equal(warned.length, 0);
        return;
      }
      const av = (await t.deps.database.db.executeQuery<{ setting: string }>({ sql: "select setting from pg_settings where name = 'autovacuum'", parameters: [], query: null } as never)).rows[0].setting;
      if (av === 'on') {
        assert.equal(out.filter((w) => /autovacuum/.test(w)).length, 0);
      } else {
        assert.equal(out.filter((w) => /autovacuum is off/.test(w)).length, 1);
        assert.match(out[0], /autovacuum = on/);
        assert.match(out[0], /VACUUM \(ANALYZE\)/);
        assert.equal(warned.length, out.length);
      }
    } finally {
      await t.close();
    }
  });

  it('the server process logs the warning once at start (PostgreSQL)', { skip: DIALECT !== 'postgres', timeout: 180_000 }, async () => {
    const { config, cleanup } = await testConfig();
    try {
      const s = await startServer({ ...databaseEnv(config), RUN_WORKERS: 'false' }, 120_000);
      try {
        await new Promise((r) => setTimeout(r, 200));
        const lines = s.output().split('\n').filter((l) => l.includes('autovacuum is off'));
        const client = new pg.Client({ connectionString: DATABASE_URL! });
        await client.connect();
        const setting = (await client.query<{ autovacuum: string }>('show autovacuum')).rows[0].autovacuum;
        await client.end();
        assert.equal(lines.length, setting === 'off' ? 1 : 0, s.output());
        if (lines.length) assert.equal(JSON.parse(lines[0]).level, 40);
      } finally {
        s.child.kill('SIGTERM');
        await s.exited;
      }
    } finally {
      await cleanup();
    }
  });
});
