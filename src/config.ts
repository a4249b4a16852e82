/**
 * One configuration object, read once at start from the environment, validated,
 * frozen and passed down. Nothing else in the service reads process.env.
 */
import { isIP } from 'node:net';
import { passwordViolation } from './domain/password-policy.js';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** postgres://… when set; the embedded SQLite file under dataDir when null. */
  databaseUrl: string | null;
  /** PostgreSQL schema to use (search_path); tests give each file its own. */
  databaseSchema: string | null;
  /** Platform-wide ingest secret (/api/ingest/*, /api/v1/admin/*); null → 503 there. */
  ingestSecret: string | null;
  /** 32-byte key (64 hex chars) for encrypting keys and secrets at rest. */
  secretsKey: string | null;
  /**
   * The key SECRETS_KEY replaces while a key rotation runs (64 hex chars): values it sealed still open;
   * new values are sealed under SECRETS_KEY only. Null outside a rotation.
   */
  secretsKeyPrevious: string | null;
  logLevel: string;
  adminEmail: string | null;
  adminPassword: string | null;
  operatorEmail: string | null;
  redisUrl: string | null;
  /**
   * Prefix of every key the service writes in Redis, so that several deployments (or parallel
   * test runs) can share one Redis without sharing counters.
   */
  redisKeyPrefix: string;
  rateLimitPerSecond: number;
  /** Rate-limit weight of costly requests (weighing more than 1: src/routes/partner-api/weights.ts) one key may have in progress at once in one process. */
  keyCostlyInFlight: number;
  ratePerUserUsd: number;
  smtpUrl: string | null;
  mailFrom: string;
  webhookRetryScheduleMs: number[];
  webhookTimeoutMs: number;
  webhookAllowPrivate: boolean;
  /** Deliveries one process keeps in flight at once (its delivery slots). */
  webhookSlots: number;
  /** Slots one endpoint (a partner's webhook in one environment) may hold at once in a process. */
  webhookSlotsPerEndpoint: number;
  /** Share of the slots sandbox (test-environment) deliveries may hold, so live deliveries always find free ones. */
  webhookSandboxShare: number;
  /**
   * An endpoint whose attempts take this long or longer (recent mean, or one still in flight) is slow (ms):
   * it holds fewer slots (its slot time is budgeted: WEBHOOK_SLOTS_PER_ENDPOINT × this) and never the reserve.
   */
  webhookSlowMs: number;
  /** Share of each pool of slots (all; the sandbox share) slow endpoints never take, and whose half new ones never take. */
  webhookFastReserve: number;
  /** Failed attempts in a row (timeouts, connection errors, 5xx, 429) that open an endpoint's circuit. */
  webhookBreakerFailures: number;
  /** How long a circuit stays open the first time (ms); doubles with each opening in a row. */
  webhookBreakerOpenMs: number;
  /** The longest a circuit stays open before its probe (ms). */
  webhookBreakerMaxOpenMs: number;
  /** How long delivered, exhausted and skipped outbox events and their delivery records are kept (days; fractions allowed). */
  webhookRetentionDays: number;
  /** Webhook event streams (GET /api/v1/webhooks/stream) one key may hold at once in a process. */
  webhookStreamsPerKey: number;
  /** How often an event stream sends a heartbeat comment, ms. */
  webhookStreamHeartbeatMs: number;
  /** How often an event stream looks for new events and checks its key, ms. */
  webhookStreamPollMs: number;
  /** Whether partner-API requests are written to the searchable request log (REQUEST_LOG=on|off). */
  requestLog: boolean;
  /** How long request-log rows are kept (days). */
  requestLogRetentionDays: number;
  /** Milliseconds between two passes of the retention worker (pruning, SQLite checkpoints). */
  maintenanceIntervalMs: number;
  indexNowEndpoint: string;
  indexNowKey: string | null;
  /**
   * PUBLIC_BASE_URL without a trailing slash, or null: absolute links then follow the address the
   * server listens on (read them from deps.publicUrl, never from here).
   */
  publicBaseUrl: string | null;
  /** Name of the account-aggregation provider for live keys; null = none configured. */
  aggregatorProvider: string | null;
  /** Run the background workers inside the server process. */
  runWorkers: boolean;
  usageFlushMs: number;
  sessionTtlHours: number;
  bodyLimitBytes: number;
  /** Create and print a demo partner on the first start of an empty database. */
  seedDemoPartner: boolean;
  /** How long a graceful stop waits for in-flight requests before it closes their connections. */
  shutdownGraceMs: number;
  /** How long a stop keeps serving (readiness 503) before it stops accepting, so load balancers notice first. */
  drainDelayMs: number;
  /** A request (headers and body) must arrive whole within this; 408 otherwise. */
  requestTimeoutMs: number;
  /** The headers of a request must arrive within this. */
  headersTimeoutMs: number;
  /** A socket with no traffic for this long is closed (a stalled reader, an idle keep-alive). */
  connectionIdleTimeoutMs: number;
  /** Open connections the process accepts at most; Node drops the ones beyond. */
  maxConnections: number;
  /** Open connections one client address may hold at most (behind a proxy every client is the proxy). */
  maxConnectionsPerAddress: number;
  /**
   * Proxies whose X-Forwarded-For / -Proto / -Host are believed (addresses or
   * CIDRs, as Fastify's trustProxy takes them); empty = the peer is the client.
   */
  trustProxy: string[];
  /** Wrong API keys, ingest secrets and platform secrets one client address may send per window before it is refused (429). */
  credentialFailureLimit: number;
  /** The window of that budget, opened by an address's first failure; the refusal lasts until it ends. */
  credentialFailureWindowMs: number;
  /** The built web app (portal, later the admin console); null: web/dist of the package. */
  webDistDir: string | null;
  /**
   * The bearer token GET /metrics asks of a request that does not come from this machine's loopback;
   * null: /metrics answers only on loopback (404 elsewhere).
   */
  metricsToken: string | null;
  /**
   * The standalone worker process (src/worker.ts) serves GET /metrics on this port (on `host`);
   * null: it serves no HTTP. The server ignores it.
   */
  workerMetricsPort: number | null;
  /** NODE_ENV is `production`. */
  production: boolean;
  /** Administrators must have a second factor: until one is confirmed, a session opens only the enrolment (ADMIN_REQUIRE_MFA; default: on in production). */
  adminRequireMfa: boolean;
  /** Single sign-on of the admin console (OpenID Connect, ADMIN_OIDC_*); null: not configured. */
  adminOidc: AdminOidcConfig | null;
  /** ADMIN_PASSWORD_LOGIN: false refuses administrators' password sign-in (403 password_login_disabled); SSO must be configured then. */
  adminPasswordLogin: boolean;
}

