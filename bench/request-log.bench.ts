/**
 * The searchable request log (src/areas/request-log), measured side by side in one run:
 *
 * 1. Throughput of POST /api/v1/calculate/safe-to-spend with the log on and off: per round (BENCH_ROUNDS, default
 *    6) a fresh pair of servers on one database (REQUEST_LOG=on, REQUEST_LOG=off, started and loaded in alternating
 *    order), each warmed 2 s, then loaded one at a time for BENCH_DURATION seconds (default 5), on SQLite and
 *    PostgreSQL. The ratio on / off of each round, its median and range. Aim: ≥ 0.85.
 * 2. A page of 100 over BENCH_ROWS requests (default 10,000,000) over 30 days, 80% of them one partner's test
 *    environment, stored as the service stores them (src/areas/request-log/blocks.ts), one INSERT ... SELECT per table
 *    (generate_series on PostgreSQL, a recursive CTE on SQLite; PostgreSQL: into day partitions, as the maintenance
 *    worker makes them):
 *    - request_log_blocks: every request, in blocks as the writer makes them: a partner's environment's consecutive
 *      requests BENCH_BLOCK_ROWS at a time (default 1: at 10M a month the big partner answers ~4 requests/s, so a
 *      200 ms flush holds about one, the worst case for reads), cut at each minute of answer time; the body a JSON
 *      array per column (one value when the block's rows share it), rid_min/rid_max the rows' answer times (as if each
 *      request id had been made when answered, though the generated ids are `req_<n>`);
 *    - request_log: the answers that are not 2xx, also kept one by one.
 *    Then one request written by the writer's own statement, with a service-made id made mid-month: the request-id
 *    filter and GET by id find it through the blocks of its id's time (it is not in request_log); a 422's `req_<n>`
 *    (the client's id) is looked up one by one. Cases: the first page, a page deep in the cursor walk, the status,
 *    path, time and request-id filters, the lookups by id, each BENCH_QUERIES times (default 30) through the service
 *    (the statements and their round trips): median, p95 and max. Aim: < 50 ms. The number of blocks and the time the
 *    generation took are printed, and each case's first answer (items, next_cursor) once.
 *
 * 3. The writer's cost per batch of 1,000 requests of 50 partners (BENCH_PART=writer): the writer's blocks beside a row
 *    per request into request_log by Kysely multi-row VALUES of 500-row chunks (the log before its blocks),
 *    alternating, BENCH_BATCHES each (default 40): the batch's wall time and the CPU time of this process (where the
 *    request path runs). A noisy machine moves the wall time, far less the CPU.
 *
 * Run: node --import tsx bench/request-log.bench.ts   (BENCH_PG=0 skips PostgreSQL, BENCH_SQLITE=0 skips SQLite;
 * BENCH_SQLITE_PAGE=0 skips the SQLite page part; BENCH_PART=throughput|page|writer runs one part; BENCH_SAME=1 runs the
 * throughput part with the log off on both servers, to show the method's own spread)
 */
import { sql } from 'kysely';
import pg from 'pg';
import { request } from 'undici';
import { databaseEnv, testConfig } from '../test/helpers/app.js';
import { migrate } from '../src/db/database.js';
import { createDeps, createLogger } from '../src/deps.js';
import { getRequest, listRequests } from '../src/areas/request-log/service.js';
import { insertRequestLogRows, rollRequestLogPartitions } from '../src/areas/request-log/repo.js';
import { decodeBlock, ROW_COLUMNS } from '../src/areas/request-log/blocks.js';
import { newId } from '../src/lib/ids.js';
import { preparedInsertsFor } from '../src/db/bulk-insert.js';
import type { RequestLogTable } from '../src/db/schema/index.js';
import type { RequestLogQuery } from '../src/areas/request-log/schemas.js';
import { fmt, load, machine, median, percentile, pgReachable, PG_URL, withPinnedClient, type Child, type LoadResult } from './lib/util.js';
import { CALCULATE_JSON, createPartner, startServer } from './lib/calculate-server.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const SECONDS = Number(process.env.BENCH_DURATION ?? 5);
const ROWS = Number(process.env.BENCH_ROWS ?? 10_000_000);
const QUERIES = Number(process.env.BENCH_QUERIES ?? 30);
const PART = process.env.BENCH_PART;
// BENCH_SAME=1: both servers with the log off, to see the method's own spread (the ratio should be 1).
const SAME = process.env.BENCH_SAME === '1';
const DAY = 86_400_000;
// Rows per block in the page part: at 10M rows a month the big partner answers ~4 requests/s, so a 200 ms flush holds
// about one (the worst case for reads).
const BLOCK_ROWS_BENCH = Number(process.env.BENCH_BLOCK_ROWS ?? 1);


