/** Metering: exact calls and unique end-users per (partner, environment, UTC day/month), batched flushes, GET /usage. */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { buildApp } from '../../src/app.js';
import { createDeps, createLogger } from '../../src/deps.js';
import type { Deps } from '../../src/context.js';
import { buildTestApp, keyHeaders, TestClock, type TestApp, type TestPartner } from '../helpers/app.js';

const calc = (t: TestApp, p: TestPartner, endUser: string, env: 'test' | 'live' = 'test') =>
  t.inject({ method: 'POST', url: '/api/v1/calculate/safe-to-spend', headers: keyHeaders(p, { env }), payload: { end_user_id: endUser, cash_balance: 100 } });

async function dailyRows(deps: Deps, partnerId: string) {
  const rows = await deps.database.db.selectFrom('usage_daily').select(['environment', 'day', 'calls']).where('partner_id', '=', partnerId).orderBy('environment').orderBy('day').execute();
  return rows.map((r) => ({ ...r, calls: Number(r.calls) }));
}

describe('usage metering', () => {
  let t: TestApp;
  const clock = new TestClock(Date.parse('2026-11-21T12:00:00.000Z'));
  before(async () => {
    // A long interval: only explicit flushes write, so the tests can see what is (not) written.
    t = await buildTestApp({ clock, env: { USAGE_FLUSH_MS: '60000', RATE_PER_USER_USD: '0.05' } });
  });
  after(() => t.close());

  it('counts exactly after concurrent calls from two keys and two environments, without writing on the request path', async () => {
    clock.set('2026-11-21T12:00:00.000Z');
    const a = await t.partner();
    const b = await t.partner();
    const jobs: Promise<unknown>[] = [];
    for (let i = 0; i < 25; i++) jobs.push(calc(t, a, `u${i % 7}`, 'test'));
    for (let i = 0; i < 18; i++) jobs.push(calc(t, a, `u${i % 4}`, 'live'));
    for (let i = 0; i < 11; i++) jobs.push(calc(t, b, `other${i}`, 'live'));
    // Calls that fail validation after authentication still count; unauthenticated ones do not.
    jobs.push(t.inject({ method: 'POST', url: '/api/v1/calculate/safe-to-spend', headers: keyHeaders(a), payload: { end_user_id: '' } }));
    jobs.push(t.inject({ method: 'POST', url: '/api/v1/calculate/safe-to-spend', headers: { 'x-api-key': 'svc_test_wrong' }, payload: { end_user_id: 'x' } }));
    const res = (await Promise.all(jobs)) as { statusCode: number }[];
    assert.equal(res.filter((r) => r.statusCode === 200).length, 54);

    // Nothing was written yet: counting is in memory.
    assert.deepEqual(await dailyRows(t.deps, a.id), []);
    assert.equal((await t.deps.database.db.selectFrom('usage_end_users').select('end_user_id').execute()).length, 0);

    const ua = await t.inject({ method: 'GET', url: '/api/v1/usage', headers: keyHeaders(a, { env: 'live' }) });
    assert.equal(ua.statusCode, 200);
    // The GET /usage call itself counts (live key): 18 + 1.
    assert.deepEqual(ua.json(), {
      month: '2026-11',
      partner: a.id,
      production: { calls: 19, unique_end_users: 4, estimated_bill_usd: 0.2 },
      sandbox: { calls: 26, unique_end_users: 7, estimated_bill_usd: null },
      rate_per_user_usd: 0.05,
    });
    const ub = await t.inject({ method: 'GET', url: '/v1/usage', headers: keyHeaders(b) });
    assert.deepEqual(ub.json().production, { calls: 11, unique_end_users: 11, estimated_bill_usd: 0.55 });
    assert.deepEqual(ub.json().sandbox, { calls: 1, unique_end_users: 0, estimated_bill_usd: null });
    assert.deepEqual(await dailyRows(t.deps, a.id), [
      { environment: 'live', day: '2026-11-21', calls: 19 },
      { environment: 'test', day: '2026-11-21', calls: 26 },
    ]);
  });

  it('counts end-users exactly past the in-memory list bound (ids folded while requests come in)', async () => {
    clock.set('2026-11-21T12:00:00.000Z');
    const p = await t.partner();
    // The calls themselves go through HTTP elsewhere; 120,000 of them are recorded directly (the meter's own
    // interface) so that the list of one (partner, environment) is folded several times before the flush.
    const at = clock.now();
    for (let i = 0; i < 120_000; i++) t.deps.usage.recordEndUser(p.id, 'live', `bulk${i % 70_000}`, at);
    for (let i = 0; i < 5; i++) await calc(t, p, `bulk${i}`, 'live'); // already seen: still one user each
    await calc(t, p, 'bulk-new', 'live');
    await t.deps.usage.flush();
    const res = await t.inject({ method: 'GET', url: '/api/v1/usage', headers: keyHeaders(p, { env: 'live' }) });
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().production.unique_end_users, 70_001);
    assert.equal(res.json().production.calls, 7, 'the six calls and the usage read itself');
  });

  it('splits days and months at UTC midnight', async () => {
    const p = await t.partner();
    clock.set('2026-01-31T23:59:59.999Z');
    await calc(t, p, 'alice', 'live');
    await calc(t, p, 'bob', 'live');
    clock.set('2026-02-01T00:00:00.000Z');
    await calc(t, p, 'alice', 'live');
    clock.set('2026-02-01T23:59:59.999Z');
    await calc(t, p, 'alice', 'live');
    clock.set('2026-02-02T00:00:00.000Z');
    await calc(t, p, 'carol', 'live');
    await t.deps.usage.flush();
    assert.deepEqual(await dailyRows(t.deps, p.id), [
      { environment: 'live', day: '2026-01-31', calls: 2 },
      { environment: 'live', day: '2026-02-01', calls: 2 },
      { environment: 'live', day: '2026-02-02', calls: 1 },
    ]);
    const users = await t.deps.database.db.selectFrom('usage_end_users').select(['month', 'end_user_id']).where('partner_id', '=', p.id).orderBy('month').orderBy('end_user_id').execute();
    assert.deepEqual(users, [
      { month: '2026-01', end_user_id: 'alice' },
      { month: '2026-01', end_user_id: 'bob' },
      { month: '2026-02', end_user_id: 'alice' },
      { month: '2026-02', end_user_id: 'carol' },
    ]);
    const res = await t.inject({ method: 'GET', url: '/api/v1/usage', headers: keyHeaders(p) });
    assert.equal(res.json().month, '2026-02');
    assert.deepEqual(res.json().production, { calls: 3, unique_end_users: 2, estimated_bill_usd: 0.1 });
    clock.set('2026-11-21T12:00:00.000Z');
  });

  it('several processes on one database count exactly together (additive upserts, insert-or-ignore users)', async () => {
    const p = await t.partner();
    const deps2 = createDeps(t.config, { clock, log: createLogger(t.config), poolSize: 3 });
    const app2 = await buildApp(deps2);
    try {
      const jobs: Promise<unknown>[] = [];
      for (let i = 0; i < 30; i++) {
        jobs.push(calc(t, p, `shared${i % 10}`, 'live'));
        jobs.push(app2.inject({ method: 'POST', url: '/api/v1/calculate/safe-to-spend', headers: keyHeaders(p, { env: 'live' }), payload: { end_user_id: `shared${(i + 5) % 12}` } }));
      }
      await Promise.all(jobs);
      // Both flush at the same time, several times over.
      await Promise.all([t.deps.usage.flush(), deps2.usage.flush(), t.deps.usage.flush(), deps2.usage.flush()]);
      const rows = await dailyRows(t.deps, p.id);
      assert.deepEqual(rows, [{ environment: 'live', day: '2026-11-21', calls: 60 }]);
      const users = await t.deps.database.db.selectFrom('usage_end_users').select('end_user_id').where('partner_id', '=', p.id).execute();
      assert.equal(users.length, 12);
    } finally {
      await app2.close();
      await deps2.close();
    }
  });

  it('flush is safe to call concurrently with recording: every count lands exactly once', async () => {
    const p = await t.partner();
    const flushes: Promise<void>[] = [];
    for (let i = 0; i < 200; i++) {
      t.deps.usage.recordCall(p.id, 'test', clock.now());
      t.deps.usage.recordEndUser(p.id, 'test', `e${i % 50}`, clock.now());
      if (i % 20 === 0) flushes.push(t.deps.usage.flush());
    }
    flushes.push(t.deps.usage.flush());
    await Promise.all(flushes);
    assert.deepEqual(await dailyRows(t.deps, p.id), [{ environment: 'test', day: '2026-11-21', calls: 200 }]);
    const users = await t.deps.database.db.selectFrom('usage_end_users').select('end_user_id').where('partner_id', '=', p.id).execute();
    assert.equal(users.length, 50);
  });

  it('a failed flush keeps the counts in memory for the next one', async () => {
    const p = await t.partner();
    await t.deps.usage.flush();
    t.deps.usage.recordCall(p.id, 'live', clock.now());
    t.deps.usage.recordCall(p.id, 'live', clock.now());
    t.deps.usage.recordEndUser(p.id, 'live', 'kept', clock.now());
    // The database refuses the write (the table is missing for a moment).
    await sql`alter table usage_end_users rename to usage_end_users_away`.execute(t.deps.database.db);
    try {
      await assert.rejects(t.deps.usage.flush());
      t.deps.usage.recordCall(p.id, 'live', clock.now());
    } finally {
      await sql`alter table usage_end_users_away rename to usage_end_users`.execute(t.deps.database.db);
    }
    // Nothing of the failed transaction was written (the calls went back to memory with it).
    assert.deepEqual(await dailyRows(t.deps, p.id), []);
    await t.deps.usage.flush();
    assert.deepEqual(await dailyRows(t.deps, p.id), [{ environment: 'live', day: '2026-11-21', calls: 3 }]);
    const users = await t.deps.database.db.selectFrom('usage_end_users').select('end_user_id').where('partner_id', '=', p.id).execute();
    assert.deepEqual(users, [{ end_user_id: 'kept' }]);
  });

  it('drops counts of a partner deleted before the flush instead of failing every flush', async () => {
    const gone = await t.partner();
    const kept = await t.partner();
    await calc(t, gone, 'x');
    await calc(t, kept, 'y');
    await t.deps.database.db.deleteFrom('partners').where('id', '=', gone.id).execute();
    await t.deps.auth.invalidatePartner(gone.id);
    await t.deps.usage.flush();
    assert.deepEqual(await dailyRows(t.deps, kept.id), [{ environment: 'test', day: '2026-11-21', calls: 1 }]);
    assert.deepEqual(await dailyRows(t.deps, gone.id), []);
  });

  it('bills unique production end-users at the partner rate, else the tier rate, else the configured default', async () => {
    const own = await t.partner({ tier: 'enterprise' });
    await t.deps.database.db.updateTable('partners').set({ rate_per_user_usd: 0.125 }).where('id', '=', own.id).execute();
    const tier = await t.partner({ tier: 'enterprise' });
    const dflt = await t.partner();
    for (const p of [own, tier, dflt]) for (const u of ['a', 'b', 'c', 'a']) await calc(t, p, u, 'live');
    const get = async (p: TestPartner) => (await t.inject({ method: 'GET', url: '/api/v1/usage', headers: keyHeaders(p) })).json();
    const o = await get(own);
    assert.equal(o.rate_per_user_usd, 0.125);
    assert.equal(o.production.estimated_bill_usd, 0.38); // 3 × 0.125 = 0.375 → half-up
    const ti = await get(tier);
    assert.equal(ti.rate_per_user_usd, 0.02);
    assert.equal(ti.production.estimated_bill_usd, 0.06);
    const d = await get(dflt);
    assert.equal(d.rate_per_user_usd, 0.05);
    assert.equal(d.production.estimated_bill_usd, 0.15);
    assert.equal(d.sandbox.estimated_bill_usd, null);
  });

  it('erasing an end-user removes its id from the usage tables and keeps the count', async () => {
    const p = await t.partner();
    await calc(t, p, 'forget-me', 'live');
    await calc(t, p, 'keep-me', 'live');
    await t.deps.usage.flush();
    const del = await t.inject({ method: 'DELETE', url: '/api/v1/ingest/user/forget-me', headers: keyHeaders(p, { env: 'live', secret: true }) });
    assert.equal(del.statusCode, 200);
    assert.equal(del.json().erased.usage_end_users, 1);
    const ids = (await t.deps.database.db.selectFrom('usage_end_users').select('end_user_id').where('partner_id', '=', p.id).execute()).map((r) => r.end_user_id);
    assert.equal(ids.length, 2);
    assert.ok(!ids.includes('forget-me'));
    assert.ok(ids.includes('keep-me'));
    const u = (await t.inject({ method: 'GET', url: '/api/v1/usage', headers: keyHeaders(p) })).json();
    assert.equal(u.production.unique_end_users, 2);
  });

  it('GET /usage: auth paths (none, wrong, suspended) and only the caller’s own figures', async () => {
    const p = await t.partner();
    const none = await t.inject({ method: 'GET', url: '/api/v1/usage' });
    assert.equal(none.statusCode, 401);
    assert.equal(typeof none.json().detail, 'string');
    const wrong = await t.inject({ method: 'GET', url: '/api/v1/usage', headers: { 'x-api-key': 'svc_live_nope' } });
    assert.equal(wrong.statusCode, 401);
    const other = await t.partner();
    await calc(t, other, 'zzz', 'live');
    const mine = await t.inject({ method: 'GET', url: '/api/v1/usage', headers: { authorization: `Bearer ${p.liveKey}` } });
    assert.equal(mine.statusCode, 200);
    assert.equal(mine.json().partner, p.id);
    assert.deepEqual(mine.json().production, { calls: 1, unique_end_users: 0, estimated_bill_usd: 0 });
    await t.deps.database.db.updateTable('partners').set({ active: 0 }).where('id', '=', p.id).execute();
    await t.deps.auth.invalidatePartner(p.id);
    const susp = await t.inject({ method: 'GET', url: '/api/v1/usage', headers: keyHeaders(p) });
    assert.equal(susp.statusCode, 403);
    assert.deepEqual(susp.json(), { detail: 'partner suspended', code: 'partner_suspended' });
  });
});
