import { sql, type Kysely } from 'kysely';

// PostgreSQL: the request log's day partitions are dropped whole by retention, so no day needs an index on `at`
// alone; only the default partition is pruned row by row (src/areas/request-log/repo.ts, pruneRequestLog). Keeping
// that index on every partition cost each logged request a fourth index insert. SQLite (one table, pruned by time)
// keeps it.
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = sql`select ${1}`.compile(db).sql.includes('$1');
  if (!pg) return;
  await sql`drop index request_log_at_idx`.execute(db);
  await sql`create index request_log_default_at_idx on request_log_default (at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const pg = sql`select ${1}`.compile(db).sql.includes('$1');
  if (!pg) return;
  await sql`drop index request_log_default_at_idx`.execute(db);
  await sql`create index request_log_at_idx on request_log (at)`.execute(db);
}
