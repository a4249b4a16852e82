/** /livez and /readyz: what an orchestrator or load balancer reads. */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { migrate } from '../../src/db/database.js';
import { createDeps, createLogger } from '../../src/deps.js';
import type { Config } from '../../src/config.js';
import type { Deps } from '../../src/context.js';
import { buildTestApp, databaseEnv, testConfig, type TestApp } from '../helpers/app.js';
import { startServer } from '../helpers/process.js';

describe('liveness and readiness probes', () => {
  let t: TestApp;
  before(async () => {
    t = await buildTestApp();
  });
  after(() => t.close());

  it('both answer 200 on a healthy process, without credentials', async () => {
    const live = await t.inject({ method: 'GET', url: '/livez' });
    assert.equal(live.statusCode, 200);
    assert.deepEqual(live.json(), { status: 'ok' });
    const ready = await t.inject({ method: 'GET', url: '/readyz' });
    assert.equal(ready.statusCode, 200, ready.body);
    assert.equal(ready.json().status, 'ready');
    assert.deepEqual(ready.json().pending_migrations, []);
    assert.equal(ready.json().draining, false);
  });

  it('readiness is 503 while a migration of this build is not applied, and while stopping', async () => {
    const db = t.deps.database.db;
    const last = (await sql<{ name: string }>`select max(name) as name from schema_migrations`.execute(db)).rows[0];
    await sql`delete from schema_migrations where name = ${last.name}`.execute(db);
    const pending = await t.inject({ method: 'GET', url: '/readyz' });
    assert.equal(pending.statusCode, 503);
    assert.deepEqual(pending.json().pending_migrations, [last.name]);
    assert.equal((await t.inject({ method: 'GET', url: '/livez' })).statusCode, 200, 'alive all the same');
    await sql`insert into schema_migrations (name, applied_at) values (${last.name}, ${Date.now()})`.execute(db);
    assert.equal((await t.inject({ method: 'GET', url: '/readyz' })).statusCode, 200);

    t.deps.lifecycle.draining = true;
    const draining = await t.inject({ method: 'GET', url: '/readyz' });
    assert.equal(draining.statusCode, 503);
    assert.equal(draining.json().draining, true);
    t.deps.lifecycle.draining = false;
  });
});

describe('readiness during a stop (real process)', () => {
  let config: Config;
  let cleanup: () => Promise<void>;
  let deps: Deps;
  before(async () => {
    ({ config, cleanup } = await testConfig());
    deps = createDeps(config, { log: createLogger(config), poolSize: 1 });
    await migrate(deps.database);
  });
  after(async () => {
    await deps.database.close();
    await cleanup();
  });

  it('from SIGTERM, /readyz answers 503 for DRAIN_DELAY_MS while requests are still served; then the process exits 0', async () => {
    const s = await startServer({ ...databaseEnv(config), RUN_WORKERS: 'false', SEED_DEMO_PARTNER: 'false', DRAIN_DELAY_MS: '1500' });
    assert.equal((await fetch(`${s.baseUrl}/readyz`)).status, 200);
    s.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    const ready = await fetch(`${s.baseUrl}/readyz`);
    assert.equal(ready.status, 503);
    assert.equal(((await ready.json()) as { draining: boolean }).draining, true);
    assert.equal((await fetch(`${s.baseUrl}/livez`)).status, 200);
    assert.equal((await fetch(`${s.baseUrl}/api/v1/health`)).status, 200, 'still serving while draining');
    assert.equal(await s.exited, 0, s.output());
  });
});
