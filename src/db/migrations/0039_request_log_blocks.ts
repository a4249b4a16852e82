import { sql, type Kysely } from 'kysely';

// The request log stores its rows in blocks: one row of request_log_blocks per writer flush, partner and environment,
// holding that flush's requests (src/areas/request-log/blocks.ts). A logged request then costs the database a share
// of one insert and two index entries instead of a row and two or three index entries of its own, which on a busy
// API was most of what the log cost (bench/request-log.bench.ts). request_log keeps, one by one, only the rows a
// search needs to find without reading blocks: answers that are not 2xx (the status filters) and requests whose
// X-Request-Id the client chose (a service-made id tells the time of its block; a client's does not). Its index on
// (partner, environment, time) served the unfiltered pages, which now walk the blocks: dropped.
//
// PostgreSQL partitions the blocks by UTC day of their newest row, as request_log (the maintenance worker makes and
// drops the days of both). Rows already in request_log move into one-row blocks and stay where they are.
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = sql`select ${1}`.compile(db).sql.includes('$1');
  const columns = sql`
    id text not null,
    partner_id text not null,
    environment text not null,
    at_min bigint not null,
    at_max bigint not null,
    rid_min bigint,
    rid_max bigint,
    row_count integer not null,
    body text not null`;
  if (pg) {
    await sql`create table request_log_blocks (${columns}) partition by range (at_max)`.execute(db);
    await sql`create table request_log_blocks_default partition of request_log_blocks default`.execute(db);
    await sql`create index request_log_blocks_default_at_idx on request_log_blocks_default (at_max)`.execute(db);
  } else {
    await sql`create table request_log_blocks (${columns})`.execute(db);
  }
  // A partner's page in one environment, newest first (and the time-range filters).
  await sql`create index request_log_blocks_walk_idx on request_log_blocks (partner_id, environment, at_max desc, id desc)`.execute(db);
  // A service-made X-Request-Id looked up by the time it was made at (rid_min too, to rule a block out without reading it).
  await sql`create index request_log_blocks_rid_idx on request_log_blocks (partner_id, environment, rid_max, rid_min)`.execute(db);

  // The rows written before: one block each, in the blocks' encoding (blocks.ts: an array per column, here of one value).
  const cols = ['id', 'at', 'credential', 'key_id', 'request_id', 'method', 'route', 'path', 'status', 'error_code', 'error_detail', 'duration_us', 'client_ip', 'user_agent'];
  const one = (c: string) => (pg ? sql`json_build_array(${sql.ref(c)})` : sql`json_array(${sql.ref(c)})`);
  const row = pg ? sql`json_build_array(${sql.join(cols.map(one))})::text` : sql`json_array(${sql.join(cols.map(one))})`;
  await sql`insert into request_log_blocks (id, partner_id, environment, at_min, at_max, rid_min, rid_max, row_count, body)
            select id, partner_id, environment, at, at, null, null, 1, ${row} from request_log`.execute(db);
  await sql`drop index request_log_partner_at_idx`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create index request_log_partner_at_idx on request_log (partner_id, environment, at desc, id desc)`.execute(db);
  await db.schema.dropTable('request_log_blocks').ifExists().execute();
}
