/**
 * Webhook delivery benchmark, on SQLite and (when reachable) PostgreSQL:
 *   1. deliveries per second to a local receiver: 3,000 queued live events of BENCH_ENDPOINTS
 *      partners (default 16; one endpoint holds at most WEBHOOK_SLOTS_PER_ENDPOINT = 4 slots and
 *      sandbox endpoints half of them, so one partner alone, or test events, measure those bounds,
 *      not the worker) drained by one worker loop; baseline: the same POSTs sent straight with
 *      undici (no database).
 *   2. ingest-to-delivery latency (p50, p99): POST /api/v1/ingest (in-process) to the
 *      receiver's arrival, with the worker running; baseline: one direct POST's round trip.
 * Run alone: node --import tsx bench/webhooks.bench.ts   (DATABASE_URL picks the PostgreSQL server;
 * default postgres://postgres@127.0.0.1:5432/test; BENCH_PG=0 skips it).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { Agent, request } from 'undici';
import { buildTestApp, keyHeaders, type TestApp } from '../test/helpers/app.js';
import { enqueueEvent } from '../src/areas/webhooks/outbox.js';
import { pgReachable } from './lib/util.js';
import { startWebhookWorker } from '../src/areas/webhooks/worker.js';

const PG_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const EVENTS = Number(process.env.BENCH_EVENTS ?? 3000);
const ENDPOINTS = Number(process.env.BENCH_ENDPOINTS ?? 16);
const LATENCY_SAMPLES = Number(process.env.BENCH_SAMPLES ?? 300);

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function receiver() {
  const arrivals = new Map<string, number>();
  let count = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      count++;
      const id = req.headers['webhook-id'];
      if (typeof id === 'string') arrivals.set(id, performance.now());
      res.writeHead(200);
      res.end('ok');
    });
  });
  server.keepAliveTimeout = 10_000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return { url, arrivals, count: () => count, close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))) };
}

async function directBaseline(url: string, n: number, concurrency: number) {
  const agent = new Agent({ connections: concurrency });
  const body = JSON.stringify({ id: 'evt_x', type: 'calculation.updated', created_at: new Date().toISOString(), data: { end_user_id: 'u', calculation: { safe_to_spend_today: 1 } } });
  let next = 0;
  const lat: number[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) {
        next++;
        const t0 = performance.now();
        const r = await request(url, { method: 'POST', body, headers: { 'content-type': 'application/json' }, dispatcher: agent });
        await r.body.text();
        lat.push(performance.now() - t0);
      }
    }),
  );
  const secs = (performance.now() - started) / 1000;
  // One request at a time: the round trip a delivery cannot beat.
  const single: number[] = [];
  for (let i = 0; i < 200; i++) {
    const t0 = performance.now();
    const r = await request(url, { method: 'POST', body, headers: { 'content-type': 'application/json' }, dispatcher: agent });
    await r.body.text();
    single.push(performance.now() - t0);
  }
  await agent.close();
  single.sort((a, b) => a - b);
  return { perSec: n / secs, p50: pct(single, 50), p99: pct(single, 99) };
}

async function run(dialect: 'sqlite' | 'postgres') {
  if (dialect === 'postgres') process.env.DATABASE_URL = PG_URL;
  else delete process.env.DATABASE_URL;
  // test/helpers reads DATABASE_URL at import: import a fresh copy per dialect.
  const helpers = (await import(`../test/helpers/app.js?${dialect}`)) as { buildTestApp: typeof buildTestApp; keyHeaders: typeof keyHeaders };
  const t: TestApp = await helpers.buildTestApp({ env: { RATE_LIMIT_PER_SECOND: '1000000', LOG_LEVEL: 'silent' } });
  const rx = await receiver();
  try {
    const partners: Awaited<ReturnType<TestApp['partner']>>[] = [];
    for (let i = 0; i < ENDPOINTS; i++) {
      const q = await t.partner();
      const res = await t.inject({ method: 'POST', url: '/api/v1/webhooks', headers: helpers.keyHeaders(q, { secret: true, env: 'live' }), payload: { url: rx.url, events: ['calculation.updated'] } });
      if (res.statusCode !== 200) throw new Error(res.body);
      partners.push(q);
    }
    const p = partners[0];

    // 1. throughput
    const payload = { end_user_id: 'u', calculation: { safe_to_spend_today: 12.34, calculation_id: 'calc_x' } };
    for (let i = 0; i < EVENTS; i += 500) {
      await t.deps.database.tx(async (trx) => {
        for (let j = i; j < Math.min(EVENTS, i + 500); j++) {
          await enqueueEvent(t.deps, trx, { partnerId: partners[j % ENDPOINTS].id, environment: 'live', type: 'calculation.updated', data: { ...payload, end_user_id: `u${j}` }, orderingKey: `u${j}`, now: Date.now() });
        }
      });
    }
    const before = rx.count();
    const started = performance.now();
    const w = startWebhookWorker(t.deps, { pollMs: 50 });
    while (rx.count() - before < EVENTS) await new Promise((r) => setTimeout(r, 5));
    const sendSecs = (performance.now() - started) / 1000;
    // …and until every outcome is written.
    for (;;) {
      const left = await t.deps.database.db.selectFrom('webhook_events').select((eb) => eb.fn.countAll<number>().as('n')).where('state', '=', 'pending').executeTakeFirstOrThrow();
      if (Number(left.n) === 0) break;
      await new Promise((r) => setTimeout(r, 5));
    }
    const totalSecs = (performance.now() - started) / 1000;

    // 2. ingest-to-delivery latency, one ingest every 10 ms
    const lat: number[] = [];
    const sent = new Map<string, number>();
    for (let i = 0; i < LATENCY_SAMPLES; i++) {
      const t0 = performance.now();
      const r = await t.inject({ method: 'POST', url: '/api/v1/ingest', headers: helpers.keyHeaders(p, { secret: true, env: 'live' }), payload: { end_user_id: `lat_${i % 50}`, cash_balance: i } });
      if (r.statusCode !== 201) throw new Error(r.body);
      sent.set(r.json().calculation_id, t0);
      await new Promise((res) => setTimeout(res, 10));
    }
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline) {
      const rows = await t.deps.database.db.selectFrom('webhook_events').select(['id', 'payload']).where('partner_id', '=', p.id).where('type', '=', 'calculation.updated').where('ordering_key', 'like', 'lat_%').execute();
      if (rows.every((r) => rx.arrivals.has(r.id))) {
        for (const r of rows) {
          const calcId = (JSON.parse(r.payload) as { data: { calculation: { calculation_id: string } } }).data.calculation.calculation_id;
          lat.push(rx.arrivals.get(r.id)! - sent.get(calcId)!);
        }
        break;
      }
      await new Promise((res) => setTimeout(res, 20));
    }
    await w.stop();
    lat.sort((a, b) => a - b);
    const base = await directBaseline(rx.url, EVENTS, 64);
    return {
      dialect,
      deliveriesPerSec: EVENTS / sendSecs,
      settledPerSec: EVENTS / totalSecs,
      p50: pct(lat, 50),
      p99: pct(lat, 99),
      samples: lat.length,
      baselinePerSec: base.perSec,
      baselineP50: base.p50,
      baselineP99: base.p99,
    };
  } finally {
    await rx.close();
    await t.close();
  }
}

const results = [await run('sqlite')];
if (await pgReachable(PG_URL)) results.push(await run('postgres'));
const f = (n: number) => (n >= 100 ? Math.round(n).toLocaleString('en-US') : n.toFixed(1));
console.log(`webhooks: ${os.cpus().length} cores, node ${process.version}, ${EVENTS} events over ${ENDPOINTS} endpoints, ${LATENCY_SAMPLES} latency samples`);
console.log('database  | deliveries/s (sent) | settled/s (recorded) | baseline direct POST/s | ingest→delivery p50 / p99 ms | baseline POST p50 / p99 ms');
for (const r of results) {
  console.log(
    `${r.dialect.padEnd(9)} | ${f(r.deliveriesPerSec).padStart(19)} | ${f(r.settledPerSec).padStart(20)} | ${f(r.baselinePerSec).padStart(22)} | ${(r.p50.toFixed(1) + ' / ' + r.p99.toFixed(1)).padStart(28)} | ${(r.baselineP50.toFixed(2) + ' / ' + r.baselineP99.toFixed(2)).padStart(26)}`,
  );
}
process.exit(0);
