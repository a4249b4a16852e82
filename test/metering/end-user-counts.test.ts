/**
 * The month's unique end-user count is read from usage_end_user_counts, which always equals
 * count(*) of the usage_end_users rows of its (partner, environment, month): after flushes,
 * repeated ids, erasures, concurrent flushes of two services on one database, partner deletion,
 * and the migration's backfill.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Kysely } from 'kysely';
import { buildApp } from '../../src/app.js';
import { createDeps, createLogger } from '../../src/deps.js';
import type { Deps } from '../../src/context.js';
import type { DB } from '../../src/db/schema/index.js';
import { anonymiseEndUser } from '../../src/areas/metering/repo.js';
import * as m0014 from '../../src/db/migrations/0014_usage_end_user_counts.js';
import { buildTestApp, keyHeaders, TestClock, type TestApp, type TestPartner } from '../helpers/app.js';

const calc = (t: { inject: TestApp['inject'] }, p: TestPartner, endUser: string, env: 'test' | 'live' = 'live') =>
  t.inject({ method: 'POST', url: '/api/v1/calculate/safe-to-spend', headers: keyHeaders(p, { env }), payload: { end_user_id: endUser, cash_balance: 100 } });

const ingest = (t: TestApp, p: TestPartner, endUser: string, env: 'test' | 'live' = 'live') =>
  t.inject({ method: 'POST', url: '/api/v1/ingest', headers: keyHeaders(p, { env, secret: true }), payload: { end_user_id: endUser, cash_balance: 10 } });

/** Every key's counter next to count(*) of its rows (a counter of 0 and no rows are the same). */
async function countsAndRows(db: Kysely<DB>) {
  const rows = await db
    .selectFrom('usage_end_users')
    .select((eb) => ['partner_id', 'environment', 'month', eb.fn.countAll<number>().as('n')])
    .groupBy(['partner_id', 'environment', 'month'])
    .execute();
  const counters = await db.selectFrom('usage_end_user_counts').selectAll().execute();
  const key = (r: { partner_id: string; environment: string; month: string }) => `${r.partner_id}|${r.environment}|${r.month}`;
  const counted = Object.fromEntries(rows.map((r) => [key(r), Number(r.n)]));
  const kept = Object.fromEntries(counters.filter((r) => Number(r.users) !== 0).map((r) => [key(r), Number(r.users)]));
  return { counted, kept };
}

async function assertCounterExact(db: Kysely<DB>, where = '') {
  const { counted, kept } = await countsAndRows(db);
  assert.deepEqual(kept, counted, `counter equals count(*) ${where}`);
}

const usersOf = async (t: { inject: TestApp['inject'] }, p: TestPartner) => {
  const r = await t.inject({ method: 'GET', url: '/api/v1/usage', headers: keyHeaders(p, { env: 'live' }) });
  assert.equal(r.statusCode, 200);
  const body = r.json() as { production: { unique_end_users: number }; sandbox: { unique_end_users: number } };
  return { live: body.production.unique_end_users, test: body.sandbox.unique_end_users };
};

