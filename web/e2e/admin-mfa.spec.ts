/**
 * An administrator held to enrolment (ADMIN_REQUIRE_MFA=true, the production default): the console opens on the
 * set-up page, keeps the recovery codes on screen after the code turns the factor on (the server lifts the hold at
 * that moment), and opens the console only once they are saved. The shared e2e server runs without the rule, so
 * this spec starts a server of its own with it, on a fresh SQLite directory.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Secret, TOTP } from 'otpauth';
import { ADMIN } from './admin.js';
import { root, serverEnv } from './base-config.js';
import { expect, snap, test } from './fixtures.js';

const codeAt = (secret: string, ms: number) => new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: ms });

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

let server: ChildProcess | undefined;
let base = '';
let dataDir = '';

test.beforeAll(async () => {
  test.setTimeout(60_000);
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'svc-e2e-admin-mfa-'));
  const env: Record<string, string> = { ...(process.env as Record<string, string>), ...serverEnv, PORT: String(port), DATA_DIR: dataDir, PUBLIC_BASE_URL: base, ADMIN_REQUIRE_MFA: 'true' };
  delete env.DATABASE_URL;
  server = spawn(process.execPath, ['dist/src/server.js'], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const until = Date.now() + 45_000;
  for (;;) {
    const up = await fetch(`${base}/api/v1/health`).then((r) => r.ok, () => false);
    if (up) break;
    if (Date.now() > until || server.exitCode !== null) throw new Error('the server with ADMIN_REQUIRE_MFA did not start');
    await new Promise((r) => setTimeout(r, 250));
  }
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server!.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('an administrator without a second factor enrols first, and the console opens once the recovery codes are saved', async ({ page, consoleErrors }) => {
  test.setTimeout(60_000);
  consoleErrors.allow(/status of 401 .*\/api\/auth\/admin\/me$/);
  await page.goto(`${base}/admin/`);
  await expect(page).toHaveURL(/\/admin\/sign-in$/);
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();

  // Held: the set-up page, no navigation; another operation answers 403 mfa_enrolment_required.
  await expect(page.getByText('Administrators need a second factor')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Admin console' })).toHaveCount(0);
  const held = await page.request.get(`${base}/api/admin/partners`);
  expect(held.status()).toBe(403);
  expect(((await held.json()) as { code: string }).code).toBe('mfa_enrolment_required');

  const card = page.getByRole('region', { name: 'Security' });
  await card.getByRole('button', { name: 'Set up an authenticator app' }).click();
  const secret = (await card.getByTestId('totp-secret').textContent())!.trim();
  await card.getByLabel('Code from the app').fill(codeAt(secret, Date.now()));
  await card.getByRole('button', { name: 'Turn on' }).click();

  // The server lifted the hold, yet the codes stay on screen until they are saved.
  await expect(card.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
  await expect.poll(async () => (await page.request.get(`${base}/api/admin/partners`)).status()).toBe(200);
  await page.waitForTimeout(500);
  await expect(card.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
  await expect(page.getByRole('heading', { name: 'Partners' })).toHaveCount(0);
  await snap(page, 'admin-mfa-recovery-codes');

  await card.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByRole('navigation', { name: 'Admin console' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Partners' })).toBeVisible();
});
