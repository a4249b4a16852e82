import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Prng, stableUuid } from '../../src/domain/sandbox/prng.js';
import { nextBusinessDay, onOrAfterBusinessDay } from '../../src/domain/sandbox/dates.js';
import { balancesOn, buildProfile, isPending, splitCents, UserModel, LEDGER_START } from '../../src/domain/sandbox/model.js';
import { forecastCashflow } from '../../src/domain/sandbox/cashflow.js';

describe('sandbox domain: pure generators', () => {
  it('the PRNG is a pure function of its seed', () => {
    const a = new Prng('x', 1);
    const b = new Prng('x', 1);
    const c = new Prng('x', 2);
    const sa = Array.from({ length: 50 }, () => a.nextUint32());
    assert.deepEqual(Array.from({ length: 50 }, () => b.nextUint32()), sa);
    assert.notDeepEqual(Array.from({ length: 50 }, () => c.nextUint32()), sa);
    // Known value: guards against an accidental change of the generator (which would change every partner's data).
    assert.equal(new Prng('sandbox').hex(16), 'b8a78b2b7be17370');
    assert.equal(stableUuid('a'), 'ca978112-ca1b-4dca-bac2-31b39a23dc4d');
    assert.equal(buildProfile('ptr_pin', 'u').checking.account_id, 'acc_30f874c559c16ccc7cb35158');
    assert.equal(buildProfile('ptr_pin', 'u').payCents, 184383);
    const r = new Prng('range');
    for (let i = 0; i < 1000; i++) {
      const v = r.int(3, 7);
      assert.ok(v >= 3 && v <= 7 && Number.isInteger(v));
      const u = r.next();
      assert.ok(u >= 0 && u < 1);
    }
  });

  it('splitCents splits exactly', () => {
    for (const [total, w] of [[100, [1, 1, 1]], [1, [5, 1]], [999_999, [0.3, 2.7, 1, 9]], [0, [1, 2]]] as [number, number[]][]) {
      const parts = splitCents(total, w);
      assert.equal(parts.reduce((a, b) => a + b, 0), total);
      assert.ok(parts.every((x) => Number.isInteger(x) && x >= 0));
    }
  });

  it('business days skip weekends', () => {
    assert.equal(nextBusinessDay('2026-11-18'), '2026-11-19'); // Wed → Thu
    assert.equal(nextBusinessDay('2026-11-20'), '2026-11-23'); // Fri → Mon
    assert.equal(nextBusinessDay('2026-11-21'), '2026-11-23'); // Sat → Mon
    assert.equal(onOrAfterBusinessDay('2026-11-22'), '2026-11-23');
    assert.equal(onOrAfterBusinessDay('2026-11-18'), '2026-11-18');
  });

  it('profiles: the same for the same (partner, user), different otherwise', () => {
    assert.deepEqual(buildProfile('p1', 'u1'), buildProfile('p1', 'u1'));
    assert.notDeepEqual(buildProfile('p1', 'u1').accounts, buildProfile('p1', 'u2').accounts);
    assert.notDeepEqual(buildProfile('p1', 'u1').accounts, buildProfile('p2', 'u1').accounts);
    // Separator safety: ("ab","c") and ("a","bc") are different users.
    assert.notDeepEqual(buildProfile('ab', 'c').accounts, buildProfile('a', 'bc').accounts);
  });

  it("each month's transactions add up to the change of each balance, for many users and months", () => {
    for (let u = 0; u < 25; u++) {
      const m = new UserModel('ptr_model', `user${u}`);
      const p = m.profile;
      for (const mi of [2020 * 12, 2021 * 12 + 5, 2024 * 12 + 1, 2026 * 12 + 10]) {
        const plan = m.plan(mi)!;
        const txns = m.month(mi);
        const sum = (id: string) => txns.filter((t) => t.account_id === id).reduce((s, t) => s + t.amount_cents, 0);
        assert.equal(plan.checkingEnd - plan.checkingStart, -sum(p.checking.account_id));
        assert.equal(plan.savingsEnd - plan.savingsStart, -sum(p.savings.account_id));
        assert.equal(plan.cardEnd - plan.cardStart, sum(p.credit.account_id));
        assert.equal(m.plan(mi + 1)!.checkingStart, plan.checkingEnd);
        assert.ok(txns.every((t) => Number.isInteger(t.amount_cents) && t.amount_cents !== 0));
        assert.equal(new Set(txns.map((t) => t.transaction_id)).size, txns.length);
        for (let i = 1; i < txns.length; i++) assert.ok(txns[i - 1].sort_key < txns[i].sort_key);
        // The card is paid in full: owed stays below the limit.
        assert.ok(plan.cardEnd < p.credit.limit_cents!);
      }
      // A fresh model computes the same thing (memo is only a cache).
      assert.deepEqual(new UserModel('ptr_model', `user${u}`).month(2026 * 12 + 10), m.month(2026 * 12 + 10));
    }
  });

  it('balances: the ledger from its opening, pending items excluded from current and taken from available', () => {
    const m = new UserModel('ptr_bal', 'u');
    const p = m.profile;
    for (const today of ['2026-11-18', '2026-12-01', '2027-03-01', '2024-02-29']) {
      const b = balancesOn(m, today);
      const all = m.range(LEDGER_START, today);
      const posted = all.filter((t) => !isPending(t, today));
      const pending = all.filter((t) => isPending(t, today));
      const start = m.plan(2020 * 12)!;
      const net = (id: string, list = posted) => list.filter((t) => t.account_id === id).reduce((s, t) => s + t.amount_cents, 0);
      assert.equal(b.get(p.checking.account_id)!.current_cents, start.checkingStart - net(p.checking.account_id), today);
      assert.equal(b.get(p.savings.account_id)!.current_cents, start.savingsStart - net(p.savings.account_id), today);
      assert.equal(b.get(p.credit.account_id)!.current_cents, start.cardStart + net(p.credit.account_id), today);
      const pendingOut = pending.filter((t) => t.account_id === p.checking.account_id && t.amount_cents > 0).reduce((s, t) => s + t.amount_cents, 0);
      assert.equal(b.get(p.checking.account_id)!.available_cents, b.get(p.checking.account_id)!.current_cents - pendingOut);
    }
  });

  it('the forecast is the same for the same inputs, and its sums add up', () => {
    const m = new UserModel('ptr_fc', 'u');
    const f1 = forecastCashflow(m, '2026-11-18', 90, 1234_56);
    const f2 = forecastCashflow(new UserModel('ptr_fc', 'u'), '2026-11-18', 90, 1234_56);
    assert.deepEqual(f1, f2);
    let bal = 1234_56;
    for (const pt of f1.points) {
      assert.equal(pt.net_cents, pt.inflow_cents - pt.outflow_cents);
      bal += pt.net_cents;
      assert.equal(pt.balance_cents, bal);
    }
    const broke = forecastCashflow(m, '2026-11-18', 14, -5_00);
    assert.equal(broke.runway_days, 0);
    assert.equal(broke.alerts.find((a) => a.type === 'overdraft')?.date, broke.points.find((pt) => pt.balance_cents < 0)?.date);
  });
});
