/** Builds the dependencies every entry point shares, from the configuration. */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Deps } from './context.js';
import { openDatabase, PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from './db/database.js';
import { AuthCache } from './http/auth-cache.js';
import { ExportGate } from './http/csv.js';
import { SecretBox } from './lib/crypto.js';
import { redactLine, redactLogObject } from './lib/log-redact.js';
import { createMailer } from './lib/mailer.js';
import { systemClock, type Clock } from './lib/time.js';
import { createUsageMeter } from './areas/usage/meter.js';

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
 * unset: one is generated once into DATA_DIR (with a warning) and reused.
 */
export function resolveSecretsKey(config: Config, log: FastifyBaseLogger): string {
  if (config.secretsKey) return config.secretsKey;
  const file = path.join(config.dataDir, 'secrets.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(config.dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const key = randomBytes(32).toString('hex');
  writeFileSync(file, key + '\n', { mode: PRIVATE_FILE_MODE });
  log.warn({ file }, 'SECRETS_KEY is not set: generated one into DATA_DIR; set SECRETS_KEY in production');
  return key;
}

export interface DepsOptions {
  clock?: Clock;
  log?: FastifyBaseLogger;
  poolSize?: number;
}

export function createDeps(config: Config, options: DepsOptions = {}): Deps {
  const log = options.log ?? createLogger(config);
  const database = openDatabase(config, options.poolSize, log);
  const base = {
    config,
    database,
    clock: options.clock ?? systemClock,
    secrets: new SecretBox(resolveSecretsKey(config, log)),
    log,
    auth: new AuthCache(database, { log }),
    mailer: createMailer(config, database),
    erasers: new Map(),
    lifecycle: { draining: false },
    exports: new ExportGate(),
  };
  return Object.assign(base, { usage: createUsageMeter(base) }) as Deps;
}
