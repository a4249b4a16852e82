import type { Kysely } from 'kysely';

// An account's owner may require a second factor of every member: 1 when required, 0 (every existing account)
// when each member chooses. The session guard reads it with the partner on every portal request.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('partners').addColumn('require_mfa', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('partners').dropColumn('require_mfa').execute();
}
