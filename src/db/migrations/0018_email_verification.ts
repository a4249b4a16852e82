import type { Kysely } from 'kysely';

// Mail goes only to verified addresses. A self-signed-up account's email is unverified until its
// owner follows the link mailed to it; an alert address other than the account email needs its own
// link. Every account that exists before this migration is marked verified (at its creation) so that
// nothing stops working for it: operator-created and synced accounts are vouched for by the operator,
// and earlier sign-ups were never sent a link they could have followed. An existing notify_email equal
// to the account email is verified by that equality (the rule the service applies); any other existing
// notify_email is not, and gets no alert mail until its owner follows a link.
export async function up(db: Kysely<unknown>): Promise<void> {
  const d = db as Kysely<{ partners: { email_verified_at: number | null; created_at: number } }>;
  await db.schema.alterTable('partners').addColumn('email_verified_at', 'bigint').execute();
  await d.updateTable('partners').set((eb) => ({ email_verified_at: eb.ref('created_at') })).execute();

  // Single-use links (only the SHA-256 of the token is stored), for the account email or an alert address.
  await db.schema
    .createTable('email_verifications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('partner_id', 'text', (c) => c.notNull().references('partners.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('email_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('superseded_at', 'bigint')
    .execute();
  // The per-partner mail budget counts a partner's recent links; a resend supersedes them.
  await db.schema.createIndex('email_verifications_partner_idx').on('email_verifications').columns(['partner_id', 'created_at']).execute();
  await db.schema.createIndex('email_verifications_expires_idx').on('email_verifications').columns(['expires_at']).execute();

  // Alert addresses a partner has verified (by the SHA-256 of the address's normalised form).
  await db.schema
    .createTable('verified_emails')
    .addColumn('partner_id', 'text', (c) => c.notNull().references('partners.id').onDelete('cascade'))
    .addColumn('email_hash', 'text', (c) => c.notNull())
    .addColumn('verified_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('verified_emails_pk', ['partner_id', 'email_hash'])
    .execute();

  // What became of a fired alert's mail: `sent`, or `suppressed` (its address was not verified).
  await db.schema.alterTable('usage_alert_fired').addColumn('mail_status', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('usage_alert_fired').dropColumn('mail_status').execute();
  await db.schema.dropTable('verified_emails').ifExists().execute();
  await db.schema.dropTable('email_verifications').ifExists().execute();
  await db.schema.alterTable('partners').dropColumn('email_verified_at').execute();
}