async function throughput(dialect: 'sqlite' | 'postgres'): Promise<string[]> {
  const { config, cleanup } = await testConfig({}, dialect === 'postgres' ? PG_URL : null);
  const env = databaseEnv(config);
  const partner = createPartner(env);
  const headers = { 'x-api-key': partner.test_key };
  const withLog: LoadResult[] = [];
  const without: LoadResult[] = [];
  const call = (s: { address: string }, duration: number) => load({ url: `${s.address}/api/v1/calculate/safe-to-spend`, headers, body: CALCULATE_JSON, duration });
  let logged = 0;
  try {
    // Two processes of one build, both with the log off, differ by 10-15 % on this machine for as long as they live
    // (measured: where each lands in memory and caches). Each round therefore starts a fresh pair, in alternating
    // order, warms both and loads them one at a time, so that no process's luck is counted more than once.
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? [true, false] : [false, true];
      const servers = new Map<boolean, Child>();
      for (const logOn of order) servers.set(logOn, await startServer(env, { REQUEST_LOG: logOn && !SAME ? 'on' : 'off' }));
      try {
        for (const logOn of order) await call(servers.get(logOn)!, 2);
        for (const logOn of order) (logOn ? withLog : without).push(await call(servers.get(logOn)!, SECONDS));
        if (round === ROUNDS - 1) {
          // The rows are there: a page of the log (the on server's writer flushes within 200 ms).
          await new Promise((r) => setTimeout(r, 500));
          const page = await request(`${servers.get(true)!.address}/api/v1/requests?limit=100&status=2xx`, { headers });
          logged = ((await page.body.json()) as { items: unknown[] }).items.length;
        }
      } finally {
        for (const s of servers.values()) await s.stop();
      }
    }
  } finally {
    await cleanup();
  }
  const ratios = withLog.map((x, i) => x.rps / without[i].rps);
  const errs = [...withLog, ...without].reduce((s, x) => s + x.errors + x.non2xx, 0);
  const med = (xs: LoadResult[], k: 'rps' | 'p99') => median(xs.map((x) => x[k]));
  return [
    `${dialect}: calculate, log on:  ${fmt(med(withLog, 'rps'))} req/s (rounds ${withLog.map((x) => fmt(x.rps)).join(', ')}), p99 ${fmt(med(withLog, 'p99'), 1)} ms`,
    `${dialect}: calculate, log off: ${fmt(med(without, 'rps'))} req/s (rounds ${without.map((x) => fmt(x.rps)).join(', ')}), p99 ${fmt(med(without, 'p99'), 1)} ms`,
    `${dialect}: ratio on / off: median ${median(ratios).toFixed(3)}, range ${Math.min(...ratios).toFixed(3)}–${Math.max(...ratios).toFixed(3)} ` +
      `(rounds ${ratios.map((r) => r.toFixed(3)).join(', ')}); errors or non-2xx: ${errs}; a page of the log after the run: ${logged} rows`,
  ];
}

