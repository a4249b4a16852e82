/**
 * Sandbox transfers settle at the start of their settlement date: `transfer.settled` is delivered (signed)
 * once per transfer, whatever the number of processes settling; a transfer refused for insufficient funds
 * sends `transfer.failed` at once and never settles. Both kinds are subscribable and documented.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import Stripe from 'stripe';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { sql, type Kysely } from 'kysely';
import { settleDueTransfers } from '../../src/areas/sandbox/repo.js';
import { runSettlementPass } from '../../src/areas/sandbox/settlement.js';
import { enqueueEvent } from '../../src/areas/webhooks/outbox.js';
import { runDeliveryPass } from '../../src/areas/webhooks/worker.js';
import type { Deps } from '../../src/context.js';
import { createDeps, createLogger } from '../../src/deps.js';
import { migrations } from '../../src/db/migrations/index.js';
import { buildTestApp, DIALECT, keyHeaders, TestClock, testConfig, type TestApp, type TestPartner } from '../helpers/app.js';
import { startReceiver, type Receiver } from '../webhooks/receiver.js';
import { NOW, SANDBOX_ENV, accounts, byKind, fundedUser } from './helpers.js';

const stripe = new Stripe('sk_test_dummy');
const addFormats = (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule;

interface Delivered {
  id: string;
  type: string;
  created_at: string;
  data: Record<string, unknown>;
}

describe('sandbox: transfers settle and fail with webhook events', () => {
  let t: TestApp;
  let rx: Receiver;
  let ajv: Ajv2020;
  const clock = new TestClock(NOW); // Wednesday 2026-11-18 15:30 UTC: transfers settle on Thursday 2026-11-19
  before(async () => {
    t = await buildTestApp({ clock, env: SANDBOX_ENV });
    rx = await startReceiver();
    const doc = (await t.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
    (addFormats as unknown as (a: Ajv2020) => void)(ajv);
    ajv.addSchema(doc, 'openapi.json');
  });
  after(async () => {
    await rx.close();
    await t.close();
  });

  async function subscribe(p: TestPartner, events: string[]) {
    const res = await t.inject({ method: 'POST', url: '/api/v1/webhooks', headers: keyHeaders(p, { secret: true }), payload: { url: rx.url, events, enabled: true } });
    assert.equal(res.statusCode, 200, res.body);
    return res.json() as { secret: string; events: string[] };
  }

  const transfer = (p: TestPartner, payload: object) => t.inject({ method: 'POST', url: '/api/v1/transfers', headers: keyHeaders(p), payload });

  /** Delivers what is due and returns the partner's deliveries received since `from`, verified against `secret` in two signature forms. */
  async function delivered(from: number, secret: string, expected: number): Promise<Delivered[]> {
    for (let i = 0; i < 50 && rx.received.length < from + expected; i++) await runDeliveryPass(t.deps);
    const got = rx.received.slice(from);
    assert.equal(got.length, expected, got.map((r) => r.body).join('\n'));
    return got.map((r) => {
      // Stripe's verifier (its tolerance widened: the test clock is days from the machine's).
      const event = stripe.webhooks.constructEvent(r.body, r.headers['service-signature'] as string, secret, 10 ** 9);
      assert.throws(() => stripe.webhooks.constructEvent(r.body.replace('"tr_', '"tx_'), r.headers['service-signature'] as string, secret, 10 ** 9));
      assert.equal(r.headers['x-service-signature'], createHmac('sha256', secret).update(r.body).digest('hex'));
      assert.equal(r.headers['x-service-event-type'], event.type);
      const body = JSON.parse(r.body) as Delivered;
      const validate = ajv.compile({ $ref: `openapi.json#/webhooks/${body.type}/post/requestBody/content/application~1json/schema` });
      assert.ok(validate(body), `${body.type} matches the document: ${ajv.errorsText(validate.errors)}`);
      return body;
    });
  }

  const transferRow = (id: string) => t.deps.database.db.selectFrom('sandbox_transfers').selectAll().where('transfer_id', '=', id).executeTakeFirstOrThrow();

  it('transfer.settled at the settlement date (both shapes), transfer.failed at once; each sent once, signed', async () => {
    const p = await t.partner();
    const cfg = await subscribe(p, ['transfer.settled', 'transfer.failed']);
    assert.deepEqual(cfg.events, ['transfer.settled', 'transfer.failed']);
    const user = await fundedUser(t, p, 'settle');
    const k = byKind(await accounts(t, p, user));
    const a = await transfer(p, { account_id: k.checking.account_id, amount_cents: 12_345, direction: 'debit', description: 'Rent share' });
    assert.equal(a.statusCode, 200, a.body);
    assert.equal(a.json().status, 'pending');
    assert.equal(a.json().expected_settlement, '2026-11-19');
    const b = await transfer(p, { from_account_id: k.savings.account_id, to_account_id: k.checking.account_id, amount: 50, currency: 'USD', memo: 'Top up' });
    assert.equal(b.statusCode, 200, b.body);
    assert.equal(b.json().status, 'submitted');
    const refused = await transfer(p, { account_id: k.checking.account_id, amount_cents: 100_000_000, direction: 'debit', description: 'Too much' });
    assert.equal(refused.json().status, 'failed');

    // The refusal's event goes at once; nothing has settled yet.
    const start = rx.received.length;
    assert.deepEqual(await runSettlementPass(t.deps), { settled: 0 });
    const [failed] = await delivered(start, cfg.secret, 1);
    assert.equal(failed.type, 'transfer.failed');
    assert.deepEqual(failed.data, {
      transfer_id: refused.json().transfer_id,
      account_id: k.checking.account_id,
      to_account_id: null,
      amount_cents: 100_000_000,
      direction: 'debit',
      status: 'failed',
      failed_at: new Date(NOW).toISOString(),
      failure_reason: refused.json().failure_reason,
    });

    // The last instant before the settlement date: still nothing.
    clock.set(Date.parse('2026-11-19T00:00:00.000Z') - 1);
    assert.deepEqual(await runSettlementPass(t.deps), { settled: 0 });
    // The settlement date has come: both settle, once.
    clock.set('2026-11-19T00:00:00.000Z');
    assert.deepEqual(await runSettlementPass(t.deps), { settled: 2 });
    assert.deepEqual(await runSettlementPass(t.deps), { settled: 0 }, 'a second pass settles nothing again');
    const settled = await delivered(start + 1, cfg.secret, 2);
    const byId = new Map(settled.map((e) => [e.data.transfer_id, e]));
    assert.ok(settled.every((e) => e.type === 'transfer.settled'));
    assert.deepEqual(byId.get(a.json().transfer_id)?.data, {
      transfer_id: a.json().transfer_id,
      account_id: k.checking.account_id,
      to_account_id: null,
      amount_cents: 12_345,
      direction: 'debit',
      status: 'settled',
      settled_at: '2026-11-19T00:00:00.000Z',
    });
    assert.deepEqual(byId.get(b.json().id)?.data, {
      transfer_id: b.json().id,
      account_id: k.savings.account_id,
      to_account_id: k.checking.account_id,
      amount_cents: 5_000,
      direction: 'debit',
      status: 'settled',
      settled_at: '2026-11-19T00:00:00.000Z',
    });
    // The stored status follows.
    for (const id of [a.json().transfer_id, b.json().id]) {
      const row = await transferRow(id);
      assert.equal(row.status, 'settled');
      assert.equal(Number(row.settled_at), Date.parse('2026-11-19T00:00:00.000Z'));
    }
    const failedRow = await transferRow(refused.json().transfer_id);
    assert.equal(failedRow.status, 'failed');
    assert.equal(failedRow.settled_at, null);
    // Later passes and deliveries send nothing more.
    clock.set('2026-11-25T12:00:00.000Z');
    assert.deepEqual(await runSettlementPass(t.deps), { settled: 0 });
    await runDeliveryPass(t.deps);
    assert.equal(rx.received.length, start + 3);
    clock.set(NOW);
  });

  it('a partner not subscribed gets nothing; an end-user erased before its settlement date leaves no event', async () => {
    const p = await t.partner();
    await subscribe(p, ['calculation.updated']);
    const q = await t.partner();
    await subscribe(q, ['transfer.settled']);
    const user = await fundedUser(t, p, 'quiet');
    const k = byKind(await accounts(t, p, user));
    assert.equal((await transfer(p, { account_id: k.checking.account_id, amount_cents: 100, direction: 'debit', description: 'x' })).statusCode, 200);
    const gone = await fundedUser(t, q, 'gone');
    const kq = byKind(await accounts(t, q, gone));
    assert.equal((await transfer(q, { account_id: kq.checking.account_id, amount_cents: 100, direction: 'debit', description: 'x' })).statusCode, 200);
    const erased = await t.inject({ method: 'DELETE', url: `/api/v1/ingest/user/${gone}`, headers: keyHeaders(q, { secret: true }) });
    assert.equal(erased.statusCode, 200);
    const start = rx.received.length;
    clock.set('2026-11-19T00:00:00.000Z');
    try {
      assert.deepEqual(await runSettlementPass(t.deps), { settled: 1 });
      for (let i = 0; i < 5; i++) await runDeliveryPass(t.deps);
      assert.equal(rx.received.length, start, 'neither the unsubscribed partner nor the erased end-user gets an event');
    } finally {
      clock.set(NOW);
    }
  });

  it('two services settling the same database at once send each transfer once; live rows are left to their provider', async () => {
    const p = await t.partner();
    const cfg = await subscribe(p, ['transfer.settled']);
    const ids: string[] = [];
    for (let u = 0; u < 6; u++) {
      const user = await fundedUser(t, p, `many${u}`);
      const k = byKind(await accounts(t, p, user));
      for (let i = 0; i < 5; i++) {
        const res = await transfer(p, { account_id: k.checking.account_id, amount_cents: 10 + i, direction: 'debit', description: `t${i}` });
        assert.equal(res.statusCode, 200, res.body);
        ids.push(res.json().transfer_id);
      }
    }
    // A row of another environment (what a live provider might keep) is never the sandbox's to settle.
    await t.deps.database.db
      .insertInto('sandbox_transfers')
      .values({
        transfer_id: 'tr_live_row',
        partner_id: p.id,
        environment: 'live',
        user_id: 'live-user',
        shape: 'A',
        account_id: 'acc_live',
        to_account_id: null,
        direction: 'debit',
        amount_cents: 100,
        description: 'x',
        rail: 'ach',
        status: 'pending',
        failure_code: null,
        created_at: NOW,
        created_day: '2026-11-18',
        settlement_day: '2026-11-19',
        settled_at: null,
      })
      .execute();
    const other: Deps = createDeps(t.config, { clock, log: createLogger(t.config), poolSize: 3 });
    const start = rx.received.length;
    clock.set('2026-11-19T00:00:00.000Z');
    try {
      // PostgreSQL: at once, each on its own pool (as two processes). SQLite: one after the other; its
      // connections in one process cannot interleave (a busy wait blocks the thread that holds the lock).
      const [x, y] =
        DIALECT === 'postgres'
          ? await Promise.all([runSettlementPass(t.deps), runSettlementPass(other)])
          : [await runSettlementPass(t.deps), await runSettlementPass(other)];
      assert.equal(x.settled + y.settled, 30);
      const events = await t.deps.database.db.selectFrom('webhook_events').select(['payload']).where('partner_id', '=', p.id).where('type', '=', 'transfer.settled').execute();
      const settledIds = events.map((e) => (JSON.parse(e.payload) as Delivered).data.transfer_id as string).sort();
      assert.deepEqual(settledIds, [...ids].sort(), 'one event per transfer');
      assert.equal((await transferRow('tr_live_row')).status, 'pending');
      const got = await delivered(start, cfg.secret, 30);
      assert.equal(new Set(got.map((e) => e.id)).size, 30);
    } finally {
      clock.set(NOW);
      await other.close();
    }
  });

  it('an erasure that meets a settlement committing its end-user\'s event removes that event too', async () => {
    const p = await t.partner();
    await subscribe(p, ['transfer.settled']);
    const user = await fundedUser(t, p, 'racing');
    const k = byKind(await accounts(t, p, user));
    assert.equal((await transfer(p, { account_id: k.checking.account_id, amount_cents: 100, direction: 'debit', description: 'x' })).statusCode, 200);
    clock.set('2026-11-19T00:00:00.000Z');
    try {
      // A settlement as the pass makes it (rows marked, event written), held open before its commit.
      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      let holding!: (pid: number) => void;
      const held = new Promise<number>((r) => (holding = r));
      const settlement = t.deps.database.tx(async (trx) => {
        const rows = await settleDueTransfers(trx, t.deps.database, '2026-11-19', 500);
        assert.equal(rows.length, 1);
        await enqueueEvent(t.deps, trx, { partnerId: p.id, environment: 'test', type: 'transfer.settled', data: { transfer_id: rows[0].transfer_id }, orderingKey: user, now: clock.now() });
        holding(DIALECT === 'postgres' ? (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx)).rows[0].pid : 0);
        await gate;
      });
      const pid = await held;
      const erasure = t.inject({ method: 'DELETE', url: `/api/v1/ingest/user/${user}`, headers: keyHeaders(p, { secret: true }) });
      if (DIALECT === 'postgres') {
        // The erasure waits for the settlement's row locks before it reaches the events.
        const deadline = Date.now() + 30_000;
        const blocked = async () => Number((await sql<{ n: string }>`select count(*) as n from pg_stat_activity where ${pid} = any(pg_blocking_pids(pid))`.execute(t.deps.database.db)).rows[0].n);
        while ((await blocked()) === 0) {
          assert.ok(Date.now() < deadline, 'the erasure never waited for the settlement');
          await new Promise((r) => setTimeout(r, 20));
        }
      }
      release();
      await settlement;
      const res = await erasure;
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json().erased.webhook_events, 1, res.body);
      const left = await t.deps.database.db.selectFrom('webhook_events').select('id').where('partner_id', '=', p.id).execute();
      assert.deepEqual(left, [], "no event about the erased end-user is left to send");
    } finally {
      clock.set(NOW);
    }
  });

  it('the event kinds are subscribable and documented; an unknown kind is still a 422', async () => {
    const p = await t.partner();
    const bad = await t.inject({ method: 'POST', url: '/api/v1/webhooks', headers: keyHeaders(p, { secret: true }), payload: { url: rx.url, events: ['transfer.reversed'], enabled: true } });
    assert.equal(bad.statusCode, 422);
    const doc = (await t.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const type of ['transfer.settled', 'transfer.failed', 'transfer.returned']) {
      assert.ok(doc.webhooks[type], `${type} in the document's webhooks`);
      assert.ok(doc.webhooks[type].post.requestBody.content['application/json'].example);
    }
  });
});

