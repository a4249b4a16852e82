/** How an erased end-user is named in the usage tables: keyed pseudonyms, never its id. */
import type { Deps } from '../../context.js';
import type { Environment } from '../../db/schema/index.js';

/**
 * The placeholder an erased end-user is counted as in a month: the same in every process and
 * every flush (a keyed pseudonym), so the month's unique count neither loses nor doubles it.
 */
export function erasedPlaceholder(deps: Pick<Deps, 'secrets'>, partnerId: string, environment: Environment, month: string, endUserId: string): string {
  return `erased_${month}_${deps.secrets.pseudonym(`${partnerId}|${environment}|${month}|${endUserId}`)}`;
}

/** The pseudonym an erasure is remembered by (usage_erasures). */
export function erasurePseudonym(deps: Pick<Deps, 'secrets'>, partnerId: string, environment: Environment, endUserId: string): string {
  return deps.secrets.pseudonym(`${partnerId}|${environment}|${endUserId}`);
}

