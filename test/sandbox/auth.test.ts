import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { InjectOptions } from 'fastify';
import { buildTestApp, keyHeaders, TestClock, type TestApp, type TestPartner } from '../helpers/app.js';
import { registerLiveProvider, type AccountDataProvider } from '../../src/areas/sandbox/provider.js';
import { NOW, SANDBOX_ENV } from './helpers.js';

type Op = { method: 'GET' | 'POST'; path: string; payload?: object };
const OPS: Op[] = [
  { method: 'POST', path: '/link/token/create', payload: { user_id: 'u1' } },
  { method: 'POST', path: '/accounts/link', payload: { public_token: 'public-sandbox-auth', user_id: 'u1' } },
  { method: 'GET', path: '/accounts?user_id=u1' },
  { method: 'GET', path: '/transactions?user_id=u1' },
  { method: 'POST', path: '/transfers', payload: { account_id: 'acc_x', amount_cents: 100, direction: 'debit', description: 'd' } },
  { method: 'GET', path: '/insights/cashflow?user_id=u1' },
];
const PREFIXES = ['/api/v1', '/v1'];

function call(t: TestApp, op: Op, prefix: string, headers: Record<string, string>) {
  const opts: InjectOptions = { method: op.method, url: prefix + op.path, headers };
  if (op.payload) opts.payload = op.payload;
  return t.inject(opts);
}

