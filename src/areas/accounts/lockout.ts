/**
 * Brute-force lockout of the sign-in operations, kept in the database so every
 * process shares it.
 *
 * Scopes: the email of a role (`email:partner:<email>`, `email:admin:<email>`) and
 * the client address (`ip:<address>`, shared by every sign-in operation).
 * Each attempt is counted BEFORE the password is checked (one atomic upsert), so a
 * burst of parallel guesses cannot slip past the limit while the hashes run: the
 * attempt that would be the sixth within the window is refused without checking.
 * A success resets the email's count and takes back its own attempt from the
 * address's count (a success never clears an address, or an attacker with one
 * account could keep resetting it). MAX_FAILURES failures within WINDOW_MS lock
 * the scope for LOCK_MS: 429 with Retry-After.
 */
import type { Deps } from '../../context.js';
import { errors } from '../../http/errors.js';
import { sha256Hex } from '../../lib/crypto.js';
import { countThrottleAttempt, deleteQuietThrottleScopes, deleteThrottleScope, giveBackThrottleAttempt, lockThrottleScope } from './repo.js';

export const MAX_FAILURES = 5;
export const WINDOW_MS = 15 * 60_000;
export const LOCK_MS = 15 * 60_000;

export const LOCKED_DETAIL = 'Too many failed sign-in attempts; try again later';

export function emailScope(role: 'partner' | 'admin', email: string): string {
  return `email:${role}:${email.trim().toLowerCase()}`;
}

export function ipScope(address: string): string {
  return `ip:${address}`;
}

interface Counted {
  keyHash: string;
  failures: number;
  lockedUntil: number | null;
}

/** Counts one attempt in the scope, atomically; returns the count in the window and any lock. */
async function count(deps: Pick<Deps, 'database'>, scope: string, now: number): Promise<Counted> {
  const keyHash = sha256Hex(scope);
  const row = await countThrottleAttempt(deps.database.db, keyHash, now, now - WINDOW_MS);
  return { keyHash, failures: Number(row.failures), lockedUntil: row.locked_until === null ? null : Number(row.locked_until) };
}

async function lock(deps: Pick<Deps, 'database'>, keyHash: string, until: number): Promise<void> {
  await lockThrottleScope(deps.database.db, keyHash, until);
}

export interface Attempt {
  /**
   * Call when the credentials were right. `keepFailures`: a step of the sign-in only (a password whose
   * second factor is still to come): every scope gives its attempt back and keeps its earlier failures.
   */
  succeeded(opts?: { keepFailures?: boolean }): Promise<void>;
  /** Call when they were wrong: locks the scopes that reached the limit. */
  failed(): Promise<void>;
}

/**
 * Counts one sign-in attempt in each scope; throws 429 (with Retry-After) when a
 * scope is locked or the attempt is over the limit. Scopes whose first entry is
 * an email are reset on success; the others only give their attempt back.
 */
export async function beginAttempt(deps: Pick<Deps, 'clock' | 'database'>, scopes: { scope: string; resetOnSuccess: boolean }[]): Promise<Attempt> {
  const now = deps.clock.now();
  const counted = await Promise.all(scopes.map((s) => count(deps, s.scope, now)));
  let retryAt = 0;
  for (const c of counted) {
    if (c.lockedUntil !== null && c.lockedUntil > now) retryAt = Math.max(retryAt, c.lockedUntil);
    else if (c.failures > MAX_FAILURES) {
      const until = now + LOCK_MS;
      await lock(deps, c.keyHash, until);
      retryAt = Math.max(retryAt, until);
    }
  }
  if (retryAt > 0) {
    // The refused attempt was not a guess: give it back, so the count only holds real failures.
    await Promise.all(counted.map((c) => giveBack(deps, c.keyHash)));
    throw errors.lockedOut((retryAt - now) / 1000, LOCKED_DETAIL);
  }
  return {
    async succeeded(opts = {}) {
      await Promise.all(
        counted.map((c, i) =>
          scopes[i].resetOnSuccess && opts.keepFailures !== true ? deleteThrottleScope(deps.database.db, c.keyHash) : giveBack(deps, c.keyHash),
        ),
      );
    },
    async failed() {
      const at = deps.clock.now();
      for (const c of counted) {
        if (c.failures >= MAX_FAILURES) await lock(deps, c.keyHash, at + LOCK_MS);
      }
      // Forget scopes that have been quiet for longer than a window and a lock.
      await deleteQuietThrottleScopes(deps.database.db, at - WINDOW_MS - LOCK_MS);
    },
  };
}

/** Forgets a scope's count and lock (a password reset proved control of the account's email). */
export async function clearScope(deps: Pick<Deps, 'database'>, scope: string): Promise<void> {
  await deleteThrottleScope(deps.database.db, sha256Hex(scope));
}

async function giveBack(deps: Pick<Deps, 'database'>, keyHash: string): Promise<void> {
  await giveBackThrottleAttempt(deps.database.db, keyHash);
}
