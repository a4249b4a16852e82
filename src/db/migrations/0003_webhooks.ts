import { sql, type Kysely } from 'kysely';

// Portable DDL only: the same statements run on SQLite and PostgreSQL.
export async function up(db: Kysely<unknown>): Promise<void> {
  // The claim of a delivery worker: which claim holds the event (a lease with locked_until).
  await db.schema.alterTable('webhook_events').addColumn('lock_token', 'text').execute();
  // When the event left `pending` (delivered, exhausted or skipped).
  await db.schema.alterTable('webhook_events').addColumn('completed_at', 'bigint').execute();

  // Due events, oldest first (partial: only the pending rows are ever claimed).
  await db.schema
    .createIndex('webhook_events_pending_idx')
    .on('webhook_events')
    .columns(['next_attempt_at', 'id'])
    .where(sql.ref('state'), '=', 'pending')
    .execute();
  // "Is an older event of this end-user still pending?" (order per partner, environment, ordering key).
  await db.schema
    .createIndex('webhook_events_order_idx')
    .on('webhook_events')
    .columns(['partner_id', 'environment', 'ordering_key', 'id'])
    .where(sql.ref('state'), '=', 'pending')
    .execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('partner_id', 'text', (c) => c.notNull().references('partners.id').onDelete('cascade'))
    .addColumn('environment', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull().references('webhook_events.id').onDelete('cascade'))
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('endpoint_id', 'text')
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('response_excerpt', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('next_attempt_at', 'bigint')
    .execute();
  // The log, newest first, per partner and environment.
  await db.schema
    .createIndex('webhook_deliveries_page_idx')
    .on('webhook_deliveries')
    .columns(['partner_id', 'environment', 'created_at', 'id'])
    .execute();
  // Cascading deletes and erasure by event.
  await db.schema.createIndex('webhook_deliveries_event_idx').on('webhook_deliveries').column('event_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('webhook_deliveries').ifExists().execute();
  await db.schema.dropIndex('webhook_events_order_idx').ifExists().execute();
  await db.schema.dropIndex('webhook_events_pending_idx').ifExists().execute();
  await db.schema.alterTable('webhook_events').dropColumn('completed_at').execute();
  await db.schema.alterTable('webhook_events').dropColumn('lock_token').execute();
}