describe('sandbox: migration 0023 (transfer settlement)', () => {
  it('settles the transfers whose settlement date had passed, without an event; the later ones are left to the worker', async () => {
    const { config, cleanup } = await testConfig();
    const deps = createDeps(config, { log: createLogger(config), poolSize: 2 });
    try {
      const db = deps.database.db;
      // The database as the previous version left it.
      for (const [name, m] of Object.entries(migrations)) if (name < '0023') await m.up(db as unknown as Kysely<unknown>);
      // The partner as that version stored it (createPartner writes tables and columns of later migrations).
      const p = { id: 'ptr_mig' };
      await sql`insert into partners (id, name, email, email_lower, company, created_at, ingest_secret_hash, ingest_secret_enc)
          values (${p.id}, 'Mig Co', 'mig@example.com', 'mig@example.com', 'Mig Co', 0, 'x', 'x')`.execute(db);
      const today = new Date().toISOString().slice(0, 10);
      const row = (id: string, status: string, settlementDay: string) =>
        sql`insert into sandbox_transfers (transfer_id, partner_id, environment, user_id, shape, account_id, to_account_id, direction, amount_cents, description, rail, status, failure_code, created_at, created_day, settlement_day)
            values (${id}, ${p.id}, 'test', 'u', 'A', 'acc', null, 'debit', 100, 'x', 'ach', ${status}, null, 0, '2020-01-01', ${settlementDay})`.execute(db);
      await row('tr_old_a', 'pending', '2020-01-02');
      await row('tr_old_b', 'submitted', '2021-06-01');
      await row('tr_failed', 'failed', '2020-01-02');
      await row('tr_today', 'pending', today);
      await migrations['0023_sandbox_transfer_settlement'].up(db as unknown as Kysely<unknown>);
      const rows = await db.selectFrom('sandbox_transfers').select(['transfer_id', 'status', 'settled_at']).orderBy('transfer_id').execute();
      assert.deepEqual(
        rows.map((r) => ({ ...r, settled_at: r.settled_at === null ? null : Number(r.settled_at) })),
        [
          { transfer_id: 'tr_failed', status: 'failed', settled_at: null },
          { transfer_id: 'tr_old_a', status: 'settled', settled_at: Date.parse('2020-01-02T00:00:00.000Z') },
          { transfer_id: 'tr_old_b', status: 'settled', settled_at: Date.parse('2021-06-01T00:00:00.000Z') },
          { transfer_id: 'tr_today', status: 'pending', settled_at: null },
        ],
      );
      assert.deepEqual(await db.selectFrom('webhook_events').select('id').execute(), []);
    } finally {
      await deps.close();
      await cleanup();
    }
  });
});
