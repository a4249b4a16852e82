import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildTestApp, keyHeaders, TestClock, type TestApp, type TestPartner } from '../helpers/app.js';
import { NOW, SANDBOX_ENV, accounts, byKind, cents, fundedUser } from './helpers.js';

interface Point {
  date: string;
  inflow_cents: number;
  outflow_cents: number;
  net_cents: number;
  safe_to_spend_cents: number;
  projected_balance_cents: number;
}

describe('sandbox: cash-flow forecast', () => {
  let t: TestApp;
  let p: TestPartner;
  const clock = new TestClock(NOW);
  before(async () => {
    t = await buildTestApp({ clock, env: SANDBOX_ENV });
    p = await t.partner();
  });
  after(() => t.close());

  const get = (url: string) => t.inject({ method: 'GET', url, headers: keyHeaders(p) });

  function checkMachine(b: { horizon_days: number; points: Point[]; runway_days: number; starting_balance_cents: number; generated_at: string }, horizon: number) {
    assert.equal(b.horizon_days, horizon);
    assert.equal(b.generated_at, new Date(NOW).toISOString());
    assert.equal(b.points.length, horizon);
    let balance = b.starting_balance_cents;
    let firstNegative = -1;
    b.points.forEach((pt, i) => {
      const d = new Date(NOW + (i + 1) * 86_400_000).toISOString().slice(0, 10);
      assert.equal(pt.date, d, 'one point per day after today');
      for (const k of ['inflow_cents', 'outflow_cents', 'net_cents', 'safe_to_spend_cents', 'projected_balance_cents'] as const) assert.ok(Number.isInteger(pt[k]), k);
      assert.ok(pt.inflow_cents >= 0 && pt.outflow_cents >= 0);
      assert.equal(pt.net_cents, pt.inflow_cents - pt.outflow_cents);
      balance += pt.net_cents;
      assert.equal(pt.projected_balance_cents, balance);
      if (firstNegative === -1 && balance < 0) firstNegative = i;
      const lowestAhead = Math.min(...b.points.slice(i).map((x) => x.projected_balance_cents));
      assert.equal(pt.safe_to_spend_cents, Math.max(0, lowestAhead));
    });
    assert.equal(b.runway_days, b.starting_balance_cents < 0 ? 0 : firstNegative === -1 ? horizon : firstNegative);
  }

  it('/api/v1: CashflowResp with 14 daily points by default, sums that add up, runway consistent', async () => {
    const res = await get('/api/v1/insights/cashflow?user_id=cf1');
    assert.equal(res.statusCode, 200);
    const b = res.json();
    checkMachine(b, 14);
    // Starts from today's available checking balance.
    assert.equal(b.starting_balance_cents, cents(byKind(await accounts(t, p, 'cf1')).checking.available_balance));
    // Pay shows as inflow on paydays (the 1st and 15th, or the next business day).
    assert.ok(b.points.some((pt: Point) => pt.inflow_cents > 0 && /-(01|02|03|15|16|17)$/.test(pt.date)));
  });

  it('every horizon from 1 to 90 keeps the relations; /v1 answers the reference shape from the same forecast', async () => {
    for (const user of ['cf2', 'cf3', 'cf4', 'cf5', 'cf6', 'cf7']) {
      for (const horizon of [1, 7, 30, 90]) {
        const m = (await get(`/api/v1/insights/cashflow?user_id=${user}&horizon_days=${horizon}`)).json();
        checkMachine(m, horizon);
        const res = await get(`/v1/insights/cashflow?user_id=${user}&horizon_days=${horizon}`);
        assert.equal(res.statusCode, 200);
        const r = res.json();
        assert.deepEqual(Object.keys(r).sort(), ['alerts', 'confidence', 'generated_at', 'horizon_days', 'projected_min_balance', 'projected_min_date', 'runway_days', 'starting_balance'].sort());
        assert.equal(r.horizon_days, horizon);
        const min = Math.min(...m.points.map((pt: Point) => pt.projected_balance_cents));
        assert.equal(cents(r.projected_min_balance), min);
        assert.equal(r.projected_min_date, m.points.find((pt: Point) => pt.projected_balance_cents === min).date);
        assert.equal(r.runway_days, m.runway_days);
        assert.equal(cents(r.starting_balance), m.starting_balance_cents);
        assert.ok(r.confidence > 0 && r.confidence <= 1);
        const negative = m.points.find((pt: Point) => pt.projected_balance_cents < 0);
        const overdraft = r.alerts.find((a: { type: string }) => a.type === 'overdraft');
        assert.equal(overdraft?.date, negative?.date);
        const low = m.points.find((pt: Point) => pt.projected_balance_cents < 100_00);
        if (low && low !== negative) assert.equal(r.alerts.find((a: { type: string }) => a.type === 'low_balance')?.date, low.date);
        for (const a of r.alerts) {
          assert.ok(['overdraft', 'low_balance', 'large_outflow'].includes(a.type));
          assert.ok(m.points.some((pt: Point) => pt.date === a.date));
          assert.equal(typeof a.message, 'string');
          if (a.type === 'large_outflow') assert.ok(m.points.find((pt: Point) => pt.date === a.date).outflow_cents >= cents(a.amount));
        }
      }
    }
    // Further out is less certain.
    const c1 = (await get('/v1/insights/cashflow?user_id=cf2&horizon_days=1')).json().confidence;
    const c90 = (await get('/v1/insights/cashflow?user_id=cf2&horizon_days=90')).json().confidence;
    assert.ok(c1 > c90);
  });

  it('a transfer out lowers the forecast by its amount', async () => {
    const user = await fundedUser(t, p, 'cf8');
    const beforeF = (await get(`/api/v1/insights/cashflow?user_id=${user}&horizon_days=5`)).json();
    const k = byKind(await accounts(t, p, user));
    const tr = await t.inject({ method: 'POST', url: '/api/v1/transfers', headers: keyHeaders(p), payload: { account_id: k.checking.account_id, amount_cents: 4_321, direction: 'debit', description: 'x' } });
    assert.equal(tr.json().status, 'pending');
    const afterF = (await get(`/api/v1/insights/cashflow?user_id=${user}&horizon_days=5`)).json();
    assert.equal(afterF.starting_balance_cents, beforeF.starting_balance_cents - 4_321);
    afterF.points.forEach((pt: Point, i: number) => assert.equal(pt.projected_balance_cents, beforeF.points[i].projected_balance_cents - 4_321));
  });

  it('422 for horizons out of range and a missing user', async () => {
    for (const prefix of ['/api/v1', '/v1']) {
      for (const [qs, type] of [
        ['user_id=u&horizon_days=0', 'greater_than_equal'],
        ['user_id=u&horizon_days=91', 'less_than_equal'],
        ['user_id=u&horizon_days=two', 'int_parsing'],
        ['user_id=u&horizon_days=1.5', 'int_parsing'],
      ]) {
        const res = await get(`${prefix}/insights/cashflow?${qs}`);
        assert.equal(res.statusCode, 422, `${prefix} ${qs}`);
        assert.deepEqual(res.json().detail[0].loc, ['query', 'horizon_days']);
        assert.equal(res.json().detail[0].type, type, qs);
      }
      const res = await get(`${prefix}/insights/cashflow`);
      assert.equal(res.statusCode, 422);
      assert.deepEqual(res.json().detail[0].loc, ['query', 'user_id']);
    }
  });
});
