import type { Kysely } from 'kysely';

// A second factor (TOTP) and its recovery codes, for whoever signs in with a password: a partner or an administrator
// now, a partner's member later. Keyed by (subject_type, subject_id) so a new kind of subject needs no new table.
// The sign-in challenge between the password and the code lives in mfa_challenges (its token stored as SHA-256 only).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mfa_factors')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('subject_type', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'text', (c) => c.notNull())
    .addColumn('secret_enc', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('confirmed_at', 'bigint')
    .addColumn('last_used_step', 'bigint')
    .execute();
  await db.schema.createIndex('mfa_factors_subject_idx').on('mfa_factors').columns(['subject_type', 'subject_id']).unique().execute();

  await db.schema
    .createTable('mfa_recovery_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('subject_type', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('mfa_recovery_codes_subject_idx')
    .on('mfa_recovery_codes')
    .columns(['subject_type', 'subject_id', 'code_hash'])
    .unique()
    .execute();

  await db.schema
    .createTable('mfa_challenges')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('subject_type', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema.createIndex('mfa_challenges_expires_idx').on('mfa_challenges').columns(['expires_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mfa_challenges').ifExists().execute();
  await db.schema.dropTable('mfa_recovery_codes').ifExists().execute();
  await db.schema.dropTable('mfa_factors').ifExists().execute();
}
