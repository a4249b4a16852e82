/**
 * The failed-credential budget of a client address: wrong API keys, wrong partner ingest secrets and wrong
 * platform secrets share it (20 per window of 60 s by default); the failure that spends it answers 401, then
 * every request of that address with one of these credentials answers 429 `too_many_failed_credentials` with
 * Retry-After until the window ends, a valid credential included. Other addresses are unaffected.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app.js';
import type { Deps } from '../../src/context.js';
import { createDeps, createLogger } from '../../src/deps.js';
import { addressKey } from '../../src/http/credential-budget.js';
import { buildTestApp, keyHeaders, PLATFORM_SECRET, TestClock, type TestApp, type TestPartner } from '../helpers/app.js';
import { testRedis } from '../helpers/redis.js';

// A redis-server of this file's own (skipped, saying why, where none is installed): never the machine's.
const redis = await testRedis();

const LIMIT = 20;
const WINDOW_S = 60;

function expectLocked(r: LightMyRequestResponse, retryAfter: number, what: string): void {
  assert.equal(r.statusCode, 429, `${what}: ${r.body}`);
  assert.deepEqual(Object.keys(r.json()).sort(), ['code', 'detail'], what);
  assert.equal(r.json().code, 'too_many_failed_credentials', what);
  assert.match(r.json().detail, /wrong API key or secret/, what);
  assert.equal(r.headers['retry-after'], String(retryAfter), what);
}

describe('failed-credential budget per client address (defaults)', () => {
  let t: TestApp;
  let p: TestPartner;
  const clock = new TestClock(Date.parse('2026-04-01T08:00:00.000Z'));
  before(async () => {
    // The key's own per-second limit stays out of the way: the test clock does not move by itself.
    t = await buildTestApp({ clock, env: { RATE_LIMIT_PER_SECOND: '100000' } });
    p = await t.partner();
  });
  after(() => t.close());

  const me = (key: string, remoteAddress: string) => t.inject({ method: 'GET', url: '/api/v1/me', headers: { 'x-api-key': key }, remoteAddress });
  const ingest = (secret: string, remoteAddress: string) =>
    t.inject({
      method: 'POST',
      url: '/api/v1/ingest',
      headers: { ...keyHeaders(p), 'x-service-ingest-secret': secret },
      payload: { end_user_id: 'u1', cash_balance: 10 },
      remoteAddress,
    });
  const ping = (secret: string, remoteAddress: string) =>
    t.inject({ method: 'GET', url: '/api/ingest/ping', headers: { 'x-service-ingest-secret': secret }, remoteAddress });

  it('wrong API keys: 20 answer 401, then the address gets 429 with Retry-After, a valid key included; other addresses are unaffected', async () => {
    const attacker = '203.0.113.10';
    for (let i = 0; i < LIMIT; i++) {
      const r = await me(`svc_live_guess${String(i).padStart(24, '0')}`, attacker);
      assert.equal(r.statusCode, 401, `guess ${i + 1}: ${r.body}`);
      assert.equal(r.json().code, 'invalid_api_key');
    }
    expectLocked(await me('svc_live_guess-after-the-budget-0000', attacker), WINDOW_S, 'the next guess');
    // A right guess inside the lock is refused the same way: the lock tells nothing about the key.
    expectLocked(await me(p.testKey, attacker), WINDOW_S, 'a valid key from the locked address');
    expectLocked(await ingest(p.ingestSecret, attacker), WINDOW_S, 'a valid key and secret from the locked address');
    expectLocked(await ping(PLATFORM_SECRET, attacker), WINDOW_S, 'the platform secret from the locked address');
    // Another address: its valid key works, its wrong key is its own first failure.
    assert.equal((await me(p.testKey, '203.0.113.11')).statusCode, 200);
    assert.equal((await me('svc_test_other-address-guess-0000', '203.0.113.11')).statusCode, 401);
    assert.equal((await ping(PLATFORM_SECRET, '203.0.113.11')).statusCode, 200);
    // A request without a credential is not a guess: it is neither counted nor refused.
    const none = await t.inject({ method: 'GET', url: '/api/v1/me', remoteAddress: attacker });
    assert.equal(none.statusCode, 401);
    assert.equal(none.json().code, 'missing_api_key');

    // The lock lasts until the window that the first failure opened ends.
    clock.advance((WINDOW_S - 1) * 1000);
    expectLocked(await me(p.testKey, attacker), 1, 'the last second of the window');
    clock.advance(1000);
    assert.equal((await me(p.testKey, attacker)).statusCode, 200, 'the budget is back after the window');
    // A new window: 20 more failures before the next lock.
    for (let i = 0; i < LIMIT; i++) assert.equal((await me(`svc_test_again${i}`, attacker)).statusCode, 401, `again ${i + 1}`);
    expectLocked(await me(p.testKey, attacker), WINDOW_S, 'locked again');
    clock.advance(WINDOW_S * 1000);
  });

  it('wrong ingest secrets count against the address (with a valid key); the right secret from another address works', async () => {
    const client = '198.51.100.20';
    for (let i = 0; i < LIMIT; i++) {
      const r = await ingest(`svc_ingest_wrong${i}`, client);
      assert.equal(r.statusCode, 401, `wrong secret ${i + 1}: ${r.body}`);
      assert.equal(r.json().code, 'invalid_ingest_secret');
    }
    expectLocked(await ingest(p.ingestSecret, client), WINDOW_S, 'the right secret from the locked address');
    expectLocked(await me(p.testKey, client), WINDOW_S, 'a key-only call from the locked address');
    assert.equal((await ingest(p.ingestSecret, '198.51.100.21')).statusCode, 201);
    // A missing secret is not counted.
    const missing = await t.inject({ method: 'GET', url: '/api/v1/webhooks', headers: keyHeaders(p), remoteAddress: '198.51.100.22' });
    assert.equal(missing.statusCode, 401);
    assert.equal(missing.json().code, 'missing_ingest_secret');
    clock.advance(WINDOW_S * 1000);
    assert.equal((await ingest(p.ingestSecret, client)).statusCode, 201, 'the budget is back after the window');
  });

  it('wrong platform secrets (INGEST_SECRET) count too; valid ones from elsewhere pass', async () => {
    const client = '192.0.2.30';
    for (let i = 0; i < LIMIT; i++) {
      const r = await ping(`not-the-platform-secret-${i}`, client);
      assert.equal(r.statusCode, 401, `wrong platform secret ${i + 1}: ${r.body}`);
      assert.equal(r.json().code, 'invalid_ingest_secret');
    }
    expectLocked(await ping(PLATFORM_SECRET, client), WINDOW_S, 'the platform secret from the locked address');
    const bearer = await t.inject({ method: 'GET', url: '/api/ingest/ping', headers: { authorization: `Bearer ${PLATFORM_SECRET}` }, remoteAddress: client });
    expectLocked(bearer, WINDOW_S, 'the platform secret as Bearer from the locked address');
    assert.equal((await ping(PLATFORM_SECRET, '192.0.2.31')).statusCode, 200);
    clock.advance(WINDOW_S * 1000);
    assert.equal((await ping(PLATFORM_SECRET, client)).statusCode, 200);
  });

  it('every kind of failure shares one budget; valid credentials never use it up', async () => {
    const client = '192.0.2.40';
    // Valid credentials cost nothing.
    for (let i = 0; i < 3 * LIMIT; i++) assert.equal((await me(p.testKey, client)).statusCode, 200);
    for (let i = 0; i < 7; i++) assert.equal((await me(`svc_test_mixed${i}`, client)).statusCode, 401);
    for (let i = 0; i < 7; i++) assert.equal((await ingest(`svc_ingest_mixed${i}`, client)).statusCode, 401);
    // A valid request between failures gives nothing back.
    assert.equal((await me(p.testKey, client)).statusCode, 200);
    for (let i = 0; i < 6; i++) assert.equal((await ping(`mixed-platform-guess-${i}`, client)).statusCode, 401);
    expectLocked(await me(p.testKey, client), WINDOW_S, 'after 20 failures of three kinds');
    clock.advance(WINDOW_S * 1000);
  });

  it('the window starts at the first failure: failures spread wider than a window never lock', async () => {
    const client = '192.0.2.50';
    for (let i = 0; i < 3 * LIMIT; i++) {
      assert.equal((await me(`svc_test_slow${i}`, client)).statusCode, 401, `slow guess ${i + 1}`);
      clock.advance(4000);
    }
  });
});

describe('failed-credential budget: configured limit and window, behind a trusted proxy', () => {
  let t: TestApp;
  let p: TestPartner;
  const clock = new TestClock(Date.parse('2026-04-01T09:00:00.000Z'));
  const proxy = '10.30.0.5';
  before(async () => {
    t = await buildTestApp({ clock, env: { CREDENTIAL_FAILURE_LIMIT: '3', CREDENTIAL_FAILURE_WINDOW_SECONDS: '10', TRUST_PROXY: proxy } });
    p = await t.partner();
  });
  after(() => t.close());

  const me = (key: string, forwarded: string) =>
    t.inject({ method: 'GET', url: '/api/v1/me', headers: { 'x-api-key': key, 'x-forwarded-for': forwarded }, remoteAddress: proxy });

  it('counts the forwarded client, not the proxy: one client is locked, the others behind the same proxy are not', async () => {
    for (let i = 0; i < 3; i++) assert.equal((await me(`svc_test_proxied${i}`, '203.0.113.60')).statusCode, 401);
    clock.advance(2500);
    expectLocked(await me(p.testKey, '203.0.113.60'), 8, 'the locked client behind the proxy');
    assert.equal((await me(p.testKey, '203.0.113.61')).statusCode, 200, 'another client behind the same proxy');
    clock.advance(7500);
    assert.equal((await me(p.testKey, '203.0.113.60')).statusCode, 200, 'after the configured window');
  });
});

describe('failed-credential budget: IPv6 clients are counted by their /64', () => {
  let t: TestApp;
  let p: TestPartner;
  const clock = new TestClock(Date.parse('2026-04-01T10:00:00.000Z'));
  before(async () => {
    t = await buildTestApp({ clock, env: { CREDENTIAL_FAILURE_LIMIT: '4', RATE_LIMIT_PER_SECOND: '100000' } });
    p = await t.partner();
  });
  after(() => t.close());

  const me = (key: string, remoteAddress: string) => t.inject({ method: 'GET', url: '/api/v1/me', headers: { 'x-api-key': key }, remoteAddress });

  it('the unit of an address', () => {
    assert.equal(addressKey('203.0.113.7'), '203.0.113.7');
    assert.equal(addressKey('::ffff:203.0.113.7'), '203.0.113.7', 'an IPv4-mapped address is its IPv4 address');
    assert.equal(addressKey('2001:db8:aa:bb:1:2:3:4'), '2001:db8:aa:bb::/64');
    assert.equal(addressKey('2001:0db8:00aa:00bb::9'), '2001:db8:aa:bb::/64', 'spelled another way, the same /64');
    assert.equal(addressKey('2001:db8::1'), '2001:db8:0:0::/64');
    assert.equal(addressKey('not an address'), 'not an address');
  });

  it('guesses from many addresses of one /64 share one budget; another /64 is unaffected', async () => {
    for (let i = 0; i < 4; i++) assert.equal((await me(`svc_test_v6guess${i}`, `2001:db8:1:2::${(i + 1).toString(16)}`)).statusCode, 401);
    expectLocked(await me(p.testKey, '2001:db8:1:2:ffff:ffff:ffff:ffff'), WINDOW_S, 'another address of the same /64');
    assert.equal((await me(p.testKey, '2001:db8:1:3::1')).statusCode, 200, 'the neighbouring /64');
    clock.advance(WINDOW_S * 1000);
    assert.equal((await me(p.testKey, '2001:db8:1:2::1')).statusCode, 200, 'after the window');
  });
});

describe('failed-credential budget: wrong keys sent all at once', () => {
  let t: TestApp;
  before(async () => {
    t = await buildTestApp({ env: { RATE_LIMIT_PER_SECOND: '100000' } });
  });
  after(() => t.close());

  const me = (key: string, remoteAddress: string) => t.inject({ method: 'GET', url: '/api/v1/me', headers: { 'x-api-key': key }, remoteAddress });

  it('1,000 concurrent wrong keys from one address: exactly the budget of them is checked (401), every other one is refused (429)', async () => {
    const attacker = '203.0.113.70';
    const answers = await Promise.all(Array.from({ length: 1000 }, (_, i) => me(`svc_live_burst${String(i).padStart(27, '0')}`, attacker)));
    const counts: Record<number, number> = {};
    for (const r of answers) counts[r.statusCode] = (counts[r.statusCode] ?? 0) + 1;
    assert.deepEqual(counts, { 401: LIMIT, 429: 1000 - LIMIT }, 'answers by status');
    for (const r of answers.filter((a) => a.statusCode === 429)) assert.equal(r.json().code, 'too_many_failed_credentials');
  });

  it('valid keys not yet cached, many at once from one address, are all served: their look-ups wait their turn instead of being refused', async () => {
    const partners = await Promise.all(Array.from({ length: 15 }, () => t.partner()));
    const keys = partners.flatMap((p) => [p.testKey, p.liveKey]);
    const client = '198.51.100.70';
    // 30 different keys, each sent twice: more look-ups at once than the budget, none of them a failure.
    const answers = await Promise.all([...keys, ...keys].map((k) => me(k, client)));
    assert.deepEqual([...new Set(answers.map((r) => r.statusCode))], [200]);
    // None of them was counted: the address still has its whole budget.
    for (let i = 0; i < LIMIT; i++) assert.equal((await me(`svc_test_after-valid-${i}`, client)).statusCode, 401, `guess ${i + 1}`);
    assert.equal((await me(keys[0], client)).statusCode, 429);
  });
});

describe('failed-credential budget shared by two processes through Redis', { skip: redis.skip }, () => {
  let t: TestApp;
  let deps2: Deps;
  let app2: FastifyInstance;
  const LIMIT_SHARED = 6;
  before(async () => {
    t = await buildTestApp({ env: { REDIS_URL: redis.url, CREDENTIAL_FAILURE_LIMIT: String(LIMIT_SHARED), RATE_LIMIT_PER_SECOND: '100000' } });
    deps2 = createDeps(t.config, { log: createLogger(t.config), poolSize: 2 });
    await deps2.start();
    app2 = await buildApp(deps2);
    assert.ok(await t.deps.limiter.ready(), 'redis connected (instance 1)');
    assert.ok(await deps2.limiter.ready(), 'redis connected (instance 2)');
  });
  after(async () => {
    await app2?.close();
    await deps2?.close();
    await t?.close();
  });

  // An address of each test's own: its count in Redis is its own.
  const newAddress = () => `2001:db8:${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}::1`;
  const me = (app: { inject: TestApp['inject'] }, key: string, remoteAddress: string) => app.inject({ method: 'GET', url: '/api/v1/me', headers: { 'x-api-key': key }, remoteAddress });

  it('failures on either instance count once: the instance that reaches the limit refuses the address, the other on its next failure there', async () => {
    const p = await t.partner();
    const attacker = newAddress();
    // Three failures on each instance: six in all, the limit. A failure reaches Redis after its answer: each is
    // counted there before the next is made, so that the sixth (instance 2's) is the one that reaches the limit
    // (otherwise, on a busy machine, instance 1's fifth could arrive last and reach it instead).
    for (let i = 0; i < LIMIT_SHARED; i++) {
      const r = await me(i % 2 ? app2 : t, `svc_test_shared${i}`, attacker);
      assert.equal(r.statusCode, 401, `failure ${i + 1}`);
      await (i % 2 ? deps2 : t.deps).credentials.sharedCounted();
    }
    // The instance whose failure reached the limit refuses the address, though it saw only three.
    const two = await me(app2, p.testKey, attacker);
    assert.equal(two.statusCode, 429, `instance 2: ${two.body}`);
    assert.equal(two.json().code, 'too_many_failed_credentials');
    assert.ok(Number(two.headers['retry-after']) >= 1 && Number(two.headers['retry-after']) <= WINDOW_S, String(two.headers['retry-after']));
    // The other learns it with the address's next failure there: one guess more in all, not six.
    assert.equal((await me(t, 'svc_test_shared6', attacker)).statusCode, 401, 'the next guess on instance 1');
    await t.deps.credentials.sharedCounted();
    const one = await me(t, p.testKey, attacker);
    assert.equal(one.statusCode, 429, `instance 1: ${one.body}`);
    // Another address is unaffected on both.
    const other = newAddress();
    assert.equal((await me(t, p.testKey, other)).statusCode, 200);
    assert.equal((await me(app2, p.liveKey, other)).statusCode, 200);
  });

  it('1,000 concurrent wrong keys from one address, with REDIS_URL set: each instance looks up at most the limit', async () => {
    // One instance alone: exactly the budget, as without Redis.
    const single = newAddress();
    const alone = await Promise.all(Array.from({ length: 1000 }, (_, i) => me(t, `svc_test_alone${String(i).padStart(27, '0')}`, single)));
    assert.equal(alone.filter((r) => r.statusCode === 401).length, LIMIT_SHARED, 'looked up by one instance');
    assert.equal(alone.filter((r) => r.statusCode === 429).length, 1000 - LIMIT_SHARED, 'refused by one instance');
    // Spread over both at the same moment: each instance's own bound holds (Redis learns of failures as they happen).
    const attacker = newAddress();
    const answers = await Promise.all(Array.from({ length: 1000 }, (_, i) => me(i % 2 ? app2 : t, `svc_test_spread${String(i).padStart(27, '0')}`, attacker)));
    const checked = answers.filter((r) => r.statusCode === 401).length;
    assert.equal(checked + answers.filter((r) => r.statusCode === 429).length, 1000, `only 401 and 429: ${[...new Set(answers.map((r) => r.statusCode))]}`);
    assert.ok(checked >= LIMIT_SHARED && checked <= 2 * LIMIT_SHARED, `wrong keys looked up across both instances: ${checked}`);
  });
});
