/** The session form of the usage operations: /api/partners/me/usage/current, /usage/alerts and /reports/usage.csv. */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from 'csv-parse/sync';
import { buildTestApp, keyHeaders, type TestApp, type TestPartner } from '../helpers/app.js';
import { bearer, cookie, CROSS_SITE, keySession } from './helpers.js';

const ALERTS = '/api/partners/me/usage/alerts';

describe('usage figures, alerts and the usage report through a partner session', () => {
  let t: TestApp;
  before(async () => {
    t = await buildTestApp({ env: { RATE_LIMIT_PER_SECOND: '100000' } });
  });
  after(() => t.close());

  async function signedIn(input: Parameters<TestApp['partner']>[0] = {}): Promise<{ p: TestPartner; s: Record<string, string> }> {
    const p = await t.partner(input);
    return { p, s: bearer(await t.session('partner', p.id)) };
  }
  const calculate = (p: TestPartner, env: 'test' | 'live', user: string) =>
    t.inject({ method: 'POST', url: '/api/v1/calculate/safe-to-spend', headers: keyHeaders(p, { env }), payload: { end_user_id: user, cash_balance: 500 } });

  it('GET /api/partners/me/usage/current answers the /api/v1/usage record; portal requests are not counted as calls', async () => {
    const { p, s } = await signedIn();
    for (const u of ['a', 'b']) assert.equal((await calculate(p, 'live', u)).statusCode, 200);
    assert.equal((await calculate(p, 'test', 'c')).statusCode, 200);
    const viaKey = await t.inject({ method: 'GET', url: '/api/v1/usage', headers: keyHeaders(p) });
    assert.equal(viaKey.statusCode, 200);
    const mine = await t.inject({ method: 'GET', url: '/api/partners/me/usage/current', headers: s });
    assert.equal(mine.statusCode, 200, mine.body);
    assert.deepEqual(mine.json(), viaKey.json());
    assert.equal(mine.json().production.calls, 2);
    assert.equal(mine.json().production.unique_end_users, 2);
    assert.equal(mine.json().sandbox.calls, 2, 'the calculation and the /api/v1/usage read; not the portal read');
    const again = await t.inject({ method: 'GET', url: '/api/partners/me/usage/current', headers: s });
    assert.deepEqual(again.json(), viaKey.json(), 'still not counted');
    // Like /api/v1/usage with either key, a key-opened session sees both environments' figures.
    const k = bearer(await keySession(t, p.testKey));
    assert.deepEqual((await t.inject({ method: 'GET', url: '/api/partners/me/usage/current', headers: k })).json(), viaKey.json());
  });

  it('alerts: PUT through the session is what the key reads; GET equals the key answer; DELETE clears them', async () => {
    const { p, s } = await signedIn();
    const body = { notify_email: 'alerts@example.com', calls_threshold: 1000, unique_users_threshold: 50, bill_threshold_usd: 12.5 };
    const put = await t.inject({ method: 'PUT', url: `${ALERTS}?environment=test`, headers: s, payload: body });
    assert.equal(put.statusCode, 200, put.body);
    assert.equal(put.json().environment, 'test');
    assert.equal(put.json().calls_threshold, 1000);
    assert.equal(put.json().bill_threshold_usd, 12.5);

    const viaKey = await t.inject({ method: 'GET', url: '/api/v1/usage/alerts', headers: keyHeaders(p) });
    assert.equal(viaKey.json().calls_threshold, 1000);
    assert.equal(viaKey.json().notify_email, 'alerts@example.com');
    const mine = await t.inject({ method: 'GET', url: `${ALERTS}?environment=test`, headers: s });
    assert.equal(mine.statusCode, 200);
    assert.deepEqual(mine.json(), viaKey.json());
    // Live is untouched and is the default of a full session.
    const liveViaKey = await t.inject({ method: 'GET', url: '/api/v1/usage/alerts', headers: keyHeaders(p, { env: 'live' }) });
    const live = await t.inject({ method: 'GET', url: ALERTS, headers: s });
    assert.equal(live.json().environment, 'live');
    assert.equal(live.json().calls_threshold, null);
    assert.deepEqual(live.json(), liveViaKey.json(), 'the key read is counted before it answers, the portal read is not counted');

    const del = await t.inject({ method: 'DELETE', url: `${ALERTS}?environment=test`, headers: s });
    assert.equal(del.statusCode, 200, del.body);
    assert.deepEqual(del.json(), { deleted: true, environment: 'test' });
    assert.equal((await t.inject({ method: 'GET', url: '/api/v1/usage/alerts', headers: keyHeaders(p) })).json().calls_threshold, null);
  });

  it('a test-key session acts in test only; a live change without production access is 403 production_not_enabled', async () => {
    const { p } = await signedIn();
    const k = bearer(await keySession(t, p.testKey));
    assert.equal((await t.inject({ method: 'GET', url: ALERTS, headers: k })).json().environment, 'test', 'default: the key environment');
    for (const [method, url] of [
      ['GET', `${ALERTS}?environment=live`],
      ['PUT', `${ALERTS}?environment=live`],
      ['DELETE', `${ALERTS}?environment=live`],
      ['GET', '/api/partners/me/reports/usage.csv?environment=live'],
    ] as const) {
      const r = await t.inject({ method, url, headers: k, payload: method === 'PUT' ? { calls_threshold: 5 } : undefined });
      assert.equal(r.statusCode, 403, `${method} ${url}: ${r.body}`);
      assert.equal(r.json().code, 'environment_mismatch');
    }
    assert.equal((await t.inject({ method: 'GET', url: '/api/v1/usage/alerts', headers: keyHeaders(p, { env: 'live' }) })).json().calls_threshold, null);

    const fresh = await signedIn({ activated: false });
    const refused = await t.inject({ method: 'PUT', url: ALERTS, headers: fresh.s, payload: { calls_threshold: 5 } });
    assert.equal(refused.statusCode, 403, refused.body);
    assert.equal(refused.json().code, 'production_not_enabled');
    assert.equal((await t.inject({ method: 'DELETE', url: `${ALERTS}?environment=live`, headers: fresh.s })).json().code, 'production_not_enabled');
    assert.equal((await t.inject({ method: 'PUT', url: `${ALERTS}?environment=test`, headers: fresh.s, payload: { calls_threshold: 5 } })).statusCode, 200);
    assert.equal((await t.inject({ method: 'GET', url: `${ALERTS}?environment=live`, headers: fresh.s })).statusCode, 200, 'reading live is allowed');
  });

  it('usage.csv for 3, 6, 12 and 24 months is the key report of the same environment', async () => {
    const { p, s } = await signedIn();
    assert.equal((await calculate(p, 'live', 'u1')).statusCode, 200);
    for (const months of [3, 6, 12, 24]) {
      for (const env of ['test', 'live'] as const) {
        const viaKey = await t.inject({ method: 'GET', url: `/api/v1/reports/usage.csv?months=${months}`, headers: keyHeaders(p, { env }) });
        const mine = await t.inject({ method: 'GET', url: `/api/partners/me/reports/usage.csv?months=${months}&environment=${env}`, headers: s });
        assert.equal(mine.statusCode, 200, mine.body);
        assert.match(mine.headers['content-type'] as string, /^text\/csv/);
        assert.equal(mine.headers['content-disposition'], viaKey.headers['content-disposition']);
        assert.equal(mine.body, viaKey.body, `${months} months, ${env}`);
        const rows = parse(mine.body, { columns: true }) as Record<string, string>[];
        assert.equal(rows.length, months);
        assert.equal(rows[0].environment, env === 'live' ? 'production' : 'sandbox');
      }
    }
    const def = await t.inject({ method: 'GET', url: '/api/partners/me/reports/usage.csv', headers: s });
    assert.equal((parse(def.body, { columns: true }) as unknown[]).length, 6, 'default 6 months');
    assert.match(def.headers['content-disposition'] as string, /usage-production-/, 'default: live');
  });

  it('authentication and input: 401 without a session, 403 for an admin, 403 csrf_rejected for a cross-site cookie write, 422 on bad input', async () => {
    const { p } = await signedIn();
    const token = await t.session('partner', p.id);
    const adm = await t.admin();
    for (const url of ['/api/partners/me/usage/current', ALERTS, '/api/partners/me/reports/usage.csv']) {
      assert.equal((await t.inject({ method: 'GET', url })).statusCode, 401, url);
      const a = await t.inject({ method: 'GET', url, headers: bearer(adm.token) });
      assert.equal(a.statusCode, 403, url);
      assert.equal(a.json().code, 'forbidden');
      assert.equal((await t.inject({ method: 'GET', url, headers: keyHeaders(p) })).statusCode, 401, `${url}: a key is not a session`);
    }
    const cross = await t.inject({ method: 'PUT', url: `${ALERTS}?environment=test`, headers: { ...cookie(token), ...CROSS_SITE }, payload: { calls_threshold: 7 } });
    assert.equal(cross.statusCode, 403);
    assert.equal(cross.json().code, 'csrf_rejected');
    const crossDel = await t.inject({ method: 'DELETE', url: `${ALERTS}?environment=test`, headers: { ...cookie(token), ...CROSS_SITE } });
    assert.equal(crossDel.json().code, 'csrf_rejected');
    assert.equal((await t.inject({ method: 'GET', url: '/api/v1/usage/alerts', headers: keyHeaders(p) })).json().calls_threshold, null, 'nothing changed');
    const viaCookie = await t.inject({ method: 'PUT', url: `${ALERTS}?environment=test`, headers: cookie(token), payload: { calls_threshold: 7 } });
    assert.equal(viaCookie.statusCode, 200, 'a cookie write without cross-site signals passes');

    const s = bearer(token);
    const cases: { method: 'GET' | 'PUT'; url: string; payload?: unknown; loc: string[] }[] = [
      { method: 'PUT', url: `${ALERTS}?environment=test`, payload: { calls_threshold: 0 }, loc: ['body', 'calls_threshold'] },
      { method: 'PUT', url: `${ALERTS}?environment=test`, payload: { notify_email: 'not an email' }, loc: ['body', 'notify_email'] },
      { method: 'PUT', url: `${ALERTS}?environment=test`, payload: { bill_threshold_usd: 0.001 }, loc: ['body', 'bill_threshold_usd'] },
      { method: 'PUT', url: `${ALERTS}?environment=sandbox`, payload: {}, loc: ['query', 'environment'] },
      { method: 'GET', url: '/api/partners/me/reports/usage.csv?months=25', loc: ['query', 'months'] },
      { method: 'GET', url: '/api/partners/me/reports/usage.csv?months=0', loc: ['query', 'months'] },
      { method: 'GET', url: '/api/partners/me/reports/usage.csv?months=six', loc: ['query', 'months'] },
    ];
    for (const c of cases) {
      const r = await t.inject({ method: c.method, url: c.url, headers: s, payload: c.payload as object });
      assert.equal(r.statusCode, 422, `${c.method} ${c.url}: ${r.body}`);
      assert.deepEqual(r.json().detail[0].loc, c.loc, r.body);
    }
  });
});
