import { sql, type Kysely } from 'kysely';
import { emailKey } from '../../lib/email.js';

// End-user emails are matched for erasure on a key computed by the service (src/lib/email.ts),
// stored beside the email and indexed, instead of lower(user_email), which lowers ASCII only
// on SQLite and never trims. Existing rows are backfilled here, in key order, a batch at a time.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('calculations').addColumn('user_email_key', 'text').execute();
  await db.schema.createIndex('calculations_user_email_key_idx').on('calculations').column('user_email_key').execute();
  const d = db as Kysely<{
    calculations: { partner_id: string; environment: string; end_user_id: string; user_email: string | null; user_email_key: string | null };
  }>;
  let after: [string, string, string] = ['', '', ''];
  for (;;) {
    const rows = await d
      .selectFrom('calculations')
      .select(['partner_id', 'environment', 'end_user_id', 'user_email'])
      .where('user_email', 'is not', null)
      .where(sql<boolean>`(partner_id, environment, end_user_id) > (${after[0]}, ${after[1]}, ${after[2]})`)
      .orderBy('partner_id')
      .orderBy('environment')
      .orderBy('end_user_id')
      .limit(1000)
      .execute();
    for (const r of rows) {
      await d
        .updateTable('calculations')
        .set({ user_email_key: emailKey(r.user_email!) })
        .where('partner_id', '=', r.partner_id)
        .where('environment', '=', r.environment)
        .where('end_user_id', '=', r.end_user_id)
        .execute();
    }
    if (rows.length < 1000) return;
    const last = rows[rows.length - 1];
    after = [last.partner_id, last.environment, last.end_user_id];
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('calculations_user_email_key_idx').ifExists().execute();
  await db.schema.alterTable('calculations').dropColumn('user_email_key').execute();
}
