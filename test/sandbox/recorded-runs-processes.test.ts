/**
 * A sandbox transaction counts once whichever process serves its page: two server processes on one
 * database read overlapping pages of the same end-users at the same time.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createPartner } from '../../src/areas/partners/service.js';
import type { Deps } from '../../src/context.js';
import { startCluster, type Cluster } from '../helpers/cluster.js';
import type { ServerProcess } from '../helpers/process.js';

describe('sandbox transaction events across two processes', { timeout: 120_000 }, () => {
  let cluster: Cluster;
  let deps: Deps;
  before(async () => {
    cluster = await startCluster(2, { RUN_WORKERS: 'false', KEY_COSTLY_IN_FLIGHT: '1000' });
    ({ deps } = cluster);
  });
  after(async () => {
    await cluster?.close();
  });

  async function get(s: ServerProcess, key: string, path: string): Promise<{ transaction_id: string }[]> {
    const res = await fetch(`${s.baseUrl}${path}`, { headers: { 'x-api-key': key } });
    assert.equal(res.status, 200, await res.clone().text());
    return ((await res.json()) as { transactions: { transaction_id: string }[] }).transactions;
  }

  it('overlapping pages served side by side by both processes count each transaction once', async () => {
    const p = await deps.database.tx((trx) => createPartner(deps, trx, { email: 'runs@example.com', company: 'Runs Co', activated: true }));
    const key = p.testKey!;
    const [a, b] = cluster.servers;
    const returned = new Set<string>();
    // Per user: the same first page from both processes, pages that overlap it, and /api/v1 windows over the same days.
    const pages = (user: string) => [
      `/v1/transactions?user_id=${user}&since=2025-06-01&limit=300&cursor=`,
      `/v1/transactions?user_id=${user}&since=2025-06-01&limit=300&cursor=`,
      `/v1/transactions?user_id=${user}&since=2025-06-20&limit=200&cursor=`,
      `/v1/transactions?user_id=${user}&since=2025-07-01&limit=500&cursor=`,
      `/api/v1/transactions?user_id=${user}&start_date=2025-06-01&end_date=2025-08-31&limit=100&offset=0`,
      `/api/v1/transactions?user_id=${user}&start_date=2025-06-01&end_date=2025-08-31&limit=100&offset=50`,
    ];
    for (let round = 0; round < 3; round++) {
      await Promise.all(
        ['u1', 'u2', 'u3'].flatMap((user) =>
          pages(user).map(async (path, i) => {
            for (const t of await get((i + round) % 2 ? a : b, key, path)) returned.add(`${user}|${t.transaction_id}`);
          }),
        ),
      );
    }
    const events = await deps.database.db.selectFrom('usage_events').select(['user_id', 'event_key']).where('partner_id', '=', p.id).where('event_type', '=', 'transaction').execute();
    const counted = events.map((e) => `${e.user_id}|${e.event_key}`);
    assert.equal(new Set(counted).size, counted.length, 'no transaction counted twice');
    assert.deepEqual(new Set(counted), returned, 'every transaction returned is counted');
  });
});
