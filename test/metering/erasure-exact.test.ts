/**
 * Erasure and billing stay exact across processes: once an erasure was asked for, no table on any
 * process holds the end-user's raw id, whatever the answer and whenever the meters flush; every
 * end-user served stays counted (as a placeholder); the answer names a count still waiting in the
 * answering process's meter.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { createPartner } from '../../src/areas/partners/service.js';
import { lockUsage } from '../../src/areas/metering/repo.js';
import type { Deps } from '../../src/context.js';
import { buildTestApp, DIALECT, keyHeaders, type TestApp, type TestPartner } from '../helpers/app.js';
import { callWithSecret, startCluster, type Cluster } from '../helpers/cluster.js';
import type { ServerProcess } from '../helpers/process.js';

/** Polls `check` until it holds (generous overall bound: the machine is shared). */
async function until(what: string, check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Every row of the partner that names an end-user, in each store an erasure must clear. */
async function storedIds(deps: Deps, partnerId: string): Promise<{ usage: string[]; calculations: string[]; events: string[] }> {
  const db = deps.database.db;
  const usage = (await db.selectFrom('usage_end_users').select('end_user_id').where('partner_id', '=', partnerId).execute()).map((r) => r.end_user_id);
  const calculations = (await db.selectFrom('calculations').select('end_user_id').where('partner_id', '=', partnerId).execute()).map((r) => r.end_user_id);
  const events = (await db.selectFrom('webhook_events').select('ordering_key').where('partner_id', '=', partnerId).execute()).map((r) => r.ordering_key ?? '');
  return { usage, calculations, events };
}

/**
 * Runs fn(0..n-1), `width` at a time: the erasures of one partner take turns on its usage lock, and a
 * hundred at once would wait past the pool's 5 s on a busy machine.
 */
async function eachOf(n: number, width: number, fn: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < n) await fn(next++);
    }),
  );
}

function erasedTotal(body: { erased: Record<string, number> }): number {
  return Object.values(body.erased).reduce((a, b) => a + b, 0);
}

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

  it('no process writes an erased raw id after any process answered the erasure, whatever it answered; each served end-user is billed once', async () => {
    const p = await deps.database.tx((trx) => createPartner(deps, trx, { email: 'exact@example.com', company: 'Exact Co', activated: true }));
    const key = p.liveKey!;
    const secret = p.ingestSecret;
    // Stored (a cached calculation), erased on the other process.
    await eachOf(50, 8, async (i) => {
      const ing = await call(a, 'POST', '/api/v1/ingest', key, secret, { end_user_id: `erase_${i}`, cash_balance: 10 });
      assert.equal(ing.status, 201);
      const del = await call(b, 'DELETE', `/api/v1/ingest/user/erase_${i}`, key, secret);
      assert.equal(del.status, 200, await del.text());
    });
    // Calculated (only process a's meter holds the id), erased at once on process a: the answer names the count
    // still waiting (or the row, when a's flush came first).
    await eachOf(100, 8, async (i) => {
      const calc = await call(a, 'POST', '/api/v1/calculate/safe-to-spend', key, secret, { end_user_id: `same_${i}` });
      assert.equal(calc.status, 200);
      const del = await call(a, 'DELETE', `/api/v1/ingest/user/same_${i}`, key, secret);
      const body = await del.text();
      assert.equal(del.status, 200, body);
      const erased = (JSON.parse(body) as { erased: Record<string, number> }).erased;
      assert.equal(erased.usage_end_users + erased.usage_end_users_pending, 1, body);
    });
    // Calculated on a, erased at once on b: b cannot see a's meter (404 unless a's flush came first), and
    // the erasure it recorded still keeps a's flush from writing the id.
    await eachOf(100, 8, async (i) => {
      const calc = await call(a, 'POST', '/api/v1/calculate/safe-to-spend', key, secret, { end_user_id: `cross_${i}` });
      assert.equal(calc.status, 200);
      const del = await call(b, 'DELETE', `/api/v1/ingest/user/cross_${i}`, key, secret);
      assert.ok([200, 404].includes(del.status), `${del.status} ${await del.text()}`);
    });
    // Every count written by both processes' flushes: one row per end-user served.
    await until('every count to be flushed', async () => (await storedIds(deps, p.id)).usage.length >= 250);
    const ids = await storedIds(deps, p.id);
    assert.deepEqual(ids.usage.filter((id) => !id.startsWith('erased_')), [], 'no erased raw id is written back by either process');
    assert.equal(ids.usage.length, 250, 'each end-user served counts once, as its placeholder');
    assert.deepEqual(ids.calculations, []);
    assert.deepEqual(ids.events, []);
    const usage = (await (await call(b, 'GET', '/api/v1/usage', key, secret)).json()) as { production: { unique_end_users: number } };
    assert.equal(usage.production.unique_end_users, 250);
    // Nothing is left to erase: erasing again answers 404 and counts nothing twice.
    for (const id of ['erase_0', 'same_0', 'cross_0']) assert.equal((await call(a, 'DELETE', `/api/v1/ingest/user/${id}`, key, secret)).status, 404);
    const erasures = await deps.database.db.selectFrom('usage_erasures').select('id_pseudonym').where('partner_id', '=', p.id).execute();
    assert.equal(erasures.length, 250, 'every erasure is remembered, 404s included');
    assert.ok(erasures.every((e) => !/erase_|same_|cross_/.test(e.id_pseudonym)), 'erasures are remembered by pseudonym, never the id');
  });
});

