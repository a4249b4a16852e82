import type { Kysely } from 'kysely';

// Single sign-on of the admin console (OpenID Connect): one row per sign-in begun, named by the SHA-256 of its
// `state`. The callback consumes it once (used_at): a replayed or forged callback finds no usable row. The
// nonce and PKCE verifier travel sealed in the browser's cookie, never here. Pruned by the maintenance worker.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('admin_oidc_states')
    .addColumn('state_hash', 'text', (c) => c.primaryKey())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema.createIndex('admin_oidc_states_expires_idx').on('admin_oidc_states').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('admin_oidc_states').ifExists().execute();
}
