import type { Deps } from '../../context.js';
import type { WorkerHandle } from '../../workers/index.js';

/** Placeholder until this area's worker exists. */
export function startWebhookWorker(_deps: Deps): WorkerHandle {
  return { name: 'webhook-delivery', stop: async () => {} };
}
