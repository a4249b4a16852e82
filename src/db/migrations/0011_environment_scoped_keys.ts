import { sql, type Kysely } from 'kysely';

// Idempotency keys and public tokens are scoped by environment: a key first used with the test key must not answer (or block)
// the same key used with the live key. Both tables are rebuilt with the environment in their primary key
// (SQLite cannot change a primary key in place), keeping every record that is still in force.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sandbox_idempotency_next')
    .addColumn('partner_id', 'text', (c) => c.notNull().references('partners.id').onDelete('cascade'))
    .addColumn('environment', 'text', (c) => c.notNull())
    .addColumn('idem_key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('status_code', 'integer')
    .addColumn('response', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('locked_until', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('sandbox_idempotency_env_pk', ['partner_id', 'environment', 'idem_key'])
    .execute();
  // Every record was claimed with its environment; one without (never written) would have been a test call.
  await sql`insert into sandbox_idempotency_next (partner_id, environment, idem_key, request_hash, state, user_id, status_code, response, created_at, locked_until, expires_at)
    select partner_id, coalesce(environment, 'test'), idem_key, request_hash, state, user_id, status_code, response, created_at, locked_until, expires_at
    from sandbox_idempotency`.execute(db);
  await db.schema.dropTable('sandbox_idempotency').execute();
  await db.schema.alterTable('sandbox_idempotency_next').renameTo('sandbox_idempotency').execute();
  await db.schema.createIndex('sandbox_idempotency_expires_idx').on('sandbox_idempotency').columns(['expires_at']).execute();

  // A public token is accepted once per partner and environment.
  await db.schema
    .createTable('sandbox_items_next')
    .addColumn('item_id', 'text', (c) => c.primaryKey())
    .addColumn('partner_id', 'text', (c) => c.notNull().references('partners.id').onDelete('cascade'))
    .addColumn('environment', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('public_token_hash', 'text', (c) => c.notNull())
    .addColumn('institution', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('sandbox_items_env_token_uq', ['partner_id', 'environment', 'public_token_hash'])
    .execute();
  await sql`insert into sandbox_items_next (item_id, partner_id, environment, user_id, public_token_hash, institution, created_at)
    select item_id, partner_id, environment, user_id, public_token_hash, institution, created_at from sandbox_items`.execute(db);
  await db.schema.dropTable('sandbox_items').execute();
  await db.schema.alterTable('sandbox_items_next').renameTo('sandbox_items').execute();
  await db.schema.createIndex('sandbox_items_user_idx').on('sandbox_items').columns(['partner_id', 'environment', 'user_id']).execute();

  await db.schema
    .createTable('usage_event_keys_next')
    .addColumn('partner_id', 'text', (c) => c.notNull().references('partners.id').onDelete('cascade'))
    .addColumn('environment', 'text', (c) => c.notNull())
    .addColumn('event_key', 'text', (c) => c.notNull())
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('usage_event_keys_env_pk', ['partner_id', 'environment', 'event_key'])
    .execute();
  // The old keys did not say which environment they were used in: each blocks its id in both for the rest of
  // its window, so nothing accepted before is counted again.
  for (const env of ['live', 'test']) {
    await sql`insert into usage_event_keys_next (partner_id, environment, event_key, received_at)
      select partner_id, ${env}, event_key, received_at from usage_event_keys`.execute(db);
  }
  await db.schema.dropTable('usage_event_keys').execute();
  await db.schema.alterTable('usage_event_keys_next').renameTo('usage_event_keys').execute();
  await db.schema.createIndex('usage_event_keys_received_idx').on('usage_event_keys').columns(['received_at']).execute();
}

export async function down(): Promise<void> {
  // Going back would merge the environments' keys again.
  throw new Error('0011_environment_scoped_keys cannot be reverted');
}
