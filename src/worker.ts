/** The background workers alone (for deployments that scale them apart from the API). */
import closeWithGrace from 'close-with-grace';
import { ConfigError, loadConfig } from './config.js';
import { migrate } from './db/database.js';
import { createDeps } from './deps.js';
import { checkDatabaseSettings } from './workers/maintenance.js';

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
  deps.log.info('workers running');
  closeWithGrace({ delay: 10_000 }, async () => {
    await deps.close();
  });
}

main().catch((err) => {
  process.stderr.write(`failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
