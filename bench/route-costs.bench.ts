/**
 * What every partner-API route costs the server, and the rate-limit weight that follows from it.
 *
 * For each route of the API-key scope (src/routes/partner-api/weights.ts lists them all; a route missing here
 * fails the run), at its largest page or body, on SQLite and (when reachable) PostgreSQL: the server's own CPU
 * time per request (`process.cpuUsage()` of the server process, asked through bench/lib/cpu-probe.ts), over
 * sequential requests, after a round to warm up, in BENCH_ROUNDS rounds (default 5): the median round, and the
 * rounds as its spread. The server is started as `npm start` starts it, workers off, with no rate limit and no
 * bound on costly requests in progress in the way. Whatever a request needs first (an end-user's data, a webhook
 * configuration, a fresh partner) is made before its round, outside the measured window.
 *
 * The weight of a route: its median CPU per request divided by that of the unit (GET /api/v1/me, a plain
 * authenticated read, on the same database, measured in a round between every two cases), rounded down, at most
 * WEIGHT_CAP, from COSTLY units up (a request costing less counts 1); the larger of the two databases'. A route whose page grows with `limit` is measured at a page of 1 and at its largest; an export at
 * BENCH_EXPORT_ROWS rows, and weighs one of its batches. The run
 * prints the derived weights beside those of the table in src/routes/partner-api/weights.ts.
 *
 * Run: node --import tsx bench/route-costs.bench.ts   (BENCH_PG=0 skips PostgreSQL; BENCH_ONLY=<text> measures
 * only the cases whose label contains it; BENCH_EXPORT_ROWS, default 10,000, the rows of the CSV exports)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Agent, request } from 'undici';
import { migrate } from '../src/db/database.js';
import { createDeps, createLogger } from '../src/deps.js';
import { createPartner } from '../src/areas/partners/service.js';
import { newId } from '../src/lib/ids.js';
import { COSTLY, ROUTE_WEIGHTS, WEIGHT_CAP, type RouteKey } from '../src/routes/partner-api/weights.js';
import { testConfig } from '../test/helpers/app.js';
import { serverCpu } from './lib/cpu-probe.js';
import { CALCULATE_BODY, serverEnv } from './lib/neighbours.js';
import { seedCalculations } from './lib/seed.js';
import { fmt, machine, median, pgReachable, PG_URL, spawnServer, type Child } from './lib/util.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const EXPORT_ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 10_000);
const ONLY = process.env.BENCH_ONLY;
/** The plain cheap request every weight is counted in, measured in a round of 20 between every two cases. */
const UNIT: RouteKey = 'GET /api/v1/me';
const UNIT_LABEL = 'GET /api/v1/me, the unit: a round of 20 between every two cases';

interface Res {
  status: number;
  json: unknown;
}

interface Case {
  /** The row of the weights table this case measures. */
  route: RouteKey;
  /** What is measured (the query, the state). */
  label: string;
  /** Requests per round (and to warm up): fewer for the heavy ones. */
  per?: number;
  /** The answer every measured request must give. */
  status: number;
  /**
   * What the case is for the route's weight: its largest page or body (the default), its smallest page (routes
   * whose answer grows with a parameter), or information only (other queries, the same page again).
   */
  role?: 'largest' | 'smallest' | 'info';
  /** A streamed export: the rows it streams and the rows of one of its batches. */
  rows?: number;
  batch?: number;
  /** Makes `n` requests ready (their setup done now, outside the measured window). */
  prepare: (n: number) => Promise<(() => Promise<Res>)[]>;
}

const agent = new Agent({ connections: 4, bodyTimeout: 120_000, headersTimeout: 120_000 });

async function call(base: string, method: string, url: string, headers: Record<string, string>, body?: unknown): Promise<Res> {
  const r = await request(base + url, {
    method: method as 'GET',
    headers: { ...headers, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
    dispatcher: agent,
  });
  const text = await r.body.text();
  let json: unknown = null;
  try {
    json = text && r.headers['content-type']?.toString().includes('json') ? JSON.parse(text) : text;
  } catch {
    json = text;
  }
  return { status: r.statusCode, json };
}

/** A receiver that answers every webhook 200 at once (the resends and nothing else reach it: workers are off). */
async function receiver(): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.end('ok'));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, server };
}

const times = <T>(n: number, f: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => f(i));

/** The cases of the last run (the same on every database): what the summary reads their roles from. */
let CASES: Case[] = [];

interface Row {
  route: RouteKey;
  label: string;
  median: number;
  low: number;
  high: number;
}

