/**
 * Builds the real application on a fresh database for a test file: a new SQLite
 * file in a temporary folder, or (when DATABASE_URL is set) a new PostgreSQL
 * schema that is dropped again on close. Files therefore run in parallel and
 * leave nothing behind.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyBaseLogger, FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import type { Deps } from '../../src/context.js';
import { migrate } from '../../src/db/database.js';
import { createDeps, createLogger } from '../../src/deps.js';
import { createPartner, type NewPartnerInput } from '../../src/areas/partners/service.js';
import type { Clock } from '../../src/lib/time.js';
import { randomBase62, sha256Hex } from '../../src/lib/crypto.js';
import { newId } from '../../src/lib/ids.js';
import { createAdmin } from '../../src/bootstrap.js';

export const PLATFORM_SECRET = 'platform-ingest-secret-for-tests';
export const DATABASE_URL = process.env.DATABASE_URL || null;
export const DIALECT = DATABASE_URL ? 'postgres' : 'sqlite';

/** A clock tests can set and move. */
export class TestClock implements Clock {
  constructor(public ms: number = Date.now()) {}
  now(): number {
    return this.ms;
  }
  set(iso: string | number): void {
    this.ms = typeof iso === 'number' ? iso : Date.parse(iso);
  }
  advance(ms: number): void {
    this.ms += ms;
  }
}

export interface TestPartner {
  id: string;
  email: string;
  testKey: string;
  liveKey: string;
  ingestSecret: string;
}

export interface TestApp {
  app: FastifyInstance;
  deps: Deps;
  config: Config;
  /** A new partner (production-enabled unless `activated: false`) with both keys and its ingest secret. */
  partner(input?: Partial<NewPartnerInput>): Promise<TestPartner>;
  /** A session token for a partner or admin, written directly (the login routes are tested on their own). */
  session(subjectType: 'partner' | 'admin', subjectId: string): Promise<string>;
  /** A new admin and a session token for it. */
  admin(): Promise<{ id: string; email: string; token: string }>;
  inject(opts: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Environment-style overrides, as an operator would set them (e.g. { RATE_LIMIT_PER_SECOND: '5' }). */
  env?: Record<string, string | undefined>;
  clock?: Clock;
  /** Start the background workers (off by default; tests drive workers themselves). */
  workers?: boolean;
  /** The logger (default: the service's own, at TEST_LOG_LEVEL or silent). */
  log?: FastifyBaseLogger;
}

async function createSchema(url: string): Promise<string> {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`CREATE SCHEMA ${schema}`);
  } finally {
    await client.end();
  }
  return schema;
}

export async function dropSchema(schema: string, url: string = DATABASE_URL!): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  } finally {
    await client.end();
  }
}

/**
 * A configuration on a fresh database (no app built): a new temporary DATA_DIR, and
 * on PostgreSQL a new schema; cleanup() removes both. Benchmarks pass the database
 * URL they want (null: SQLite); tests take DATABASE_URL from the environment.
 */
export async function testConfig(
  env: Record<string, string | undefined> = {},
  databaseUrl: string | null = DATABASE_URL,
): Promise<{ config: Config; cleanup: () => Promise<void> }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'svc-test-'));
  const schema = databaseUrl ? await createSchema(databaseUrl) : undefined;
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? undefined,
    DATABASE_SCHEMA: schema,
    SECRETS_KEY: randomBytes(32).toString('hex'),
    INGEST_SECRET: PLATFORM_SECRET,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    WEBHOOK_ALLOW_PRIVATE: 'true',
    SEED_DEMO_PARTNER: 'false',
    RUN_WORKERS: 'false',
    PUBLIC_BASE_URL: 'http://localhost:8000',
    ...env,
  });
  return {
    config,
    cleanup: async () => {
      rmSync(dataDir, { recursive: true, force: true });
      if (schema) await dropSchema(schema, databaseUrl!);
    },
  };
}

/** The variables a child process (server, CLI) needs to open the same database as `config`. */
export function databaseEnv(config: Config): Record<string, string | undefined> {
  return {
    DATA_DIR: config.dataDir,
    DATABASE_URL: config.databaseUrl ?? undefined,
    DATABASE_SCHEMA: config.databaseSchema ?? undefined,
    SECRETS_KEY: config.secretsKey ?? undefined,
    SECRETS_KEY_PREVIOUS: config.secretsKeyPrevious ?? undefined,
    INGEST_SECRET: config.ingestSecret ?? undefined,
  };
}

export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const { config, cleanup } = await testConfig(options.env);
  const deps = createDeps(config, { clock: options.clock, log: options.log ?? createLogger(config), poolSize: 5 });
  await migrate(deps.database);
  // As the server does; tests drive the workers themselves unless they ask for them.
  await deps.start({ workers: options.workers ?? false });
  const app = await buildApp(deps);
  await app.ready();

  let closed = false;
  const t: TestApp = {
    app,
    deps,
    config,
    async partner(input = {}) {
      const n = randomBase62(8).toLowerCase();
      const p = await deps.database.tx((trx) =>
        createPartner(deps, trx, { email: `p_${n}@example.com`, company: `Partner ${n}`, activated: true, ...input }),
      );
      return { id: p.id, email: p.email, testKey: p.testKey!, liveKey: p.liveKey!, ingestSecret: p.ingestSecret };
    },
    async session(subjectType, subjectId) {
      const token = `sess_${randomBase62(40)}`;
      const now = deps.clock.now();
      await deps.database.db
        .insertInto('sessions')
        .values({
          id: newId('ses', now),
          token_hash: sha256Hex(token),
          subject_type: subjectType,
          subject_id: subjectId,
          created_at: now,
          expires_at: now + 12 * 3_600_000,
          method: 'test',
        })
        .execute();
      return token;
    },
    async admin() {
      const email = `admin_${randomBase62(6).toLowerCase()}@example.com`;
      const { id } = await createAdmin(deps, email, 'admin-password-1');
      return { id, email, token: await t.session('admin', id) };
    },
    inject: (opts) => app.inject(opts),
    async close() {
      if (closed) return;
      closed = true;
      try {
        await app.close();
      } finally {
        // Every service is closed even when a step fails (a failed flush is still reported), so
        // nothing leaves the pool (and the test process) open.
        try {
          await deps.close();
        } finally {
          await cleanup();
        }
      }
    },
  };
  return t;
}

/** Headers for an API-key call, optionally with the partner's ingest secret. */
export function keyHeaders(p: TestPartner, opts: { env?: 'test' | 'live'; secret?: boolean } = {}): Record<string, string> {
  const h: Record<string, string> = { 'x-api-key': opts.env === 'live' ? p.liveKey : p.testKey };
  if (opts.secret) h['x-service-ingest-secret'] = p.ingestSecret;
  return h;
}
