/**
 * The portal's sign-in, API keys, webhooks, events, Team and roles browser tests and the accessibility scan of every
 * page on PostgreSQL (npm run test:e2e:pg):
 * the same built server as playwright.config.ts, on E2E_DATABASE_URL or DATABASE_URL
 * (postgres://postgres@127.0.0.1:5432/test by default) in a fresh schema that pg-server.ts creates
 * before the server starts and drops once it has stopped. Build first: `npm run build`.
 */
import { randomBytes } from 'node:crypto';
import { e2eConfig } from './base-config.js';

const databaseUrl = process.env.E2E_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
// Chosen once by the runner, like the port: a key for this run's sealed secrets.
const secretsKey = (process.env.E2E_SECRETS_KEY ||= randomBytes(32).toString('hex'));

export default e2eConfig({
  testMatch: ['portal.spec.ts', 'webhooks.spec.ts', 'key-roll.spec.ts', 'events.spec.ts', 'members.spec.ts', 'roles.spec.ts', 'a11y.spec.ts'],
  command: 'node --import tsx web/e2e/pg-server.ts',
  env: { DATABASE_URL: databaseUrl, SECRETS_KEY: secretsKey },
  // pg-server.ts drops the schema after the server stops: let both finish (the server's own grace is 1 s here).
  gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
});
