/**
 * The page queries must be served by their index in index order, never by sorting the table; and a keyset
 * export's batch after the first must start its index range at its seek bound.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { sql, type Compilable, type CompiledQuery } from 'kysely';
import { buildTestApp, keyHeaders, type TestApp } from '../helpers/app.js';
import { calculationsBatchQuery, pageCalculationsQuery } from '../../src/areas/calculations/repo.js';
import { pageEventsQuery } from '../../src/areas/usage-events/repo.js';
import { deliveriesPageQuery, eventDeliveriesQuery } from '../../src/areas/webhooks/repo.js';

/** PostgreSQL's plan of `compiled`, with seq scans and sorts forbidden: on small tables it shows whether an index can serve. */
async function pgPlan(t: TestApp, compiled: CompiledQuery): Promise<string> {
  return t.deps.database.db.transaction().execute(async (trx) => {
    await sql`SET LOCAL enable_seqscan = off`.execute(trx);
    await sql`SET LOCAL enable_sort = off`.execute(trx);
    const plan = await trx.executeQuery<{ 'QUERY PLAN': string }>({ ...compiled, sql: `EXPLAIN ${compiled.sql}` } as never);
    return plan.rows.map((r) => r['QUERY PLAN']).join('\n');
  });
}

/**
 * `compiled` is served by `index` in its order (backward), with no sort; with `cursorColumns`, the cursor's
 * `(columns) < (…)` bounds the index range. PostgreSQL: with the alternatives forbidden, so that on small tables the
 * planner shows whether the index can serve the order.
 */
async function assertIndexOrder(t: TestApp, compiled: CompiledQuery, index: string, cursorColumns: string[] | null): Promise<void> {
  const db = t.deps.database.db;
  if (t.deps.database.dialect === 'postgres') {
    const text = await pgPlan(t, compiled);
    assert.match(text, new RegExp(`Index Scan Backward using ${index}`), text);
    assert.doesNotMatch(text, /Sort/, text);
    if (cursorColumns) assert.match(text, new RegExp(`Index Cond: .*\\(${cursorColumns.join(', ')}\\) <`), 'the cursor bounds the index range: ' + text);
  } else {
    const plan = await db.executeQuery<{ detail: string }>({ ...compiled, sql: `EXPLAIN QUERY PLAN ${compiled.sql}` } as never);
    const text = plan.rows.map((r) => r.detail).join('\n');
    assert.match(text, new RegExp(`USING (COVERING )?INDEX ${index}`), text);
    assert.doesNotMatch(text, /TEMP B-TREE/, text);
    if (cursorColumns) assert.match(text, new RegExp(`\\(${cursorColumns.join(',')}\\)<\\(\\?,\\?\\)`), 'the cursor bounds the index range: ' + text);
  }
}

describe('calculations page query plan', () => {
  let t: TestApp;
  before(async () => {
    t = await buildTestApp();
    const p = await t.partner();
    for (let i = 0; i < 30; i++) {
      await t.inject({ method: 'POST', url: '/api/v1/ingest', headers: keyHeaders(p, { secret: true }), payload: { end_user_id: `u${i}` } });
    }
  });
  after(() => t.close());

  const cases = [
    {
      name: 'calculations',
      index: 'calculations_page_idx',
      columns: ['calculated_at', 'calculation_id'],
      query: (cursor: [number, string] | null) => pageCalculationsQuery(t.deps.database.db, 'ptr_x', 'test', 101, cursor).compile(),
    },
    {
      name: 'webhook deliveries',
      index: 'webhook_deliveries_page_idx',
      columns: ['created_at', 'id'],
      query: (cursor: [number, string] | null) => deliveriesPageQuery(t.deps.database.db, 'ptr_x', 'test', 101, cursor ? { before: cursor } : {}).compile(),
    },
  ];
  for (const c of cases) {
    for (const [label, cursor] of [
      ['first page', null],
      ['a later page', [Date.now(), 'x_1'] as [number, string]],
    ] as const) {
      it(`${c.name}: uses ${c.index} without a sort (${label})`, async () => {
        await assertIndexOrder(t, c.query(cursor as [number, string] | null), c.index, cursor ? c.columns : null);
      });
    }
  }
});

describe('an event\'s newest attempts: query plan', () => {
  let t: TestApp;
  before(async () => {
    t = await buildTestApp();
  });
  after(() => t.close());

  // However often the event was resent, the read stops at the limit: the event's index in its order, no sort.
  it('uses webhook_deliveries_event_order_idx without a sort', async () => {
    await assertIndexOrder(t, eventDeliveriesQuery(t.deps.database.db, 'ptr_x', 'test', 'evt_x', 50).compile(), 'webhook_deliveries_event_order_idx', null);
  });
});

