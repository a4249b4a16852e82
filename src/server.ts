/** The HTTP server: config → services → migrations → start (+ workers) → app → listen → graceful close. */
import closeWithGrace from 'close-with-grace';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { ConfigError, loadConfig, type Config } from './config.js';
import { buildApp } from './app.js';
import { migrate } from './db/database.js';
import { createDeps } from './deps.js';
import { adminSignInHint, ensureConfiguredAdmin, seedDemoPartnerIfEmpty } from './bootstrap.js';
import { checkDatabaseSettings } from './workers/maintenance.js';
import { listenBase } from './lib/public-url.js';

function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`configuration error: ${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
}

/**
 * Stops accepting and lets in-flight requests finish. Connections that were busy when
 * the close began are closed as soon as they go idle, rather than waiting out the
 * keep-alive timeout; whatever is still open after `graceMs` (a stalled upload, a slow
 * reader) is closed then, so the stop always reaches its orderly steps.
 */
async function closeHttp(app: FastifyInstance, graceMs: number, log: FastifyBaseLogger): Promise<void> {
  const sweeper = setInterval(() => app.server.closeIdleConnections(), 50);
  const deadline = setTimeout(() => {
    log.warn({ grace_ms: graceMs }, 'grace period over: closing the connections still open');
    app.server.closeAllConnections();
  }, graceMs);
  try {
    await app.close();
  } finally {
    clearInterval(sweeper);
    clearTimeout(deadline);
  }
}

async function main(): Promise<void> {
  const config = configOrExit();
  const deps = createDeps(config);
  const applied = await migrate(deps.database);
  if (applied.length) deps.log.info({ applied }, 'migrations applied');
  await checkDatabaseSettings(deps);
  await ensureConfiguredAdmin(deps);
  const demo = await seedDemoPartnerIfEmpty(deps);

  await deps.start({ workers: config.runWorkers });
  if (config.production && !config.adminRequireMfa) {
    deps.log.warn('ADMIN_REQUIRE_MFA is off in production: administrators can use the console without a second factor');
  }
  const app = await buildApp(deps);

  // The orderly steps below always run: at the end of the grace period the connections still
  // open are closed instead of the process being killed. close-with-grace's own delay only
  // guards against a step that hangs (a database that never answers the final flush).
  closeWithGrace({ delay: config.drainDelayMs + config.shutdownGraceMs + 20_000 }, async ({ signal, err }) => {
    if (err) deps.log.error({ err }, 'shutting down after an error');
    else deps.log.info({ signal }, 'shutting down');
    deps.lifecycle.draining = true;
    if (config.drainDelayMs > 0 && !err) await new Promise((r) => setTimeout(r, config.drainDelayMs));
    await closeHttp(app, config.shutdownGraceMs, deps.log);
    // Workers, the meter's last flush, the limiter, the webhook agent, the auth cache, the database.
    await deps.close();
    deps.log.info('stopped');
  });

  const address = await app.listen({ port: config.port, host: config.host });
  // Without PUBLIC_BASE_URL, links in mail and feeds name this address (its real port, also for PORT=0).
  deps.publicUrl.listening(address);
  deps.log.info({ address, public_base_url: deps.publicUrl.base, database: deps.database.dialect, location: deps.database.location }, 'listening');

  const url = new URL(address);
  const base = listenBase(url.hostname.replace(/^\[|\]$/g, ''), Number(url.port));
  const consoleLine = `Admin console:  ${base}/admin/ (${await adminSignInHint(deps)})`;
  if (demo) {
    process.stdout.write(
      [
        '',
        'First start: created a demo partner.',
        `  partner id     ${demo.id}`,
        `  test key       ${demo.testKey}`,
        `  ingest secret  ${demo.ingestSecret}`,
        '',
        'Try it:',
        `  curl -s ${base}/api/v1/calculate/safe-to-spend -H 'X-API-Key: ${demo.testKey}' -H 'Content-Type: application/json' \\`,
        `    -d '{"end_user_id":"user_1","cash_balance":2500,"upcoming_bills":[{"amount":1200,"due_in_days":5}],"cash_buffer":300}'`,
        '',
        `Partner portal: ${base}/portal/ (sign in with an API key: the test key above)`,
        consoleLine,
        `API docs:       ${base}/api/docs`,
        `More keys:      npm run svc -- partner create --email you@example.com --company "Your Co"`,
        '',
      ].join('\n'),
    );
  } else {
    process.stdout.write([`Partner portal: ${base}/portal/`, consoleLine, `API docs:       ${base}/api/docs`, ''].join('\n'));
  }
}

main().catch((err) => {
  process.stderr.write(`failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
