/** Reports: streamed CSV (RFC 4180), formula injection neutralised, attachment names, date filters, parsed back and compared with the API. */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from 'csv-parse/sync';
import { newId } from '../../src/lib/ids.js';
import { buildTestApp, keyHeaders, TestClock, type TestApp, type TestPartner } from '../helpers/app.js';

const rowsOf = (body: string) => parse(body, { columns: true, skip_empty_lines: true }) as Record<string, string>[];

describe('GET /reports/calculations.csv', () => {
  let t: TestApp;
  let p: TestPartner;
  const clock = new TestClock(Date.parse('2026-11-10T08:00:00.000Z'));
  before(async () => {
    t = await buildTestApp({ clock, env: { USAGE_FLUSH_MS: '60000' } });
    p = await t.partner();
    const ingest = (endUser: string, email: string | null, env: 'test' | 'live', cash: number) =>
      t.inject({
        method: 'POST',
        url: '/api/v1/ingest',
        headers: keyHeaders(p, { env, secret: true }),
        payload: { end_user_id: endUser, user_email: email, cash_balance: cash, upcoming_bills: [{ amount: 120.5, due_in_days: 3 }], cash_buffer: 50, savings_commitments: 10 },
      });
    // Cells a spreadsheet would run as formulas, and ones that need quoting.
    const users = ['=SUM(A1:A9)', '+cmd|calc', '-2+3', '@risk', '\tTabbed', 'plain, "quoted"\nnewline', 'alice'];
    for (const [i, u] of users.entries()) {
      clock.set(Date.parse('2026-11-10T08:00:00.000Z') + i * 86_400_000);
      const r = await ingest(u, i === 1 ? '=evil@example.com' : `${i}@example.com`, 'test', 1000 + i * 10.25);
      assert.equal(r.statusCode, 201);
    }
    clock.set('2026-11-12T10:00:00.000Z');
    assert.equal((await ingest('live-user', null, 'live', -42)).statusCode, 201);
    const other = await t.partner();
    await t.inject({ method: 'POST', url: '/api/v1/ingest', headers: keyHeaders(other, { secret: true }), payload: { end_user_id: 'not-mine' } });
    clock.set('2026-11-21T12:00:00.000Z');
  });
  after(() => t.close());

  it('streams every cached calculation of the key environment, parsed back equal to the API', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/v1/reports/calculations.csv', headers: keyHeaders(p) });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-type'], 'text/csv; charset=utf-8');
    assert.equal(res.headers['content-disposition'], 'attachment; filename="calculations-sandbox-2026-11-21.csv"');
    assert.ok(res.headers['x-ratelimit-limit'], 'rate-limit headers on the CSV too');
    assert.ok(res.body.startsWith('calculation_id,end_user_id,user_email,calculated_at,environment,safe_to_spend_today,'));
    assert.ok(res.body.includes('\r\n'), 'RFC 4180 line breaks');
    const rows = rowsOf(res.body);
    assert.equal(rows.length, 7);

    const list = await t.inject({ method: 'GET', url: '/api/v1/ingest/calculations?limit=500', headers: keyHeaders(p, { secret: true }) });
    const api = new Map(
      (list.json().items as { end_user_id: string; user_email: string | null; calculation: Record<string, unknown> & { breakdown: Record<string, number> } }[]).map((i) => [
        i.calculation.calculation_id as string,
        i,
      ]),
    );
    assert.equal(api.size, 7);
    let previous = '';
    for (const r of rows) {
      const a = api.get(r.calculation_id)!;
      assert.ok(a, r.calculation_id);
      assert.ok(r.calculated_at >= previous, 'oldest first');
      previous = r.calculated_at;
      // Text cells: neutralised with a leading apostrophe when they start like a formula.
      const expectUser = /^[=+\-@\t\r]/.test(a.end_user_id) ? `'${a.end_user_id}` : a.end_user_id;
      assert.equal(r.end_user_id, expectUser);
      const email = a.user_email ?? '';
      assert.equal(r.user_email, /^[=+\-@\t\r]/.test(email) ? `'${email}` : email);
      assert.equal(r.calculated_at, a.calculation.calculated_at);
      assert.equal(r.environment, 'sandbox');
      for (const k of ['safe_to_spend_today', 'daily_allowance', 'monthly_safe_to_spend'] as const) assert.equal(Number(r[k]), a.calculation[k], k);
      for (const k of ['cash_after_buffer', 'upcoming_bills_total', 'savings_commitments', 'debt_commitments', 'discretionary_pool', 'days_in_period'])
        assert.equal(Number(r[k]), a.calculation.breakdown[k], k);
    }
    const users = rows.map((r) => r.end_user_id);
    assert.ok(users.includes("'=SUM(A1:A9)"));
    assert.ok(users.includes("'+cmd|calc"));
    assert.ok(users.includes("'-2+3"));
    assert.ok(users.includes("'@risk"));
    assert.ok(users.includes("'\tTabbed"));
    assert.ok(users.includes('plain, "quoted"\nnewline'));
    assert.ok(rows.some((r) => r.user_email === "'=evil@example.com"));
    assert.ok(!res.body.includes('not-mine'));
  });

  it('is scoped to the live environment for a live key (negative numbers stay numbers)', async () => {
    const res = await t.inject({ method: 'GET', url: '/v1/reports/calculations.csv', headers: keyHeaders(p, { env: 'live' }) });
    assert.equal(res.headers['content-disposition'], 'attachment; filename="calculations-production-2026-11-21.csv"');
    const rows = rowsOf(res.body);
    assert.equal(rows.length, 1);
    assert.equal(rows[0].end_user_id, 'live-user');
    assert.equal(rows[0].environment, 'production');
    assert.equal(rows[0].cash_after_buffer, '-92');
  });

  it('filters by since (inclusive) and until (a bare date includes the whole day)', async () => {
    const get = async (q: string) => rowsOf((await t.inject({ method: 'GET', url: `/api/v1/reports/calculations.csv?${q}`, headers: keyHeaders(p) })).body);
    assert.equal((await get('since=2026-11-12')).length, 5);
    assert.equal((await get('until=2026-11-12')).length, 3);
    assert.equal((await get('since=2026-11-11&until=2026-11-11')).length, 1);
    assert.equal((await get('since=2026-11-11T08:00:00Z&until=2026-11-13T08:00:00.000Z')).length, 2, 'date-time until is exclusive');
    assert.equal((await get('since=2026-11-11T09:00:00%2B01:00')).length, 6, 'offsets are honoured');
    const empty = await t.inject({ method: 'GET', url: '/api/v1/reports/calculations.csv?since=2030-01-01', headers: keyHeaders(p) });
    assert.equal(empty.statusCode, 200);
    assert.equal(empty.body.trim(), 'calculation_id,end_user_id,user_email,calculated_at,environment,safe_to_spend_today,daily_allowance,monthly_safe_to_spend,cash_after_buffer,upcoming_bills_total,savings_commitments,debt_commitments,discretionary_pool,days_in_period');
  });

  it('answers 422 for dates that do not parse, an inverted range, or a too-long value', async () => {
    for (const [q, loc] of [
      ['since=yesterday', 'since'],
      ['since=2026-02-30', 'since'],
      ['until=2026-13-01', 'until'],
      ['until=2026-11-21T25:00:00Z', 'until'],
      ['since=2026-11-21T10:00:00', 'since'],
      ['since=2026-11-20&until=2026-11-10', 'since'],
      [`since=${'9'.repeat(70)}`, 'since'],
    ]) {
      const res = await t.inject({ method: 'GET', url: `/api/v1/reports/calculations.csv?${q}`, headers: keyHeaders(p) });
      assert.equal(res.statusCode, 422, q);
      assert.deepEqual(res.json().detail[0].loc, ['query', loc], q);
    }
  });

  it('pages through more rows than one batch, in order, with ties on the timestamp', async () => {
    const q = await t.partner();
    const at = Date.parse('2026-11-15T00:00:00.000Z');
    const result = JSON.stringify({ safe_to_spend_today: 1, daily_allowance: 1, monthly_safe_to_spend: 30, breakdown: { cash_after_buffer: 30, upcoming_bills_total: 0, savings_commitments: 0, debt_commitments: 0, discretionary_pool: 30, days_in_period: 30 } });
    const rows = Array.from({ length: 2345 }, (_, i) => ({
      partner_id: q.id,
      environment: 'live' as const,
      end_user_id: `bulk${i}`,
      calculation_id: newId('calc', at + Math.floor(i / 400)),
      user_email: null,
      result,
      calculated_at: at + Math.floor(i / 400),
    }));
    for (let i = 0; i < rows.length; i += 300) await t.deps.database.db.insertInto('calculations').values(rows.slice(i, i + 300)).execute();
    const res = await t.inject({ method: 'GET', url: '/api/v1/reports/calculations.csv', headers: keyHeaders(q, { env: 'live' }) });
    const out = rowsOf(res.body);
    assert.equal(out.length, 2345);
    assert.equal(new Set(out.map((r) => r.calculation_id)).size, 2345);
    const ids = out.map((r) => r.calculation_id);
    assert.deepEqual(ids, [...ids].sort());
  });

  it('refuses no key, a wrong key and a suspended partner', async () => {
    assert.equal((await t.inject({ method: 'GET', url: '/api/v1/reports/calculations.csv' })).statusCode, 401);
    assert.equal((await t.inject({ method: 'GET', url: '/api/v1/reports/calculations.csv', headers: { 'x-api-key': 'svc_live_nope' } })).statusCode, 401);
    const s = await t.partner();
    await t.deps.database.db.updateTable('partners').set({ active: 0 }).where('id', '=', s.id).execute();
    await t.deps.auth.invalidatePartner(s.id);
    for (const url of ['/api/v1/reports/calculations.csv', '/api/v1/reports/usage.csv']) {
      const r = await t.inject({ method: 'GET', url, headers: keyHeaders(s) });
      assert.equal(r.statusCode, 403);
      assert.deepEqual(r.json(), { detail: 'partner suspended', code: 'partner_suspended' });
    }
  });
});