/** The OpenID provider administrators sign in with (authorization code + PKCE). */
export interface AdminOidcConfig {
  /** The issuer URL (https, or http on loopback): discovery reads `<issuer>/.well-known/openid-configuration`. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Lower-case addresses (`ops@bank.example`) and domains (`*@bank.example`, kept as `@bank.example`); empty: any address the group admits. */
  allowedEmails: string[];
  /** The group an administrator must be in (in the `groupsClaim` claim); null: the allow-list alone decides. */
  requiredGroup: string | null;
  groupsClaim: string;
  /** The scopes asked for (space-separated; `openid` always among them). */
  scopes: string;
}

export class ConfigError extends Error {
  constructor(
    public readonly variable: string,
    message: string,
  ) {
    super(`${variable}: ${message}`);
    this.name = 'ConfigError';
  }
}

/** Standard Webhooks schedule: immediately, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h. */
export const DEFAULT_WEBHOOK_SCHEDULE_MS = [
  0,
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  14 * 3_600_000,
  20 * 3_600_000,
  24 * 3_600_000,
];

type Env = Record<string, string | undefined>;

function str(env: Env, name: string): string | null {
  const v = env[name];
  if (v === undefined) return null;
  const t = v.trim();
  return t === '' ? null : t;
}

function int(env: Env, name: string, dflt: number, min: number, max: number): number {
  const v = str(env, name);
  if (v === null) return dflt;
  if (!/^-?\d+$/.test(v)) throw new ConfigError(name, `must be an integer, got "${v}"`);
  const n = Number(v);
  if (n < min || n > max) throw new ConfigError(name, `must be between ${min} and ${max}, got ${n}`);
  return n;
}

