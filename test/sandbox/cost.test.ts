/**
 * What a sandbox request costs: the model cache is bounded by bytes, a month is generated
 * alone (the same transactions whichever months were generated before), usage events are
 * written once per transaction and not again when the same page is read again, and a large
 * page weighs more in the key's rate limit and one key has at most one large page in progress.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildTestApp, keyHeaders, TestClock, type TestApp, type TestPartner } from '../helpers/app.js';
import {
  clearModelCache,
  MODEL_BYTES,
  MODEL_CACHE_BYTES,
  modelCacheStats,
  setModelCacheBudget,
  UserModel,
  userModel,
  LEDGER_START_MONTH,
} from '../../src/domain/sandbox/model.js';
import type { Kysely } from 'kysely';
import * as recordedRunsMigration from '../../src/db/migrations/0022_sandbox_recorded_runs.js';
import { isRecorded, MAX_RUNS_PER_USER, parseRuns, withRun, type Run } from '../../src/areas/sandbox/recorded-runs.js';
import { NOW, SANDBOX_ENV, type Txn, usageEvents } from './helpers.js';
import { weightOf } from '../../src/routes/partner-api/weights.js';

/** The key's per-second limit in the weight tests. */
const LIMIT = 20;

async function eventKeys(t: TestApp, partnerId: string): Promise<number> {
  const r = await t.deps.database.db.selectFrom('usage_event_keys').select((eb) => eb.fn.countAll().as('n')).where('partner_id', '=', partnerId).executeTakeFirstOrThrow();
  return Number(r.n);
}

const NOV_2026 = 2026 * 12 + 10;

