import type { Kysely } from 'kysely';

// Every data-deletion request a person sends is answered with an id of its own: the first one is the request's id,
// each repeat while the request is open gets a new id that names the same request. Answering a repeat with the
// request's own id told whoever sent an address that its owner had asked already, and when (ids are time-sortable).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('deletion_request_receipts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('request_id', 'text', (c) => c.notNull().references('deletion_requests.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('deletion_request_receipts_request_idx').on('deletion_request_receipts').columns(['request_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('deletion_request_receipts').ifExists().execute();
}
