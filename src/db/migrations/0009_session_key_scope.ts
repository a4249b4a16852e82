import { sql, type Kysely } from 'kysely';

// A session opened by pasting an API key acts only in that key's environment: the session remembers
// the environment and the SHA-256 of the key that opened it (both null for password and sign-up sessions).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('key_environment', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('key_hash', 'text').execute();
  // Key sessions opened before this change do not know their key's environment; with a null one they
  // would keep full control, so they end here and their partners sign in again.
  await sql`delete from sessions where method = 'api_key'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('key_hash').execute();
  await db.schema.alterTable('sessions').dropColumn('key_environment').execute();
}
