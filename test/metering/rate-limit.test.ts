/** Rate limits: per key (default and per-partner override), headers on every answer, 429 and recovery, per address on public writes, Redis shared and Redis gone. */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import Fastify from 'fastify';
import { buildApp } from '../../src/app.js';
import { createDeps, createLogger } from '../../src/deps.js';
import { errorHandler } from '../../src/http/errors.js';
import { limiterFor, publicWriteLimit, PUBLIC_WRITE_LIMIT, RateLimiter, RateLimitHeaders } from '../../src/areas/metering/rate-limit.js';
import { loadConfig } from '../../src/config.js';
import { systemClock } from '../../src/lib/time.js';
import { buildTestApp, keyHeaders, TestClock, type TestApp, type TestPartner } from '../helpers/app.js';
import { testRedis } from '../helpers/redis.js';
import { startBlackHole, startProxy } from './tcp-proxy.js';

// A redis-server of this file's own (skipped, saying why, where none is installed): never the machine's.
const redis = await testRedis();
const REDIS = redis.url;
const calc = (t: { inject: TestApp['inject'] }, p: TestPartner, env: 'test' | 'live' = 'test', url = '/api/v1/calculate/safe-to-spend') =>
  t.inject({ method: 'POST', url, headers: keyHeaders(p, { env }), payload: { end_user_id: 'u' } });

function assertHeaders(res: { headers: Record<string, unknown> }, limit: number, remaining: number) {
  assert.equal(res.headers['x-ratelimit-limit'], String(limit));
  assert.equal(res.headers['x-ratelimit-remaining'], String(remaining));
  assert.match(String(res.headers['x-ratelimit-reset']), /^\d{10}$/);
  assert.equal(res.headers['ratelimit-policy'], `"default";q=${limit};w=1`);
  assert.equal(res.headers['ratelimit'], `"default";r=${remaining};t=1`);
}

