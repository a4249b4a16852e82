import { sql, type Kysely } from 'kysely';

// Finished outbox events in the order they become old enough to delete: the retention worker
// deletes them in small batches from the front of this index (partial: pending events are never
// pruned, and the index stays as small as the retention window).
export async function up(db: Kysely<unknown>): Promise<void> {
  // The newest-first page index becomes partial (a predicate every row meets, calculated_at >= 0):
  // only a query that states the predicate can use it, so the one-end-user lookup, which has the
  // same (partner_id, environment) prefix, can only take the primary key. As a full index it tied
  // with the primary key when statistics were missing and PostgreSQL took it, filtering every row
  // of the partner to find one. The page and export queries state the predicate (a literal).
  await db.schema.dropIndex('calculations_page_idx').execute();
  await db.schema
    .createIndex('calculations_page_idx')
    .on('calculations')
    .columns(['partner_id', 'environment', 'calculated_at', 'calculation_id'])
    .where(sql.ref('calculated_at'), '>=', 0)
    .execute();
  await db.schema
    .createIndex('webhook_events_finished_idx')
    .on('webhook_events')
    .columns(['completed_at', 'id'])
    .where(sql.ref('state'), '<>', 'pending')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('calculations_page_idx').execute();
  await db.schema.createIndex('calculations_page_idx').on('calculations').columns(['partner_id', 'environment', 'calculated_at', 'calculation_id']).execute();
  await db.schema.dropIndex('webhook_events_finished_idx').ifExists().execute();
}
