import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ConfigError, loadConfig } from '../../src/config.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { signUp } from '../helpers/signup.js';

const PW = 'the right password';

async function registerPartner(t: TestApp, email: string, remoteAddress: string): Promise<void> {
  await signUp(t, { email, password: PW, company_name: 'Proxy Co', contact_name: 'Pro Xy' }, remoteAddress);
}

const login = (t: TestApp, email: string, password: string, remoteAddress: string, forwarded?: string) =>
  t.inject({
    method: 'POST',
    url: '/api/auth/partner/login',
    payload: { email, password },
    remoteAddress,
    headers: forwarded === undefined ? {} : { 'x-forwarded-for': forwarded },
  });

describe('TRUST_PROXY unset: forwarded headers are not believed', () => {
  let t: TestApp;
  before(async () => {
    t = await buildTestApp();
    await registerPartner(t, 'victim@proxy.example', '203.0.113.200');
  });
  after(() => t.close());

  it('a forged X-Forwarded-For neither escapes the address lockout nor locks the forged address', async () => {
    const attacker = '198.51.100.10';
    for (let i = 0; i < 5; i++) {
      // Each guess names another "client", and another email so the email lock stays out of it.
      const r = await login(t, `nobody${i}@proxy.example`, 'wrong password', attacker, `203.0.113.${i + 1}`);
      assert.equal(r.statusCode, 401, `attempt ${i + 1}`);
    }
    // The real peer made five failures: it is locked, whatever it claims to be.
    const locked = await login(t, 'victim@proxy.example', PW, attacker, '203.0.113.99');
    assert.equal(locked.statusCode, 429);
    const keyGuess = await t.inject({
      method: 'POST',
      url: '/api/auth/partner/key-login',
      payload: { key: 'svc_test_guessguessguess' },
      remoteAddress: attacker,
      headers: { 'x-forwarded-for': '203.0.113.98' },
    });
    assert.equal(keyGuess.statusCode, 429);
    // The addresses it named were not locked: the victim signs in from one of them.
    assert.equal((await login(t, 'victim@proxy.example', PW, '203.0.113.1')).statusCode, 200);
  });

  it('the public write limit counts the peer, not the forwarded address', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 31; i++) {
      const r = await t.inject({
        method: 'POST',
        url: '/api/auth/request-deletion',
        payload: { email: `r${i}@proxy.example` },
        remoteAddress: '198.51.100.20',
        headers: { 'x-forwarded-for': `192.0.2.${i + 1}` },
      });
      codes.push(r.statusCode);
    }
    assert.equal(codes[29], 200);
    assert.equal(codes[30], 429);
  });
});

describe('TRUST_PROXY set: forwarded headers are believed from the configured proxy only', () => {
  let t: TestApp;
  const proxy = '10.20.0.5';
  before(async () => {
    t = await buildTestApp({ env: { TRUST_PROXY: `${proxy}, 2001:db8::/32` } });
    await registerPartner(t, 'client@proxy.example', '10.20.0.5');
  });
  after(() => t.close());

  it('behind the proxy each forwarded client is counted on its own', async () => {
    for (let i = 0; i < 5; i++) {
      assert.equal((await login(t, `n${i}@proxy.example`, 'wrong', proxy, '203.0.113.50')).statusCode, 401);
    }
    // The client behind the proxy is locked …
    assert.equal((await login(t, 'client@proxy.example', PW, proxy, '203.0.113.50')).statusCode, 429);
    // … but another client of the same proxy is not, nor is the proxy itself.
    assert.equal((await login(t, 'client@proxy.example', PW, proxy, '203.0.113.51')).statusCode, 200);
    assert.equal((await login(t, 'client@proxy.example', PW, proxy)).statusCode, 200);
  });

  it('a peer that is not a configured proxy is counted as itself', async () => {
    const other = '10.20.0.6';
    for (let i = 0; i < 5; i++) {
      assert.equal((await login(t, `m${i}@proxy.example`, 'wrong', other, `203.0.113.${60 + i}`)).statusCode, 401);
    }
    assert.equal((await login(t, 'client@proxy.example', PW, other, '203.0.113.70')).statusCode, 429);
    assert.equal((await login(t, 'client@proxy.example', PW, proxy, '203.0.113.60')).statusCode, 200);
  });

  it('a CIDR of the list covers its addresses (IPv6 too)', async () => {
    const v6proxy = '2001:db8::17';
    for (let i = 0; i < 5; i++) {
      assert.equal((await login(t, `v${i}@proxy.example`, 'wrong', v6proxy, '198.51.100.80')).statusCode, 401);
    }
    assert.equal((await login(t, 'client@proxy.example', PW, v6proxy, '198.51.100.80')).statusCode, 429);
    assert.equal((await login(t, 'client@proxy.example', PW, v6proxy, '198.51.100.81')).statusCode, 200);
  });
});

describe('TRUST_PROXY configuration', () => {
  it('takes addresses, CIDRs and the proxy-addr names; unset trusts nobody', () => {
    assert.deepEqual(loadConfig({}).trustProxy, []);
    assert.deepEqual(loadConfig({ TRUST_PROXY: '  ' }).trustProxy, []);
    assert.deepEqual(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,::1 , fd00::/8,loopback' }).trustProxy, [
      '10.0.0.1',
      '10.1.0.0/16',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  for (const bad of ['*', 'true', 'proxy.example', '10.0.0.0/33', '10.0.0.1,', '10.0.0', '::1/129']) {
    it(`refuses ${JSON.stringify(bad)} with a ConfigError naming the variable`, () => {
      assert.throws(
        () => loadConfig({ TRUST_PROXY: bad }),
        (err: unknown) => err instanceof ConfigError && err.variable === 'TRUST_PROXY' && /IP addresses or CIDRs/.test(err.message),
      );
    });
  }
});
