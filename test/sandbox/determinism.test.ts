import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import type { Deps } from '../../src/context.js';
import { migrate } from '../../src/db/database.js';
import { createDeps, createLogger } from '../../src/deps.js';
import { createPartner } from '../../src/areas/partners/service.js';
import { PLATFORM_SECRET, testConfig, TestClock } from '../helpers/app.js';
import { NOW, SANDBOX_ENV } from './helpers.js';

interface Running {
  app: FastifyInstance;
  deps: Deps;
}

async function start(config: Awaited<ReturnType<typeof testConfig>>['config'], clock: TestClock): Promise<Running> {
  const deps = createDeps(config, { clock, log: createLogger(config), poolSize: 3 });
  await migrate(deps.database);
  await deps.start();
  const app = await buildApp(deps);
  await app.ready();
  return { app, deps };
}

async function stop(r: Running): Promise<void> {
  await r.app.close();
  await r.deps.close();
}

/** Every read operation of the sandbox, on both path forms. */
async function readAll(app: FastifyInstance, key: string, accountId: string | null) {
  const h = { 'x-api-key': key };
  const out: Record<string, unknown> = {};
  const get = async (url: string) => {
    const res = await app.inject({ method: 'GET', url, headers: h });
    assert.equal(res.statusCode, 200, `${url}: ${res.body}`);
    return res.json();
  };
  for (const prefix of ['/api/v1', '/v1']) {
    out[`${prefix} link token`] = (await app.inject({ method: 'POST', url: `${prefix}/link/token/create`, headers: h, payload: { user_id: 'det' } })).json();
    out[`${prefix} accounts`] = await get(`${prefix}/accounts?user_id=det`);
    out[`${prefix} cashflow`] = await get(`${prefix}/insights/cashflow?user_id=det&horizon_days=60`);
  }
  out['machine transactions'] = await get('/api/v1/transactions?user_id=det&start_date=2025-01-01&end_date=2026-11-18&limit=100&offset=40');
  out['machine transactions default'] = await get('/api/v1/transactions?user_id=det');
  out['reference transactions'] = await get('/v1/transactions?user_id=det&since=2026-01-01&limit=500&cursor=');
  if (accountId) out['accounts of user 2'] = await get('/api/v1/accounts?user_id=det2');
  return out;
}

describe('sandbox: determinism across a restart', () => {
  it('the same answers from a second process over the same database, and the same first answer to a repeated transfer', async () => {
    const { config, cleanup } = await testConfig({ ...SANDBOX_ENV, INGEST_SECRET: PLATFORM_SECRET });
    const clock = new TestClock(NOW);
    let first: Running | null = await start(config, clock);
    try {
      const partner = await first.deps.database.tx((trx) => createPartner(first!.deps, trx, { email: 'det@example.com', company: 'Det', activated: true }));
      const key = partner.testKey!;
      const h = { 'x-api-key': key };
      const accts = (await first.app.inject({ method: 'GET', url: '/api/v1/accounts?user_id=det', headers: h })).json().accounts;
      await first.app.inject({ method: 'GET', url: '/api/v1/accounts?user_id=det2', headers: h });
      const transferBody = { account_id: accts[0].account_id, amount_cents: 2_500, direction: 'debit', description: 'Rent share' };
      const tr1 = await first.app.inject({ method: 'POST', url: '/api/v1/transfers', headers: { ...h, 'idempotency-key': 'det-key' }, payload: transferBody });
      assert.equal(tr1.statusCode, 200);
      const link1 = await first.app.inject({ method: 'POST', url: '/v1/accounts/link', headers: h, payload: { public_token: 'public-sandbox-det', user_id: 'det' } });
      assert.equal(link1.statusCode, 200);
      const readsA = await readAll(first.app, key, accts[0].account_id);
      const readsA2 = await readAll(first.app, key, accts[0].account_id);
      assert.deepEqual(readsA2, readsA, 'twice in one process');
      await stop(first);
      first = null;

      const second = await start(config, clock);
      try {
        const readsB = await readAll(second.app, key, accts[0].account_id);
        assert.deepEqual(readsB, readsA, 'after a restart');
        const tr2 = await second.app.inject({ method: 'POST', url: '/api/v1/transfers', headers: { ...h, 'idempotency-key': 'det-key' }, payload: transferBody });
        assert.equal(tr2.statusCode, 200);
        assert.equal(tr2.headers['idempotent-replayed'], 'true');
        assert.deepEqual(tr2.json(), tr1.json());
        const link2 = await second.app.inject({ method: 'POST', url: '/v1/accounts/link', headers: h, payload: { public_token: 'public-sandbox-det', user_id: 'det' } });
        assert.equal(link2.statusCode, 400, 'the exchanged public token stays exchanged');
        // The link answered the accounts the listing answers.
        assert.deepEqual(link1.json().accounts, (readsB['/api/v1 accounts'] as { accounts: unknown }).accounts);
      } finally {
        await stop(second);
      }
    } finally {
      if (first) await stop(first);
      await cleanup();
    }
  });
});
