/**
 * What /metrics reads at scrape time (src/lib/metrics.ts), from the services and the owners' repositories:
 * the database pools' own counters, the usage meter's oldest unwritten count, and two cheap queries
 * over every process's work: the webhook outbox's due events (the query the status probe runs) and
 * the usage rollup queue. Attached by createDeps; the metrics keep the queries' answers a few seconds.
 */
import type { Deps } from '../../context.js';
import { idTime } from '../../lib/ids.js';
import type { MetricSources } from '../../lib/metrics.js';
import { isManaged } from '../metering/meter.js';
import { pendingDeltasSummary } from '../usage-events/repo.js';
import { dueEventsSummary } from '../webhooks/repo.js';

export function metricSources(deps: Pick<Deps, 'database' | 'clock' | 'usage'>): MetricSources {
  const meter = deps.usage;
  return {
    now: () => deps.clock.now(),
    pools: () => deps.database.poolStats(),
    walBytes: () => deps.database.walBytes(),
    meterPendingSince: () => (isManaged(meter) ? meter.pendingSince() : null),
    async outbox() {
      const { due, oldest } = await dueEventsSummary(deps.database.db, deps.clock.now());
      return { due, oldestDueAt: oldest };
    },
    async rollups() {
      const { pending, oldestId } = await pendingDeltasSummary(deps.database.db);
      return { pending, oldestAt: oldestId === null ? null : idTime(oldestId) };
    },
  };
}
