/**
 * Erasure and billing stay exact across processes: an end-user erased on one process never
 * comes back from another process's usage flush, and every end-user served stays counted.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createPartner } from '../../src/areas/partners/service.js';
import type { Deps } from '../../src/context.js';
import { buildTestApp, keyHeaders } from '../helpers/app.js';
import { callWithSecret, startCluster, type Cluster } from '../helpers/cluster.js';
import type { ServerProcess } from '../helpers/process.js';

describe('erasure and billing across two processes', () => {
  let cluster: Cluster;
  let deps: Deps;
  let a: ServerProcess;
  let b: ServerProcess;
  before(async () => {
    cluster = await startCluster(2, { RUN_WORKERS: 'false', USAGE_FLUSH_MS: '100' });
    ({ deps } = cluster);
    [a, b] = cluster.servers;
  });
  after(async () => {
    await cluster?.close();
  });

  const call = callWithSecret;

  it('an erasure answered on one process is never undone by the other process’s flush; 404 erasures leave the count', async () => {
    const p = await deps.database.tx((trx) => createPartner(deps, trx, { email: 'exact@example.com', company: 'Exact Co', activated: true }));
    const key = p.liveKey!;
    const secret = p.ingestSecret;
    await Promise.all(
      Array.from({ length: 100 }, async (_, i) => {
        const ing = await call(a, 'POST', '/api/v1/ingest', key, secret, { end_user_id: `erase_${i}`, cash_balance: 10 });
        assert.equal(ing.status, 201);
        const del = await call(b, 'DELETE', `/api/v1/ingest/user/erase_${i}`, key, secret);
        assert.equal(del.status, 200, await del.text());
      }),
    );
    // Served, then erased at once: whether the count was flushed yet (200, anonymised) or not
    // (404, nothing stored), the end-user stays billed.
    await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const calc = await call(a, 'POST', '/api/v1/calculate/safe-to-spend', key, secret, { end_user_id: `billed_${i}` });
        assert.equal(calc.status, 200);
        const del = await call(b, 'DELETE', `/api/v1/ingest/user/billed_${i}`, key, secret);
        assert.ok([200, 404].includes(del.status), String(del.status));
      }),
    );
    // Several flush intervals of both processes.
    await new Promise((r) => setTimeout(r, 1500));
    const rows = await deps.database.db.selectFrom('usage_end_users').select('end_user_id').where('partner_id', '=', p.id).execute();
    const ids = rows.map((r) => r.end_user_id);
    assert.deepEqual(ids.filter((id) => id.startsWith('erase_')), [], 'no erased raw id is written back');
    assert.equal(ids.filter((id) => !id.startsWith('erased_')).every((id) => id.startsWith('billed_')), true);
    assert.equal(ids.length, 120, 'each end-user served counts once, erased ones as placeholders');
    const usage = (await (await call(b, 'GET', '/api/v1/usage', key, secret)).json()) as { production: { unique_end_users: number; estimated_bill_usd: number } };
    assert.equal(usage.production.unique_end_users, 120);
    // Erasing again changes nothing and counts nothing twice.
    const again = await call(a, 'DELETE', '/api/v1/ingest/user/erase_0', key, secret);
    assert.equal(again.status, 404);
    const erasures = await deps.database.db.selectFrom('usage_erasures').select('id_pseudonym').where('partner_id', '=', p.id).execute();
    assert.ok(erasures.length >= 100);
    assert.ok(erasures.every((e) => !e.id_pseudonym.includes('erase_')), 'erasures are remembered by pseudonym, never the id');
  });
});

describe('erasure and billing in one process', () => {
  it('a served end-user erased before its count was written answers 404, changes nothing and is still billed', async () => {
    // An erasure weighs 3 of the key's per-second limit (src/routes/partner-api/weights.ts): 20 of them and 20 calculations come within a second.
    const t = await buildTestApp({ env: { USAGE_FLUSH_MS: '60000', RATE_LIMIT_PER_SECOND: '1000' } });
    try {
      const p = await t.partner();
      const h = keyHeaders(p, { env: 'live', secret: true });
      for (let i = 0; i < 20; i++) {
        const calc = await t.inject({ method: 'POST', url: '/api/v1/calculate/safe-to-spend', headers: h, payload: { end_user_id: `z_${i}` } });
        assert.equal(calc.statusCode, 200);
        const del = await t.inject({ method: 'DELETE', url: `/api/v1/ingest/user/z_${i}`, headers: h });
        assert.equal(del.statusCode, 404);
      }
      const erasures = await t.deps.database.db.selectFrom('usage_erasures').select('id_pseudonym').execute();
      assert.equal(erasures.length, 0, 'a 404 erasure records nothing');
      await t.deps.usage.flush();
      const usage = (await t.inject({ method: 'GET', url: '/api/v1/usage', headers: h })).json();
      assert.equal(usage.production.unique_end_users, 20);
      assert.equal(usage.production.estimated_bill_usd, 1);

      // Ingested (stored), erased before the meter wrote the id: the flush writes the placeholder.
      const ing = await t.inject({ method: 'POST', url: '/api/v1/ingest', headers: h, payload: { end_user_id: 'pending_1' } });
      assert.equal(ing.statusCode, 201);
      assert.equal((await t.inject({ method: 'DELETE', url: '/api/v1/ingest/user/pending_1', headers: h })).statusCode, 200);
      await t.deps.usage.flush();
      const ids = (await t.deps.database.db.selectFrom('usage_end_users').select('end_user_id').where('partner_id', '=', p.id).execute()).map((r) => r.end_user_id);
      assert.ok(!ids.includes('pending_1'));
      assert.equal(ids.length, 21);
    } finally {
      await t.close();
    }
  });
});