async function pages(dialect: 'sqlite' | 'postgres'): Promise<string[]> {
  const { config, cleanup } = await testConfig({}, dialect === 'postgres' ? PG_URL : null);
  const deps = createDeps(config, { log: createLogger({ ...config, logLevel: 'silent' }) });
  // Printed as measured (the generation takes minutes).
  const out = { push: (line: string) => console.log(line) };
  try {
    await migrate(deps.database);
    const db = deps.database.db;
    const now = Date.now();
    const since = now - 30 * DAY;
    // The day partitions the maintenance worker would have made over the month.
    for (let d = 31; d >= 0; d--) await rollRequestLogPartitions(deps.database, now - d * DAY, 0, 0);
    const step = (30 * DAY) / ROWS;
    // Row n: 80% partner ptr_big (test), the rest spread over 20 other partners and both environments;
    // one in 20 a 422, one in 100 a 404 on the end-user route, one in 500 a 500.
    const row = (n: string): Record<(typeof ROW_COLUMNS)[number] | 'partner_id' | 'environment' | 'status_class', string> => ({
      id: `'rql_' || ${n}`,
      at: `${since} + cast(cast(${n} as bigint) * ${step} as bigint)`,
      partner_id: `case when ${n} % 5 = 0 then 'ptr_o' || (${n} % 100) else 'ptr_big' end`,
      environment: `case when ${n} % 10 = 5 then 'live' else 'test' end`,
      credential: `'api_key'`,
      key_id: `'key_bench'`,
      request_id: `'req_' || ${n}`,
      method: `'POST'`,
      route: `case when ${n} % 100 = 1 then '/api/v1/ingest/calculation/:user_id' else '/api/v1/calculate/safe-to-spend' end`,
      path: `case when ${n} % 100 = 1 then '/api/v1/ingest/calculation/u' || ${n} else '/api/v1/calculate/safe-to-spend' end`,
      status: `case when ${n} % 500 = 7 then 500 when ${n} % 100 = 1 then 404 when ${n} % 20 = 3 then 422 else 200 end`,
      status_class: `case when ${n} % 500 = 7 then 5 when ${n} % 100 = 1 then 4 when ${n} % 20 = 3 then 4 else 2 end`,
      error_code: `case when ${n} % 20 = 3 then 'validation_failed' else null end`,
      error_detail: `case when ${n} % 20 = 3 then 'Input should be a valid number' else null end`,
      duration_us: `1200 + ${n} % 900`,
      client_ip: `'203.0.113.7'`,
      user_agent: `'bench-client/1.0'`,
    });
    const series = dialect === 'postgres' ? `from generate_series(1::bigint, ${ROWS}::bigint) as s(n)` : 'from s';
    const withSeries = dialect === 'postgres' ? '' : `with recursive s(n) as (select 1 union all select n + 1 from s where n < ${ROWS}) `;
    const r = row('n');
    // request_log: the rows kept one by one (every generated request id is the client's, but only the answers that
    // are not 2xx are kept here: the 2xx rows stand for service-made ids, found through their blocks).
    const singleCols = ['id', 'at', 'partner_id', 'environment', ...ROW_COLUMNS.filter((c) => c !== 'id' && c !== 'at'), 'status_class'] as const;
    const singleInsert =
      `insert into request_log (${singleCols.join(', ')}) ${withSeries}` +
      `select ${singleCols.map((c) => r[c]).join(', ')} ${series} where ${r.status_class} <> 2`;
    // request_log_blocks: a partner's environment's consecutive rows, BLOCK_ROWS_BENCH at a time, cut at each minute
    // of answer time (a block spans at most BLOCK_SPAN_MS; its ids, made when answered, at most RID_SPAN_MS).
    // Row n's place among its partner's environment's rows: ptr_big holds the n not divisible by 5, partner ptr_oK
    // (and its environment) the n = K + 100 j.
    const place = `case when n % 5 = 0 then n / 100 else (n - 1) - (n - 1) / 5 end`;
    const pgAgg = (c: string) =>
      `case when count(${c}) = 0 then json_build_array(null) when count(${c}) = count(*) and min(${c}) = max(${c}) then json_build_array(min(${c})) ` +
      `else json_agg(${c} order by n) end`;
    const liteAgg = (c: string) =>
      `json(case when count(${c}) = 0 then json_array(null) when count(${c}) = count(*) and min(${c}) = max(${c}) then json_array(min(${c})) ` +
      `else json_group_array(${c} order by n) end)`;
    const blockCols = 'id, partner_id, environment, at_min, at_max, rid_min, rid_max, row_count, body';
    let blocksInsert: string;
    if (BLOCK_ROWS_BENCH === 1) {
      // A block of one row: every column one value (no grouping, the cheap way to write ten million of them).
      const one = (c: string) => (dialect === 'postgres' ? `json_build_array(${c})` : `json_array(${c})`);
      const body = dialect === 'postgres' ? `json_build_array(${ROW_COLUMNS.map((c) => one(c)).join(', ')})::text` : `json_array(${ROW_COLUMNS.map((c) => one(c)).join(', ')})`;
      blocksInsert =
        `insert into request_log_blocks (${blockCols}) ${withSeries}` +
        `select 'rqb_' || n, partner_id, environment, at, at, at, at, 1, ${body} ` +
        `from (select n, ${Object.entries(r).map(([c, e]) => `${e} as ${c}`).join(', ')} ${series}) r`;
    } else {
      const agg = dialect === 'postgres' ? pgAgg : liteAgg;
      const body = dialect === 'postgres' ? `json_build_array(${ROW_COLUMNS.map((c) => agg(c)).join(', ')})::text` : `json_array(${ROW_COLUMNS.map((c) => agg(c)).join(', ')})`;
      blocksInsert =
        `insert into request_log_blocks (${blockCols}) ${withSeries}` +
        `select 'rqb_' || min(n), partner_id, environment, min(at), max(at), min(at), max(at), count(*), ${body} ` +
        `from (select n, ${Object.entries(r).map(([c, e]) => `${e} as ${c}`).join(', ')}, ` +
        `(${r.at} - ${since}) / 60000 as minute, (${place}) / ${BLOCK_ROWS_BENCH} as slot ${series}) r ` +
        `group by partner_id, environment, minute, slot`;
    }
    const t0 = performance.now();
    if (dialect === 'postgres') {
      // Its own connection, without the service's statement and query timeouts: the insert takes minutes.
      const client = new pg.Client({ connectionString: config.databaseUrl!, options: `-c search_path=${config.databaseSchema}` });
      await client.connect();
      try {
        await client.query(blocksInsert);
        await client.query(singleInsert);
        await client.query('analyze request_log_blocks');
        await client.query('analyze request_log');
      } finally {
        await client.end();
      }
    } else {
      await sql.raw(blocksInsert).execute(db);
      await sql.raw(singleInsert).execute(db);
      await sql`analyze`.execute(db);
    }
    const seconds = (performance.now() - t0) / 1000;
    const count = async (table: string) => Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db)).rows[0].n);
    const [blocks, single] = [await count('request_log_blocks'), await count('request_log')];
    const held = Number((await sql<{ n: number }>`select sum(row_count) as n from request_log_blocks`.execute(db)).rows[0].n);
    if (held !== ROWS) throw new Error(`the blocks hold ${held} rows, not ${ROWS}`);
    out.push(
      `${dialect}: ${fmt(ROWS)} rows generated in ${fmt(seconds, 1)} s (80% one partner's test environment, 30 days): ` +
        `${fmt(blocks)} blocks (BENCH_BLOCK_ROWS=${BLOCK_ROWS_BENCH}), ${fmt(single)} rows not 2xx also kept one by one`,
    );
    // A block decodes to its row count, each row inside the block's times.
    const sample = await db.selectFrom('request_log_blocks').selectAll().where('partner_id', '=', 'ptr_big').orderBy('at_max', 'desc').limit(1).executeTakeFirstOrThrow();
    const decoded = decodeBlock(sample);
    if (decoded.length !== Number(sample.row_count) || decoded.some((x) => Number(x.at) < Number(sample.at_min) || Number(x.at) > Number(sample.at_max)))
      throw new Error(`block ${sample.id} does not decode to its ${sample.row_count} rows`);

    // One request as the service logs it: a service-made id (its time mid-month), a 200 of the big partner's test
    // environment, written by the writer's own statement. The request-id cases look it up by the time in its id.
    const madeAt = now - 15 * DAY + 123;
    const lookup = newId('req', madeAt);
    await insertRequestLogRows(deps.database, preparedInsertsFor(deps.database), [
      {
        id: newId('rql', madeAt), at: madeAt, partner_id: 'ptr_big', environment: 'test', credential: 'api_key', key_id: 'key_bench',
        request_id: lookup, method: 'POST', route: '/api/v1/calculate/safe-to-spend', path: '/api/v1/calculate/safe-to-spend',
        status: 200, status_class: 2, error_code: null, error_detail: null, duration_us: 1500, client_ip: '203.0.113.7', user_agent: 'bench-client/1.0',
      },
    ]);
    const kept = Number((await sql<{ n: number }>`select count(*) as n from request_log where request_id = ${lookup}`.execute(db)).rows[0].n);
    if (kept !== 0) throw new Error(`${lookup} is kept one by one: the lookup would not read its block`);
    // A 422 of the big partner with an id of the client's (kept one by one, found through request_log alone).
    let chosenN = Math.floor(ROWS * 0.4);
    while (chosenN % 20 !== 3) chosenN++;
    const chosen = `req_${chosenN}`;

    const reader = { partnerId: 'ptr_big', environment: 'test' as const };
    const q = (extra: Partial<RequestLogQuery> = {}): RequestLogQuery => ({ limit: 100, ...extra });
    const first = await listRequests(deps, reader, q());
    // A cursor 50 pages into the walk.
    let cursor = first.next_cursor;
    for (let i = 0; i < 50 && cursor; i++) cursor = (await listRequests(deps, reader, q({ cursor }))).next_cursor;
    const mid = new Date(now - 15 * DAY).toISOString();
    const cases: [string, () => Promise<unknown>][] = [
      ['first page of 100, no filter', () => listRequests(deps, reader, q())],
      ['page 51 (cursor)', () => listRequests(deps, reader, q({ cursor: cursor ?? undefined }))],
      ['status=2xx (blocks, a bounded window)', () => listRequests(deps, reader, q({ status: '2xx' }))],
      ['status=4xx', () => listRequests(deps, reader, q({ status: '4xx' }))],
      ['status=500 (one row in 500)', () => listRequests(deps, reader, q({ status: '500' }))],
      ['path=/api/v1/nothing (no match: one window)', () => listRequests(deps, reader, q({ path: '/api/v1/nothing' }))],
      ['path=/api/v1/ingest (one row in 100)', () => listRequests(deps, reader, q({ path: '/api/v1/ingest' }))],
      ['until 15 days ago', () => listRequests(deps, reader, q({ until: mid }))],
      ['request_id filter', () => listRequests(deps, reader, q({ request_id: lookup }))],
      ['GET one by request id', () => getRequest(deps, reader, lookup)],
      ['GET one by a client-chosen id (kept one by one)', () => getRequest(deps, reader, chosen)],
    ];
    const shown: string[] = [];
    for (const [label, fn] of cases) {
      const got = (await fn()) as { items?: { request_id: string }[]; next_cursor?: string | null; request_id?: string };
      if (got.items) shown.push(`${label}: ${got.items.length} items, next_cursor ${got.next_cursor ? 'set' : 'null'}`);
      else shown.push(`${label}: ${got.request_id}`);
      if (label === 'request_id filter' && (got.items?.length !== 1 || got.items[0].request_id !== lookup)) throw new Error(`request_id filter: ${lookup} not found`);
      if (label.startsWith('GET') && got.request_id !== (label.includes('client') ? chosen : lookup)) throw new Error(`${label}: ${got.request_id}`);
      if (label !== 'path=/api/v1/nothing (no match: one window)' && got.items?.length === 0) throw new Error(`${label}: no items`);
    }
    out.push(`${dialect}: items of each case's first call: ${shown.join('; ')}`);
    for (const [label, fn] of cases) {
      const ms: number[] = [];
      for (let i = 0; i < QUERIES; i++) {
        const s = performance.now();
        await fn();
        ms.push(performance.now() - s);
      }
      const sorted = [...ms].sort((a, b) => a - b);
      out.push(`${dialect}: ${label.padEnd(48)} median ${fmt(median(ms), 2)} ms, p95 ${fmt(percentile(sorted, 95), 2)} ms, max ${fmt(sorted.at(-1)!, 2)} ms`);
    }
  } finally {
    await deps.close();
    await cleanup();
  }
  return [];
}

