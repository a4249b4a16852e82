import type { Kysely } from 'kysely';

// The event inspector: what each delivery attempt sent and received, beyond the status and the 1 KiB excerpt.
// request_headers and response_headers are JSON objects (bounded by the delivery code: at most 50 headers,
// each value 512 characters, 8 KiB in all); response_body_excerpt is the first 4 KiB of the answer's body,
// decoded as UTF-8 with control characters made visible. They go with their delivery rows (pruned with them).
// Events are listed newest first per partner and environment (the inspector and the event stream):
// webhook_events_page_idx.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('webhook_deliveries').addColumn('request_headers', 'text').execute();
  await db.schema.alterTable('webhook_deliveries').addColumn('response_headers', 'text').execute();
  await db.schema.alterTable('webhook_deliveries').addColumn('response_body_excerpt', 'text').execute();
  await db.schema.createIndex('webhook_events_page_idx').on('webhook_events').columns(['partner_id', 'environment', 'created_at', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('webhook_events_page_idx').ifExists().execute();
  await db.schema.alterTable('webhook_deliveries').dropColumn('response_body_excerpt').execute();
  await db.schema.alterTable('webhook_deliveries').dropColumn('response_headers').execute();
  await db.schema.alterTable('webhook_deliveries').dropColumn('request_headers').execute();
}
