/**
 * Background workers. The server runs them in-process (RUN_WORKERS=true, the
 * default); `npm run worker` runs them alone. Each area exports a start function
 * that returns a handle with stop().
 */
import type { Deps } from '../context.js';
import type { WorkerHandle } from '../lib/loop.js';
import { startWebhookWorker } from '../areas/webhooks/worker.js';
import { startUsageWorkers } from '../areas/metering/worker.js';
import { startStatusProbes } from '../areas/status/worker.js';
import { startRollupWorker } from '../areas/usage-events/worker.js';
import { startSettlementWorker } from '../areas/sandbox/settlement.js';
import { startMaintenanceWorker } from './maintenance.js';

export type { WorkerHandle };

export function startWorkers(deps: Deps): WorkerHandle[] {
  return [startWebhookWorker(deps), startUsageWorkers(deps), startRollupWorker(deps), startStatusProbes(deps), startSettlementWorker(deps), startMaintenanceWorker(deps)];
}

export async function stopWorkers(handles: WorkerHandle[]): Promise<void> {
  await Promise.all(handles.map((h) => h.stop()));
}
