/** Tables owned by the usage area (its own migration, 0004_usage). */
import type { Environment } from './core.js';

/** Calls per partner, environment and UTC day; flushed additively (`calls = calls + excluded.calls`). */
export interface UsageDailyTable {
  partner_id: string;
  environment: Environment;
  /** `YYYY-MM-DD` (UTC) */
  day: string;
  calls: number;
  /** Last flush that touched the row (epoch ms): the alert evaluator looks at recently changed rows. */
  updated_at: number;
}

/** One row per distinct end-user per partner, environment and UTC month (insert-or-ignore keeps it exact). */
export interface UsageEndUsersTable {
  partner_id: string;
  environment: Environment;
  /** `YYYY-MM` (UTC) */
  month: string;
  end_user_id: string;
  first_seen_at: number;
}

/**
 * Distinct end-users per partner, environment and UTC month: always equal to the count of
 * usage_end_users rows of that key (changed in the same transaction as those rows).
 */
export interface UsageEndUserCountsTable {
  partner_id: string;
  environment: Environment;
  /** `YYYY-MM` (UTC) */
  month: string;
  users: number;
}

/** An erased end-user, by a keyed pseudonym of its id (SecretBox.pseudonym): usage flushes write it as the placeholder. */
export interface UsageErasuresTable {
  partner_id: string;
  environment: Environment;
  id_pseudonym: string;
  erased_at: number;
}

/** Alert thresholds of a partner, per environment (null = off). */
export interface UsageAlertsTable {
  partner_id: string;
  environment: Environment;
  notify_email: string | null;
  calls_threshold: number | null;
  unique_users_threshold: number | null;
  bill_threshold_cents: number | null;
  created_at: number;
  updated_at: number;
}

/** One row per threshold, level and month that has fired (the primary key makes it fire once). */
export interface UsageAlertFiredTable {
  partner_id: string;
  environment: Environment;
  month: string;
  /** calls_threshold | unique_users_threshold | bill_threshold_usd */
  threshold: string;
  /** warning (80 %) | reached */
  level: string;
  /** The threshold's value when it fired (calls, users, or cents for the bill). */
  limit_value: number;
  /** The observed value when it fired (same unit). */
  observed: number;
  fired_at: number;
  /** 1 when a notification (mail, webhook) was sent for this row; 0 when it was superseded by `reached`. */
  notified: number;
  /** `sent` | `suppressed` (the address, or the account email, was not verified); null when nothing was notified (or before 0018). */
  mail_status: string | null;
}

/** Mail that was not sent over SMTP: kept here for an administrator (no SMTP_URL, or SMTP failed). */
export interface MailOutboxTable {
  id: string;
  kind: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  /** outbox (no SMTP configured) | failed (SMTP refused it) */
  status: string;
  error: string | null;
  created_at: number;
}

export interface UsageTables {
  usage_daily: UsageDailyTable;
  usage_end_users: UsageEndUsersTable;
  usage_end_user_counts: UsageEndUserCountsTable;
  usage_erasures: UsageErasuresTable;
  usage_alerts: UsageAlertsTable;
  usage_alert_fired: UsageAlertFiredTable;
  mail_outbox: MailOutboxTable;
}
