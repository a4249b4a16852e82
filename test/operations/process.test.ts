/** The real server process: configuration errors, first start, CLI while running, SIGKILL durability, graceful stop. */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { databaseEnv, testConfig } from '../helpers/app.js';
import { runCli, startServer } from '../helpers/process.js';
import type { Config } from '../../src/config.js';

function envOf(config: Config): Record<string, string | undefined> {
  return { ...databaseEnv(config), RUN_WORKERS: 'false' };
}

describe('server and CLI processes', () => {
  let config: Config;
  let cleanup: () => Promise<void>;
  before(async () => {
    ({ config, cleanup } = await testConfig());
  });
  after(() => cleanup());

  it('stops with one line naming the variable when the configuration is bad', async () => {
    for (const [name, value] of [
      ['PORT', 'eighty'],
      ['SECRETS_KEY', 'short'],
      ['LOG_LEVEL', 'loud'],
      ['WEBHOOK_ALLOW_PRIVATE', 'maybe'],
    ]) {
      const r = runCli(['migrate'], { ...envOf(config), [name]: value });
      assert.notEqual(r.status, 0);
      assert.match(r.stderr.split('\n')[0], new RegExp(`configuration error: ${name}`));
      await assert.rejects(startServer({ ...envOf(config), [name]: value }, 15_000), new RegExp(`configuration error: ${name}`));
    }
  });

  it('first start creates and prints a demo partner; the CLI works while the server runs; SIGKILL loses nothing acknowledged', async () => {
    const env = { ...envOf(config), SEED_DEMO_PARTNER: 'true' };
    const s1 = await startServer(env);
    let first: { test_key: string; ingest_secret: string } | null = null;
    const acked: string[] = [];
    try {
      // The banner is written right after the "listening" line the start waits for: it may reach the pipe a moment later.
      for (let i = 0; i < 50 && !/ingest secret\s+svc_ingest_\w+/.test(s1.output()); i++) await new Promise((r) => setTimeout(r, 100));
      const out = s1.output();
      const key = /test key\s+(svc_test_\w+)/.exec(out)?.[1];
      const secret = /ingest secret\s+(svc_ingest_\w+)/.exec(out)?.[1];
      assert.ok(key && secret, out);
      assert.match(out, /curl -s http:\/\/127\.0\.0\.1:\d+\/api\/v1\/calculate\/safe-to-spend/);
      const calc = await fetch(`${s1.baseUrl}/api/v1/calculate/safe-to-spend`, {
        method: 'POST',
        headers: { 'x-api-key': key, 'content-type': 'application/json' },
        body: JSON.stringify({ end_user_id: 'demo', cash_balance: 100 }),
      });
      assert.equal(calc.status, 200);

      // The CLI, against the same database, while the server runs.
      const cli = runCli(['partner', 'create', '--email', 'ops@example.com', '--company', 'Ops Bank', '--json'], envOf(config));
      assert.equal(cli.status, 0, cli.stderr);
      const created = JSON.parse(cli.stdout);
      first = created;
      assert.deepEqual(Object.keys(created).sort(), ['company', 'email', 'ingest_secret', 'live_key', 'partner_id', 'test_key']);
      assert.equal(cli.stdout.trim().split('\n').length, 1, 'one JSON object and nothing else');
      const dup = runCli(['partner', 'create', '--email', 'OPS@example.com', '--company', 'Ops Bank'], envOf(config));
      assert.equal(dup.status, 1);
      assert.match(dup.stderr, /already exists/);

      // Acknowledged ingests survive a SIGKILL.
      await Promise.all(
        Array.from({ length: 40 }, async (_, i) => {
          const r = await fetch(`${s1.baseUrl}/api/v1/ingest`, {
            method: 'POST',
            headers: { 'x-api-key': created.test_key, 'x-service-ingest-secret': created.ingest_secret, 'content-type': 'application/json' },
            body: JSON.stringify({ end_user_id: `k${i}`, cash_balance: i }),
          });
          if (r.status === 201) acked.push(`k${i}`);
        }),
      );
      assert.equal(acked.length, 40);
      s1.child.kill('SIGKILL');
      await s1.exited;
    } finally {
      s1.child.kill('SIGKILL');
    }

    const s2 = await startServer(envOf(config));
    try {
      assert.doesNotMatch(s2.output(), /created a demo partner/, 'only on the very first start');
      const created = JSON.parse(runCli(['partner', 'create', '--email', 'ops2@example.com', '--company', 'Ops Two', '--json'], envOf(config)).stdout);
      assert.ok(created.partner_id);
      const list = await fetch(`${s2.baseUrl}/api/v1/ingest/calculations?limit=500`, {
        headers: { 'x-api-key': created.test_key, 'x-service-ingest-secret': created.ingest_secret },
      });
      assert.equal(((await list.json()) as { count: number }).count, 0, 'a new partner sees none of them');
      const survived = await fetch(`${s2.baseUrl}/api/v1/ingest/calculations?limit=500`, {
        headers: { 'x-api-key': first!.test_key, 'x-service-ingest-secret': first!.ingest_secret },
      });
      const rows = ((await survived.json()) as { items: { end_user_id: string }[] }).items.map((r: { end_user_id: string }) => r.end_user_id).sort();
      assert.deepEqual(rows, [...acked].sort(), 'every acknowledged ingest is there after SIGKILL');
      s2.child.kill('SIGTERM');
      const code = await s2.exited;
      assert.equal(code, 0, s2.output());
      assert.match(s2.output(), /shutting down/);
    } finally {
      s2.child.kill('SIGKILL');
    }
  });

  it('finishes in-flight requests on SIGTERM', async () => {
    const s = await startServer(envOf(config));
    const created = JSON.parse(runCli(['partner', 'create', '--email', 'grace@example.com', '--company', 'Grace Co', '--json'], envOf(config)).stdout);
    const inflight = Array.from({ length: 30 }, (_, i) =>
      fetch(`${s.baseUrl}/api/v1/ingest`, {
        method: 'POST',
        headers: { 'x-api-key': created.test_key, 'x-service-ingest-secret': created.ingest_secret, 'content-type': 'application/json' },
        body: JSON.stringify({ end_user_id: `g${i}`, cash_balance: i }),
      }).then((r) => r.status, () => 'refused'),
    );
    await new Promise((r) => setTimeout(r, 5));
    s.child.kill('SIGTERM');
    const statuses = await Promise.all(inflight);
    assert.equal(await s.exited, 0, s.output().split('\n').filter((l) => !l.includes('"msg":"request"')).join('\n'));
    const acked = statuses.filter((x) => x === 201).length;
    assert.ok(statuses.every((x) => x === 201 || x === 'refused' || x === 503), JSON.stringify(statuses));
    // Every acknowledged write is in the database.
    const s2 = await startServer(envOf(config));
    try {
      const list = await fetch(`${s2.baseUrl}/api/v1/ingest/calculations?limit=500`, {
        headers: { 'x-api-key': created.test_key, 'x-service-ingest-secret': created.ingest_secret },
      });
      assert.ok(((await list.json()) as { count: number }).count >= acked);
    } finally {
      s2.child.kill('SIGTERM');
      await s2.exited;
    }
  });
});
