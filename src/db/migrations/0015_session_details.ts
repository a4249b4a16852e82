import type { Kysely } from 'kysely';

// Sessions an account can see and end itself: when each was last used, and the client address and
// user agent that opened it. All nullable: rows opened before this change have none of them
// (their last use reads as their creation).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('last_used_at', 'bigint').execute();
  await db.schema.alterTable('sessions').addColumn('ip_address', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('user_agent', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('user_agent').execute();
  await db.schema.alterTable('sessions').dropColumn('ip_address').execute();
  await db.schema.alterTable('sessions').dropColumn('last_used_at').execute();
}
