/** GET /api/partners/me/usage/calls: the portal's figures of one environment and its calls per day, by partner session. */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildTestApp, keyHeaders, TestClock, type TestApp, type TestPartner } from '../helpers/app.js';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('GET /api/partners/me/usage/calls', () => {
  let t: TestApp;
  let p: TestPartner;
  let token: string;
  const clock = new TestClock(Date.parse('2026-11-03T10:00:00.000Z'));
  const calc = (env: 'test' | 'live', endUser: string) =>
    t.inject({ method: 'POST', url: '/api/v1/calculate/safe-to-spend', headers: keyHeaders(p, { env }), payload: { end_user_id: endUser, cash_balance: 100 } });
  const calls = (query: string, headers: Record<string, string> = bearer(token)) => t.inject({ method: 'GET', url: `/api/partners/me/usage/calls${query}`, headers });

  before(async () => {
    t = await buildTestApp({ clock, env: { USAGE_FLUSH_MS: '60000', RATE_PER_USER_USD: '0.05' } });
    p = await t.partner({ tier: 'growth' });
    token = await t.session('partner', p.id);
    // Two days of last month, then today: the series spans the month boundary, the figures do not.
    clock.set('2026-10-30T12:00:00.000Z');
    for (const u of ['a', 'b', 'c']) assert.equal((await calc('live', u)).statusCode, 200);
    await t.deps.usage.flush();
    clock.set('2026-11-01T00:30:00.000Z');
    assert.equal((await calc('live', 'a')).statusCode, 200);
    assert.equal((await calc('test', 'sandbox-user')).statusCode, 200);
    clock.set('2026-11-03T10:00:00.000Z');
    for (const u of ['a', 'd']) assert.equal((await calc('live', u)).statusCode, 200);
  });
  after(() => t.close());

  it("answers this month's figures and a zero-filled daily series, oldest first, without counting a call", async () => {
    const r = await calls('?environment=live&days=7');
    assert.equal(r.statusCode, 200, r.body);
    const body = r.json();
    assert.deepEqual(body, {
      environment: 'live',
      month: '2026-11',
      // Calls this process counted and not yet flushed are included (the route flushes first).
      calls: 3,
      unique_end_users: 2,
      estimated_bill_usd: 0.08,
      rate_per_user_usd: 0.04,
      days: [
        { day: '2026-10-28', calls: 0 },
        { day: '2026-10-29', calls: 0 },
        { day: '2026-10-30', calls: 3 },
        { day: '2026-10-31', calls: 0 },
        { day: '2026-11-01', calls: 1 },
        { day: '2026-11-02', calls: 0 },
        { day: '2026-11-03', calls: 2 },
      ],
    });
    // Reading it is not a partner-API call; GET /api/v1/usage is one (it counts itself) and agrees.
    assert.equal((await calls('?environment=live&days=7')).json().calls, 3);
    assert.equal((await t.inject({ method: 'GET', url: '/api/v1/usage', headers: keyHeaders(p, { env: 'live' }) })).json().production.calls, 4);
    assert.equal((await calls('?environment=live&days=7')).json().calls, 4);
  });

  it('the sandbox is never billed; 30 days by default; the default environment is live', async () => {
    const r = await calls('?environment=test');
    assert.equal(r.statusCode, 200);
    const body = r.json();
    assert.equal(body.environment, 'test');
    assert.equal(body.estimated_bill_usd, null);
    assert.equal(body.calls, 1);
    assert.equal(body.unique_end_users, 1);
    assert.equal(body.days.length, 30);
    assert.deepEqual(body.days.at(-1), { day: '2026-11-03', calls: 0 });
    assert.equal((await calls('')).json().environment, 'live');
  });

  it('a partner without calls gets zeros', async () => {
    const q = await t.partner();
    const r = await calls('?environment=test&days=2', bearer(await t.session('partner', q.id)));
    assert.equal(r.statusCode, 200);
    assert.deepEqual(r.json().days, [
      { day: '2026-11-02', calls: 0 },
      { day: '2026-11-03', calls: 0 },
    ]);
    assert.equal(r.json().calls, 0);
  });

  it('refuses bad parameters with 422 at the parameter', async () => {
    for (const [query, loc] of [
      ['?days=0', 'days'],
      ['?days=91', 'days'],
      ['?days=abc', 'days'],
      ['?environment=prod', 'environment'],
    ] as const) {
      const r = await calls(query);
      assert.equal(r.statusCode, 422, query);
      assert.deepEqual(r.json().detail[0].loc, ['query', loc], query);
    }
  });

  it('needs a partner session: none 401, an admin 403, an API key 401; a key-opened session reads its own environment only', async () => {
    assert.equal((await calls('', {})).statusCode, 401);
    assert.equal((await calls('', keyHeaders(p))).statusCode, 401);
    const admin = await t.admin();
    assert.equal((await calls('', bearer(admin.token))).statusCode, 403);

    const login = await t.inject({ method: 'POST', url: '/api/auth/partner/key-login', payload: { key: p.testKey }, remoteAddress: '10.9.0.1' });
    assert.equal(login.statusCode, 200, login.body);
    const keySession = bearer(login.json().token);
    const own = await calls('', keySession);
    assert.equal(own.statusCode, 200);
    assert.equal(own.json().environment, 'test');
    const other = await calls('?environment=live', keySession);
    assert.equal(other.statusCode, 403);
    assert.equal(other.json().code, 'environment_mismatch');
  });

  it("another partner's session sees its own figures, never these", async () => {
    const q = await t.partner();
    const r = await calls('?environment=live', bearer(await t.session('partner', q.id)));
    assert.equal(r.json().calls, 0);
  });
});
