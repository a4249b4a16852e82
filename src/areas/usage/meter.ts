/**
 * The usage meter (issue 5 implements the real one: in-memory aggregation,
 * batched flushes, exact unique end-users). Until then it counts nothing.
 */
import type { Deps, UsageMeter } from '../../context.js';

export function createUsageMeter(_deps: Omit<Deps, 'usage'>): UsageMeter {
  return {
    recordCall() {},
    recordEndUser() {},
    async flush() {},
  };
}
