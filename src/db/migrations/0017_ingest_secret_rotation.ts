import type { Kysely } from 'kysely';

// Rotating a partner's ingest secret may keep the secret it replaces valid for an overlap (up to 24 hours), so
// the partner's servers can switch over without failed requests: the replaced secret's SHA-256 and the instant
// it stops being accepted (epoch ms), both null when there is no overlap.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('partners').addColumn('ingest_secret_previous_hash', 'text').execute();
  await db.schema.alterTable('partners').addColumn('ingest_secret_previous_valid_until', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('partners').dropColumn('ingest_secret_previous_valid_until').execute();
  await db.schema.alterTable('partners').dropColumn('ingest_secret_previous_hash').execute();
}
