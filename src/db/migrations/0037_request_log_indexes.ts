import { sql, type Kysely } from 'kysely';

// Every logged request pays one insert per index of request_log, and on a busy API the log's writes are most of what
// it costs (bench/request-log.bench.ts). Two of the four indexes of 0031 are narrowed to the rows that need them:
// - The status filters' index holds the answers that are not 2xx only (partial): most requests succeed and add
//   nothing to it, while a search for the rare 4xx/5xx still reads only matching rows. A 2xx filter walks the time
//   index (most rows match) within a bounded window (src/areas/request-log/service.ts).
// - The index on `at` alone served retention only. PostgreSQL drops day partitions whole, so only the default
//   partition keeps it; SQLite prunes from the head of the table in insertion (rowid) order, which is time order to
//   within a writer's flush, and needs no index for it.
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = sql`select ${1}`.compile(db).sql.includes('$1');
  await sql`drop index request_log_partner_status_idx`.execute(db);
  await sql`create index request_log_partner_status_idx on request_log (partner_id, environment, status_class, at desc, id desc) where status_class <> 2`.execute(db);
  await sql`drop index request_log_at_idx`.execute(db);
  if (pg) await sql`create index request_log_default_at_idx on request_log_default (at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const pg = sql`select ${1}`.compile(db).sql.includes('$1');
  if (pg) await sql`drop index request_log_default_at_idx`.execute(db);
  await sql`create index request_log_at_idx on request_log (at)`.execute(db);
  await sql`drop index request_log_partner_status_idx`.execute(db);
  await sql`create index request_log_partner_status_idx on request_log (partner_id, environment, status_class, at desc, id desc)`.execute(db);
}
