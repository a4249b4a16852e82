/**
 * The failed-credential budget of each client address: wrong API keys, wrong partner ingest
 * secrets and wrong platform secrets (INGEST_SECRET) count against it.
 *
 * An address may fail `limit` times within a window that opens with its first failure
 * (`windowMs`); the failure that spends the budget still answers 401, and from then until the
 * window ends every request of that address that presents one of these credentials answers
 * 429 `too_many_failed_credentials` with Retry-After, before its credential is looked at: a
 * guess inside the lock learns nothing (answering 401/200 would tell a right guess from a wrong
 * one), and an unknown key, never cached, no longer costs a database read. Valid credentials
 * from other addresses are unaffected, and a success does not give failures back.
 *
 * Only failures are counted, so a valid credential costs nothing: while no address is locked
 * (`lockedUntil` in the past) the check is one comparison, and only while some address is
 * locked does a request look its own address up. The counts live in this process (an LRU of at
 * most MAX_ADDRESSES addresses, the least recently failing forgotten first): with several
 * processes behind a balancer an address may fail up to `limit` times on each.
 */
import { LRUCache } from 'lru-cache';
import { errors, type AppError } from './errors.js';

/** Addresses remembered at most (about 100 bytes each). */
export const MAX_ADDRESSES = 50_000;

export const FAILED_CREDENTIALS_DETAIL =
  'Too many requests with a wrong API key or secret from this address: every request with a credential is refused until Retry-After has passed';

interface Window {
  /** When this address's first failure of the window happened (epoch ms). */
  start: number;
  failures: number;
}

export interface CredentialBudgetOptions {
  /** Failures an address may make within a window; the next request is refused. */
  limit: number;
  windowMs: number;
  maxAddresses?: number;
}

export class CredentialBudget {
  readonly limit: number;
  readonly windowMs: number;
  private readonly byAddress: LRUCache<string, Window>;
  /** The latest instant until which some address is locked: before it a request checks its address, after it none does. */
  private lockedUntil = 0;

  constructor(options: CredentialBudgetOptions) {
    this.limit = options.limit;
    this.windowMs = options.windowMs;
    this.byAddress = new LRUCache<string, Window>({ max: options.maxAddresses ?? MAX_ADDRESSES });
  }

  /**
   * The 429 for a request whose address has spent its budget, or null. Reads `request.ip` only
   * while some address is locked.
   */
  refusal(request: { readonly ip: string }, now: number): AppError | null {
    if (now >= this.lockedUntil) return null;
    const w = this.byAddress.peek(request.ip);
    if (!w || w.failures < this.limit) return null;
    const end = w.start + this.windowMs;
    if (now >= end) return null;
    return errors.tooManyFailedCredentials((end - now) / 1000, FAILED_CREDENTIALS_DETAIL);
  }

  /** Counts one wrong credential of `address`; the failure that spends the budget locks it until its window ends. */
  fail(address: string, now: number): void {
    let w = this.byAddress.get(address);
    if (!w || now >= w.start + this.windowMs) {
      w = { start: now, failures: 0 };
      this.byAddress.set(address, w);
    }
    w.failures++;
    if (w.failures >= this.limit) this.lockedUntil = Math.max(this.lockedUntil, w.start + this.windowMs);
  }
}
