/**
 * What the two browser-test configurations share (playwright.config.ts on SQLite,
 * playwright.pg.config.ts on PostgreSQL): a free port and a temporary DATA_DIR chosen once by the
 * runner (its workers inherit them through the environment), the test server's settings, and the
 * system Chromium at 1280×800 in a zone that is not UTC.
 */
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';
import { ADMIN, PLATFORM_INGEST_SECRET } from './admin.js';
import { SSO_CLIENT_ID, SSO_CLIENT_SECRET } from '../../test/helpers/oidc-provider.js';

export const here = path.dirname(fileURLToPath(import.meta.url));
export const root = path.resolve(here, '..', '..');

/** A port nothing listens on now, on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

const port = (process.env.E2E_PORT ||= String(await freePort()));
const dataDir = (process.env.E2E_DATA_DIR ||= mkdtempSync(path.join(os.tmpdir(), 'svc-e2e-')));
// Where the server sends IndexNow submissions: a receiver the IndexNow test listens with.
const indexNowPort = (process.env.E2E_INDEXNOW_PORT ||= String(await freePort()));
// Where the admin console's OpenID provider listens: admin-sso.spec.ts starts it there (the server reads its
// discovery document only at the first single sign-on, so the other specs never need it).
const oidcPort = (process.env.E2E_OIDC_PORT ||= String(await freePort()));
export const oidcIssuer = `http://127.0.0.1:${oidcPort}`;
export const baseURL = `http://127.0.0.1:${port}`;

/** The test server's environment, whichever database it runs on. */
export const serverEnv: Record<string, string> = {
  PORT: port,
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  PUBLIC_BASE_URL: baseURL,
  LOG_LEVEL: 'warn',
  SEED_DEMO_PARTNER: 'false',
  // Each test signs in from an address of its own (X-Forwarded-For), so one test's failed
  // sign-ins and sign-ups never lock or limit another's.
  TRUST_PROXY: '127.0.0.1',
  USAGE_FLUSH_MS: '200',
  // The webhook tests' receiver is a local http server.
  WEBHOOK_ALLOW_PRIVATE: 'true',
  // A failing receiver opens its endpoint's circuit after 3 attempts (webhooks.spec.ts), and the
  // circuit stays open long enough for the test to read it.
  WEBHOOK_BREAKER_FAILURES: '3',
  WEBHOOK_BREAKER_OPEN_MS: '120000',
  // The run's end does not wait for idle connections.
  SHUTDOWN_GRACE_MS: '1000',
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  // Usage events can be posted (the accessibility scan puts some on the Usage page); the console's
  // Ingest secret page reveals it.
  INGEST_SECRET: PLATFORM_INGEST_SECRET,
  // IndexNow, sent to a local receiver (the console's IndexNow page).
  INDEXNOW_KEY: 'e2e-indexnow-key-0123456789',
  INDEXNOW_ENDPOINT: `http://127.0.0.1:${indexNowPort}/indexnow`,
  // Single sign-on of the console with the test provider (admin-sso.spec.ts); password sign-in stays on.
  ADMIN_OIDC_ISSUER: oidcIssuer,
  ADMIN_OIDC_CLIENT_ID: SSO_CLIENT_ID,
  ADMIN_OIDC_CLIENT_SECRET: SSO_CLIENT_SECRET,
  ADMIN_OIDC_ALLOWED_EMAILS: '*@sso.example',
};

/** A configuration over the built server started by `command` with `env` added to `serverEnv`. */
export function e2eConfig(opts: { testMatch: string | string[]; command: string; env?: Record<string, string>; gracefulShutdown?: { signal: 'SIGTERM' | 'SIGINT'; timeout: number } }): PlaywrightTestConfig {
  return defineConfig({
    testDir: here,
    testMatch: opts.testMatch,
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
      command: opts.command,
      cwd: root,
      url: `${baseURL}/readyz`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { ...serverEnv, ...opts.env },
      ...(opts.gracefulShutdown ? { gracefulShutdown: opts.gracefulShutdown } : {}),
    },
  });
}
