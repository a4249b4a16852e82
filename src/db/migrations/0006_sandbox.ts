import type { Kysely } from 'kysely';

// Sandbox layer; portable DDL only (SQLite and PostgreSQL). Every table
// references partners.id ON DELETE CASCADE. The generated data itself (accounts'
// balances, transactions, forecasts) is computed, not stored: only what partners
// create (links, transfers), the accounts they may address, remembered cursors and
// idempotency records live here.
export async function up(db: Kysely<unknown>): Promise<void> {
  // The accounts an end-user has been shown, so a transfer can find the account by its id.
  await db.schema
    .createTable('sandbox_accounts')
    .addColumn('account_id', 'text', (c) => c.primaryKey())
    .addColumn('partner_id', 'text', (c) => c.notNull().references('partners.id').onDelete('cascade'))
    .addColumn('environment', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('transfer_seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sandbox_accounts_user_idx').on('sandbox_accounts').columns(['partner_id', 'environment', 'user_id']).execute();

  // Linked items; a public token is exchanged once per partner.
  await db.schema
    .createTable('sandbox_items')
    .addColumn('item_id', 'text', (c) => c.primaryKey())
    .addColumn('partner_id', 'text', (c) => c.notNull().references('partners.id').onDelete('cascade'))
    .addColumn('environment', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('public_token_hash', 'text', (c) => c.notNull())
    .addColumn('institution', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('sandbox_items_token_uq', ['partner_id', 'public_token_hash'])
    .execute();
  await db.schema.createIndex('sandbox_items_user_idx').on('sandbox_items').columns(['partner_id', 'environment', 'user_id']).execute();

  await db.schema
    .createTable('sandbox_transfers')
    .addColumn('transfer_id', 'text', (c) => c.primaryKey())
    .addColumn('partner_id', 'text', (c) => c.notNull().references('partners.id').onDelete('cascade'))
    .addColumn('environment', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('shape', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('to_account_id', 'text')
    .addColumn('direction', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'bigint', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('rail', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('failure_code', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('created_day', 'text', (c) => c.notNull())
    .addColumn('settlement_day', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sandbox_transfers_user_idx')
    .on('sandbox_transfers')
    .columns(['partner_id', 'environment', 'user_id', 'created_day'])
    .execute();

  // Idempotency records: the row is inserted first as the in-flight marker, then completed with the answer.
  await db.schema
    .createTable('sandbox_idempotency')
    .addColumn('partner_id', 'text', (c) => c.notNull().references('partners.id').onDelete('cascade'))
    .addColumn('idem_key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('environment', 'text')
    .addColumn('user_id', 'text')
    .addColumn('status_code', 'integer')
    .addColumn('response', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('locked_until', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('sandbox_idempotency_pk', ['partner_id', 'idem_key'])
    .execute();
  await db.schema.createIndex('sandbox_idempotency_expires_idx').on('sandbox_idempotency').columns(['expires_at']).execute();

  // The latest transactions cursor of each end-user (reference form: used when the cursor is omitted).
  await db.schema
    .createTable('sandbox_cursors')
    .addColumn('partner_id', 'text', (c) => c.notNull().references('partners.id').onDelete('cascade'))
    .addColumn('environment', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('since', 'text', (c) => c.notNull())
    .addColumn('cursor', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('sandbox_cursors_pk', ['partner_id', 'environment', 'user_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['sandbox_cursors', 'sandbox_idempotency', 'sandbox_transfers', 'sandbox_items', 'sandbox_accounts']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
