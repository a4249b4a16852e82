/** A graceful stop always finishes its work, whatever a client leaves open. */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { createPartner } from '../../src/areas/partners/service.js';
import type { Config } from '../../src/config.js';
import type { Deps } from '../../src/context.js';
import { migrate } from '../../src/db/database.js';
import { createDeps, createLogger } from '../../src/deps.js';
import { databaseEnv, testConfig } from '../helpers/app.js';
import { startServer } from '../helpers/process.js';

describe('graceful stop', () => {
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

  it('a request whose body stalls is cut at the end of the grace period; the stop still flushes usage and exits 0', async () => {
    const p = await deps.database.tx((trx) => createPartner(deps, trx, { email: 'stop@example.com', company: 'Stop Co', activated: true }));
    const s = await startServer({
      ...databaseEnv(config),
      RUN_WORKERS: 'false',
      SEED_DEMO_PARTNER: 'false',
      USAGE_FLUSH_MS: '60000',
      SHUTDOWN_GRACE_MS: '1500',
    });
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${s.baseUrl}/api/v1/calculate/safe-to-spend`, {
        method: 'POST',
        headers: { 'x-api-key': p.liveKey!, 'content-type': 'application/json' },
        body: JSON.stringify({ end_user_id: `stop_${i}` }),
      });
      assert.equal(res.status, 200);
    }
    // Headers promise 100 bytes of body; 10 arrive, then nothing.
    const { port } = new URL(s.baseUrl);
    const stalled = net.connect(Number(port), '127.0.0.1');
    await new Promise((r) => stalled.once('connect', r));
    stalled.write(
      `POST /api/v1/calculate/safe-to-spend HTTP/1.1\r\nHost: x\r\nX-API-Key: ${p.liveKey}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"end_user`,
    );
    const closed = new Promise((r) => stalled.once('close', r));
    stalled.on('error', () => {});
    await new Promise((r) => setTimeout(r, 200));

    const started = Date.now();
    s.child.kill('SIGTERM');
    const code = await s.exited;
    const took = Date.now() - started;
    assert.equal(code, 0, s.output());
    assert.ok(took < 10_000, `stopped in ${took} ms`);
    await closed;
    assert.match(s.output(), /grace period over/);
    const calls = await deps.database.db.selectFrom('usage_daily').select('calls').where('partner_id', '=', p.id).execute();
    // Six calls: a call counts once its key is accepted, which the stalled request's headers were.
    assert.equal(calls.reduce((a, r) => a + Number(r.calls), 0), 6, 'the final flush ran');
    const users = await deps.database.db.selectFrom('usage_end_users').select('end_user_id').where('partner_id', '=', p.id).execute();
    assert.equal(users.length, 5);
  });
});
