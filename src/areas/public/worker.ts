import type { Deps } from '../../context.js';
import type { WorkerHandle } from '../../workers/index.js';

/** Placeholder until this area's worker exists. */
export function startStatusProbes(_deps: Deps): WorkerHandle {
  return { name: 'status-probes', stop: async () => {} };
}