describe('erasure and billing in one process', () => {
  let t: TestApp;
  let p: TestPartner;
  let h: Record<string, string>;
  before(async () => {
    // No periodic flush: the counts wait in the meter until the test flushes.
    t = await buildTestApp({ env: { USAGE_FLUSH_MS: '60000', RATE_LIMIT_PER_SECOND: '100000' } });
    p = await t.partner();
    h = keyHeaders(p, { env: 'live', secret: true });
  });
  after(() => t.close());

  it('a calculate then an immediate erasure, 100 end-users: 200 naming the count waiting in the meter, the flush writes no raw id, all stay billed', async () => {
    for (let i = 0; i < 100; i++) {
      const calc = await t.inject({ method: 'POST', url: '/api/v1/calculate/safe-to-spend', headers: h, payload: { end_user_id: `z_${i}` } });
      assert.equal(calc.statusCode, 200);
      const del = await t.inject({ method: 'DELETE', url: `/api/v1/ingest/user/z_${i}`, headers: h });
      assert.equal(del.statusCode, 200, del.body);
      const body = del.json();
      assert.equal(body.deleted, true);
      assert.equal(body.erased.usage_end_users_pending, 1, del.body);
      assert.equal(erasedTotal(body), 1, 'nothing else was stored');
      // The waiting count is the placeholder now: a retry finds nothing left to erase.
      if (i === 0) assert.equal((await t.inject({ method: 'DELETE', url: `/api/v1/ingest/user/z_${i}`, headers: h })).statusCode, 404);
    }
    const erasures = await t.deps.database.db.selectFrom('usage_erasures').select('id_pseudonym').where('partner_id', '=', p.id).execute();
    assert.equal(erasures.length, 100);
    await t.deps.usage.flush();
    const ids = (await storedIds(t.deps, p.id)).usage;
    assert.equal(ids.length, 100);
    assert.deepEqual(ids.filter((id) => !id.startsWith('erased_')), [], 'the flush wrote placeholders only');
    const usage = (await t.inject({ method: 'GET', url: '/api/v1/usage', headers: h })).json();
    assert.equal(usage.production.unique_end_users, 100);
    assert.equal(usage.production.estimated_bill_usd, 5);
    // Nothing holds the id any more: 404.
    const again = await t.inject({ method: 'DELETE', url: '/api/v1/ingest/user/z_0', headers: h });
    assert.equal(again.statusCode, 404);
    assert.equal(again.json().code, 'not_found');
  });

  it('an id nothing holds answers 404, and its erasure is still recorded: the id sent later is never written', async () => {
    const q = await t.partner();
    const hq = keyHeaders(q, { env: 'live', secret: true });
    const del = await t.inject({ method: 'DELETE', url: '/api/v1/ingest/user/never-seen', headers: hq });
    assert.equal(del.statusCode, 404);
    assert.match(del.json().detail, /No stored data for end user 'never-seen'/);
    const erasures = await t.deps.database.db.selectFrom('usage_erasures').select('id_pseudonym').where('partner_id', '=', q.id).execute();
    assert.equal(erasures.length, 1);
    assert.equal((await t.inject({ method: 'POST', url: '/api/v1/calculate/safe-to-spend', headers: hq, payload: { end_user_id: 'never-seen' } })).statusCode, 200);
    await t.deps.usage.flush();
    const ids = (await storedIds(t.deps, q.id)).usage;
    assert.equal(ids.length, 1);
    assert.match(ids[0], /^erased_/);
  });

  it('stored and waiting in the meter: both are named, and the flush writes the placeholder', async () => {
    const q = await t.partner();
    const hq = keyHeaders(q, { env: 'live', secret: true });
    assert.equal((await t.inject({ method: 'POST', url: '/api/v1/ingest', headers: hq, payload: { end_user_id: 'pending_1' } })).statusCode, 201);
    const del = await t.inject({ method: 'DELETE', url: '/api/v1/ingest/user/pending_1', headers: hq });
    assert.equal(del.statusCode, 200);
    assert.equal(del.json().erased.calculations, 1);
    assert.equal(del.json().erased.usage_end_users_pending, 1);
    await t.deps.usage.flush();
    const ids = await storedIds(t.deps, q.id);
    assert.equal(ids.usage.length, 1);
    assert.match(ids.usage[0], /^erased_/);
    assert.deepEqual(ids.calculations, []);
  });

  it('a count a flush has taken and not yet written is named too, and written as the placeholder', async () => {
    const q = await t.partner();
    const hq = keyHeaders(q, { env: 'live', secret: true });
    assert.equal((await t.inject({ method: 'POST', url: '/api/v1/calculate/safe-to-spend', headers: hq, payload: { end_user_id: 'in_flight' } })).statusCode, 200);
    // Hold what a flush and an erasure both need (PostgreSQL: the partner's usage lock; SQLite: the one
    // connection), queue the erasure, then the flush behind it, and let them go.
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let held!: () => void;
    const holding = new Promise<void>((r) => (held = r));
    const holder = t.deps.database.tx(async (trx) => {
      await lockUsage(trx, t.deps.database, q.id, 'live');
      held();
      await gate;
    });
    await holding;
    const waiters = async () => {
      if (DIALECT !== 'postgres') return 0;
      const r = await sql<{ n: string }>`select count(*) as n from pg_locks where locktype = 'advisory' and not granted and objid::bigint = (hashtext(${`usage|${q.id}|live`})::bigint & 4294967295)`.execute(t.deps.database.db);
      return Number(r.rows[0].n);
    };
    const erasure = t.inject({ method: 'DELETE', url: '/api/v1/ingest/user/in_flight', headers: hq });
    if (DIALECT === 'postgres') await until('the erasure to wait for the usage lock', async () => (await waiters()) === 1);
    const flush = t.deps.usage.flush();
    if (DIALECT === 'postgres') await until('the flush to wait behind it', async () => (await waiters()) === 2);
    release();
    await holder;
    const del = await erasure;
    await flush;
    assert.equal(del.statusCode, 200, del.body);
    assert.equal(del.json().erased.usage_end_users + del.json().erased.usage_end_users_pending, 1, del.body);
    if (DIALECT === 'postgres') assert.equal(del.json().erased.usage_end_users_pending, 1, 'the erasure went first: the count was in the flush');
    const ids = (await storedIds(t.deps, q.id)).usage;
    assert.equal(ids.length, 1);
    assert.match(ids[0], /^erased_/);
  });
});
