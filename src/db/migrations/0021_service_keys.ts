import type { Kysely } from 'kysely';

// Keys the service derives stored values from, sealed under SECRETS_KEY (a key rotation re-seals them
// with everything else). The end-user pseudonym key lives here so that pseudonyms stored by erasures
// survive a rotation of SECRETS_KEY; the row is written at the first start (src/areas/operations).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('service_keys')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value_enc', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('service_keys').ifExists().execute();
}
