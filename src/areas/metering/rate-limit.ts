/**
 * Rate limiting: per API key on the partner API, and per client address on public
 * write endpoints (login, register, contact, deletion request).
 *
 * Fixed windows (1 s for keys, 60 s for public writes) counted in memory for one
 * process, or in Redis (REDIS_URL) so that every process shares one budget. Redis is
 * used with short timeouts and no offline queue: when it is unreachable or slow the
 * limiter falls back to the in-memory count of this process (logged, at most once a
 * minute), and goes back to Redis when it reconnects. It never answers 500 and
 * never waits more than the command timeout.
 */
import { Redis } from 'ioredis';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import type { Metrics } from '../../lib/metrics.js';
import type { Clock } from '../../lib/time.js';
import { errors } from '../../http/errors.js';

export interface Decision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** End of the current window (epoch ms). */
  resetAt: number;
  /** Where the count came from. */
  store: 'memory' | 'redis';
  /** The instant the decision was made (epoch ms, from the service clock). */
  now: number;
}

/** Public write endpoints: requests per address per minute, per endpoint name. */
export const PUBLIC_WRITE_LIMIT = 30;
export const PUBLIC_WRITE_WINDOW_MS = 60_000;

const REDIS_CONNECT_TIMEOUT_MS = 500;
const REDIS_COMMAND_TIMEOUT_MS = 200;
const MEMORY_SWEEP_AT = 50_000;

const INCR_SCRIPT = `local c = redis.call('INCRBY', KEYS[1], ARGV[2])
if c == tonumber(ARGV[2]) then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return c`;

type RedisWithIncr = Redis & { svcIncrWindow(key: string, ttlMs: number, weight: number): Promise<number> };

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * How many requests of the key's per-second budget one request of this route counts
     * for (default 1): a costly request weighs what it costs (set from the one table of
     * src/routes/partner-api/weights.ts). Read before validation, so it must cope with any
     * query; capped at the key's limit. A request weighing more than 1 is also costly: a key may
     * have at most KEY_COSTLY_IN_FLIGHT of such weight in progress at once (CostlyInFlight).
     */
    rateWeight?: (request: FastifyRequest) => number;
    /** With rateWeight: how a request of this route is weighed, in words, for the refusal of a costly one. */
    rateWeightRule?: string;
  }
}

export class RateLimiter {
  private readonly memory = new Map<string, { windowStart: number; count: number }>();
  private redis: RedisWithIncr | null = null;
  private lastWarn = 0;
  private closed = false;

  /** Redis key prefix: REDIS_KEY_PREFIX + `rl:`, so deployments (and parallel test runs) sharing a Redis keep their counters apart. */
  readonly prefix: string;

  constructor(private readonly deps: { config: Config; clock: Clock; log: FastifyBaseLogger }) {
    this.prefix = `${deps.config.redisKeyPrefix}rl:`;
  }

  /** Connects to Redis when REDIS_URL is set (idempotent); until then, and without it, counts in this process. */
  start(): void {
    const url = this.deps.config.redisUrl;
    if (!url || this.redis || this.closed) return;
    const client = new Redis(url, {
      connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
      commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      retryStrategy: (times: number) => Math.min(100 * times, 2000),
      lazyConnect: false,
    }) as RedisWithIncr;
    client.defineCommand('svcIncrWindow', { numberOfKeys: 1, lua: INCR_SCRIPT });
    client.on('error', (err: Error) => this.warn('redis error: rate limits fall back to this process', err));
    this.redis = client;
  }

  /** True when Redis is configured and connected. */
  get usingRedis(): boolean {
    return this.redis?.status === 'ready';
  }

  /** Resolves once Redis is connected (or at once when it is not configured); false on timeout. */
  async ready(timeoutMs = 2000): Promise<boolean> {
    const r = this.redis;
    if (!r) return true;
    const until = Date.now() + timeoutMs;
    while (r.status !== 'ready' && Date.now() < until) await new Promise((res) => setTimeout(res, 10));
    return r.status === 'ready';
  }

