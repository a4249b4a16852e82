import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildTestApp, keyHeaders, TestClock, type TestApp, type TestPartner } from '../helpers/app.js';
import { isPending, userModel } from '../../src/domain/sandbox/model.js';
import { NOW, SANDBOX_ENV, accounts, allTransactions, byKind, cents, usageEvents, type Txn } from './helpers.js';

const DAY = 86_400_000;

describe('sandbox: transactions', () => {
  let t: TestApp;
  let p: TestPartner;
  const clock = new TestClock(NOW);
  before(async () => {
    t = await buildTestApp({ clock, env: SANDBOX_ENV });
    p = await t.partner();
  });
  after(() => t.close());

  const get = (url: string, partner = p) => t.inject({ method: 'GET', url, headers: keyHeaders(partner) });

  it('/api/v1: the last 30 days by default, newest first, limit 10, total and has_more', async () => {
    const res = await get('/api/v1/transactions?user_id=tx1');
    assert.equal(res.statusCode, 200);
    const b = res.json();
    assert.deepEqual(Object.keys(b).sort(), ['has_more', 'total', 'transactions']);
    assert.equal(b.transactions.length, 10);
    assert.ok(b.total > 10);
    assert.equal(b.has_more, true);
    const all = await allTransactions(t, p, 'tx1', '2026-10-19', '2026-11-18');
    assert.equal(all.length, b.total);
    assert.deepEqual(b.transactions, all.slice(0, 10));
    for (let i = 1; i < all.length; i++) assert.ok(all[i - 1].date >= all[i].date, 'newest first');
    for (const x of all) {
      assert.ok(x.date >= '2026-10-19' && x.date <= '2026-11-18');
      assert.match(x.transaction_id, /^txn_/);
      assert.equal(x.iso_currency_code, 'USD');
      assert.equal(typeof x.merchant_name, 'string');
      assert.match(x.personal_finance_category_primary, /^[A-Z_]+$/);
      assert.ok(Math.abs(x.amount * 100 - Math.round(x.amount * 100)) < 1e-6, 'whole cents');
      assert.notEqual(x.amount, 0);
    }
    // Purchases of today and yesterday are pending; nothing older is (checked against the model).
    const model = userModel(p.id, 'tx1');
    const expected = model.range('2026-10-19', '2026-11-18').filter((m) => isPending(m, '2026-11-18')).map((m) => m.transaction_id);
    assert.deepEqual(all.filter((x) => x.pending).map((x) => x.transaction_id).sort(), expected.sort());
    assert.ok(all.every((x) => !x.pending || x.date >= '2026-11-17'));
    // No transaction twice.
    assert.equal(new Set(all.map((x) => x.transaction_id)).size, all.length);
  });

  it('/api/v1: pages by offset cover the window exactly once, in a stable order', async () => {
    const whole = await allTransactions(t, p, 'tx2', '2026-06-01', '2026-09-30');
    const seen: Txn[] = [];
    for (let offset = 0; ; offset += 7) {
      const b = (await get(`/api/v1/transactions?user_id=tx2&start_date=2026-06-01&end_date=2026-09-30&limit=7&offset=${offset}`)).json();
      assert.equal(b.total, whole.length);
      seen.push(...b.transactions);
      if (!b.has_more) break;
      assert.equal(b.transactions.length, 7);
    }
    assert.deepEqual(seen, whole);
    const beyond = (await get(`/api/v1/transactions?user_id=tx2&start_date=2026-06-01&end_date=2026-09-30&offset=${whole.length}`)).json();
    assert.deepEqual(beyond, { transactions: [], total: whole.length, has_more: false });
  });

  it('/api/v1: end_date after today is cut at today; a window before the ledger or in the future is empty', async () => {
    const future = (await get('/api/v1/transactions?user_id=tx1&start_date=2026-11-01&end_date=2027-01-31&limit=100')).json();
    assert.ok(future.transactions.every((x: Txn) => x.date <= '2026-11-18'));
    assert.ok(future.total > 0);
    assert.deepEqual((await get('/api/v1/transactions?user_id=tx1&start_date=2027-01-01&end_date=2027-01-31')).json(), { transactions: [], total: 0, has_more: false });
    assert.equal((await get('/api/v1/transactions?user_id=tx1&start_date=2010-01-01&end_date=2019-12-31')).json().total, 0);
  });

  it('/api/v1: 422 for dates that do not parse, start after end, limits out of range', async () => {
    const cases: [string, string, (string | number)[]][] = [
      ['start_date=2026-13-01', 'date_from_datetime_parsing', ['query', 'start_date']],
      ['start_date=2026-02-30', 'date_from_datetime_parsing', ['query', 'start_date']],
      ['end_date=yesterday', 'date_from_datetime_parsing', ['query', 'end_date']],
      ['start_date=2026-11-10&end_date=2026-11-01', 'value_error', ['query', 'start_date']],
      ['start_date=2026-12-01', 'value_error', ['query', 'start_date']],
      ['limit=0', 'greater_than_equal', ['query', 'limit']],
      ['limit=101', 'less_than_equal', ['query', 'limit']],
      ['limit=ten', 'int_parsing', ['query', 'limit']],
      ['offset=-1', 'greater_than_equal', ['query', 'offset']],
    ];
    for (const [qs, type, loc] of cases) {
      const res = await get(`/api/v1/transactions?user_id=tx1&${qs}`);
      assert.equal(res.statusCode, 422, `${qs}: ${res.body}`);
      const item = res.json().detail.find((d: { loc: unknown }) => JSON.stringify(d.loc) === JSON.stringify(loc));
      assert.ok(item, `${qs}: ${res.body}`);
      assert.equal(item.type, type, qs);
    }
    const noUser = await get('/api/v1/transactions');
    assert.equal(noUser.statusCode, 422);
    assert.deepEqual(noUser.json().detail[0].loc, ['query', 'user_id']);
  });

  it('/v1: cursor pages, oldest first, no transaction lost or repeated, the same set as the /api/v1 window', async () => {
    const pages: Txn[] = [];
    let cursor: string | undefined;
    let rounds = 0;
    for (;;) {
      const url = `/v1/transactions?user_id=tx3&since=2026-08-01&limit=37${cursor ? `&cursor=${cursor}` : ''}`;
      const res = await get(url);
      assert.equal(res.statusCode, 200, res.body);
      const b = res.json();
      assert.deepEqual(Object.keys(b).sort(), ['has_more', 'next_cursor', 'transactions']);
      assert.equal(typeof b.next_cursor, 'string');
      pages.push(...b.transactions);
      cursor = b.next_cursor;
      rounds++;
      if (!b.has_more) break;
      assert.equal(b.transactions.length, 37);
    }
    assert.ok(rounds > 2);
    for (let i = 1; i < pages.length; i++) assert.ok(pages[i - 1].date <= pages[i].date, 'oldest first');
    assert.equal(new Set(pages.map((x) => x.transaction_id)).size, pages.length);
    const window = await allTransactions(t, p, 'tx3', '2026-08-01', '2026-11-18');
    assert.deepEqual([...pages].reverse().map((x) => x.transaction_id), window.map((x) => x.transaction_id));
    // At the end, the cursor gives nothing new until new transactions exist.
    const end = (await get(`/v1/transactions?user_id=tx3&since=2026-08-01&cursor=${cursor}`)).json();
    assert.deepEqual(end.transactions, []);
    assert.equal(end.has_more, false);
    assert.equal(end.next_cursor, cursor);
  });

  it('/v1: remembers the latest cursor when it is omitted; cursor= starts again; a new since starts afresh', async () => {
    const first = (await get('/v1/transactions?user_id=tx4&limit=5')).json();
    assert.equal(first.transactions.length, 5);
    const second = (await get('/v1/transactions?user_id=tx4&limit=5')).json();
    assert.equal(second.transactions.length, 5);
    assert.notDeepEqual(second.transactions, first.transactions);
    assert.ok(second.transactions[0].date >= first.transactions[4].date);
    const explicit = (await get(`/v1/transactions?user_id=tx4&limit=5&cursor=${first.next_cursor}`)).json();
    assert.deepEqual(explicit.transactions, second.transactions);
    const restart = (await get('/v1/transactions?user_id=tx4&limit=5&cursor=')).json();
    assert.deepEqual(restart.transactions, first.transactions);
    // Default since: 90 days before today.
    assert.ok(first.transactions.every((x: Txn) => x.date >= '2026-08-20'));
    const since = (await get('/v1/transactions?user_id=tx4&limit=5&since=2026-11-01')).json();
    assert.ok(since.transactions[0].date >= '2026-11-01');
    const sinceNext = (await get('/v1/transactions?user_id=tx4&limit=5&since=2026-11-01')).json();
    assert.ok(sinceNext.transactions[0].date >= since.transactions[4].date);
    assert.notEqual(sinceNext.transactions[0].transaction_id, since.transactions[0].transaction_id);
    // Remembered per partner and user.
    const otherUser = (await get('/v1/transactions?user_id=tx5&limit=5')).json();
    const oldest = (await allTransactions(t, p, 'tx5', '2026-08-20', '2026-11-18')).reverse().slice(0, 5);
    assert.deepEqual(otherUser.transactions, oldest);
  });

  it('/v1: the next day brings the new transactions after the remembered cursor', async () => {
    const c = new TestClock(NOW);
    const t2 = await buildTestApp({ clock: c, env: SANDBOX_ENV });
    try {
      const q = await t2.partner();
      const g = (url: string) => t2.inject({ method: 'GET', url, headers: keyHeaders(q) });
      const ids = new Set<string>();
      for (;;) {
        const b = (await g('/v1/transactions?user_id=sync&limit=500')).json();
        for (const x of b.transactions) ids.add(x.transaction_id);
        if (!b.has_more) break;
      }
      c.advance(10 * DAY);
      const later = (await g('/v1/transactions?user_id=sync&limit=500')).json();
      assert.ok(later.transactions.length > 0);
      for (const x of later.transactions) assert.ok(!ids.has(x.transaction_id), 'no repeat');
      // Together they are the whole window.
      const whole = await allTransactions(t2, q, 'sync', '2026-08-20', '2026-11-28');
      const got = new Set([...ids, ...later.transactions.map((x: Txn) => x.transaction_id)]);
      assert.deepEqual(new Set(whole.map((x) => x.transaction_id)), got);
    } finally {
      await t2.close();
    }
  });

  it('/v1: 422 for a cursor that does not decode, since that does not parse or is after today, limit out of range', async () => {
    const cases: [string, (string | number)[]][] = [
      ['cursor=not-a-cursor', ['query', 'cursor']],
      [`cursor=${Buffer.from(JSON.stringify(['t1', 'x'])).toString('base64url')}`, ['query', 'cursor']],
      ['since=2026-02-30', ['query', 'since']],
      ['since=2026-11-19', ['query', 'since']],
      ['limit=0', ['query', 'limit']],
      ['limit=501', ['query', 'limit']],
    ];
    for (const [qs, loc] of cases) {
      const res = await get(`/v1/transactions?user_id=tx1&${qs}`);
      assert.equal(res.statusCode, 422, `${qs}: ${res.body}`);
      assert.ok(res.json().detail.some((d: { loc: unknown }) => JSON.stringify(d.loc) === JSON.stringify(loc)), res.body);
    }
    const max = await get('/v1/transactions?user_id=tx1&limit=500&since=2025-01-01');
    assert.equal(max.statusCode, 200);
    assert.equal(max.json().transactions.length, 500);
  });

  it('writes one transaction usage event per returned transaction (absolute cents, category), once per transaction', async () => {
    const q = await t.partner();
    const b = (await get('/api/v1/transactions?user_id=ev&limit=25', q)).json();
    let events = await usageEvents(t, q.id, 'transaction');
    assert.equal(events.length, 25);
    const byId = new Map(b.transactions.map((x: Txn) => [x.transaction_id, x]));
    for (const e of events) {
      const x = byId.get(e.event_key!) as Txn;
      assert.ok(x, 'event names a returned transaction');
      assert.equal(Number(e.amount_cents), Math.abs(cents(x.amount)));
      assert.equal(e.category, x.personal_finance_category_primary);
      assert.equal(e.user_id, 'ev');
      assert.equal(e.environment, 'test');
    }
    // The same transactions again: no second count. New ones count.
    await get('/api/v1/transactions?user_id=ev&limit=25', q);
    assert.equal((await usageEvents(t, q.id, 'transaction')).length, 25);
    const ref = (await get('/v1/transactions?user_id=ev&limit=40&since=2026-11-10', q)).json();
    events = await usageEvents(t, q.id, 'transaction');
    const fresh = ref.transactions.filter((x: Txn) => !byId.has(x.transaction_id)).length;
    assert.equal(events.length, 25 + fresh);
    // Nothing returned, nothing written.
    await get('/api/v1/transactions?user_id=ev&start_date=2019-01-01&end_date=2019-01-31', q);
    assert.equal((await usageEvents(t, q.id, 'transaction')).length, 25 + fresh);
  });

  it('balances agree with the transactions from one day to another', async () => {
    const c = new TestClock(NOW);
    const t2 = await buildTestApp({ clock: c, env: SANDBOX_ENV });
    try {
      const q = await t2.partner();
      const user = 'ledger';
      const snapshot = async () => {
        const accts = byKind(await accounts(t2, q, user));
        const today = new Date(c.now()).toISOString().slice(0, 10);
        const txns = await allTransactions(t2, q, user, '2026-10-01', today);
        return { accts, txns };
      };
      const before = await snapshot();
      c.advance(9 * DAY);
      const later = await snapshot();
      const postedBefore = new Set(before.txns.filter((x) => !x.pending).map((x) => x.transaction_id));
      for (const kind of ['checking', 'savings', 'credit'] as const) {
        const id = later.accts[kind].account_id;
        const newlyPosted = later.txns.filter((x) => x.account_id === id && !x.pending && !postedBefore.has(x.transaction_id));
        const sum = newlyPosted.reduce((s, x) => s + cents(x.amount), 0);
        const delta = cents(later.accts[kind].current_balance) - cents(before.accts[kind].current_balance);
        // Depository: money out lowers the balance; credit: charges raise what is owed.
        assert.equal(delta, kind === 'credit' ? sum : 0 - sum, kind);
        // Available = current − pending outflows (depository) / limit − owed − pending charges (credit).
        const pendingOut = later.txns.filter((x) => x.account_id === id && x.pending && x.amount > 0).reduce((s, x) => s + cents(x.amount), 0);
        if (kind !== 'credit') assert.equal(cents(later.accts[kind].available_balance), cents(later.accts[kind].current_balance) - pendingOut, kind);
      }
    } finally {
      await t2.close();
    }
  });
});
