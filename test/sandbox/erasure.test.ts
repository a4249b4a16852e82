import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildTestApp, keyHeaders, TestClock, type TestApp, type TestPartner } from '../helpers/app.js';
import { NOW, SANDBOX_ENV, accounts, byKind } from './helpers.js';

const TABLES = ['sandbox_accounts', 'sandbox_items', 'sandbox_transfers', 'sandbox_cursors', 'sandbox_idempotency', 'sandbox_recorded_runs'] as const;

describe('sandbox: erasure and partner deletion', () => {
  let t: TestApp;
  let p: TestPartner;
  before(async () => {
    t = await buildTestApp({ clock: new TestClock(NOW), env: SANDBOX_ENV });
    p = await t.partner();
  });
  after(() => t.close());

  async function seed(partner: TestPartner, user: string) {
    const k = byKind(await accounts(t, partner, user));
    await t.inject({ method: 'POST', url: '/api/v1/accounts/link', headers: keyHeaders(partner), payload: { public_token: `pt-${user}`, user_id: user } });
    await t.inject({ method: 'GET', url: `/v1/transactions?user_id=${user}&limit=3`, headers: keyHeaders(partner) });
    const tr = await t.inject({
      method: 'POST',
      url: '/api/v1/transfers',
      headers: { ...keyHeaders(partner), 'idempotency-key': `k-${user}` },
      payload: { account_id: k.checking.account_id, amount_cents: 100, direction: 'debit', description: 'x' },
    });
    assert.equal(tr.statusCode, 200);
  }

  async function count(partnerId: string, user?: string) {
    const out: Record<string, number> = {};
    for (const table of TABLES) {
      let q = t.deps.database.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).where('partner_id', '=', partnerId);
      if (user) q = q.where('user_id', '=', user);
      out[table] = Number((await q.executeTakeFirstOrThrow()).n);
    }
    return out;
  }

  it("DELETE /api/v1/ingest/user/{id} removes the end-user's sandbox rows and nobody else's", async () => {
    await seed(p, 'gone');
    await seed(p, 'stays');
    assert.deepEqual(await count(p.id, 'gone'), { sandbox_accounts: 3, sandbox_items: 1, sandbox_transfers: 1, sandbox_cursors: 1, sandbox_idempotency: 1, sandbox_recorded_runs: 1 });
    const res = await t.inject({ method: 'DELETE', url: '/api/v1/ingest/user/gone', headers: keyHeaders(p, { secret: true }) });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().erased.sandbox, 8);
    assert.deepEqual(await count(p.id, 'gone'), { sandbox_accounts: 0, sandbox_items: 0, sandbox_transfers: 0, sandbox_cursors: 0, sandbox_idempotency: 0, sandbox_recorded_runs: 0 });
    assert.equal((await count(p.id, 'stays')).sandbox_transfers, 1);
    // The user can start again; the generated data is the same as before.
    assert.equal((await accounts(t, p, 'gone')).length, 3);
  });

  it("deleting a partner removes its sandbox rows (ON DELETE CASCADE)", async () => {
    const q = await t.partner();
    await seed(q, 'u');
    await t.deps.database.db.deleteFrom('partners').where('id', '=', q.id).execute();
    assert.deepEqual(await count(q.id), { sandbox_accounts: 0, sandbox_items: 0, sandbox_transfers: 0, sandbox_cursors: 0, sandbox_idempotency: 0, sandbox_recorded_runs: 0 });
  });
});
