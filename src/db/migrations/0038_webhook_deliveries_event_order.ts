import type { Kysely } from 'kysely';

// The event inspector reads an event's newest attempts (where event_id, partner_id, environment; order by
// created_at desc, id desc; limit 50) and counts them all. With an index on event_id alone the read takes every
// attempt of the event and sorts them (SQLite, without statistics, even walks the partner's whole delivery log in
// webhook_deliveries_page_idx for its order), however often the event was resent. This index holds the whole
// condition and the order: the read stops at its limit and the count reads the index alone. By its first column it
// serves what the old one served (cascading deletes and erasure by event), so it replaces it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('webhook_deliveries_event_order_idx')
    .on('webhook_deliveries')
    .columns(['event_id', 'partner_id', 'environment', 'created_at', 'id'])
    .execute();
  await db.schema.dropIndex('webhook_deliveries_event_idx').ifExists().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('webhook_deliveries_event_idx').on('webhook_deliveries').column('event_id').execute();
  await db.schema.dropIndex('webhook_deliveries_event_order_idx').ifExists().execute();
}
