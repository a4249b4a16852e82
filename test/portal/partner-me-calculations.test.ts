/** The session form of the cached-calculation list and its CSV: /api/partners/me/calculations, /reports/calculations.csv. */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from 'csv-parse/sync';
import { buildTestApp, keyHeaders, TestClock, type TestApp, type TestPartner } from '../helpers/app.js';
import { bearer, cookie, CROSS_SITE, keySession } from './helpers.js';

const LIST = '/api/partners/me/calculations';
const CSV = '/api/partners/me/reports/calculations.csv';

describe('cached calculations through a partner session', () => {
  let t: TestApp;
  let p: TestPartner;
  let s: Record<string, string>;
  const clock = new TestClock(Date.parse('2026-04-10T12:00:00.000Z'));
  before(async () => {
    t = await buildTestApp({ clock, env: { RATE_LIMIT_PER_SECOND: '100000' } });
    p = await t.partner();
    s = bearer(await t.session('partner', p.id));
    const ingest = async (env: 'test' | 'live', user: string) => {
      const r = await t.inject({ method: 'POST', url: '/api/v1/ingest', headers: keyHeaders(p, { env, secret: true }), payload: { end_user_id: user, cash_balance: 1200, user_email: `${user}@example.com` } });
      assert.equal(r.statusCode, 201, r.body);
      clock.advance(60_000);
    };
    for (const u of ['u1', 'u2', 'u3', 'u4', 'u5']) await ingest('test', u);
    await ingest('live', 'l1');
  });
  after(() => t.close());

  const keyList = (query = '', env: 'test' | 'live' = 'test') => t.inject({ method: 'GET', url: `/api/v1/ingest/calculations${query}`, headers: keyHeaders(p, { env, secret: true }) });

  it('lists what the key + secret API lists, page by page (same cursor)', async () => {
    const all = await t.inject({ method: 'GET', url: `${LIST}?environment=test`, headers: s });
    assert.equal(all.statusCode, 200, all.body);
    assert.match(all.headers['content-type'] as string, /^application\/json/);
    assert.deepEqual(all.json(), (await keyList()).json());
    assert.deepEqual(all.json().items.map((i: { end_user_id: string }) => i.end_user_id), ['u5', 'u4', 'u3', 'u2', 'u1']);
    assert.equal(all.json().next_cursor, null);

    const first = (await t.inject({ method: 'GET', url: `${LIST}?environment=test&limit=2`, headers: s })).json();
    assert.equal(first.count, 2);
    assert.ok(first.next_cursor);
    assert.deepEqual(first, (await keyList('?limit=2')).json());
    const second = (await t.inject({ method: 'GET', url: `${LIST}?environment=test&limit=2&cursor=${encodeURIComponent(first.next_cursor)}`, headers: s })).json();
    assert.deepEqual(second.items.map((i: { end_user_id: string }) => i.end_user_id), ['u3', 'u2']);
    assert.deepEqual(second, (await keyList(`?limit=2&cursor=${encodeURIComponent(first.next_cursor)}`)).json());

    // Default: live for a full session.
    const live = (await t.inject({ method: 'GET', url: LIST, headers: s })).json();
    assert.deepEqual(live.items.map((i: { end_user_id: string }) => i.end_user_id), ['l1']);
    assert.deepEqual(live, (await keyList('', 'live')).json());
  });

  it('calculations.csv is the key report of the same environment (range filters included)', async () => {
    for (const env of ['test', 'live'] as const) {
      const mine = await t.inject({ method: 'GET', url: `${CSV}?environment=${env}`, headers: s });
      assert.equal(mine.statusCode, 200, mine.body);
      assert.match(mine.headers['content-type'] as string, /^text\/csv/);
      const viaKey = await t.inject({ method: 'GET', url: '/api/v1/reports/calculations.csv', headers: keyHeaders(p, { env }) });
      assert.equal(mine.headers['content-disposition'], viaKey.headers['content-disposition']);
      assert.equal(mine.body, viaKey.body);
    }
    const rows = parse((await t.inject({ method: 'GET', url: `${CSV}?environment=test`, headers: s })).body, { columns: true }) as Record<string, string>[];
    assert.deepEqual(rows.map((r) => r.end_user_id), ['u1', 'u2', 'u3', 'u4', 'u5'], 'oldest first');
    const since = '2026-04-10T12:02:00Z';
    const ranged = await t.inject({ method: 'GET', url: `${CSV}?environment=test&since=${since}`, headers: s });
    assert.equal(ranged.body, (await t.inject({ method: 'GET', url: `/api/v1/reports/calculations.csv?since=${since}`, headers: keyHeaders(p) })).body);
    assert.equal((parse(ranged.body, { columns: true }) as unknown[]).length, 3);
  });

  it('a test-key session reads test only (live 403); no session 401; admin 403; a cross-site cookie read still answers (reads are not writes)', async () => {
    const k = bearer(await keySession(t, p.testKey));
    assert.deepEqual((await t.inject({ method: 'GET', url: LIST, headers: k })).json(), (await keyList()).json(), 'default: the key environment');
    for (const url of [`${LIST}?environment=live`, `${CSV}?environment=live`]) {
      const r = await t.inject({ method: 'GET', url, headers: k });
      assert.equal(r.statusCode, 403, url);
      assert.equal(r.json().code, 'environment_mismatch');
      assert.ok(!r.body.includes('l1'));
    }
    const adm = await t.admin();
    for (const url of [LIST, CSV]) {
      assert.equal((await t.inject({ method: 'GET', url })).json().code, 'session_required');
      assert.equal((await t.inject({ method: 'GET', url, headers: bearer(adm.token) })).json().code, 'forbidden');
      assert.equal((await t.inject({ method: 'GET', url, headers: keyHeaders(p, { secret: true }) })).statusCode, 401);
    }
    const token = await t.session('partner', p.id);
    assert.equal((await t.inject({ method: 'GET', url: `${LIST}?environment=test`, headers: { ...cookie(token), ...CROSS_SITE } })).statusCode, 200);
  });

  it('bad input is 422', async () => {
    for (const [url, loc] of [
      [`${LIST}?limit=0`, ['query', 'limit']],
      [`${LIST}?limit=501`, ['query', 'limit']],
      [`${LIST}?environment=production`, ['query', 'environment']],
      [`${LIST}?cursor=${'x'.repeat(201)}`, ['query', 'cursor']],
      [`${CSV}?since=not-a-date`, ['query', 'since']],
      [`${CSV}?until=2026-13-45`, ['query', 'until']],
    ] as const) {
      const r = await t.inject({ method: 'GET', url, headers: s });
      assert.equal(r.statusCode, 422, `${url}: ${r.body}`);
      assert.deepEqual(r.json().detail[0].loc, loc, r.body);
    }
    // A cursor that does not decode is a clear 4xx, as on the key version.
    const bad = await t.inject({ method: 'GET', url: `${LIST}?environment=test&cursor=garbage`, headers: s });
    const badKey = await keyList('?cursor=garbage');
    assert.equal(bad.statusCode, badKey.statusCode);
    assert.ok(bad.statusCode >= 400 && bad.statusCode < 500, bad.body);
  });
});
