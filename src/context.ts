/**
 * What the application is built from: every service of the process, built once by
 * createDeps (src/deps.ts) for the server, the worker, the CLI and the tests alike,
 * started with start() and released with close(). Areas take what they need from it;
 * nothing keeps a second set of services in a module of its own.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Database, Executor } from './db/database.js';
import type { Environment } from './db/schema/index.js';
import type { SecretBox } from './lib/crypto.js';
import type { Clock } from './lib/time.js';
import type { BackgroundTasks } from './lib/background.js';
import type { Metrics } from './lib/metrics.js';
import type { PublicUrl } from './lib/public-url.js';
import type { AuthCache } from './http/auth-cache.js';
import type { CredentialBudget } from './http/credential-budget.js';
import type { SelfProbe } from './http/self-probe.js';
import type { ExportGate } from './http/csv.js';
import type { RateLimiter } from './areas/metering/rate-limit.js';
import type { WebhookRuntime } from './areas/webhooks/runtime.js';
import type { CalculationWriters } from './areas/calculations/writer.js';
import type { UsageEventWriter } from './areas/usage-events/events.js';
import type { RequestLogWriter } from './areas/request-log/writer.js';
import type { ProviderFactory } from './areas/sandbox/provider.js';
import type { AdminOidc } from './areas/accounts/oidc-client.js';

/** Counts partner-API calls and unique end-users (the usage area implements it). */
export interface UsageMeter {
  /** One authenticated partner-API call. Must not touch the database on the request path. */
  recordCall(partnerId: string, environment: Environment, at: number): void;
  /** An end-user seen by calculate, ingest or a sandbox call. */
  recordEndUser(partnerId: string, environment: Environment, endUserId: string, at: number): void;
  /** Writes what is aggregated in memory. */
  flush(): Promise<void>;
  /**
   * An erasure of this end-user: a count of it still waiting to be written is kept as the erased
   * placeholder instead; returns in how many months it waited (the erasure answer names it).
   */
  erasePending(partnerId: string, environment: Environment, endUserId: string): number;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What kind of mail (usage_alert, contact, …), for the outbox listing. */
  kind: string;
}

/** Sends mail over SMTP when configured; otherwise keeps it in the mail outbox table. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** How mail leaves the service now: `smtp`, or `outbox` (kept in the table). */
  readonly transport: 'smtp' | 'outbox';
  /** Closes the SMTP connections (deps.close()). */
  close(): void;
}

/**
 * Removes every stored trace of one end-user of one partner and environment,
 * inside the given transaction; returns how many rows it removed.
 */
export type EndUserEraser = (trx: Executor, partnerId: string, environment: Environment, endUserId: string) => Promise<number>;

export interface Deps {
  config: Config;
  /** The base of absolute links: PUBLIC_BASE_URL, or the address the server listens on. */
  publicUrl: PublicUrl;
  database: Database;
  clock: Clock;
  secrets: SecretBox;
  log: FastifyBaseLogger;
  auth: AuthCache;
  /** The failed-credential budget of each client address (in this process, and in Redis through the limiter when it is configured). */
  credentials: CredentialBudget;
  usage: UsageMeter;
  mailer: Mailer;
  /** Work started by a request and not waited for (the password-reset mail); close() waits for it. */
  background: BackgroundTasks;
  /** The eraser of every area that stores end-user data (GDPR erasure), registered by createDeps. */
  erasers: Map<string, EndUserEraser>;
  /** One export at a time per partner (src/http/csv.ts). */
  exports: ExportGate;
  /** Set once a stop has begun: the readiness probe answers 503 so load balancers stop sending. */
  lifecycle: { draining: boolean };
  /** Rate limits per API key and per client address (in memory, or Redis when REDIS_URL is set). */
  limiter: RateLimiter;
  /** Webhooks: the SSRF-safe delivery agent, the host resolver and the outbox signal. */
  webhooks: WebhookRuntime;
  /** The group-commit writers of calculation ingest. */
  calculationWriters: CalculationWriters;
  /** Usage-event recording: group commit and prepared statements on SQLite, key pruning. */
  usageEvents: UsageEventWriter;
  /** The searchable request log's batching writer (src/areas/request-log/writer.ts). */
  requestLog: RequestLogWriter;
  /** Real account-aggregation providers by name (AGGREGATOR_PROVIDER chooses one). */
  liveProviders: Map<string, ProviderFactory<Deps>>;
  /** The process's metrics (GET /metrics): one registry per container, counted where things happen. */
  metrics: Metrics;
  /** The status probe's way into this process's own partner API (its HTTP application, attached by buildApp, and its credential). */
  selfProbe: SelfProbe;
  /** The admin console's OpenID provider (single sign-on): its configuration, discovered on first use. */
  adminOidc: AdminOidc;
  /**
   * Starts what runs in the background: the auth cache's invalidation listener, the
   * usage meter's periodic flush, the rate limiter's Redis connection and, when asked,
   * the background workers. Call it once, after migrations.
   */
  start(options?: { workers?: boolean }): Promise<void>;
  /**
   * Stops the workers, writes the meter's counts, then closes the limiter, the webhook
   * agent, the auth cache and the database, in that order. Every step runs even when
   * one fails (the first error is thrown at the end). Idempotent.
   */
  close(): Promise<void>;
}