describe('rate limits in memory', () => {
  let t: TestApp;
  const clock = new TestClock(Date.parse('2026-11-21T12:00:00.000Z'));
  before(async () => {
    t = await buildTestApp({ clock, env: { RATE_LIMIT_PER_SECOND: '5', USAGE_FLUSH_MS: '60000' } });
  });
  after(() => t.close());

  it('allows the limit per key and second, answers 429 after it, and recovers in the next second', async () => {
    clock.set('2026-11-21T12:00:00.000Z');
    const p = await t.partner();
    for (let i = 0; i < 5; i++) {
      const res = await calc(t, p);
      assert.equal(res.statusCode, 200);
      assertHeaders(res, 5, 4 - i);
      assert.equal(res.headers['x-ratelimit-reset'], String(Date.parse('2026-11-21T12:00:01.000Z') / 1000));
    }
    const over = await calc(t, p);
    assert.equal(over.statusCode, 429);
    assert.deepEqual(over.json(), { detail: 'Rate limit exceeded', code: 'rate_limited' });
    assert.equal(over.headers['retry-after'], '1');
    assertHeaders(over, 5, 0);
    // The other key of the same partner and another partner have their own budgets.
    assert.equal((await calc(t, p, 'live')).statusCode, 200);
    assert.equal((await calc(t, await t.partner())).statusCode, 200);
    clock.advance(999);
    assert.equal((await calc(t, p)).statusCode, 429, 'still the same second');
    clock.advance(1);
    const again = await calc(t, p);
    assert.equal(again.statusCode, 200);
    assertHeaders(again, 5, 4);
    assert.equal(again.headers['x-ratelimit-reset'], String(Date.parse('2026-11-21T12:00:02.000Z') / 1000), 'the reset moves with the window');
  });

  it('headers are exact for a large limit (an enterprise override)', async () => {
    clock.set('2026-11-21T14:00:00.000Z');
    const p = await t.partner();
    await t.deps.database.db.updateTable('partners').set({ rate_limit_per_second: 10_000 }).where('id', '=', p.id).execute();
    await t.deps.auth.invalidatePartner(p.id);
    for (let i = 0; i < 3; i++) assertHeaders(await calc(t, p), 10_000, 9_999 - i);
    // The default-limit key of another partner, in the same second, keeps its own values.
    assertHeaders(await calc(t, await t.partner()), 5, 4);
  });

  it('both path forms share one budget; a refused call is not counted as usage', async () => {
    clock.set('2026-11-21T13:00:00.000Z');
    const p = await t.partner();
    const codes: number[] = [];
    for (let i = 0; i < 8; i++) codes.push((await calc(t, p, 'live', i % 2 ? '/v1/calculate/safe-to-spend' : '/api/v1/calculate/safe-to-spend')).statusCode);
    assert.deepEqual(codes, [200, 200, 200, 200, 200, 429, 429, 429]);
    clock.advance(1000);
    const u = await t.inject({ method: 'GET', url: '/api/v1/usage', headers: keyHeaders(p, { env: 'live' }) });
    assert.equal(u.json().production.calls, 6, '5 allowed calculations + this GET');
  });

  it('puts the headers on error answers too (422, 404 of a key route) but not on unauthenticated ones', async () => {
    clock.set('2026-11-21T14:00:00.000Z');
    const p = await t.partner();
    const bad = await t.inject({ method: 'POST', url: '/api/v1/calculate/safe-to-spend', headers: keyHeaders(p), payload: { end_user_id: 5 } });
    assert.equal(bad.statusCode, 422);
    assertHeaders(bad, 5, 4);
    const missing = await t.inject({ method: 'GET', url: '/api/v1/ingest/calculation/nobody', headers: keyHeaders(p, { secret: true }) });
    assert.equal(missing.statusCode, 404);
    assertHeaders(missing, 5, 3);
    const anon = await t.inject({ method: 'GET', url: '/api/v1/usage' });
    assert.equal(anon.statusCode, 401);
    assert.equal(anon.headers['x-ratelimit-limit'], undefined);
  });

  it('honours the per-partner override (enterprise tiers)', async () => {
    clock.set('2026-11-21T15:00:00.000Z');
    const p = await t.partner({ tier: 'enterprise' });
    await t.deps.database.db.updateTable('partners').set({ rate_limit_per_second: 12 }).where('id', '=', p.id).execute();
    await t.deps.auth.invalidatePartner(p.id);
    let ok = 0;
    let last = await calc(t, p);
    for (let i = 0; i < 15; i++) {
      last = await calc(t, p);
      if (last.statusCode === 200) ok++;
    }
    assert.equal(ok + 1, 12);
    assert.equal(last.statusCode, 429);
    assert.equal(last.headers['x-ratelimit-limit'], '12');
    assert.equal(last.headers['ratelimit-policy'], '"default";q=12;w=1');
  });
});

describe('rate-limit headers', () => {
  it('are written straight into the header object Fastify keeps (not through reply.header), with exact values past the reused strings', async () => {
    const app = Fastify();
    const headers = new RateLimitHeaders('default', 1000);
    app.get('/h', async (request, reply) => {
      const q = request.query as { limit: string; remaining: string; ms: string };
      const now = Date.parse('2026-11-21T12:00:00.000Z');
      headers.set(reply, { allowed: true, limit: Number(q.limit), remaining: Number(q.remaining), resetAt: now + Number(q.ms), store: 'memory', now });
      return { ok: true };
    });
    try {
      const ask = (limit: number, remaining: number, ms = 1000) => app.inject({ url: `/h?limit=${limit}&remaining=${remaining}&ms=${ms}` });
      // The n-th request of a window, for n within and past the strings kept (the first 32,768 of a window).
      for (const [limit, remaining] of [
        [60, 59],
        [60, 0],
        [1_000_000, 999_999],
        [1_000_000, 1_000_000 - 32_767],
        [1_000_000, 1_000_000 - 32_768],
        [1_000_000, 5],
      ]) {
        const res = await ask(limit, remaining);
        assert.equal(res.statusCode, 200);
        assertHeaders(res, limit, remaining);
        // The same count again gives the same (reused) values.
        assertHeaders(await ask(limit, remaining), limit, remaining);
      }
      // A window with more than a second left (the public-write minute): the seconds are exact.
      const res = await ask(30, 12, 42_300);
      assert.equal(res.headers['ratelimit'], '"default";r=12;t=43');
      assert.equal(res.headers['ratelimit-policy'], '"default";q=30;w=1');
    } finally {
      await app.close();
    }
  });
});