  /**
   * Counts one request of `bucket` against `limit` per `windowMs`. Answers
   * synchronously when counting in memory (no promise on the hot path), with a
   * promise when Redis is asked.
   */
  hit(bucket: string, limit: number, windowMs: number, weight = 1): Decision | Promise<Decision> {
    const now = this.deps.clock.now();
    const windowStart = now - (now % windowMs);
    const resetAt = windowStart + windowMs;
    const r = this.redis;
    if (r && r.status === 'ready') return this.redisHit(r, bucket, limit, windowMs, windowStart, resetAt, now, weight);
    return decide(this.memoryIncr(bucket, windowStart, now, weight), limit, resetAt, 'memory', now);
  }

  private async redisHit(r: RedisWithIncr, bucket: string, limit: number, windowMs: number, windowStart: number, resetAt: number, now: number, weight: number): Promise<Decision> {
    try {
      const count = await r.svcIncrWindow(`${this.prefix}${bucket}:${windowStart}`, windowMs * 2, weight);
      return decide(Number(count), limit, resetAt, 'redis', now);
    } catch (err) {
      this.warn('redis command failed: rate limits fall back to this process', err);
      return decide(this.memoryIncr(bucket, windowStart, now, weight), limit, resetAt, 'memory', now);
    }
  }

  private memoryIncr(bucket: string, windowStart: number, now: number, weight: number): number {
    let e = this.memory.get(bucket);
    if (!e || e.windowStart !== windowStart) {
      if (!e && this.memory.size >= MEMORY_SWEEP_AT) this.sweep(now);
      e = { windowStart, count: 0 };
      this.memory.set(bucket, e);
    }
    e.count += weight;
    return e.count;
  }

  /** Drops the entries whose window is over (older than the longest window in use). */
  private sweep(now: number): void {
    for (const [k, e] of this.memory) if (e.windowStart + PUBLIC_WRITE_WINDOW_MS <= now) this.memory.delete(k);
    if (this.memory.size >= MEMORY_SWEEP_AT) this.memory.clear();
  }

  private warn(msg: string, err: unknown): void {
    const now = Date.now();
    if (now - this.lastWarn < 60_000) return;
    this.lastWarn = now;
    this.deps.log.warn({ err: err instanceof Error ? err.message : String(err) }, msg);
  }

  async close(): Promise<void> {
    this.closed = true;
    const r = this.redis;
    this.redis = null;
    if (!r) return;
    try {
      await Promise.race([r.quit(), new Promise((res) => setTimeout(res, 500))]);
    } catch {
      // already gone
    }
    r.disconnect();
  }
}

function decide(count: number, limit: number, resetAt: number, store: 'memory' | 'redis', now: number): Decision {
  return { allowed: count <= limit, limit, remaining: Math.max(0, limit - count), resetAt, store, now };
}

/**
 * The costly requests (weighing more than 1) each key has in progress in this process, by weight,
 * and when each key's next costly request may start. The per-second limit bounds how many a key
 * starts, not how many run at once nor when: a fixed window admits its whole budget in the window's
 * first moments, and a burst of large pages that each take milliseconds of the one event loop queues
 * every other partner's requests behind them. Bounding what one key holds at once keeps the others'
 * wait to one such request of that key; pacing each key's costly requests over its second (a request
 * of weight w starts at least w / limit seconds after the key's previous one) keeps several keys'
 * budgets from landing together at the start of every window.
 */
export class CostlyInFlight {
  private readonly held = new Map<string, number>();
  /**
   * Per key: the earliest instant its next costly request may start, on the monotonic clock (performance.now()),
   * not the service clock: the wait is kept by a timer in real time, and a service clock that is set back (an
   * operator's correction, a test) would otherwise hold a key's next request for as long as it went back.
   */
  private readonly next = new Map<string, number>();

  constructor(readonly max: number) {}

  /** Takes `weight` for `key`, or answers false when the key already holds some and would then hold more than `max`. */
  take(key: string, weight: number): boolean {
    const now = this.held.get(key) ?? 0;
    // A key holding nothing may always start one request, whatever its weight.
    if (now > 0 && now + weight > this.max) return false;
    this.held.set(key, now + weight);
    return true;
  }

  release(key: string, weight: number): void {
    const left = (this.held.get(key) ?? 0) - weight;
    if (left > 0) this.held.set(key, left);
    else this.held.delete(key);
  }

  /** What `key` holds now (tests, metrics). */
  holding(key: string): number {
    return this.held.get(key) ?? 0;
  }

