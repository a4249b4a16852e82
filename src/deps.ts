/**
 * Builds every service of the process (the Deps container, src/context.ts) from the
 * configuration: the server, the worker, the CLI and the tests all call createDeps,
 * then start() once the database is migrated, and close() when they stop.
 */
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Deps } from './context.js';
import { openDatabase, PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from './db/database.js';
import { AuthCache } from './http/auth-cache.js';
import { CredentialBudget } from './http/credential-budget.js';
import { ExportGate } from './http/csv.js';
import { SelfProbe } from './http/self-probe.js';
import { BackgroundTasks } from './lib/background.js';
import { PublicUrl } from './lib/public-url.js';
import { Metrics } from './lib/metrics.js';
import { SecretBox } from './lib/crypto.js';
import { redactLine, redactLogObject } from './lib/log-redact.js';
import { createMailer } from './areas/mail/mailer.js';
import { systemClock, type Clock } from './lib/time.js';
import { createUsageMeter, isManaged } from './areas/metering/meter.js';
import { RequestLogWriter } from './areas/request-log/writer.js';
import { RateLimiter } from './areas/metering/rate-limit.js';
import { registerUsageEraser } from './areas/metering/service.js';
import { WebhookRuntime } from './areas/webhooks/runtime.js';
import { registerWebhookErasers } from './areas/webhooks/service.js';
import { CalculationWriters } from './areas/calculations/writer.js';
import { registerCalculationErasers } from './areas/calculations/service.js';
import { UsageEventWriter } from './areas/usage-events/events.js';
import { registerIngestErasers } from './areas/usage-events/service.js';
import type { ProviderFactory } from './areas/sandbox/provider.js';
import { registerSandboxEraser } from './areas/sandbox/service.js';
import { startWorkers, stopWorkers, type WorkerHandle } from './workers/index.js';
import { metricSources } from './areas/operations/metrics.js';
import { loadServiceKeys } from './areas/operations/service-keys.js';
import { AdminOidc } from './areas/accounts/oidc-client.js';

/**
 * The logger options of every entry point: pino at `level`, with credentials hidden
 * by redactLogObject (src/lib/log-redact.ts) in every line and every child's bindings.
 */
export function loggerOptions(level: string): pino.LoggerOptions {
  return { level, formatters: { log: redactLogObject, bindings: redactLogObject }, hooks: { streamWrite: redactLine } };
}

export function createLogger(config: Pick<Config, 'logLevel'>): FastifyBaseLogger {
  return pino(loggerOptions(config.logLevel)) as unknown as FastifyBaseLogger;
}

/**
 * The key that seals secrets at rest. On the embedded database it may be left
 * unset: one is generated once into DATA_DIR (with a warning) and reused. Two
 * processes starting together on a new DATA_DIR get the same key: the file appears
 * whole (written aside, then hard-linked into place, which fails if it exists), and
 * the process that loses the race reads the winner's.
 */
export function resolveSecretsKey(config: Config, log: FastifyBaseLogger): string {
  if (config.secretsKey) return config.secretsKey;
  const file = path.join(config.dataDir, 'secrets.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(config.dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const key = randomBytes(32).toString('hex');
  const aside = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(aside, key + '\n', { mode: PRIVATE_FILE_MODE });
  try {
    linkSync(aside, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return readFileSync(file, 'utf8').trim();
  } finally {
    unlinkSync(aside);
  }
  log.warn({ file }, 'SECRETS_KEY is not set: generated one into DATA_DIR; set SECRETS_KEY in production');
  return key;
}

export interface DepsOptions {
  clock?: Clock;
  log?: FastifyBaseLogger;
  poolSize?: number;
  /** Real account-aggregation providers by name (AGGREGATOR_PROVIDER chooses one for live keys). */
  liveProviders?: Record<string, ProviderFactory<Deps>>;
}

export function createDeps(config: Config, options: DepsOptions = {}): Deps {
  const log = options.log ?? createLogger(config);
  const database = openDatabase(config, options.poolSize, log);
  const clock = options.clock ?? systemClock;
  const secrets = new SecretBox(resolveSecretsKey(config, log), config.secretsKeyPrevious);
  const webhooks = new WebhookRuntime(config);
  const metrics = new Metrics();
  let workers: WorkerHandle[] = [];
  let closing: Promise<void> | null = null;

  const limiter = new RateLimiter({ config, clock, log });
  const deps: Deps = {
    config,
    publicUrl: new PublicUrl(config.publicBaseUrl, config.host, config.port),
    database,
    clock,
    secrets,
    log,
    auth: new AuthCache(database, { log }),
    credentials: new CredentialBudget({ limit: config.credentialFailureLimit, windowMs: config.credentialFailureWindowMs, shared: limiter }),
    usage: createUsageMeter({ database, clock, config, log, secrets, metrics }),
    mailer: createMailer(config, database),
    background: new BackgroundTasks(log),
    erasers: new Map(),
    lifecycle: { draining: false },
    exports: new ExportGate(),
    limiter,
    webhooks,
    calculationWriters: new CalculationWriters(database, webhooks.outbox, metrics),
    usageEvents: new UsageEventWriter(database, clock, metrics),
    requestLog: new RequestLogWriter(database, metrics, log, { enabled: config.requestLog }),
    liveProviders: new Map(Object.entries(options.liveProviders ?? {})),
    metrics,
    selfProbe: new SelfProbe(),
    adminOidc: new AdminOidc(config.adminOidc),

    async start(opts = {}) {
      // First: it also stops a process whose SECRETS_KEY does not open the database's sealed values.
      await loadServiceKeys(deps);
      await deps.auth.start();
      deps.limiter.start();
      if (isManaged(deps.usage)) deps.usage.start();
      if (opts.workers && workers.length === 0) workers = startWorkers(deps);
    },

    close() {
      closing ??= (async () => {
        let failed: unknown = null;
        const step = async (fn: () => Promise<void> | void) => {
          try {
            await fn();
          } catch (err) {
            failed ??= err;
          }
        };
        // Tasks still running need the mailer and the database: they end first.
        await step(() => deps.background.idle());
        await step(() => stopWorkers(workers.splice(0)));
        await step(() => {
          if (isManaged(deps.usage)) deps.usage.stop();
        });
        // What the meter holds is written before the database goes.
        await step(() => deps.usage.flush());
        await step(() => deps.requestLog.stop());
        await step(() => deps.limiter.close());
        await step(() => deps.webhooks.close());
        await step(() => deps.mailer.close());
        await step(() => deps.auth.stop());
        await step(() => deps.database.close());
        if (failed) throw failed;
      })();
      return closing;
    },
  };

  metrics.attach(metricSources(deps));

  // Every area that stores end-user data erases it here, whatever the process (server, worker, CLI).
  // The order is the order of the erasure answer's `erased` object. The sandbox goes before the webhook
  // events: its delete waits for a settlement committing the end-user's transfer event (row locks), which
  // the events' delete then sees and removes.
  registerCalculationErasers(deps);
  registerSandboxEraser(deps);
  registerWebhookErasers(deps);
  registerUsageEraser(deps);
  registerIngestErasers(deps);
  return deps;
}
