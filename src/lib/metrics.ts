/**
 * The process's metrics in Prometheus' text format (prom-client), one registry per Deps container
 * (deps.metrics): tests build many applications in one process, and each keeps its own counts.
 *
 * What is counted where it happens costs the request path one cached histogram child and two
 * additions: request durations by method, route pattern and status class (a route's pattern, never
 * its URL, so the series stay bounded), requests in flight, group-commit batch sizes, webhook delivery
 * attempts, usage-meter flushes, rate-limit refusals and answers the database cost (503/507).
 *
 * What is read at scrape time comes from the sources createDeps attaches: the database pools (their
 * public counters, no query), the usage meter's flush lag, and two cheap queries (the webhook outbox's
 * due events, the usage rollup queue) whose answers are kept for SOURCE_CACHE_MS, so scrapes from
 * several Prometheus servers cost the database one query each per interval. A query that fails or
 * takes longer than SOURCE_TIMEOUT_MS leaves its gauges empty for that scrape (a stale figure would hide
 * an outage) and counts an error; the rest of the answer is still given.
 *
 * Node's runtime metrics (event-loop lag, heap, GC, handles) are registered at the first scrape, not
 * when the container is built: they start an event-loop delay monitor and a GC observer that live as
 * long as the process, which a test process building dozens of containers has no use for.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** The route label of a request no route matched (404s): one series, whatever the URL. */
export const UNMATCHED_ROUTE = 'unmatched';

/** How long a scrape-time database read is reused. */
export const SOURCE_CACHE_MS = 5_000;
/** A scrape-time database read that takes longer is given up for that scrape. */
export const SOURCE_TIMEOUT_MS = 2_000;

export interface PoolStats {
  /** `main` and `index_order` (PostgreSQL), `sqlite`. */
  pool: string;
  /** Connections open. */
  total: number;
  /** Open and not in use. */
  idle: number;
  /** Queries waiting for a connection; null where the driver does not queue (SQLite). */
  waiting: number | null;
}

/** What the metrics read at scrape time (createDeps attaches them once the services exist). */
export interface MetricSources {
  now(): number;
  pools(): PoolStats[];
  /** Bytes of the SQLite write-ahead log (null on PostgreSQL). */
  walBytes(): number | null;
  /** Since when the oldest count the usage meter holds has waited (epoch ms), null when it holds none. */
  meterPendingSince(): number | null;
  /** Webhook events due and not delivered, and when the oldest became due (epoch ms). */
  outbox(): Promise<{ due: number; oldestDueAt: number | null }>;
  /** Usage-event rollup deltas not applied yet, and when the oldest was written (epoch ms). */
  rollups(): Promise<{ pending: number; oldestAt: number | null }>;
}

/** What one webhook delivery attempt came to (src/areas/webhooks/delivery.ts's AttemptResult). */
export interface AttemptOutcome {
  ok: boolean;
  gone: boolean;
  statusCode: number | null;
}

type Observer = { observe(value: number): void };

const SECONDS_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const BATCH_BUCKETS = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512];
const STATUS_CLASS = ['0xx', '1xx', '2xx', '3xx', '4xx', '5xx'];

interface Snapshot<T> {
  at: number;
  value: T | null;
  pending: Promise<T | null> | null;
}

export class Metrics {
  readonly registry = new Registry();
  private sources: MetricSources | null = null;
  private runtimeRegistered = false;
  private inFlight = 0;
  /** method → route → status class → histogram child, so a request hashes no label set. */
  private readonly children = new Map<string, Map<string, (Observer | undefined)[]>>();

