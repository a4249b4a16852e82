/** Tables owned by the sandbox area (migration 0006). The generated data is computed, not stored. */
import type { Environment } from './core.js';

export interface SandboxAccountsTable {
  account_id: string;
  partner_id: string;
  environment: Environment;
  user_id: string;
  /** checking | savings | credit */
  kind: string;
  /** Transfers made from this account so far (also serialises them: incremented under the row lock). */
  transfer_seq: number;
  created_at: number;
}

export interface SandboxItemsTable {
  item_id: string;
  partner_id: string;
  environment: Environment;
  user_id: string;
  /** SHA-256 of the exchanged public token (each is accepted once per partner). */
  public_token_hash: string;
  /** JSON object text */
  institution: string;
  created_at: number;
}

export interface SandboxTransfersTable {
  transfer_id: string;
  partner_id: string;
  environment: Environment;
  user_id: string;
  /** A (account_id, amount_cents, direction) or B (from_account_id, to_account_id, amount). */
  shape: 'A' | 'B';
  /** Shape A: the account; shape B: the account debited. */
  account_id: string;
  /** Shape B: the account credited. */
  to_account_id: string | null;
  /** debit (money out of account_id) | credit (money into account_id) */
  direction: 'debit' | 'credit';
  amount_cents: number;
  description: string;
  rail: string;
  /** pending (shape A) | submitted (shape B), then settled at the start of settlement_day (migration 0023); or failed; returned after settled (0034) */
  status: string;
  failure_code: string | null;
  created_at: number;
  created_day: string;
  settlement_day: string;
  /** When it settled (epoch ms: the start of settlement_day, UTC); null until then, and for a failed transfer. */
  settled_at: number | null;
  /** When it failed (epoch ms); null for a transfer refused at its creation (it failed at created_at) and for any other (migration 0034). */
  failed_at: number | null;
  /** When a settled transfer was returned (status `returned`): its money went back (migration 0034). */
  returned_at: number | null;
  /** Why it was returned (a reason code, e.g. account_closed). */
  return_code: string | null;
}

export interface SandboxIdempotencyTable {
  partner_id: string;
  idem_key: string;
  request_hash: string;
  /** in_flight | done */
  state: string;
  /** Keys are per environment: the same key with the test and the live key are two requests. */
  environment: Environment;
  /** The end-user the answer is about (for erasure). */
  user_id: string | null;
  status_code: number | null;
  /** The first answer, JSON text. */
  response: string | null;
  created_at: number;
  /** An in-flight marker older than this is abandoned (its request died) and may be taken over. */
  locked_until: number;
  expires_at: number;
}

export interface SandboxCursorsTable {
  partner_id: string;
  environment: Environment;
  user_id: string;
  /** The `since` the cursor was made under ('' when none was given). */
  since: string;
  cursor: string;
  updated_at: number;
}

/** The runs of an end-user's ledger whose `transaction` usage events are recorded (src/areas/sandbox/recorded-runs.ts). */
export interface SandboxRecordedRunsTable {
  partner_id: string;
  environment: Environment;
  user_id: string;
  /** JSON array of runs. */
  runs: string;
  /** When a run was last added: every run is at most this old. */
  updated_at: number;
  /** When past transactions of this user were last counted through event ids instead of a run (null: never). */
  keyed_at: number | null;
}

export interface SandboxTables {
  sandbox_accounts: SandboxAccountsTable;
  sandbox_items: SandboxItemsTable;
  sandbox_transfers: SandboxTransfersTable;
  sandbox_idempotency: SandboxIdempotencyTable;
  sandbox_cursors: SandboxCursorsTable;
  sandbox_recorded_runs: SandboxRecordedRunsTable;
}
