/**
 * DATA_DIR and what the service writes into it are readable by the owner only: the directory
 * 0700 when the service creates it; the embedded database, its -wal and -shm files and the
 * generated secrets.key 0600. Run with umask 0, so nothing depends on the process's umask.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildTestApp, DIALECT, type TestApp } from '../helpers/app.js';
import { signUp } from '../helpers/signup.js';

const mode = (file: string) => statSync(file).mode & 0o777;

describe('DATA_DIR permissions', () => {
  let base: string;
  let dataDir: string;
  let t: TestApp;
  let previousUmask: number;
  before(async () => {
    previousUmask = process.umask(0);
    base = mkdtempSync(path.join(os.tmpdir(), 'svc-datadir-'));
    dataDir = path.join(base, 'state', 'data');
    // On the embedded database SECRETS_KEY may be left unset: the service generates secrets.key.
    t = await buildTestApp({ env: { DATA_DIR: dataDir, ...(DIALECT === 'sqlite' ? { SECRETS_KEY: undefined } : {}) } });
  });
  after(async () => {
    await t.close();
    rmSync(base, { recursive: true, force: true });
    process.umask(previousUmask);
  });

  it('creates the directory 0700 and every file in it 0600 (SQLite); writes nothing there on PostgreSQL', async () => {
    // A write through HTTP, so the WAL and its index exist.
    const res = await signUp(t, { email: 'modes@example.com', password: 'modes-password-1', company_name: 'Modes Co', contact_name: 'Modes' });
    assert.equal(res.statusCode, 200, res.body);
    if (DIALECT === 'postgres') {
      // SECRETS_KEY is required there and the data lives in PostgreSQL: no directory, no file.
      assert.equal(existsSync(dataDir), false);
      return;
    }
    assert.equal(mode(dataDir).toString(8), '700', 'DATA_DIR');
    assert.equal(mode(path.dirname(dataDir)).toString(8), '700', 'a parent the service created too');
    for (const f of ['service.sqlite', 'service.sqlite-wal', 'service.sqlite-shm', 'secrets.key']) {
      assert.equal(mode(path.join(dataDir, f)).toString(8), '600', f);
    }
  });
});
