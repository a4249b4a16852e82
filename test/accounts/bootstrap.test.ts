import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { buildApp } from '../../src/app.js';
import { ensureConfiguredAdmin } from '../../src/bootstrap.js';
import { migrate } from '../../src/db/database.js';
import { createDeps, createLogger } from '../../src/deps.js';
import type { Deps } from '../../src/context.js';
import type { FastifyInstance } from 'fastify';
import { openDatabase } from '../../src/db/database.js';
import { DIALECT, databaseEnv, testConfig } from '../helpers/app.js';
import { startServer, type ServerProcess } from '../helpers/process.js';

describe('the first administrator: ADMIN_EMAIL/ADMIN_PASSWORD at start, and the CLI', () => {
  let deps: Deps;
  let app: FastifyInstance;
  let cleanup: () => Promise<void>;
  let env: Record<string, string>;

  before(async () => {
    const c = await testConfig({ ADMIN_EMAIL: 'Root@Ops.example', ADMIN_PASSWORD: 'first-admin-pw' });
    cleanup = c.cleanup;
    deps = createDeps(c.config, { log: createLogger(c.config), poolSize: 3 });
    await migrate(deps.database);
    await ensureConfiguredAdmin(deps);
    await ensureConfiguredAdmin(deps); // a second start changes nothing
    app = await buildApp(deps);
    await app.ready();
    env = { ...(process.env as Record<string, string>), ...(databaseEnv(c.config) as Record<string, string>), LOG_LEVEL: 'silent' };
    delete env.ADMIN_EMAIL;
    delete env.ADMIN_PASSWORD;
  });
  after(async () => {
    await app.close();
    await deps.database.close();
    await cleanup();
  });

  const login = (email: string, password: string) => app.inject({ method: 'POST', url: '/api/auth/admin/login', payload: { email, password } });

  it('creates the configured admin once; it can sign in', async () => {
    const rows = await deps.database.db.selectFrom('admins').selectAll().execute();
    assert.equal(rows.length, 1);
    assert.equal(rows[0].email, 'Root@Ops.example');
    assert.match(rows[0].password_hash, /^scrypt\$/);
    const r = await login('root@ops.example', 'first-admin-pw');
    assert.equal(r.statusCode, 200, r.body);
    assert.equal(r.json().admin.email, 'Root@Ops.example');
  });

  it('npm run svc -- admin create creates another admin who can sign in', () => {
    const cli = path.resolve('src/cli.ts');
    const run = (...args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', cli, ...args], { env, encoding: 'utf8', timeout: 60_000 });
    const r = run('admin', 'create', '--email', 'second@ops.example', '--password', 'second-admin-pw');
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /^admin created: adm_/);
    const again = run('admin', 'create', '--email', 'SECOND@ops.example', '--password', 'whatever-else');
    assert.equal(again.status, 0, again.stderr);
    assert.match(again.stdout, /^admin already exists: adm_/);
    const short = run('admin', 'create', '--email', 'third@ops.example', '--password', 'short');
    assert.equal(short.status, 2);
  });

  it('the CLI admin signs in (with the password given the first time)', async () => {
    assert.equal((await login('second@ops.example', 'second-admin-pw')).statusCode, 200);
    assert.equal((await login('second@ops.example', 'whatever-else')).statusCode, 401);
  });
});

describe('two servers starting together on a new database, with ADMIN_EMAIL', { timeout: 600_000 }, () => {
  const ROUNDS = 3;
  const admin = { email: 'first@ops.example', password: 'first-admin-pw-7Kq' };

  it(`both start and serve, every time (${ROUNDS} rounds); one administrator, one demo partner`, async () => {
    for (let round = 1; round <= ROUNDS; round++) {
      const { config, cleanup } = await testConfig();
      const env: Record<string, string | undefined> = { ...databaseEnv(config), ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, RUN_WORKERS: 'false', SEED_DEMO_PARTNER: 'true' };
      // On the embedded database the key is generated into DATA_DIR at the first start: both race for that too.
      if (DIALECT === 'sqlite') delete env.SECRETS_KEY;
      const started = await Promise.allSettled([startServer(env, 120_000), startServer(env, 120_000)]);
      const servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
      try {
        for (const s of started) assert.equal(s.status, 'fulfilled', `round ${round}: ${s.status === 'rejected' ? String(s.reason) : ''}`);
        for (const s of servers as ServerProcess[]) {
          const health = await fetch(`${s.baseUrl}/api/v1/health`);
          assert.equal(health.status, 200, `round ${round}: ${s.baseUrl} serves`);
          const login = await fetch(`${s.baseUrl}/api/auth/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(admin) });
          assert.equal(login.status, 200, `round ${round}: the administrator signs in on ${s.baseUrl}: ${await login.text()}`);
        }
        const database = openDatabase(config, 1);
        try {
          const admins = await database.db.selectFrom('admins').select('email').execute();
          assert.deepEqual(admins.map((a) => a.email), [admin.email], `round ${round}: one administrator`);
          const partners = await database.db.selectFrom('partners').select('email').execute();
          assert.deepEqual(partners.map((p) => p.email), ['demo@example.com'], `round ${round}: one demo partner`);
        } finally {
          await database.close();
        }
      } finally {
        for (const s of servers) {
          s.child.kill('SIGTERM');
          await s.exited;
        }
        await cleanup();
      }
    }
  });
});
