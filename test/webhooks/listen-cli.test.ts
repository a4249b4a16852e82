import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyWebhook } from '../../clients/typescript/src/index.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { configure, ingest } from '../webhooks/helpers.js';

describe('svc listen: the event stream forwarded to a local receiver', () => {
  let t: TestApp;
  let base: string;
  let child: ChildProcess | null = null;
  before(async () => {
    t = await buildTestApp({ env: { WEBHOOK_STREAM_POLL_MS: '50', RATE_LIMIT_PER_SECOND: '100000' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  after(async () => {
    if (child && child.exitCode === null) child.kill('SIGTERM');
    t.deps.webhooks.streams.closeAll();
    await t.close();
  });

  it('forwards each event as the same signed POST, prints one line per event with the local status, and says why it stops', async () => {
    const p = await t.partner();
    const secret = (await configure(t, p, 'http://127.0.0.1:9/hook')).secret!;
    // The developer's local receiver: verifies with the typed client, answers 204 when the signature holds.
    const verified: string[] = [];
    const rx = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        try {
          const ev = verifyWebhook({ payload: Buffer.concat(chunks), headers: req.headers, secret });
          verified.push(ev.id);
          res.writeHead(204).end();
        } catch {
          res.writeHead(400).end();
        }
      });
    });
    await new Promise<void>((r) => rx.listen(0, '127.0.0.1', r));
    const forwardTo = `http://127.0.0.1:${(rx.address() as AddressInfo).port}/hook`;

    let out = '';
    let err = '';
    child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'listen', '--forward-to', forwardTo, '--base-url', base], {
      env: { ...process.env, SVC_API_KEY: p.testKey, SVC_INGEST_SECRET: p.ingestSecret },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d) => (out += d));
    child.stderr!.on('data', (d) => (err += d));
    const until = async (cond: () => boolean, what: string, ms = 20_000) => {
      const end = Date.now() + ms;
      while (!cond()) {
        if (Date.now() > end) throw new Error(`${what}: stdout ${out} stderr ${err}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    await until(() => out.includes('> listening'), 'never listened');
    await ingest(t, p, 'cli_user');
    await t.inject({ method: 'POST', url: '/api/v1/webhooks/test', headers: { 'x-api-key': p.testKey, 'x-service-ingest-secret': p.ingestSecret } });
    await until(() => verified.length === 2 && out.split('\n').filter((l) => l.includes(' -> ')).length === 2, 'two events forwarded');
    const lines = out.split('\n').filter((l) => l.includes(' -> '));
    assert.match(lines[0], new RegExp(`calculation\\.updated ${verified[0]} -> 204$`));
    assert.match(lines[1], new RegExp(`webhook\\.test ${verified[1]} -> 204$`));

    // The key rotated away: the stream ends and the command says why, exit code 1.
    const rot = await t.inject({
      method: 'POST',
      url: '/api/v1/key/rotate',
      headers: { 'x-api-key': p.testKey, 'x-service-ingest-secret': p.ingestSecret },
      payload: { key_type: 'sandbox' },
    });
    assert.equal(rot.statusCode, 200);
    const code = await new Promise<number | null>((r) => child!.once('exit', r));
    assert.equal(code, 1, `stdout ${out} stderr ${err}`);
    assert.match(err, /key_revoked/);
    await new Promise((r) => rx.close(r));
  });

  it('refuses a live key with the service\'s reason, and a missing option with its usage', async () => {
    const p = await t.partner();
    const run = (args: string[], env: Record<string, string>) =>
      new Promise<{ code: number | null; err: string }>((resolve) => {
        const c = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'listen', ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
        let e = '';
        c.stderr.on('data', (d) => (e += d));
        c.once('exit', (code) => resolve({ code, err: e }));
      });
    const live = await run(['--forward-to', 'http://127.0.0.1:9/hook', '--base-url', base, '--api-key', p.liveKey, '--ingest-secret', p.ingestSecret], {});
    assert.equal(live.code, 1);
    assert.match(live.err, /403 environment_mismatch/);
    const usage = await run(['--base-url', base], { SVC_API_KEY: '', SVC_INGEST_SECRET: '' });
    assert.equal(usage.code, 2);
    assert.match(usage.err, /usage: svc-listen --forward-to/);
  });
});