describe('GET /reports/usage.csv', () => {
  let t: TestApp;
  const clock = new TestClock(Date.parse('2026-03-15T12:00:00.000Z'));
  before(async () => {
    t = await buildTestApp({ clock, env: { USAGE_FLUSH_MS: '60000', RATE_PER_USER_USD: '0.5' } });
  });
  after(() => t.close());

  it('lists the last N months, oldest first, with the same numbers as GET /usage', async () => {
    const p = await t.partner();
    const calc = (u: string, env: 'test' | 'live' = 'live') =>
      t.inject({ method: 'POST', url: '/api/v1/calculate/safe-to-spend', headers: keyHeaders(p, { env }), payload: { end_user_id: u } });
    clock.set('2025-12-31T23:59:59.000Z');
    await calc('a');
    clock.set('2026-01-20T00:00:00.000Z');
    for (const u of ['a', 'b', 'c']) await calc(u);
    clock.set('2026-03-01T00:00:00.000Z');
    for (const u of ['a', 'a', 'd']) await calc(u);
    await calc('sandbox-user', 'test');
    clock.set('2026-03-15T12:00:00.000Z');

    const usage = (await t.inject({ method: 'GET', url: '/api/v1/usage', headers: keyHeaders(p, { env: 'live' }) })).json();
    const res = await t.inject({ method: 'GET', url: '/api/v1/reports/usage.csv', headers: keyHeaders(p, { env: 'live' }) });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-type'], 'text/csv; charset=utf-8');
    assert.equal(res.headers['content-disposition'], 'attachment; filename="usage-production-2026-03-15.csv"');
    const rows = rowsOf(res.body);
    assert.deepEqual(
      rows.map((r) => r.month),
      ['2025-10', '2025-11', '2025-12', '2026-01', '2026-02', '2026-03'],
    );
    assert.deepEqual(rows[2], { month: '2025-12', environment: 'production', calls: '1', unique_end_users: '1', estimated_bill_usd: '0.5', rate_per_user_usd: '0.5' });
    assert.deepEqual(rows[3], { month: '2026-01', environment: 'production', calls: '3', unique_end_users: '3', estimated_bill_usd: '1.5', rate_per_user_usd: '0.5' });
    assert.deepEqual(rows[4], { month: '2026-02', environment: 'production', calls: '0', unique_end_users: '0', estimated_bill_usd: '0', rate_per_user_usd: '0.5' });
    const march = rows[5];
    assert.equal(Number(march.calls), usage.production.calls + 1, 'this report call counts too');
    assert.equal(Number(march.unique_end_users), usage.production.unique_end_users);
    assert.equal(Number(march.estimated_bill_usd), usage.production.estimated_bill_usd);

    const sandbox = rowsOf((await t.inject({ method: 'GET', url: '/api/v1/reports/usage.csv?months=1', headers: keyHeaders(p) })).body);
    assert.deepEqual(sandbox, [{ month: '2026-03', environment: 'sandbox', calls: '2', unique_end_users: '1', estimated_bill_usd: '', rate_per_user_usd: '' }]);
    const two = rowsOf((await t.inject({ method: 'GET', url: '/api/v1/reports/usage.csv?months=24', headers: keyHeaders(p) })).body);
    assert.equal(two.length, 24);
    assert.equal(two[0].month, '2024-04');
  });

  it('answers 422 for months outside 1-24 or not an integer', async () => {
    const p = await t.partner();
    for (const m of ['0', '25', 'six', '1.5', '-1']) {
      const res = await t.inject({ method: 'GET', url: `/api/v1/reports/usage.csv?months=${m}`, headers: keyHeaders(p) });
      assert.equal(res.statusCode, 422, m);
      assert.deepEqual(res.json().detail[0].loc, ['query', 'months']);
    }
    assert.equal((await t.inject({ method: 'GET', url: '/api/v1/reports/usage.csv' })).statusCode, 401);
  });
});