/**
 * A keyset export reads batch after batch; each must start its index range at the seek bound (the last row of
 * the previous batch), or every batch reads the partner's rows again from the first one and the export is
 * quadratic in its rows. SQLite: the register the index seek takes that column's value from must be loaded from
 * the bound's parameter (`Variable`), not from another bound or a constant (`Integer 0`, the page index's
 * predicate). PostgreSQL: the bound is an index condition.
 */
describe('keyset exports: each batch starts at its seek bound', () => {
  let t: TestApp;
  before(async () => {
    t = await buildTestApp();
  });
  after(() => t.close());

  const T = 1_790_000_000_123;
  const SINCE = 1_780_000_000_000;
  const UNTIL = 1_800_000_000_000;
  const cases: { name: string; index: string; column: number; bound: number; query: () => Compilable }[] = [
    {
      name: 'calculations.csv, a batch after the first',
      index: 'calculations_page_idx',
      column: 2,
      bound: T,
      query: () => calculationsBatchQuery(t.deps.database.db, 'ptr_x', 'test', { since: null, until: null }, [T, 'calc_x'], 250),
    },
    {
      name: 'calculations.csv with since and until, a batch after the first',
      index: 'calculations_page_idx',
      column: 2,
      bound: T,
      query: () => calculationsBatchQuery(t.deps.database.db, 'ptr_x', 'test', { since: SINCE, until: UNTIL }, [T, 'calc_x'], 250),
    },
    {
      name: 'calculations.csv with since, the first batch',
      index: 'calculations_page_idx',
      column: 2,
      bound: SINCE,
      query: () => calculationsBatchQuery(t.deps.database.db, 'ptr_x', 'test', { since: SINCE, until: null }, null, 250),
    },
    {
      name: 'usage events export, a page after the first',
      index: 'usage_events_partner_time_idx',
      column: 2,
      bound: T,
      query: () => pageEventsQuery(t.deps.database.db, 'ptr_x', 'live', SINCE, UNTIL, [T, 'uev_x'], 2000),
    },
    {
      name: 'webhooks.csv with until, a page after the first (newest first: the range starts at its upper end)',
      index: 'webhook_deliveries_page_idx',
      column: 2,
      bound: T,
      query: () => deliveriesPageQuery(t.deps.database.db, 'ptr_x', 'test', 500, { since: SINCE, until: UNTIL, before: [T, 'whd_x'] }),
    },
  ];

  for (const c of cases) {
    it(`${c.name}: ${c.index} is entered at the bound`, async () => {
      const db = t.deps.database.db;
      const compiled = c.query().compile();
      if (t.deps.database.dialect === 'postgres') {
        const text = await pgPlan(t, compiled);
        assert.match(text, new RegExp(`Index Scan( Backward)? using ${c.index}`), text);
        const cond = /Index Cond: (.*)/.exec(text)?.[1] ?? '';
        assert.ok(cond.includes(`'${c.bound}'::bigint`), `the bound ${c.bound} is an index condition: ${text}`);
        return;
      }
      const root = await sql<{ rootpage: number }>`select rootpage from sqlite_master where type = 'index' and name = ${c.index}`.execute(db);
      const ops = (await db.executeQuery<{ addr: number; opcode: string; p1: number; p2: number; p3: number; p4: unknown }>({ ...compiled, sql: `EXPLAIN ${compiled.sql}` } as never)).rows;
      const listing = ops.map((o) => `${o.addr} ${o.opcode} ${o.p1} ${o.p2} ${o.p3} ${String(o.p4 ?? '')}`).join('\n');
      const open = ops.find((o) => o.opcode === 'OpenRead' && o.p2 === root.rows[0].rootpage);
      assert.ok(open, `the statement reads ${c.index}:\n${listing}`);
      const seek = ops.find((o) => /^Seek(GE|GT|LE|LT)$/.test(o.opcode) && o.p1 === open.p1);
      assert.ok(seek, `the statement seeks ${c.index} (no scan from its start):\n${listing}`);
      const register = seek.p3 + c.column;
      // What the register holds when the seek runs: the last load of it before the seek in execution order (Init
      // jumps to the constants after Halt, run once, then back to the top; the register may be reused after the seek).
      const halt = ops.find((o) => o.opcode === 'Halt')!.addr;
      const executed = [...ops.filter((o) => o.addr > halt), ...ops.filter((o) => o.addr < seek.addr)];
      const load = executed.filter((o) => ['Variable', 'Integer', 'Int64', 'SCopy', 'Copy', 'Null'].includes(o.opcode) && o.p2 === register).at(-1);
      assert.deepEqual(
        load && [load.opcode, load.opcode === 'Variable' ? compiled.parameters[load.p1 - 1] : load.p1],
        ['Variable', c.bound],
        `the seek's key field ${c.column} (register ${register}) holds the bound ${c.bound}:\n${listing}`,
      );
    });
  }
});
