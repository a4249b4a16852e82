/** The page queries must be served by their index in index order, never by sorting the table. */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { buildTestApp, keyHeaders, type TestApp } from '../helpers/app.js';
import { pageCalculationsQuery } from '../../src/areas/calculations/repo.js';
import { deliveriesPageQuery } from '../../src/areas/webhooks/repo.js';

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
        const db = t.deps.database.db;
        const compiled = c.query(cursor as [number, string] | null);
        if (t.deps.database.dialect === 'postgres') {
          await db.transaction().execute(async (trx) => {
            // Small tables: forbid the alternatives so the planner shows whether the index can serve the order.
            await sql`SET LOCAL enable_seqscan = off`.execute(trx);
            await sql`SET LOCAL enable_sort = off`.execute(trx);
            const plan = await trx.executeQuery<{ 'QUERY PLAN': string }>({ ...compiled, sql: `EXPLAIN ${compiled.sql}` } as never);
            const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
            assert.match(text, new RegExp(`Index Scan Backward using ${c.index}`), text);
            assert.doesNotMatch(text, /Sort/, text);
            if (cursor) assert.match(text, new RegExp(`Index Cond: .*\\(${c.columns.join(', ')}\\) <`), 'the cursor bounds the index range: ' + text);
          });
        } else {
          const plan = await db.executeQuery<{ detail: string }>({ ...compiled, sql: `EXPLAIN QUERY PLAN ${compiled.sql}` } as never);
          const text = plan.rows.map((r) => r.detail).join('\n');
          assert.match(text, new RegExp(`USING (COVERING )?INDEX ${c.index}`), text);
          assert.doesNotMatch(text, /TEMP B-TREE/, text);
          if (cursor) assert.match(text, new RegExp(`\\(${c.columns.join(',')}\\)<\\(\\?,\\?\\)`), 'the cursor bounds the index range: ' + text);
        }
      });
    }
  }
});
