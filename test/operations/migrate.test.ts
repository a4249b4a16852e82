/** Migrations: applied once, in order, when several processes start together; a restart applies nothing. */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { migrate, openDatabase } from '../../src/db/database.js';
import { migrations } from '../../src/db/migrations/index.js';
import { databaseEnv, testConfig } from '../helpers/app.js';
import type { Config } from '../../src/config.js';

function cliMigrate(config: Config): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.resolve('src/cli.ts'), 'migrate'], {
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        ...databaseEnv(config),
      },
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (code) => resolve({ code, out }));
  });
}

describe('migrations', () => {
  let config: Config;
  let cleanup: () => Promise<void>;
  before(async () => {
    ({ config, cleanup } = await testConfig());
  });
  after(() => cleanup());

  it('two processes migrating one fresh database at once apply every migration exactly once', async () => {
    const [a, b] = await Promise.all([cliMigrate(config), cliMigrate(config)]);
    assert.equal(a.code, 0, a.out);
    assert.equal(b.code, 0, b.out);
    const applied = [a.out, b.out].flatMap((o) => (/applied: (.*)/.exec(o)?.[1] ?? '').split(', ').filter(Boolean));
    assert.deepEqual(applied.sort(), Object.keys(migrations).sort(), 'each migration applied by exactly one of them');
    const database = openDatabase(config, 1);
    try {
      const rows = await (database.db as unknown as Kysely<{ schema_migrations: { name: string } }>)
        .selectFrom('schema_migrations')
        .select('name')
        .orderBy('name')
        .execute();
      assert.deepEqual(rows.map((r) => r.name), Object.keys(migrations).sort());
      assert.deepEqual(await migrate(database), [], 'a restart applies nothing');
    } finally {
      await database.close();
    }
  });
});

describe('migration sources', () => {
  it("no migration introspects the database (Kysely's introspector reads every schema of a PostgreSQL database)", async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const dir = path.resolve('src/db/migrations');
    const offenders = readdirSync(dir).filter((f) => f.endsWith('.ts') && /\.introspection\b/.test(readFileSync(path.join(dir, f), 'utf8')));
    assert.deepEqual(offenders, []);
  });
});
