/**
 * The typed client recovers from 429 and 503 and throws what it cannot recover from as SvcApiError: against the
 * real server (a key at its rate limit) and against a local stub answering 503 with Retry-After. A call that may
 * not be repeated (a POST without an idempotency key) is never retried; sandbox transfers carry a key by default.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { createClient, paginate, SvcApiError } from '../../clients/typescript/src/index.js';

/** A fetch that records the status of every attempt. */
function countingFetch() {
  const seen: { method: string; path: string; status: number; idempotencyKey: string | null }[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    const req = new Request(input as Request, init);
    const res = await fetch(req);
    seen.push({ method: req.method, path: new URL(req.url).pathname, status: res.status, idempotencyKey: req.headers.get('idempotency-key') });
    return res;
  };
  return { seen, fetchImpl };
}

async function rejection(p: Promise<unknown>): Promise<SvcApiError> {
  const e = await p.then(() => null, (err: unknown) => err);
  assert.ok(e instanceof SvcApiError, `expected SvcApiError, got ${String(e)}`);
  return e;
}

describe('the typed client against a key at its rate limit', () => {
  let t: TestApp;
  let baseUrl: string;
  let p: TestPartner;
  before(async () => {
    t = await buildTestApp({ env: { RATE_LIMIT_PER_SECOND: '2' } });
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    p = await t.partner();
  });
  after(async () => t.close());

  it('waits out a 429 (Retry-After) and gets the answer; without retries the 429 is a typed error', async () => {
    const { seen, fetchImpl } = countingFetch();
    const client = createClient({ baseUrl, apiKey: p.testKey, fetch: fetchImpl });
    const started = Date.now();
    for (let i = 0; i < 5; i++) {
      const { data } = await client.GET('/api/v1/me');
      assert.equal(data?.id, p.id);
    }
    const limited = seen.filter((s) => s.status === 429);
    assert.ok(limited.length >= 1, `the key reached its limit: ${JSON.stringify(seen)}`);
    assert.equal(seen.filter((s) => s.status === 200).length, 5, 'every call got its answer');
    assert.ok(Date.now() - started >= 500, 'it waited before retrying');

    await new Promise((r) => setTimeout(r, 1100));
    const strict = createClient({ baseUrl, apiKey: p.testKey, retries: false });
    let error: SvcApiError | null = null;
    for (let i = 0; i < 5 && !error; i++) error = await strict.GET('/api/v1/me').then(() => null, (e: unknown) => (e instanceof SvcApiError ? e : Promise.reject(e)));
    assert.ok(error, 'a 429 without retries throws');
    assert.equal(error.status, 429);
    assert.equal(error.code, 'rate_limited');
    assert.ok(error.retryAfter !== null && error.retryAfter >= 1, String(error.retryAfter));
    assert.match(error.requestId ?? '', /\S/);
  });

  it('throws typed errors from the server: 422 with its validation errors, 401 with its code; paginate too', async () => {
    await new Promise((r) => setTimeout(r, 1100));
    const client = createClient({ baseUrl, apiKey: p.testKey, retries: false });
    const e = await rejection(client.POST('/api/v1/calculate/safe-to-spend', { body: { end_user_id: 'u', cash_balance: -1e13 } }));
    assert.equal(e.status, 422);
    assert.equal(e.code, 'validation_failed');
    assert.deepEqual(e.validationErrors.map((v) => v.loc), [['body', 'cash_balance']]);
    assert.match(e.detail, /cash_balance/);
    assert.match(e.requestId ?? '', /\S/);
    assert.equal(e.retryAfter, null);
    await new Promise((r) => setTimeout(r, 1100));
    // paginate: the list needs the ingest secret.
    const rows: unknown[] = [];
    const pe = await rejection(
      (async () => {
        for await (const row of paginate(client, '/api/v1/ingest/calculations', { limit: 10 })) rows.push(row);
      })(),
    );
    assert.equal(pe.status, 401);
    assert.equal(pe.code, 'missing_ingest_secret');
    assert.deepEqual(rows, []);
  });
});

