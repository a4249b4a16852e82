/**
 * `npm run svc -- backup <file>`: an online copy of the embedded SQLite database (SQLite's backup API) made while
 * an app serves and writes; an app started on the restored copy serves the data. On PostgreSQL the command refuses
 * and points to docs/operations.md.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/app.js';
import type { Config } from '../../src/config.js';
import { migrate } from '../../src/db/database.js';
import { createDeps, createLogger } from '../../src/deps.js';
import { buildTestApp, databaseEnv, DIALECT, keyHeaders, type TestApp, type TestPartner } from '../helpers/app.js';
import { runCli, runCliAsync } from '../helpers/process.js';

describe('backup refuses on PostgreSQL', () => {
  it('names docs/operations.md and writes nothing', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'svc-backup-pg-'));
    try {
      const file = path.join(dir, 'copy.sqlite');
      // The command refuses from the configuration alone: no connection is made.
      const r = runCli(['backup', file], { DATA_DIR: dir, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none', SECRETS_KEY: 'a'.repeat(64) });
      assert.equal(r.status, 2, r.stderr);
      assert.match(r.stderr, /refused: .*PostgreSQL.*pg_dump.*docs\/operations\.md/);
      assert.equal(existsSync(file), false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('backup of the embedded SQLite database', { skip: DIALECT !== 'sqlite' && 'the command copies SQLite only (PostgreSQL: pg_dump, above)' }, () => {
  let t: TestApp;
  let p: TestPartner;
  let dir: string;
  before(async () => {
    t = await buildTestApp({ env: { RATE_LIMIT_PER_SECOND: '100000' } });
    p = await t.partner();
    dir = mkdtempSync(path.join(os.tmpdir(), 'svc-backup-'));
  });
  after(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const ingest = async (endUserId: string) => {
    const r = await t.inject({ method: 'POST', url: '/api/v1/ingest', headers: keyHeaders(p, { secret: true }), payload: { end_user_id: endUserId, cash_balance: 1200 } });
    assert.equal(r.statusCode, 201, r.body);
  };

  it('copies the database while the app writes to it; an app on the restored copy serves the data', async () => {
    for (let i = 0; i < 40; i++) await ingest(`before_${i}`);
    const file = path.join(dir, 'service-backup.sqlite');

    // The command runs in its own process while this one keeps writing through the app.
    const cli = runCliAsync(['backup', file], { ...databaseEnv(t.config), LOG_LEVEL: 'silent' });
    let finished = false;
    void cli.then(() => (finished = true));
    let during = 0;
    while (!finished) {
      await ingest(`during_${during++}`);
      await new Promise((r) => setTimeout(r, 10));
    }
    const r = await cli;
    assert.equal(r.status, 0, r.stderr + r.stdout);
    assert.match(r.stdout, /^backed up .*service\.sqlite to .*service-backup\.sqlite: \d+ pages, \d+ bytes, \d+ ms\n/);
    assert.match(r.stdout, /keep the key too/);
    assert.equal(statSync(file).mode & 0o777, 0o600, 'owner-only, like the database');
    assert.deepEqual(readdirSync(dir), ['service-backup.sqlite'], 'no partial file left');
    assert.ok(during > 0, 'the app wrote while the backup ran');

    // Restore: the copy becomes service.sqlite of a new DATA_DIR (the same SECRETS_KEY opens its sealed values).
    const restoredDir = path.join(dir, 'restored');
    mkdirSync(restoredDir, { mode: 0o700 });
    copyFileSync(file, path.join(restoredDir, 'service.sqlite'));
    const config: Config = { ...t.config, dataDir: restoredDir };
    const deps = createDeps(config, { log: createLogger(config), poolSize: 2 });
    try {
      assert.deepEqual(await migrate(deps.database), [], 'the copy has every migration');
      await deps.start();
      const app = await buildApp(deps);
      try {
        const me = await app.inject({ method: 'GET', url: '/api/v1/me', headers: keyHeaders(p) });
        assert.equal(me.statusCode, 200, me.body);
        assert.equal((me.json() as { id: string }).id, p.id);
        const ids = new Set<string>();
        for (let cursor: string | null = null, pages = 0; pages === 0 || cursor !== null; pages++) {
          const q: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
          const list = await app.inject({ method: 'GET', url: `/api/v1/ingest/calculations?limit=500${q}`, headers: keyHeaders(p, { secret: true }) });
          assert.equal(list.statusCode, 200, list.body);
          const body = list.json() as { items: { end_user_id: string }[]; next_cursor: string | null };
          for (const i of body.items) ids.add(i.end_user_id);
          cursor = body.next_cursor;
        }
        for (let i = 0; i < 40; i++) assert.ok(ids.has(`before_${i}`), `before_${i} is in the copy`);
        // Of the writes made during the copy, the copy has those before one instant: a snapshot, never a gap.
        const kept = Array.from({ length: during }, (_, i) => ids.has(`during_${i}`));
        assert.deepEqual(kept, kept.map((_, i) => i < kept.filter(Boolean).length), 'the copy is one consistent instant');
        const secrets = await app.inject({ method: 'GET', url: '/api/v1/secrets', headers: keyHeaders(p, { env: 'live' }) });
        assert.equal((secrets.json() as { ingest_secret: string }).ingest_secret, p.ingestSecret, 'sealed values open');
      } finally {
        await app.close();
      }
    } finally {
      await deps.close();
    }
  });

  it('refuses an existing file, a missing folder and a missing argument', () => {
    const env = { ...databaseEnv(t.config), LOG_LEVEL: 'silent' };
    const existing = path.join(dir, 'taken.sqlite');
    writeFileSync(existing, 'an earlier file');
    const taken = runCli(['backup', existing], env);
    assert.equal(taken.status, 2);
    assert.match(taken.stderr, /refused: .* already exists/);
    assert.equal(readFileSync(existing, 'utf8'), 'an earlier file', 'left as it was');
    const nowhere = runCli(['backup', path.join(dir, 'no-such-folder', 'copy.sqlite')], env);
    assert.equal(nowhere.status, 2);
    assert.match(nowhere.stderr, /refused: the folder .* does not exist/);
    const bare = runCli(['backup'], env);
    assert.equal(bare.status, 2);
    assert.match(bare.stderr, /backup needs one argument/);
  });
});
