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
 * every failure. Without Redis (or while it is unreachable) an address may fail up to `limit`
 * times on each process.
 *
 * A credential that needs an asynchronous look-up (an API key not in the key cache) is counted
 * BEFORE the look-up (`admit`): from then until its look-up settles it counts as a failure of its
 * address, and a valid key gives its count back when it settles. Otherwise every one of a burst of
 * concurrent guesses would pass the budget while the others' look-ups were still in flight (1,000
 * at once got 314 real checks on PostgreSQL). An address whose look-ups in flight fill what is left
 * of its budget waits for one of them to settle; one that has spent it is refused. This bound is
 * each process's own: guesses arriving at the same moment at N processes are looked up at most
 * N × `limit` times (the shared count learns of them only as they fail), while a valid key, cached
 * or not, never waits for Redis.
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

/**
 * A credential look-up admitted against its address's budget: it counts as a failure until `settle`
 * says how it ended (a wrong credential stays counted, anything else gives the count back).
 */
export interface Admission {
  settle(failed: boolean, now: number): void;
}

/** Look-ups in flight from one address, and the admissions waiting for one of them to settle. */
interface InFlight {
  count: number;
  waiters: (() => void)[];
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
  /** Look-ups in progress per address (only while there are some). */
  private readonly inFlight = new Map<string, InFlight>();
  /** Failures on their way to the shared count. */
  private readonly counting = new Set<Promise<void>>();

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
    this.failKey(addressKey(address), now);
  }

  private failKey(key: string, now: number): void {
    let w = this.byAddress.get(key);
    if (!w || now >= w.start + this.windowMs) {
      w = { start: now, failures: 0 };
      this.byAddress.set(key, w);
    }
    w.failures++;
    if (w.failures >= this.limit) this.lockedUntil = Math.max(this.lockedUntil, w.start + this.windowMs);
    if (this.shared?.usingRedis) this.countShared(key, now);
  }

  /** The failures of the address's current window (0 once it has ended). */
  private failures(key: string, now: number): { failures: number; end: number } {
    const w = this.byAddress.peek(key);
    if (!w || now >= w.start + this.windowMs) return { failures: 0, end: now + this.windowMs };
    return { failures: w.failures, end: w.start + this.windowMs };
  }

  /**
   * Admits a credential look-up of `address` against its budget before the look-up starts: resolves once the
   * failures of its window plus the look-ups in flight leave room for it (waiting for one in flight to settle
   * when they do not), and rejects with the 429 once the address has spent its budget. Settle the admission
   * when the look-up ends: a wrong credential is then counted as `fail` counts it (here, and with Redis shared).
   */
  async admit(address: string, now: number): Promise<Admission> {
    const key = addressKey(address);
    for (;;) {
      const { failures, end } = this.failures(key, now);
      if (failures >= this.limit) throw errors.tooManyFailedCredentials((end - now) / 1000, FAILED_CREDENTIALS_DETAIL);
      const flight = this.inFlight.get(key);
      if (!flight || failures + flight.count < this.limit) break;
      await new Promise<void>((resolve) => flight.waiters.push(resolve));
    }
    const flight = this.inFlight.get(key) ?? { count: 0, waiters: [] };
    flight.count++;
    this.inFlight.set(key, flight);
    let settled = false;
    return {
      settle: (failed, at) => {
        if (settled) return;
        settled = true;
        if (failed) this.failKey(key, at);
        this.release(key);
      },
    };
  }

  /** One look-up of the address has ended: the admissions waiting for room look again. */
  private release(key: string): void {
    const flight = this.inFlight.get(key);
    if (!flight) return;
    flight.count--;
    const waiters = flight.waiters.splice(0);
    if (flight.count <= 0 && waiters.length === 0) this.inFlight.delete(key);
    for (const wake of waiters) wake();
  }

  /** Adds the failure to the shared count; once it reaches the limit this process locks the address until the shared window ends. */
  private countShared(key: string, now: number): void {
    const shared = this.shared!;
    // The answer has already been decided (401): the shared count only decides the next requests.
    const counted = Promise.resolve(shared.hit(`credentials:${key}`, this.limit, this.windowMs)).then(
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
    this.counting.add(counted);
    void counted.finally(() => this.counting.delete(counted));
  }

  /** Resolves once every failure counted so far has reached the shared count and its answer has been applied here. */
  async sharedCounted(): Promise<void> {
    while (this.counting.size > 0) await Promise.all([...this.counting]);
  }
}
