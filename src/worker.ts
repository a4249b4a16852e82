/**
 * The background workers alone (for deployments that scale them apart from the API). With
 * WORKER_METRICS_PORT it also serves GET /metrics (src/worker-app.ts); otherwise no HTTP at all.
 */
import closeWithGrace from 'close-with-grace';
import type { FastifyInstance } from 'fastify';
import { ConfigError, loadConfig } from './config.js';
import { migrate } from './db/database.js';
import { createDeps } from './deps.js';
import { checkDatabaseSettings } from './workers/maintenance.js';
import { buildWorkerMetricsApp } from './worker-app.js';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`configuration error: ${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  const deps = createDeps(config);
  await migrate(deps.database);
  await checkDatabaseSettings(deps);
  await deps.start({ workers: true });
  let metricsApp: FastifyInstance | null = null;
  let metrics: string | null = null;
  if (config.workerMetricsPort !== null) {
    metricsApp = await buildWorkerMetricsApp(deps);
    metrics = await metricsApp.listen({ port: config.workerMetricsPort, host: config.host });
  }
  deps.log.info({ metrics }, 'workers running');
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) deps.log.error({ err }, 'shutting down after an error');
    else deps.log.info({ signal }, 'shutting down');
    // The scrape endpoint goes first: the workers then finish their in-flight deliveries and the meter its last flush.
    if (metricsApp) await metricsApp.close();
    await deps.close();
    deps.log.info('stopped');
  });
}

main().catch((err) => {
  process.stderr.write(`failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
