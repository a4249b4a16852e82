/**
 * Every partner-API route is weighed from one table (src/routes/partner-api/weights.ts): the table and the routes
 * are equal (a route without a row is refused at registration), a costly route counts its weight against the
 * key's per-second limit (X-RateLimit-Remaining drops by it), and the bound on costly requests in progress
 * applies to every costly route, not only the /v1 transactions pages.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import Fastify from 'fastify';
import { buildTestApp, keyHeaders, TestClock, type TestApp } from '../helpers/app.js';
import { largestWeight, requestWeight, ROUTE_WEIGHTS, weighPartnerRoutes, weightOf, type RouteWeight } from '../../src/routes/partner-api/weights.js';

const LIMIT = 60;

/** A request of the route `METHOD /path` at its largest page, with a value in each path parameter. */
function largestRequest(key: string, w: RouteWeight): { method: string; url: string } {
  const [method, path] = key.split(' ');
  const url = path.replace(/:(\w+)/g, 'x-$1');
  if (typeof w === 'object' && 'param' in w) return { method, url: `${url}?user_id=u&${w.param}=${w.largest}` };
  return { method, url: url.includes('transactions') || url.includes('accounts') || url.includes('cashflow') ? `${url}?user_id=u` : url };
}

describe('route weights: one table for every partner-API route', () => {
  let t: TestApp;
  const clock = new TestClock(Date.parse('2026-11-21T12:00:00.250Z'));
  before(async () => {
    t = await buildTestApp({ clock, env: { RATE_LIMIT_PER_SECOND: String(LIMIT) } });
  });
  after(() => t.close());

  it('every row of the table is a route of the service, and every partner-API operation of the document has a row', async () => {
    for (const key of Object.keys(ROUTE_WEIGHTS)) {
      const [method, url] = key.split(' ');
      assert.ok(t.app.hasRoute({ method: method as 'GET', url }), `${key} is registered`);
    }
    const doc = (await t.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, { security?: Record<string, string[]>[] }>> };
    const partnerOps: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        if (!op.security?.some((s) => 'apiKey' in s)) continue;
        const route = `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`;
        partnerOps.push(route);
        assert.ok(route in ROUTE_WEIGHTS, `${route} has a row`);
        assert.ok(route.replace(' /api/v1/', ' /v1/') in ROUTE_WEIGHTS, `${route}'s /v1 form has a row`);
      }
    }
    assert.equal(Object.keys(ROUTE_WEIGHTS).length, 2 * partnerOps.length, 'the table holds the two forms of each operation, and nothing else');
  });

  it('a route added to the partner-API scope without a row is refused at registration', async () => {
    const app = Fastify();
    weighPartnerRoutes(app);
    app.get('/api/v1/me', async () => ({}));
    await assert.rejects(
      async () => {
        app.get('/api/v1/unweighed', async () => ({}));
        await app.ready();
      },
      /GET \/api\/v1\/unweighed: every partner-API route needs its weight in src\/routes\/partner-api\/weights\.ts/,
    );
    await app.close();
  });

  it('each costly route counts its weight against the key: X-RateLimit-Remaining drops by it', async () => {
    const costly = Object.entries(ROUTE_WEIGHTS).filter(([, w]) => largestWeight(w) > 1);
    assert.ok(costly.length >= 10, `the costly routes: ${costly.map(([k]) => k).join(', ')}`);
    assert.ok(costly.some(([k]) => k === 'GET /api/v1/transactions'), 'the /api/v1 transactions window is costly');
    for (const [key, w] of costly) {
      const p = await t.partner();
      const { method, url } = largestRequest(key, w);
      const query = Object.fromEntries(new URL(url, 'http://x').searchParams);
      const weight = Math.min(LIMIT, requestWeight(w, query));
      // Whatever the answer (a missing body is a 422, an unknown end-user a 404), the request was counted at its weight.
      const res = await t.inject({ method: method as 'GET', url, headers: keyHeaders(p, { secret: true }) });
      assert.notEqual(res.statusCode, 429, `${key}: ${res.body}`);
      assert.equal(res.headers['x-ratelimit-remaining'], String(LIMIT - weight), `${key} weighs ${weight}`);
      // The same second, the key's next cheap request sees what is left.
      const me = await t.inject({ method: 'GET', url: '/api/v1/me', headers: keyHeaders(p) });
      assert.equal(me.headers['x-ratelimit-remaining'], String(LIMIT - weight - 1), `${key}, then GET /api/v1/me`);
    }
  });

  it('POST /api/v1/ingest weighs by its body: an ordinary one counts one, the largest valid one more, and is costly', async () => {
    const w = ROUTE_WEIGHTS['POST /api/v1/ingest'];
    assert.ok(typeof w === 'object' && 'body' in w);
    const bills = Array.from({ length: 1000 }, (_, i) => ({ amount: 10 + (i % 50), due_in_days: i % 30, name: `bill ${i}` }));
    for (const [body, weight] of [
      [{ end_user_id: 'small', cash_balance: 2500, upcoming_bills: [{ amount: 1200, due_in_days: 5 }] }, 1],
      [{ end_user_id: 'large', cash_balance: 2500, upcoming_bills: bills }, w.weight],
    ] as const) {
      const p = await t.partner();
      const payload = JSON.stringify(body);
      const res = await t.inject({ method: 'POST', url: '/api/v1/ingest', headers: { ...keyHeaders(p, { secret: true }), 'content-type': 'application/json' }, payload });
      assert.equal(res.statusCode, 201, res.body);
      assert.equal(requestWeight(w, {}, { 'content-length': String(Buffer.byteLength(payload)) }), weight);
      assert.equal(res.headers['x-ratelimit-remaining'], String(LIMIT - weight), `${Buffer.byteLength(payload)} bytes weigh ${weight}`);
    }
  });

  it('a cheap route counts one', async () => {
    for (const key of ['GET /api/v1/me', 'POST /api/v1/calculate/safe-to-spend', 'GET /v1/webhooks'] as const) {
      assert.equal(ROUTE_WEIGHTS[key], 1);
      const p = await t.partner();
      const [method, url] = key.split(' ');
      const res = await t.inject({ method: method as 'GET', url, headers: keyHeaders(p, { secret: true }), payload: method === 'POST' ? { end_user_id: 'u' } : undefined });
      assert.equal(res.headers['x-ratelimit-remaining'], String(LIMIT - 1), key);
    }
  });
});

