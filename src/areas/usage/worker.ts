import type { Deps } from '../../context.js';
import type { WorkerHandle } from '../../workers/index.js';

/** Placeholder until this area's worker exists. */
export function startUsageWorkers(_deps: Deps): WorkerHandle {
  return { name: 'usage', stop: async () => {} };
}
