/**
 * Group commit for calculation ingest (src/db/group-commit.ts). Each ingest needs
 * one durable transaction (the cached result and its outbox event); concurrent
 * ingests share one instead (one multi-row upsert, one multi-row event insert). A
 * group that fails is retried one request at a time, so one bad request fails alone.
 */
import type { EventEmitter } from 'node:events';
import { singleWriter, type Database } from '../../db/database.js';
import { GroupCommit, type Outcome } from '../../db/group-commit.js';
import type { CalculationsTable } from '../../db/schema/index.js';
import type { Metrics } from '../../lib/metrics.js';
import type { OutboxEvent } from '../webhooks/outbox.js';
import { writeCalculationsWithEvents } from './repo.js';

interface Write {
  row: CalculationsTable;
  event: OutboxEvent;
}

export class IngestWriter {
  private readonly group: GroupCommit<Write, void>;

  constructor(
    private readonly database: Database,
    /** Told once events are written (the webhooks outbox signal of this process). */
    private readonly outbox: Pick<EventEmitter, 'emit'>,
    maxBatch = 200,
    /** Told the size of each group (deps.metrics). */
    onGroup?: (size: number) => void,
  ) {
    this.group = new GroupCommit((writes) => this.commitGroup(writes), { maxGroup: maxBatch, onGroup });
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
    await writeCalculationsWithEvents(
      this.database,
      [...latest.values()],
      batch.map((p) => p.event),
    );
    this.outbox.emit('enqueued');
  }
}

/**
 * Where several connections commit side by side (PostgreSQL) several writers run;
 * an end-user always goes to the same one, so its writes (and its events) stay in
 * arrival order. A database with one writer (SQLite) gets one.
 */
const PARALLEL_WRITERS = 4;

function shard(key: string, n: number): number {
  let h = 0;
  for (let i = 0; i < key.length; i++) h = (h * 31 + key.charCodeAt(i)) | 0;
  return (h >>> 0) % n;
}

/** The calculation writers of one process (deps.calculationWriters, built by createDeps). */
export class CalculationWriters {
  private readonly writers: IngestWriter[];

  constructor(database: Database, outbox: Pick<EventEmitter, 'emit'>, metrics?: Pick<Metrics, 'groupCommit'>) {
    const n = singleWriter(database) ? 1 : PARALLEL_WRITERS;
    const onGroup = metrics ? (size: number) => metrics.groupCommit('calculations', size) : undefined;
    this.writers = Array.from({ length: n }, () => new IngestWriter(database, outbox, undefined, onGroup));
  }

  /** The writer of one end-user. */
  for(endUserId = ''): IngestWriter {
    const ws = this.writers;
    return ws.length === 1 ? ws[0] : ws[shard(endUserId, ws.length)];
  }
}

/** The writer of one end-user in this process. */
export function ingestWriterFor(deps: { calculationWriters: CalculationWriters }, endUserId = ''): IngestWriter {
  return deps.calculationWriters.for(endUserId);
}
