import type { Kysely } from 'kysely';

// A probe's duration in microseconds: the database and ingest probes take well under a millisecond,
// which whole milliseconds wrote as 0. Rows recorded before keep only response_ms (null here).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('status_probes').addColumn('response_us', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('status_probes').dropColumn('response_us').execute();
}