describe('sandbox: authentication, live keys (402/503), partner isolation', () => {
  let t: TestApp;
  let p: TestPartner;
  before(async () => {
    // Wrong keys on every operation and both path forms on purpose: the failed-credential budget has its own tests.
    t = await buildTestApp({ clock: new TestClock(NOW), env: { ...SANDBOX_ENV, CREDENTIAL_FAILURE_LIMIT: '100000' } });
    p = await t.partner();
  });
  after(() => t.close());

  it('401 without a key, with a wrong key, or with a session token instead of a key', async () => {
    const admin = await t.admin();
    const partnerSession = await t.session('partner', p.id);
    for (const prefix of PREFIXES) {
      for (const op of OPS) {
        for (const headers of [{} as Record<string, string>, { 'x-api-key': 'svc_test_wrong' }, { authorization: 'Bearer svc_live_wrong' }, { authorization: `Bearer ${admin.token}` }, { authorization: `Bearer ${partnerSession}` }]) {
          const res = await call(t, op, prefix, headers);
          assert.equal(res.statusCode, 401, `${op.method} ${prefix}${op.path} ${JSON.stringify(headers)}`);
          assert.equal(typeof res.json().detail, 'string');
        }
      }
    }
  });

  it('the key works as X-API-Key and as Bearer', async () => {
    for (const prefix of PREFIXES) {
      const res = await call(t, OPS[2], prefix, { authorization: `Bearer ${p.testKey}` });
      assert.equal(res.statusCode, 200);
    }
  });

  it('403 for a suspended partner', async () => {
    const s = await t.partner();
    await t.deps.database.db.updateTable('partners').set({ active: 0 }).where('id', '=', s.id).execute();
    await t.deps.auth.invalidatePartner(s.id);
    for (const prefix of PREFIXES) {
      for (const op of OPS) {
        for (const env of ['test', 'live'] as const) {
          const res = await call(t, op, prefix, keyHeaders(s, { env }));
          assert.equal(res.statusCode, 403, `${op.path} ${env}`);
          assert.deepEqual(res.json(), { detail: 'partner suspended', code: 'partner_suspended' });
        }
      }
    }
  });

  it('live key: 402 before the partner is production-enabled (even with a bad body), 503 after, while no aggregator is configured', async () => {
    const fresh = await t.partner({ activated: false });
    for (const prefix of PREFIXES) {
      for (const op of OPS) {
        const res = await call(t, op, prefix, keyHeaders(fresh, { env: 'live' }));
        assert.equal(res.statusCode, 402, `${op.path}: ${res.body}`);
        assert.match(res.json().detail, /Production access is not enabled/);
        const noBody = await call(t, { ...op, payload: op.payload ? {} : undefined }, prefix, keyHeaders(fresh, { env: 'live' }));
        assert.equal(noBody.statusCode, 402);
        // Its test key works.
        if (op.path.startsWith('/accounts?')) assert.equal((await call(t, op, prefix, keyHeaders(fresh))).statusCode, 200);
      }
    }
    for (const prefix of PREFIXES) {
      for (const op of OPS) {
        const res = await call(t, op, prefix, keyHeaders(p, { env: 'live' }));
        assert.equal(res.statusCode, 503, `${op.path}: ${res.body}`);
        assert.match(res.json().detail, /Account-aggregation provider not configured/);
      }
    }
    // Nothing was written for live calls.
    const items = await t.deps.database.db.selectFrom('sandbox_accounts').select('account_id').where('environment', '=', 'live').execute();
    assert.equal(items.length, 0);
  });

  it('live key with an aggregator named but not available on this server: 503; a registered one answers', async () => {
    const named = await buildTestApp({ clock: new TestClock(NOW), env: { ...SANDBOX_ENV, AGGREGATOR_PROVIDER: 'acme-aggregator' } });
    try {
      const q = await named.partner();
      const res = await named.inject({ method: 'GET', url: '/api/v1/accounts?user_id=u1', headers: keyHeaders(q, { env: 'live' }) });
      assert.equal(res.statusCode, 503);
      assert.match(res.json().detail, /'acme-aggregator' is not available/);
      // The provider interface: a real aggregator plugs in by name.
      const stub: AccountDataProvider = {
        name: 'acme-aggregator',
        createLinkToken: async () => ({ link_token: 'link-production-1', expiration: new Date(NOW).toISOString(), request_id: 'r' }),
        exchangePublicToken: async () => null,
        getAccounts: async () => [
          { account_id: 'live_acc', name: 'Live', mask: '0000', type: 'depository', subtype: 'checking', current_balance: 1, available_balance: 1, iso_currency_code: 'USD' },
        ],
        getTransactions: async () => ({ transactions: [], total: 0 }),
        createTransfer: async () => {
          throw new Error('not used');
        },
        forecastCashflow: async () => {
          throw new Error('not used');
        },
      };
      registerLiveProvider(named.deps, 'acme-aggregator', () => stub);
      const live = await named.inject({ method: 'GET', url: '/api/v1/accounts?user_id=u1', headers: keyHeaders(q, { env: 'live' }) });
      assert.equal(live.statusCode, 200);
      assert.equal(live.json().accounts[0].account_id, 'live_acc');
      const token = await named.inject({ method: 'POST', url: '/v1/link/token/create', headers: keyHeaders(q, { env: 'live' }), payload: { user_id: 'u1' } });
      assert.equal(token.json().link_token, 'link-production-1');
      // Test keys still reach the sandbox.
      const sandbox = await named.inject({ method: 'GET', url: '/api/v1/accounts?user_id=u1', headers: keyHeaders(q) });
      assert.equal(sandbox.json().accounts.length, 3);
    } finally {
      await named.close();
    }
  });

  it("another partner's data is out of reach: its accounts cannot be moved, its users are its own", async () => {
    const q = await t.partner();
    const mine = (await call(t, OPS[2], '/api/v1', keyHeaders(p))).json().accounts;
    const theirs = (await call(t, OPS[2], '/api/v1', keyHeaders(q))).json().accounts;
    assert.notDeepEqual(mine, theirs);
    const res = await t.inject({
      method: 'POST',
      url: '/api/v1/transfers',
      headers: keyHeaders(q),
      payload: { account_id: mine[0].account_id, amount_cents: 1, direction: 'debit', description: 'steal' },
    });
    assert.equal(res.statusCode, 404);
  });

  it('the OpenAPI document lists every sandbox operation of the machine form with its errors', async () => {
    const doc = (await t.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const ops: [string, string, string][] = [
      ['/api/v1/link/token/create', 'post', 'createLinkToken'],
      ['/api/v1/accounts/link', 'post', 'linkAccounts'],
      ['/api/v1/accounts', 'get', 'listAccounts'],
      ['/api/v1/transactions', 'get', 'listTransactions'],
      ['/api/v1/transfers', 'post', 'createTransfer'],
      ['/api/v1/insights/cashflow', 'get', 'getCashflowForecast'],
    ];
    for (const [path, method, id] of ops) {
      const op = doc.paths[path]?.[method];
      assert.ok(op, path);
      assert.equal(op.operationId, id);
      assert.deepEqual(op.tags, ['sandbox']);
      for (const code of ['200', '401', '402', '403', '422', '503']) assert.ok(op.responses[code], `${path} ${code}`);
    }
    assert.ok(doc.paths['/api/v1/transfers'].post.parameters.some((x: { in: string; name: string }) => x.in === 'header' && x.name === 'idempotency-key'));
    assert.ok(!Object.keys(doc.paths).some((x) => x.startsWith('/v1/')), 'the reference form is not in the document');
  });

  it('sandbox calls count as calls and unique users', async () => {
    const seen: string[] = [];
    const original = t.deps.usage.recordEndUser.bind(t.deps.usage);
    t.deps.usage.recordEndUser = (partnerId, environment, userId, at) => {
      if (partnerId === p.id) seen.push(`${environment}:${userId}`);
      original(partnerId, environment, userId, at);
    };
    try {
      const k = (await call(t, { method: 'GET', path: '/accounts?user_id=counted' }, '/api/v1', keyHeaders(p))).json().accounts;
      for (const prefix of PREFIXES) {
        await call(t, { method: 'POST', path: '/link/token/create', payload: { user_id: 'c1' } }, prefix, keyHeaders(p));
        await call(t, { method: 'GET', path: '/transactions?user_id=c2' }, prefix, keyHeaders(p));
        await call(t, { method: 'GET', path: '/insights/cashflow?user_id=c3' }, prefix, keyHeaders(p));
      }
      await call(t, { method: 'POST', path: '/accounts/link', payload: { public_token: 'pt-count', user_id: 'c4' } }, '/v1', keyHeaders(p));
      await call(t, { method: 'POST', path: '/transfers', payload: { account_id: k[0].account_id, amount_cents: 1, direction: 'debit', description: 'd' } }, '/v1', keyHeaders(p));
      assert.deepEqual(seen, ['test:counted', 'test:c1', 'test:c2', 'test:c3', 'test:c1', 'test:c2', 'test:c3', 'test:c4', 'test:counted']);
    } finally {
      t.deps.usage.recordEndUser = original;
    }
  });
});
