import type { Kysely } from 'kysely';

// Portable DDL only: the same statements run on SQLite and PostgreSQL.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Failed sign-in counters (brute-force lockout), shared by every process through the database.
  // `key_hash` is the SHA-256 of a scope such as `email:partner:<email>` or `ip:<address>`,
  // so the table holds neither addresses nor emails in clear.
  await db.schema
    .createTable('login_throttle')
    .addColumn('key_hash', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .addColumn('locked_until', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_throttle_updated_idx').on('login_throttle').column('updated_at').execute();
  // Admin listings page partners newest first.
  await db.schema.createIndex('partners_created_idx').on('partners').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('sessions_expires_idx').on('sessions').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('sessions_expires_idx').ifExists().execute();
  await db.schema.dropIndex('partners_created_idx').ifExists().execute();
  await db.schema.dropTable('login_throttle').ifExists().execute();
}