function num(env: Env, name: string, dflt: number, min: number): number {
  const v = str(env, name);
  if (v === null) return dflt;
  const n = Number(v);
  if (!Number.isFinite(n) || n < min) throw new ConfigError(name, `must be a number ≥ ${min}, got "${v}"`);
  return n;
}

function positive(env: Env, name: string, dflt: number): number {
  const v = str(env, name);
  if (v === null) return dflt;
  const n = Number(v);
  if (!Number.isFinite(n) || n <= 0) throw new ConfigError(name, `must be a number > 0, got "${v}"`);
  return n;
}

function bool(env: Env, name: string, dflt: boolean): boolean {
  const v = str(env, name);
  if (v === null) return dflt;
  const l = v.toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(l)) return true;
  if (['0', 'false', 'no', 'off'].includes(l)) return false;
  throw new ConfigError(name, `must be true or false, got "${v}"`);
}

function url(env: Env, name: string, protocols: string[]): string | null {
  const v = str(env, name);
  if (v === null) return null;
  let u: URL;
  try {
    u = new URL(v);
  } catch {
    throw new ConfigError(name, 'is not a valid URL');
  }
  if (!protocols.includes(u.protocol)) {
    throw new ConfigError(name, `must use ${protocols.map((p) => p.replace(':', '://')).join(' or ')}`);
  }
  return v;
}

function email(env: Env, name: string): string | null {
  const v = str(env, name);
  if (v === null) return null;
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(v)) throw new ConfigError(name, `is not an email address: "${v}"`);
  return v;
}

/** A password the service will set (ADMIN_PASSWORD): the same policy as every password (src/domain/password-policy.ts). */
function password(env: Env, name: string, accountEmail: string | null): string | null {
  const v = str(env, name);
  if (v === null) return null;
  const broken = passwordViolation(v, { email: accountEmail });
  if (broken) throw new ConfigError(name, `is refused by the password policy: ${broken.msg}`);
  return v;
}

/** Names proxy-addr (Fastify's trustProxy) understands besides addresses and CIDRs. */
const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function proxyList(env: Env, name: string): string[] {
  const v = str(env, name);
  if (v === null) return [];
  const parts = v.split(',').map((p) => p.trim());
  for (const p of parts) {
    if (PROXY_NAMES.includes(p)) continue;
    if (!isAddressOrCidr(p)) {
      throw new ConfigError(name, `must be a comma list of IP addresses or CIDRs (or ${PROXY_NAMES.join(', ')}), got "${p}"`);
    }
  }
  return parts;
}

