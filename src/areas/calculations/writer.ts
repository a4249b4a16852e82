/**
 * Group commit for ingest. Each ingest needs one durable transaction (the cached
 * result and its outbox event); committing them one by one pays one fsync per
 * request. Here concurrent ingests share a transaction: while one commit is in
 * flight, the requests that arrive queue up and go together in the next one
 * (one multi-row upsert, one multi-row event insert). A request is answered only
 * after the commit that holds its rows, so nothing acknowledged can be lost; a
 * batch that fails is retried one request at a time, so one bad request fails alone.
 */
import type { Database } from '../../db/database.js';
import type { CalculationsTable } from '../../db/schema/index.js';
import { enqueueEvents, type OutboxEvent } from '../webhooks/outbox.js';
import { upsertCalculationsWithEvents, upsertCalculations } from './repo.js';

interface Pending {
  row: CalculationsTable;
  event: OutboxEvent;
  resolve: () => void;
  reject: (err: unknown) => void;
}

export class IngestWriter {
  private queue: Pending[] = [];
  private flushing = false;

  constructor(
    private readonly database: Database,
    private readonly maxBatch = 200,
  ) {}

  /** Resolves once the row and its event are committed. */
  write(row: CalculationsTable, event: OutboxEvent): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({ row, event, resolve, reject });
      if (!this.flushing) {
        this.flushing = true;
        // Start on the next turn of the event loop, so every request already read in this
        // turn joins the batch (with SQLite the commit itself blocks the loop).
        setImmediate(() => void this.flush());
      }
    });
  }

  private async flush(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, this.maxBatch);
        try {
          await this.commit(batch);
          for (const p of batch) p.resolve();
        } catch (err) {
          if (batch.length === 1) {
            batch[0].reject(err);
            continue;
          }
          for (const p of batch) {
            try {
              await this.commit([p]);
              p.resolve();
            } catch (e) {
              p.reject(e);
            }
          }
        }
      }
    } finally {
      this.flushing = false;
    }
  }

  private async commit(batch: Pending[]): Promise<void> {
    // One upsert row per end-user: the last one of the batch wins (arrival order), as it would one by one.
    const latest = new Map<string, CalculationsTable>();
    for (const p of batch) latest.set(`${p.row.partner_id}\u0000${p.row.environment}\u0000${p.row.end_user_id}`, p.row);
    if (this.database.dialect === 'postgres') {
      // One statement (a data-modifying CTE) is atomic by itself: one round trip instead of four.
      await upsertCalculationsWithEvents(
        this.database.db,
        [...latest.values()],
        batch.map((p) => p.event),
      );
      return;
    }
    await this.database.tx(async (trx) => {
      await upsertCalculations(trx, [...latest.values()]);
      await enqueueEvents(
        trx,
        batch.map((p) => p.event),
      );
    });
  }
}

/**
 * PostgreSQL commits concurrent transactions together, so there several writers
 * run side by side; an end-user always goes to the same one, so its writes (and its
 * events) stay in arrival order. SQLite has one connection: one writer.
 */
const PG_WRITERS = 4;

const writers = new WeakMap<Database, IngestWriter[]>();

function shard(key: string, n: number): number {
  let h = 0;
  for (let i = 0; i < key.length; i++) h = (h * 31 + key.charCodeAt(i)) | 0;
  return (h >>> 0) % n;
}

/** The writer of one end-user on one database handle (a fixed set per process and database). */
export function ingestWriterFor(database: Database, endUserId = ''): IngestWriter {
  let ws = writers.get(database);
  if (!ws) {
    const n = database.dialect === 'postgres' ? PG_WRITERS : 1;
    ws = Array.from({ length: n }, () => new IngestWriter(database));
    writers.set(database, ws);
  }
  return ws.length === 1 ? ws[0] : ws[shard(endUserId, ws.length)];
}