  /**
   * Books the start of a costly request of `weight` for `key` at `limit` requests a second: the milliseconds it
   * waits before it starts (0 when the key's previous costly request started long enough ago). The request
   * holds its weight in progress while it waits, so a key has at most `max` of weight waiting or running.
   */
  pace(key: string, weight: number, limit: number, now: number = performance.now()): number {
    if (this.next.size >= PACE_SWEEP_AT) for (const [k, at] of this.next) if (at <= now) this.next.delete(k);
    const start = Math.max(now, this.next.get(key) ?? now);
    this.next.set(key, start + (weight * 1000) / limit);
    return start - now;
  }
}

const PACE_SWEEP_AT = 50_000;

/** The limiter of one application (deps.limiter: one per process, shared by both path forms and every area). */
export function limiterFor(deps: { limiter: RateLimiter }): RateLimiter {
  return deps.limiter;
}

/**
 * Header strings kept per limit: those of the first CACHED_COUNTS requests of a window (a limit of 60 needs 61;
 * a key of an enterprise tier that makes 30,000 calls in one second, up to 2.5 MB of strings, built as they are
 * first needed).
 */
const CACHED_COUNTS = 1 << 15;

/**
 * The rate-limit headers of one policy (legacy X-RateLimit-* and the IETF RateLimit
 * pair). Their values repeat across requests (the limit, the policy, the window's
 * reset, the remaining count after the n-th request of a window), so each is built
 * once and reused: a reused string is already flat, where a newly built one is first
 * copied together when Node writes it. They are set with Fastify's public reply.headers.
 */
export class RateLimitHeaders {
  private readonly byLimit = new Map<number, { limit: string; policy: string; remaining: string[]; ratelimit: string[] }>();
  private resetAt = -1;
  private reset = '';

  constructor(
    private readonly policy: string,
    private readonly windowMs: number,
  ) {}

  set(reply: FastifyReply, d: Decision): void {
    let e = this.byLimit.get(d.limit);
    if (!e) {
      e = { limit: String(d.limit), policy: `"${this.policy}";q=${d.limit};w=${Math.round(this.windowMs / 1000)}`, remaining: [], ratelimit: [] };
      this.byLimit.set(d.limit, e);
    }
    if (d.resetAt !== this.resetAt) {
      this.resetAt = d.resetAt;
      this.reset = String(Math.ceil(d.resetAt / 1000));
    }
    const r = d.remaining;
    const seconds = Math.max(1, Math.ceil((d.resetAt - d.now) / 1000));
    // Indexed by how many requests of the window came before (limit - remaining), so that a large limit's
    // first requests are cached as well as a small limit's every count.
    const i = d.limit - r;
    let remaining: string;
    let ratelimit: string;
    if (i < CACHED_COUNTS && seconds === 1) {
      remaining = e.remaining[i] ??= String(r);
      ratelimit = e.ratelimit[i] ??= `"${this.policy}";r=${r};t=1`;
    } else {
      remaining = String(r);
      ratelimit = `"${this.policy}";r=${r};t=${seconds}`;
    }
    const h: Record<string, string> = {};
    h['x-ratelimit-limit'] = e.limit;
    h['x-ratelimit-remaining'] = remaining;
    h['x-ratelimit-reset'] = this.reset;
    h['ratelimit-policy'] = e.policy;
    h['ratelimit'] = ratelimit;
    reply.headers(h);
  }
}

/** The 429 of a refused decision (Retry-After in whole seconds, at least 1). */
export function tooMany(d: Decision) {
  return errors.tooManyRequests((d.resetAt - d.now) / 1000);
}

/**
 * An onRequest hook limiting a public write endpoint (login, register, contact,
 * deletion request) per client address. `name` separates the budgets of endpoints.
 */
export function publicWriteLimit(deps: { limiter: RateLimiter; metrics: Pick<Metrics, 'rateLimitRejected'> }, name: string): (request: FastifyRequest, reply: FastifyReply) => Promise<void> {
  const headers = new RateLimitHeaders(name, PUBLIC_WRITE_WINDOW_MS);
  return async (request, reply) => {
    const d = await deps.limiter.hit(`ip:${name}:${request.ip}`, PUBLIC_WRITE_LIMIT, PUBLIC_WRITE_WINDOW_MS);
    headers.set(reply, d);
    if (!d.allowed) {
      deps.metrics.rateLimitRejected(name);
      throw tooMany(d);
    }
  };
}
