import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildTestApp, keyHeaders, type TestApp, type TestPartner } from '../helpers/app.js';

const calcBody = (end_user_id: string, cash_balance = 1000) => ({ end_user_id, cash_balance, user_email: `${end_user_id}@example.com` });

describe('ingest and the cached calculations', () => {
  let t: TestApp;
  let p: TestPartner;
  let other: TestPartner;
  before(async () => {
    t = await buildTestApp();
    p = await t.partner();
    other = await t.partner();
  });
  after(() => t.close());

  const ingest = (partner: TestPartner, body: object, env: 'test' | 'live' = 'test', url = '/api/v1/ingest') =>
    t.inject({ method: 'POST', url, headers: keyHeaders(partner, { env, secret: true }), payload: body });

  it('answers 201, caches the latest result and writes a calculation.updated outbox row in the same transaction', async () => {
    const first = await ingest(p, calcBody('alice', 300));
    assert.equal(first.statusCode, 201);
    const second = await ingest(p, calcBody('alice', 900), 'test', '/v1/ingest');
    assert.equal(second.statusCode, 201);
    const got = await t.inject({ method: 'GET', url: '/api/v1/ingest/calculation/alice', headers: keyHeaders(p, { secret: true }) });
    assert.equal(got.statusCode, 200);
    const row = got.json();
    assert.equal(row.end_user_id, 'alice');
    assert.equal(row.user_email, 'alice@example.com');
    assert.deepEqual(row.calculation, second.json(), 'latest wins');
    assert.equal(row.calculated_at, second.json().calculated_at);
    const events = await t.deps.database.db
      .selectFrom('webhook_events')
      .selectAll()
      .where('partner_id', '=', p.id)
      .orderBy('id')
      .execute();
    assert.equal(events.length, 2);
    assert.equal(events[0].type, 'calculation.updated');
    assert.equal(events[0].ordering_key, 'alice');
    assert.equal(events[0].state, 'pending');
    const payload = JSON.parse(events[1].payload);
    assert.equal(payload.id, events[1].id);
    assert.equal(payload.type, 'calculation.updated');
    assert.deepEqual(payload.data, { end_user_id: 'alice', calculation: second.json() });
  });

  it('keeps environments and partners apart', async () => {
    await ingest(p, calcBody('bob'), 'live');
    const live = await t.inject({ method: 'GET', url: '/api/v1/ingest/calculation/bob', headers: keyHeaders(p, { env: 'live', secret: true }) });
    assert.equal(live.statusCode, 200);
    assert.equal(live.json().calculation.is_sandbox, false);
    const test = await t.inject({ method: 'GET', url: '/api/v1/ingest/calculation/bob', headers: keyHeaders(p, { secret: true }) });
    assert.equal(test.statusCode, 404);
    const otherPartner = await t.inject({ method: 'GET', url: '/api/v1/ingest/calculation/alice', headers: keyHeaders(other, { secret: true }) });
    assert.equal(otherPartner.statusCode, 404);
    const list = await t.inject({ method: 'GET', url: '/api/v1/ingest/calculations', headers: keyHeaders(other, { secret: true }) });
    assert.deepEqual(list.json(), { items: [], next_cursor: null, count: 0 });
  });

  it('needs the ingest secret on every key+secret route', async () => {
    const routes = [
      { method: 'POST' as const, url: '/api/v1/ingest', payload: calcBody('x') },
      { method: 'GET' as const, url: '/api/v1/ingest/calculations' },
      { method: 'GET' as const, url: '/api/v1/ingest/calculation/alice' },
      { method: 'DELETE' as const, url: '/api/v1/ingest/user/alice' },
    ];
    for (const r of routes) {
      const noSecret = await t.inject({ ...r, headers: keyHeaders(p) });
      assert.equal(noSecret.statusCode, 401, `${r.method} ${r.url} without secret`);
      const wrong = await t.inject({ ...r, headers: { ...keyHeaders(p), 'x-service-ingest-secret': 'svc_ingest_wrong' } });
      assert.equal(wrong.statusCode, 401);
      const otherSecret = await t.inject({ ...r, headers: { ...keyHeaders(p), 'x-service-ingest-secret': other.ingestSecret } });
      assert.equal(otherSecret.statusCode, 401, "another partner's secret");
      const noKey = await t.inject({ ...r, headers: { 'x-service-ingest-secret': p.ingestSecret } });
      assert.equal(noKey.statusCode, 401);
    }
    const still = await t.inject({ method: 'GET', url: '/api/v1/ingest/calculation/alice', headers: keyHeaders(p, { secret: true }) });
    assert.equal(still.statusCode, 200, 'nothing was erased by the refused calls');
  });

  it('validates the ingest body like calculate', async () => {
    const res = await ingest(p, { end_user_id: 'u', upcoming_bills: [{ amount: '12' }] });
    assert.equal(res.statusCode, 422);
    assert.deepEqual(res.json().detail[0].loc, ['body', 'upcoming_bills', 0, 'amount']);
    const none = await t.deps.database.db.selectFrom('calculations').select('end_user_id').where('end_user_id', '=', 'u').execute();
    assert.equal(none.length, 0);
  });

  it('pages newest first with no row skipped or repeated while rows arrive between pages', async () => {
    const q = await t.partner();
    for (let i = 0; i < 25; i++) await ingest(q, calcBody(`u${String(i).padStart(2, '0')}`, i));
    const seen: string[] = [];
    let cursor: string | null = null;
    let page = 0;
    do {
      const url: string = `/api/v1/ingest/calculations?limit=10${cursor ? `&cursor=${cursor}` : ''}`;
      const res = await t.inject({ method: 'GET', url, headers: keyHeaders(q, { secret: true }) });
      assert.equal(res.statusCode, 200);
      const body = res.json();
      assert.equal(body.count, body.items.length);
      seen.push(...body.items.map((r: { end_user_id: string }) => r.end_user_id));
      cursor = body.next_cursor;
      // New rows arrive while the client pages: they are newer than every page already served.
      if (page === 0) for (let i = 0; i < 3; i++) await ingest(q, calcBody(`new${i}`));
      page++;
    } while (cursor);
    const expected = Array.from({ length: 25 }, (_, i) => `u${String(24 - i).padStart(2, '0')}`);
    assert.deepEqual(seen, expected);
    assert.equal(new Set(seen).size, seen.length);
  });

  it('rejects bad list parameters with 422', async () => {
    for (const [qs, loc] of [
      ['limit=0', 'limit'],
      ['limit=501', 'limit'],
      ['limit=ten', 'limit'],
      ['cursor=not-a-cursor', 'cursor'],
      [`cursor=${Buffer.from('["x"]').toString('base64url')}`, 'cursor'],
    ]) {
      const res = await t.inject({ method: 'GET', url: `/api/v1/ingest/calculations?${qs}`, headers: keyHeaders(p, { secret: true }) });
      assert.equal(res.statusCode, 422, qs);
      assert.deepEqual(res.json().detail[0].loc, ['query', loc]);
    }
  });

  it('erases an end-user: every trace, once, then 404', async () => {
    await ingest(p, calcBody('carol'));
    await ingest(p, calcBody('carol'), 'live');
    const del = await t.inject({ method: 'DELETE', url: '/api/v1/ingest/user/carol', headers: keyHeaders(p, { secret: true }) });
    assert.equal(del.statusCode, 200);
    const body = del.json();
    assert.equal(body.deleted, true);
    assert.equal(body.end_user_id, 'carol');
    assert.equal(body.environment, 'test');
    assert.equal(body.erased.calculations, 1);
    assert.equal(body.erased.webhook_events, 1);
    const gone = await t.inject({ method: 'GET', url: '/api/v1/ingest/calculation/carol', headers: keyHeaders(p, { secret: true }) });
    assert.equal(gone.statusCode, 404);
    const left = await t.deps.database.db
      .selectFrom('webhook_events')
      .select('id')
      .where('partner_id', '=', p.id)
      .where('environment', '=', 'test')
      .where('ordering_key', '=', 'carol')
      .execute();
    assert.equal(left.length, 0);
    const again = await t.inject({ method: 'DELETE', url: '/v1/ingest/user/carol', headers: keyHeaders(p, { secret: true }) });
    assert.equal(again.statusCode, 404);
    const live = await t.inject({ method: 'GET', url: '/api/v1/ingest/calculation/carol', headers: keyHeaders(p, { env: 'live', secret: true }) });
    assert.equal(live.statusCode, 200, 'the live environment is untouched');
    const tooLong = await t.inject({ method: 'DELETE', url: `/api/v1/ingest/user/${'x'.repeat(121)}`, headers: keyHeaders(p, { secret: true }) });
    assert.equal(tooLong.statusCode, 422);
    assert.deepEqual(tooLong.json().detail[0].loc, ['path', 'user_id']);
  });
});
