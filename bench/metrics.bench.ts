/**
 * What /metrics costs the request path: calculate throughput and p99 with no scraper and with a
 * scraper reading GET /metrics once a second (as Prometheus would, every second rather than every
 * 15 s), in the same run, on one server process, in interleaved rounds (a change in the machine's
 * speed weighs on both). Also what one scrape takes and how large its answer is.
 * Run alone: node --import tsx bench/metrics.bench.ts   (BENCH_ROUNDS, BENCH_DURATION, BENCH_SCRAPE_MS)
 */
import { readFileSync } from 'node:fs';
import { request } from 'undici';
import { databaseEnv, testConfig } from '../test/helpers/app.js';
import { Metrics, SOURCE_CACHE_MS } from '../src/lib/metrics.js';
import { CLIENT, fmt, load, machine, median, percentile, withPinnedClient, type LoadResult } from './lib/util.js';
import { CALCULATE_JSON, createPartner, startServer } from './lib/calculate-server.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const SECONDS = Number(process.env.BENCH_DURATION ?? 5);
const SCRAPE_MS = Number(process.env.BENCH_SCRAPE_MS ?? 1000);


interface Scrapes {
  ms: number[];
  bytes: number;
  failed: number;
}

/** Reads /metrics every `everyMs` until stopped; what each scrape took. */
function startScraper(url: string, everyMs: number, into: Scrapes): () => Promise<void> {
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    running = (async () => {
      const s = performance.now();
      try {
        const res = await request(url);
        const text = await res.body.text();
        if (res.statusCode !== 200) into.failed++;
        into.bytes = text.length;
        into.ms.push(performance.now() - s);
      } catch {
        into.failed++;
      }
    })();
  };
  tick();
  const timer = setInterval(tick, everyMs);
  return async () => {
    clearInterval(timer);
    await running;
  };
}

/** CPU time a process has used so far (ms; user + system, from /proc/<pid>/stat, in clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** The server's CPU per scrape, scraping back to back with no other load. */
async function cpuPerScrape(url: string, pid: number, n: number): Promise<number> {
  const before = cpuMs(pid);
  for (let i = 0; i < n; i++) {
    const res = await request(url);
    await res.body.text();
  }
  return (cpuMs(pid) - before) / n;
}

/** What the request path does for the metrics (in flight in and out, one histogram observe), in this process: µs per request. */
function requestPathMicros(): number {
  const m = new Metrics();
  const routes = ['/api/v1/calculate/safe-to-spend', '/api/v1/ingest', '/api/v1/me', '/api/v1/usage'];
  const n = 2_000_000;
  for (let i = 0; i < 200_000; i++) m.observeRequest('POST', routes[i & 3], 200, 0.001);
  const s = performance.now();
  for (let i = 0; i < n; i++) {
    m.requestStarted();
    m.requestEnded();
    m.observeRequest('POST', routes[i & 3], i % 50 === 0 ? 404 : 200, 0.0005 + (i & 7) * 0.001);
  }
  return ((performance.now() - s) * 1000) / n;
}

async function bench(): Promise<string[]> {
  const { config, cleanup } = await testConfig({}, null);
  const env = databaseEnv(config);
  const partner = createPartner(env);
  const app = await startServer(env);
  const calc = { url: `${app.address}/api/v1/calculate/safe-to-spend`, headers: { 'x-api-key': partner.test_key }, body: CALCULATE_JSON };
  const metricsUrl = `${app.address}/metrics`;
  const plain: LoadResult[] = [];
  const scraped: LoadResult[] = [];
  const scrapes: Scrapes = { ms: [], bytes: 0, failed: 0 };
  let perScrapeMs = NaN;
  try {
    await load({ ...calc, duration: 3 });
    // A first scrape registers Node's runtime metrics; warm the scrape path too.
    const warm: Scrapes = { ms: [], bytes: 0, failed: 0 };
    const stopWarm = startScraper(metricsUrl, 100, warm);
    await new Promise((r) => setTimeout(r, 1000));
    await stopWarm();
    for (let round = 0; round < ROUNDS; round++) {
      // Alternate which comes first, so a drift of the machine within a round lands on both alike.
      for (const withScraper of round % 2 === 0 ? [false, true] : [true, false]) {
        if (!withScraper) {
          plain.push(await load({ ...calc, duration: SECONDS }));
          continue;
        }
        const stop = startScraper(metricsUrl, SCRAPE_MS, scrapes);
        try {
          scraped.push(await load({ ...calc, duration: SECONDS }));
        } finally {
          await stop();
        }
      }
    }
    perScrapeMs = await cpuPerScrape(metricsUrl, app.child.pid!, 500);
  } finally {
    await app.stop();
    await cleanup();
  }
  const med = (xs: LoadResult[], k: 'rps' | 'p99' | 'p50') => median(xs.map((x) => x[k]));
  const ratios = plain.map((p, i) => scraped[i].rps / p.rps);
  const sortedScrapes = [...scrapes.ms].sort((a, b) => a - b);
  const non2xx = [...plain, ...scraped].reduce((s, x) => s + x.non2xx + x.errors, 0);
  return [
    `calculate, no scraper:          ${fmt(med(plain, 'rps'))} req/s, p50 ${fmt(med(plain, 'p50'), 2)} ms, p99 ${fmt(med(plain, 'p99'), 2)} ms (median of ${ROUNDS} rounds of ${SECONDS} s)`,
    `calculate, scraped every ${fmt(SCRAPE_MS / 1000, 1)} s: ${fmt(med(scraped, 'rps'))} req/s, p50 ${fmt(med(scraped, 'p50'), 2)} ms, p99 ${fmt(med(scraped, 'p99'), 2)} ms`,
    `throughput ratio scraped / not: median ${median(ratios).toFixed(3)} (rounds ${ratios.map((r) => r.toFixed(3)).join(', ')}); non-2xx or errors: ${non2xx}`,
    `p99 per round, no scraper: ${plain.map((x) => fmt(x.p99, 1)).join(', ')} ms; scraped: ${scraped.map((x) => fmt(x.p99, 1)).join(', ')} ms`,
    `server CPU per scrape, 500 back to back without load (the outbox and rollup queries kept ${fmt(SOURCE_CACHE_MS / 1000)} s): ${fmt(perScrapeMs, 2)} ms, ` +
      `i.e. ${fmt((perScrapeMs / SCRAPE_MS) * 100, 2)}% of one core at one scrape per ${fmt(SCRAPE_MS / 1000, 1)} s`,
    `the request path's share (in flight in and out, one histogram observe), in process: ${fmt(requestPathMicros(), 3)} µs per request`,
    `a scrape under that load: p50 ${fmt(percentile(sortedScrapes, 50), 2)} ms, max ${fmt(sortedScrapes.at(-1) ?? NaN, 2)} ms, ${fmt(scrapes.bytes / 1024, 1)} KiB, ${scrapes.ms.length} scrapes, ${scrapes.failed} failed (load generator: ${CLIENT})`,
  ];
}

const lines = [`machine: ${machine()}`, ...(await withPinnedClient(bench))];
console.log(lines.join('\n'));
