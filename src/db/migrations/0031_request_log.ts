import { sql, type Kysely } from 'kysely';

// The searchable request log: one row per partner-API request (src/areas/request-log). No bodies, no keys.
// PostgreSQL: partitioned by UTC day on `at` (declarative partitioning); the maintenance worker creates the
// coming days' partitions and drops the ones past REQUEST_LOG_RETENTION_DAYS. The default partition takes a row
// no day partition covers yet (a start before the first maintenance pass). SQLite: one plain table, pruned in batches.
// No unique key: X-Request-Id may be sent by the client, so one request id can appear twice.
export async function up(db: Kysely<unknown>): Promise<void> {
  // The dialect, from how it writes a parameter ($1 or ?): no statement that could fail inside the migration's transaction.
  const pg = sql`select ${1}`.compile(db).sql.includes('$1');
  const columns = sql`
    id text not null,
    at bigint not null,
    partner_id text not null,
    environment text not null,
    credential text not null,
    key_id text,
    request_id text not null,
    method text not null,
    route text not null,
    path text not null,
    status integer not null,
    status_class integer not null,
    error_code text,
    error_detail text,
    duration_us bigint not null,
    client_ip text,
    user_agent text`;
  if (pg) {
    await sql`create table request_log (${columns}) partition by range (at)`.execute(db);
    await sql`create table request_log_default partition of request_log default`.execute(db);
  } else {
    await sql`create table request_log (${columns})`.execute(db);
  }
  // A partner's page in one environment, newest first (and the time-range filters).
  await sql`create index request_log_partner_at_idx on request_log (partner_id, environment, at desc, id desc)`.execute(db);
  // The status filters (`4xx`, `429`): the class's rows newest first, whatever their share of the partner's.
  await sql`create index request_log_partner_status_idx on request_log (partner_id, environment, status_class, at desc, id desc)`.execute(db);
  // A request looked up by its X-Request-Id.
  await sql`create index request_log_request_id_idx on request_log (partner_id, environment, request_id)`.execute(db);
  // Retention on SQLite (and the default partition on PostgreSQL).
  await sql`create index request_log_at_idx on request_log (at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('request_log').ifExists().execute();
}
