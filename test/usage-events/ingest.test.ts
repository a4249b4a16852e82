/** POST /api/ingest/event, POST /api/ingest/events/batch, GET /api/ingest/ping: the rules of §7. */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildTestApp, keyHeaders, PLATFORM_SECRET, TestClock, type TestApp, type TestPartner } from '../helpers/app.js';
import { applyPendingRollups } from '../../src/areas/usage-events/rollups.js';

const SECRET = { 'x-service-ingest-secret': PLATFORM_SECRET };

describe('platform ingest', () => {
  let t: TestApp;
  let p: TestPartner;
  let q: TestPartner;
  const clock = new TestClock(Date.parse('2026-11-21T15:30:00.000Z'));
  before(async () => {
    t = await buildTestApp({ clock });
    p = await t.partner();
    q = await t.partner();
  });
  after(() => t.close());

  const post = (url: string, payload: unknown, headers: Record<string, string> = SECRET) =>
    t.inject({ method: 'POST', url, headers, payload: payload as object });
  const count = async (partnerId?: string) => {
    let qb = t.deps.database.db.selectFrom('usage_events').select((eb) => eb.fn.countAll<number>().as('n'));
    if (partnerId) qb = qb.where('partner_id', '=', partnerId);
    return Number((await qb.executeTakeFirstOrThrow()).n);
  };

  it('GET /api/ingest/ping answers with the secret in either header', async () => {
    const a = await t.inject({ method: 'GET', url: '/api/ingest/ping', headers: SECRET });
    assert.equal(a.statusCode, 200);
    assert.deepEqual(a.json(), { ok: true, service: 'ingest', time: '2026-11-21T15:30:00.000Z' });
    const b = await t.inject({ method: 'GET', url: '/api/ingest/ping', headers: { authorization: `Bearer ${PLATFORM_SECRET}` } });
    assert.equal(b.statusCode, 200);
  });

  it('missing or wrong secret: 401 on every route, before the body is looked at', async () => {
    for (const [method, url] of [
      ['GET', '/api/ingest/ping'],
      ['POST', '/api/ingest/event'],
      ['POST', '/api/ingest/events/batch'],
    ] as const) {
      const none = await t.inject({ method, url, payload: method === 'POST' ? { events: [] } : undefined });
      assert.equal(none.statusCode, 401, `${url} without secret`);
      assert.equal(typeof none.json().detail, 'string');
      const wrong = await t.inject({ method, url, headers: { 'x-service-ingest-secret': 'not-the-platform-secret' }, payload: method === 'POST' ? {} : undefined });
      assert.equal(wrong.statusCode, 401, `${url} with a wrong secret`);
      // A partner's own ingest secret or API key is not the platform secret.
      const partnerSecret = await t.inject({ method, url, headers: { 'x-service-ingest-secret': p.ingestSecret }, payload: method === 'POST' ? {} : undefined });
      assert.equal(partnerSecret.statusCode, 401);
      const key = await t.inject({ method, url, headers: keyHeaders(p, { env: 'live' }), payload: method === 'POST' ? {} : undefined });
      assert.equal(key.statusCode, 401);
      const session = await t.inject({ method, url, headers: { authorization: `Bearer ${(await t.admin()).token}` } });
      assert.equal(session.statusCode, 401);
    }
    assert.equal(await count(), 0);
  });

  it('POST /api/ingest/event stores one live event; occurred_at defaults to the time of receipt', async () => {
    const res = await post('/api/ingest/event', { partner_id: p.id, event_type: 'user_signup', user_id: 'u_1' });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), { accepted: 1, partners: [p.id], duplicates: 0 });
    const row = await t.deps.database.db.selectFrom('usage_events').selectAll().where('partner_id', '=', p.id).executeTakeFirstOrThrow();
    assert.equal(row.environment, 'live');
    assert.equal(row.event_type, 'user_signup');
    assert.equal(row.user_id, 'u_1');
    assert.equal(row.occurred_at, clock.now());
    assert.equal(row.received_at, clock.now());
    assert.equal(row.day, '2026-11-21');
    const explicit = await post('/api/ingest/event', {
      partner_id: p.id,
      event_type: 'transaction',
      amount_cents: 1234,
      category: 'groceries',
      occurred_at: '2026-11-20T23:59:59+01:00',
      user_id: null,
    });
    assert.equal(explicit.statusCode, 200);
    const tx = await t.deps.database.db.selectFrom('usage_events').selectAll().where('event_type', '=', 'transaction').executeTakeFirstOrThrow();
    assert.equal(tx.occurred_at, Date.parse('2026-11-20T22:59:59Z'));
    assert.equal(tx.day, '2026-11-20');
    assert.equal(tx.amount_cents, 1234);
    // A bare date is UTC midnight.
    const bare = await post('/api/ingest/event', { partner_id: p.id, event_type: 'account_link', occurred_at: '2026-11-01', institution: 'Chase' });
    assert.equal(bare.statusCode, 200);
    const link = await t.deps.database.db.selectFrom('usage_events').selectAll().where('event_type', '=', 'account_link').executeTakeFirstOrThrow();
    assert.equal(link.occurred_at, Date.parse('2026-11-01T00:00:00Z'));
    assert.equal(link.institution, 'Chase');
  });

  it('POST /api/ingest/events/batch stores every event in one go and lists the partners', async () => {
    const before = await count();
    const res = await post('/api/ingest/events/batch', {
      events: [
        { partner_id: q.id, event_type: 'user_signup', user_id: 'a' },
        { partner_id: p.id, event_type: 'transaction', amount_cents: 0, category: 'rent', user_id: 'a' },
        { partner_id: q.id, event_type: 'account_link', user_id: 'b', institution: 'Ally', extra_field: 'ignored' },
      ],
    });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), { accepted: 3, partners: [q.id, p.id], duplicates: 0 });
    assert.equal(await count(), before + 3);
  });

  it('stores a full batch of 500', async () => {
    const events = Array.from({ length: 500 }, (_, i) => ({ partner_id: q.id, event_type: 'transaction', user_id: `bulk_${i % 50}`, amount_cents: i, category: 'dining' }));
    const before = await count(q.id);
    const res = await post('/api/ingest/events/batch', { events });
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().accepted, 500);
    assert.equal(await count(q.id), before + 500);
  });

  it('unknown partner ids: 400 with every missing id, and nothing of the batch is stored', async () => {
    const before = await count();
    const res = await post('/api/ingest/events/batch', {
      events: [
        { partner_id: p.id, event_type: 'user_signup' },
        { partner_id: 'ptr_nope_1', event_type: 'user_signup' },
        { partner_id: q.id, event_type: 'user_signup' },
        { partner_id: 'ptr_nope_2', event_type: 'transaction', amount_cents: 5 },
        { partner_id: 'ptr_nope_1', event_type: 'account_link' },
      ],
    });
    assert.equal(res.statusCode, 400);
    const body = res.json();
    assert.deepEqual(body.missing, ['ptr_nope_1', 'ptr_nope_2']);
    assert.equal(typeof body.detail, 'string');
    assert.match(body.detail, /ptr_nope_1/);
    assert.equal(await count(), before);
    const single = await post('/api/ingest/event', { partner_id: 'ptr_ghost', event_type: 'user_signup' });
    assert.equal(single.statusCode, 400);
    assert.deepEqual(single.json().missing, ['ptr_ghost']);
    assert.equal(await count(), before);
  });

  it('concurrent batches are stored independently: a bad one fails alone, the good ones are all kept (quoting-proof values included)', async () => {
    const before = await count();
    const odd = `it's "quoted", {braced}, back\\slash, NULL, ünï`;
    const good = (i: number) => ({
      events: Array.from({ length: 40 }, (_, j) => ({ partner_id: j % 2 ? p.id : q.id, event_type: 'transaction', user_id: `${odd} ${i}`, amount_cents: j, category: odd })),
    });
    const bad = { events: [{ partner_id: p.id, event_type: 'user_signup' }, { partner_id: 'ptr_concurrent_ghost', event_type: 'user_signup' }] };
    const answers = await Promise.all([post('/api/ingest/events/batch', good(1)), post('/api/ingest/events/batch', bad), post('/api/ingest/events/batch', good(2)), post('/api/ingest/events/batch', good(3))]);
    assert.deepEqual(
      answers.map((a) => a.statusCode),
      [200, 400, 200, 200],
    );
    assert.deepEqual(answers[1].json().missing, ['ptr_concurrent_ghost']);
    assert.equal(await count(), before + 120);
    const stored = await t.deps.database.db.selectFrom('usage_events').select(['user_id', 'category']).where('user_id', '=', `${odd} 2`).execute();
    assert.equal(stored.length, 40);
    assert.ok(stored.every((r) => r.category === odd));
  });

  it('a bound broken: 422 in FastAPI shape with loc naming the item', async () => {
    const before = await count();
    const events = Array.from({ length: 20 }, () => ({ partner_id: p.id, event_type: 'transaction', amount_cents: 100 }));
    events[17] = { ...events[17], amount_cents: -1 };
    const neg = await post('/api/ingest/events/batch', { events });
    assert.equal(neg.statusCode, 422);
    assert.deepEqual(neg.json().detail, [
      { type: 'greater_than_equal', loc: ['body', 'events', 17, 'amount_cents'], msg: 'Input should be greater than or equal to 0', input: -1, ctx: { ge: 0 } },
    ]);

    const cases: [unknown, (string | number)[], string][] = [
      [{ events: [] }, ['body', 'events'], 'too_short'],
      [{ events: Array.from({ length: 501 }, () => ({ partner_id: p.id, event_type: 'user_signup' })) }, ['body', 'events'], 'too_long'],
      [{}, ['body', 'events'], 'missing'],
      [{ events: [{ partner_id: p.id, event_type: 'login' }] }, ['body', 'events', 0, 'event_type'], 'enum'],
      [{ events: [{ partner_id: '', event_type: 'user_signup' }] }, ['body', 'events', 0, 'partner_id'], 'string_too_short'],
      [{ events: [{ partner_id: 'x'.repeat(121), event_type: 'user_signup' }] }, ['body', 'events', 0, 'partner_id'], 'string_too_long'],
      [{ events: [{ partner_id: p.id, event_type: 'user_signup', user_id: 'u'.repeat(121) }] }, ['body', 'events', 0, 'user_id'], 'string_too_long'],
      [{ events: [{ partner_id: p.id, event_type: 'transaction', category: 'c'.repeat(61) }] }, ['body', 'events', 0, 'category'], 'string_too_long'],
      [{ events: [{ partner_id: p.id, event_type: 'account_link', institution: 'i'.repeat(61) }] }, ['body', 'events', 0, 'institution'], 'string_too_long'],
      [{ events: [{ partner_id: p.id, event_type: 'transaction', amount_cents: 1.5 }] }, ['body', 'events', 0, 'amount_cents'], 'int_from_float'],
      [{ events: [{ partner_id: p.id, event_type: 'transaction', amount_cents: '100' }] }, ['body', 'events', 0, 'amount_cents'], 'int_type'],
      [{ events: [{ event_type: 'user_signup' }] }, ['body', 'events', 0, 'partner_id'], 'missing'],
      [{ events: 'nope' }, ['body', 'events'], 'list_type'],
    ];
    for (const [payload, loc, type] of cases) {
      const res = await post('/api/ingest/events/batch', payload);
      assert.equal(res.statusCode, 422, JSON.stringify(loc));
      const items = res.json().detail as { loc: unknown[]; type: string }[];
      assert.ok(items.some((d) => JSON.stringify(d.loc) === JSON.stringify(loc) && d.type === type), `${JSON.stringify(items)} has ${type} at ${JSON.stringify(loc)}`);
    }
    const single = await post('/api/ingest/event', { partner_id: p.id, event_type: 'transaction', amount_cents: -5 });
    assert.equal(single.statusCode, 422);
    assert.deepEqual(single.json().detail[0].loc, ['body', 'amount_cents']);
    const json = await t.inject({ method: 'POST', url: '/api/ingest/event', headers: { ...SECRET, 'content-type': 'application/json' }, payload: '{"partner_id":' });
    assert.equal(json.statusCode, 422);
    assert.equal(json.json().detail[0].type, 'json_invalid');
    assert.equal(await count(), before);
  });

  it('an unparsable occurred_at: 422 at the item (every bad one listed), nothing stored', async () => {
    const before = await count();
    const events = [
      { partner_id: p.id, event_type: 'user_signup', occurred_at: '2026-11-20T10:00:00Z' },
      { partner_id: p.id, event_type: 'user_signup', occurred_at: 'yesterday' },
      { partner_id: p.id, event_type: 'user_signup' },
      { partner_id: p.id, event_type: 'user_signup', occurred_at: '2026-02-30' },
    ];
    const res = await post('/api/ingest/events/batch', { events });
    assert.equal(res.statusCode, 422);
    const detail = res.json().detail as { loc: unknown[]; input: unknown; type: string }[];
    assert.deepEqual(
      detail.map((d) => d.loc),
      [
        ['body', 'events', 1, 'occurred_at'],
        ['body', 'events', 3, 'occurred_at'],
      ],
    );
    assert.equal(detail[0].input, 'yesterday');
    const single = await post('/api/ingest/event', { partner_id: p.id, event_type: 'user_signup', occurred_at: '21/11/2026' });
    assert.equal(single.statusCode, 422);
    assert.deepEqual(single.json().detail[0].loc, ['body', 'occurred_at']);
    // The 422 wins over an unknown partner in the same batch (validation first).
    const both = await post('/api/ingest/events/batch', { events: [{ partner_id: 'ptr_nope', event_type: 'user_signup', occurred_at: 'x' }] });
    assert.equal(both.statusCode, 422);
    assert.equal(await count(), before);
  });

  it('an event id is accepted once per partner and counted once; the answer says how many were duplicates', async () => {
    const ev = (id: string, partner = p.id) => ({ partner_id: partner, event_type: 'transaction', amount_cents: 700, category: 'idem', id });
    const first = await post('/api/ingest/events/batch', { events: [ev('e-1'), ev('e-2'), ev('e-1')] });
    assert.deepEqual(first.json(), { accepted: 2, partners: [p.id], duplicates: 1 });
    const retry = await post('/api/ingest/events/batch', { events: [ev('e-1'), ev('e-2'), ev('e-3'), ev('e-1', q.id)] });
    assert.deepEqual(retry.json(), { accepted: 2, partners: [p.id, q.id], duplicates: 2 });
    const single = await post('/api/ingest/event', ev('e-3'));
    assert.deepEqual(single.json(), { accepted: 0, partners: [p.id], duplicates: 1 });
    await applyPendingRollups(t.deps.database, t.deps.database.db);
    const sum = await t.deps.database.db
      .selectFrom('usage_event_daily')
      .select(['events', 'amount_cents'])
      .where('partner_id', '=', p.id)
      .where('category', '=', 'idem')
      .executeTakeFirstOrThrow();
    assert.deepEqual(sum, { events: 3, amount_cents: 2100 });
    // Still a duplicate 31 days later; accepted again after 32 days.
    clock.advance(31 * 86_400_000);
    assert.equal((await post('/api/ingest/event', ev('e-1'))).json().duplicates, 1);
    clock.advance(86_400_000 + 1);
    assert.equal((await post('/api/ingest/event', ev('e-1'))).json().accepted, 1);
    clock.set('2026-11-21T15:30:00.000Z');
  });
});

