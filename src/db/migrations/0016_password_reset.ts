import type { Kysely } from 'kysely';

// Password-reset tokens of partners: one row per partner (the newest request replaces the row, so one
// token at most is live), holding only the token's SHA-256. A used token keeps its row (used_at) so that
// a second use is told apart from a link that never existed; the partner's deletion removes it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('password_resets')
    .addColumn('partner_id', 'text', (c) => c.primaryKey().references('partners.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('password_resets').ifExists().execute();
}
