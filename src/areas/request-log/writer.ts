/**
 * The request log's writer: a bounded in-memory queue written in batches, never on a request's path.
 *
 * - record() only pushes a row onto the queue (or, when QUEUE_MAX rows already wait, drops it and counts
 *   `svc_request_log_dropped_total{reason="overflow"}`); it never throws, never waits and never touches the database.
 * - A flush takes up to BATCH rows at once and writes them together (blocks of rows per partner, blocks.ts): the group
 *   commit of the log. It starts FLUSH_MS after the first row waits, or on the next turn of the event loop once BATCH rows wait.
 *   One flush runs at a time; rows recorded meanwhile go in the next one (at once only when they fill a batch).
 * - A batch the database refuses (down, timed out) is dropped with one warning line and counted
 *   (`reason="error"`): the log is best effort, and retrying would let a database outage grow memory.
 * - stop() (deps.close()) writes what waits.
 */
import type { Database, DatabaseLog } from '../../db/database.js';
import type { Metrics } from '../../lib/metrics.js';
import { preparedInsertsFor } from '../../db/bulk-insert.js';
import { insertRequestLogRows } from './repo.js';
import type { LoggedRequest } from './blocks.js';

export const QUEUE_MAX = 20_000;
export const BATCH = 1_000;
export const FLUSH_MS = 200;

export interface RequestLogWriterOptions {
  enabled: boolean;
  queueMax?: number;
  batch?: number;
  flushMs?: number;
  /** Writes one batch (default: its blocks and the rows kept one by one, repo.ts); tests and benchmarks may replace it. */
  write?: (rows: LoggedRequest[]) => Promise<void>;
}

export class RequestLogWriter {
  readonly enabled: boolean;
  private queue: LoggedRequest[] = [];
  private timer: NodeJS.Timeout | null = null;
  private immediate: NodeJS.Immediate | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;
  private readonly queueMax: number;
  private readonly batch: number;
  private readonly flushMs: number;
  private readonly write: (rows: LoggedRequest[]) => Promise<void>;

  constructor(
    database: Database,
    private readonly metrics: Pick<Metrics, 'requestLogDropped' | 'groupCommit'>,
    private readonly log: DatabaseLog,
    opts: RequestLogWriterOptions,
  ) {
    this.enabled = opts.enabled;
    this.queueMax = opts.queueMax ?? QUEUE_MAX;
    this.batch = opts.batch ?? BATCH;
    this.flushMs = opts.flushMs ?? FLUSH_MS;
    const prepared = preparedInsertsFor(database);
    this.write = opts.write ?? ((rows) => insertRequestLogRows(database, prepared, rows));
  }

  /** Queues one row; never throws, never waits. */
  record(row: LoggedRequest): void {
    if (!this.enabled) return;
    if (this.queue.length >= this.queueMax) {
      this.metrics.requestLogDropped('overflow');
      return;
    }
    this.queue.push(row);
    if (this.stopped || this.running) return;
    if (this.queue.length >= this.batch) {
      if (this.immediate === null) this.immediate = setImmediate(() => this.kick());
    } else if (this.timer === null) {
      this.timer = setTimeout(() => this.kick(), this.flushMs);
      this.timer.unref();
    }
  }

  /** Drops the queued rows of a partner (deleted: nothing of it is written afterwards). */
  forget(partnerId: string): void {
    this.queue = this.queue.filter((r) => r.partner_id !== partnerId);
  }

  /** Rows waiting to be written. */
  pending(): number {
    return this.queue.length;
  }

  private kick(): void {
    if (this.timer) clearTimeout(this.timer);
    if (this.immediate) clearImmediate(this.immediate);
    this.timer = null;
    this.immediate = null;
    void this.flush();
  }

  /** Writes everything queued now (and what arrives while it writes); resolves when done. Never rejects. */
  async flush(): Promise<void> {
    while (this.running) await this.running;
    if (this.queue.length === 0) return;
    this.running = this.drain();
    try {
      await this.running;
    } finally {
      this.running = null;
    }
    // Rows recorded during the last batch wait for their own timer.
    if (this.queue.length > 0 && !this.stopped && this.timer === null) {
      this.timer = setTimeout(() => this.kick(), this.flushMs);
      this.timer.unref();
    }
  }

  /**
   * Writes the rows waiting when it starts, and then only full batches: rows recorded while a batch is written wait
   * for their timer, so that a busy API commits a few large batches a second rather than one small one per write.
   */
  private async drain(): Promise<void> {
    let owed = this.queue.length;
    while (this.queue.length > 0 && (owed > 0 || this.queue.length >= this.batch)) {
      const rows = this.queue.splice(0, this.batch);
      owed -= rows.length;
      this.metrics.groupCommit('request_log', rows.length);
      try {
        await this.write(rows);
      } catch (err) {
        this.metrics.requestLogDropped('error', rows.length);
        this.log.warn({ err: { message: (err as Error)?.message, code: (err as { code?: string })?.code }, rows: rows.length }, 'request log batch dropped');
        return;
      }
    }
  }

  /** Writes what waits; later rows are still queued by record() but only written by an explicit flush(). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.immediate) clearImmediate(this.immediate);
    this.timer = null;
    this.immediate = null;
    await this.flush();
  }
}
