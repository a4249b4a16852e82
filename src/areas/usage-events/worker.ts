/**
 * The rollup worker: every interval, folds the pending usage-event deltas into the
 * rollups (rollups.ts). Several processes may run it: each skips the rows another
 * is applying. Dashboard reads apply what is pending for them first, so the worker
 * only bounds how far the rollup tables themselves lag (one interval).
 */
import type { Deps } from '../../context.js';
import { startLoop, type WorkerHandle } from '../../lib/loop.js';
import { applyPendingRollups } from './rollups.js';

export const ROLLUP_INTERVAL_MS = 1000;

export function startRollupWorker(deps: Pick<Deps, 'database' | 'log'>, intervalMs = ROLLUP_INTERVAL_MS): WorkerHandle {
  return startLoop(
    'usage-rollups',
    intervalMs,
    async () => {
      try {
        await applyPendingRollups(deps.database, deps.database.db, { skipLocked: true });
      } catch (err) {
        // The deltas stay pending (their transaction rolled back): the next pass applies them.
        deps.log.warn({ err: (err as Error).message }, 'usage rollup pass failed');
      }
    },
    true,
  );
}
