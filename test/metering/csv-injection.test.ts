/**
 * Every CSV the service writes, read the way a spreadsheet reads it: a cell that
 * holds CR or LF stays one cell (quoted), and no cell starts like a formula.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildTestApp, keyHeaders, PLATFORM_SECRET, type TestApp, type TestPartner } from '../helpers/app.js';
import { formulaCells, spreadsheetRows } from '../helpers/spreadsheet.js';

const HOSTILE = [
  'x\n=HYPERLINK("http://evil.example","click")',
  'a\rb',
  'c\r\n@SUM(A1:A9)',
  '=1+1',
  '\r=cmd|calc',
  '-2+3',
  '\t+x',
];

/** Reads an export: its rows, each as wide as the header, and none with a formula cell. */
function readExport(body: string, expectedRows: number): string[][] {
  const rows = spreadsheetRows(body);
  assert.equal(rows.length, expectedRows + 1, `one header and ${expectedRows} rows, got:\n${JSON.stringify(rows)}`);
  for (const r of rows) assert.equal(r.length, rows[0].length, `row as wide as the header: ${JSON.stringify(r)}`);
  assert.deepEqual(formulaCells(rows), [], 'no cell starts like a formula');
  return rows;
}

/** The cell of the column `name` in each data row. */
const column = (rows: string[][], name: string) => rows.slice(1).map((r) => r[rows[0].indexOf(name)]);

/** What a cell becomes: quoted as is, with a leading ' when it starts like a formula. */
const expected = (v: string) => (/^[=+\-@\t\r]/.test(v) ? `'${v}` : v);

describe('CSV exports keep hostile cells inside their row', () => {
  let t: TestApp;
  let p: TestPartner;
  let evil: TestPartner;
  let adminToken: string;
  before(async () => {
    t = await buildTestApp();
    p = await t.partner();
    evil = await t.partner({ company: 'Evil\n=HYPERLINK("http://evil.example")', name: 'a\rb' });
    adminToken = (await t.admin()).token;
  });
  after(() => t.close());

  it('calculations.csv: hostile end_user_id and user_email', async () => {
    for (const [i, v] of HOSTILE.entries()) {
      const r = await t.inject({
        method: 'POST',
        url: '/api/v1/ingest',
        headers: keyHeaders(p, { secret: true }),
        payload: { end_user_id: v, user_email: HOSTILE[(i + 1) % HOSTILE.length], cash_balance: 100 + i },
      });
      assert.equal(r.statusCode, 201, r.body);
    }
    const res = await t.inject({ method: 'GET', url: '/api/v1/reports/calculations.csv', headers: keyHeaders(p) });
    assert.equal(res.statusCode, 200);
    const rows = readExport(res.body, HOSTILE.length);
    assert.deepEqual(new Set(column(rows, 'end_user_id')), new Set(HOSTILE.map(expected)));
    assert.deepEqual(new Set(column(rows, 'user_email')), new Set(HOSTILE.map(expected)));
  });

  it('webhooks.csv: hostile error and response excerpts', async () => {
    const db = t.deps.database.db;
    const now = Date.now();
    await db
      .insertInto('webhook_events')
      .values({ id: 'evt_inj', partner_id: p.id, environment: 'test', type: 'calculation.updated', ordering_key: 'u', payload: '{}', created_at: now, state: 'failed', attempts: 1, next_attempt_at: now, locked_until: null })
      .execute();
    await db
      .insertInto('webhook_deliveries')
      .values(
        HOSTILE.map((v, i) => ({
          id: `whd_inj${i}`,
          partner_id: p.id,
          environment: 'test' as const,
          event_id: 'evt_inj',
          event_type: 'calculation.updated',
          endpoint_id: null,
          url: 'https://hooks.example/x',
          duration_ms: 3,
          attempt: 1,
          status: 'failed',
          status_code: 500,
          error: HOSTILE[(i + 3) % HOSTILE.length],
          response_excerpt: v,
          created_at: now - i,
          next_attempt_at: null,
        })),
      )
      .execute();
    const res = await t.inject({ method: 'GET', url: '/api/v1/reports/webhooks.csv', headers: keyHeaders(p) });
    assert.equal(res.statusCode, 200);
    const rows = readExport(res.body, HOSTILE.length);
    assert.deepEqual(column(rows, 'response_excerpt'), HOSTILE.map(expected));
    assert.deepEqual(new Set(column(rows, 'error')), new Set(HOSTILE.map(expected)));
  });

  it('usage.csv: one row per month', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/v1/reports/usage.csv?months=3', headers: keyHeaders(p) });
    assert.equal(res.statusCode, 200);
    readExport(res.body, 3);
  });

  it('partner and admin usage exports: hostile event fields, company and contact names', async () => {
    for (const [i, v] of HOSTILE.entries()) {
      for (const payload of [
        { event_type: 'transaction', category: HOSTILE[(i + 1) % HOSTILE.length], amount_cents: 10 + i },
        { event_type: 'account_link', institution: HOSTILE[(i + 2) % HOSTILE.length] },
      ]) {
        const r = await t.inject({
          method: 'POST',
          url: '/api/ingest/event',
          headers: { 'x-service-ingest-secret': PLATFORM_SECRET },
          payload: { partner_id: evil.id, user_id: v, ...payload },
        });
        assert.equal(r.statusCode, 200, r.body);
      }
    }
    const session = await t.session('partner', evil.id);
    const mine = await t.inject({ method: 'GET', url: '/api/partners/me/usage/export?days=7&format=events', headers: { authorization: `Bearer ${session}` } });
    assert.equal(mine.statusCode, 200);
    const events = readExport(mine.body, 2 * HOSTILE.length);
    assert.deepEqual(new Set(column(events, 'user_id')), new Set(HOSTILE.map(expected)));
    const filled = (name: string) => new Set(column(events, name).filter((c) => c !== ''));
    assert.deepEqual(filled('category'), new Set(HOSTILE.map(expected)));
    assert.deepEqual(filled('institution'), new Set(HOSTILE.map(expected)));
    const summary = await t.inject({ method: 'GET', url: '/api/partners/me/usage/export?days=7&format=summary', headers: { authorization: `Bearer ${session}` } });
    readExport(summary.body, 7);

    const admin = { authorization: `Bearer ${adminToken}` };
    const partners = await t.inject({ method: 'GET', url: '/api/admin/usage/export?days=7&format=partners', headers: admin });
    assert.equal(partners.statusCode, 200);
    const prow = readExport(partners.body, 2);
    assert.ok(column(prow, 'company').includes(expected('Evil\n=HYPERLINK("http://evil.example")')));
    const all = await t.inject({ method: 'GET', url: '/api/admin/usage/export?days=7&format=events', headers: admin });
    assert.equal(all.statusCode, 200);
    readExport(all.body, 2 * HOSTILE.length);
  });
});
