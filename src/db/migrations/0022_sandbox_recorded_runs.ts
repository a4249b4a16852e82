import { sql, type Kysely } from 'kysely';

/** The ingest's idempotency window (src/areas/usage-events/events.ts), fixed here as it was when this ran. */
const WINDOW_MS = 32 * 24 * 60 * 60 * 1000;

// Which stretches of each end-user's sandbox ledger already have their `transaction` usage events
// (a few runs of sort keys per user), so that a page of past transactions records its events
// without one idempotency key per transaction.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sandbox_recorded_runs')
    .addColumn('partner_id', 'text', (c) => c.notNull().references('partners.id').onDelete('cascade'))
    .addColumn('environment', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    // JSON: [{lo, open, hi, at}], at most a few runs.
    .addColumn('runs', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    // When past transactions of this user were last counted through event ids instead of a run: until the
    // window has passed, a page looks their ids up before counting them.
    .addColumn('keyed_at', 'bigint')
    .addPrimaryKeyConstraint('sandbox_recorded_runs_pk', ['partner_id', 'environment', 'user_id'])
    .execute();
  // Maintenance drops the rows whose every run is past the idempotency window.
  await db.schema.createIndex('sandbox_recorded_runs_updated_idx').on('sandbox_recorded_runs').columns(['updated_at']).execute();

  // Until now every sandbox transaction was counted through its event id: the end-users counted that way
  // within the window look their ids up until it has passed, so nothing is counted twice across the upgrade.
  const since = Date.now() - WINDOW_MS;
  await sql`
    insert into sandbox_recorded_runs (partner_id, environment, user_id, runs, updated_at, keyed_at)
    select partner_id, environment, user_id, '[]', max(received_at), max(received_at)
    from usage_events
    where event_type = 'transaction' and event_key is not null and user_id is not null and received_at >= ${since}
    group by partner_id, environment, user_id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sandbox_recorded_runs').ifExists().execute();
}
