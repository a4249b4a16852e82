/**
 * The usage worker: flushes this process's meter every USAGE_FLUSH_MS and then
 * evaluates the alert thresholds whose usage or configuration changed since the
 * previous pass (every configuration on the first pass, and every minute, so a
 * month boundary or a change made by another process is never missed). Several
 * workers may run: a threshold level notifies once (the fired row decides).
 */
import type { Deps } from '../../context.js';
import { startLoop, type WorkerHandle } from '../../lib/loop.js';
import { pruneErasures } from './repo.js';
import { evaluateAlerts, type AlertDeps } from './service.js';

const FULL_PASS_MS = 60_000;
const PRUNE_EVERY_MS = 3_600_000;
/** Erasure records are kept past the longest a count can wait in a meter (a month, plus margin). */
const ERASURES_KEPT_MS = 40 * 86_400_000;

export function startUsageWorkers(deps: AlertDeps & Pick<Deps, 'usage'>): WorkerHandle {
  let lastPass: number | null = null;
  let lastFull = 0;
  let lastPrune = 0;

  async function tick(): Promise<void> {
    try {
      await deps.usage.flush();
    } catch (err) {
      deps.log.warn({ err }, 'usage flush failed; counts kept in memory for the next flush');
    }
    const startedAt = deps.clock.now();
    const full = lastPass === null || Date.now() - lastFull >= FULL_PASS_MS;
    try {
      // Look back one interval more than needed: a flush that committed while the last pass ran is not missed.
      await evaluateAlerts(deps, full ? null : lastPass! - deps.config.usageFlushMs);
      lastPass = startedAt;
      if (full) lastFull = Date.now();
    } catch (err) {
      deps.log.warn({ err }, 'usage alert evaluation failed');
    }
    if (Date.now() - lastPrune >= PRUNE_EVERY_MS) {
      lastPrune = Date.now();
      await pruneErasures(deps.database.db, deps.clock.now() - ERASURES_KEPT_MS).catch((err) => deps.log.warn({ err }, 'pruning usage erasure records failed'));
    }
  }

  // deps.close() flushes once more after stopping the workers.
  return startLoop('usage', deps.config.usageFlushMs, tick, true);
}
