/**
 * What the application is built from. Created once by the entry points (server,
 * worker, CLI, tests) and passed down; areas take what they need from it.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Database, Executor } from './db/database.js';
import type { Environment } from './db/schema/index.js';
import type { SecretBox } from './lib/crypto.js';
import type { Clock } from './lib/time.js';
import type { AuthCache } from './http/auth-cache.js';
import type { ExportGate } from './http/csv.js';

/** Counts partner-API calls and unique end-users (the usage area implements it). */
export interface UsageMeter {
  /** One authenticated partner-API call. Must not touch the database on the request path. */
  recordCall(partnerId: string, environment: Environment, at: number): void;
  /** An end-user seen by calculate, ingest or a sandbox call. */
  recordEndUser(partnerId: string, environment: Environment, endUserId: string, at: number): void;
  /** Writes what is aggregated in memory. */
  flush(): Promise<void>;
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
}

/**
 * Removes every stored trace of one end-user of one partner and environment,
 * inside the given transaction; returns how many rows it removed.
 */
export type EndUserEraser = (trx: Executor, partnerId: string, environment: Environment, endUserId: string) => Promise<number>;

export interface Deps {
  config: Config;
  database: Database;
  clock: Clock;
  secrets: SecretBox;
  log: FastifyBaseLogger;
  auth: AuthCache;
  usage: UsageMeter;
  mailer: Mailer;
  /** Named erasers every area that stores end-user data registers (GDPR erasure). */
  erasers: Map<string, EndUserEraser>;
  /** One export at a time per partner (src/http/csv.ts). */
  exports: ExportGate;
  /** Set once a stop has begun: the readiness probe answers 503 so load balancers stop sending. */
  lifecycle: { draining: boolean };
}
