/** Concurrent ingests share a commit; nothing acknowledged is lost, the latest wins, a bad row fails alone. */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildTestApp, keyHeaders, type TestApp } from '../helpers/app.js';
import { IngestWriter } from '../../src/areas/calculations/writer.js';

describe('ingest group commit', () => {
  let t: TestApp;
  before(async () => {
    t = await buildTestApp({ env: { RATE_LIMIT_PER_SECOND: '100000' } });
  });
  after(() => t.close());

  it('answers every concurrent ingest after its commit, with one cached row per end-user (latest wins) and every event', async () => {
    const p = await t.partner();
    const sent = Array.from({ length: 120 }, (_, i) => ({ end_user_id: `u${i % 40}`, cash_balance: i }));
    const answers = await Promise.all(
      sent.map((body) => t.inject({ method: 'POST', url: '/api/v1/ingest', headers: keyHeaders(p, { secret: true }), payload: body })),
    );
    assert.ok(answers.every((a) => a.statusCode === 201));
    const db = t.deps.database.db;
    const rows = await db.selectFrom('calculations').select(['end_user_id', 'calculation_id']).where('partner_id', '=', p.id).execute();
    assert.equal(rows.length, 40);
    // Requests reach the handler in their own order (key look-ups run concurrently); calculation ids
    // are made in handler order, so the cached row of each end-user is its highest calculation id.
    for (let u = 0; u < 40; u++) {
      const mine = answers.filter((_, i) => i % 40 === u).map((a) => a.json().calculation_id as string).sort();
      const row = rows.find((r) => r.end_user_id === `u${u}`);
      assert.equal(row?.calculation_id, mine[mine.length - 1], `u${u}`);
    }
    const events = await db.selectFrom('webhook_events').select(['id', 'payload']).where('partner_id', '=', p.id).orderBy('id').execute();
    assert.equal(events.length, 120);
    // Each end-user's events are in handler order (webhook deliveries keep that order per end-user; writers
    // for different end-users commit side by side on PostgreSQL), and each answer has its event.
    const all = events.map((e) => JSON.parse(e.payload).data as { end_user_id: string; calculation: { calculation_id: string } });
    for (let u = 0; u < 40; u++) {
      const mine = all.filter((d) => d.end_user_id === `u${u}`).map((d) => d.calculation.calculation_id);
      assert.deepEqual(mine, [...mine].sort(), `u${u}`);
    }
    assert.deepEqual(all.map((d) => d.calculation.calculation_id).sort(), answers.map((a) => a.json().calculation_id as string).sort());
  });

  it('a row that cannot be written fails alone; the rest of its batch is committed', async () => {
    const p = await t.partner();
    const writer = new IngestWriter(t.deps.database, t.deps.webhooks.outbox);
    const now = Date.now();
    const item = (partnerId: string, user: string) =>
      writer.write(
        { partner_id: partnerId, environment: 'test', end_user_id: user, calculation_id: `calc_${user}`, user_email: null, user_email_key: null, result: '{}', calculated_at: now },
        { partnerId, environment: 'test', type: 'calculation.updated', data: { end_user_id: user }, orderingKey: user, now },
      );
    const results = await Promise.allSettled([item(p.id, 'a'), item(p.id, 'b'), item('ptr_missing', 'c'), item(p.id, 'd')]);
    assert.deepEqual(
      results.map((r) => r.status),
      ['fulfilled', 'fulfilled', 'rejected', 'fulfilled'],
    );
    const rows = await t.deps.database.db.selectFrom('calculations').select('end_user_id').where('partner_id', '=', p.id).orderBy('end_user_id').execute();
    assert.deepEqual(rows.map((r) => r.end_user_id), ['a', 'b', 'd']);
  });
});
