/**
 * The portal's sign-in, API keys, webhooks, events, Team, roles and passkeys browser tests, the administrator held to
 * enrolment and the accessibility scan of every page on PostgreSQL (npm run test:e2e:pg):
 * the same built server as playwright.config.ts, on E2E_DATABASE_URL or DATABASE_URL
 * (postgres://postgres@127.0.0.1:5432/test by default) in a fresh schema that pg-server.ts creates
 * before the server starts and drops once it has stopped (the specs' own servers, own-server.ts, each in a schema of
 * their own the same way). Build first: `npm run build`.
 */
import { randomBytes } from 'node:crypto';
import { e2eConfig } from './base-config.js';

const databaseUrl = process.env.E2E_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
// Chosen once by the runner, like the port: a key for this run's sealed secrets.
const secretsKey = (process.env.E2E_SECRETS_KEY ||= randomBytes(32).toString('hex'));
// Tells own-server.ts, in the workers, to start the specs' own servers on PostgreSQL too.
process.env.E2E_PG_DATABASE_URL = databaseUrl;

export default e2eConfig({
  testMatch: ['portal.spec.ts', 'webhooks.spec.ts', 'key-roll.spec.ts', 'events.spec.ts', 'members.spec.ts', 'roles.spec.ts', 'a11y.spec.ts', 'admin-mfa.spec.ts', 'passkeys.spec.ts'],
  command: 'node --import tsx web/e2e/pg-server.ts',
  env: { DATABASE_URL: databaseUrl, SECRETS_KEY: secretsKey },
  // pg-server.ts drops the schema after the server stops: let both finish (the server's own grace is 1 s here).
  gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
});
