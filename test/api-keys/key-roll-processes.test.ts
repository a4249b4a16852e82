/** A key roll's overlap on two server processes (PostgreSQL): NOTIFY for the changes, the cache's own expiry for the overlap's end. */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createPartner } from '../../src/areas/partners/service.js';
import type { Deps } from '../../src/context.js';
import { DIALECT } from '../helpers/app.js';
import { callWithSecret, startCluster, type Cluster } from '../helpers/cluster.js';
import type { ServerProcess } from '../helpers/process.js';

describe('key rolls with an overlap across two processes (PostgreSQL: NOTIFY and the overlap end)', { skip: DIALECT !== 'postgres' && 'one process owns a SQLite file' }, () => {
  let cluster: Cluster;
  let deps: Deps;
  let a: ServerProcess;
  let b: ServerProcess;
  before(async () => {
    cluster = await startCluster(2, { RUN_WORKERS: 'false', CREDENTIAL_FAILURE_LIMIT: '1000' }, { startTimeoutMs: 90_000 });
    ({ deps } = cluster);
    [a, b] = cluster.servers;
  });
  after(async () => {
    await cluster?.close();
  });

  const me = async (s: ServerProcess, key: string) => (await fetch(`${s.baseUrl}/api/v1/me`, { headers: { 'x-api-key': key } })).status;

  /** Polls until `fn` answers `status`: the other process learns of a change by NOTIFY, a moment after the commit. */
  async function eventually(fn: () => Promise<number>, status: number, ms = 5000): Promise<number> {
    const deadline = Date.now() + ms;
    let last = 0;
    while (Date.now() < deadline) {
      last = await fn();
      if (last === status) return last;
      await new Promise((r) => setTimeout(r, 20));
    }
    return last;
  }

  it('the other process, whose cache held the old key, takes both during the overlap and refuses the old one from its end', async () => {
    const p = await deps.database.tx((trx) => createPartner(deps, trx, { email: 'roll-two@example.com', company: 'Roll Two', activated: true }));
    const old = p.testKey!;
    assert.equal(await me(b, old), 200, 'cached on b');
    const rolled = await callWithSecret(a, 'POST', '/api/v1/key/rotate', old, p.ingestSecret, { key_type: 'sandbox', overlap_seconds: 3 });
    assert.equal(rolled.status, 200, await rolled.clone().text());
    const answer = (await rolled.json()) as { new_key: string; previous_expires_at: string };
    const end = Date.parse(answer.previous_expires_at);
    assert.equal(await eventually(() => me(b, answer.new_key), 200), 200, 'the new key works on the other process');
    // Some time before the end both work on both processes (the machine may be slow: only while there is time left).
    if (Date.now() < end - 500) {
      assert.equal(await me(b, old), 200);
      assert.equal(await me(a, old), 200);
    }
    await new Promise((r) => setTimeout(r, Math.max(0, end - Date.now()) + 50));
    assert.equal(await me(b, old), 401, 'the overlap is over on the other process too');
    assert.equal(await me(a, old), 401);
    assert.equal(await me(b, answer.new_key), 200);
  });

  it('"Expire now" on one process stops the old key on the other at once', async () => {
    const p = await deps.database.tx((trx) => createPartner(deps, trx, { email: 'roll-three@example.com', company: 'Roll Three', activated: true }));
    const old = p.testKey!;
    const rolled = await callWithSecret(a, 'POST', '/api/v1/key/rotate', old, p.ingestSecret, { key_type: 'sandbox', overlap_seconds: 3600 });
    assert.equal(rolled.status, 200);
    assert.equal(await me(b, old), 200, 'cached on b during the overlap');
    assert.equal(await me(b, old), 200);
    const login = await fetch(`${a.baseUrl}/api/auth/partner/key-login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key: ((await rolled.json()) as { new_key: string }).new_key }),
    });
    assert.equal(login.status, 200, await login.clone().text());
    const session = ((await login.json()) as { token: string }).token;
    const ended = await fetch(`${a.baseUrl}/api/partners/me/api-keys/test/expire-previous`, { method: 'POST', headers: { authorization: `Bearer ${session}` } });
    assert.equal(ended.status, 200, await ended.clone().text());
    assert.equal(await eventually(() => me(b, old), 401), 401, 'b forgot the old key');
  });
});