async function runOn(dialect: 'sqlite' | 'postgres'): Promise<Row[]> {
  const { config, cleanup } = await testConfig({ LOG_LEVEL: 'silent' }, dialect === 'postgres' ? PG_URL : null);
  const deps = createDeps(config, { log: createLogger(config), poolSize: 2 });
  const cpuDir = mkdtempSync(path.join(os.tmpdir(), 'svc-cpu-'));
  const cpuFile = path.join(cpuDir, 'cpu.json');
  const rx = await receiver();
  let server: Child | null = null;
  try {
    await migrate(deps.database);
    const db = deps.database.db;
    let made = 0;
    const mk = (n: string) =>
      deps.database.tx((trx) => createPartner(deps, trx, { email: `${n}-${made++}@bank.example`, company: `${n} bank`, activated: true }));
    const a = await mk('main');
    const exporter = await mk('exports');
    const rotKey = await mk('rotate-key');
    const rotSecret = await mk('rotate-secret');
    const dropper = await mk('drop-webhooks');
    // Partners used up one per request (made now: the server, once started, writes to the same database).
    const perCase = 20 * (ROUNDS + 2);
    const spare = { alerts: [] as Awaited<ReturnType<typeof mk>>[], verify: [] as Awaited<ReturnType<typeof mk>>[] };
    for (let i = 0; i < perCase; i++) spare.alerts.push(await mk('alerts'));
    for (let i = 0; i < perCase; i++) spare.verify.push(await mk('verify'));
    const take = (kind: keyof typeof spare, n: number) => {
      if (spare[kind].length < n) throw new Error(`not enough spare partners (${kind})`);
      return spare[kind].splice(0, n);
    };
    const A = { 'x-api-key': a.testKey! };
    const AS = { ...A, 'x-service-ingest-secret': a.ingestSecret };
    const E = { 'x-api-key': exporter.testKey!, 'x-service-ingest-secret': exporter.ingestSecret };

    // The exports partner: EXPORT_ROWS cached calculations and as many delivery attempts (with their events).
    const t0 = performance.now();
    await seedCalculations(deps, exporter.id, EXPORT_ROWS, 'test');
    const now = Date.now();
    for (let s = 0; s < EXPORT_ROWS; s += 500) {
      const n = Math.min(500, EXPORT_ROWS - s);
      const events = times(n, (i) => ({
        id: newId('evt', now - EXPORT_ROWS + s + i),
        partner_id: exporter.id,
        environment: 'test' as const,
        type: 'calculation.updated',
        ordering_key: `user-${s + i}`,
        payload: '{"id":"evt","type":"calculation.updated","data":{}}',
        created_at: now - EXPORT_ROWS + s + i,
        state: 'delivered',
        attempts: 1,
        next_attempt_at: now - EXPORT_ROWS + s + i,
        locked_until: null,
        completed_at: now - EXPORT_ROWS + s + i,
      }));
      await db.insertInto('webhook_events').values(events).execute();
      await db
        .insertInto('webhook_deliveries')
        .values(
          events.map((e, i) => ({
            id: newId('whd', e.created_at),
            partner_id: exporter.id,
            environment: 'test' as const,
            event_id: e.id,
            event_type: e.type,
            endpoint_id: null,
            url: 'https://hooks.bank.example/svc',
            attempt: 1,
            status: i % 10 === 0 ? 'failed' : 'delivered',
            status_code: i % 10 === 0 ? 500 : 200,
            duration_ms: 12,
            error: i % 10 === 0 ? 'HTTP 500' : null,
            response_excerpt: 'ok',
            created_at: e.created_at,
            next_attempt_at: null,
          })),
        )
        .execute();
    }
    if (deps.database.pgPool) await deps.database.pgPool.query('vacuum analyze');
    else deps.database.sqlite!.exec('analyze');
    console.log(`\n${dialect}: seeded ${fmt(EXPORT_ROWS)} cached calculations and ${fmt(EXPORT_ROWS)} delivery attempts in ${fmt((performance.now() - t0) / 1000, 1)} s`);

    // A delivery attempt to resend: an event and its record, as the worker would have left them.
    const evt = newId('evt', now);
    await db
      .insertInto('webhook_events')
      .values({ id: evt, partner_id: a.id, environment: 'test', type: 'calculation.updated', ordering_key: 'resend-user', payload: JSON.stringify({ id: evt, type: 'calculation.updated', created_at: new Date(now).toISOString(), data: { end_user_id: 'resend-user' } }), created_at: now, state: 'delivered', attempts: 1, next_attempt_at: now, locked_until: null, completed_at: now })
      .execute();
    const whd = newId('whd', now);
    await db
      .insertInto('webhook_deliveries')
      .values({ id: whd, partner_id: a.id, environment: 'test', event_id: evt, event_type: 'calculation.updated', endpoint_id: null, url: rx.url, attempt: 1, status: 'delivered', status_code: 200, duration_ms: 3, error: null, response_excerpt: 'ok', created_at: now, next_attempt_at: null })
      .execute();
    server = await spawnServer(
      'src/server.ts',
      serverEnv(config, {
        RATE_LIMIT_PER_SECOND: '1000000',
        KEY_COSTLY_IN_FLIGHT: '1000000',
        WEBHOOK_ALLOW_PRIVATE: 'true',
        // The stream case opens and closes streams one after another: the server may not have seen a close yet.
        WEBHOOK_STREAMS_PER_KEY: '100',
        BENCH_CPU_PROBE: '1',
        BENCH_CPU_FILE: cpuFile,
      }),
      { imports: ['bench/lib/cpu-probe.ts'] },
    );
    const base = server.address;
    const run = `${dialect}-${Date.now()}`;
    let seq = 0;
    const fresh = (tag: string) => `${tag}-${run}-${seq++}`;
    const go = (method: string, url: string, headers: Record<string, string>, body?: unknown) => () => call(base, method, url, headers, body);
    const ok = (r: Res, status: number, what: string) => {
      if (r.status !== status) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.json).slice(0, 300)}`);
      return r;
    };

    // A fresh process first: the largest /v1/transactions pages before anything has warmed it (one request
    // to open the connection, then COLD pages of new end-users, one by one), the figure a first measurement meets.
    const COLD = 20;
    ok(await call(base, 'GET', '/api/v1/me', A), 200, 'first request');
    const coldStart = await serverCpu(server.child, cpuFile);
    for (let i = 0; i < COLD; i++) ok(await call(base, 'GET', `/v1/transactions?user_id=${fresh('cold')}&since=2020-01-01&limit=500`, A), 200, 'cold page');
    const cold = ((await serverCpu(server.child, cpuFile)) - coldStart) / COLD;
    console.log(`${dialect}: the first ${COLD} pages of a fresh process, GET /v1/transactions?since=2020-01-01&limit=500 for new end-users: ${fmt(cold, 2)} ms CPU each`);

    // The main partner's webhook endpoint (test environment), for ingest events, the test event and the resends.
    ok(await call(base, 'POST', '/api/v1/webhooks', AS, { url: rx.url, events: ['calculation.updated'], enabled: true }), 200, 'webhook setup');
    // Ingested end-users for the one-row read.
    for (let i = 0; i < 20; i++) ok(await call(base, 'POST', '/api/v1/ingest', AS, { ...CALCULATE_BODY, end_user_id: `known-${i}` }), 201, 'ingest setup');

    let rotKeyValue = rotKey.testKey!;
    let rotSecretValue = rotSecret.ingestSecret;
    const bills = times(1000, (i) => ({ amount: 10 + (i % 50), due_in_days: i % 30, name: `bill ${i}` }));

    const cases: Case[] = [
      { route: 'GET /api/v1/me', label: 'GET /api/v1/me', status: 200, prepare: async (n) => times(n, () => go('GET', '/api/v1/me', A)) },
      { route: 'GET /api/v1/secrets', label: 'GET /api/v1/secrets', status: 200, prepare: async (n) => times(n, () => go('GET', '/api/v1/secrets', A)) },
      {
        route: 'POST /api/v1/calculate/safe-to-spend',
        label: 'POST /api/v1/calculate/safe-to-spend, one bill',
        role: 'info',
        status: 200,
        prepare: async (n) => times(n, (i) => go('POST', '/api/v1/calculate/safe-to-spend', A, { ...CALCULATE_BODY, end_user_id: `c${i % 50}` })),
      },
      {
        route: 'POST /api/v1/calculate/safe-to-spend',
        label: 'POST /api/v1/calculate/safe-to-spend, 1,000 bills (the largest body)',
        status: 200,
        prepare: async (n) => times(n, (i) => go('POST', '/api/v1/calculate/safe-to-spend', A, { ...CALCULATE_BODY, end_user_id: `c${i % 50}`, upcoming_bills: bills })),
      },
      { route: 'GET /api/v1/usage', label: 'GET /api/v1/usage', status: 200, prepare: async (n) => times(n, () => go('GET', '/api/v1/usage', A)) },
      { route: 'GET /api/v1/usage/alerts', label: 'GET /api/v1/usage/alerts', status: 200, prepare: async (n) => times(n, () => go('GET', '/api/v1/usage/alerts', A)) },
      // The key's request log: a page of 100 (the largest; every request before this one is in it) and one request by id.
      { route: 'GET /api/v1/requests', label: 'GET /api/v1/requests?limit=100', status: 200, prepare: async (n) => times(n, () => go('GET', '/api/v1/requests?limit=100', A)) },
      {
        route: 'GET /api/v1/requests/:request_id',
        label: 'GET /api/v1/requests/:request_id',
        status: 200,
        prepare: async (n) => {
          ok(await call(base, 'GET', '/api/v1/me', { ...A, 'x-request-id': 'bench-known-request' }), 200, 'request log setup');
          // The row is written within the writer's flush interval.
          await new Promise((r) => setTimeout(r, 500));
          return times(n, () => go('GET', '/api/v1/requests/bench-known-request', A));
        },
      },
      {
        route: 'PUT /api/v1/usage/alerts',
        label: 'PUT /api/v1/usage/alerts (thresholds, the account email)',
        status: 200,
        prepare: async (n) => times(n, (i) => go('PUT', '/api/v1/usage/alerts', A, { notify_email: a.email, calls_threshold: 1000 + i, unique_users_threshold: 50, bill_threshold_usd: 100 })),
      },
      {
        route: 'DELETE /api/v1/usage/alerts',
        label: 'DELETE /api/v1/usage/alerts (a configuration to delete each time)',
        status: 200,
        prepare: async (n) => {
          const ps = take('alerts', n);
          for (const p of ps) ok(await call(base, 'PUT', '/api/v1/usage/alerts', { 'x-api-key': p.testKey! }, { calls_threshold: 10 }), 200, 'alerts setup');
          return ps.map((p) => go('DELETE', '/api/v1/usage/alerts', { 'x-api-key': p.testKey! }));
        },
      },
      {
        route: 'POST /api/v1/usage/alerts/verify-email/resend',
        label: 'POST /api/v1/usage/alerts/verify-email/resend (a link mailed: a partner with a new notify_email each time)',
        status: 202,
        prepare: async (n) => {
          const ps = take('verify', n);
          for (const p of ps) ok(await call(base, 'PUT', '/api/v1/usage/alerts', { 'x-api-key': p.testKey! }, { notify_email: `alerts-${p.id}@bank.example` }), 200, 'notify setup');
          return ps.map((p) => go('POST', '/api/v1/usage/alerts/verify-email/resend', { 'x-api-key': p.testKey! }));
        },
      },
      {
        route: 'GET /api/v1/reports/calculations.csv',
        label: `GET /api/v1/reports/calculations.csv, ${fmt(EXPORT_ROWS)} rows`,
        per: 4,
        rows: EXPORT_ROWS,
        batch: 250,
        status: 200,
        prepare: async (n) => times(n, () => go('GET', '/api/v1/reports/calculations.csv', E)),
      },
      {
        route: 'GET /api/v1/reports/usage.csv',
        label: 'GET /api/v1/reports/usage.csv?months=24',
        status: 200,
        prepare: async (n) => times(n, () => go('GET', '/api/v1/reports/usage.csv?months=24', A)),
      },
      {
        route: 'GET /api/v1/reports/webhooks.csv',
        label: `GET /api/v1/reports/webhooks.csv, ${fmt(EXPORT_ROWS)} rows`,
        per: 4,
        rows: EXPORT_ROWS,
        batch: 500,
        status: 200,
        prepare: async (n) => times(n, () => go('GET', '/api/v1/reports/webhooks.csv', E)),
      },
      {
        route: 'POST /api/v1/ingest',
        label: 'POST /api/v1/ingest, a new end-user (cached, and its webhook event written)',
        role: 'smallest',
        status: 201,
        prepare: async (n) => times(n, () => go('POST', '/api/v1/ingest', AS, { ...CALCULATE_BODY, end_user_id: fresh('ing') })),
      },
      {
        route: 'POST /api/v1/ingest',
        label: 'POST /api/v1/ingest, 1,000 bills (the largest body)',
        status: 201,
        prepare: async (n) => times(n, () => go('POST', '/api/v1/ingest', AS, { ...CALCULATE_BODY, end_user_id: fresh('ingb'), upcoming_bills: bills })),
      },
      {
        route: 'GET /api/v1/ingest/calculations',
        label: 'GET /api/v1/ingest/calculations?limit=500',
        status: 200,
        prepare: async (n) => times(n, () => go('GET', '/api/v1/ingest/calculations?limit=500', E)),
      },
      {
        route: 'GET /api/v1/ingest/calculations',
        label: 'GET /api/v1/ingest/calculations?limit=1',
        role: 'smallest',
        status: 200,
        prepare: async (n) => times(n, () => go('GET', '/api/v1/ingest/calculations?limit=1', E)),
      },
      {
        route: 'GET /api/v1/ingest/calculation/:user_id',
        label: 'GET /api/v1/ingest/calculation/:user_id',
        status: 200,
        prepare: async (n) => times(n, (i) => go('GET', `/api/v1/ingest/calculation/known-${i % 20}`, AS)),
      },
      {
        route: 'DELETE /api/v1/ingest/user/:user_id',
        label: 'DELETE /api/v1/ingest/user/:user_id (an end-user with a cached calculation and its event)',
        status: 200,
        prepare: async (n) => {
          const users = times(n, () => fresh('erase'));
          for (const u of users) ok(await call(base, 'POST', '/api/v1/ingest', AS, { ...CALCULATE_BODY, end_user_id: u }), 201, 'erase setup');
          return users.map((u) => go('DELETE', `/api/v1/ingest/user/${u}`, AS));
        },
      },
      {
        route: 'POST /api/v1/key/rotate',
        label: 'POST /api/v1/key/rotate (sandbox key)',
        status: 200,
        prepare: async (n) =>
          times(n, () => async () => {
            const r = await call(base, 'POST', '/api/v1/key/rotate', { 'x-api-key': rotKeyValue, 'x-service-ingest-secret': rotKey.ingestSecret }, { key_type: 'sandbox' });
            if (r.status === 200) rotKeyValue = (r.json as { new_key: string }).new_key;
            return r;
          }),
      },
      {
        route: 'POST /api/v1/secrets/rotate',
        label: 'POST /api/v1/secrets/rotate (live key)',
        status: 200,
        prepare: async (n) =>
          times(n, () => async () => {
            const r = await call(base, 'POST', '/api/v1/secrets/rotate', { 'x-api-key': rotSecret.liveKey!, 'x-service-ingest-secret': rotSecretValue });
            if (r.status === 200) rotSecretValue = (r.json as { ingest_secret: string }).ingest_secret;
            return r;
          }),
      },
      { route: 'GET /api/v1/webhooks', label: 'GET /api/v1/webhooks', status: 200, prepare: async (n) => times(n, () => go('GET', '/api/v1/webhooks', AS)) },
      {
        route: 'POST /api/v1/webhooks',
        label: 'POST /api/v1/webhooks (configuration replaced, a new secret)',
        status: 200,
        prepare: async (n) => times(n, () => go('POST', '/api/v1/webhooks', AS, { url: rx.url, events: ['calculation.updated', 'usage.threshold_reached'], enabled: true })),
      },
      {
        route: 'DELETE /api/v1/webhooks',
        label: 'DELETE /api/v1/webhooks (a configuration made before each delete)',
        // One configuration exists at a time: one delete per round, its configuration made before the round.
        per: 1,
        status: 200,
        prepare: async (n) => {
          const h = { 'x-api-key': dropper.testKey!, 'x-service-ingest-secret': dropper.ingestSecret };
          ok(await call(base, 'POST', '/api/v1/webhooks', h, { url: rx.url, events: ['calculation.updated'], enabled: true }), 200, 'webhook setup');
          return times(n, () => go('DELETE', '/api/v1/webhooks', h));
        },
      },
      {
        route: 'POST /api/v1/webhooks/rotate-secret',
        label: 'POST /api/v1/webhooks/rotate-secret',
        status: 200,
        prepare: async (n) => times(n, () => go('POST', '/api/v1/webhooks/rotate-secret', AS)),
      },
      {
        route: 'GET /api/v1/webhooks/deliveries',
        label: 'GET /api/v1/webhooks/deliveries?limit=1000',
        status: 200,
        prepare: async (n) => times(n, () => go('GET', '/api/v1/webhooks/deliveries?limit=1000', E)),
      },
      {
        route: 'GET /api/v1/webhooks/deliveries',
        label: 'GET /api/v1/webhooks/deliveries?limit=1',
        role: 'smallest',
        status: 200,
        prepare: async (n) => times(n, () => go('GET', '/api/v1/webhooks/deliveries?limit=1', E)),
      },
      {
        route: 'POST /api/v1/webhooks/deliveries/:delivery_id/resend',
        label: 'POST /api/v1/webhooks/deliveries/:delivery_id/resend (delivered to a local receiver)',
        status: 200,
        prepare: async (n) => times(n, () => go('POST', `/api/v1/webhooks/deliveries/${whd}/resend`, AS)),
      },
      {
        route: 'GET /api/v1/webhooks/events',
        label: 'GET /api/v1/webhooks/events?limit=100',
        status: 200,
        prepare: async (n) => times(n, () => go('GET', '/api/v1/webhooks/events?limit=100', E)),
      },
      {
        route: 'GET /api/v1/webhooks/events',
        label: 'GET /api/v1/webhooks/events?limit=1',
        role: 'smallest',
        status: 200,
        prepare: async (n) => times(n, () => go('GET', '/api/v1/webhooks/events?limit=1', E)),
      },
      {
        route: 'GET /api/v1/webhooks/events/:event_id',
        label: 'GET /api/v1/webhooks/events/:event_id',
        status: 200,
        prepare: async (n) => times(n, () => go('GET', `/api/v1/webhooks/events/${evt}`, AS)),
      },
      {
        route: 'POST /api/v1/webhooks/events/:event_id/resend',
        label: 'POST /api/v1/webhooks/events/:event_id/resend (delivered to a local receiver)',
        status: 200,
        prepare: async (n) => times(n, () => go('POST', `/api/v1/webhooks/events/${evt}/resend`, AS)),
      },
      {
        route: 'GET /api/v1/webhooks/stream',
        label: 'GET /api/v1/webhooks/stream (opened, then closed once its headers arrive)',
        status: 200,
        prepare: async (n) =>
          times(n, () => async () => {
            const r = await request(base + '/api/v1/webhooks/stream', { method: 'GET', headers: { ...AS, accept: 'text/event-stream' }, dispatcher: agent });
            // Closing it aborts the body: the abort is the expected end, not an error.
            r.body.on('error', () => {});
            r.body.destroy();
            return { status: r.statusCode, json: null };
          }),
      },
      { route: 'POST /api/v1/webhooks/test', label: 'POST /api/v1/webhooks/test', status: 202, prepare: async (n) => times(n, () => go('POST', '/api/v1/webhooks/test', AS)) },
      {
        route: 'POST /api/v1/link/token/create',
        label: 'POST /api/v1/link/token/create',
        status: 200,
        prepare: async (n) => times(n, () => go('POST', '/api/v1/link/token/create', A, { user_id: fresh('lt') })),
      },
      {
        route: 'POST /api/v1/accounts/link',
        label: 'POST /api/v1/accounts/link, a new end-user',
        status: 200,
        prepare: async (n) =>
          times(n, () => {
            const u = fresh('lk');
            return go('POST', '/api/v1/accounts/link', A, { public_token: `public-sandbox-${u}`, user_id: u });
          }),
      },
      { route: 'GET /api/v1/accounts', label: 'GET /api/v1/accounts, a new end-user', status: 200, prepare: async (n) => times(n, () => go('GET', `/api/v1/accounts?user_id=${fresh('acc')}`, A)) },
      { route: 'GET /v1/accounts', label: 'GET /v1/accounts, a new end-user', status: 200, prepare: async (n) => times(n, () => go('GET', `/v1/accounts?user_id=${fresh('accr')}`, A)) },
      {
        route: 'GET /api/v1/transactions',
        label: 'GET /api/v1/transactions?start_date=2020-01-01&limit=100, a new end-user',
        status: 200,
        prepare: async (n) => times(n, () => go('GET', `/api/v1/transactions?user_id=${fresh('apinew')}&start_date=2020-01-01&limit=100`, A)),
      },
      {
        route: 'GET /api/v1/transactions',
        label: 'GET /api/v1/transactions?start_date=2020-01-01&limit=1, a new end-user',
        role: 'smallest',
        status: 200,
        prepare: async (n) => times(n, () => go('GET', `/api/v1/transactions?user_id=${fresh('apione')}&start_date=2020-01-01&limit=1`, A)),
      },
      {
        route: 'GET /api/v1/transactions',
        label: 'GET /api/v1/transactions?start_date=2020-01-01&limit=100, the same page again',
        role: 'info',
        status: 200,
        prepare: async (n) => times(n, () => go('GET', `/api/v1/transactions?user_id=apiagain-${run}&start_date=2020-01-01&limit=100`, A)),
      },
      {
        route: 'GET /api/v1/transactions',
        label: 'GET /api/v1/transactions?start_date=2020-01-01&limit=10, a new end-user',
        role: 'info',
        status: 200,
        prepare: async (n) => times(n, () => go('GET', `/api/v1/transactions?user_id=${fresh('apismall')}&start_date=2020-01-01&limit=10`, A)),
      },
      {
        route: 'GET /api/v1/transactions',
        label: 'GET /api/v1/transactions (defaults: the last 30 days, limit 10), a new end-user',
        role: 'info',
        status: 200,
        prepare: async (n) => times(n, () => go('GET', `/api/v1/transactions?user_id=${fresh('apidef')}`, A)),
      },
      {
        route: 'GET /api/v1/transactions',
        label: 'GET /api/v1/transactions?limit=100 (the last 30 days), a new end-user',
        role: 'info',
        status: 200,
        prepare: async (n) => times(n, () => go('GET', `/api/v1/transactions?user_id=${fresh('api30')}&limit=100`, A)),
      },
      {
        route: 'GET /v1/transactions',
        label: 'GET /v1/transactions?since=2020-01-01&limit=500, a new end-user',
        status: 200,
        prepare: async (n) => times(n, () => go('GET', `/v1/transactions?user_id=${fresh('v1new')}&since=2020-01-01&limit=500`, A)),
      },
      {
        route: 'GET /v1/transactions',
        label: 'GET /v1/transactions?since=2020-01-01&limit=1, a new end-user',
        role: 'smallest',
        status: 200,
        prepare: async (n) => times(n, () => go('GET', `/v1/transactions?user_id=${fresh('v1one')}&since=2020-01-01&limit=1`, A)),
      },
      {
        route: 'GET /v1/transactions',
        label: 'GET /v1/transactions?since=2020-01-01&limit=500, the same page again',
        role: 'info',
        status: 200,
        prepare: async (n) => times(n, () => go('GET', `/v1/transactions?user_id=v1again-${run}&since=2020-01-01&limit=500&cursor=`, A)),
      },
      {
        route: 'GET /v1/transactions',
        label: 'GET /v1/transactions?since=2020-01-01&limit=100, a new end-user',
        role: 'info',
        status: 200,
        prepare: async (n) => times(n, () => go('GET', `/v1/transactions?user_id=${fresh('v1hundred')}&since=2020-01-01&limit=100`, A)),
      },
      {
        route: 'GET /v1/transactions',
        label: 'GET /v1/transactions (defaults: limit 100 from 90 days ago), a new end-user',
        role: 'info',
        status: 200,
        prepare: async (n) => times(n, () => go('GET', `/v1/transactions?user_id=${fresh('v1def')}`, A)),
      },
      {
        route: 'POST /api/v1/transfers',
        label: 'POST /api/v1/transfers (shape A), a new end-user',
        status: 200,
        prepare: async (n) => {
          const out: (() => Promise<Res>)[] = [];
          for (let i = 0; i < n; i++) {
            const u = fresh('tr');
            const acc = ok(await call(base, 'GET', `/api/v1/accounts?user_id=${u}`, A), 200, 'accounts setup').json as { accounts: { account_id: string }[] };
            out.push(go('POST', '/api/v1/transfers', A, { account_id: acc.accounts[0].account_id, amount_cents: 1, direction: 'credit', description: 'bench' }));
          }
          return out;
        },
      },
      {
        route: 'GET /api/v1/sandbox/transfers/:transfer_id',
        label: 'GET /api/v1/sandbox/transfers/{transfer_id}, a settled transfer',
        status: 200,
        prepare: async (n) => {
          const out: (() => Promise<Res>)[] = [];
          for (let i = 0; i < n; i++) {
            const u = fresh('st');
            const acc = ok(await call(base, 'GET', `/api/v1/accounts?user_id=${u}`, A), 200, 'accounts setup').json as { accounts: { account_id: string }[] };
            const tr = ok(await call(base, 'POST', '/api/v1/transfers', A, { account_id: acc.accounts[0].account_id, amount_cents: 1, direction: 'credit' }), 200, 'transfer setup').json as { transfer_id: string };
            ok(await call(base, 'POST', `/api/v1/sandbox/transfers/${tr.transfer_id}/simulate`, A, { outcome: 'settled' }), 200, 'settle setup');
            out.push(go('GET', `/api/v1/sandbox/transfers/${tr.transfer_id}`, A));
          }
          return out;
        },
      },
      {
        route: 'POST /api/v1/sandbox/transfers/:transfer_id/simulate',
        label: 'POST /api/v1/sandbox/transfers/{transfer_id}/simulate (settled), with its event',
        status: 200,
        prepare: async (n) => {
          const out: (() => Promise<Res>)[] = [];
          for (let i = 0; i < n; i++) {
            const u = fresh('sim');
            const acc = ok(await call(base, 'GET', `/api/v1/accounts?user_id=${u}`, A), 200, 'accounts setup').json as { accounts: { account_id: string }[] };
            const tr = ok(await call(base, 'POST', '/api/v1/transfers', A, { account_id: acc.accounts[0].account_id, amount_cents: 1, direction: 'credit' }), 200, 'transfer setup').json as { transfer_id: string };
            out.push(go('POST', `/api/v1/sandbox/transfers/${tr.transfer_id}/simulate`, A, { outcome: 'settled' }));
          }
          return out;
        },
      },
      {
        route: 'POST /api/v1/sandbox/webhooks/fire',
        label: 'POST /api/v1/sandbox/webhooks/fire (transfer.settled)',
        status: 202,
        prepare: async (n) => times(n, () => go('POST', '/api/v1/sandbox/webhooks/fire', A, { event_type: 'transfer.settled' })),
      },
      {
        route: 'GET /api/v1/insights/cashflow',
        label: 'GET /api/v1/insights/cashflow?horizon_days=90, a new end-user',
        status: 200,
        prepare: async (n) => times(n, () => go('GET', `/api/v1/insights/cashflow?user_id=${fresh('cf')}&horizon_days=90`, A)),
      },
      {
        route: 'GET /api/v1/insights/cashflow',
        label: 'GET /api/v1/insights/cashflow?horizon_days=1, a new end-user',
        role: 'info',
        status: 200,
        prepare: async (n) => times(n, () => go('GET', `/api/v1/insights/cashflow?user_id=${fresh('cf1')}&horizon_days=1`, A)),
      },
      {
        route: 'GET /v1/insights/cashflow',
        label: 'GET /v1/insights/cashflow?horizon_days=90, a new end-user',
        status: 200,
        prepare: async (n) => times(n, () => go('GET', `/v1/insights/cashflow?user_id=${fresh('cfr')}&horizon_days=90`, A)),
      },
    ];
    CASES = cases;
    // Every row of the table is measured (its /api/v1 form where both forms share one handler).
    const measured = new Set(cases.map((c) => c.route));
    const missing = (Object.keys(ROUTE_WEIGHTS) as RouteKey[]).filter((k) => !measured.has(k) && !measured.has(k.replace(/^(\w+) \/v1\//, '$1 /api/v1/') as RouteKey));
    if (missing.length) throw new Error(`routes of the weights table with no case here: ${missing.join(', ')}`);

    const rows: Row[] = [];
    const unitRounds: number[] = [];
    const chosen = cases.filter((c) => !ONLY || c.label.includes(ONLY));
    const check = async (c: Case, f: () => Promise<Res>) => ok(await f(), c.status, c.label);
    // Warm-up: one round of every case before any is measured (a case measured early would otherwise pay for
    // code the process had not run yet), then each case's own round again just before its measurement.
    for (const c of chosen) for (const f of await c.prepare(c.per ?? 20)) await check(c, f);
    console.log(`${dialect}: server CPU per request (process.cpuUsage of the server; after a warm-up round of every case, ${ROUNDS} rounds; the median round and the rounds' range)`);
    for (const c of chosen) {
      const per = c.per ?? 20;
      // DELETE /webhooks: one request per prepared round, so more rounds.
      const rounds = per === 1 ? ROUNDS * 10 : ROUNDS;
      for (const f of await c.prepare(per)) await check(c, f);
      const values: number[] = [];
      for (let r = 0; r < rounds; r++) {
        const reqs = await c.prepare(per);
        const before = await serverCpu(server.child, cpuFile);
        for (const f of reqs) await check(c, f);
        values.push(((await serverCpu(server.child, cpuFile)) - before) / per);
      }
      values.sort((x, y) => x - y);
      const row = { route: c.route, label: c.label, median: median(values), low: values[0], high: values[values.length - 1] };
      rows.push(row);
      console.log(`  ${c.label}: ${fmt(row.median, 2)} ms (${fmt(row.low, 2)}–${fmt(row.high, 2)})`);
      // The unit again, between every two cases: its median over the whole run follows the machine's drift.
      const before = await serverCpu(server.child, cpuFile);
      for (let i = 0; i < 20; i++) ok(await call(base, 'GET', '/api/v1/me', A), 200, 'unit');
      unitRounds.push(((await serverCpu(server.child, cpuFile)) - before) / 20);
    }
    unitRounds.sort((x, y) => x - y);
    rows.push({ route: UNIT, label: UNIT_LABEL, median: median(unitRounds), low: unitRounds[0], high: unitRounds[unitRounds.length - 1] });
    console.log(`  ${UNIT_LABEL}: ${fmt(median(unitRounds), 2)} ms (${fmt(unitRounds[0], 2)}–${fmt(unitRounds[unitRounds.length - 1], 2)})`);
    return rows;
  } finally {
    await server?.stop().catch(() => {});
    rx.server.close();
    await deps.database.close();
    await cleanup();
    rmSync(cpuDir, { recursive: true, force: true });
  }
}

