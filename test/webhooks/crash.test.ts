/**
 * Crash test: a real server process under ingest load is killed with SIGKILL and
 * started again; every ingest it acknowledged (201) has its calculation.updated
 * event delivered. Runs the built server (dist/src/server.js) when the build is
 * current, else the sources through tsx.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { DATABASE_URL, dropSchema } from '../helpers/app.js';
import { startReceiver, type Receiver } from './receiver.js';
import { sleep } from './helpers.js';

const root = process.cwd();
const built = path.join(root, 'dist/src/server.js');
const useDist =
  existsSync(built) &&
  existsSync(path.join(root, 'dist/src/areas/webhooks/worker.js')) &&
  statSync(path.join(root, 'dist/src/areas/webhooks/worker.js')).mtimeMs >= statSync(path.join(root, 'src/areas/webhooks/worker.ts')).mtimeMs;
const entry = (name: 'server' | 'cli') => (useDist ? [path.join(root, `dist/src/${name}.js`)] : ['--import', 'tsx', path.join(root, `src/${name}.ts`)]);

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

describe(`crash test (SIGKILL under ingest load; ${useDist ? 'dist' : 'tsx'} server)`, { timeout: 150_000 }, () => {
  let rx: Receiver;
  let env: Record<string, string>;
  let dataDir: string;
  let schema: string | null = null;
  let server: ChildProcess | null = null;
  let base: string;

  async function startServer(): Promise<ChildProcess> {
    const child = spawn(process.execPath, entry('server'), { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    const end = Date.now() + 30_000;
    while (Date.now() < end) {
      if (child.exitCode !== null) throw new Error(`server exited: ${stderr}`);
      try {
        const r = await fetch(`${base}/api/v1/health`);
        if (r.ok) return child;
      } catch {
        // not yet listening
      }
      await sleep(100);
    }
    throw new Error(`server did not start: ${stderr}`);
  }

  before(async () => {
    rx = await startReceiver(() => ({ status: 200, body: 'ok' }));
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'svc-crash-'));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    env = {
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      SECRETS_KEY: randomBytes(32).toString('hex'),
      WEBHOOK_ALLOW_PRIVATE: 'true',
      WEBHOOK_TIMEOUT_MS: '1000',
      WEBHOOK_RETRY_SCHEDULE_MS: '0,200,500,1000,2000,5000',
      LOG_LEVEL: 'silent',
      SEED_DEMO_PARTNER: 'false',
      RATE_LIMIT_PER_SECOND: '100000',
      RUN_WORKERS: 'true',
    };
    if (DATABASE_URL) {
      schema = `t_crash_${randomBytes(5).toString('hex')}`;
      const c = new pg.Client({ connectionString: DATABASE_URL });
      await c.connect();
      await c.query(`CREATE SCHEMA ${schema}`);
      await c.end();
      env.DATABASE_URL = DATABASE_URL;
      env.DATABASE_SCHEMA = schema;
    }
  });

  after(async () => {
    if (server && server.exitCode === null) server.kill('SIGKILL');
    await rx.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (schema) await dropSchema(schema);
  });

  it('every acknowledged ingest is delivered after a SIGKILL and a restart', async (t) => {
    const cli = spawnSync(process.execPath, [...entry('cli'), 'partner', 'create', '--email', 'crash@example.com', '--company', 'Crash Co', '--json'], {
      env: { ...process.env, ...env },
      encoding: 'utf8',
    });
    assert.equal(cli.status, 0, cli.stderr);
    const partner = JSON.parse(cli.stdout.trim().split('\n').pop()!) as { test_key: string; ingest_secret: string };
    const headers = { 'x-api-key': partner.test_key, 'x-service-ingest-secret': partner.ingest_secret, 'content-type': 'application/json' };

    server = await startServer();
    const cfg = await fetch(`${base}/api/v1/webhooks`, { method: 'POST', headers, body: JSON.stringify({ url: rx.url, events: ['calculation.updated'], enabled: true }) });
    assert.equal(cfg.status, 200);

    // Load: 8 concurrent clients ingesting until the process dies.
    const acked = new Set<string>();
    let stop = false;
    let n = 0;
    const client = async (c: number) => {
      while (!stop) {
        const i = n++;
        try {
          const r = await fetch(`${base}/api/v1/ingest`, { method: 'POST', headers, body: JSON.stringify({ end_user_id: `user_${c}_${i % 25}`, cash_balance: i }) });
          if (r.status === 201) acked.add(((await r.json()) as { calculation_id: string }).calculation_id);
          else await r.arrayBuffer();
        } catch {
          await sleep(20); // the server is gone
        }
      }
    };
    const clients = Array.from({ length: 8 }, (_, c) => client(c));
    // Kill mid-load: once 150 ingests are acknowledged (or after 15 s on a slow machine).
    const loadEnd = Date.now() + 15_000;
    while (acked.size < 150 && Date.now() < loadEnd) await sleep(20);
    server.kill('SIGKILL');
    await new Promise((r) => server!.once('exit', r));
    await sleep(300);
    stop = true;
    await Promise.all(clients);
    assert.ok(acked.size > 20, `enough load before the kill (${acked.size} acknowledged)`);

    server = await startServer();
    const deliveredIds = () =>
      new Set(rx.received.map((r) => (JSON.parse(r.body) as { data: { calculation: { calculation_id: string } } }).data.calculation.calculation_id));
    const end = Date.now() + 60_000;
    let missing = [...acked].filter((id) => !deliveredIds().has(id));
    while (missing.length > 0 && Date.now() < end) {
      await sleep(250);
      const got = deliveredIds();
      missing = missing.filter((id) => !got.has(id));
    }
    t.diagnostic(`${acked.size} ingests acknowledged before the kill; ${rx.received.length} deliveries received in all`);
    assert.deepEqual(missing, [], `${missing.length} of ${acked.size} acknowledged ingests were never delivered`);
    server.kill('SIGTERM');
    await new Promise((r) => server!.once('exit', r));
  });
});
