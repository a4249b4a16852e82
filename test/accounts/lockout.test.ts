import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildApp } from '../../src/app.js';
import { buildTestApp, TestClock, type TestApp } from '../helpers/app.js';
import { signUp } from '../helpers/signup.js';

const PW = 'the right password';

describe('brute-force lockout', () => {
  let t: TestApp;
  const clock = new TestClock(Date.parse('2026-04-01T08:00:00Z'));
  before(async () => {
    t = await buildTestApp({ clock });
    for (const email of ['a@lock.example', 'b@lock.example', 'c@lock.example', 'd@lock.example']) {
      await signUp(t, { email, password: PW, company_name: 'Lock Co', contact_name: 'Lo Ck' }, '10.99.0.1');
    }
  });
  after(() => t.close());

  const login = (email: string, password: string, ip: string) =>
    t.inject({ method: 'POST', url: '/api/auth/partner/login', payload: { email, password }, remoteAddress: ip });

  it('locks an email after 5 failures within 15 minutes (429 + Retry-After), even for the right password, then unlocks', async () => {
    for (let i = 0; i < 5; i++) {
      const r = await login('a@lock.example', 'wrong password', `10.10.0.${i}`);
      assert.equal(r.statusCode, 401, `attempt ${i + 1}`);
      clock.advance(60_000);
    }
    // The 5th failure (at +4 min) locked the email until +19 min.
    const locked = await login('A@lock.example', PW, '10.10.1.1');
    assert.equal(locked.statusCode, 429);
    assert.equal(locked.json().detail, 'Too many failed sign-in attempts; try again later');
    assert.equal(locked.headers['retry-after'], String(14 * 60));
    // Another email from the same addresses is not affected.
    assert.equal((await login('b@lock.example', PW, '10.10.1.2')).statusCode, 200);
    clock.advance(14 * 60_000 - 1000);
    assert.equal((await login('a@lock.example', PW, '10.10.1.3')).statusCode, 429);
    clock.advance(1000);
    assert.equal((await login('a@lock.example', PW, '10.10.1.4')).statusCode, 200);
  });

  it('locks an unknown email exactly like a known one', async () => {
    for (let i = 0; i < 5; i++) assert.equal((await login('ghost@lock.example', 'x-wrong-x', `10.11.0.${i}`)).statusCode, 401);
    const r = await login('ghost@lock.example', 'x-wrong-x', '10.11.1.1');
    assert.equal(r.statusCode, 429);
    assert.ok(Number(r.headers['retry-after']) > 0);
    clock.advance(15 * 60_000);
  });

  it('a success resets the count; failures outside the window do not add up', async () => {
    for (let i = 0; i < 4; i++) assert.equal((await login('c@lock.example', 'wrong', `10.12.0.${i}`)).statusCode, 401);
    assert.equal((await login('c@lock.example', PW, '10.12.1.0')).statusCode, 200);
    for (let i = 0; i < 4; i++) assert.equal((await login('c@lock.example', 'wrong', `10.12.2.${i}`)).statusCode, 401);
    assert.equal((await login('c@lock.example', PW, '10.12.1.1')).statusCode, 200, 'the count restarted at the success');
    for (let i = 0; i < 4; i++) assert.equal((await login('c@lock.example', 'wrong', `10.12.3.${i}`)).statusCode, 401);
    clock.advance(15 * 60_000 + 1);
    assert.equal((await login('c@lock.example', 'wrong', '10.12.4.0')).statusCode, 401);
    assert.equal((await login('c@lock.example', PW, '10.12.4.1')).statusCode, 200);
  });

  it('locks a client address after 5 failures, across emails and sign-in kinds; a success from it does not clear it', async () => {
    const ip = '192.0.2.77';
    assert.equal((await login('d@lock.example', 'wrong', ip)).statusCode, 401);
    assert.equal((await login('x1@lock.example', 'wrong', ip)).statusCode, 401);
    assert.equal((await login('d@lock.example', PW, ip)).statusCode, 200);
    assert.equal((await t.inject({ method: 'POST', url: '/api/auth/partner/key-login', payload: { key: 'svc_test_guessguessguess' }, remoteAddress: ip })).statusCode, 401);
    assert.equal((await t.inject({ method: 'POST', url: '/api/auth/admin/login', payload: { email: 'x2@lock.example', password: 'wrong' }, remoteAddress: ip })).statusCode, 401);
    assert.equal((await login('x3@lock.example', 'wrong', ip)).statusCode, 401);
    // 5 failures from this address now: everything from it is refused, even a right password.
    const r = await login('d@lock.example', PW, ip);
    assert.equal(r.statusCode, 429);
    assert.equal(r.headers['retry-after'], String(15 * 60));
    const k = await t.inject({ method: 'POST', url: '/api/auth/partner/key-login', payload: { key: 'svc_test_guessguessguess' }, remoteAddress: ip });
    assert.equal(k.statusCode, 429);
    // Another address still signs in.
    assert.equal((await login('d@lock.example', PW, '192.0.2.78')).statusCode, 200);
    clock.advance(15 * 60_000);
    assert.equal((await login('d@lock.example', PW, ip)).statusCode, 200);
  });

  it('a burst of parallel guesses cannot get past the limit', async () => {
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => login('e-burst@lock.example', 'wrong', `10.13.0.${i}`)));
    const codes = results.map((r) => r.statusCode).sort();
    assert.equal(codes.filter((c) => c === 401).length, 5, codes.join(','));
    assert.equal(codes.filter((c) => c === 429).length, 7);
    clock.advance(15 * 60_000);
  });

  it('is shared by processes on the same database', async () => {
    // A second app on the same database (another process would see the same rows).
    const other = await buildApp(t.deps);
    await other.ready();
    try {
      for (let i = 0; i < 5; i++) {
        const app = i % 2 ? other : t.app;
        const r = await app.inject({ method: 'POST', url: '/api/auth/partner/login', payload: { email: 'shared@lock.example', password: 'wrong' }, remoteAddress: `10.14.0.${i}` });
        assert.equal(r.statusCode, 401);
      }
      const r = await other.inject({ method: 'POST', url: '/api/auth/partner/login', payload: { email: 'shared@lock.example', password: 'wrong' }, remoteAddress: '10.14.1.0' });
      assert.equal(r.statusCode, 429);
    } finally {
      await other.close();
    }
  });

  it('admin sign-in has its own lockout per email', async () => {
    const a = await t.admin();
    for (let i = 0; i < 5; i++) {
      const r = await t.inject({ method: 'POST', url: '/api/auth/admin/login', payload: { email: a.email, password: 'wrong' }, remoteAddress: `10.15.0.${i}` });
      assert.equal(r.statusCode, 401);
    }
    const r = await t.inject({ method: 'POST', url: '/api/auth/admin/login', payload: { email: a.email, password: 'admin-password-1' }, remoteAddress: '10.15.1.0' });
    assert.equal(r.statusCode, 429);
    assert.ok(r.headers['retry-after']);
  });

  it('stores neither emails nor addresses in clear', async () => {
    const rows = await t.deps.database.db.selectFrom('login_throttle').selectAll().execute();
    assert.ok(rows.length > 0);
    const dump = JSON.stringify(rows);
    assert.ok(!dump.includes('lock.example'));
    assert.ok(!dump.includes('192.0.2'));
  });
});
