/**
 * Browser tests of the web app (npm run test:e2e): the built server (dist/, web/dist/) on a free
 * port and a fresh SQLite DATA_DIR, driven by the system Chromium (no browser download).
 * Build first: `npm run build` (npm install does it).
 */
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { ADMIN } from './admin.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');

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

// Chosen once by the runner; its workers inherit them through the environment.
process.env.E2E_PORT ||= String(await freePort());
process.env.E2E_DATA_DIR ||= mkdtempSync(path.join(os.tmpdir(), 'svc-e2e-'));
// Where the server sends IndexNow submissions: a receiver the IndexNow test listens with.
process.env.E2E_INDEXNOW_PORT ||= String(await freePort());
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;

export default defineConfig({
  testDir: here,
  testMatch: '*.spec.ts',
  outputDir: path.join(here, 'results'),
  // One server on a 2-core machine: one browser at a time.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  globalTeardown: path.join(here, 'global-teardown.ts'),
  use: {
    baseURL,
    browserName: 'chromium',
    headless: true,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    },
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    // Not UTC: the pages show dates in the reader's zone (UTC in the title).
    timezoneId: 'America/New_York',
    screenshot: 'only-on-failure',
    trace: 'off',
  },
  webServer: {
    command: 'node dist/src/server.js',
    cwd: root,
    url: `${baseURL}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: process.env.E2E_PORT,
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      PUBLIC_BASE_URL: baseURL,
      LOG_LEVEL: 'warn',
      SEED_DEMO_PARTNER: 'false',
      // Each test signs in from an address of its own (X-Forwarded-For), so one test's failed
      // sign-ins and sign-ups never lock or limit another's.
      TRUST_PROXY: '127.0.0.1',
      USAGE_FLUSH_MS: '200',
      // The webhook tests' receiver is a local http server.
      WEBHOOK_ALLOW_PRIVATE: 'true',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      // The platform's ingest secret (the console's Ingest secret page) and IndexNow, sent to a local receiver.
      INGEST_SECRET: 'e2e-platform-ingest-secret-0123456789',
      INDEXNOW_KEY: 'e2e-indexnow-key-0123456789',
      INDEXNOW_ENDPOINT: `http://127.0.0.1:${process.env.E2E_INDEXNOW_PORT}/indexnow`,
    },
  },
});
