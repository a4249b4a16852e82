/**
 * Status probes: every interval, probe the database, the ingest write path and the
 * webhook delivery backlog, and record the results (status_probes); once an hour,
 * drop probes older than the retention. Runs in every process that runs workers;
 * each process records what it sees.
 */
import { startLoop, type WorkerHandle } from '../../lib/loop.js';
import { DAY_MS } from '../../domain/status.js';
import { runProbes, type ProbeDeps } from './probes.js';
import { deleteProbesBefore } from './repo.js';

export interface ProbeOptions {
  intervalMs?: number;
  retentionDays?: number;
}

export const DEFAULT_PROBE_INTERVAL_MS = 60_000;
export const PROBE_RETENTION_DAYS = 90;

export function startStatusProbes(deps: ProbeDeps, options: ProbeOptions = {}): WorkerHandle {
  const interval = options.intervalMs ?? DEFAULT_PROBE_INTERVAL_MS;
  const retention = (options.retentionDays ?? PROBE_RETENTION_DAYS) * DAY_MS;
  let lastPrune = 0;
  return startLoop('status-probes', interval, async () => {
    try {
      await runProbes(deps);
      const now = deps.clock.now();
      if (now - lastPrune >= 3_600_000) {
        lastPrune = now;
        await deleteProbesBefore(deps.database.db, now - retention);
      }
    } catch (err) {
      deps.log.warn({ err: (err as Error).message }, 'status probe run failed');
    }
  });
}
