import type { Kysely } from 'kysely';

// Delivery time budgeted per endpoint: the recent mean duration of its attempts (ms, an exponentially
// weighted mean; null until its first attempt is recorded), kept on its configuration row so every
// process's claim reads it. Slow endpoints hold fewer slots and never the reserve (src/areas/webhooks/pace.ts).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('webhook_endpoints').addColumn('latency_ms', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('webhook_endpoints').dropColumn('latency_ms').execute();
}
