import { sql, type Kysely } from 'kysely';
import { newId } from '../../lib/ids.js';

// A partner account has members, each with a role (owner, admin, developer, viewer). Every existing account's one
// login (its email and password) becomes its `owner` member, so nobody has a step to take; sign-in by email and
// password looks members up from now on. A session opened by a member names it (`member_id`); a session opened by
// pasting an API key names none. The password sessions that were open before this change belong to the owner.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('partner_members')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('partner_id', 'text', (c) => c.notNull().references('partners.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('email_lower', 'text', (c) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('invited_by', 'text')
    .addColumn('invite_token_hash', 'text')
    .addColumn('invite_expires_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('accepted_at', 'bigint')
    .addColumn('last_sign_in_at', 'bigint')
    .execute();
  // One member per address across the service: a sign-in by email names one member.
  await db.schema.createIndex('partner_members_email_idx').on('partner_members').column('email_lower').unique().execute();
  await db.schema.createIndex('partner_members_partner_idx').on('partner_members').columns(['partner_id', 'created_at']).execute();
  await db.schema.createIndex('partner_members_invite_idx').on('partner_members').column('invite_token_hash').unique().execute();
  await db.schema.alterTable('sessions').addColumn('member_id', 'text').execute();
  await db.schema.createIndex('sessions_member_idx').on('sessions').column('member_id').execute();

  interface Tables {
    partners: { id: string; email: string; email_lower: string; name: string; password_hash: string | null; created_at: number };
    partner_members: {
      id: string;
      partner_id: string;
      email: string;
      email_lower: string;
      name: string | null;
      role: string;
      status: string;
      password_hash: string | null;
      invited_by: string | null;
      invite_token_hash: string | null;
      invite_expires_at: number | null;
      created_at: number;
      accepted_at: number | null;
      last_sign_in_at: number | null;
    };
    sessions: { subject_type: string; subject_id: string; method: string; member_id: string | null };
  }
  const k = db as Kysely<Tables>;
  // Where the second factor's tables already exist (0029 applied first), the owner keeps the partner login's factor.
  // Looked up in this database's own schema only: Kysely's introspector reads every schema of a PostgreSQL
  // database, so it fails while another schema is being dropped and would see another schema's tables.
  const wanted = ['mfa_factors', 'mfa_recovery_codes', 'mfa_challenges'];
  const pg = sql`select ${1}`.compile(db).sql.includes('$1');
  const found = pg
    ? await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema()`.execute(db)
    : await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(db);
  const mfaTables = found.rows.map((r) => r.name).filter((n) => wanted.includes(n));
  const partners = await k.selectFrom('partners').select(['id', 'email', 'email_lower', 'name', 'password_hash', 'created_at']).orderBy('id').execute();
  const now = Date.now();
  for (const p of partners) {
    const id = newId('mem', now);
    await k
      .insertInto('partner_members')
      .values({
        id,
        partner_id: p.id,
        email: p.email,
        email_lower: p.email_lower,
        name: p.name,
        role: 'owner',
        status: 'active',
        password_hash: p.password_hash,
        invited_by: null,
        invite_token_hash: null,
        invite_expires_at: null,
        created_at: Number(p.created_at),
        accepted_at: Number(p.created_at),
        last_sign_in_at: null,
      })
      .execute();
    await k
      .updateTable('sessions')
      .set({ member_id: id })
      .where('subject_type', '=', 'partner')
      .where('subject_id', '=', p.id)
      .where('method', '!=', 'api_key')
      .execute();
    for (const t of mfaTables) {
      await (k as unknown as Kysely<Record<string, { subject_type: string; subject_id: string }>>)
        .updateTable(t)
        .set({ subject_type: 'member', subject_id: id })
        .where('subject_type', '=', 'partner')
        .where('subject_id', '=', p.id)
        .execute();
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('sessions_member_idx').ifExists().execute();
  await db.schema.alterTable('sessions').dropColumn('member_id').execute();
  await db.schema.dropTable('partner_members').ifExists().execute();
}
