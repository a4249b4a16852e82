/**
 * Tables owned by the ingest area (migration 0005): usage events received from
 * the platform (and written by the sandbox layer), their idempotency keys, and
 * the rollups the dashboards read instead of scanning events.
 */
import type { Environment } from './core.js';

export type UsageEventTypeColumn = 'user_signup' | 'account_link' | 'transaction';

/** One usage event, as received. */
export interface UsageEventsTable {
  /** `evt_…`, time-sortable, assigned on receipt. */
  id: string;
  partner_id: string;
  /** `live` for platform-ingested events; the key's environment for sandbox-layer events. */
  environment: Environment;
  event_type: UsageEventTypeColumn;
  user_id: string | null;
  amount_cents: number | null;
  category: string | null;
  institution: string | null;
  /** epoch ms */
  occurred_at: number;
  /** UTC day of occurred_at, `YYYY-MM-DD` (the rollup key). */
  day: string;
  /** epoch ms */
  received_at: number;
  /** The sender's idempotency id, when one was given. */
  event_key: string | null;
}

/** Idempotency: one row per (partner, environment, sender id); a row older than 32 days no longer blocks the id. */
export interface UsageEventKeysTable {
  partner_id: string;
  environment: Environment;
  event_key: string;
  /** epoch ms of the receipt that was accepted */
  received_at: number;
}

/** Additive rollup: per partner, environment, day, event type and category ('' when none). */
export interface UsageEventDailyTable {
  partner_id: string;
  environment: Environment;
  day: string;
  event_type: UsageEventTypeColumn;
  category: string;
  events: number;
  amount_cents: number;
}

/** Which users were active on which day (per-day distinct users; keyed user-first for erasure and window checks). */
export interface UsageEventDayUsersTable {
  partner_id: string;
  environment: Environment;
  user_id: string;
  day: string;
}

/** Per day, how many distinct users were active (maintained from the inserts into usage_event_day_users). */
export interface UsageEventDailyActiveTable {
  partner_id: string;
  environment: Environment;
  day: string;
  active_users: number;
}

/** One row per user with the latest day they were active (distinct users over a window ending today). */
export interface UsageEventUsersTable {
  partner_id: string;
  environment: Environment;
  user_id: string;
  last_day: string;
  /** last_day before the latest upsert; null when that upsert inserted the row. */
  prev_last_day: string | null;
}

/** Per day, how many users have it as their last active day (window distinct users = a sum over days). */
export interface UsageEventLastDaysTable {
  partner_id: string;
  environment: Environment;
  day: string;
  users: number;
}

/**
 * Rollup deltas not yet applied (migration 0008): one row per ingest transaction and
 * (partner, environment). `payload` is a RollupDelta as JSON (src/areas/usage-events/rollups.ts).
 */
export interface UsageEventPendingTable {
  /** time-sortable id */
  id: string;
  partner_id: string;
  environment: Environment;
  payload: string;
}

export interface IngestTables {
  usage_events: UsageEventsTable;
  usage_event_keys: UsageEventKeysTable;
  usage_event_daily: UsageEventDailyTable;
  usage_event_day_users: UsageEventDayUsersTable;
  usage_event_daily_active: UsageEventDailyActiveTable;
  usage_event_users: UsageEventUsersTable;
  usage_event_last_days: UsageEventLastDaysTable;
  usage_event_pending: UsageEventPendingTable;
}
