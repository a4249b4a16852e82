import type { Kysely } from 'kysely';

/** What a sandbox transfer is before it settles (shape A answers `pending`, shape B `submitted`). */
const UNSETTLED = ['pending', 'submitted'];

// Sandbox transfers settle: at the start of their settlement day a worker marks them `settled` and writes
// their `transfer.settled` event (src/areas/sandbox/settlement.ts). The due ones are found by status, then
// settlement day, so the pass never reads the settled rows, however many there are.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sandbox_transfers').addColumn('settled_at', 'bigint').execute();
  await db.schema.createIndex('sandbox_transfers_due_idx').on('sandbox_transfers').columns(['status', 'settlement_day']).execute();

  // Transfers whose settlement day passed before this version are settled here, without an event: nobody
  // could subscribe to one then, and a first pass would otherwise write an event for every transfer ever made.
  // A transfer settling today or later gets its event from the worker.
  const q = db as unknown as Kysely<{ sandbox_transfers: { status: string; settlement_day: string; settled_at: number | null } }>;
  const today = new Date().toISOString().slice(0, 10);
  const days = await q.selectFrom('sandbox_transfers').select('settlement_day').distinct().where('status', 'in', UNSETTLED).where('settlement_day', '<', today).execute();
  for (const { settlement_day } of days) {
    await q
      .updateTable('sandbox_transfers')
      .set({ status: 'settled', settled_at: Date.parse(`${settlement_day}T00:00:00.000Z`) })
      .where('status', 'in', UNSETTLED)
      .where('settlement_day', '=', settlement_day)
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('sandbox_transfers_due_idx').ifExists().execute();
  await db.schema.alterTable('sandbox_transfers').dropColumn('settled_at').execute();
}