/** A plain dotted-quad or IPv6 address, optionally with a /prefix in its family's range. */
function isAddressOrCidr(value: string): boolean {
  const [address, prefix, ...rest] = value.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** ADMIN_OIDC_*: all or nothing; at least one of the allow-list and the group. */
function adminOidc(env: Env): AdminOidcConfig | null {
  const issuer = str(env, 'ADMIN_OIDC_ISSUER');
  const clientId = str(env, 'ADMIN_OIDC_CLIENT_ID');
  const clientSecret = str(env, 'ADMIN_OIDC_CLIENT_SECRET');
  const emails = str(env, 'ADMIN_OIDC_ALLOWED_EMAILS');
  const group = str(env, 'ADMIN_OIDC_REQUIRED_GROUP');
  if (issuer === null && clientId === null && clientSecret === null && emails === null && group === null) return null;
  if (issuer === null) throw new ConfigError('ADMIN_OIDC_ISSUER', 'is required when any ADMIN_OIDC_* variable is set');
  let u: URL;
  try {
    u = new URL(issuer);
  } catch {
    throw new ConfigError('ADMIN_OIDC_ISSUER', 'is not a valid URL');
  }
  if (!(u.protocol === 'https:' || (u.protocol === 'http:' && LOOPBACK_HOSTS.has(u.hostname)))) {
    throw new ConfigError('ADMIN_OIDC_ISSUER', 'must use https:// (http:// only on loopback, for local tests)');
  }
  if (u.search !== '' || u.hash !== '') throw new ConfigError('ADMIN_OIDC_ISSUER', 'must have no query or fragment');
  if (clientId === null) throw new ConfigError('ADMIN_OIDC_CLIENT_ID', 'is required with ADMIN_OIDC_ISSUER');
  if (clientSecret === null) throw new ConfigError('ADMIN_OIDC_CLIENT_SECRET', 'is required with ADMIN_OIDC_ISSUER');
  const allowedEmails = (emails ?? '')
    .split(',')
    .map((e) => e.trim().toLowerCase())
    .filter((e) => e !== '')
    .map((e) => {
      const domain = /^\*@([^@\s*]+\.[^@\s*]+)$/.exec(e);
      if (domain) return `@${domain[1]}`;
      if (!/^[^@\s*]+@[^@\s*]+\.[^@\s*]+$/.test(e)) {
        throw new ConfigError('ADMIN_OIDC_ALLOWED_EMAILS', `must be a comma list of addresses or *@domain forms, got "${e}"`);
      }
      return e;
    });
  if (allowedEmails.length === 0 && group === null) {
    throw new ConfigError('ADMIN_OIDC_ALLOWED_EMAILS', 'or ADMIN_OIDC_REQUIRED_GROUP is required: without either, anyone the provider knows would become an administrator');
  }
  const groupsClaim = str(env, 'ADMIN_OIDC_GROUPS_CLAIM') ?? 'groups';
  const scopes = (str(env, 'ADMIN_OIDC_SCOPES') ?? 'openid email profile').split(/\s+/);
  if (!scopes.includes('openid')) scopes.unshift('openid');
  return { issuer, clientId, clientSecret, allowedEmails, requiredGroup: group, groupsClaim, scopes: scopes.join(' ') };
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export function loadConfig(env: Env = process.env): Config {
  const logLevel = (str(env, 'LOG_LEVEL') ?? 'info').toLowerCase();
  if (!LOG_LEVELS.includes(logLevel)) throw new ConfigError('LOG_LEVEL', `must be one of ${LOG_LEVELS.join(', ')}`);

  const secretsKey = str(env, 'SECRETS_KEY');
  if (secretsKey !== null && !/^[0-9a-fA-F]{64}$/.test(secretsKey)) {
    throw new ConfigError('SECRETS_KEY', 'must be 64 hexadecimal characters (32 bytes)');
  }
  const secretsKeyPrevious = str(env, 'SECRETS_KEY_PREVIOUS');
  if (secretsKeyPrevious !== null) {
    if (!/^[0-9a-fA-F]{64}$/.test(secretsKeyPrevious)) {
      throw new ConfigError('SECRETS_KEY_PREVIOUS', 'must be 64 hexadecimal characters (32 bytes)');
    }
    // The previous key only makes sense beside the new one it hands over to (a generated key cannot be rotated to).
    if (secretsKey === null) throw new ConfigError('SECRETS_KEY_PREVIOUS', 'is set but SECRETS_KEY is not: set SECRETS_KEY to the new key');
    if (secretsKeyPrevious.toLowerCase() === secretsKey.toLowerCase()) {
      throw new ConfigError('SECRETS_KEY_PREVIOUS', 'is the same key as SECRETS_KEY: it must be the key SECRETS_KEY replaces');
    }
  }
  const databaseUrl = url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']);
  if (databaseUrl !== null && secretsKey === null) {
    throw new ConfigError('SECRETS_KEY', 'is required when DATABASE_URL is set (generate one: openssl rand -hex 32)');
  }
  const schema = str(env, 'DATABASE_SCHEMA');
  if (schema !== null && !/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) {
    throw new ConfigError('DATABASE_SCHEMA', 'must be a lower-case SQL identifier');
  }

  const ingestSecret = str(env, 'INGEST_SECRET');
  if (ingestSecret !== null && ingestSecret.length < 16) {
    throw new ConfigError('INGEST_SECRET', 'must be at least 16 characters');
  }

  let schedule = DEFAULT_WEBHOOK_SCHEDULE_MS;
  const rawSchedule = str(env, 'WEBHOOK_RETRY_SCHEDULE_MS');
  if (rawSchedule !== null) {
    const parts = rawSchedule.split(',').map((p) => p.trim());
    if (parts.length === 0 || parts.some((p) => !/^\d+$/.test(p))) {
      throw new ConfigError('WEBHOOK_RETRY_SCHEDULE_MS', 'must be a comma list of non-negative integers (milliseconds)');
    }
    schedule = parts.map(Number);
  }

  const metricsToken = str(env, 'METRICS_TOKEN');
  if (metricsToken !== null && (metricsToken.length < 16 || !/^[\x21-\x7e]+$/.test(metricsToken))) {
    throw new ConfigError('METRICS_TOKEN', 'must be at least 16 printable characters without spaces (generate one: openssl rand -hex 32)');
  }

  const redisKeyPrefix = str(env, 'REDIS_KEY_PREFIX') ?? 'svc:';
  if (!/^[\x21-\x7e]{1,64}$/.test(redisKeyPrefix)) {
    throw new ConfigError('REDIS_KEY_PREFIX', 'must be 1 to 64 printable characters without spaces');
  }
  const workerMetricsPort = str(env, 'WORKER_METRICS_PORT') === null ? null : int(env, 'WORKER_METRICS_PORT', 0, 0, 65535);

  const ratePerUser = num(env, 'RATE_PER_USER_USD', 0.05, 0);
  const adminEmail = email(env, 'ADMIN_EMAIL');

  const oidc = adminOidc(env);
  const adminPasswordLogin = bool(env, 'ADMIN_PASSWORD_LOGIN', true);
  if (!adminPasswordLogin && oidc === null) {
    throw new ConfigError('ADMIN_PASSWORD_LOGIN', 'is false but single sign-on is not configured (ADMIN_OIDC_ISSUER…): no administrator could sign in');
  }

  const webhookSlots = int(env, 'WEBHOOK_SLOTS', 64, 1, 4096);
  const sandboxShare = positive(env, 'WEBHOOK_SANDBOX_SHARE', 0.5);
  if (sandboxShare > 1) throw new ConfigError('WEBHOOK_SANDBOX_SHARE', `must be a fraction in (0, 1], got ${sandboxShare}`);
  const fastReserve = num(env, 'WEBHOOK_FAST_RESERVE', 0.25, 0);
  if (fastReserve >= 1) throw new ConfigError('WEBHOOK_FAST_RESERVE', `must be a fraction in [0, 1), got ${fastReserve}`);
  const breakerOpenMs = int(env, 'WEBHOOK_BREAKER_OPEN_MS', 30_000, 1, 86_400_000);
  const breakerMaxOpenMs = int(env, 'WEBHOOK_BREAKER_MAX_OPEN_MS', Math.max(600_000, breakerOpenMs), 1, 86_400_000);
  if (breakerMaxOpenMs < breakerOpenMs) {
    throw new ConfigError('WEBHOOK_BREAKER_MAX_OPEN_MS', `must be at least WEBHOOK_BREAKER_OPEN_MS (${breakerOpenMs}), got ${breakerMaxOpenMs}`);
  }

  return Object.freeze({
    port: int(env, 'PORT', 8000, 0, 65535),
    host: str(env, 'HOST') ?? '127.0.0.1',
    dataDir: str(env, 'DATA_DIR') ?? './data',
    databaseUrl,
    databaseSchema: schema,
    ingestSecret,
    secretsKey,
    secretsKeyPrevious,
    logLevel,
    adminEmail,
    adminPassword: password(env, 'ADMIN_PASSWORD', adminEmail),
    operatorEmail: email(env, 'OPERATOR_EMAIL'),
    redisUrl: url(env, 'REDIS_URL', ['redis:', 'rediss:']),
    redisKeyPrefix,
    rateLimitPerSecond: int(env, 'RATE_LIMIT_PER_SECOND', 60, 1, 1_000_000),
    keyCostlyInFlight: int(env, 'KEY_COSTLY_IN_FLIGHT', 12, 1, 1_000_000),
    ratePerUserUsd: ratePerUser,
    smtpUrl: url(env, 'SMTP_URL', ['smtp:', 'smtps:']),
    mailFrom: str(env, 'MAIL_FROM') ?? 'Service <no-reply@localhost>',
    webhookRetryScheduleMs: Object.freeze([...schedule]) as number[],
    webhookTimeoutMs: int(env, 'WEBHOOK_TIMEOUT_MS', 15_000, 1, 600_000),
    webhookAllowPrivate: bool(env, 'WEBHOOK_ALLOW_PRIVATE', false),
    webhookSlots,
    webhookSlotsPerEndpoint: int(env, 'WEBHOOK_SLOTS_PER_ENDPOINT', 4, 1, 4096),
    webhookSandboxShare: sandboxShare,
    webhookSlowMs: int(env, 'WEBHOOK_SLOW_MS', 1000, 1, 600_000),
    webhookFastReserve: fastReserve,
    webhookBreakerFailures: int(env, 'WEBHOOK_BREAKER_FAILURES', 5, 1, 1000),
    webhookBreakerOpenMs: breakerOpenMs,
    webhookBreakerMaxOpenMs: breakerMaxOpenMs,
    webhookRetentionDays: positive(env, 'WEBHOOK_RETENTION_DAYS', 30),
    webhookStreamsPerKey: int(env, 'WEBHOOK_STREAMS_PER_KEY', 3, 1, 100),
    webhookStreamHeartbeatMs: int(env, 'WEBHOOK_STREAM_HEARTBEAT_MS', 15_000, 100, 600_000),
    webhookStreamPollMs: int(env, 'WEBHOOK_STREAM_POLL_MS', 1000, 10, 60_000),
    requestLog: bool(env, 'REQUEST_LOG', true),
    requestLogRetentionDays: int(env, 'REQUEST_LOG_RETENTION_DAYS', 30, 1, 3650),
    maintenanceIntervalMs: int(env, 'MAINTENANCE_INTERVAL_MS', 60_000, 100, 3_600_000),
    indexNowEndpoint: url(env, 'INDEXNOW_ENDPOINT', ['http:', 'https:']) ?? 'https://api.indexnow.org/indexnow',
    indexNowKey: str(env, 'INDEXNOW_KEY'),
    publicBaseUrl: url(env, 'PUBLIC_BASE_URL', ['http:', 'https:'])?.replace(/\/+$/, '') ?? null,
    aggregatorProvider: str(env, 'AGGREGATOR_PROVIDER'),
    runWorkers: bool(env, 'RUN_WORKERS', true),
    usageFlushMs: int(env, 'USAGE_FLUSH_MS', 1000, 10, 60_000),
    sessionTtlHours: int(env, 'SESSION_TTL_HOURS', 12, 1, 24 * 30),
    bodyLimitBytes: int(env, 'BODY_LIMIT_BYTES', 1_048_576, 1024, 64 * 1_048_576),
    seedDemoPartner: bool(env, 'SEED_DEMO_PARTNER', true),
    shutdownGraceMs: int(env, 'SHUTDOWN_GRACE_MS', 10_000, 0, 600_000),
    drainDelayMs: int(env, 'DRAIN_DELAY_MS', 0, 0, 600_000),
    requestTimeoutMs: int(env, 'REQUEST_TIMEOUT_MS', 30_000, 100, 600_000),
    headersTimeoutMs: int(env, 'HEADERS_TIMEOUT_MS', 10_000, 100, 600_000),
    connectionIdleTimeoutMs: int(env, 'CONNECTION_IDLE_TIMEOUT_MS', 60_000, 100, 3_600_000),
    maxConnections: int(env, 'MAX_CONNECTIONS', 10_000, 1, 1_000_000),
    maxConnectionsPerAddress: int(env, 'MAX_CONNECTIONS_PER_ADDRESS', 256, 1, 1_000_000),
    trustProxy: Object.freeze(proxyList(env, 'TRUST_PROXY')) as string[],
    credentialFailureLimit: int(env, 'CREDENTIAL_FAILURE_LIMIT', 20, 1, 1_000_000),
    credentialFailureWindowMs: int(env, 'CREDENTIAL_FAILURE_WINDOW_SECONDS', 60, 1, 86_400) * 1000,
    webDistDir: str(env, 'WEB_DIST_DIR'),
    metricsToken,
    workerMetricsPort,
    production: str(env, 'NODE_ENV') === 'production',
    adminRequireMfa: bool(env, 'ADMIN_REQUIRE_MFA', str(env, 'NODE_ENV') === 'production'),
    adminOidc: oidc === null ? null : Object.freeze({ ...oidc, allowedEmails: Object.freeze(oidc.allowedEmails) as string[] }),
    adminPasswordLogin,
  });
}
