import type { Migration } from 'kysely';
import * as m0001 from './0001_core.js';
import * as m0002 from './0002_accounts.js';
import * as m0003 from './0003_webhooks.js';
import * as m0004 from './0004_usage.js';
import * as m0005 from './0005_ingest.js';
import * as m0006 from './0006_sandbox.js';
import * as m0007 from './0007_public.js';
import * as m0008 from './0008_usage_rollup_queue.js';
import * as m0009 from './0009_session_key_scope.js';
import * as m0010 from './0010_retention.js';
import * as m0011 from './0011_environment_scoped_keys.js';
import * as m0012 from './0012_end_user_email_key.js';
import * as m0013 from './0013_usage_erasures.js';
import * as m0014 from './0014_usage_end_user_counts.js';
import * as m0015 from './0015_session_details.js';
import * as m0016 from './0016_password_reset.js';
import * as m0017 from './0017_ingest_secret_rotation.js';
import * as m0018 from './0018_email_verification.js';
import * as m0019 from './0019_fair_delivery.js';
import * as m0021 from './0021_service_keys.js';
import * as m0022 from './0022_sandbox_recorded_runs.js';
import * as m0023 from './0023_sandbox_transfer_settlement.js';
import * as m0024 from './0024_probe_microseconds.js';
import * as m0025 from './0025_endpoint_latency.js';
import * as m0026 from './0026_signup_requests.js';
import * as m0027 from './0027_deletion_request_receipts.js';
import * as m0028 from './0028_partner_members.js';
import * as m0029 from './0029_mfa.js';
import * as m0030 from './0030_admin_oidc.js';
import * as m0031 from './0031_request_log.js';
import * as m0032 from './0032_event_inspector.js';
import * as m0033 from './0033_key_roll_overlap.js';
import * as m0034 from './0034_sandbox_transfer_lifecycle.js';
import * as m0035 from './0035_member_mfa_requirement.js';
import * as m0036 from './0036_passkeys.js';
import * as m0037 from './0037_request_log_indexes.js';
import * as m0038 from './0038_webhook_deliveries_event_order.js';
import * as m0039 from './0039_request_log_blocks.js';

/** Every migration, in order. Names are fixed once released. */
export const migrations: Record<string, Migration> = {
  '0001_core': m0001,
  '0002_accounts': m0002,
  '0003_webhooks': m0003,
  '0004_usage': m0004,
  '0005_ingest': m0005,
  '0006_sandbox': m0006,
  '0007_public': m0007,
  '0008_usage_rollup_queue': m0008,
  '0009_session_key_scope': m0009,
  '0010_retention': m0010,
  '0011_environment_scoped_keys': m0011,
  '0012_end_user_email_key': m0012,
  '0013_usage_erasures': m0013,
  '0014_usage_end_user_counts': m0014,
  '0015_session_details': m0015,
  '0016_password_reset': m0016,
  '0017_ingest_secret_rotation': m0017,
  '0018_email_verification': m0018,
  '0019_fair_delivery': m0019,
  '0021_service_keys': m0021,
  '0022_sandbox_recorded_runs': m0022,
  '0023_sandbox_transfer_settlement': m0023,
  '0024_probe_microseconds': m0024,
  '0025_endpoint_latency': m0025,
  '0026_signup_requests': m0026,
  '0027_deletion_request_receipts': m0027,
  '0028_partner_members': m0028,
  '0029_mfa': m0029,
  '0030_admin_oidc': m0030,
  '0031_request_log': m0031,
  '0032_event_inspector': m0032,
  '0033_key_roll_overlap': m0033,
  '0034_sandbox_transfer_lifecycle': m0034,
  '0035_member_mfa_requirement': m0035,
  '0036_passkeys': m0036,
  '0037_request_log_indexes': m0037,
  '0038_webhook_deliveries_event_order': m0038,
  '0039_request_log_blocks': m0039,
};
