import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from 'csv-parse/sync';
import { buildTestApp, keyHeaders, type TestApp, type TestPartner } from '../helpers/app.js';

describe('GET /api/v1/reports/webhooks.csv', () => {
  let t: TestApp;
  let p: TestPartner;
  const day = Date.parse('2026-03-10T12:00:00.000Z');
  before(async () => {
    // An export weighs several requests of the key's per-second limit (src/routes/partner-api/weights.ts): these read many in a second.
    t = await buildTestApp({ env: { RATE_LIMIT_PER_SECOND: '1000' } });
    p = await t.partner();
    const db = t.deps.database.db;
    await db
      .insertInto('webhook_events')
      .values({ id: 'evt_csv1', partner_id: p.id, environment: 'test', type: 'calculation.updated', ordering_key: 'u', payload: '{}', created_at: day, state: 'delivered', attempts: 3, next_attempt_at: day, locked_until: null })
      .execute();
    const base = { partner_id: p.id, environment: 'test' as const, event_id: 'evt_csv1', event_type: 'calculation.updated', endpoint_id: null, url: 'https://hooks.example/x', duration_ms: 12 };
    await db
      .insertInto('webhook_deliveries')
      .values([
        { ...base, id: 'whd_1', attempt: 1, status: 'failed', status_code: 500, error: 'HTTP 500', response_excerpt: '=HYPERLINK("http://evil","x")', created_at: day - 86_400_000, next_attempt_at: day },
        { ...base, id: 'whd_2', attempt: 2, status: 'failed', status_code: null, error: 'timeout after 15000 ms', response_excerpt: '+1,"quoted"\nline2', created_at: day, next_attempt_at: day + 5000 },
        { ...base, id: 'whd_3', attempt: 3, status: 'delivered', status_code: 200, error: null, response_excerpt: '@SUM(A1)', created_at: day + 86_400_000, next_attempt_at: null },
        { ...base, id: 'whd_live', environment: 'live', attempt: 1, status: 'delivered', status_code: 200, error: null, response_excerpt: null, created_at: day, next_attempt_at: null },
      ])
      .execute();
  });
  after(() => t.close());

  const get = (q = '', headers = keyHeaders(p)) => t.inject({ method: 'GET', url: `/api/v1/reports/webhooks.csv${q}`, headers });

  it('streams the log of the key’s environment as an attachment, newest first, formula cells neutralised', async () => {
    const res = await get();
    assert.equal(res.statusCode, 200);
    assert.match(res.headers['content-type'] as string, /^text\/csv/);
    assert.match(res.headers['content-disposition'] as string, /^attachment; filename="webhook-deliveries-test-\d{4}-\d{2}-\d{2}\.csv"$/);
    assert.ok(res.body.includes('\r\n'), 'CRLF records (RFC 4180)');
    const rows = parse(res.body, { columns: true }) as Record<string, string>[];
    assert.deepEqual(Object.keys(rows[0]), ['id', 'created_at', 'event_id', 'event_type', 'url', 'attempt', 'status', 'status_code', 'duration_ms', 'error', 'response_excerpt', 'next_attempt_at']);
    assert.deepEqual(rows.map((r) => r.id), ['whd_3', 'whd_2', 'whd_1']);
    assert.equal(rows[2].response_excerpt, `'=HYPERLINK("http://evil","x")`);
    assert.equal(rows[1].response_excerpt, `'+1,"quoted"\nline2`);
    assert.equal(rows[0].response_excerpt, `'@SUM(A1)`);
    assert.equal(rows[1].status_code, '');
    assert.equal(rows[1].next_attempt_at, new Date(day + 5000).toISOString());
    assert.equal(rows[0].attempt, '3');
    const live = parse((await get('', keyHeaders(p, { env: 'live' }))).body, { columns: true }) as Record<string, string>[];
    assert.deepEqual(live.map((r) => r.id), ['whd_live']);
    // Also on the reference path.
    assert.equal((await t.inject({ method: 'GET', url: '/v1/reports/webhooks.csv', headers: keyHeaders(p) })).statusCode, 200);
  });

  it('filters by since, until and status', async () => {
    const ids = async (q: string) => (parse((await get(q)).body, { columns: true }) as Record<string, string>[]).map((r) => r.id);
    assert.deepEqual(await ids('?status=delivered'), ['whd_3']);
    assert.deepEqual(await ids('?status=failed'), ['whd_2', 'whd_1']);
    assert.deepEqual(await ids('?since=2026-03-10'), ['whd_3', 'whd_2']);
    assert.deepEqual(await ids('?until=2026-03-10'), ['whd_2', 'whd_1'], 'a bare until date includes that day');
    assert.deepEqual(await ids('?since=2026-03-10T12:00:00Z&until=2026-03-10T12:00:00.001Z'), ['whd_2']);
    assert.deepEqual(await ids('?since=2026-03-10T00:00:00%2B02:00&until=2026-03-11&status=failed'), ['whd_2']);
    assert.deepEqual(await ids('?since=2030-01-01'), []);
  });

  it('422 on unreadable dates, an empty range or an unknown status', async () => {
    for (const [q, loc] of [
      ['?since=yesterday', 'since'],
      ['?until=2026-02-30', 'until'],
      ['?since=2026-03-11&until=2026-03-10', 'until'],
      ['?status=pending', 'status'],
      [`?since=${'9'.repeat(41)}`, 'since'],
    ] as const) {
      const res = await get(q);
      assert.equal(res.statusCode, 422, q);
      assert.deepEqual(res.json().detail[0].loc, ['query', loc]);
    }
  });

  it('pages through large logs', async () => {
    const q = await t.partner();
    const db = t.deps.database.db;
    await db
      .insertInto('webhook_events')
      .values({ id: 'evt_big', partner_id: q.id, environment: 'test', type: 'calculation.updated', ordering_key: null, payload: '{}', created_at: day, state: 'delivered', attempts: 1, next_attempt_at: day, locked_until: null })
      .execute();
    const rows = Array.from({ length: 1203 }, (_, i) => ({
      id: `whd_${String(i).padStart(5, '0')}`,
      partner_id: q.id,
      environment: 'test' as const,
      event_id: 'evt_big',
      event_type: 'calculation.updated',
      endpoint_id: null,
      url: 'https://hooks.example/x',
      attempt: 1,
      status: 'delivered',
      status_code: 200,
      duration_ms: 1,
      error: null,
      response_excerpt: null,
      created_at: day + Math.floor(i / 3),
      next_attempt_at: null,
    }));
    for (let i = 0; i < rows.length; i += 200) await db.insertInto('webhook_deliveries').values(rows.slice(i, i + 200)).execute();
    const out = parse((await get('', keyHeaders(q))).body, { columns: true }) as Record<string, string>[];
    assert.equal(out.length, 1203);
    assert.equal(new Set(out.map((r) => r.id)).size, 1203);
    assert.equal(out[0].id, 'whd_01202');
    assert.equal(out[1202].id, 'whd_00000');
  });
});