describe('public write limit per client address', () => {
  const clock = new TestClock(Date.parse('2026-11-21T12:00:30.000Z'));
  let t: TestApp;
  let app: ReturnType<typeof Fastify>;
  before(async () => {
    t = await buildTestApp({ clock });
    app = Fastify({ trustProxy: true });
    app.setErrorHandler(errorHandler);
    app.post('/login', { onRequest: publicWriteLimit(t.deps, 'login') }, async () => ({ ok: true }));
    app.post('/contact', { onRequest: publicWriteLimit(t.deps, 'contact') }, async () => ({ ok: true }));
    await app.ready();
  });
  after(async () => {
    await app.close();
    await t.close();
  });

  it('limits each address and endpoint separately, for one minute', async () => {
    const from = (ip: string, url = '/login') => app.inject({ method: 'POST', url, remoteAddress: ip, payload: {} });
    for (let i = 0; i < PUBLIC_WRITE_LIMIT; i++) {
      const r = await from('10.0.0.1');
      assert.equal(r.statusCode, 200);
      assert.equal(r.headers['x-ratelimit-remaining'], String(PUBLIC_WRITE_LIMIT - 1 - i));
    }
    const over = await from('10.0.0.1');
    assert.equal(over.statusCode, 429);
    assert.deepEqual(over.json(), { detail: 'Rate limit exceeded', code: 'rate_limited' });
    assert.equal(over.headers['retry-after'], '30');
    assert.equal(over.headers['ratelimit-policy'], `"login";q=${PUBLIC_WRITE_LIMIT};w=60`);
    // Thirty seconds into the minute: the IETF header counts the seconds left, the legacy one names the window's end.
    assert.equal(over.headers['ratelimit'], '"login";r=0;t=30');
    assert.equal(over.headers['x-ratelimit-reset'], String(Date.parse('2026-11-21T12:01:00.000Z') / 1000));
    assert.equal((await from('10.0.0.2')).statusCode, 200, 'another address');
    assert.equal((await from('10.0.0.1', '/contact')).statusCode, 200, 'another endpoint');
    // Behind a proxy the client address comes from X-Forwarded-For (trustProxy).
    const fwd = await app.inject({ method: 'POST', url: '/login', remoteAddress: '10.9.9.9', headers: { 'x-forwarded-for': '10.0.0.1' }, payload: {} });
    assert.equal(fwd.statusCode, 429);
    clock.advance(30_000);
    const next = await from('10.0.0.1');
    assert.equal(next.statusCode, 200, 'next minute');
    assert.equal(next.headers['ratelimit'], `"login";r=${PUBLIC_WRITE_LIMIT - 1};t=60`);
    assert.equal(next.headers['x-ratelimit-reset'], String(Date.parse('2026-11-21T12:02:00.000Z') / 1000));
  });
});