  private readonly httpDuration = new Histogram({
    name: 'svc_http_request_duration_seconds',
    help: 'Time to answer a request, by method, route pattern (`unmatched` when no route matched) and status class.',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: SECONDS_BUCKETS,
    registers: [this.registry],
  });
  private readonly httpInFlight = new Gauge({
    name: 'svc_http_requests_in_flight',
    help: 'Requests received and not answered yet.',
    registers: [this.registry],
  });
  private readonly poolConnections = new Gauge({
    name: 'svc_db_pool_connections',
    help: 'Database connections open, by pool (PostgreSQL: main and index_order; SQLite: its one connection).',
    labelNames: ['pool'] as const,
    registers: [this.registry],
  });
  private readonly poolIdle = new Gauge({
    name: 'svc_db_pool_idle_connections',
    help: 'Database connections open and not in use (SQLite: 0 while a transaction is open).',
    labelNames: ['pool'] as const,
    registers: [this.registry],
  });
  private readonly poolWaiting = new Gauge({
    name: 'svc_db_pool_waiting_requests',
    help: 'Queries waiting for a free connection of the pool (PostgreSQL only).',
    labelNames: ['pool'] as const,
    registers: [this.registry],
  });
  private readonly walBytes = new Gauge({
    name: 'svc_sqlite_wal_bytes',
    help: 'Size of the SQLite write-ahead log (SQLite only): it grows while checkpoints cannot keep up.',
    registers: [this.registry],
  });
  private readonly dbErrors = new Counter({
    name: 'svc_db_errors_total',
    help: 'Requests answered 503 because the database was unreachable or busy (kind=unavailable), or 507 because it could not store more (kind=storage_full).',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });
  private readonly groupBatch = new Histogram({
    name: 'svc_group_commit_batch_size',
    help: 'Writes committed together in one transaction by a group-commit writer.',
    labelNames: ['writer'] as const,
    buckets: BATCH_BUCKETS,
    registers: [this.registry],
  });
  private readonly outboxDue = new Gauge({
    name: 'svc_webhook_outbox_due_events',
    help: 'Webhook events due for delivery and not delivered yet (all processes).',
    registers: [this.registry],
  });
  private readonly outboxOldestAge = new Gauge({
    name: 'svc_webhook_outbox_oldest_due_age_seconds',
    help: 'How long the oldest due webhook event has waited past its delivery time (0 when none is due).',
    registers: [this.registry],
  });
  private readonly webhookAttempts = new Counter({
    name: 'svc_webhook_delivery_attempts_total',
    help: 'Webhook delivery attempts of this process by result: delivered (2xx), http_error (another status), network_error (no answer: refused, timeout, blocked address), gone (410: the endpoint is disabled).',
    labelNames: ['result'] as const,
    registers: [this.registry],
  });
  private readonly webhookExhausted = new Counter({
    name: 'svc_webhook_events_exhausted_total',
    help: 'Webhook events given up after their last scheduled attempt failed (or a 410).',
    registers: [this.registry],
  });
  private readonly meterLag = new Gauge({
    name: 'svc_usage_meter_flush_lag_seconds',
    help: 'Age of the oldest usage count held in memory and not written yet (0 when none waits).',
    registers: [this.registry],
  });
  private readonly meterFlushes = new Counter({
    name: 'svc_usage_meter_flushes_total',
    help: 'Usage-meter flushes that wrote something, by result (failed: the counts stay in memory for the next one).',
    labelNames: ['result'] as const,
    registers: [this.registry],
  });
  private readonly meterDropped = new Counter({
    name: 'svc_usage_meter_rows_dropped_total',
    help: 'Usage rows the database refused on their own (a value it cannot store), dropped so the other counts are written.',
    registers: [this.registry],
  });
  private readonly requestLogDroppedRows = new Counter({
    name: 'svc_request_log_dropped_total',
    help: 'Request-log rows not written: the queue was full (overflow) or the database refused their batch (error).',
    labelNames: ['reason'] as const,
    registers: [this.registry],
  });
  private readonly rateLimited = new Counter({
    name: 'svc_rate_limit_rejections_total',
    help: 'Requests refused with 429 by a rate limit: api_key (the partner API, per key), or the name of a per-address limit (login, register, contact, …).',
    labelNames: ['limit'] as const,
    registers: [this.registry],
  });
  private readonly rollupPending = new Gauge({
    name: 'svc_usage_rollup_pending_deltas',
    help: 'Usage-event rollup deltas written by ingest and not applied to the rollups yet (all processes).',
    registers: [this.registry],
  });
  private readonly rollupOldestAge = new Gauge({
    name: 'svc_usage_rollup_oldest_pending_age_seconds',
    help: 'How long the oldest pending rollup delta has waited (0 when none waits).',
    registers: [this.registry],
  });
  private readonly sourceErrors = new Counter({
    name: 'svc_metrics_source_errors_total',
    help: 'Scrape-time reads that failed or timed out (their gauges are left out of that scrape).',
    labelNames: ['source'] as const,
    registers: [this.registry],
  });

  private outbox: Snapshot<{ due: number; oldestDueAt: number | null }> = { at: Number.NEGATIVE_INFINITY, value: null, pending: null };
  private rollups: Snapshot<{ pending: number; oldestAt: number | null }> = { at: Number.NEGATIVE_INFINITY, value: null, pending: null };

  /** The content type of render()'s answer. */
  get contentType(): string {
    return this.registry.contentType;
  }

  /** Gives the scrape-time sources (createDeps, once the services exist). */
  attach(sources: MetricSources): void {
    this.sources = sources;
  }

  // ------------------------------------------------------------------ request path

  requestStarted(): void {
    this.inFlight++;
  }

  requestEnded(): void {
    this.inFlight--;
  }

  /** One answered request: `route` is the route pattern (undefined when no route matched). */
  observeRequest(method: string, route: string | undefined, statusCode: number, seconds: number): void {
    const r = route ?? UNMATCHED_ROUTE;
    let byRoute = this.children.get(method);
    if (byRoute === undefined) this.children.set(method, (byRoute = new Map()));
    let byClass = byRoute.get(r);
    if (byClass === undefined) byRoute.set(r, (byClass = []));
    const c = statusCode >= 100 && statusCode < 600 ? (statusCode / 100) | 0 : 0;
    let child = byClass[c];
    if (child === undefined) byClass[c] = child = this.httpDuration.labels(method, r, STATUS_CLASS[c]);
    child.observe(seconds);
  }

