import type { Kysely } from 'kysely';

// Erased end-users, by a keyed pseudonym of their id (never the id): every process's next
// usage flush checks it, so a count still pending in any process when an erasure answered
// is written as the anonymous placeholder, never as the raw id.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('usage_erasures')
    .addColumn('partner_id', 'text', (c) => c.notNull().references('partners.id').onDelete('cascade'))
    .addColumn('environment', 'text', (c) => c.notNull())
    .addColumn('id_pseudonym', 'text', (c) => c.notNull())
    .addColumn('erased_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('usage_erasures_pk', ['partner_id', 'environment', 'id_pseudonym'])
    .execute();
  await db.schema.createIndex('usage_erasures_erased_at_idx').on('usage_erasures').column('erased_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('usage_erasures').ifExists().execute();
}