describe('rate limits through Redis', { skip: redis.skip }, () => {
  it('two app instances share one budget', async () => {
    const clock = new TestClock(Date.now());
    const t = await buildTestApp({ clock, env: { REDIS_URL: REDIS, RATE_LIMIT_PER_SECOND: '6', USAGE_FLUSH_MS: '60000' } });
    const deps2 = createDeps(t.config, { clock, log: createLogger(t.config), poolSize: 2 });
    await deps2.start();
    const app2 = await buildApp(deps2);
    try {
      assert.ok(await limiterFor(t.deps).ready(), 'redis connected (instance 1)');
      assert.ok(await limiterFor(deps2).ready(), 'redis connected (instance 2)');
      const p = await t.partner();
      // Whole-window test: stay inside one second of the clock.
      clock.set(Math.floor(Date.now() / 1000) * 1000 + 5000);
      const codes: number[] = [];
      for (let i = 0; i < 10; i++) codes.push((await calc(i % 2 ? app2 : t, p)).statusCode);
      assert.deepEqual(codes, [200, 200, 200, 200, 200, 200, 429, 429, 429, 429]);
      clock.advance(1000);
      assert.equal((await calc(app2, p)).statusCode, 200);
      assert.equal((await calc(t, p)).statusCode, 200);
    } finally {
      await app2.close();
      await deps2.close();
      await t.close();
    }
  });

  it('REDIS_KEY_PREFIX: deployments sharing one Redis count apart, processes of one deployment together', async () => {
    const suffix = `${process.pid}-${Date.now()}`;
    const limiter = (prefix: string) => {
      const config = loadConfig({ DATA_DIR: '/tmp/unused', REDIS_URL: REDIS, REDIS_KEY_PREFIX: prefix });
      const l = new RateLimiter({ config, clock: systemClock, log: createLogger({ logLevel: 'silent' }) });
      l.start();
      return l;
    };
    const [one, sameDeployment, other] = [limiter(`ta-${suffix}:`), limiter(`ta-${suffix}:`), limiter(`tb-${suffix}:`)];
    try {
      for (const l of [one, sameDeployment, other]) assert.ok(await l.ready(), 'redis connected');
      // A window of a minute: the three hits below fall in one window unless a minute boundary passes in between.
      const hit = async (l: RateLimiter) => (await l.hit('ip:login:203.0.113.9', 2, 60_000)).remaining;
      let counts: number[] = [];
      for (let attempt = 0; attempt < 2; attempt++) {
        const start = Math.floor(Date.now() / 60_000);
        counts = [await hit(one), await hit(sameDeployment), await hit(other)];
        if (Math.floor(Date.now() / 60_000) === start) break;
      }
      assert.deepEqual(counts, [1, 0, 1], 'the same prefix shares the budget, another prefix has its own');
      assert.equal(one.prefix, `ta-${suffix}:rl:`);
    } finally {
      for (const l of [one, sameDeployment, other]) await l.close();
    }
  });

  it('falls back to the process count when Redis goes away, without a 500 or a hang, and uses Redis again when it is back', async () => {
    const proxy = await startProxy(Number(new URL(REDIS).port));
    const clock = new TestClock(Math.floor(Date.now() / 1000) * 1000 + 10_000);
    const t = await buildTestApp({ clock, env: { REDIS_URL: `redis://127.0.0.1:${proxy.port}`, RATE_LIMIT_PER_SECOND: '3', USAGE_FLUSH_MS: '60000' } });
    try {
      const limiter = limiterFor(t.deps);
      assert.ok(await limiter.ready());
      const p = await t.partner();
      assert.equal((await calc(t, p)).statusCode, 200);
      assert.equal(limiter.usingRedis, true);

      await proxy.down();
      clock.advance(1000);
      const started = Date.now();
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) codes.push((await calc(t, p)).statusCode);
      assert.ok(Date.now() - started < 2000, `answers stay fast: ${Date.now() - started} ms`);
      assert.deepEqual(codes, [200, 200, 200, 429, 429], 'still limited, in memory');
      assert.equal(limiter.usingRedis, false);

      await proxy.up();
      assert.ok(await limiter.ready(5000), 'reconnected');
      clock.advance(1000);
      assert.equal((await calc(t, p)).statusCode, 200);
      assert.equal(limiter.usingRedis, true);
    } finally {
      await t.close();
      await proxy.close();
    }
  });

});

describe('rate limits with a Redis that is not there', () => {
  it('a Redis that never answers, or a closed port, never delays or breaks a request', async () => {
    const hole = await startBlackHole();
    for (const url of [`redis://127.0.0.1:${hole.port}`, 'redis://127.0.0.1:1']) {
      const t = await buildTestApp({ env: { REDIS_URL: url, RATE_LIMIT_PER_SECOND: '1000', USAGE_FLUSH_MS: '60000' } });
      try {
        const p = await t.partner();
        const started = Date.now();
        for (let i = 0; i < 5; i++) {
          const r = await calc(t, p);
          assert.equal(r.statusCode, 200, url);
          assert.equal(r.headers['x-ratelimit-limit'], '1000');
        }
        assert.ok(Date.now() - started < 1500, `${url}: ${Date.now() - started} ms`);
      } finally {
        await t.close();
      }
    }
    await hole.close();
  });
});