describe('unique end-user counter', () => {
  let t: TestApp;
  const clock = new TestClock(Date.parse('2026-11-21T12:00:00.000Z'));
  before(async () => {
    t = await buildTestApp({ clock, env: { USAGE_FLUSH_MS: '60000', RATE_LIMIT_PER_SECOND: '100000' } });
  });
  after(() => t.close());

  it('GET /usage counts distinct end-users of calculate and ingest, repeated ones once, across flushes', async () => {
    clock.set('2026-11-21T12:00:00.000Z');
    const p = await t.partner();
    for (let i = 0; i < 30; i++) assert.equal((await calc(t, p, `c${i % 12}`)).statusCode, 200);
    for (let i = 0; i < 10; i++) assert.equal((await ingest(t, p, `c${i}`)).statusCode, 201);
    for (let i = 0; i < 5; i++) assert.equal((await ingest(t, p, `i${i}`)).statusCode, 201);
    for (let i = 0; i < 7; i++) assert.equal((await calc(t, p, `s${i % 3}`, 'test')).statusCode, 200);
    assert.deepEqual(await usersOf(t, p), { live: 17, test: 3 });
    // Already written ids seen again (this process and after its cache is gone) add nothing.
    for (let i = 0; i < 17; i++) await calc(t, p, i < 12 ? `c${i}` : `i${i - 12}`);
    await calc(t, p, 'new-one');
    assert.deepEqual(await usersOf(t, p), { live: 18, test: 3 });
    // A new month starts at zero; the old one keeps its count (usage.csv reads the counter too).
    clock.set('2026-12-01T00:00:01.000Z');
    await calc(t, p, 'c0');
    assert.deepEqual(await usersOf(t, p), { live: 1, test: 0 });
    const csv = await t.inject({ method: 'GET', url: '/api/v1/reports/usage.csv?months=2', headers: keyHeaders(p, { env: 'live' }) });
    assert.equal(csv.statusCode, 200);
    const lines = csv.body.trim().split(/\r?\n/);
    assert.match(lines[1], /^2026-11,production,\d+,18,/);
    assert.match(lines[2], /^2026-12,production,\d+,1,/);
    await assertCounterExact(t.deps.database.db);
  });

  it('an erasure keeps the count (placeholder) and the counter equal to the rows', async () => {
    clock.set('2026-11-21T12:00:00.000Z');
    const p = await t.partner();
    for (const u of ['a', 'b', 'c']) await calc(t, p, u);
    assert.equal((await usersOf(t, p)).live, 3);
    const del = await t.inject({ method: 'DELETE', url: '/api/v1/ingest/user/b', headers: keyHeaders(p, { env: 'live', secret: true }) });
    assert.equal(del.statusCode, 200);
    assert.equal((await usersOf(t, p)).live, 3);
    await assertCounterExact(t.deps.database.db, 'after an erasure');
    // The erased end-user served again is written as the same placeholder: still counted once.
    await calc(t, p, 'b');
    assert.equal((await usersOf(t, p)).live, 3);
    await assertCounterExact(t.deps.database.db, 'after the erased end-user came back');
    // When the placeholder is already a row, the anonymised row goes and the counter loses one with it.
    await t.deps.database.tx((trx) => anonymiseEndUser(trx, p.id, 'live', 'a', () => 'c'));
    assert.equal((await usersOf(t, p)).live, 2);
    await assertCounterExact(t.deps.database.db, 'after merging into an existing placeholder');
  });

  it('two services flushing the same end-users into one database at once keep the counter exact', async () => {
    clock.set('2026-11-21T12:00:00.000Z');
    const deps2: Deps = createDeps(t.config, { clock, log: createLogger(t.config), poolSize: 3 });
    const app2 = await buildApp(deps2);
    try {
      const p = await t.partner();
      const q = await t.partner();
      for (let round = 0; round < 6; round++) {
        for (let i = 0; i < 40; i++) {
          const at = clock.now();
          for (const [deps, shift] of [
            [t.deps, 0],
            [deps2, 7],
          ] as const) {
            deps.usage.recordEndUser(p.id, 'live', `u${(i + shift + round * 11) % 90}`, at);
            deps.usage.recordEndUser(p.id, 'test', `u${(i + shift) % 25}`, at);
            deps.usage.recordEndUser(q.id, 'live', `v${(i * 3 + shift + round) % 60}`, at);
          }
        }
        await Promise.all([t.deps.usage.flush(), deps2.usage.flush(), t.deps.usage.flush(), deps2.usage.flush()]);
      }
      // Through HTTP on both services as well, on the same ids.
      const jobs: Promise<unknown>[] = [];
      for (let i = 0; i < 30; i++) {
        jobs.push(calc(t, p, `u${i % 95}`));
        jobs.push(calc(app2, p, `u${(i + 50) % 95}`));
      }
      await Promise.all(jobs);
      await Promise.all([t.deps.usage.flush(), deps2.usage.flush()]);
      await assertCounterExact(t.deps.database.db, 'after concurrent flushes');
      const { counted } = await countsAndRows(t.deps.database.db);
      const users = await usersOf(app2, p);
      assert.deepEqual(users, { live: counted[`${p.id}|live|2026-11`], test: counted[`${p.id}|test|2026-11`] });
      assert.equal(users.test, 25);
      assert.equal((await usersOf(t, q)).live, 60);
    } finally {
      await app2.close();
      await deps2.close();
    }
  });

  it('deleting a partner removes its counters (foreign key, cascade)', async () => {
    const p = await t.partner();
    await calc(t, p, 'x');
    await t.deps.usage.flush();
    const db = t.deps.database.db;
    assert.equal((await db.selectFrom('usage_end_user_counts').select('users').where('partner_id', '=', p.id).execute()).length, 1);
    await db.deleteFrom('partners').where('id', '=', p.id).execute();
    await t.deps.auth.invalidatePartner(p.id);
    assert.deepEqual(await db.selectFrom('usage_end_user_counts').select('users').where('partner_id', '=', p.id).execute(), []);
  });

  it('the migration backfills the counter from the end-user rows already stored', async () => {
    const db = t.deps.database.db;
    const p = await t.partner();
    const rows = [];
    for (let i = 0; i < 9; i++) rows.push({ partner_id: p.id, environment: 'live' as const, month: '2025-01', end_user_id: `old${i}`, first_seen_at: 1 });
    for (let i = 0; i < 4; i++) rows.push({ partner_id: p.id, environment: 'test' as const, month: '2025-02', end_user_id: `old${i}`, first_seen_at: 1 });
    await db.insertInto('usage_end_users').values(rows).execute();
    await t.deps.database.tx(async (trx) => {
      await m0014.down(trx as unknown as Kysely<unknown>);
      await m0014.up(trx as unknown as Kysely<unknown>);
    });
    const counters = await db.selectFrom('usage_end_user_counts').select(['environment', 'month', 'users']).where('partner_id', '=', p.id).orderBy('month').execute();
    assert.deepEqual(
      counters.map((r) => ({ ...r, users: Number(r.users) })),
      [
        { environment: 'live', month: '2025-01', users: 9 },
        { environment: 'test', month: '2025-02', users: 4 },
      ],
    );
    await assertCounterExact(db, 'after the backfill');
  });
});
