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
 * most MAX_ADDRESSES addresses, the least recently failing forgotten first) and, when Redis is
 * configured, also in Redis through the rate limiter's fixed windows, so that every process sees
 * every failure: a process locks an address once the shared count reaches `limit`, at the latest
 * on that address's next failure there. Without Redis (or while it is unreachable) an address may
 * fail up to `limit` times on each process.
 *
 * An IPv6 client is counted by its /64: one subscriber line or host is routinely given a whole
 * /64, so counting single IPv6 addresses would hand an attacker 2^64 budgets.
 */
import ipaddr from 'ipaddr.js';
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

/** A count shared by every process (the rate limiter's Redis windows). */
export interface SharedCount {
  readonly usingRedis: boolean;
  hit(bucket: string, limit: number, windowMs: number): SharedDecision | Promise<SharedDecision>;
}

interface SharedDecision {
  remaining: number;
  /** End of the shared window (epoch ms). */
  resetAt: number;
}

export interface CredentialBudgetOptions {
  /** Failures an address may make within a window; the next request is refused. */
  limit: number;
  windowMs: number;
  maxAddresses?: number;
  /** Counts failures across processes when it uses Redis. */
  shared?: SharedCount;
}

/** The unit an address is counted by: an IPv4 address (IPv4-mapped IPv6 included) alone, an IPv6 address by its /64. */
export function addressKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const addr = ipaddr.process(ip);
  if (addr.kind() === 'ipv4') return addr.toString();
  const parts = (addr as ipaddr.IPv6).parts.slice(0, 4).map((n) => n.toString(16));
  return `${parts.join(':')}::/64`;
}

export class CredentialBudget {
  readonly limit: number;
  readonly windowMs: number;
  private readonly byAddress: LRUCache<string, Window>;
  /** The latest instant until which some address is locked: before it a request checks its address, after it none does. */
  private lockedUntil = 0;
  private readonly shared: SharedCount | undefined;

  constructor(options: CredentialBudgetOptions) {
    this.limit = options.limit;
    this.windowMs = options.windowMs;
    this.byAddress = new LRUCache<string, Window>({ max: options.maxAddresses ?? MAX_ADDRESSES });
    this.shared = options.shared;
  }

  /**
   * The 429 for a request whose address has spent its budget, or null. Reads `request.ip` only
   * while some address is locked.
   */
  refusal(request: { readonly ip: string }, now: number): AppError | null {
    if (now >= this.lockedUntil) return null;
    const w = this.byAddress.peek(addressKey(request.ip));
    if (!w || w.failures < this.limit) return null;
    const end = w.start + this.windowMs;
    if (now >= end) return null;
    return errors.tooManyFailedCredentials((end - now) / 1000, FAILED_CREDENTIALS_DETAIL);
  }

  /** Counts one wrong credential of `address`; the failure that spends the budget locks it until its window ends. */
  fail(address: string, now: number): void {
    const key = addressKey(address);
    let w = this.byAddress.get(key);
    if (!w || now >= w.start + this.windowMs) {
      w = { start: now, failures: 0 };
      this.byAddress.set(key, w);
    }
    w.failures++;
    if (w.failures >= this.limit) this.lockedUntil = Math.max(this.lockedUntil, w.start + this.windowMs);
    if (this.shared?.usingRedis) this.countShared(key, now);
  }

  /** Adds the failure to the shared count; once it reaches the limit this process locks the address until the shared window ends. */
  private countShared(key: string, now: number): void {
    const shared = this.shared!;
    // The answer has already been decided (401): the shared count only decides the next requests.
    void Promise.resolve(shared.hit(`credentials:${key}`, this.limit, this.windowMs)).then(
      (d) => {
        if (d.remaining > 0 || d.resetAt <= now) return;
        let w = this.byAddress.get(key);
        if (!w) {
          w = { start: d.resetAt - this.windowMs, failures: 0 };
          this.byAddress.set(key, w);
        }
        w.failures = Math.max(w.failures, this.limit);
        // Locked until the later of the local and the shared window's end.
        if (w.start + this.windowMs < d.resetAt) w.start = d.resetAt - this.windowMs;
        this.lockedUntil = Math.max(this.lockedUntil, w.start + this.windowMs);
      },
      // The limiter logs Redis failures itself and falls back to its memory; nothing to add here.
      () => undefined,
    );
  }
}