/**
 * The rule: a request costing at least COSTLY plain cheap requests weighs as many as its CPU pays for (rounded
 * down, at most WEIGHT_CAP); one costing less counts 1.
 */
function derive(ratio: number): number {
  return ratio < COSTLY ? 1 : Math.min(WEIGHT_CAP, Math.floor(ratio));
}

console.log(`machine: ${machine()}; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
const results: Record<string, Row[]> = { sqlite: await runOn('sqlite') };
if (await pgReachable(PG_URL)) results.postgres = await runOn('postgres');
else console.log('postgres: not reachable, skipped');
console.log(`load average after: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);

const dialects = Object.keys(results);
const unit = Object.fromEntries(dialects.map((d) => [d, results[d].find((r) => r.label === UNIT_LABEL)?.median ?? NaN]));
/** A case's CPU in units, the larger of the databases'. */
const units = (label: string) => Math.max(...dialects.map((d) => (results[d].find((r) => r.label === label)?.median ?? 0) / unit[d]));

console.log(`\nunit (${UNIT_LABEL}): ${dialects.map((d) => `${d} ${fmt(unit[d], 2)} ms`).join(', ')}`);
console.log(`| request | ${dialects.map((d) => `${d} CPU ms (rounds)`).join(' | ')} | × unit (the larger) |`);
console.log(`|---|${dialects.map(() => '---|').join('')}---|`);
for (const c of CASES) {
  const per = dialects.map((d) => results[d].find((r) => r.label === c.label));
  if (!per[0]) continue;
  const cells = per.map((r) => (r ? `${fmt(r.median, 2)} (${fmt(r.low, 2)}–${fmt(r.high, 2)})` : '–'));
  console.log(`| ${c.label}${c.role === 'info' ? ' (not weighed)' : ''} | ${cells.join(' | ')} | ${fmt(units(c.label), 1)} |`);
}

