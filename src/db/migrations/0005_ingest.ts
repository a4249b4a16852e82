import type { Kysely } from 'kysely';

// Usage events and their rollups; portable DDL only (SQLite and PostgreSQL).
// Every table references partners.id ON DELETE CASCADE: deleting a partner removes its events and rollups.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('usage_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('partner_id', 'text', (c) => c.notNull().references('partners.id').onDelete('cascade'))
    .addColumn('environment', 'text', (c) => c.notNull())
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('amount_cents', 'bigint')
    .addColumn('category', 'text')
    .addColumn('institution', 'text')
    .addColumn('occurred_at', 'bigint', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    .addColumn('event_key', 'text')
    .execute();
  // Serves the raw-events export (a window of one partner, keyset on occurred_at then id) and the eraser
  // (the user's days come from usage_event_day_users, then each day is one range of this index).
  await db.schema
    .createIndex('usage_events_partner_time_idx')
    .on('usage_events')
    .columns(['partner_id', 'environment', 'occurred_at', 'id'])
    .execute();

  await db.schema
    .createTable('usage_event_keys')
    .addColumn('partner_id', 'text', (c) => c.notNull().references('partners.id').onDelete('cascade'))
    .addColumn('event_key', 'text', (c) => c.notNull())
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('usage_event_keys_pk', ['partner_id', 'event_key'])
    .execute();
  await db.schema.createIndex('usage_event_keys_received_idx').on('usage_event_keys').columns(['received_at']).execute();

  await db.schema
    .createTable('usage_event_daily')
    .addColumn('partner_id', 'text', (c) => c.notNull().references('partners.id').onDelete('cascade'))
    .addColumn('environment', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('events', 'bigint', (c) => c.notNull())
    .addColumn('amount_cents', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('usage_event_daily_pk', ['partner_id', 'environment', 'day', 'event_type', 'category'])
    .execute();

  await db.schema
    .createTable('usage_event_day_users')
    .addColumn('partner_id', 'text', (c) => c.notNull().references('partners.id').onDelete('cascade'))
    .addColumn('environment', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('usage_event_day_users_pk', ['partner_id', 'environment', 'user_id', 'day'])
    .execute();

  await db.schema
    .createTable('usage_event_daily_active')
    .addColumn('partner_id', 'text', (c) => c.notNull().references('partners.id').onDelete('cascade'))
    .addColumn('environment', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('active_users', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('usage_event_daily_active_pk', ['partner_id', 'environment', 'day'])
    .execute();

  await db.schema
    .createTable('usage_event_users')
    .addColumn('partner_id', 'text', (c) => c.notNull().references('partners.id').onDelete('cascade'))
    .addColumn('environment', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('last_day', 'text', (c) => c.notNull())
    // The last_day before the latest upsert (null: the row was inserted), read back through RETURNING.
    .addColumn('prev_last_day', 'text')
    .addPrimaryKeyConstraint('usage_event_users_pk', ['partner_id', 'environment', 'user_id'])
    .execute();

  // How many users have their last active day on each day: distinct users over a window ending today
  // is the sum over the window's days (at most 365 rows), whatever the number of users.
  await db.schema
    .createTable('usage_event_last_days')
    .addColumn('partner_id', 'text', (c) => c.notNull().references('partners.id').onDelete('cascade'))
    .addColumn('environment', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('users', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('usage_event_last_days_pk', ['partner_id', 'environment', 'day'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'usage_event_last_days',
    'usage_event_users',
    'usage_event_daily_active',
    'usage_event_day_users',
    'usage_event_daily',
    'usage_event_keys',
    'usage_events',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