describe('sandbox: cost of a request', () => {
  it('the model cache is bounded by bytes, whatever the number of users, and eviction changes no answer', () => {
    const budget = 2 * 1024 * 1024;
    setModelCacheBudget(budget);
    try {
      const reference = new UserModel('ptr_cost', 'user-0').month(NOV_2026).map((x) => x.transaction_id);
      for (let u = 0; u < 400; u++) {
        const m = userModel('ptr_cost', `user-${u}`);
        for (let mi = NOV_2026 - 12; mi <= NOV_2026; mi++) m.month(mi);
        const s = modelCacheStats();
        assert.ok(s.bytes <= budget, `${s.bytes} bytes cached over a budget of ${budget}`);
      }
      // 400 users × (a model + 13 months) would be far more than the budget: most were evicted.
      assert.ok(400 * (MODEL_BYTES + 13 * 10_000) > 4 * budget);
      assert.ok(modelCacheStats().entries < 400 * 14);
      // Evicted, then generated again: the same transactions.
      assert.deepEqual(
        userModel('ptr_cost', 'user-0').month(NOV_2026).map((x) => x.transaction_id),
        reference,
      );
    } finally {
      setModelCacheBudget(MODEL_CACHE_BYTES);
    }
  });

  it("a month's transactions do not depend on which months were generated before it", () => {
    clearModelCache();
    const alone = new UserModel('ptr_cost', 'solo').month(NOV_2026);
    clearModelCache();
    const m = new UserModel('ptr_cost', 'solo');
    for (let mi = LEDGER_START_MONTH; mi < NOV_2026; mi++) m.month(mi);
    assert.deepEqual(m.month(NOV_2026), alone);
    // The month sizes used for a window's total agree with the months.
    for (const mi of [LEDGER_START_MONTH, 2023 * 12 + 1, NOV_2026]) assert.equal(new UserModel('ptr_cost', 'solo').monthCount(mi), m.month(mi).length);
  });

  it('recorded runs: overlapping and continuing pages merge; nothing outside a run or after the window is trusted', () => {
    const W = 1_000;
    let runs = withRun([], 'b', false, 'd', 0, W)!;
    assert.equal(isRecorded(runs, 'a', 10, W), false);
    assert.equal(isRecorded(runs, 'b', 10, W), true);
    assert.equal(isRecorded(runs, 'c', 10, W), true);
    assert.equal(isRecorded(runs, 'e', 10, W), false);
    // A page that continues right after 'd' (open lower bound) extends the run.
    runs = withRun(runs, 'd', true, 'g', 10, W)!;
    assert.deepEqual(runs, [{ lo: 'b', open: false, hi: 'g', at: 10 }]);
    // An open run does not include its lower bound.
    const v = withRun([], 'd', true, 'g', 10, W)!;
    assert.equal(isRecorded(v, 'd', 20, W), false);
    assert.equal(isRecorded(v, 'e', 20, W), true);
    // A run that bridges two others makes one of all three, whatever their order.
    const three = withRun(withRun(withRun([], 'x', false, 'y', 0, W)!, 'a', false, 'c', 0, W)!, 'c', true, 'x', 5, W)!;
    assert.deepEqual(three, [{ lo: 'a', open: false, hi: 'y', at: 5 }]);
    // Past the window, a run is no longer trusted, and the next change drops it.
    assert.equal(isRecorded(runs, 'c', 1_010, W), false);
    assert.deepEqual(withRun(runs, 'p', false, 'q', 1_010, W), [{ lo: 'p', open: false, hi: 'q', at: 1_010 }]);
    // A bounded number of disjoint runs: one more is refused (the page is then counted through event ids).
    let many: Run[] = [];
    for (let i = 0; i < MAX_RUNS_PER_USER; i++) many = withRun(many, `k${String(i * 2).padStart(3, '0')}`, false, `k${String(i * 2).padStart(3, '0')}`, 0, W)!;
    assert.equal(many.length, MAX_RUNS_PER_USER);
    assert.equal(withRun(many, 'z', false, 'z', 0, W), null);
    // Stored as JSON and read back; anything else in the row is an error, not an empty list.
    assert.deepEqual(parseRuns(JSON.stringify(many)), many);
    assert.deepEqual(parseRuns(null), []);
    assert.throws(() => parseRuns('[{"lo":1}]'));
  });

  describe('through HTTP', () => {
    let t: TestApp;
    let p: TestPartner;
    before(async () => {
      t = await buildTestApp({ clock: new TestClock(NOW), env: SANDBOX_ENV });
      p = await t.partner();
    });
    after(() => t.close());
    const get = (url: string, partner = p) => t.inject({ method: 'GET', url, headers: keyHeaders(partner) });

    it('one usage event per transaction, and the same page read again writes nothing', async () => {
      const q = await t.partner();
      const first = await get('/v1/transactions?user_id=once&since=2025-01-01&limit=500', q);
      assert.equal(first.statusCode, 200);
      const page: Txn[] = first.json().transactions;
      assert.equal(page.length, 500);
      assert.equal((await usageEvents(t, q.id, 'transaction')).length, 500);
      const next = await get('/v1/transactions?user_id=once&since=2025-01-01&limit=500', q);
      const page2: Txn[] = next.json().transactions;
      const all = new Set([...page, ...page2].map((x) => x.transaction_id));
      assert.equal((await usageEvents(t, q.id, 'transaction')).length, all.size);

      // Past transactions are remembered as a run of the ledger, not as one event id each: ids are stored only for
      // those from yesterday on (a sparse ledger reaches them in two pages), and reading again is exact without them.
      const today = new Date(NOW).toISOString().slice(0, 10);
      assert.equal(page.filter((x) => x.date === today).length, 0, 'the first page of 2025 is all past');
      assert.equal(await eventKeys(t, q.id), [...page, ...page2].filter((x) => x.date >= '2026-11-17').length);
      const again = await get('/v1/transactions?user_id=once&since=2025-01-01&limit=500&cursor=', q);
      assert.deepEqual(
        again.json().transactions.map((x: Txn) => x.transaction_id),
        page.map((x) => x.transaction_id),
      );
      assert.equal((await usageEvents(t, q.id, 'transaction')).length, all.size);

      // The /api/v1 form: the same window twice, one event per transaction.
      const r = await t.partner();
      const url = '/api/v1/transactions?user_id=once&start_date=2025-01-01&end_date=2026-11-17&limit=100&offset=300';
      const a = await get(url, r);
      assert.equal(a.statusCode, 200);
      assert.equal(a.json().transactions.length, 100);
      await get(url, r);
      assert.equal((await usageEvents(t, r.id, 'transaction')).length, 100);
    });

    it('transactions counted while recent are not counted again once they are past, nor those counted before runs were kept', async () => {
      const q = await t.partner();
      const clock = t.deps.clock as TestClock;
      try {
        // The last three days, today's transactions among them (a user whose ledger has some today): counted through their event ids.
        let user = '';
        let recent: Txn[] = [];
        for (let i = 0; i < 20 && !recent.some((x) => x.date === '2026-11-18'); i++) {
          user = `recent-${i}`;
          recent = (await get(`/v1/transactions?user_id=${user}&since=2026-11-16&limit=500`, q)).json().transactions;
        }
        assert.ok(recent.some((x) => x.date === '2026-11-18'), 'a user with transactions today');
        await t.deps.database.db.deleteFrom('usage_events').where('partner_id', '=', q.id).execute();
        await t.deps.database.db.deleteFrom('usage_event_keys').where('partner_id', '=', q.id).execute();
        await t.deps.database.db.deleteFrom('sandbox_recorded_runs').where('partner_id', '=', q.id).execute();
        recent = (await get(`/v1/transactions?user_id=${user}&since=2026-11-16&limit=500&cursor=`, q)).json().transactions;
        assert.equal((await usageEvents(t, q.id, 'transaction')).length, recent.length);
        // Three days later all of them are past: the same window again counts none of them twice.
        clock.advance(3 * 86_400_000);
        const later: Txn[] = (await get(`/v1/transactions?user_id=${user}&since=2026-11-16&limit=500&cursor=`, q)).json().transactions;
        const ids = new Set([...recent, ...later].map((x) => x.transaction_id));
        assert.equal((await usageEvents(t, q.id, 'transaction')).length, ids.size);
      } finally {
        clock.set(NOW);
      }

      // Across the upgrade that started keeping runs: the earlier version counted every transaction through its
      // event id and kept no runs. Its events and ids are made here, then the upgrade's migration runs again.
      const r = await t.partner();
      const db = t.deps.database.db;
      const first: Txn[] = (await get('/v1/transactions?user_id=old&since=2024-01-01&limit=20', r)).json().transactions;
      await db.updateTable('usage_events').set({ received_at: Date.now() }).where('partner_id', '=', r.id).execute();
      await db
        .insertInto('usage_event_keys')
        .values(first.map((x) => ({ partner_id: r.id, environment: 'test' as const, event_key: x.transaction_id, received_at: NOW })))
        .execute();
      await recordedRunsMigration.down(db as unknown as Kysely<unknown>);
      await recordedRunsMigration.up(db as unknown as Kysely<unknown>);
      const again: Txn[] = (await get('/v1/transactions?user_id=old&since=2024-01-01&limit=30&cursor=', r)).json().transactions;
      assert.deepEqual(
        (await usageEvents(t, r.id, 'transaction')).map((e) => e.event_key).sort(),
        again.map((x) => x.transaction_id).sort(),
        'the first 20 once, and the 10 after them',
      );
    });

    it('scattered pages beyond the runs a user keeps are still counted once', async () => {
      const q = await t.partner();
      const url = (offset: number, limit: number) => `/api/v1/transactions?user_id=scatter&start_date=2024-01-01&end_date=2026-11-10&limit=${limit}&offset=${offset}`;
      // Twenty disjoint pages of five, with gaps: more runs than a user keeps.
      for (let i = 0; i < 20; i++) assert.equal((await get(url(i * 20, 5), q)).statusCode, 200);
      assert.equal((await usageEvents(t, q.id, 'transaction')).length, 100);
      // Then every one of the first 400 transactions, twice over.
      for (const round of [1, 2]) for (let offset = 0; offset < 400; offset += 100) assert.equal((await get(url(offset, 100), q)).statusCode, 200, String(round));
      const events = await usageEvents(t, q.id, 'transaction');
      assert.equal(events.length, 400);
      assert.equal(new Set(events.map((e) => e.event_key)).size, 400);
    });

    it('a window back to the start of the ledger: the right total and page without generating every month', async () => {
      const url = '/api/v1/transactions?user_id=deep&start_date=2020-01-01&limit=100';
      const first = (await get(`${url}&offset=0`)).json();
      const m = new UserModel(p.id, 'deep');
      let total = 0;
      for (let mi = LEDGER_START_MONTH; mi <= NOV_2026; mi++) total += mi === NOV_2026 ? m.range('2026-11-01', '2026-11-18').length : m.monthCount(mi);
      assert.equal(first.total, total);
      // The oldest page: the first transactions of the ledger, newest first.
      const last = (await get(`${url}&offset=${total - 3}`)).json();
      assert.deepEqual(
        last.transactions.map((x: Txn) => x.transaction_id),
        m.month(LEDGER_START_MONTH).slice(0, 3).map((x) => x.transaction_id).reverse(),
      );
      assert.equal(last.has_more, false);
    });
  });

  describe('the rate limit weighs a page by its size', () => {
    let t: TestApp;
    let p: TestPartner;
    before(async () => {
      t = await buildTestApp({ clock: new TestClock(NOW), env: { RATE_LIMIT_PER_SECOND: String(LIMIT) } });
      p = await t.partner();
    });
    after(() => t.close());

    it('/v1/transactions pages weigh what the table says for their limit; another key is not charged', async () => {
      const get = (url: string, partner = p) => t.inject({ method: 'GET', url, headers: keyHeaders(partner) });
      const w500 = weightOf('GET /v1/transactions', 'limit=500');
      const w101 = weightOf('GET /v1/transactions', 'limit=101');
      const wDefault = weightOf('GET /v1/transactions');
      assert.ok(w500 > w101 && w101 >= wDefault && wDefault > 1, `${w500} > ${w101} >= ${wDefault} > 1`);
      const a = await get('/v1/transactions?user_id=w&limit=500');
      assert.equal(a.statusCode, 200);
      assert.equal(a.headers['x-ratelimit-remaining'], String(LIMIT - w500));
      const b = await get('/v1/transactions?user_id=w&limit=101');
      assert.equal(b.headers['x-ratelimit-remaining'], String(LIMIT - w500 - w101));
      const c = await get('/v1/transactions?user_id=w');
      assert.equal(c.headers['x-ratelimit-remaining'], String(LIMIT - w500 - w101 - wDefault));
      // What is left is less than another page of 500: refused.
      assert.ok(LIMIT - w500 - w101 - wDefault < w500);
      const refused = await get('/v1/transactions?user_id=w&limit=500');
      assert.equal(refused.statusCode, 429);
      assert.deepEqual(refused.json(), { detail: 'Rate limit exceeded', code: 'rate_limited' });
      assert.ok(Number(refused.headers['retry-after']) >= 1);
      // Another partner's key has its own budget.
      const q = await t.partner();
      const other = await get('/v1/transactions?user_id=w&limit=500', q);
      assert.equal(other.statusCode, 200);
      assert.equal(other.headers['x-ratelimit-remaining'], String(LIMIT - w500));
      // A limit validation refuses counts as the default page.
      const r = await t.partner();
      const bad = await get('/v1/transactions?user_id=w&limit=99999', r);
      assert.equal(bad.statusCode, 422);
      assert.equal(bad.headers['x-ratelimit-remaining'], String(LIMIT - wDefault));
      // /api/v1 windows are weighed too (by their limit, up to 100).
      const m = await get('/api/v1/transactions?user_id=w&limit=100', r);
      assert.equal(m.headers['x-ratelimit-remaining'], String(LIMIT - wDefault - weightOf('GET /api/v1/transactions', 'limit=100')));
    });

    it('a weight above a small limit is capped at it: the request fits an empty window', async () => {
      const small = await t.partner();
      await t.deps.database.db.updateTable('partners').set({ rate_limit_per_second: 3 }).where('id', '=', small.id).execute();
      const res = await t.inject({ method: 'GET', url: '/v1/transactions?user_id=w&limit=500', headers: keyHeaders(small) });
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.headers['x-ratelimit-remaining'], '0');
    });
  });

  describe('one key has at most KEY_COSTLY_IN_FLIGHT of costly pages in progress', () => {
    let t: TestApp;
    before(async () => {
      t = await buildTestApp({ clock: new TestClock(NOW), env: { RATE_LIMIT_PER_SECOND: '1000' } });
    });
    after(() => t.close());
    const get = (url: string, partner: TestPartner) => t.inject({ method: 'GET', url, headers: keyHeaders(partner) });

    it('large pages sent at once: one is served, the others answer 429 costly_request_in_progress; then the key reads again', async () => {
      const p = await t.partner();
      const q = await t.partner();
      const large = (user: string, partner = p) => get(`/v1/transactions?user_id=${user}&since=2020-01-01&limit=500`, partner);
      // Another partner's large page at the same moment is not refused: the bound is per key.
      const [mine, theirs] = await Promise.all([Promise.all([1, 2, 3, 4].map((i) => large(`burst-${i}`))), large('burst-q', q)]);
      const served = mine.filter((r) => r.statusCode === 200);
      const refused = mine.filter((r) => r.statusCode === 429);
      assert.equal(served.length + refused.length, 4, mine.map((r) => r.statusCode).join(','));
      assert.ok(served.length >= 1 && refused.length >= 1, mine.map((r) => r.statusCode).join(','));
      const w500 = weightOf('GET /v1/transactions', 'limit=500');
      for (const r of refused) {
        const body = r.json();
        assert.equal(body.code, 'costly_request_in_progress');
        assert.match(body.detail, new RegExp(`costly requests in progress \\(weighing ${w500} of the ${t.deps.config.keyCostlyInFlight} a key may have at once; GET /v1/transactions weighs`));
        assert.equal(r.headers['retry-after'], '1');
        assert.ok(r.headers['x-ratelimit-remaining'] !== undefined, 'the rate-limit headers are on the refusal too');
      }
      assert.equal(served[0].json().transactions.length, 500);
      assert.equal(theirs.statusCode, 200);
      // Only what was served was counted.
      assert.equal((await usageEvents(t, p.id, 'transaction')).length, 500 * served.length);
      // Nothing stays held: one after another, every page is served.
      for (const i of [5, 6]) assert.equal((await large(`burst-${i}`)).statusCode, 200);
    });

    it('smaller pages: as many at once as their weights fit in the bound; a refused or failed request holds nothing afterwards', async () => {
      const p = await t.partner();
      const w = weightOf('GET /v1/transactions', 'limit=100');
      const fit = Math.floor(t.deps.config.keyCostlyInFlight / w);
      assert.ok(fit >= 2, `pages of 100 (weight ${w}) run ${fit} at once`);
      const small = await Promise.all(Array.from({ length: fit }, (_, i) => get(`/v1/transactions?user_id=s-${i}&since=2020-01-01&limit=100`, p)));
      assert.deepEqual(
        small.map((r) => r.statusCode),
        small.map(() => 200),
      );
      const bad = await get('/v1/transactions?user_id=s-1&since=not-a-day&limit=500', p);
      assert.equal(bad.statusCode, 422);
      assert.equal((await get('/v1/transactions?user_id=s-7&since=2020-01-01&limit=500', p)).statusCode, 200);
    });
  });
});
