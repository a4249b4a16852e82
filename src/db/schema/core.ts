/**
 * Core tables (migration 0001). Conventions: instants are integer epoch ms
 * (bigint), days `YYYY-MM-DD` text, months `YYYY-MM` text, booleans integer 0/1,
 * JSON as text.
 */
export interface PartnersTable {
  id: string;
  name: string;
  email: string;
  email_lower: string;
  company: string;
  tier: string;
  active: number;
  created_at: number;
  activated_at: number | null;
  password_hash: string | null;
  ingest_secret_hash: string;
  ingest_secret_enc: string;
  ingest_secret_rotated_at: number | null;
  /** SHA-256 of the secret the last rotation replaced, while its overlap lasts; null without one. */
  ingest_secret_previous_hash: string | null;
  /** When the replaced secret stops being accepted (epoch ms); null without an overlap. */
  ingest_secret_previous_valid_until: number | null;
  usage_alert_email: string;
  payment_customer_id: string | null;
  payment_method_attached: number;
  expected_volume: string | null;
  signup_source: string | null;
  /** Per-partner rate limit override (requests per second); null = the configured default. */
  rate_limit_per_second: number | null;
  /** Per-partner price per unique production end-user; null = the configured default for the tier. */
  rate_per_user_usd: number | null;
  /** When the account email was verified (its owner followed the link, or an operator created the account); null: not yet. */
  email_verified_at: number | null;
  /** 1 when the owner requires a second factor of every member (a member without one may only enrol); 0 otherwise. */
  require_mfa: number;
}

export type Environment = 'test' | 'live';

export interface ApiKeysTable {
  id: string;
  partner_id: string;
  environment: Environment;
  /** SHA-256 of the key; null when the slot has been cleared (the row is kept). */
  key_hash: string | null;
  /** AES-256-GCM sealed key value; null when cleared. */
  key_enc: string | null;
  masked: string | null;
  source: string;
  created_at: number;
  last_rotated_at: number | null;
  updated_at: number;
  /** SHA-256 of the key a roll with an overlap replaced (migration 0033); null without one. */
  previous_key_hash: string | null;
  /** When the replaced key stops being accepted (epoch ms); null without an overlap. */
  previous_expires_at: number | null;
}

export interface AdminsTable {
  id: string;
  email: string;
  email_lower: string;
  /** scrypt of the password; empty for an administrator created by single sign-on, whom no password signs in. */
  password_hash: string;
  created_at: number;
}

export interface SessionsTable {
  id: string;
  token_hash: string;
  subject_type: 'partner' | 'admin';
  subject_id: string;
  created_at: number;
  expires_at: number;
  /** How the session was opened: `password`, `signup` or `api_key`. */
  method: string;
  /** The environment of the key that opened an `api_key` session (it acts only there); null otherwise. */
  key_environment: Environment | null;
  /** SHA-256 of the key that opened an `api_key` session; null otherwise. The session lives only while its slot holds that key. */
  key_hash: string | null;
  /** When the session last authenticated a request, written at most once a minute; null: not since it was opened. */
  last_used_at: number | null;
  /** The client address that opened the session (the trusted-proxy view of it). */
  ip_address: string | null;
  /** The User-Agent that opened the session, control characters removed and truncated. */
  user_agent: string | null;
  /** The partner member who opened the session (migration 0028); null for an admin's session or one opened by pasting an API key. */
  member_id?: string | null;
}

export interface CalculationsTable {
  partner_id: string;
  environment: Environment;
  end_user_id: string;
  calculation_id: string;
  user_email: string | null;
  /** user_email as erasure matches it (src/lib/email.ts); null when there is no email. */
  user_email_key: string | null;
  /** CalculateResponse as JSON text. */
  result: string;
  calculated_at: number;
}

export interface WebhookEndpointsTable {
  id: string;
  partner_id: string;
  environment: Environment;
  url: string;
  /** JSON array of event types. */
  events: string;
  enabled: number;
  secret_enc: string;
  secret_hint: string;
  previous_secret_enc: string | null;
  previous_secret_expires_at: number | null;
  disabled_reason: string | null;
  created_at: number;
  updated_at: number;
  /** Circuit breaker (migration 0019): closed | open | half_open. */
  circuit_state?: string;
  /** Failed attempts in a row. */
  circuit_failures?: number;
  /** Openings in a row without a success between them (the open period doubles with each). */
  circuit_trips?: number;
  /** While open: when the probe delivery may go. */
  circuit_retry_at?: number | null;
  /** While half-open: until when the process sending the probe holds it. */
  circuit_probe_until?: number | null;
  /** Recent mean duration of its delivery attempts, ms (migration 0025); null until one is recorded. */
  latency_ms?: number | null;
}

/** The outbox: one row per event, written in the transaction of the change that causes it. */
export interface WebhookEventsTable {
  id: string;
  partner_id: string;
  environment: Environment;
  type: string;
  /** Delivery order is kept per (partner, environment, ordering_key); the end-user id where there is one. */
  ordering_key: string | null;
  /** The full delivery body `{id, type, created_at, data}` as JSON text. */
  payload: string;
  created_at: number;
  /** pending | delivered | exhausted | skipped */
  state: string;
  attempts: number;
  next_attempt_at: number;
  locked_until: number | null;
  /** Which delivery claim holds the event while locked_until is in the future (migration 0003). */
  lock_token?: string | null;
  /** When the event left `pending` (migration 0003). */
  completed_at?: number | null;
}

/** Who did what to what, when: every admin action (kept when its target is deleted). */
export interface AuditLogTable {
  id: string;
  at: number;
  /** admin | partner | system | server (platform secret) */
  actor_type: string;
  actor_id: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  /** JSON object text */
  details: string;
}

export interface CoreTables {
  audit_log: AuditLogTable;
  partners: PartnersTable;
  api_keys: ApiKeysTable;
  admins: AdminsTable;
  sessions: SessionsTable;
  calculations: CalculationsTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_events: WebhookEventsTable;
}