interface Hit {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

describe('the typed client against a stub answering 503 with Retry-After', () => {
  let server: http.Server;
  let baseUrl: string;
  const hits: Hit[] = [];
  /** How the stub answers the n-th request (1-based) of the current test. */
  let answer: (n: number, hit: Hit) => { status: number; headers?: Record<string, string>; body?: unknown } = () => ({ status: 200, body: {} });
  before(async () => {
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const hit = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
        hits.push(hit);
        const a = answer(hits.length, hit);
        res.writeHead(a.status, { 'content-type': 'application/json', 'x-request-id': `req_${hits.length}`, ...(a.headers ?? {}) });
        res.end(JSON.stringify(a.body ?? {}));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((r) => server.close(() => r())));

  const unavailable = (retryAfter: string) => ({ status: 503, headers: { 'retry-after': retryAfter }, body: { detail: 'The database is briefly unavailable', code: 'database_unavailable' } });
  const reset = (a: typeof answer) => {
    hits.length = 0;
    answer = a;
  };

  it('retries a GET after Retry-After and returns the answer', async () => {
    reset((n) => (n === 1 ? unavailable('1') : { status: 200, body: { partner_id: 'ptr_1' } }));
    const client = createClient({ baseUrl, apiKey: 'svc_test_x' });
    const started = Date.now();
    const { data } = await client.GET('/api/v1/me');
    assert.deepEqual(data, { partner_id: 'ptr_1' });
    assert.equal(hits.length, 2);
    assert.ok(Date.now() - started >= 950, 'Retry-After: 1 was waited');
  });

  it('gives up after 2 retries by default, or as configured, with the last error typed', async () => {
    reset(() => unavailable('0'));
    const e = await rejection(createClient({ baseUrl, apiKey: 'k' }).GET('/api/v1/me'));
    assert.equal(hits.length, 3);
    assert.equal(e.status, 503);
    assert.equal(e.code, 'database_unavailable');
    assert.equal(e.detail, 'The database is briefly unavailable');
    assert.equal(e.retryAfter, 0);
    assert.equal(e.requestId, 'req_3');

    reset(() => unavailable('0'));
    await rejection(createClient({ baseUrl, apiKey: 'k', retries: { max: 1 } }).GET('/api/v1/me'));
    assert.equal(hits.length, 2);
    reset(() => unavailable('0'));
    await rejection(createClient({ baseUrl, apiKey: 'k', retries: false }).GET('/api/v1/me'));
    assert.equal(hits.length, 1);
  });

  it('does not wait longer than maxDelayMs (30 s by default): the error says when to come back', async () => {
    reset(() => unavailable('60'));
    const e = await rejection(createClient({ baseUrl, apiKey: 'k' }).GET('/api/v1/me'));
    assert.equal(hits.length, 1);
    assert.equal(e.retryAfter, 60);
    reset(() => unavailable('1'));
    await rejection(createClient({ baseUrl, apiKey: 'k', retries: { maxDelayMs: 100 } }).GET('/api/v1/me'));
    assert.equal(hits.length, 1);
    const date = new Date(Date.now() + 120_000).toUTCString();
    reset(() => ({ status: 429, headers: { 'retry-after': date }, body: { detail: 'Rate limit exceeded', code: 'rate_limited' } }));
    const d = await rejection(createClient({ baseUrl, apiKey: 'k' }).GET('/api/v1/me'));
    assert.equal(hits.length, 1);
    assert.ok(d.retryAfter !== null && d.retryAfter >= 118 && d.retryAfter <= 121, String(d.retryAfter));
  });

  it('never retries a POST or DELETE without an idempotency key', async () => {
    reset(() => unavailable('0'));
    const client = createClient({ baseUrl, apiKey: 'k', ingestSecret: 's' });
    const e = await rejection(client.POST('/api/v1/ingest', { body: { end_user_id: 'u', cash_balance: 1 } }));
    assert.equal(e.status, 503);
    assert.equal(hits.length, 1);
    assert.equal(hits[0].headers['idempotency-key'], undefined);
    reset(() => ({ status: 429, headers: { 'retry-after': '0' }, body: { detail: 'Rate limit exceeded', code: 'rate_limited' } }));
    await rejection(client.DELETE('/api/v1/webhooks'));
    assert.equal(hits.length, 1);
  });

  it('sends an Idempotency-Key on a sandbox transfer and retries it with the same key; keeps a key the caller gave', async () => {
    const ok = { status: 200, body: { transfer_id: 'tr_1', status: 'pending' } };
    reset((n) => (n === 1 ? unavailable('0') : ok));
    const client = createClient({ baseUrl, apiKey: 'k' });
    const body = { account_id: 'acc_1', amount_cents: 100, direction: 'debit' as const };
    await client.POST('/api/v1/transfers', { body });
    assert.equal(hits.length, 2);
    const key = hits[0].headers['idempotency-key'];
    assert.match(String(key), /^[0-9a-f-]{36}$/);
    assert.equal(hits[1].headers['idempotency-key'], key, 'the retry repeats the same key');
    assert.deepEqual(JSON.parse(hits[1].body), body, 'and the same body');

    reset((n) => (n === 1 ? unavailable('0') : ok));
    await client.POST('/api/v1/transfers', { params: { header: { 'idempotency-key': 'my-key-1' } }, body });
    assert.deepEqual(hits.map((h) => h.headers['idempotency-key']), ['my-key-1', 'my-key-1']);

    reset((n) => (n === 1 ? unavailable('0') : ok));
    await client.POST('/api/v1/transfers', { body: { ...body, idempotency_key: 'in-body' } });
    assert.equal(hits.length, 2, 'a key in the body makes it repeatable');
    assert.equal(hits[0].headers['idempotency-key'], undefined, 'no second key beside the body one');
  });

  it('paginate throws SvcApiError when a later page fails, after the items before it', async () => {
    reset((n) =>
      n === 1
        ? { status: 200, body: { items: [{ end_user_id: 'a' }], next_cursor: 'c2', count: 1 } }
        : { status: 500, body: { detail: 'Internal Server Error', code: 'internal_error' } },
    );
    const client = createClient({ baseUrl, apiKey: 'k', ingestSecret: 's' });
    const seen: string[] = [];
    const e = await rejection(
      (async () => {
        for await (const row of paginate(client, '/api/v1/ingest/calculations', { limit: 1 })) seen.push(row.end_user_id);
      })(),
    );
    assert.deepEqual(seen, ['a']);
    assert.equal(e.status, 500);
    assert.equal(e.code, 'internal_error');
    assert.equal(e.requestId, 'req_2');
    assert.match(hits[1].url, /cursor=c2/);
  });
});
