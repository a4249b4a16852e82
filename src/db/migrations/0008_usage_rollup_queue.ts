import type { Kysely } from 'kysely';

// Rollup deltas waiting to be applied: the ingest transaction stores its events and one row per
// (partner, environment) here instead of updating the shared rollup rows itself; the rollup worker
// (and every dashboard read, first) folds them into the rollups and deletes them in one transaction.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('usage_event_pending')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('partner_id', 'text', (c) => c.notNull().references('partners.id').onDelete('cascade'))
    .addColumn('environment', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('usage_event_pending_partner_idx').on('usage_event_pending').columns(['partner_id', 'environment', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('usage_event_pending').ifExists().execute();
}
