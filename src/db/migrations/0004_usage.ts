import type { Kysely } from 'kysely';

// Usage metering, alerts and the mail outbox. Portable DDL only (SQLite and PostgreSQL).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('usage_daily')
    .addColumn('partner_id', 'text', (c) => c.notNull().references('partners.id').onDelete('cascade'))
    .addColumn('environment', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('calls', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('usage_daily_pk', ['partner_id', 'environment', 'day'])
    .execute();
  await db.schema.createIndex('usage_daily_updated_idx').on('usage_daily').columns(['updated_at']).execute();

  await db.schema
    .createTable('usage_end_users')
    .addColumn('partner_id', 'text', (c) => c.notNull().references('partners.id').onDelete('cascade'))
    .addColumn('environment', 'text', (c) => c.notNull())
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('end_user_id', 'text', (c) => c.notNull())
    .addColumn('first_seen_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('usage_end_users_pk', ['partner_id', 'environment', 'month', 'end_user_id'])
    .execute();
  // GDPR erasure finds an end-user's rows without scanning the partner's months.
  await db.schema.createIndex('usage_end_users_user_idx').on('usage_end_users').columns(['partner_id', 'environment', 'end_user_id']).execute();

  await db.schema
    .createTable('usage_alerts')
    .addColumn('partner_id', 'text', (c) => c.notNull().references('partners.id').onDelete('cascade'))
    .addColumn('environment', 'text', (c) => c.notNull())
    .addColumn('notify_email', 'text')
    .addColumn('calls_threshold', 'bigint')
    .addColumn('unique_users_threshold', 'bigint')
    .addColumn('bill_threshold_cents', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('usage_alerts_pk', ['partner_id', 'environment'])
    .execute();

  await db.schema
    .createTable('usage_alert_fired')
    .addColumn('partner_id', 'text', (c) => c.notNull().references('partners.id').onDelete('cascade'))
    .addColumn('environment', 'text', (c) => c.notNull())
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('threshold', 'text', (c) => c.notNull())
    .addColumn('level', 'text', (c) => c.notNull())
    .addColumn('limit_value', 'bigint', (c) => c.notNull())
    .addColumn('observed', 'bigint', (c) => c.notNull())
    .addColumn('fired_at', 'bigint', (c) => c.notNull())
    .addColumn('notified', 'integer', (c) => c.notNull().defaultTo(1))
    .addPrimaryKeyConstraint('usage_alert_fired_pk', ['partner_id', 'environment', 'month', 'threshold', 'level', 'limit_value'])
    .execute();

  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('mail_outbox_created_idx').on('mail_outbox').columns(['created_at', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['mail_outbox', 'usage_alert_fired', 'usage_alerts', 'usage_end_users', 'usage_daily']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
