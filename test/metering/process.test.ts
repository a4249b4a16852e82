/** The real server process: a graceful stop loses no count; a SIGKILL loses at most what was counted since the last flush. */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createPartner } from '../../src/areas/partners/service.js';
import type { Config } from '../../src/config.js';
import type { Deps } from '../../src/context.js';
import { migrate } from '../../src/db/database.js';
import { createDeps, createLogger } from '../../src/deps.js';
import { databaseEnv, testConfig } from '../helpers/app.js';
import { startServer } from '../helpers/process.js';

const FLUSH_MS = 250;

function envOf(config: Config): Record<string, string | undefined> {
  return {
    ...databaseEnv(config),
    RUN_WORKERS: 'false',
    SEED_DEMO_PARTNER: 'false',
    USAGE_FLUSH_MS: String(FLUSH_MS),
    RATE_LIMIT_PER_SECOND: '100000',
  };
}

describe('usage counts across process stops', () => {
  let config: Config;
  let cleanup: () => Promise<void>;
  let deps: Deps;
  before(async () => {
    ({ config, cleanup } = await testConfig());
    deps = createDeps(config, { log: createLogger(config), poolSize: 2 });
    await migrate(deps.database);
  });
  after(async () => {
    await deps.database.close();
    await cleanup();
  });

  async function newPartner() {
    return deps.database.tx((trx) => createPartner(deps, trx, { email: `proc_${Math.random().toString(36).slice(2)}@example.com`, company: 'Proc Co', activated: true }));
  }
  async function counted(partnerId: string) {
    const calls = await deps.database.db.selectFrom('usage_daily').select('calls').where('partner_id', '=', partnerId).execute();
    const users = await deps.database.db.selectFrom('usage_end_users').select('end_user_id').where('partner_id', '=', partnerId).execute();
    return { calls: calls.reduce((a, r) => a + Number(r.calls), 0), users: users.length };
  }
  async function burst(baseUrl: string, key: string, n: number, prefix: string) {
    const res = await Promise.all(
      Array.from({ length: n }, (_, i) =>
        fetch(`${baseUrl}/api/v1/calculate/safe-to-spend`, {
          method: 'POST',
          headers: { 'x-api-key': key, 'content-type': 'application/json' },
          body: JSON.stringify({ end_user_id: `${prefix}${i}` }),
        }).then((r) => r.status),
      ),
    );
    assert.deepEqual(new Set(res), new Set([200]));
  }

  it('SIGTERM: every acknowledged call and end-user is written before the process exits', async () => {
    const p = await newPartner();
    // A long interval: only the shutdown flush can have written these.
    const s = await startServer({ ...envOf(config), USAGE_FLUSH_MS: '60000' });
    await burst(s.baseUrl, p.liveKey!, 60, 'g');
    assert.deepEqual(await counted(p.id), { calls: 0, users: 0 }, 'nothing written on the request path');
    s.child.kill('SIGTERM');
    assert.equal(await s.exited, 0, s.output());
    assert.deepEqual(await counted(p.id), { calls: 60, users: 60 });
  });

  it('SIGKILL: what was flushed stays; at most the last interval is lost', async () => {
    const p = await newPartner();
    const s = await startServer(envOf(config));
    await burst(s.baseUrl, p.liveKey!, 40, 'k');
    // Two intervals later the periodic flush (no worker process needed) has written them.
    await new Promise((r) => setTimeout(r, FLUSH_MS * 3));
    assert.deepEqual(await counted(p.id), { calls: 40, users: 40 });
    await burst(s.baseUrl, p.liveKey!, 25, 'late');
    s.child.kill('SIGKILL');
    await s.exited;
    const after = await counted(p.id);
    assert.ok(after.calls >= 40 && after.calls <= 65, JSON.stringify(after));
    assert.ok(after.users >= 40 && after.users <= 65, JSON.stringify(after));
  });
});
