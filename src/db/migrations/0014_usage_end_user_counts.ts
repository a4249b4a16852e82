import { sql, type Kysely } from 'kysely';

// The number of distinct end-users per (partner, environment, month), kept in the same
// transaction as the usage_end_users rows it counts: reading a month's count is one row,
// not a count(*) over every end-user of the month.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('usage_end_user_counts')
    .addColumn('partner_id', 'text', (c) => c.notNull().references('partners.id').onDelete('cascade'))
    .addColumn('environment', 'text', (c) => c.notNull())
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('users', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('usage_end_user_counts_pk', ['partner_id', 'environment', 'month'])
    .execute();
  // The platform status sums one month over every partner.
  await db.schema.createIndex('usage_end_user_counts_month_idx').on('usage_end_user_counts').columns(['month']).execute();
  await sql`
    insert into usage_end_user_counts (partner_id, environment, month, users)
    select partner_id, environment, month, count(*) from usage_end_users group by partner_id, environment, month
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('usage_end_user_counts').ifExists().execute();
}
