/**
 * Idempotent execution of a request, per partner and environment, for 24 hours:
 *   same key, same body   → the first answer again (`Idempotent-Replayed: true`)
 *   same key, other body  → 422
 *   same key while the first request is still running → 409
 * The record is inserted first (committed on its own) as the in-flight marker: the
 * table's primary key (partner, environment, key) lets exactly one concurrent request through
 * on both databases. The work and the completion of the record then commit in one
 * transaction; if the work fails, the marker is removed so the key can be used
 * again. A marker whose request died (older than IN_FLIGHT_LEASE_MS) is taken over.
 */
import { hash } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Deps } from '../../context.js';
import type { DB, Environment } from '../../db/schema/index.js';
import { errors } from '../../http/errors.js';
import { claimIdempotencyKey, completeIdempotency, dropIdempotency, getIdempotency, purgeExpiredIdempotency } from './repo.js';

export const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;
export const IN_FLIGHT_LEASE_MS = 60_000;

/** Canonical JSON (object keys sorted) so the same body hashes the same whatever its key order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

export function requestHash(value: unknown): string {
  return hash('sha256', canonicalJson(value), 'hex');
}

export interface IdempotentKey {
  value: string;
  /** Where the key came from, for the 422's loc. */
  loc: (string | number)[];
}

export interface Outcome<T> {
  body: T;
  userId: string | null;
}

let lastPurge = 0;

export async function runIdempotent<T>(
  deps: Pick<Deps, 'database' | 'clock'>,
  partnerId: string,
  environment: Environment,
  key: IdempotentKey | null,
  hash: string,
  work: (trx: Transaction<DB>) => Promise<Outcome<T>>,
): Promise<Outcome<T> & { replayed: boolean }> {
  const db = deps.database.db;
  const scope = { partnerId, environment };
  if (!key) return { ...(await deps.database.tx(work)), replayed: false };
  const now = deps.clock.now();
  if (now - lastPurge > 60_000) {
    lastPurge = now;
    await purgeExpiredIdempotency(db, now);
  }
  for (let attempt = 0; attempt < 3; attempt++) {
    const claimed = await claimIdempotencyKey(db, {
      partner_id: partnerId,
      idem_key: key.value,
      request_hash: hash,
      state: 'in_flight',
      environment,
      user_id: null,
      status_code: null,
      response: null,
      created_at: now,
      locked_until: now + IN_FLIGHT_LEASE_MS,
      expires_at: now + IDEMPOTENCY_TTL_MS,
    });
    if (claimed) {
      try {
        const out = await deps.database.tx(async (trx) => {
          const result = await work(trx);
          await completeIdempotency(trx, scope, key.value, { user_id: result.userId, status_code: 200, response: JSON.stringify(result.body) });
          return result;
        });
        return { ...out, replayed: false };
      } catch (err) {
        await dropIdempotency(db, scope, key.value, now, 'in_flight').catch(() => {});
        throw err;
      }
    }
    const row = await getIdempotency(db, scope, key.value);
    if (!row) continue; // removed in between: try to claim again
    const expired = Number(row.expires_at) <= now;
    const abandoned = row.state === 'in_flight' && Number(row.locked_until) <= now;
    if (expired || abandoned) {
      await dropIdempotency(db, scope, key.value, Number(row.created_at), row.state);
      continue;
    }
    if (row.request_hash !== hash) {
      throw errors.invalid(key.loc, 'This idempotency key was already used with a different request body: use a new key for a new request', key.value, 'idempotency_key_reused');
    }
    if (row.state !== 'done' || row.response === null) {
      throw errors.inProgress('A request with this idempotency key is still being processed: retry in a moment to get its answer');
    }
    return { body: JSON.parse(row.response) as T, userId: row.user_id, replayed: true };
  }
  throw errors.inProgress('A request with this idempotency key is still being processed: retry in a moment to get its answer');
}
