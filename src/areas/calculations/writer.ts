/**
 * Group commit for calculation ingest (src/db/group-commit.ts). Each ingest needs
 * one durable transaction (the cached result and its outbox event); concurrent
 * ingests share one instead (one multi-row upsert, one multi-row event insert). A
 * group that fails is retried one request at a time, so one bad request fails alone.
 */
import type { Database } from '../../db/database.js';
import { GroupCommit, type Outcome } from '../../db/group-commit.js';
import type { CalculationsTable } from '../../db/schema/index.js';
import { enqueueEvents, type OutboxEvent } from '../webhooks/outbox.js';
import { upsertCalculationsWithEvents, upsertCalculations } from './repo.js';

interface Write {
  row: CalculationsTable;
  event: OutboxEvent;
}

export class IngestWriter {
  private readonly group: GroupCommit<Write, void>;

  constructor(
    private readonly database: Database,
    maxBatch = 200,
  ) {
    this.group = new GroupCommit((writes) => this.commitGroup(writes), { maxGroup: maxBatch });
  }

  /** Resolves once the row and its event are committed. */
  write(row: CalculationsTable, event: OutboxEvent): Promise<void> {
    return this.group.write({ row, event });
  }

  /** The whole group in one commit; when that fails, each write alone, so one bad request fails alone. */
  private async commitGroup(writes: Write[]): Promise<Outcome<void>[]> {
    try {
      await this.commit(writes);
      return writes.map(() => ({ ok: true, value: undefined }));
    } catch (error) {
      if (writes.length === 1) return [{ ok: false, error }];
    }
    const outcomes: Outcome<void>[] = [];
    for (const w of writes) {
      try {
        await this.commit([w]);
        outcomes.push({ ok: true, value: undefined });
      } catch (error) {
        outcomes.push({ ok: false, error });
      }
    }
    return outcomes;
  }

  private async commit(batch: Write[]): Promise<void> {
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
