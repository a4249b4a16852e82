import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildTestApp, keyHeaders, TestClock, type TestApp, type TestPartner } from '../helpers/app.js';
import { requestHash } from '../../src/areas/sandbox/idempotency.js';
import { NOW, SANDBOX_ENV, accounts, allTransactions, byKind, cents, fundedUser } from './helpers.js';

const DAY = 86_400_000;

describe('sandbox: transfers', () => {
  let t: TestApp;
  let p: TestPartner;
  const clock = new TestClock(NOW);
  before(async () => {
    t = await buildTestApp({ clock, env: SANDBOX_ENV });
    p = await t.partner();
  });
  after(() => t.close());

  const post = (payload: object, headers: Record<string, string> = {}, partner = p, prefix = '/api/v1') =>
    t.inject({ method: 'POST', url: `${prefix}/transfers`, headers: { ...keyHeaders(partner), ...headers }, payload });
  const transferRows = () => t.deps.database.db.selectFrom('sandbox_transfers').selectAll().where('partner_id', '=', p.id).execute();

  it('shape A: a pending debit, in the later transactions and balances', async () => {
    const TA = await fundedUser(t, p, 'ta');
    const k = byKind(await accounts(t, p, TA));
    const res = await post({ account_id: k.checking.account_id, amount_cents: 12_345, direction: 'debit', description: 'Loan repayment' });
    assert.equal(res.statusCode, 200, res.body);
    const b = res.json();
    assert.deepEqual(Object.keys(b).sort(), ['account_id', 'amount_cents', 'created_at', 'description', 'direction', 'expected_settlement', 'failure_reason', 'status', 'transfer_id']);
    assert.match(b.transfer_id, /^tr_[0-9a-f]{24}$/);
    assert.equal(b.status, 'pending');
    assert.equal(b.amount_cents, 12_345);
    assert.equal(b.direction, 'debit');
    assert.equal(b.account_id, k.checking.account_id);
    assert.equal(b.created_at, new Date(NOW).toISOString());
    assert.equal(b.expected_settlement, '2026-11-19'); // next business day after Wednesday
    assert.equal(b.failure_reason, null);

    const after1 = byKind(await accounts(t, p, TA));
    // Pending: lowers what is available, not the posted balance.
    assert.equal(cents(after1.checking.current_balance), cents(k.checking.current_balance));
    assert.equal(cents(after1.checking.available_balance), cents(k.checking.available_balance) - 12_345);
    const txns = await allTransactions(t, p, TA, '2026-11-18', '2026-11-18');
    const leg = txns.find((x) => x.merchant_name === 'Loan repayment');
    assert.ok(leg);
    assert.equal(leg.amount, 123.45);
    assert.equal(leg.pending, true);
    assert.equal(leg.account_id, k.checking.account_id);
    assert.equal(leg.personal_finance_category_primary, 'TRANSFER_OUT');
    // Newest first: created after the day's generated transactions.
    assert.equal(txns[0].transaction_id, leg.transaction_id);

    // After settlement it is posted.
    clock.advance(DAY);
    try {
      const settled = (await allTransactions(t, p, TA, '2026-11-18', '2026-11-18')).find((x) => x.transaction_id === leg.transaction_id);
      assert.equal(settled?.pending, false);
      const next = byKind(await accounts(t, p, TA));
      const nextTxns = await allTransactions(t, p, TA, '2026-11-01', '2026-11-19');
      // The posted balance moved by the newly posted transactions, the transfer among them.
      const postedBefore = new Set((await (async () => {
        clock.set(NOW);
        const x = await allTransactions(t, p, TA, '2026-11-01', '2026-11-18');
        clock.advance(DAY);
        return x;
      })()).filter((x) => !x.pending).map((x) => x.transaction_id));
      const moved = nextTxns.filter((x) => x.account_id === k.checking.account_id && !x.pending && !postedBefore.has(x.transaction_id));
      assert.ok(moved.some((x) => x.transaction_id === leg.transaction_id));
      assert.equal(cents(next.checking.current_balance) - cents(k.checking.current_balance), 0 - moved.reduce((s, x) => s + cents(x.amount), 0));
    } finally {
      clock.set(NOW);
    }
  });

  it('shape A: a credit adds money; the /v1 form answers the same way', async () => {
    const k = byKind(await accounts(t, p, 'tc'));
    const res = await post({ account_id: k.savings.account_id, amount_cents: 5_000, direction: 'credit', description: 'Bonus' }, {}, p, '/v1');
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().status, 'pending');
    const leg = (await allTransactions(t, p, 'tc', '2026-11-18', '2026-11-18')).find((x) => x.merchant_name === 'Bonus');
    assert.equal(leg?.amount, -50);
    assert.equal(leg?.personal_finance_category_primary, 'TRANSFER_IN');
    // A pending inflow is not available yet.
    const now = byKind(await accounts(t, p, 'tc'));
    assert.equal(now.savings.available_balance, k.savings.available_balance);
  });

  it('shape B: submitted, both legs in the transactions', async () => {
    const k = byKind(await accounts(t, p, 'tb'));
    const res = await post({ from_account_id: k.savings.account_id, to_account_id: k.checking.account_id, amount: 250.5, currency: 'USD', memo: 'Top up' }, { 'idempotency-key': 'b-1' });
    assert.equal(res.statusCode, 200, res.body);
    const b = res.json();
    assert.deepEqual(Object.keys(b).sort(), ['amount', 'created_at', 'currency', 'estimated_settlement', 'failure_reason', 'from_account_id', 'id', 'memo', 'rail', 'status', 'to_account_id']);
    assert.equal(b.status, 'submitted');
    assert.equal(b.rail, 'ach');
    assert.equal(b.estimated_settlement, '2026-11-19');
    assert.equal(b.amount, 250.5);
    const legs = (await allTransactions(t, p, 'tb', '2026-11-18', '2026-11-18')).filter((x) => x.merchant_name === 'Top up');
    assert.deepEqual(legs.map((x) => [x.account_id, x.amount]).sort(), [[k.checking.account_id, -250.5], [k.savings.account_id, 250.5]].sort());
    const after1 = byKind(await accounts(t, p, 'tb'));
    assert.equal(cents(after1.savings.available_balance), cents(k.savings.available_balance) - 25_050);
    // A card payment from checking to the card is allowed.
    const pay = await post({ from_account_id: k.checking.account_id, to_account_id: k.credit.account_id, amount: 10, currency: 'usd', memo: '' });
    assert.equal(pay.statusCode, 200);
    assert.equal(pay.json().currency, 'USD');
  });

  it('insufficient funds: a clear failed status, nothing moves', async () => {
    const TF = await fundedUser(t, p, 'tf');
    const k = byKind(await accounts(t, p, TF));
    const tooMuch = cents(k.checking.available_balance) + 1;
    const res = await post({ account_id: k.checking.account_id, amount_cents: tooMuch, direction: 'debit', description: 'Too much' });
    assert.equal(res.statusCode, 200);
    const b = res.json();
    assert.equal(b.status, 'failed');
    assert.equal(b.failure_reason.code, 'insufficient_funds');
    assert.match(b.failure_reason.description, /available balance/);
    assert.deepEqual(await accounts(t, p, TF), (await accounts(t, p, TF)));
    assert.equal(byKind(await accounts(t, p, TF)).checking.available_balance, k.checking.available_balance);
    assert.ok(!(await allTransactions(t, p, TF, '2026-11-18', '2026-11-18')).some((x) => x.merchant_name === 'Too much'));
    // Exactly the available balance goes through.
    const exact = await post({ account_id: k.checking.account_id, amount_cents: tooMuch - 1, direction: 'debit', description: 'All of it' });
    assert.equal(exact.json().status, 'pending');
    assert.equal(byKind(await accounts(t, p, TF)).checking.available_balance, 0);
    const shapeB = await post({ from_account_id: k.checking.account_id, to_account_id: k.savings.account_id, amount: 0.01, currency: 'USD', memo: 'one cent' });
    assert.equal(shapeB.json().status, 'failed');
  });

  it('idempotency: the same key and body give the first answer again, by header or field, for 24 hours', async () => {
    const TI = await fundedUser(t, p, 'ti');
    const k = byKind(await accounts(t, p, TI));
    const body = { account_id: k.checking.account_id, amount_cents: 700, direction: 'debit', description: 'Gym' };
    const first = await post(body, { 'idempotency-key': 'key-1' });
    assert.equal(first.statusCode, 200);
    assert.equal(first.headers['idempotent-replayed'], undefined);
    const again = await post({ direction: 'debit', description: 'Gym', amount_cents: 700, account_id: k.checking.account_id }, { 'idempotency-key': 'key-1' });
    assert.equal(again.statusCode, 200);
    assert.equal(again.headers['idempotent-replayed'], 'true');
    assert.deepEqual(again.json(), first.json());
    // On the other path form too.
    assert.deepEqual((await post(body, { 'idempotency-key': 'key-1' }, p, '/v1')).json(), first.json());
    // Body field.
    const f1 = await post({ ...body, idempotency_key: 'key-2' });
    const f2 = await post({ ...body, idempotency_key: 'key-2' });
    assert.deepEqual(f2.json(), f1.json());
    assert.notEqual(f1.json().transfer_id, first.json().transfer_id);
    // Header and field naming the same key agree.
    assert.deepEqual((await post({ ...body, idempotency_key: 'key-2' }, { 'idempotency-key': 'key-2' })).json(), f1.json());
    const rows = (await transferRows()).filter((r) => r.user_id === TI);
    assert.equal(rows.length, 2);
    // Without a key every call is a new transfer.
    const n1 = await post(body);
    const n2 = await post(body);
    assert.notEqual(n1.json().transfer_id, n2.json().transfer_id);
    // Same key, another body: 422.
    const other = await post({ ...body, amount_cents: 701 }, { 'idempotency-key': 'key-1' });
    assert.equal(other.statusCode, 422);
    assert.deepEqual(other.json().detail[0].loc, ['header', 'idempotency-key']);
    const otherField = await post({ ...body, description: 'x', idempotency_key: 'key-2' });
    assert.equal(otherField.statusCode, 422);
    assert.deepEqual(otherField.json().detail[0].loc, ['body', 'idempotency_key']);
    // Keys are per partner: another partner's key-1 is its own.
    const q = await t.partner();
    const qk = byKind(await accounts(t, q, TI));
    const theirs = await post({ ...body, account_id: qk.checking.account_id }, { 'idempotency-key': 'key-1' }, q);
    assert.equal(theirs.statusCode, 200);
    assert.equal(theirs.headers['idempotent-replayed'], undefined);
    // After 24 hours the key is forgotten: a new transfer.
    clock.advance(24 * 3_600_000 + 1);
    try {
      const later = await post(body, { 'idempotency-key': 'key-1' });
      assert.equal(later.statusCode, 200);
      assert.equal(later.headers['idempotent-replayed'], undefined);
      assert.notEqual(later.json().transfer_id, first.json().transfer_id);
    } finally {
      clock.set(NOW);
    }
  });

  it('idempotency: a failed answer is replayed too; a rejected request does not burn the key', async () => {
    const TR = await fundedUser(t, p, 'tr');
    const k = byKind(await accounts(t, p, TR));
    const body = { account_id: k.checking.account_id, amount_cents: 99_999_999_999, direction: 'debit', description: 'x' };
    const first = await post(body, { 'idempotency-key': 'fail-1' });
    assert.equal(first.json().status, 'failed');
    assert.deepEqual((await post(body, { 'idempotency-key': 'fail-1' })).json(), first.json());
    const unknown = await post({ ...body, account_id: 'acc_nope' }, { 'idempotency-key': 'reuse-me' });
    assert.equal(unknown.statusCode, 404);
    const ok = await post({ ...body, amount_cents: 100 }, { 'idempotency-key': 'reuse-me' });
    assert.equal(ok.statusCode, 200);
    assert.equal(ok.json().status, 'pending');
  });

  it('idempotency: two identical concurrent requests make one transfer; a request in flight answers 409', async () => {
    const TCC = await fundedUser(t, p, 'tcc');
    const k = byKind(await accounts(t, p, TCC));
    const body = { account_id: k.checking.account_id, amount_cents: 1_000, direction: 'debit', description: 'Concurrent' };
    for (let round = 0; round < 5; round++) {
      const key = `conc-${round}`;
      const [a, b] = await Promise.all([post(body, { 'idempotency-key': key }), post(body, { 'idempotency-key': key })]);
      const codes = [a.statusCode, b.statusCode].sort();
      assert.ok(JSON.stringify(codes) === '[200,200]' || JSON.stringify(codes) === '[200,409]', String(codes));
      if (codes[1] === 200) assert.deepEqual(a.json(), b.json());
      else assert.match((a.statusCode === 409 ? a : b).json().detail, /still being processed/);
    }
    const rows = (await transferRows()).filter((r) => r.user_id === TCC);
    assert.equal(rows.length, 5);
    // Without a key, two concurrent transfers are two transfers, and the balance rule holds for both together.
    const avail = cents(byKind(await accounts(t, p, TCC)).checking.available_balance);
    const half = Math.floor(avail / 2) + 1;
    const both = await Promise.all([post({ ...body, amount_cents: half }), post({ ...body, amount_cents: half })]);
    assert.deepEqual(both.map((r) => r.json().status).sort(), ['failed', 'pending']);

    // A request still in flight (its marker written, not completed): 409; once abandoned (lease over) it is taken over.
    await t.deps.database.db
      .insertInto('sandbox_idempotency')
      .values({ partner_id: p.id, idem_key: 'held', request_hash: requestHash(body), state: 'in_flight', environment: 'test', user_id: null, status_code: null, response: null, created_at: NOW, locked_until: NOW + 60_000, expires_at: NOW + DAY })
      .execute();
    const held = await post(body, { 'idempotency-key': 'held' });
    assert.equal(held.statusCode, 409);
    // The same key with another body is still a 422, in flight or not.
    assert.equal((await post({ ...body, amount_cents: 2 }, { 'idempotency-key': 'held' })).statusCode, 422);
    clock.advance(61_000);
    try {
      const taken = await post(body, { 'idempotency-key': 'held' });
      assert.equal(taken.statusCode, 200);
    } finally {
      clock.set(NOW);
    }
  });

  it('rejects what cannot be a transfer: 400, 404 and 422', async () => {
    const k = byKind(await accounts(t, p, 'tx'));
    const other = byKind(await accounts(t, p, 'tx-other'));
    const q = await t.partner();
    const theirs = byKind(await accounts(t, q, 'tx'));
    const A = { account_id: k.checking.account_id, amount_cents: 100, direction: 'debit', description: 'd' };
    const B = { from_account_id: k.checking.account_id, to_account_id: k.savings.account_id, amount: 1, currency: 'USD', memo: 'm' };
    const status: [object, number, RegExp | (string | number)[]][] = [
      [{ ...A, account_id: 'acc_unknown' }, 404, /Unknown account_id/],
      [{ ...A, account_id: theirs.checking.account_id }, 404, /Unknown account_id/],
      [{ ...A, account_id: k.credit.account_id }, 400, /credit card/],
      [{ ...B, to_account_id: 'nope' }, 404, /Unknown to_account_id/],
      [{ ...B, to_account_id: k.checking.account_id }, 400, /different accounts/],
      [{ ...B, to_account_id: other.savings.account_id }, 400, /same end-user/],
      [{ ...B, from_account_id: k.credit.account_id }, 400, /credit card/],
      [{}, 422, ['body', 'account_id']],
      [{ account_id: 'a' }, 422, ['body', 'amount_cents']],
      [{ ...A, direction: 'sideways' }, 422, ['body', 'direction']],
      [{ ...A, amount_cents: 0 }, 422, ['body', 'amount_cents']],
      [{ ...A, amount_cents: 1.5 }, 422, ['body', 'amount_cents']],
      [{ ...A, amount_cents: '100' }, 422, ['body', 'amount_cents']],
      [{ from_account_id: 'x' }, 422, ['body', 'to_account_id']],
      [{ ...B, currency: 'EUR' }, 422, ['body', 'currency']],
      [{ ...B, currency: 'US' }, 422, ['body', 'currency']],
      [{ ...B, amount: 1.005 }, 422, ['body', 'amount']],
      [{ ...B, amount: 0 }, 422, ['body', 'amount']],
      [{ ...B, amount: -5 }, 422, ['body', 'amount']],
      [{ ...A, ...B }, 422, ['body']],
      [{ ...A, idempotency_key: '' }, 422, ['body', 'idempotency_key']],
      [{ ...A, idempotency_key: 'one' }, 422, ['body', 'idempotency_key']], // header says another key (below)
    ];
    for (const [payload, code, want] of status) {
      const headers: Record<string, string> = 'idempotency_key' in payload && (payload as { idempotency_key: string }).idempotency_key === 'one' ? { 'idempotency-key': 'two' } : {};
      const res = await post(payload, headers);
      assert.equal(res.statusCode, code, `${JSON.stringify(payload)}: ${res.body}`);
      if (want instanceof RegExp) assert.match(res.json().detail, want);
      else assert.ok(res.json().detail.some((d: { loc: unknown }) => JSON.stringify(d.loc) === JSON.stringify(want)), `${JSON.stringify(payload)}: ${res.body}`);
    }
    const longKey = await post(A, { 'idempotency-key': 'k'.repeat(256) });
    assert.equal(longKey.statusCode, 422);
    assert.deepEqual(longKey.json().detail[0].loc, ['header', 'idempotency-key']);
    const bad = await t.inject({ method: 'POST', url: '/api/v1/transfers', headers: { ...keyHeaders(p), 'content-type': 'application/json' }, payload: '{"account_id":' });
    assert.equal(bad.statusCode, 422);
    assert.equal(bad.json().detail[0].type, 'json_invalid');
    assert.equal((await transferRows()).filter((r) => r.user_id === 'tx').length, 0);
  });
});
