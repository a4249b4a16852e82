/**
 * The test and the live key of one partner never share state: the same identifier used
 * in both environments (an idempotency key, a usage event id, a public token, a user's
 * remembered cursor) is two things. Live sandbox-layer calls go to a stub aggregator
 * registered under a name of this file (a production-enabled partner, as live calls need).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { buildTestApp, DIALECT, keyHeaders, TestClock, type TestApp, type TestPartner } from '../helpers/app.js';
import { registerLiveProvider, type AccountDataProvider, type TransactionPageQuery, type TransferRequest } from '../../src/areas/sandbox/provider.js';
import { insertItem } from '../../src/areas/sandbox/repo.js';
import { userModel } from '../../src/domain/sandbox/model.js';
import { NOW, SANDBOX_ENV, accounts, byKind, fundedUser, usageEvents } from './helpers.js';

const PROVIDER = 'environments-test-aggregator';

describe('sandbox: environments never share state', () => {
  let t: TestApp;
  let p: TestPartner;
  const transfers: TransferRequest[] = [];
  const pageQueries: TransactionPageQuery[] = [];
  /** Transaction ids the live stub answers with (set per test). */
  let liveTxnIds: string[] = [];

  before(async () => {
    const stub: AccountDataProvider = {
      name: PROVIDER,
      createLinkToken: async () => ({ link_token: 'link-production-x', expiration: new Date(NOW).toISOString(), request_id: 'r' }),
      exchangePublicToken: async () => null,
      getAccounts: async () => [],
      getTransactions: async (_ctx, _user, q) => {
        pageQueries.push(q);
        return {
          transactions: liveTxnIds.map((id, i) => ({
            transaction_id: id,
            account_id: 'live_acc',
            merchant_name: 'Live merchant',
            amount: 1.5,
            iso_currency_code: 'USD',
            date: '2026-11-10',
            pending: false,
            personal_finance_category_primary: 'GENERAL_MERCHANDISE',
            amount_cents: 150,
            sort_key: `2026-11-10|0|${String(i).padStart(4, '0')}`,
          })),
          total: q.order === 'desc' ? liveTxnIds.length : null,
        };
      },
      createTransfer: async (ctx, _db, req) => {
        transfers.push(req);
        return { userId: 'live-user', transferId: `tr_live_${transfers.length}`, status: 'pending', rail: 'ach', createdAt: ctx.now, settlementDay: '2026-11-19', failure: null };
      },
      forecastCashflow: async () => {
        throw new Error('not used');
      },
    };
    t = await buildTestApp({ clock: new TestClock(NOW), env: { ...SANDBOX_ENV, AGGREGATOR_PROVIDER: PROVIDER } });
    registerLiveProvider(t.deps, PROVIDER, () => stub);
    p = await t.partner();
  });
  after(() => t.close());

  const transfer = (env: 'test' | 'live', key: string, body: object) =>
    t.inject({ method: 'POST', url: '/api/v1/transfers', headers: { ...keyHeaders(p, { env }), 'idempotency-key': key }, payload: body });

  it('an idempotency key first used with the test key reaches the live aggregator with the live key, and each replays its own', async () => {
    const user = await fundedUser(t, p, 'env-idem');
    const checking = byKind(await accounts(t, p, user)).checking.account_id;
    const body = { account_id: checking, amount_cents: 1_000, direction: 'debit', description: 'Rent share' };

    const sandbox = await transfer('test', 'same-key', body);
    assert.equal(sandbox.statusCode, 200, sandbox.body);
    assert.equal(sandbox.headers['idempotent-replayed'], undefined);
    assert.match(sandbox.json().transfer_id, /^tr_[0-9a-f]{24}$/);

    const live = await transfer('live', 'same-key', body);
    assert.equal(live.statusCode, 200, live.body);
    assert.equal(live.headers['idempotent-replayed'], undefined);
    assert.equal(live.json().transfer_id, 'tr_live_1');
    assert.equal(transfers.length, 1, 'the live aggregator was called');

    // Each environment replays its own first answer.
    const liveAgain = await transfer('live', 'same-key', body);
    assert.equal(liveAgain.headers['idempotent-replayed'], 'true');
    assert.equal(liveAgain.json().transfer_id, 'tr_live_1');
    const sandboxAgain = await transfer('test', 'same-key', body);
    assert.equal(sandboxAgain.headers['idempotent-replayed'], 'true');
    assert.equal(sandboxAgain.json().transfer_id, sandbox.json().transfer_id);
    assert.equal(transfers.length, 1);

    // The other way round: a key first used live does not answer (or block) the test key, even with another body.
    const first = await transfer('live', 'live-first', { ...body, amount_cents: 2_000 });
    assert.equal(first.json().transfer_id, 'tr_live_2');
    const other = await transfer('test', 'live-first', body);
    assert.equal(other.statusCode, 200, other.body);
    assert.equal(other.headers['idempotent-replayed'], undefined);
    assert.notEqual(other.json().transfer_id, 'tr_live_2');

    const rows = await t.deps.database.db.selectFrom('sandbox_idempotency').select(['environment', 'idem_key']).where('partner_id', '=', p.id).orderBy('idem_key').orderBy('environment').execute();
    assert.deepEqual(
      rows.map((r) => `${r.idem_key}/${r.environment}`),
      ['live-first/live', 'live-first/test', 'same-key/live', 'same-key/test'],
    );
  });

  it('a usage event id counted with the test key is counted again with the live key (and once in each)', async () => {
    const user = 'env-events';
    const res = await t.inject({ method: 'GET', url: `/v1/transactions?user_id=${user}&since=2026-11-01&limit=3`, headers: keyHeaders(p) });
    assert.equal(res.statusCode, 200, res.body);
    const ids: string[] = res.json().transactions.map((x: { transaction_id: string }) => x.transaction_id);
    assert.equal(ids.length, 3);
    liveTxnIds = ids;
    try {
      for (let i = 0; i < 2; i++) {
        const live = await t.inject({ method: 'GET', url: `/v1/transactions?user_id=${user}&since=2026-11-01&limit=3&cursor=`, headers: keyHeaders(p, { env: 'live' }) });
        assert.equal(live.statusCode, 200, live.body);
      }
    } finally {
      liveTxnIds = [];
    }
    const events = (await usageEvents(t, p.id, 'transaction')).filter((e) => ids.includes(e.event_key ?? ''));
    assert.deepEqual(events.map((e) => `${e.environment}`).sort(), ['live', 'live', 'live', 'test', 'test', 'test']);
  });

  it("a user's remembered cursor is per environment: the live key does not continue the test key's", async () => {
    const user = 'env-cursor';
    const first = await t.inject({ method: 'GET', url: `/v1/transactions?user_id=${user}&since=2026-11-01&limit=2`, headers: keyHeaders(p) });
    assert.equal(first.statusCode, 200);
    pageQueries.length = 0;
    const live = await t.inject({ method: 'GET', url: `/v1/transactions?user_id=${user}&since=2026-11-01&limit=2`, headers: keyHeaders(p, { env: 'live' }) });
    assert.equal(live.statusCode, 200, live.body);
    assert.equal(pageQueries.length, 1);
    assert.equal(pageQueries[0].after, null, 'the live page starts at since, not after the test page');
    // …and the test key still continues where it was.
    const second = await t.inject({ method: 'GET', url: `/v1/transactions?user_id=${user}&since=2026-11-01&limit=2`, headers: keyHeaders(p) });
    const a = first.json().transactions.map((x: { transaction_id: string }) => x.transaction_id);
    const b = second.json().transactions.map((x: { transaction_id: string }) => x.transaction_id);
    assert.equal(b.length, 2);
    assert.ok(b.every((id: string) => !a.includes(id)));
  });

  it('a public token is accepted once per partner and environment', async () => {
    const row = (environment: 'test' | 'live') => ({
      item_id: `item-${environment}`,
      partner_id: p.id,
      environment,
      user_id: 'u',
      public_token_hash: 'same-hash',
      institution: '{}',
      created_at: NOW,
    });
    const db = t.deps.database.db;
    assert.equal(await insertItem(db, row('test')), true);
    assert.equal(await insertItem(db, row('live')), true);
    assert.equal(await insertItem(db, { ...row('test'), item_id: 'item-test-2' }), false);
    // Through HTTP: the sandbox refuses a second exchange in its environment.
    const link = (token: string) =>
      t.inject({ method: 'POST', url: '/api/v1/accounts/link', headers: keyHeaders(p), payload: { public_token: token, user_id: 'env-link' } });
    assert.equal((await link('public-sandbox-env')).statusCode, 200);
    assert.equal((await link('public-sandbox-env')).statusCode, 400);
    assert.ok(userModel(p.id, 'env-link'));
  });

  it('every unique key of a table that holds per-environment rows includes the environment (or is a generated id)', async () => {
    // Single-column keys that are generated identifiers, unique across environments by construction.
    const GENERATED_IDS = new Set([
      'api_keys.id',
      'api_keys.key_hash',
      'calculations.calculation_id',
      'webhook_endpoints.id',
      'webhook_events.id',
      'webhook_deliveries.id',
      'usage_events.id',
      'usage_event_pending.id',
      'sandbox_accounts.account_id',
      'sandbox_items.item_id',
      'sandbox_transfers.transfer_id',
    ]);
    const db = t.deps.database.db;
    const tables: { table: string; keys: string[][] }[] = [];
    if (DIALECT === 'sqlite') {
      const names = await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db);
      for (const { name } of names.rows) {
        const cols = await sql<{ name: string }>`select name from pragma_table_info(${name})`.execute(db);
        if (!cols.rows.some((c) => c.name === 'environment')) continue;
        const keys: string[][] = [];
        const indexes = await sql<{ name: string; unique: number }>`select name, "unique" from pragma_index_list(${name})`.execute(db);
        for (const ix of indexes.rows.filter((i) => i.unique)) {
          const info = await sql<{ name: string }>`select name from pragma_index_info(${ix.name}) order by seqno`.execute(db);
          keys.push(info.rows.map((r) => r.name));
        }
        // A single-column integer/text primary key declared inline has no index of its own in pragma_index_list.
        const pk = await sql<{ name: string }>`select name from pragma_table_info(${name}) where pk > 0 order by pk`.execute(db);
        if (pk.rows.length) keys.push(pk.rows.map((r) => r.name));
        tables.push({ table: name, keys });
      }
    } else {
      const rows = await sql<{ table: string; keycols: string[] }>`
        select c.relname as "table", array(select a.attname from unnest(i.indkey) with ordinality k(n, o) join pg_attribute a on a.attrelid = c.oid and a.attnum = k.n order by k.o)::text[] as keycols
        from pg_index i join pg_class c on c.oid = i.indrelid join pg_namespace s on s.oid = c.relnamespace
        where i.indisunique and s.nspname = current_schema()
          and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'environment' and not a.attisdropped)`.execute(db);
      const by = new Map<string, string[][]>();
      for (const r of rows.rows) by.set(r.table, [...(by.get(r.table) ?? []), r.keycols]);
      for (const [table, keys] of by) tables.push({ table, keys });
    }
    const names = tables.map((x) => x.table);
    for (const must of ['sandbox_idempotency', 'usage_event_keys', 'sandbox_items', 'sandbox_cursors', 'calculations', 'usage_alerts']) assert.ok(names.includes(must), must);
    // The introspection sees the keys (the rebuilt idempotency key among them).
    const idem = tables.find((x) => x.table === 'sandbox_idempotency')!.keys.map((k) => k.join(','));
    assert.ok(idem.includes('partner_id,environment,idem_key'), idem.join(' | '));
    const crossing: string[] = [];
    for (const { table, keys } of tables) {
      for (const cols of keys) {
        if (cols.includes('environment')) continue;
        if (cols.length === 1 && GENERATED_IDS.has(`${table}.${cols[0]}`)) continue;
        crossing.push(`${table}(${cols.join(', ')})`);
      }
    }
    assert.deepEqual(crossing, []);
  });
});
