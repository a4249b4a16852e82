/** recordUsageEvents (the seam the sandbox layer calls): storage, rollups, idempotency, erasure. */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildTestApp, TestClock, type TestApp, type TestPartner } from '../helpers/app.js';
import { recordUsageEvents, type UsageEventInput } from '../../src/areas/usage-events/events.js';
import { applyPendingRollups, type ApplyOptions } from '../../src/areas/usage-events/rollups.js';
import { startRollupWorker } from '../../src/areas/usage-events/worker.js';

const DAY = 86_400_000;

describe('recordUsageEvents', () => {
  let t: TestApp;
  let p: TestPartner;
  let q: TestPartner;
  const clock = new TestClock(Date.parse('2026-11-21T12:00:00.000Z'));
  before(async () => {
    t = await buildTestApp({ clock });
    p = await t.partner();
    q = await t.partner();
  });
  after(() => t.close());

  const apply = (o: ApplyOptions = {}) => applyPendingRollups(t.deps.database, t.deps.database.db, o);
  const pending = async (partnerId: string) =>
    (await t.deps.database.db.selectFrom('usage_event_pending').select('id').where('partner_id', '=', partnerId).execute()).length;

  const ev = (over: Partial<UsageEventInput>): UsageEventInput => ({
    partnerId: p.id,
    environment: 'live',
    eventType: 'transaction',
    userId: 'u1',
    amountCents: 100,
    category: 'groceries',
    occurredAt: clock.now(),
    ...over,
  });

  it('stores events, updates the rollups, and drops fields that do not apply', async () => {
    const r = await recordUsageEvents(t.deps, t.deps.database.db, [
      ev({}),
      ev({ amountCents: 250, userId: 'u2' }),
      ev({ eventType: 'account_link', amountCents: 5, category: 'x', institution: 'Bank A', userId: 'u1' }),
      ev({ environment: 'test', userId: 'u9' }),
      ev({ occurredAt: clock.now() - DAY, userId: 'u1' }),
    ]);
    assert.deepEqual(r, { accepted: 5, duplicates: 0 });
    // The rollups are not touched by the insert: one pending delta per (partner, environment) is.
    assert.equal(await pending(p.id), 2);
    assert.equal(await apply(), 2);
    assert.equal(await pending(p.id), 0);
    assert.equal(await apply(), 0);
    const db = t.deps.database.db;
    const link = await db.selectFrom('usage_events').selectAll().where('event_type', '=', 'account_link').executeTakeFirstOrThrow();
    assert.equal(link.amount_cents, null);
    assert.equal(link.category, null);
    assert.equal(link.institution, 'Bank A');
    assert.match(link.id, /^evt_/);
    const daily = await db
      .selectFrom('usage_event_daily')
      .select(['day', 'event_type', 'category', 'events', 'amount_cents'])
      .where('partner_id', '=', p.id)
      .where('environment', '=', 'live')
      .orderBy('day')
      .orderBy('event_type')
      .execute();
    assert.deepEqual(daily, [
      { day: '2026-11-20', event_type: 'transaction', category: 'groceries', events: 1, amount_cents: 100 },
      { day: '2026-11-21', event_type: 'account_link', category: '', events: 1, amount_cents: 0 },
      { day: '2026-11-21', event_type: 'transaction', category: 'groceries', events: 2, amount_cents: 350 },
    ]);
    const active = await db.selectFrom('usage_event_daily_active').select(['environment', 'day', 'active_users']).where('partner_id', '=', p.id).orderBy('environment').orderBy('day').execute();
    assert.deepEqual(active, [
      { environment: 'live', day: '2026-11-20', active_users: 1 },
      { environment: 'live', day: '2026-11-21', active_users: 2 },
      { environment: 'test', day: '2026-11-21', active_users: 1 },
    ]);
    const u1 = await db.selectFrom('usage_event_users').select('last_day').where('partner_id', '=', p.id).where('user_id', '=', 'u1').executeTakeFirstOrThrow();
    assert.equal(u1.last_day, '2026-11-21');
    // A second batch adds to the rollups (additive upsert) and does not count an active user twice.
    await recordUsageEvents(t.deps, db, [ev({ amountCents: 1 })]);
    await apply();
    const g = await db.selectFrom('usage_event_daily').select(['events', 'amount_cents']).where('partner_id', '=', p.id).where('day', '=', '2026-11-21').where('event_type', '=', 'transaction').executeTakeFirstOrThrow();
    assert.deepEqual(g, { events: 3, amount_cents: 351 });
    const a = await db.selectFrom('usage_event_daily_active').select('active_users').where('partner_id', '=', p.id).where('environment', '=', 'live').where('day', '=', '2026-11-21').executeTakeFirstOrThrow();
    assert.equal(a.active_users, 2);
  });

  it('accepts an id once per partner within 32 days, counting duplicates', async () => {
    const first = await recordUsageEvents(t.deps, t.deps.database.db, [ev({ id: 'k1', userId: null }), ev({ id: 'k1', userId: null }), ev({ id: 'k2', userId: null })]);
    assert.deepEqual(first, { accepted: 2, duplicates: 1 });
    const again = await recordUsageEvents(t.deps, t.deps.database.db, [ev({ id: 'k1', userId: null }), ev({ id: 'k3', userId: null })]);
    assert.deepEqual(again, { accepted: 1, duplicates: 1 });
    // Another partner may use the same id.
    const other = await recordUsageEvents(t.deps, t.deps.database.db, [ev({ partnerId: q.id, id: 'k1', userId: null })]);
    assert.deepEqual(other, { accepted: 1, duplicates: 0 });
    const keyed = await t.deps.database.db.selectFrom('usage_events').select('id').where('partner_id', '=', p.id).where('event_key', '=', 'k1').execute();
    assert.equal(keyed.length, 1);
    // 31 days later it is still a duplicate; after 32 days it is accepted again.
    clock.advance(31 * DAY);
    assert.deepEqual(await recordUsageEvents(t.deps, t.deps.database.db, [ev({ id: 'k1', userId: null })]), { accepted: 0, duplicates: 1 });
    clock.advance(DAY + 1);
    assert.deepEqual(await recordUsageEvents(t.deps, t.deps.database.db, [ev({ id: 'k1', userId: null })]), { accepted: 1, duplicates: 0 });
  });

  it('stores large calls in chunks inside one transaction, or nothing', async () => {
    const many = Array.from({ length: 6000 }, (_, i) => ev({ partnerId: q.id, userId: `bulk_${i % 700}`, amountCents: 1 }));
    assert.deepEqual(await recordUsageEvents(t.deps, t.deps.database.db, many), { accepted: 6000, duplicates: 0 });
    const n = await t.deps.database.db.selectFrom('usage_events').select((eb) => eb.fn.countAll<number>().as('n')).where('partner_id', '=', q.id).where('user_id', 'like', 'bulk_%').executeTakeFirstOrThrow();
    assert.equal(Number(n.n), 6000);
    // A failure part-way (an unknown partner breaks the foreign key) leaves nothing behind.
    const bad = [...Array.from({ length: 3000 }, () => ev({ partnerId: q.id, userId: 'rolled_back' })), ev({ partnerId: 'ptr_missing' })];
    await assert.rejects(recordUsageEvents(t.deps, t.deps.database.db, bad));
    const none = await t.deps.database.db.selectFrom('usage_events').select('id').where('user_id', '=', 'rolled_back').execute();
    assert.equal(none.length, 0);
  });

  it('keeps every rollup equal to a recount of the events, under concurrent out-of-order batches and erasure', async () => {
    const r = await t.partner();
    let seed = 7;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32);
    const base = Date.parse('2026-11-01T00:00:00Z');
    const batch = () =>
      Array.from({ length: 120 }, () =>
        ev({
          partnerId: r.id,
          environment: rnd() < 0.2 ? 'test' : 'live',
          eventType: (['user_signup', 'account_link', 'transaction'] as const)[Math.floor(rnd() * 3)],
          userId: rnd() < 0.1 ? null : `c${Math.floor(rnd() * 40)}`,
          amountCents: Math.floor(rnd() * 1000),
          category: ['a', 'b', null][Math.floor(rnd() * 3)],
          occurredAt: base + Math.floor(rnd() * 25 * DAY),
          id: rnd() < 0.3 ? `r${Math.floor(rnd() * 200)}` : null,
        }),
      );
    // Concurrent transactions (real ones on PostgreSQL's pool), with appliers running among them: the
    // worker's (skipping rows being applied), a dashboard's (waiting for them), one partner's.
    await Promise.all([
      ...Array.from({ length: 8 }, () => recordUsageEvents(t.deps, t.deps.database.db, batch())),
      apply({ skipLocked: true }),
      apply({ skipLocked: true, batch: 1 }),
      apply(),
      apply({ partnerId: r.id, environment: 'live' }),
    ]);
    await Promise.all([recordUsageEvents(t.deps, t.deps.database.db, batch()), apply({ skipLocked: true }), apply()]);
    const db = t.deps.database.db;
    const check = async () => {
      await apply();
      assert.equal(await pending(r.id), 0);
      const events = await db.selectFrom('usage_events').selectAll().where('partner_id', '=', r.id).execute();
      const daily = new Map<string, [number, number]>();
      const pairs = new Set<string>();
      const last = new Map<string, string>();
      for (const e of events) {
        const k = [e.environment, e.day, e.event_type, e.event_type === 'transaction' ? (e.category ?? '') : ''].join('|');
        const d = daily.get(k) ?? [0, 0];
        d[0] += 1;
        d[1] += e.amount_cents ?? 0;
        daily.set(k, d);
        if (e.user_id) {
          pairs.add([e.environment, e.day, e.user_id].join('|'));
          const uk = `${e.environment}|${e.user_id}`;
          if (!last.has(uk) || e.day > last.get(uk)!) last.set(uk, e.day);
        }
      }
      const dRows = await db.selectFrom('usage_event_daily').selectAll().where('partner_id', '=', r.id).where('events', '>', 0).execute();
      assert.deepEqual(
        new Map(dRows.map((x) => [[x.environment, x.day, x.event_type, x.category].join('|'), [x.events, x.amount_cents]])),
        daily,
      );
      const perDay = new Map<string, number>();
      for (const pkey of pairs) {
        const [env, day] = pkey.split('|');
        perDay.set(`${env}|${day}`, (perDay.get(`${env}|${day}`) ?? 0) + 1);
      }
      const aRows = await db.selectFrom('usage_event_daily_active').selectAll().where('partner_id', '=', r.id).where('active_users', '>', 0).execute();
      assert.deepEqual(new Map(aRows.map((x) => [`${x.environment}|${x.day}`, x.active_users])), perDay);
      const uRows = await db.selectFrom('usage_event_users').selectAll().where('partner_id', '=', r.id).execute();
      assert.deepEqual(new Map(uRows.map((x) => [`${x.environment}|${x.user_id}`, x.last_day])), last);
      const lastCounts = new Map<string, number>();
      for (const [uk, day] of last) {
        const k = `${uk.split('|')[0]}|${day}`;
        lastCounts.set(k, (lastCounts.get(k) ?? 0) + 1);
      }
      const lRows = await db.selectFrom('usage_event_last_days').selectAll().where('partner_id', '=', r.id).where('users', '!=', 0).execute();
      assert.deepEqual(new Map(lRows.map((x) => [`${x.environment}|${x.day}`, x.users])), lastCounts);
      return events.length;
    };
    const n = await check();
    assert.ok(n > 500);
    // Erase a few users (both environments), with deltas still pending: the eraser applies them first, so the
    // rollups still equal a recount.
    await recordUsageEvents(t.deps, t.deps.database.db, batch());
    assert.ok((await pending(r.id)) > 0);
    for (const u of ['c1', 'c2', 'c3']) {
      await t.deps.database.tx(async (trx) => {
        for (const env of ['live', 'test'] as const) await t.deps.erasers.get('usage_events')!(trx, r.id, env, u);
      });
    }
    const left = await check();
    const theirs = await db.selectFrom('usage_events').select('id').where('partner_id', '=', r.id).where('user_id', 'in', ['c1', 'c2', 'c3']).execute();
    assert.equal(theirs.length, 0);
    assert.ok(left > n - 400);
  });

  it('the rollup worker applies pending deltas within its interval; deleting a partner drops its pending deltas', async () => {
    const r = await t.partner();
    await recordUsageEvents(t.deps, t.deps.database.db, [ev({ partnerId: r.id }), ev({ partnerId: r.id, environment: 'test' })]);
    assert.equal(await pending(r.id), 2);
    const worker = startRollupWorker(t.deps, 20);
    try {
      const deadline = Date.now() + 5000;
      while ((await pending(r.id)) > 0 && Date.now() < deadline) await new Promise((res) => setTimeout(res, 20));
      assert.equal(await pending(r.id), 0);
    } finally {
      await worker.stop();
    }
    const rows = await t.deps.database.db.selectFrom('usage_event_daily').select(['environment', 'events']).where('partner_id', '=', r.id).orderBy('environment').execute();
    assert.deepEqual(rows, [
      { environment: 'live', events: 1 },
      { environment: 'test', events: 1 },
    ]);

    const gone = await t.partner();
    await recordUsageEvents(t.deps, t.deps.database.db, [ev({ partnerId: gone.id })]);
    assert.equal(await pending(gone.id), 1);
    await t.deps.database.db.deleteFrom('partners').where('id', '=', gone.id).execute();
    assert.equal(await pending(gone.id), 0);
    assert.equal(await apply(), 0);
  });
});
