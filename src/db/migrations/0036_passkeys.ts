import type { Kysely } from 'kysely';

// Passkeys (WebAuthn credentials) as a second factor and as a password-less sign-in, keyed by
// (subject_type, subject_id) as mfa_factors is. A credential id is unique across every subject: the password-less
// sign-in finds the account from it. The challenges the service hands out are kept as SHA-256 only, single use and
// short-lived, bound to what asked for them (the session that registers, the mfa challenge of a sign-in, or a role).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('passkey_credentials')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('subject_type', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'text', (c) => c.notNull())
    .addColumn('credential_id', 'text', (c) => c.notNull().unique())
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('counter', 'bigint', (c) => c.notNull())
    .addColumn('transports', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_used_at', 'bigint')
    .execute();
  await db.schema.createIndex('passkey_credentials_subject_idx').on('passkey_credentials').columns(['subject_type', 'subject_id']).execute();

  await db.schema
    .createTable('passkey_challenges')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('challenge_hash', 'text', (c) => c.notNull().unique())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('subject_type', 'text')
    .addColumn('subject_id', 'text')
    .addColumn('session_id', 'text')
    .addColumn('mfa_challenge_id', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema.createIndex('passkey_challenges_expires_idx').on('passkey_challenges').columns(['expires_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('passkey_challenges').ifExists().execute();
  await db.schema.dropTable('passkey_credentials').ifExists().execute();
}