async function writerCost(dialect: 'sqlite' | 'postgres'): Promise<string[]> {
  const { config, cleanup } = await testConfig({}, dialect === 'postgres' ? PG_URL : null);
  const deps = createDeps(config, { log: createLogger({ ...config, logLevel: 'silent' }) });
  const batches = Number(process.env.BENCH_BATCHES ?? 40);
  try {
    await migrate(deps.database);
    const now = Date.now();
    await rollRequestLogPartitions(deps.database, now, 1, 0);
    const prepared = preparedInsertsFor(deps.database);
    let n = 0;
    const batch = (): RequestLogTable[] =>
      Array.from({ length: 1_000 }, () => {
        n++;
        return {
          id: `rql_${n}`, at: now + n, partner_id: `ptr_${n % 50}`, environment: 'test', credential: 'api_key', key_id: 'key_bench',
          request_id: newId('req'), method: 'POST', route: '/api/v1/calculate/safe-to-spend', path: '/api/v1/calculate/safe-to-spend',
          status: n % 20 === 3 ? 422 : 200, status_class: n % 20 === 3 ? 4 : 2, error_code: n % 20 === 3 ? 'validation_failed' : null,
          error_detail: n % 20 === 3 ? 'Input should be a valid number' : null, duration_us: 1200 + (n % 900), client_ip: '203.0.113.7', user_agent: 'bench-client/1.0',
        };
      });
    const ways: Record<'current' | 'values', (rows: RequestLogTable[]) => Promise<void>> = {
      current: (rows) => insertRequestLogRows(deps.database, prepared, rows),
      // A row per request, as the log was written before its blocks (migration 0039).
      values: async (rows) => {
        for (let i = 0; i < rows.length; i += 500) await deps.database.db.insertInto('request_log').values(rows.slice(i, i + 500)).execute();
      },
    };
    const wall: Record<string, number[]> = { current: [], values: [] };
    const cpu: Record<string, number[]> = { current: [], values: [] };
    for (const way of ['current', 'values'] as const) await ways[way](batch());
    for (let i = 0; i < batches; i++) {
      for (const way of i % 2 === 0 ? (['current', 'values'] as const) : (['values', 'current'] as const)) {
        const rows = batch();
        const c0 = process.cpuUsage();
        const t0 = performance.now();
        await ways[way](rows);
        wall[way].push(performance.now() - t0);
        const c = process.cpuUsage(c0);
        cpu[way].push((c.user + c.system) / 1000);
      }
    }
    const line = (way: string, label: string) =>
      `${dialect}: writer, 1,000 rows, ${label.padEnd(34)} wall median ${fmt(median(wall[way]), 2)} ms (p95 ${fmt(percentile([...wall[way]].sort((a, b) => a - b), 95), 2)}), ` +
      `this process's CPU median ${fmt(median(cpu[way]), 2)} ms`;
    return [line('current', 'blocks (the writer)'), line('values', 'a row per request, Kysely VALUES')];
  } finally {
    await deps.close();
    await cleanup();
  }
}

// Each part's lines are printed as it ends.
const print = (lines: string[]) => console.log(lines.join('\n'));
print([`machine: ${machine()}`]);
const pgUp = await pgReachable(PG_URL);
const sqlite = process.env.BENCH_SQLITE !== '0';
if (PART === 'writer') {
  if (sqlite) print(await writerCost('sqlite'));
  if (pgUp) print(await writerCost('postgres'));
} else if (PART !== 'page') {
  if (sqlite) print(await withPinnedClient(() => throughput('sqlite')));
  if (pgUp) print(await withPinnedClient(() => throughput('postgres')));
}
if (PART !== 'throughput' && PART !== 'writer') {
  if (pgUp) print(await pages('postgres'));
  if (sqlite && process.env.BENCH_SQLITE_PAGE !== '0') print(await pages('sqlite'));
}