describe('the bound on costly requests in progress applies to every costly route', () => {
  let t: TestApp;
  before(async () => {
    t = await buildTestApp({ env: { RATE_LIMIT_PER_SECOND: '1000' } });
  });
  after(() => t.close());

  it('/api/v1/transactions windows sent at once by one key: those beyond the bound answer 429 costly_request_in_progress; another key is not refused', async () => {
    const bound = t.deps.config.keyCostlyInFlight;
    const w = requestWeight(ROUTE_WEIGHTS['GET /api/v1/transactions'], { limit: '100' });
    assert.ok(2 * w > bound, `two windows of 100 (${w} each) exceed the bound ${bound}`);
    const p = await t.partner();
    const q = await t.partner();
    const get = (partner: typeof p, i: number) =>
      t.inject({ method: 'GET', url: `/api/v1/transactions?user_id=burst-${i}&start_date=2020-01-01&limit=100`, headers: keyHeaders(partner) });
    const [mine, theirs] = await Promise.all([Promise.all([1, 2, 3, 4].map((i) => get(p, i))), get(q, 9)]);
    const served = mine.filter((r) => r.statusCode === 200);
    const refused = mine.filter((r) => r.statusCode === 429);
    assert.equal(served.length + refused.length, 4, mine.map((r) => `${r.statusCode} ${r.body.slice(0, 200)}`).join('\n'));
    assert.ok(served.length >= 1 && refused.length >= 1, mine.map((r) => r.statusCode).join(','));
    for (const r of refused) {
      assert.equal(r.json().code, 'costly_request_in_progress');
      assert.match(r.json().detail, /GET \/api\/v1\/transactions weighs/);
      assert.equal(r.headers['retry-after'], '1');
    }
    assert.equal(served[0].json().transactions.length, 100);
    assert.equal(theirs.statusCode, 200, 'the bound is per key');
    // Nothing stays held: one after another, each is served.
    for (const i of [5, 6]) assert.equal((await get(p, i)).statusCode, 200);
  });
});

describe("a key's costly requests are spread over its second", () => {
  let t: TestApp;
  const limit = 25;
  const T0 = Date.parse('2026-11-21T12:00:00.100Z');
  const clock = new TestClock(T0);
  before(async () => {
    // The service clock stands still: only the pacing, not a new window, lets the second page start.
    t = await buildTestApp({ clock, env: { RATE_LIMIT_PER_SECOND: String(limit) } });
  });
  after(() => t.close());

  it('the next costly request starts weight / limit seconds after the previous one began; a plain request of the key is not held back', async () => {
    const p = await t.partner();
    const w = weightOf('GET /v1/transactions', 'limit=500');
    const share = (w * 1000) / limit;
    assert.ok(2 * w + 1 <= limit, 'two pages and a calculation fit in the window');
    const page = (user: string) => t.inject({ method: 'GET', url: `/v1/transactions?user_id=${user}&since=2020-01-01&limit=500`, headers: keyHeaders(p) });
    // Measured from when the first page was sent: the pacing counts from when it began.
    const sent = performance.now();
    assert.equal((await page('first')).statusCode, 200);
    let pageAt = 0;
    let calcAt = 0;
    const second = page('second').then((r) => ((pageAt = performance.now() - sent), r));
    const calc = t
      .inject({ method: 'POST', url: '/api/v1/calculate/safe-to-spend', headers: keyHeaders(p), payload: { end_user_id: 'u' } })
      .then((r) => ((calcAt = performance.now() - sent), r));
    const [s2, c] = await Promise.all([second, calc]);
    assert.equal(s2.statusCode, 200, s2.body);
    assert.equal(c.statusCode, 200, c.body);
    assert.ok(pageAt >= share - 5, `the second page waited for its share of the key's second (${share} ms): answered after ${pageAt.toFixed(0)} ms`);
    assert.ok(calcAt < pageAt, `the calculation (${calcAt.toFixed(0)} ms) did not wait for the page (${pageAt.toFixed(0)} ms)`);
    // Another key's page is not paced by this key's.
    const q = await t.partner();
    const start = performance.now();
    assert.equal((await t.inject({ method: 'GET', url: '/v1/transactions?user_id=q&since=2020-01-01&limit=500', headers: keyHeaders(q) })).statusCode, 200);
    assert.ok(performance.now() - start < share, 'another key starts at once');
  });

  it('a service clock set back does not hold a key back (the pacing keeps real time)', async () => {
    const p = await t.partner();
    const page = (user: string) => t.inject({ method: 'GET', url: `/v1/transactions?user_id=${user}&since=2020-01-01&limit=500`, headers: keyHeaders(p) });
    clock.set(T0 + 86_400_000);
    assert.equal((await page('tomorrow')).statusCode, 200);
    clock.set(T0 + 2000);
    const answered = await Promise.race([page('today').then((r) => r.statusCode), new Promise((r) => setTimeout(() => r('no answer within 10 s'), 10_000))]);
    assert.equal(answered, 200);
  });
});
