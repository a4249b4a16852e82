/** recordUsageEvents (the seam the sandbox layer calls): storage, rollups, idempotency, erasure. */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildTestApp, TestClock, type TestApp, type TestPartner } from '../helpers/app.js';
import { recordUsageEvents, type UsageEventInput } from '../../src/areas/ingest/events.js';

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
});