describe('platform ingest without a configured secret', () => {
  let t: TestApp;
  before(async () => {
    t = await buildTestApp({ env: { INGEST_SECRET: undefined } });
  });
  after(() => t.close());

  it('answers 503 on every route, whatever is sent', async () => {
    for (const [method, url] of [
      ['GET', '/api/ingest/ping'],
      ['POST', '/api/ingest/event'],
      ['POST', '/api/ingest/events/batch'],
    ] as const) {
      const res = await t.inject({ method, url, headers: SECRET, payload: method === 'POST' ? { events: [] } : undefined });
      assert.equal(res.statusCode, 503, url);
      assert.equal(typeof res.json().detail, 'string');
      const none = await t.inject({ method, url });
      assert.equal(none.statusCode, 503, url);
    }
  });
});

describe('ingest area in the OpenAPI document', () => {
  let t: TestApp;
  before(async () => {
    t = await buildTestApp();
  });
  after(() => t.close());

  it('lists every operation with its security, and the batch schema with its bounds', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/openapi.json' });
    assert.equal(res.statusCode, 200);
    const doc = res.json();
    const ops = new Map<string, { security?: unknown[]; tags?: string[] }>();
    for (const [p, methods] of Object.entries(doc.paths as Record<string, Record<string, { operationId?: string; security?: unknown[]; tags?: string[] }>>)) {
      for (const [m, op] of Object.entries(methods)) if (op.operationId) ops.set(op.operationId, { ...op, tags: [...(op.tags ?? []), `${m} ${p}`] });
    }
    const expected: Record<string, string> = {
      ingestUsageEvent: 'post /api/ingest/event',
      ingestUsageEventsBatch: 'post /api/ingest/events/batch',
      ingestPing: 'get /api/ingest/ping',
      partnerUsageDashboard: 'get /api/partners/me/usage',
      partnerUsageExport: 'get /api/partners/me/usage/export',
      adminUsageDashboard: 'get /api/admin/usage',
      adminPartnerUsage: 'get /api/admin/partners/{partner_id}/usage',
      adminUsageExport: 'get /api/admin/usage/export',
      adminSeedDemoUsage: 'post /api/admin/partners/{partner_id}/seed-demo',
    };
    for (const [id, where] of Object.entries(expected)) {
      const op = ops.get(id);
      assert.ok(op, id);
      assert.ok(op.tags!.includes(where), `${id} at ${where}`);
      assert.ok(op.security && op.security.length > 0, `${id} has security`);
    }
    const batch = doc.paths['/api/ingest/events/batch'].post.requestBody.content['application/json'].schema;
    const events = batch.properties?.events ?? doc.components?.schemas?.IngestBatch?.properties?.events;
    assert.equal(events.minItems, 1);
    assert.equal(events.maxItems, 500);
  });
});
