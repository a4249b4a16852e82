import type { Kysely } from 'kysely';

// Rolling an API key may keep the key it replaces working for an overlap (up to 7 days), so the partner's servers
// can switch over without failed requests: the replaced key's SHA-256 and the instant it stops being accepted
// (epoch ms) on its slot, both null when there is no overlap. The hash is looked up by the key guard, hence its index.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('api_keys').addColumn('previous_key_hash', 'text').execute();
  await db.schema.alterTable('api_keys').addColumn('previous_expires_at', 'bigint').execute();
  await db.schema.createIndex('api_keys_previous_key_hash_idx').on('api_keys').column('previous_key_hash').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('api_keys_previous_key_hash_idx').execute();
  await db.schema.alterTable('api_keys').dropColumn('previous_expires_at').execute();
  await db.schema.alterTable('api_keys').dropColumn('previous_key_hash').execute();
}
