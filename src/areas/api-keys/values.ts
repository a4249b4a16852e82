import type { Environment } from '../../db/schema/index.js';
import { randomBase62 } from '../../lib/crypto.js';

export const KEY_PREFIX: Record<Environment, string> = { test: 'svc_test_', live: 'svc_live_' };
export const INGEST_SECRET_PREFIX = 'svc_ingest_';

/** A new API key: `svc_test_` or `svc_live_` + 32 random base62 characters. */
export function generateApiKey(environment: Environment): string {
  return KEY_PREFIX[environment] + randomBase62(32);
}

export function generateIngestSecret(): string {
  return INGEST_SECRET_PREFIX + randomBase62(40);
}

/** The display form of a key: its known prefix (or first 4 characters) and its last 4. */
export function maskKey(key: string): string {
  const prefix = [KEY_PREFIX.test, KEY_PREFIX.live, INGEST_SECRET_PREFIX].find((p) => key.startsWith(p));
  const tail = key.slice(-4);
  if (prefix) return `${prefix}****${tail}`;
  if (key.length < 12) return `****${key.slice(-2)}`;
  return `${key.slice(0, 4)}****${tail}`;
}

/** The portal's names for the two environments. */
export const KEY_TYPE: Record<Environment, 'sandbox' | 'production'> = { test: 'sandbox', live: 'production' };

/** The longest overlap a key roll may keep the replaced key working for: 7 days, in seconds. */
export const MAX_KEY_OVERLAP_SECONDS = 604_800;
