/**
 * The request log keeps no end-user id: path parameters and query values that name an end user are masked in the
 * row (and in the one log line per request) when it is written, and so is every end-user id an error answer's
 * detail echoes. An erasure (DELETE /api/v1/ingest/user/{user_id}) then leaves nothing of the id in request_log,
 * whatever process recorded the rows.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { loggerOptions } from '../../src/deps.js';
import { randomBase62 } from '../../src/lib/crypto.js';
import { buildTestApp, keyHeaders, type TestApp, type TestPartner } from '../helpers/app.js';

interface Row {
  request_id: string;
  route: string;
  path: string;
  status: number;
  error_detail: string | null;
}

describe('request log: no end-user ids', () => {
  let t: TestApp;
  let p: TestPartner;
  const lines: string[] = [];

  before(async () => {
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    t = await buildTestApp({ log: pino(loggerOptions('info'), sink) as unknown as FastifyBaseLogger });
    p = await t.partner();
  });
  after(() => t.close());

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, secret = false) =>
    t.inject({ method, url, headers: keyHeaders(p, { secret }), ...(payload ? { payload } : {}) });
  const idOf = (r: { headers: Record<string, unknown> }) => String(r.headers['x-request-id']);
  /** Every row of the partner's test environment through GET /api/v1/requests, all pages. */
  async function listed(query = ''): Promise<Row[]> {
    const out: Row[] = [];
    let cursor: string | null = null;
    do {
      const r = await call('GET', `/api/v1/requests?limit=100${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      assert.equal(r.statusCode, 200, r.body);
      out.push(...r.json().items);
      cursor = r.json().next_cursor;
    } while (cursor);
    return out;
  }
  /** The partner's rows as stored: its blocks (bodies and all) and the rows kept one by one. */
  async function storedRows() {
    const db = t.deps.database.db;
    const blocks = await db.selectFrom('request_log_blocks').selectAll().where('partner_id', '=', p.id).execute();
    const single = await db.selectFrom('request_log').selectAll().where('partner_id', '=', p.id).execute();
    return { blocks, single };
  }

  it('a calculate, an ingest, a read and an erasure of an end user leave no row holding the id, listed or in the table', async () => {
    const user = `enduser-${randomBase62(10)}`;
    const enc = encodeURIComponent(user);
    const calc = await call('POST', '/api/v1/calculate/safe-to-spend', { end_user_id: user, cash_balance: 2500, upcoming_bills: [{ amount: 1200, due_in_days: 5 }], cash_buffer: 300 });
    assert.equal(calc.statusCode, 200, calc.body);
    const ingest = await call('POST', '/api/v1/ingest', { end_user_id: user, cash_balance: 2500 }, true);
    assert.equal(ingest.statusCode, 201, ingest.body);
    const read = await call('GET', `/api/v1/ingest/calculation/${enc}`, undefined, true);
    assert.equal(read.statusCode, 200, read.body);
    const erase = await call('DELETE', `/api/v1/ingest/user/${enc}`, undefined, true);
    assert.equal(erase.statusCode, 200, erase.body);
    // The answers that echo the id: the log must not.
    const gone = await call('GET', `/api/v1/ingest/calculation/${enc}`, undefined, true);
    assert.equal(gone.statusCode, 404);
    assert.ok(gone.body.includes(user), gone.body);
    const again = await call('DELETE', `/api/v1/ingest/user/${enc}`, undefined, true);
    assert.equal(again.statusCode, 404);
    assert.ok(again.body.includes(user), again.body);
    await t.deps.requestLog.flush();

    const rows = await listed();
    const mine = [calc, ingest, read, erase, gone, again].map(idOf);
    for (const id of mine) assert.ok(rows.some((r) => r.request_id === id), `row ${id} recorded`);
    for (const r of rows) assert.ok(!JSON.stringify(r).includes(user), JSON.stringify(r));

    const byId = new Map(rows.map((r) => [r.request_id, r]));
    // The route template still says which operation it was.
    assert.equal(byId.get(idOf(erase))?.route, '/api/v1/ingest/user/:user_id');
    assert.equal(byId.get(idOf(erase))?.path, '/api/v1/ingest/user/[redacted]');
    assert.equal(byId.get(idOf(read))?.path, '/api/v1/ingest/calculation/[redacted]');
    assert.equal(byId.get(idOf(gone))?.error_detail, "No cached calculation for end user '[redacted]'");
    assert.equal(byId.get(idOf(again))?.error_detail, "No stored data for end user '[redacted]'");

    // The tables themselves, read directly: every request is in a block, the 404s are also kept one by one.
    const { blocks, single } = await storedRows();
    assert.ok(blocks.reduce((n, b) => n + Number(b.row_count), 0) >= mine.length);
    assert.ok(single.length >= 2);
    for (const r of [...blocks, ...single]) assert.ok(!JSON.stringify(r).includes(user), JSON.stringify(r));

    // Nor does the one log line per request.
    const requestLines = lines.filter((l) => l.includes('"msg":"request"'));
    assert.ok(requestLines.some((l) => l.includes('/api/v1/ingest/user/[redacted]')));
    for (const l of requestLines) assert.ok(!l.includes(user), l);
  });

  it("masks end-user query values and the ids a 4xx detail echoes (text, a 422 item's input, JSON-escaped, cut), and the request log's own path search", async () => {
    const user = `q"u\\ser-${randomBase62(10)}`;
    const enc = encodeURIComponent(user);
    const long = `${user}${'x'.repeat(130)}`;
    const answers = [
      await call('GET', `/api/v1/accounts?user_id=${enc}`),
      await call('GET', `/api/v1/transactions?user_id=${enc}&start_date=not-a-date`),
      await call('GET', `/api/v1/insights/cashflow?user_id=${enc}&horizon_days=99999`),
      // 422 echoing the (too long) id as the item's input.
      await call('POST', '/api/v1/link/token/create', { user_id: long }),
      // 422 echoing the body (with the id, JSON-escaped) as the missing field's input.
      await call('POST', '/api/v1/accounts/link', { user_id: user }),
      await call('GET', `/api/v1/ingest/calculation/${enc}`, undefined, true),
      await call('GET', `/api/v1/requests?path=${encodeURIComponent(`/api/v1/ingest/calculation/${user}`)}`),
    ];
    assert.deepEqual(
      answers.map((a) => a.statusCode),
      [200, 422, 422, 422, 422, 404, 200],
    );
    for (const i of [3, 4, 5]) assert.ok(answers[i].body.includes(JSON.stringify(user).slice(1, -1)) || answers[i].body.includes(user), answers[i].body);
    await t.deps.requestLog.flush();

    const rows = await listed();
    const byId = new Map(rows.map((r) => [r.request_id, r]));
    for (const a of answers) assert.ok(byId.has(idOf(a)), `row ${idOf(a)} recorded`);
    const escaped = JSON.stringify(user).slice(1, -1);
    const tail = user.slice(5);
    for (const r of rows) {
      const text = JSON.stringify(r);
      for (const v of [user, escaped, enc, tail]) assert.ok(!text.includes(v), `${v} in ${text}`);
    }
    assert.equal(byId.get(idOf(answers[0]))?.path, '/api/v1/accounts?user_id=[redacted]');
    assert.equal(byId.get(idOf(answers[1]))?.path, '/api/v1/transactions?user_id=[redacted]&start_date=not-a-date');
    assert.match(byId.get(idOf(answers[1]))?.error_detail ?? '', /start_date/);
    assert.match(byId.get(idOf(answers[3]))?.error_detail ?? '', /string_too_long.*\[redacted\]/);
    assert.match(byId.get(idOf(answers[4]))?.error_detail ?? '', /"input":\{"user_id":"\[redacted\]"\}/);
    assert.equal(byId.get(idOf(answers[6]))?.path, '/api/v1/requests?path=[redacted]');
    const { blocks, single } = await storedRows();
    for (const r of [...blocks, ...single]) for (const v of [user, escaped, enc, tail]) assert.ok(!JSON.stringify(r).includes(v), JSON.stringify(r));
  });

  it('a request naming more end users than the mask searches one by one (a large batch) has its detail masked whole', async () => {
    const many = Array.from({ length: 5_000 }, (_, i) => ({ amount: 'not a number', user_id: `batch_user_${i}` }));
    const r = await call('POST', '/api/v1/calculate/safe-to-spend', { end_user_id: 'batch_user_0', cash_balance: 1, upcoming_bills: many });
    assert.ok(r.statusCode >= 400 && r.statusCode < 500, `${r.statusCode} ${r.body.slice(0, 200)}`);
    await t.deps.requestLog.flush();
    const row = (await listed()).find((x) => x.request_id === idOf(r));
    assert.ok(row, 'the request is logged');
    assert.ok(row.error_detail === null || row.error_detail === '[redacted]', String(row.error_detail));
    assert.ok(!JSON.stringify(row).includes('batch_user_'), JSON.stringify(row));
  });

  it('an id the mask itself contains masks the whole detail', async () => {
    const r = await call('DELETE', '/api/v1/ingest/user/e', undefined, true);
    assert.equal(r.statusCode, 404);
    await t.deps.requestLog.flush();
    const row = (await listed()).find((x) => x.request_id === idOf(r));
    assert.equal(row?.path, '/api/v1/ingest/user/[redacted]');
    assert.equal(row?.error_detail, '[redacted]');
  });

  it('the path filter finds rows by the route template and by the masked path, never by an id', async () => {
    const user = `filter-${randomBase62(10)}`;
    const r = await call('GET', `/api/v1/ingest/calculation/${user}`, undefined, true);
    assert.equal(r.statusCode, 404);
    await t.deps.requestLog.flush();
    const ids = async (prefix: string) => (await listed(`&path=${encodeURIComponent(prefix)}`)).map((x) => x.request_id);
    assert.ok((await ids('/api/v1/ingest/calculation/:user_id')).includes(idOf(r)));
    assert.ok((await ids('/api/v1/ingest/calculation/[redacted]')).includes(idOf(r)));
    assert.deepEqual(await ids(`/api/v1/ingest/calculation/${user}`), []);
  });
});
