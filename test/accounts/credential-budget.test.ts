/**
 * The failed-credential budget of a client address: wrong API keys, wrong partner ingest secrets and wrong
 * platform secrets share it (20 per window of 60 s by default); the failure that spends it answers 401, then
 * every request of that address with one of these credentials answers 429 `too_many_failed_credentials` with
 * Retry-After until the window ends, a valid credential included. Other addresses are unaffected.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app.js';
import { createDeps, createLogger } from '../../src/deps.js';
import { addressKey } from '../../src/http/credential-budget.js';
import { buildTestApp, keyHeaders, PLATFORM_SECRET, TestClock, type TestApp, type TestPartner } from '../helpers/app.js';

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

describe('failed-credential budget shared by two processes through Redis', () => {
  it('failures on either instance count once: the instance that reaches the limit refuses the address, the other on its next failure there', async () => {
    const env = { REDIS_URL: 'redis://127.0.0.1:6379', CREDENTIAL_FAILURE_LIMIT: '6', RATE_LIMIT_PER_SECOND: '100000' };
    const t = await buildTestApp({ env });
    const deps2 = createDeps(t.config, { log: createLogger(t.config), poolSize: 2 });
    await deps2.start();
    const app2 = await buildApp(deps2);
    try {
      assert.ok(await t.deps.limiter.ready(), 'redis connected (instance 1)');
      assert.ok(await deps2.limiter.ready(), 'redis connected (instance 2)');
      const p = await t.partner();
      // An address of this run's own, so that no other run shares its count in Redis.
      const attacker = `2001:db8:${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}::1`;
      const me = (app: { inject: TestApp['inject'] }, key: string) => app.inject({ method: 'GET', url: '/api/v1/me', headers: { 'x-api-key': key }, remoteAddress: attacker });
      // Three failures on each instance: six in all, the limit.
      for (let i = 0; i < 6; i++) {
        const r = await me(i % 2 ? app2 : t, `svc_test_shared${i}`);
        assert.equal(r.statusCode, 401, `failure ${i + 1}`);
      }
      // The count reached Redis after the answers: each instance locks once it has read it back.
      const locked = async (app: { inject: TestApp['inject'] }) => {
        const until = Date.now() + 3000;
        for (;;) {
          const r = await me(app, p.testKey);
          if (r.statusCode === 429 || Date.now() > until) return r;
          await new Promise((res) => setTimeout(res, 20));
        }
      };
      // The instance whose failure reached the limit refuses the address, though it saw only three.
      const two = await locked(app2);
      assert.equal(two.statusCode, 429, `instance 2: ${two.body}`);
      assert.equal(two.json().code, 'too_many_failed_credentials');
      assert.ok(Number(two.headers['retry-after']) >= 1 && Number(two.headers['retry-after']) <= WINDOW_S, String(two.headers['retry-after']));
      // The other learns it with the address's next failure there: one guess more in all, not six.
      assert.equal((await me(t, 'svc_test_shared6')).statusCode, 401, 'the next guess on instance 1');
      const one = await locked(t);
      assert.equal(one.statusCode, 429, `instance 1: ${one.body}`);
      // Another address is unaffected on both.
      assert.equal((await t.inject({ method: 'GET', url: '/api/v1/me', headers: { 'x-api-key': p.testKey }, remoteAddress: '198.51.100.99' })).statusCode, 200);
      assert.equal((await app2.inject({ method: 'GET', url: '/api/v1/me', headers: { 'x-api-key': p.testKey }, remoteAddress: '198.51.100.99' })).statusCode, 200);
    } finally {
      await app2.close();
      await deps2.close();
      await t.close();
    }
  });
});