  // ------------------------------------------------------------------ events of the areas

  /** A request answered 503/507 because of the database (src/http/errors.ts). */
  databaseError(kind: 'unavailable' | 'storage_full'): void {
    this.dbErrors.inc({ kind });
  }

  /** One group commit of `size` writes (src/db/group-commit.ts). */
  groupCommit(writer: string, size: number): void {
    this.groupBatch.observe({ writer }, size);
  }

  /** One webhook delivery attempt and whether its event is now given up. */
  webhookAttempt(result: AttemptOutcome, exhausted: boolean): void {
    const label = result.ok ? 'delivered' : result.gone ? 'gone' : result.statusCode === null ? 'network_error' : 'http_error';
    this.webhookAttempts.inc({ result: label });
    if (exhausted) this.webhookExhausted.inc();
  }

  /** One usage-meter flush that had something to write. */
  meterFlush(ok: boolean): void {
    this.meterFlushes.inc({ result: ok ? 'ok' : 'failed' });
  }

  meterRowsDropped(rows: number): void {
    this.meterDropped.inc(rows);
  }

  /** Request-log rows dropped instead of written (src/areas/request-log/writer.ts). */
  requestLogDropped(reason: 'overflow' | 'error', rows = 1): void {
    this.requestLogDroppedRows.inc({ reason }, rows);
  }

  /** A request refused by the rate limit named `limit`. */
  rateLimitRejected(limit: string): void {
    this.rateLimited.inc({ limit });
  }

  // ------------------------------------------------------------------ scrape

  /** Every metric in the text format, with the scrape-time sources read (or taken from their short cache). */
  async render(): Promise<string> {
    if (!this.runtimeRegistered) {
      this.runtimeRegistered = true;
      collectDefaultMetrics({ register: this.registry });
    }
    this.httpInFlight.set(this.inFlight);
    const s = this.sources;
    if (s) {
      const now = s.now();
      this.readPools(s);
      const wal = s.walBytes();
      if (wal === null) this.walBytes.reset();
      else this.walBytes.set(wal);
      const since = s.meterPendingSince();
      this.meterLag.set(since === null ? 0 : Math.max(0, now - since) / 1000);
      const [outbox, rollups] = await Promise.all([this.read('outbox', this.outbox, () => s.outbox()), this.read('rollups', this.rollups, () => s.rollups())]);
      if (outbox) {
        this.outboxDue.set(outbox.due);
        this.outboxOldestAge.set(outbox.oldestDueAt === null ? 0 : Math.max(0, now - outbox.oldestDueAt) / 1000);
      } else {
        this.outboxDue.reset();
        this.outboxOldestAge.reset();
      }
      if (rollups) {
        this.rollupPending.set(rollups.pending);
        this.rollupOldestAge.set(rollups.oldestAt === null ? 0 : Math.max(0, now - rollups.oldestAt) / 1000);
      } else {
        this.rollupPending.reset();
        this.rollupOldestAge.reset();
      }
    }
    return this.registry.metrics();
  }

  private readPools(s: MetricSources): void {
    let pools: PoolStats[];
    try {
      pools = s.pools();
    } catch {
      this.sourceErrors.inc({ source: 'pools' });
      pools = [];
    }
    this.poolConnections.reset();
    this.poolIdle.reset();
    this.poolWaiting.reset();
    for (const p of pools) {
      this.poolConnections.set({ pool: p.pool }, p.total);
      this.poolIdle.set({ pool: p.pool }, p.idle);
      if (p.waiting !== null) this.poolWaiting.set({ pool: p.pool }, p.waiting);
    }
  }

  /**
   * The source's value, read again when the kept one is older than SOURCE_CACHE_MS (scrapes that come
   * together share one read); null when the read failed or timed out.
   */
  private async read<T>(name: string, snap: Snapshot<T>, fetch: () => Promise<T>): Promise<T | null> {
    if (snap.pending) return snap.pending;
    // The cache runs on the monotonic clock: the service clock may stand still (tests) or jump.
    const now = performance.now();
    if (now - snap.at < SOURCE_CACHE_MS) return snap.value;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${name}: no answer within ${SOURCE_TIMEOUT_MS} ms`)), SOURCE_TIMEOUT_MS);
    });
    snap.pending = Promise.race([fetch(), timeout]).then(
      (value) => value,
      () => {
        this.sourceErrors.inc({ source: name });
        return null;
      },
    );
    try {
      const value = await snap.pending;
      snap.value = value;
      snap.at = now;
      return value;
    } finally {
      clearTimeout(timer);
      snap.pending = null;
    }
  }
}
