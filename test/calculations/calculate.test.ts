import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildTestApp, keyHeaders, type TestApp, type TestPartner } from '../helpers/app.js';

const BODY = {
  end_user_id: 'user_1',
  cash_balance: 2500,
  upcoming_bills: [
    { amount: 1200, due_in_days: 5 },
    { name: 'Phone', amount: 45.5, due_date: '2026-12-01' },
  ],
  savings_commitments: 100,
  debt_commitments: 50.25,
  cash_buffer: 300,
};

describe('POST /api/v1/calculate/safe-to-spend', () => {
  let t: TestApp;
  let p: TestPartner;
  before(async () => {
    t = await buildTestApp();
    p = await t.partner();
  });
  after(() => t.close());

  it('computes the figures in cents and stores nothing', async () => {
    const res = await t.inject({ method: 'POST', url: '/api/v1/calculate/safe-to-spend', headers: keyHeaders(p), payload: BODY });
    assert.equal(res.statusCode, 200);
    const b = res.json();
    // 2500 − 300 = 2200; bills 1245.50; pool = 2200 − 1245.50 − 100 − 50.25 = 804.25; daily = round(80425/30) = 2681 cents
    assert.deepEqual(b.breakdown, {
      cash_after_buffer: 2200,
      upcoming_bills_total: 1245.5,
      savings_commitments: 100,
      debt_commitments: 50.25,
      discretionary_pool: 804.25,
      days_in_period: 30,
    });
    assert.equal(b.safe_to_spend_today, 26.81);
    assert.equal(b.daily_allowance, b.safe_to_spend_today);
    assert.equal(b.monthly_safe_to_spend, 804.3);
    assert.equal(b.partner_id, p.id);
    assert.equal(b.is_sandbox, true);
    assert.match(b.calculation_id, /^calc_[0-9a-z]{26}$/);
    assert.ok(!Number.isNaN(Date.parse(b.calculated_at)));
    assert.match(res.headers['x-request-id'] as string, /^req_/);
    const rows = await t.deps.database.db.selectFrom('calculations').select('end_user_id').execute();
    assert.equal(rows.length, 0);
    const events = await t.deps.database.db.selectFrom('webhook_events').select('id').execute();
    assert.equal(events.length, 0);
  });

  it('sums bills in exact cents, and refuses a total the answer cannot state to the cent', async () => {
    const calc = (bills: number[], path = '/api/v1/calculate/safe-to-spend') =>
      t.inject({ method: 'POST', url: path, headers: keyHeaders(p), payload: { end_user_id: 'big', cash_balance: 1e12, upcoming_bills: bills.map((amount) => ({ amount })) } });
    // 1,000 bills of 999,999,999,999.99 (floating-point cents would answer $9 too much) and
    // 91 × 1e12 + 0.01 (floating point loses the cent): neither total fits a JSON number to the cent.
    for (const bills of [Array(1000).fill(999_999_999_999.99), [...Array(91).fill(1e12), 0.01]]) {
      for (const path of ['/api/v1/calculate/safe-to-spend', '/api/v1/ingest']) {
        const res = path.endsWith('ingest')
          ? await t.inject({ method: 'POST', url: path, headers: keyHeaders(p, { secret: true }), payload: { end_user_id: 'big', upcoming_bills: bills.map((amount) => ({ amount })) } })
          : await calc(bills, path);
        assert.equal(res.statusCode, 422, res.body);
        const [item] = res.json().detail;
        assert.deepEqual(item.loc, ['body', 'upcoming_bills']);
        assert.match(item.msg, /state exactly to the cent/);
      }
    }
    // Large totals that a JSON number does state stay exact to the cent.
    const exact = await calc([...Array(9).fill(1e12), 0.01, 0.02]);
    assert.equal(exact.statusCode, 200, exact.body);
    assert.equal(exact.json().breakdown.upcoming_bills_total, 9_000_000_000_000.03);
    const many = await calc(Array(1000).fill(0.1));
    assert.equal(many.json().breakdown.upcoming_bills_total, 100);
    const stored = await t.deps.database.db.selectFrom('calculations').select('end_user_id').where('end_user_id', '=', 'big').execute();
    assert.equal(stored.length, 0, 'a refused ingest stores nothing');
  });

  it('applies the defaults and never goes below zero', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/v1/calculate/safe-to-spend',
      headers: keyHeaders(p),
      payload: { end_user_id: 'u', cash_balance: -50, upcoming_bills: [{ amount: 10 }] },
    });
    assert.equal(res.statusCode, 200);
    const b = res.json();
    assert.equal(b.safe_to_spend_today, 0);
    assert.equal(b.breakdown.cash_after_buffer, -50);
    assert.equal(b.breakdown.discretionary_pool, 0);
    const empty = await t.inject({ method: 'POST', url: '/api/v1/calculate/safe-to-spend', headers: keyHeaders(p), payload: { end_user_id: 'x' } });
    assert.equal(empty.statusCode, 200);
    assert.equal(empty.json().monthly_safe_to_spend, 0);
  });

  it('rounds half-up at the cent', async () => {
    // pool 0.45 → 45 cents / 30 = 1.5 cents → 2 cents
    const res = await t.inject({ method: 'POST', url: '/api/v1/calculate/safe-to-spend', headers: keyHeaders(p), payload: { end_user_id: 'r', cash_balance: 0.45 } });
    assert.equal(res.json().daily_allowance, 0.02);
    assert.equal(res.json().monthly_safe_to_spend, 0.6);
  });

  it('live keys act on production', async () => {
    const res = await t.inject({ method: 'POST', url: '/api/v1/calculate/safe-to-spend', headers: keyHeaders(p, { env: 'live' }), payload: BODY });
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().is_sandbox, false);
  });

  it('answers 422 in FastAPI shape for every bound', async () => {
    const cases: [unknown, string, (string | number)[]][] = [
      [{}, 'missing', ['body', 'end_user_id']],
      [{ end_user_id: '' }, 'string_too_short', ['body', 'end_user_id']],
      [{ end_user_id: 'x'.repeat(121) }, 'string_too_long', ['body', 'end_user_id']],
      [{ end_user_id: 5 }, 'string_type', ['body', 'end_user_id']],
      [{ end_user_id: 'u', cash_balance: '5200' }, 'float_type', ['body', 'cash_balance']],
      [{ end_user_id: 'u', cash_balance: 1e13 }, 'less_than_equal', ['body', 'cash_balance']],
      [{ end_user_id: 'u', cash_buffer: -1 }, 'greater_than_equal', ['body', 'cash_buffer']],
      [{ end_user_id: 'u', savings_commitments: true }, 'float_type', ['body', 'savings_commitments']],
      [{ end_user_id: 'u', upcoming_bills: {} }, 'list_type', ['body', 'upcoming_bills']],
      [{ end_user_id: 'u', upcoming_bills: [{ amount: 1 }, { name: 'x' }] }, 'missing', ['body', 'upcoming_bills', 1, 'amount']],
      [{ end_user_id: 'u', upcoming_bills: [{ amount: -3 }] }, 'greater_than_equal', ['body', 'upcoming_bills', 0, 'amount']],
      [{ end_user_id: 'u', upcoming_bills: [{ amount: 'x' }] }, 'float_type', ['body', 'upcoming_bills', 0, 'amount']],
      [[1, 2], 'model_attributes_type', ['body']],
    ];
    for (const [payload, type, loc] of cases) {
      const res = await t.inject({ method: 'POST', url: '/api/v1/calculate/safe-to-spend', headers: keyHeaders(p), payload: payload as object });
      assert.equal(res.statusCode, 422, JSON.stringify(payload));
      const detail = res.json().detail;
      assert.ok(Array.isArray(detail));
      const item = detail.find((d: { loc: unknown }) => JSON.stringify(d.loc) === JSON.stringify(loc));
      assert.ok(item, `${JSON.stringify(payload)} → ${JSON.stringify(detail)}`);
      assert.equal(item.type, type);
      assert.equal(typeof item.msg, 'string');
      assert.ok('input' in item);
    }
  });

  it('ignores unknown fields', async () => {
    const res = await t.inject({ method: 'POST', url: '/api/v1/calculate/safe-to-spend', headers: keyHeaders(p), payload: { end_user_id: 'u', extra: { a: 1 } } });
    assert.equal(res.statusCode, 200);
  });

  it('answers malformed JSON with 422 json_invalid, an empty body with 422, a huge body with 413', async () => {
    const bad = await t.inject({ method: 'POST', url: '/api/v1/calculate/safe-to-spend', headers: { ...keyHeaders(p), 'content-type': 'application/json' }, payload: '{"end_user_id": ' });
    assert.equal(bad.statusCode, 422);
    assert.equal(bad.json().detail[0].type, 'json_invalid');
    assert.equal(bad.json().detail[0].loc[0], 'body');
    const empty = await t.inject({ method: 'POST', url: '/api/v1/calculate/safe-to-spend', headers: { ...keyHeaders(p), 'content-type': 'application/json' }, payload: '' });
    assert.equal(empty.statusCode, 422);
    const huge = await t.inject({
      method: 'POST',
      url: '/api/v1/calculate/safe-to-spend',
      headers: { ...keyHeaders(p), 'content-type': 'application/json' },
      payload: JSON.stringify({ end_user_id: 'u', pad: 'x'.repeat(1_100_000) }),
    });
    assert.equal(huge.statusCode, 413);
    assert.equal(typeof huge.json().detail, 'string');
  });

  it('authenticates with X-API-Key or Bearer, and refuses the rest', async () => {
    const bearer = await t.inject({ method: 'POST', url: '/api/v1/calculate/safe-to-spend', headers: { authorization: `Bearer ${p.testKey}` }, payload: BODY });
    assert.equal(bearer.statusCode, 200);
    const none = await t.inject({ method: 'POST', url: '/api/v1/calculate/safe-to-spend', payload: BODY });
    assert.equal(none.statusCode, 401);
    assert.equal(typeof none.json().detail, 'string');
    const wrong = await t.inject({ method: 'POST', url: '/api/v1/calculate/safe-to-spend', headers: { 'x-api-key': 'svc_test_nope' }, payload: BODY });
    assert.equal(wrong.statusCode, 401);
    assert.deepEqual(Object.keys(wrong.json()), ['detail', 'code']);
  });

  it('refuses a suspended partner with 403 on the very next request', async () => {
    const s = await t.partner();
    const ok = await t.inject({ method: 'POST', url: '/api/v1/calculate/safe-to-spend', headers: keyHeaders(s), payload: BODY });
    assert.equal(ok.statusCode, 200);
    await t.deps.database.db.updateTable('partners').set({ active: 0 }).where('id', '=', s.id).execute();
    await t.deps.auth.invalidatePartner(s.id);
    const res = await t.inject({ method: 'POST', url: '/api/v1/calculate/safe-to-spend', headers: keyHeaders(s), payload: BODY });
    assert.equal(res.statusCode, 403);
    assert.deepEqual(res.json(), { detail: 'partner suspended', code: 'partner_suspended' });
  });

  it('unknown routes answer 404 with a detail', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/v1/nope' });
    assert.equal(res.statusCode, 404);
    assert.deepEqual(res.json(), { detail: 'Not Found', code: 'not_found' });
  });
});
