/**
 * The searchable request log: every partner-API request (key and portal session forms) is recorded through the
 * batching writer and read back by GET /api/v1/requests(/{request_id}), GET /api/partners/me/requests(/{request_id})
 * and GET /api/admin/partners/{partner_id}/requests(/{request_id}); filters, paging, isolation between partners and
 * environments, retention, erasure with the partner, and a log that never fails a request.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { buildTestApp, DIALECT, keyHeaders, TestClock, type TestApp, type TestPartner } from '../helpers/app.js';
import { runMaintenancePass } from '../../src/workers/maintenance.js';
import { insertRequestLogRows, requestLogPartitions } from '../../src/areas/request-log/repo.js';
import { PATH_SCAN_ROWS } from '../../src/areas/request-log/service.js';
import { PATH_SCAN_BLOCKS } from '../../src/areas/request-log/schemas.js';
import { preparedInsertsFor } from '../../src/db/bulk-insert.js';
import { RequestLogWriter } from '../../src/areas/request-log/writer.js';
import { BLOCK_ROWS, INLINE_BODY_ROWS } from '../../src/areas/request-log/blocks.js';
import { newId } from '../../src/lib/ids.js';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const T0 = Date.parse('2026-11-20T10:00:00.000Z');

describe('request log', () => {
  let t: TestApp;
  let p: TestPartner;
  let other: TestPartner;
  let token: string;
  let adminToken: string;
  const clock = new TestClock(T0);
  const calc = (headers: Record<string, string>, payload: unknown, extra: Record<string, string> = {}) =>
    t.inject({ method: 'POST', url: '/api/v1/calculate/safe-to-spend', headers: { ...headers, ...extra }, payload: payload as object });
  const list = (query: string, headers: Record<string, string> = keyHeaders(p)) => t.inject({ method: 'GET', url: `/api/v1/requests${query}`, headers });
  const flush = () => t.deps.requestLog.flush();
  /** The statements reading request_log_blocks while `fn` runs (on the service's instance and its index-ordered twin). */
  async function blockReads(fn: () => Promise<void>): Promise<number> {
    type Spied = { selectFrom: (...a: unknown[]) => unknown };
    const main = t.deps.database.db as unknown as Spied & { indexOrdered?: Spied };
    const spied = [main, main.indexOrdered].filter((x): x is Spied => x !== undefined);
    let reads = 0;
    for (const db of spied) {
      const selectFrom = db.selectFrom;
      db.selectFrom = function (this: unknown, ...a: unknown[]) {
        if (a[0] === 'request_log_blocks') reads++;
        return selectFrom.apply(this, a);
      };
    }
    try {
      await fn();
    } finally {
      for (const db of spied) delete (db as { selectFrom?: unknown }).selectFrom;
    }
    return reads;
  }

  before(async () => {
    t = await buildTestApp({ clock });
    p = await t.partner();
    other = await t.partner();
    token = await t.session('partner', p.id);
    adminToken = (await t.admin()).token;
  });
  after(() => t.close());

  it('finds a 422 by the X-Request-Id it answered with, through the key route and the portal route', async () => {
    const bad = await calc(keyHeaders(p), { end_user_id: 'u-422', cash_balance: 'lots' }, { 'user-agent': 'acme-client/1.0 ' + 'x'.repeat(400) });
    assert.equal(bad.statusCode, 422);
    const id = String(bad.headers['x-request-id']);
    assert.ok(id.length > 0);
    await flush();

    const byKey = await t.inject({ method: 'GET', url: `/api/v1/requests/${id}`, headers: keyHeaders(p) });
    assert.equal(byKey.statusCode, 200, byKey.body);
    const row = byKey.json();
    assert.equal(row.request_id, id);
    assert.equal(row.status, 422);
    assert.equal(row.error_code, bad.json().code);
    assert.ok(typeof row.error_detail === 'string' && row.error_detail.length > 0 && row.error_detail.length <= 500);
    assert.equal(row.method, 'POST');
    assert.equal(row.route, '/api/v1/calculate/safe-to-spend');
    assert.equal(row.path, '/api/v1/calculate/safe-to-spend');
    assert.equal(row.environment, 'test');
    assert.equal(row.credential, 'api_key');
    assert.match(row.key_id, /^key_/);
    assert.equal(row.user_agent.length, 200);
    assert.ok(row.user_agent.startsWith('acme-client/1.0'));
    assert.equal(typeof row.duration_ms, 'number');
    assert.equal(row.at, new Date(T0).toISOString());
    // The key itself is nowhere in the row.
    assert.ok(!JSON.stringify(row).includes(p.testKey));

    const byFilter = await list(`?request_id=${id}`);
    assert.equal(byFilter.statusCode, 200);
    assert.deepEqual(byFilter.json().items, [row]);

    const bySession = await t.inject({ method: 'GET', url: `/api/partners/me/requests/${id}?environment=test`, headers: bearer(token) });
    assert.equal(bySession.statusCode, 200, bySession.body);
    assert.deepEqual(bySession.json(), row);
    const sessionList = await t.inject({ method: 'GET', url: `/api/partners/me/requests?environment=test&status=422`, headers: bearer(token) });
    assert.equal(sessionList.statusCode, 200);
    assert.ok(sessionList.json().items.some((r: { request_id: string }) => r.request_id === id));
  });

  it("keeps the client's own X-Request-Id, masks credentials in the path, and records the portal's session forms", async () => {
    const mine = await calc(keyHeaders(p), { end_user_id: 'u-own', cash_balance: 5 }, { 'x-request-id': 'client-req-0001' });
    assert.equal(mine.statusCode, 200);
    // A key pasted into the query by mistake is masked.
    const leaked = await t.inject({ method: 'GET', url: `/api/v1/me?api_key=${p.testKey}`, headers: keyHeaders(p) });
    const session = await t.inject({ method: 'GET', url: '/api/partners/me/usage/current?environment=test', headers: bearer(token) });
    assert.equal(session.statusCode, 200, session.body);
    await flush();
    const got = (await t.inject({ method: 'GET', url: '/api/v1/requests/client-req-0001', headers: keyHeaders(p) })).json();
    assert.equal(got.status, 200);
    assert.equal(got.error_code, null);
    const masked = (await t.inject({ method: 'GET', url: `/api/v1/requests/${leaked.headers['x-request-id']}`, headers: keyHeaders(p) })).json();
    assert.ok(!masked.path.includes(p.testKey), masked.path);
    assert.match(masked.path, /\[redacted\]/);
    const s = (await t.inject({ method: 'GET', url: `/api/v1/requests/${session.headers['x-request-id']}`, headers: keyHeaders(p) })).json();
    assert.equal(s.credential, 'session');
    assert.equal(s.key_id, null);
    assert.equal(s.route, '/api/partners/me/usage/current');
  });

  it('filters by status, path, time and request id', async () => {
    clock.set(T0 + 3_600_000);
    const ok = await calc(keyHeaders(p), { end_user_id: 'filter-a', cash_balance: 1 });
    const notFound = await t.inject({ method: 'GET', url: '/api/v1/ingest/calculation/nobody-here', headers: keyHeaders(p, { secret: true }) });
    assert.equal(notFound.statusCode, 404);
    await flush();
    const ids = (r: { json(): { items: { request_id: string }[] } }) => r.json().items.map((x) => x.request_id);

    const twoxx = await list('?status=2xx&limit=100');
    assert.equal(twoxx.statusCode, 200);
    assert.ok(twoxx.json().items.every((r: { status: number }) => r.status >= 200 && r.status < 300));
    assert.ok(ids(twoxx).includes(String(ok.headers['x-request-id'])));
    const fourxx = await list('?status=4xx&limit=100');
    assert.ok(fourxx.json().items.every((r: { status: number }) => r.status >= 400 && r.status < 500));
    assert.ok(ids(fourxx).includes(String(notFound.headers['x-request-id'])));
    const exact = await list('?status=404');
    assert.deepEqual(ids(exact), [String(notFound.headers['x-request-id'])]);
    assert.equal(exact.json().items[0].error_code, notFound.json().code);

    // A prefix of the template, or of the logged path (which masks the end-user id).
    assert.deepEqual(ids(await list('?path=/api/v1/ingest/calculation/:user_id')), [String(notFound.headers['x-request-id'])]);
    assert.deepEqual(ids(await list('?path=/api/v1/ingest/calculation/[redacted]')), [String(notFound.headers['x-request-id'])]);
    assert.deepEqual(ids(await list('?path=/api/v1/ingest/calculation/nobody')), []);
    assert.deepEqual(ids(await list('?path=/api/v1/nothing-like-this')), []);

    const since = new Date(T0 + 3_600_000).toISOString();
    const recent = ids(await list(`?since=${since}&limit=100`));
    assert.ok(recent.includes(String(ok.headers['x-request-id'])));
    // The GET /api/v1/requests calls above are partner-API requests too: all of the last hour's rows are at T0+1h.
    const older = ids(await list(`?until=${since}&limit=100`));
    assert.ok(!older.includes(String(ok.headers['x-request-id'])));
    assert.ok(older.includes('client-req-0001'));
  });

  it('pages newest first with a cursor, without repeating or skipping a row', async () => {
    clock.set(T0 + 7_200_000);
    for (let i = 0; i < 7; i++) {
      clock.advance(1000);
      await calc(keyHeaders(p), { end_user_id: `page-${i}`, cash_balance: i }, { 'x-request-id': `page-${i}` });
    }
    await flush();
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const r = await list(`?path=/api/v1/calculate&since=${new Date(T0 + 7_200_000).toISOString()}&limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      assert.equal(r.statusCode, 200, r.body);
      const body = r.json();
      assert.ok(body.items.length <= 3);
      seen.push(...body.items.map((x: { request_id: string }) => x.request_id));
      cursor = body.next_cursor;
      pages++;
    } while (cursor && pages < 10);
    assert.deepEqual(seen, ['page-6', 'page-5', 'page-4', 'page-3', 'page-2', 'page-1', 'page-0']);
    assert.equal(pages, 3);
  });

  it("answers bad input with a 422 naming the field", async () => {
    for (const q of ['?status=abc', '?status=600', '?limit=101', '?limit=0', '?since=yesterday', '?cursor=not-a-cursor', `?since=2026-11-21&until=2026-11-20`]) {
      const r = await list(q);
      assert.equal(r.statusCode, 422, `${q}: ${r.body}`);
      assert.ok(r.json().detail, q);
    }
    const badId = await t.inject({ method: 'GET', url: '/api/v1/requests/has%20space', headers: keyHeaders(p) });
    assert.equal(badId.statusCode, 422);
  });

  it("never shows another partner's or another environment's requests", async () => {
    const theirs = await calc(keyHeaders(other), { end_user_id: 'theirs', cash_balance: 1 });
    const live = await calc(keyHeaders(p, { env: 'live' }), { end_user_id: 'live-one', cash_balance: 1 });
    await flush();
    const theirId = String(theirs.headers['x-request-id']);
    const liveId = String(live.headers['x-request-id']);
    assert.equal((await t.inject({ method: 'GET', url: `/api/v1/requests/${theirId}`, headers: keyHeaders(p) })).statusCode, 404);
    assert.deepEqual((await list(`?request_id=${theirId}`)).json().items, []);
    // The test key does not see the live key's request; the live key does.
    const notFromTest = await t.inject({ method: 'GET', url: `/api/v1/requests/${liveId}`, headers: keyHeaders(p) });
    assert.equal(notFromTest.statusCode, 404);
    assert.equal(notFromTest.json().code, 'not_found');
    assert.equal((await t.inject({ method: 'GET', url: `/api/v1/requests/${liveId}`, headers: keyHeaders(p, { env: 'live' }) })).statusCode, 200);
    // The portal reads the environment it asks for.
    assert.equal((await t.inject({ method: 'GET', url: `/api/partners/me/requests/${liveId}?environment=test`, headers: bearer(token) })).statusCode, 404);
    assert.equal((await t.inject({ method: 'GET', url: `/api/partners/me/requests/${liveId}?environment=live`, headers: bearer(token) })).statusCode, 200);
    assert.equal((await t.inject({ method: 'GET', url: `/api/partners/me/requests/${theirId}?environment=test`, headers: bearer(token) })).statusCode, 404);
    // The other partner sees its own.
    assert.equal((await t.inject({ method: 'GET', url: `/api/v1/requests/${theirId}`, headers: keyHeaders(other) })).statusCode, 200);
  });

  it('answers hostile reads of the blocks plainly: extreme cursors, ids of the service\'s layout at the ends of time, a long prefix of quotes and separators', async () => {
    const cursor = (at: number, id: string) => Buffer.from(JSON.stringify([at, id])).toString('base64url');
    for (const c of [cursor(Number.MAX_SAFE_INTEGER, ''), cursor(-Number.MAX_SAFE_INTEGER, 'zzz'), cursor(0, '\u2028"\\')]) {
      const r = await list(`?limit=100&cursor=${c}`);
      assert.equal(r.statusCode, 200, r.body);
      assert.ok(r.json().items.length <= 100);
    }
    for (const id of ['req_zzzzzzzzzzzzzzzzzzzzzzzzzz', 'req_00000000000000000000000000', `req_${'0'.repeat(26)}x`]) {
      const r = await t.inject({ method: 'GET', url: `/api/v1/requests/${id}`, headers: keyHeaders(p) });
      assert.equal(r.statusCode, 404, r.body);
      assert.equal(r.json().code, 'not_found');
      const byFilter = await list(`?request_id=${id}`);
      assert.equal(byFilter.statusCode, 200, byFilter.body);
      assert.deepEqual(byFilter.json().items, []);
    }
    const prefix = `/api/v1/"\\\u2028${'é:%_'.repeat(120)}`;
    const r = await list(`?path=${encodeURIComponent(prefix)}&status=2xx`);
    assert.equal(r.statusCode, 200, r.body);
    assert.deepEqual(r.json().items, []);
  });

  it('refuses missing and wrong credentials', async () => {
    assert.equal((await t.inject({ method: 'GET', url: '/api/v1/requests' })).statusCode, 401);
    assert.equal((await t.inject({ method: 'GET', url: '/api/v1/requests', headers: { 'x-api-key': 'sk_test_wrong' } })).statusCode, 401);
    assert.equal((await t.inject({ method: 'GET', url: '/api/partners/me/requests' })).statusCode, 401);
    // A partner session is not an administrator's.
    const asPartner = await t.inject({ method: 'GET', url: `/api/admin/partners/${p.id}/requests`, headers: bearer(token) });
    assert.ok([401, 403].includes(asPartner.statusCode), asPartner.body);
    // An administrator's session is not a partner's.
    const asAdmin = await t.inject({ method: 'GET', url: '/api/partners/me/requests', headers: bearer(adminToken) });
    assert.ok([401, 403].includes(asAdmin.statusCode), asAdmin.body);
  });

  it("shows a partner's requests in the console, by environment", async () => {
    const r = await t.inject({ method: 'GET', url: `/api/admin/partners/${p.id}/requests?environment=test&status=422`, headers: bearer(adminToken) });
    assert.equal(r.statusCode, 200, r.body);
    assert.ok(r.json().items.length >= 1);
    assert.ok(r.json().items.every((x: { status: number; environment: string }) => x.status === 422 && x.environment === 'test'));
    const one = r.json().items[0];
    const detail = await t.inject({ method: 'GET', url: `/api/admin/partners/${p.id}/requests/${one.request_id}?environment=test`, headers: bearer(adminToken) });
    assert.equal(detail.statusCode, 200);
    assert.equal(detail.json().request_id, one.request_id);
    assert.equal((await t.inject({ method: 'GET', url: `/api/admin/partners/prt_nobody/requests`, headers: bearer(adminToken) })).statusCode, 404);
    assert.equal((await t.inject({ method: 'GET', url: `/api/admin/partners/${p.id}/requests?environment=prod`, headers: bearer(adminToken) })).statusCode, 422);
  });

  it('never fails a request: a throwing writer, a database that refuses the batch, a full queue', async () => {
    const writer = t.deps.requestLog;
    const record = writer.record.bind(writer);
    writer.record = () => {
      throw new Error('request log broken');
    };
    try {
      assert.equal((await calc(keyHeaders(p), { end_user_id: 'still-answers', cash_balance: 1 })).statusCode, 200);
      assert.equal((await t.inject({ method: 'GET', url: '/api/v1/me', headers: keyHeaders(p) })).statusCode, 200);
    } finally {
      writer.record = record;
    }

    // The table gone (as a database refusing every insert): requests answer, the batch is dropped and counted.
    const db = t.deps.database.db;
    await sql`alter table request_log rename to request_log_away`.execute(db);
    try {
      assert.equal((await calc(keyHeaders(p), { end_user_id: 'db-refuses', cash_balance: 1 }, { 'x-request-id': 'lost-one' })).statusCode, 200);
      await flush();
      assert.equal(writer.pending(), 0);
    } finally {
      await sql`alter table request_log_away rename to request_log`.execute(db);
    }
    const metrics = await t.inject({ method: 'GET', url: '/metrics' });
    assert.match(metrics.body, /svc_request_log_dropped_total\{reason="error"\} [1-9]/);
    assert.equal((await t.inject({ method: 'GET', url: '/api/v1/requests/lost-one', headers: keyHeaders(p) })).statusCode, 404);

    // A full queue drops (and counts) rather than growing.
    const dropped: string[] = [];
    const small = new RequestLogWriter(t.deps.database, { requestLogDropped: (r) => void dropped.push(r), groupCommit: () => {} }, t.deps.log, { enabled: true, queueMax: 2, flushMs: 60_000 });
    const row = { id: 'rql_x', at: T0, partner_id: p.id, environment: 'test' as const, credential: 'api_key', key_id: null, request_id: 'q', method: 'GET', route: '/', path: '/', status: 200, status_class: 2, error_code: null, error_detail: null, duration_us: 1, client_ip: null, user_agent: null };
    small.record(row);
    small.record({ ...row, id: 'rql_y' });
    small.record({ ...row, id: 'rql_z' });
    assert.equal(small.pending(), 2);
    assert.deepEqual(dropped, ['overflow']);
    await small.stop();
  });

  it('finds a 2xx by the id the service made for it, which only its block holds', async () => {
    const ok = await calc(keyHeaders(p), { end_user_id: 'only-in-a-block', cash_balance: 5 });
    assert.equal(ok.statusCode, 200);
    const id = String(ok.headers['x-request-id']);
    assert.match(id, /^req_/);
    await flush();
    const single = await sql<{ n: number }>`select count(*) as n from request_log where request_id = ${id}`.execute(t.deps.database.db);
    assert.equal(Number(single.rows[0].n), 0);
    const one = await t.inject({ method: 'GET', url: `/api/v1/requests/${id}`, headers: keyHeaders(p) });
    assert.equal(one.statusCode, 200, one.body);
    assert.equal(one.json().request_id, id);
    assert.equal(one.json().status, 200);
    const listedById = await list(`?request_id=${id}`);
    assert.deepEqual(listedById.json().items.map((x: { request_id: string }) => x.request_id), [id]);
    // Another partner, or the other environment, does not see it.
    assert.equal((await t.inject({ method: 'GET', url: `/api/v1/requests/${id}`, headers: keyHeaders(other) })).statusCode, 404);
    assert.equal((await t.inject({ method: 'GET', url: `/api/v1/requests/${id}`, headers: keyHeaders(p, { env: 'live' }) })).statusCode, 404);
  });

  it('pages newest first across blocks that overlap in time (two processes writing side by side), without repeating or skipping a row', async () => {
    const q = await t.partner();
    const row = (n: number) => ({
      id: newId('rql', T0 + n), at: T0 + n, partner_id: q.id, environment: 'test' as const, credential: 'api_key', key_id: null, request_id: newId('req'),
      method: 'GET', route: '/api/v1/me', path: '/api/v1/me', status: 200, status_class: 2, error_code: null, error_detail: null, duration_us: 1,
      client_ip: null, user_agent: null,
    });
    const rows = Array.from({ length: 60 }, (_, n) => row(n));
    const prepared = preparedInsertsFor(t.deps.database);
    // Each process's batch is one block; the two blocks span the same minute.
    await insertRequestLogRows(t.deps.database, prepared, rows.filter((_, n) => n % 2 === 0));
    await insertRequestLogRows(t.deps.database, prepared, rows.filter((_, n) => n % 2 === 1));
    await insertRequestLogRows(t.deps.database, prepared, [row(25), row(25)].map((r, i) => ({ ...r, id: `${r.id}${i}` })));
    const expected = [...rows, ...[row(25), row(25)]].length;
    for (const filter of ['', '&status=2xx', '&path=/api/v1/me']) {
      let seen: { request_id: string; at: string; route: string }[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const r = await t.inject({ method: 'GET', url: `/api/v1/requests?limit=7${filter}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, headers: keyHeaders(q) });
        assert.equal(r.statusCode, 200, r.body);
        assert.ok(r.json().items.length <= 7);
        seen.push(...r.json().items);
        cursor = r.json().next_cursor;
      } while (cursor && ++pages < 30);
      // These reads are logged too (the writer flushes within 200 ms, so a slow walk may meet its own): only the
      // rows written above count.
      seen = seen.filter((x) => x.route === '/api/v1/me');
      assert.equal(seen.length, expected, filter);
      assert.equal(new Set(seen.map((x) => x.request_id)).size, expected, filter);
      const times = seen.map((x) => Date.parse(x.at));
      assert.deepEqual(times, [...times].sort((a, b) => b - a), filter);
      assert.equal(times[0], T0 + 59);
      assert.equal(times[times.length - 1], T0);
    }
  });

  it('a path search matches its prefix literally in the blocks: `%`, `_`, a backslash and a quote are plain characters', async () => {
    const q = await t.partner();
    const paths = ['/api/v1/x?q=50%25_a\\b"c', '/api/v1/x?q=50%25Xa\\b"c', '/api/v1/x?q=5'];
    // More rows than a block whose body comes with the walk: the database filters this one.
    const rows = [...paths, ...Array.from({ length: INLINE_BODY_ROWS }, (_, i) => `/api/v1/y/${i}`)].map((path, n) => ({
      id: newId('rql', T0 + n), at: T0 + n, partner_id: q.id, environment: 'test' as const, credential: 'api_key', key_id: null, request_id: newId('req'),
      method: 'GET', route: path.slice(0, 9), path, status: 200, status_class: 2, error_code: null, error_detail: null, duration_us: 1, client_ip: null, user_agent: null,
    }));
    await insertRequestLogRows(t.deps.database, preparedInsertsFor(t.deps.database), rows);
    const search = async (prefix: string) => {
      const r = await t.inject({ method: 'GET', url: `/api/v1/requests?path=${encodeURIComponent(prefix)}&limit=100`, headers: keyHeaders(q) });
      assert.equal(r.statusCode, 200, r.body);
      return r.json().items.map((x: { path: string }) => x.path);
    };
    assert.deepEqual(await search('/api/v1/x?q=50%25_a\\b"c'), [paths[0]]);
    assert.deepEqual(await search('/api/v1/x?q=50%25_'), [paths[0]]);
    assert.deepEqual(await search('/api/v1/x?q=50%'), [paths[1], paths[0]]);
    assert.deepEqual(await search('/api/v1/x?q=5_'), []);
    assert.deepEqual(await search('/api/v1/x?q=50%25_a\\b"d'), []);
    assert.deepEqual(await search('/api/v1/x'), [paths[2], paths[1], paths[0]]);
    const blocks = await sql<{ n: number }>`select row_count as n from request_log_blocks where partner_id = ${q.id}`.execute(t.deps.database.db);
    assert.deepEqual(blocks.rows.map((b) => Number(b.n)), [rows.length]);
  });

  it('a 2xx search reads a bounded window of the blocks and goes on from where it stopped', async () => {
    // A 2xx filter walks the blocks. An account whose newest PATH_SCAN_ROWS + a block's rows + 50 calls all failed,
    // after 10 that succeeded: the first page stops at its window (no item, a cursor), the next one finds the
    // successes; a 4xx filter (the rows kept one by one, through their status index) answers a full page at once.
    const q = await t.partner();
    const row = (n: number, status: number) => ({
      id: `rql_w${String(n).padStart(8, '0')}`, at: T0 + n, partner_id: q.id, environment: 'test' as const, credential: 'api_key',
      key_id: null, request_id: `win-${n}`, method: 'GET', route: '/api/v1/me', path: '/api/v1/me', status, status_class: Math.floor(status / 100),
      error_code: null, error_detail: null, duration_us: 1, client_ip: null, user_agent: null,
    });
    const rows = Array.from({ length: 10 + PATH_SCAN_ROWS + BLOCK_ROWS + 50 }, (_, n) => row(n, n < 10 ? 200 : 429));
    for (let i = 0; i < rows.length; i += 5_000) await insertRequestLogRows(t.deps.database, preparedInsertsFor(t.deps.database), rows.slice(i, i + 5_000));
    const get = (query: string) => t.inject({ method: 'GET', url: `/api/v1/requests${query}`, headers: keyHeaders(q) });

    const first = await get('?status=2xx&limit=100');
    assert.equal(first.statusCode, 200, first.body);
    assert.deepEqual(first.json().items, []);
    assert.ok(first.json().next_cursor);
    let items: { request_id: string; status: number }[] = [];
    let cursor: string | null = first.json().next_cursor;
    for (let i = 0; i < 3 && cursor && items.length === 0; i++) {
      const next = await get(`?status=2xx&limit=100&cursor=${encodeURIComponent(cursor)}`);
      assert.equal(next.statusCode, 200, next.body);
      items = next.json().items;
      cursor = next.json().next_cursor;
    }
    assert.deepEqual(items.map((x) => x.request_id), Array.from({ length: 10 }, (_, n) => `win-${9 - n}`));
    assert.ok(items.every((x) => x.status === 200));

    const failed = await get('?status=4xx&limit=100');
    assert.equal(failed.json().items.length, 100);
    assert.equal(failed.json().items[0].request_id, `win-${rows.length - 1}`);
  });

  it("a 2xx search over a quiet account's blocks (a request each) stops at its window of blocks too", async () => {
    // Requests a minute apart: each flush holds one, each block one row. PATH_SCAN_BLOCKS + 50 failures after 5
    // successes: the first page stops at the window (no item, a cursor), a later one finds the successes.
    const q = await t.partner();
    const row = (n: number, status: number) => ({
      id: `rql_b${String(n).padStart(8, '0')}`, at: T0 - 2 * 86_400_000 + n * 61_000, partner_id: q.id, environment: 'test' as const, credential: 'api_key',
      key_id: null, request_id: newId('req'), method: 'GET', route: '/api/v1/me', path: '/api/v1/me', status, status_class: Math.floor(status / 100),
      error_code: null, error_detail: null, duration_us: 1, client_ip: null, user_agent: null,
    });
    const rows = Array.from({ length: 5 + PATH_SCAN_BLOCKS + 50 }, (_, n) => row(n, n < 5 ? 200 : 429));
    await insertRequestLogRows(t.deps.database, preparedInsertsFor(t.deps.database), rows);
    const blocks = await sql<{ n: number }>`select count(*) as n from request_log_blocks where partner_id = ${q.id}`.execute(t.deps.database.db);
    assert.equal(Number(blocks.rows[0].n), rows.length);
    const get = (query: string) => t.inject({ method: 'GET', url: `/api/v1/requests${query}`, headers: keyHeaders(q) });
    const first = await get('?status=2xx&limit=100');
    assert.equal(first.statusCode, 200, first.body);
    assert.deepEqual(first.json().items, []);
    let cursor: string | null = first.json().next_cursor;
    assert.ok(cursor);
    let items: { request_id: string; status: number }[] = [];
    for (let i = 0; i < 3 && cursor && items.length === 0; i++) {
      const next = await get(`?status=2xx&limit=100&cursor=${encodeURIComponent(cursor)}`);
      assert.equal(next.statusCode, 200, next.body);
      items = next.json().items;
      cursor = next.json().next_cursor;
    }
    assert.deepEqual(items.map((x) => x.request_id), rows.slice(0, 5).reverse().map((r) => r.request_id));
  });

  it('a path search over blocks of a few dozen rows reads its window in a few reads, not one per hundred rows', async () => {
    // Requests 3.5 s apart: a block (at most a minute) holds 18. PATH_SCAN_ROWS + 1,000 of them, none on the path
    // searched: the first page reads its window and stops (no item, a cursor).
    const q = await t.partner();
    const rows = Array.from({ length: PATH_SCAN_ROWS + 1_000 }, (_, n) => ({
      id: `rql_p${String(n).padStart(8, '0')}`, at: T0 - 3 * 86_400_000 + n * 3_500, partner_id: q.id, environment: 'test' as const, credential: 'api_key',
      key_id: null, request_id: newId('req'), method: 'GET', route: '/api/v1/me', path: '/api/v1/me', status: 200, status_class: 2,
      error_code: null, error_detail: null, duration_us: 1, client_ip: null, user_agent: null,
    }));
    for (let i = 0; i < rows.length; i += 5_000) await insertRequestLogRows(t.deps.database, preparedInsertsFor(t.deps.database), rows.slice(i, i + 5_000));
    const reads = await blockReads(async () => {
      const r = await t.inject({ method: 'GET', url: '/api/v1/requests?path=/api/v1/nothing&limit=100', headers: keyHeaders(q) });
      assert.equal(r.statusCode, 200, r.body);
      assert.deepEqual(r.json().items, []);
      assert.ok(r.json().next_cursor);
    });
    assert.ok(reads > 0 && reads <= 30, `${reads} reads of the blocks`);
  });

  it("a page of a quiet account's blocks (a request each) is one read: their bodies come with the walk", async () => {
    const q = await t.partner();
    const rows = Array.from({ length: 300 }, (_, n) => ({
      id: `rql_q${String(n).padStart(8, '0')}`, at: T0 - 4 * 86_400_000 + n * 61_000, partner_id: q.id, environment: 'test' as const, credential: 'api_key',
      key_id: null, request_id: newId('req'), method: 'GET', route: '/api/v1/me', path: '/api/v1/me', status: 200, status_class: 2,
      error_code: null, error_detail: null, duration_us: 1, client_ip: null, user_agent: null,
    }));
    await insertRequestLogRows(t.deps.database, preparedInsertsFor(t.deps.database), rows);
    const reads = await blockReads(async () => {
      const r = await t.inject({ method: 'GET', url: '/api/v1/requests?limit=100', headers: keyHeaders(q) });
      assert.equal(r.statusCode, 200, r.body);
      assert.deepEqual(r.json().items.map((x: { request_id: string }) => x.request_id), rows.slice(-100).reverse().map((x) => x.request_id));
      assert.ok(r.json().next_cursor);
    });
    assert.equal(reads, 1);
  });

  it('a flush writes the rows waiting when it starts, then only full batches: rows recorded meanwhile wait for their timer', async () => {
    /** A writer of 10-row batches whose first write waits for `release`. */
    const held = () => {
      const batches: number[] = [];
      let release!: () => void;
      const writing = new Promise<void>((r) => (release = r));
      const writer = new RequestLogWriter(t.deps.database, { requestLogDropped: () => {}, groupCommit: () => {} }, t.deps.log, {
        enabled: true,
        batch: 10,
        flushMs: 60_000,
        write: async (rows) => {
          batches.push(rows.length);
          if (batches.length === 1) await writing;
        },
      });
      return { writer, batches, release };
    };
    const row = (n: number) => ({
      id: `rql_f${n}`, at: T0 + n, partner_id: 'ptr_x', environment: 'test' as const, credential: 'api_key', key_id: null, request_id: `f-${n}`,
      method: 'GET', route: '/api/v1/me', path: '/api/v1/me', status: 200, status_class: 2, error_code: null, error_detail: null, duration_us: 1,
      client_ip: null, user_agent: null,
    });
    const a = held();
    for (let n = 0; n < 3; n++) a.writer.record(row(n));
    const flushed = a.writer.flush();
    // Recorded while the first batch is being written: fewer than a batch, so they wait.
    for (let n = 3; n < 6; n++) a.writer.record(row(n));
    a.release();
    await flushed;
    assert.deepEqual(a.batches, [3]);
    assert.equal(a.writer.pending(), 3);
    // A full batch recorded during a write goes at once.
    const b = held();
    b.writer.record(row(0));
    const f2 = b.writer.flush();
    for (let n = 1; n <= 12; n++) b.writer.record(row(n));
    b.release();
    await f2;
    assert.deepEqual(b.batches, [1, 10]);
    assert.equal(b.writer.pending(), 2);
    await a.writer.stop();
    await b.writer.stop();
    assert.equal(a.writer.pending() + b.writer.pending(), 0);
  });

  it('SQLite: a batch waits for an open transaction, is all or nothing, and leaves the connection at synchronous = FULL', async (ctx) => {
    if (DIALECT !== 'sqlite') return ctx.skip('SQLite only: its batch is committed without waiting for the disk');
    const database = t.deps.database;
    const prepared = preparedInsertsFor(database);
    const q = await t.partner();
    const row = (n: number) => ({
      id: `rql_tx${n}`, at: T0 + n, partner_id: q.id, environment: 'test' as const, credential: 'api_key', key_id: null, request_id: `tx-${n}`,
      method: 'GET', route: '/api/v1/me', path: '/api/v1/me', status: 200, status_class: 2, error_code: null, error_detail: null, duration_us: 1,
      client_ip: null, user_agent: null,
    });
    const count = async () => Number((await sql<{ n: number }>`select count(*) as n from request_log where partner_id = ${q.id}`.execute(database.db)).rows[0].n);
    // Another transaction holds the only connection across an await and then rolls back: the batch waits its turn
    // rather than joining it, so the rollback takes none of its rows.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const other = database
      .tx(async (trx) => {
        await sql`select 1`.execute(trx);
        await held;
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    const write = insertRequestLogRows(database, prepared, [row(1)]);
    await new Promise((r) => setTimeout(r, 30));
    release();
    await other;
    await write;
    assert.equal(await count(), 1);
    assert.equal(database.sqlite!.pragma('synchronous', { simple: true }), 2);
    // A batch the database refuses is written not at all, and the setting is restored all the same.
    await assert.rejects(insertRequestLogRows(database, prepared, [row(2), { ...row(3), request_id: null as unknown as string }]));
    assert.equal(await count(), 1);
    assert.equal(database.sqlite!.pragma('synchronous', { simple: true }), 2);
  });

  it('erases the rows of a deleted partner', async () => {
    const gone = await t.partner();
    await calc(keyHeaders(gone), { end_user_id: 'g', cash_balance: 1 });
    await calc(keyHeaders(gone), { end_user_id: 'g', cash_balance: 'lots' });
    await flush();
    const db = t.deps.database.db;
    // Both requests are in blocks; the 422 is also kept one by one.
    const count = async () => ({
      blocks: Number((await sql<{ n: number }>`select coalesce(sum(row_count), 0) as n from request_log_blocks where partner_id = ${gone.id}`.execute(db)).rows[0].n),
      single: Number((await sql<{ n: number }>`select count(*) as n from request_log where partner_id = ${gone.id}`.execute(db)).rows[0].n),
    });
    assert.deepEqual(await count(), { blocks: 2, single: 1 });
    const del = await t.inject({ method: 'DELETE', url: `/api/admin/partners/${gone.id}`, headers: bearer(adminToken) });
    assert.equal(del.statusCode, 200, del.body);
    assert.equal(del.json().removed.request_log, 2);
    assert.deepEqual(await count(), { blocks: 0, single: 0 });
  });

  it('keeps REQUEST_LOG_RETENTION_DAYS days: the maintenance pass prunes (SQLite) or drops day partitions (PostgreSQL)', async () => {
    const before = await list('?limit=100');
    assert.ok(before.json().items.length > 0);
    // A first pass at T0 makes the day partitions (PostgreSQL) and moves T0's rows out of the default one.
    const first = await runMaintenancePass(t.deps);
    if (DIALECT === 'postgres') {
      for (const name of ['request_log_p20261120', 'request_log_blocks_p20261120']) assert.ok(first.partitions.created.includes(name), JSON.stringify(first.partitions));
      // Rows of days before (written by the tests above) have no day partition to go to; T0's day has left the default ones.
      const day = Date.parse('2026-11-20T00:00:00.000Z');
      const db = t.deps.database.db;
      const n = await sql<{ n: number }>`select count(*) as n from request_log_default where at >= ${day}`.execute(db);
      assert.equal(Number(n.rows[0].n), 0);
      const b = await sql<{ n: number }>`select count(*) as n from request_log_blocks_default where at_max >= ${day}`.execute(db);
      assert.equal(Number(b.rows[0].n), 0);
    }
    // Rows of today stay readable after the move.
    assert.equal((await t.inject({ method: 'GET', url: '/api/v1/requests/client-req-0001', headers: keyHeaders(p) })).statusCode, 200);

    clock.set(T0 + 31 * 86_400_000);
    const fresh = await calc(keyHeaders(p), { end_user_id: 'fresh', cash_balance: 1 });
    await flush();
    const pass = await runMaintenancePass(t.deps);
    if (DIALECT === 'postgres') {
      for (const name of ['request_log_p20261120', 'request_log_blocks_p20261120']) assert.ok(pass.partitions.dropped.includes(name), JSON.stringify(pass.partitions));
      const names = (await requestLogPartitions(t.deps.database)).map((x) => x.name);
      assert.ok(names.includes('request_log_p20261221') && !names.includes('request_log_p20261120'), names.join(','));
    } else {
      assert.ok(pass.pruned.request_log > 0);
    }
    const after = await list('?limit=100');
    assert.deepEqual(after.json().items.map((x: { request_id: string }) => x.request_id).filter((id: string) => id !== fresh.headers['x-request-id']).length <= 1, true);
    assert.equal((await t.inject({ method: 'GET', url: '/api/v1/requests/client-req-0001', headers: keyHeaders(p) })).statusCode, 404);
    assert.equal((await t.inject({ method: 'GET', url: `/api/v1/requests/${fresh.headers['x-request-id']}`, headers: keyHeaders(p) })).statusCode, 200);
  });
});

describe('request log off (REQUEST_LOG=off)', () => {
  let t: TestApp;
  before(async () => {
    t = await buildTestApp({ env: { REQUEST_LOG: 'off' } });
  });
  after(() => t.close());

  it('records nothing, and the reads answer an empty page', async () => {
    const p = await t.partner();
    const r = await t.inject({ method: 'GET', url: '/api/v1/me', headers: keyHeaders(p) });
    assert.equal(r.statusCode, 200);
    await t.deps.requestLog.flush();
    assert.equal(t.deps.requestLog.pending(), 0);
    const page = await t.inject({ method: 'GET', url: '/api/v1/requests', headers: keyHeaders(p) });
    assert.equal(page.statusCode, 200);
    assert.deepEqual(page.json(), { items: [], next_cursor: null });
  });
});
