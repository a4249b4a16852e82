import type { Kysely } from 'kysely';

// Sandbox transfers play out their whole life: pending/submitted → settled | failed, and returned after
// settled (POST /api/v1/sandbox/transfers/{transfer_id}/simulate, src/areas/sandbox/lifecycle.ts). When each
// change happened is kept for the transfer's history; the reason of a failure stays in failure_code.
// A transfer that failed before this version failed at its creation (failed_at null: created_at).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sandbox_transfers').addColumn('failed_at', 'bigint').execute();
  await db.schema.alterTable('sandbox_transfers').addColumn('returned_at', 'bigint').execute();
  await db.schema.alterTable('sandbox_transfers').addColumn('return_code', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sandbox_transfers').dropColumn('return_code').execute();
  await db.schema.alterTable('sandbox_transfers').dropColumn('returned_at').execute();
  await db.schema.alterTable('sandbox_transfers').dropColumn('failed_at').execute();
}
