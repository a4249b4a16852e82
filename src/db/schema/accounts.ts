/** Tables owned by the accounts area (its own migration, 0002). */

/** Failed sign-in counter of one scope (an email of a role, or a client address). */
export interface LoginThrottleTable {
  /** SHA-256 of the scope key (`email:<role>:<email>` or `ip:<address>`). */
  key_hash: string;
  /** Attempts counted in the current window (each attempt is counted before the password is checked). */
  failures: number;
  window_start: number;
  /** While in the future, every attempt of this scope answers 429. */
  locked_until: number | null;
  updated_at: number;
}

export interface AccountsTables {
  login_throttle: LoginThrottleTable;
}
