import type { Kysely } from 'kysely';

// Sign-up requests waiting for their link: a self sign-up creates no account until the owner of the address follows
// the link mailed to it (and gives the password chosen at sign-up), so the sign-up answer is the same whether or not
// the address has an account already. Only the SHA-256 of the link's token is stored.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('signup_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('company', 'text', (c) => c.notNull())
    .addColumn('contact_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  // Maintenance removes requests some days after they expire (with their password hash).
  await db.schema.createIndex('signup_requests_expires_idx').on('signup_requests').columns(['expires_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('signup_requests').ifExists().execute();
}
