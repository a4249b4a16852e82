import type { Kysely } from 'kysely';

// Portable DDL only: the same statements run on SQLite and PostgreSQL.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('partners')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('email_lower', 'text', (c) => c.notNull().unique())
    .addColumn('company', 'text', (c) => c.notNull())
    .addColumn('tier', 'text', (c) => c.notNull().defaultTo('standard'))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('activated_at', 'bigint')
    .addColumn('password_hash', 'text')
    .addColumn('ingest_secret_hash', 'text', (c) => c.notNull().unique())
    .addColumn('ingest_secret_enc', 'text', (c) => c.notNull())
    .addColumn('ingest_secret_rotated_at', 'bigint')
    .addColumn('usage_alert_email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('payment_customer_id', 'text')
    .addColumn('payment_method_attached', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expected_volume', 'text')
    .addColumn('signup_source', 'text')
    .addColumn('rate_limit_per_second', 'integer')
    .addColumn('rate_per_user_usd', 'double precision')
    .execute();

  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('partner_id', 'text', (c) => c.notNull().references('partners.id').onDelete('cascade'))
    .addColumn('environment', 'text', (c) => c.notNull())
    .addColumn('key_hash', 'text', (c) => c.unique())
    .addColumn('key_enc', 'text')
    .addColumn('masked', 'text')
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_rotated_at', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('api_keys_partner_env_uq', ['partner_id', 'environment'])
    .execute();

  await db.schema
    .createTable('admins')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('email_lower', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('subject_type', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_subject_idx').on('sessions').columns(['subject_type', 'subject_id']).execute();

  await db.schema
    .createTable('calculations')
    .addColumn('partner_id', 'text', (c) => c.notNull().references('partners.id').onDelete('cascade'))
    .addColumn('environment', 'text', (c) => c.notNull())
    .addColumn('end_user_id', 'text', (c) => c.notNull())
    .addColumn('calculation_id', 'text', (c) => c.notNull())
    .addColumn('user_email', 'text')
    .addColumn('result', 'text', (c) => c.notNull())
    .addColumn('calculated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('calculations_pk', ['partner_id', 'environment', 'end_user_id'])
    .execute();
  // Serves the newest-first keyset page: scanned backwards, both columns descending.
  await db.schema
    .createIndex('calculations_page_idx')
    .on('calculations')
    .columns(['partner_id', 'environment', 'calculated_at', 'calculation_id'])
    .execute();

  await db.schema
    .createTable('webhook_endpoints')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('partner_id', 'text', (c) => c.notNull().references('partners.id').onDelete('cascade'))
    .addColumn('environment', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('secret_enc', 'text', (c) => c.notNull())
    .addColumn('secret_hint', 'text', (c) => c.notNull())
    .addColumn('previous_secret_enc', 'text')
    .addColumn('previous_secret_expires_at', 'bigint')
    .addColumn('disabled_reason', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('webhook_endpoints_partner_env_uq', ['partner_id', 'environment'])
    .execute();

  await db.schema
    .createTable('webhook_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('partner_id', 'text', (c) => c.notNull().references('partners.id').onDelete('cascade'))
    .addColumn('environment', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('ordering_key', 'text')
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
    .addColumn('locked_until', 'bigint')
    .execute();
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('actor_type', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text')
    .addColumn('target_id', 'text')
    .addColumn('details', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await db.schema.createIndex('audit_log_at_idx').on('audit_log').columns(['at', 'id']).execute();

  await db.schema.createIndex('webhook_events_due_idx').on('webhook_events').columns(['state', 'next_attempt_at']).execute();
  await db.schema
    .createIndex('webhook_events_partner_idx')
    .on('webhook_events')
    .columns(['partner_id', 'environment', 'ordering_key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['audit_log', 'webhook_events', 'webhook_endpoints', 'calculations', 'sessions', 'admins', 'api_keys', 'partners']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
