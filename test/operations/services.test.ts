/**
 * The services container without the HTTP app: what a worker process or the CLI has. Every
 * eraser is registered by createDeps, so an end-user is erased exactly as the route erases
 * one (the same service function), from every area that stores end-user data.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eraseEndUser, ingest } from '../../src/areas/calculations/service.js';
import { recordUsageEvents } from '../../src/areas/usage-events/events.js';
import { applyPendingRollups } from '../../src/areas/usage-events/rollups.js';
import { createPartner } from '../../src/areas/partners/service.js';
import { saveCursor } from '../../src/areas/sandbox/repo.js';
import type { Config } from '../../src/config.js';
import type { Deps } from '../../src/context.js';
import { migrate } from '../../src/db/database.js';
import { createDeps, createLogger } from '../../src/deps.js';
import { DIALECT, testConfig } from '../helpers/app.js';

describe(`services without the HTTP app (${DIALECT})`, () => {
  let config: Config;
  let cleanup: () => Promise<void>;
  let deps: Deps;
  before(async () => {
    ({ config, cleanup } = await testConfig());
    deps = createDeps(config, { log: createLogger(config), poolSize: 3 });
    await migrate(deps.database);
    await deps.start();
  });
  after(async () => {
    await deps.close();
    await cleanup();
  });

  it('registers the eraser of every area that stores end-user data', () => {
    assert.deepEqual([...deps.erasers.keys()], ['calculations', 'sandbox', 'webhook_deliveries', 'webhook_events', 'usage_end_users', 'usage_end_users_pending', 'usage_events']);
  });

  it('erases an end-user through the service function the route uses: every row is gone', async () => {
    const p = await deps.database.tx((trx) => createPartner(deps, trx, { email: 'svc_erase@example.com', company: 'Erase Co', activated: true }));
    const caller = { partnerId: p.id, environment: 'test' as const };
    const user = 'end_user_erased';
    const other = 'end_user_kept';
    const now = deps.clock.now();
    for (const u of [user, other]) {
      // A cached calculation and its webhook event.
      await ingest(deps, caller, { end_user_id: u, user_email: null, cash_balance: 1000, upcoming_bills: [], savings_commitments: 0, debt_commitments: 0, cash_buffer: 0 });
      // Usage events, folded into the rollups.
      await recordUsageEvents(deps, deps.database.db, [
        { partnerId: p.id, environment: 'test', eventType: 'transaction', userId: u, amountCents: 500, category: 'food', occurredAt: now },
      ]);
      // A counted end-user.
      deps.usage.recordEndUser(p.id, 'test', u, now);
      // Sandbox state.
      await saveCursor(deps.database.db, caller, u, '2026-01-01', 'cursor', now);
    }
    await applyPendingRollups(deps.database, deps.database.db);
    await deps.usage.flush();

    const rows = async (u: string) => {
      const db = deps.database.db;
      const count = async (q: { executeTakeFirstOrThrow(): Promise<{ n: number | string | bigint }> }) => Number((await q.executeTakeFirstOrThrow()).n);
      return {
        calculations: await count(db.selectFrom('calculations').select((eb) => eb.fn.countAll().as('n')).where('partner_id', '=', p.id).where('end_user_id', '=', u)),
        webhook_events: await count(db.selectFrom('webhook_events').select((eb) => eb.fn.countAll().as('n')).where('partner_id', '=', p.id).where('ordering_key', '=', u)),
        usage_events: await count(db.selectFrom('usage_events').select((eb) => eb.fn.countAll().as('n')).where('partner_id', '=', p.id).where('user_id', '=', u)),
        usage_event_day_users: await count(db.selectFrom('usage_event_day_users').select((eb) => eb.fn.countAll().as('n')).where('partner_id', '=', p.id).where('user_id', '=', u)),
        usage_end_users: await count(db.selectFrom('usage_end_users').select((eb) => eb.fn.countAll().as('n')).where('partner_id', '=', p.id).where('end_user_id', '=', u)),
        sandbox_cursors: await count(db.selectFrom('sandbox_cursors').select((eb) => eb.fn.countAll().as('n')).where('partner_id', '=', p.id).where('user_id', '=', u)),
      };
    };
    const stored = { calculations: 1, webhook_events: 1, usage_events: 1, usage_event_day_users: 1, usage_end_users: 1, sandbox_cursors: 1 };
    assert.deepEqual(await rows(user), stored);

    const res = await eraseEndUser(deps, caller, user);
    assert.equal(res.deleted, true);
    assert.deepEqual(Object.keys(res.erased), ['calculations', 'sandbox', 'webhook_deliveries', 'webhook_events', 'usage_end_users', 'usage_end_users_pending', 'usage_events']);
    assert.deepEqual(await rows(user), { calculations: 0, webhook_events: 0, usage_events: 0, usage_event_day_users: 0, usage_end_users: 0, sandbox_cursors: 0 });
    // Another end-user of the same partner keeps everything.
    assert.deepEqual(await rows(other), stored);
  });

  it('close() runs once: a second call waits for the same close', async () => {
    const { config: c2, cleanup: clean2 } = await testConfig();
    const d2 = createDeps(c2, { log: createLogger(c2), poolSize: 1 });
    try {
      await migrate(d2.database);
      await d2.start({ workers: true });
      await Promise.all([d2.close(), d2.close()]);
      await d2.close();
    } finally {
      await clean2();
    }
  });
});