console.log(
  `\nweights: floor(CPU / unit) from ${COSTLY} units up (1 below), at most ${WEIGHT_CAP}, the larger of the databases'; a page or body route from its smallest and largest page or body; an export by one of its batches`,
);
console.log('| route | derived | table (src/routes/partner-api/weights.ts) |');
console.log('|---|---|---|');
const routes = [...new Set(CASES.map((c) => c.route))];
for (const route of routes) {
  const cs = CASES.filter((c) => c.route === route && results[dialects[0]].some((r) => r.label === c.label));
  const largest = cs.filter((c) => (c.role ?? 'largest') === 'largest');
  const smallest = cs.find((c) => c.role === 'smallest');
  if (largest.length === 0) continue;
  const big = Math.max(...largest.map((c) => units(c.label)));
  const exp = largest.find((c) => c.rows);
  const derived = exp
    ? `${derive((big * exp.batch!) / exp.rows!)} (one batch of ${exp.batch} rows)`
    : smallest
      ? `${derive(units(smallest.label))} ${smallest.label.includes('limit=1') ? 'at 1' : 'small'} … ${derive(big)} at the largest`
      : `${derive(big)}`;
  const w = ROUTE_WEIGHTS[route];
  const table =
    typeof w === 'number'
      ? `${w}`
      : 'body' in w
          ? `${w.smallest} small … ${w.weight} at ${fmt(w.bytes)} bytes`
          : `${w.smallest} at 1 … ${w.weight} at ${w.largest}`;
  console.log(`| ${route} | ${derived} | ${table} |`);
}
await agent.close();
process.exit(0);
