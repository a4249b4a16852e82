/**
 * The maintenance pass reclaims dead rows of the service's own tables: on PostgreSQL with autovacuum off, a table
 * updated in place (here the usage counters, which every usage flush updates) is vacuumed once its dead rows pass
 * the threshold, and its dead-row count drops; a table under the threshold is left alone. On SQLite the pass
 * vacuums and analyzes nothing and changes no row.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { buildTestApp, DIALECT, type TestApp } from '../helpers/app.js';
import { DEAD_ROWS_FRACTION, DEAD_ROWS_MIN, dueForVacuum, LAGGING, runMaintenancePass } from '../../src/workers/maintenance.js';

const ROWS = 3_000;

describe('maintenance: dead rows of hot tables', () => {
  let t: TestApp;
  before(async () => {
    t = await buildTestApp();
  });
  after(async () => {
    await t.close();
  });

  it('picks the tables whose dead rows pass the threshold, most dead first; with autovacuum on only those it lags on', () => {
    const tables = [
      { table: 'usage_daily', live: 10, dead: DEAD_ROWS_MIN + 1, modified: 0 },
      { table: 'webhook_events', live: 100_000, dead: DEAD_ROWS_MIN + DEAD_ROWS_FRACTION * 100_000 + 500, modified: 0 },
      { table: 'calculations', live: 100_000, dead: 10, modified: 50_000 },
      { table: 'sessions', live: 5, dead: 3, modified: 3 },
    ];
    assert.deepEqual(dueForVacuum(tables, true), { vacuum: ['webhook_events', 'usage_daily'], analyze: ['calculations'] });
    assert.deepEqual(dueForVacuum(tables, false), { vacuum: [], analyze: [] });
    const lagging = [{ table: 'usage_daily', live: 10, dead: LAGGING * (DEAD_ROWS_MIN + 1), modified: 0 }];
    assert.deepEqual(dueForVacuum(lagging, false).vacuum, ['usage_daily']);
  });

  it('PostgreSQL: a table with dead rows past the threshold is vacuumed and its dead-row count drops; SQLite: a harmless no-op', async () => {
    const db = t.deps.database.db;
    const p = await t.partner();
    const days = Array.from({ length: ROWS }, (_, i) => `d${String(i).padStart(5, '0')}`);
    await db
      .insertInto('usage_daily')
      .values(days.map((day) => ({ partner_id: p.id, environment: 'test' as const, day, calls: 1, updated_at: 1 })))
      .execute();
    // Two updates of every row: 2 × ROWS dead row versions (no HOT: updated_at is indexed).
    for (let i = 0; i < 2; i++) await db.updateTable('usage_daily').set((eb) => ({ calls: eb('calls', '+', 1), updated_at: eb('updated_at', '+', 1) })).execute();

    if (DIALECT === 'sqlite') {
      const r = await runMaintenancePass(t.deps);
      assert.deepEqual(r.vacuumed, []);
      assert.deepEqual(r.analyzed, []);
      const left = await db.selectFrom('usage_daily').select((eb) => eb.fn.sum<number>('calls').as('n')).where('partner_id', '=', p.id).executeTakeFirstOrThrow();
      assert.equal(Number(left.n), 3 * ROWS);
      return;
    }

    const dead = async () => {
      const r = await sql<{ dead: number | string }>`select n_dead_tup as dead from pg_stat_user_tables where schemaname = current_schema() and relname = 'usage_daily'`.execute(db);
      return Number(r.rows[0]?.dead ?? 0);
    };
    // Backends report their counters to the statistics system within a second or so of a transaction (PostgreSQL 15:
    // at the next idle moment); wait for them instead of assuming.
    const until = async (ok: (n: number) => boolean, what: string) => {
      const deadline = Date.now() + 30_000;
      for (let n = await dead(); ; n = await dead()) {
        if (ok(n)) return n;
        if (Date.now() > deadline) assert.fail(`${what}: n_dead_tup of usage_daily is ${n}`);
        await new Promise((r) => setTimeout(r, 200));
      }
    };
    const before = await until((n) => n >= 2 * ROWS, 'the updates are counted');
    const av = (await sql<{ setting: string }>`select setting from pg_settings where name = 'autovacuum'`.execute(db)).rows[0].setting;

    const r = await runMaintenancePass(t.deps);
    const threshold = (av === 'off' ? 1 : LAGGING) * (DEAD_ROWS_MIN + DEAD_ROWS_FRACTION * ROWS);
    if (before >= threshold) {
      assert.ok(r.vacuumed.includes('usage_daily'), `vacuumed ${JSON.stringify(r.vacuumed)}`);
      const afterPass = await until((n) => n < before, 'the vacuum is counted');
      assert.ok(afterPass < DEAD_ROWS_MIN, `dead rows left: ${afterPass}`);
      const st = await sql<{ last_vacuum: Date | null }>`select last_vacuum from pg_stat_user_tables where schemaname = current_schema() and relname = 'usage_daily'`.execute(db);
      assert.ok(st.rows[0].last_vacuum, 'usage_daily was vacuumed');
    } else {
      // autovacuum on and not lagging that far: left to autovacuum.
      assert.ok(!r.vacuumed.includes('usage_daily'));
    }
    // The rows themselves are untouched.
    const left = await db.selectFrom('usage_daily').select((eb) => eb.fn.sum<number>('calls').as('n')).where('partner_id', '=', p.id).executeTakeFirstOrThrow();
    assert.equal(Number(left.n), 3 * ROWS);

    // A second pass right after finds nothing left to vacuum on that table.
    const again = await runMaintenancePass(t.deps);
    assert.ok(!again.vacuumed.includes('usage_daily'), `vacuumed again ${JSON.stringify(again.vacuumed)}`);
  });
});
