/**
 * API-key resolution without a database round trip per request.
 *
 * Resolved keys are cached in memory by their SHA-256, with what the guards check of
 * their partner (active, production access, the ingest secret's hashes). Every change
 * that can invalidate one (rotate, clear, paste, suspend, delete, an ingest-secret
 * rotation) calls `invalidatePartner` after it commits: the local entries go at
 * once, so the very next request of this process re-reads the database. On PostgreSQL the same
 * invalidation is broadcast with NOTIFY to every other process (LISTEN), and a TTL
 * bounds how long any entry can live even if a notification were missed.
 * Unknown keys are never cached, so a freshly pasted key works at once. The key a roll replaced
 * with an overlap resolves to its slot until the overlap ends, and its entry expires then.
 *
 * A notification can only be missed while the listening connection is down, so
 * the cache is trusted only while LISTEN is active: when its connection errors
 * or ends, everything cached is dropped, every request re-reads its key (nothing
 * is cached) and the listener reconnects with capped back-off for as long as the
 * process lives; once LISTEN is back the cache starts again from empty.
 */
import type pg from 'pg';
import type { Database, DatabaseLog } from '../db/database.js';
import { listen, notify, sharedWithOtherProcesses, unlisten } from '../db/notify.js';
import type { Environment } from '../db/schema/index.js';
import { sha256Hex } from '../lib/crypto.js';
import { keysAndPartnerByHash } from '../areas/partners/credentials.js';

export interface AuthedPartner {
  id: string;
  name: string;
  email: string;
  company: string;
  tier: string;
  active: boolean;
  activated_at: number | null;
  rate_limit_per_second: number | null;
  ingest_secret_hash: string;
  /** The secret a rotation replaced, accepted until `ingest_secret_previous_valid_until` (epoch ms); both null without an overlap. */
  ingest_secret_previous_hash: string | null;
  ingest_secret_previous_valid_until: number | null;
}

export interface ResolvedKey {
  keyId: string;
  keyHash: string;
  environment: Environment;
  partner: AuthedPartner;
  /** For the key a roll replaced, accepted beside its slot's new key: when its overlap ends (epoch ms); null for a slot's current key. */
  validUntil: number | null;
}

interface Entry {
  value: ResolvedKey;
  expiresAt: number;
}

const CHANNEL = 'svc_auth_invalidate';

export interface AuthCacheOptions {
  ttlMs?: number;
  maxEntries?: number;
  log?: DatabaseLog & { info(obj: object, msg: string): void };
  /** The listener's reconnect delays: doubling from the first to the cap. */
  reconnectMinMs?: number;
  reconnectMaxMs?: number;
}

export class AuthCache {
  private readonly byHash = new Map<string, Entry>();
  private readonly reading = new Map<string, { epoch: number; read: Promise<ResolvedKey | null> }>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly log: AuthCacheOptions['log'];
  private readonly reconnectMinMs: number;
  private readonly reconnectMaxMs: number;
  /** The listening connection and how to give it back (once). */
  private listener: { client: pg.PoolClient; release: (err?: Error) => void } | null = null;
  /** Whether cached entries may be served: always on SQLite (one process owns the file's keys), on PostgreSQL only while LISTEN is active. */
  private trusted: boolean;
  /** Bumped whenever trust is lost or regained, so a read that straddles it is not cached. */
  private epoch = 0;
  private attempts = 0;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private started = false;
  private closed = false;

  constructor(
    private readonly database: Database,
    options: AuthCacheOptions = {},
  ) {
    this.ttlMs = options.ttlMs ?? 30_000;
    this.maxEntries = options.maxEntries ?? 100_000;
    this.log = options.log;
    this.reconnectMinMs = options.reconnectMinMs ?? 250;
    this.reconnectMaxMs = options.reconnectMaxMs ?? 10_000;
    this.trusted = !sharedWithOtherProcesses(database);
  }

  /** Whether invalidations from other processes are being received (always true on SQLite). */
  get listening(): boolean {
    return this.trusted;
  }

  /** The cached resolution of a presented key, without touching the database; null on a miss. */
  peek(presented: string, now: number = Date.now()): ResolvedKey | null {
    if (!this.trusted) return null;
    const hit = this.byHash.get(sha256Hex(presented));
    return hit && hit.expiresAt > now ? hit.value : null;
  }

  /** Resolves a presented key; null when no slot holds it. */
  resolve(presented: string, now: number = Date.now()): Promise<ResolvedKey | null> {
    const hash = sha256Hex(presented);
    const hit = this.trusted ? this.byHash.get(hash) : undefined;
    if (hit && hit.expiresAt > now) return Promise.resolve(hit.value);
    // Concurrent requests with the same uncached key share one read (a burst must not
    // queue one read per request for the pool's few connections).
    const epoch = this.epoch;
    const pending = this.reading.get(hash);
    if (pending && pending.epoch === epoch) return pending.read;
    const read = this.read(hash, now, epoch).finally(() => {
      if (this.reading.get(hash)?.read === read) this.reading.delete(hash);
    });
    this.reading.set(hash, { epoch, read });
    return read;
  }

  private async read(hash: string, now: number, epoch: number): Promise<ResolvedKey | null> {
    const rows = await keysAndPartnerByHash(this.database.db, hash);
    // The slot's current key, else the key a roll replaced while its overlap lasts.
    const row = rows.find((r) => r.key_hash === hash) ?? rows.find((r) => r.previous_expires_at !== null && Number(r.previous_expires_at) > now);
    if (!row) {
      this.byHash.delete(hash);
      return null;
    }
    const value: ResolvedKey = {
      keyId: row.key_id,
      keyHash: hash,
      environment: row.environment,
      validUntil: row.key_hash === hash ? null : Number(row.previous_expires_at),
      partner: {
        id: row.id,
        name: row.name,
        email: row.email,
        company: row.company,
        tier: row.tier,
        active: Number(row.active) === 1,
        activated_at: row.activated_at,
        rate_limit_per_second: row.rate_limit_per_second,
        ingest_secret_hash: row.ingest_secret_hash,
        ingest_secret_previous_hash: row.ingest_secret_previous_hash,
        ingest_secret_previous_valid_until: row.ingest_secret_previous_valid_until === null ? null : Number(row.ingest_secret_previous_valid_until),
      },
    };
    // Cache only what was read while invalidations were being received throughout.
    if (!this.trusted || epoch !== this.epoch) return value;
    if (this.byHash.size >= this.maxEntries) this.byHash.clear();
    // A replaced key is forgotten when its overlap ends, on every process, without a notification.
    this.byHash.set(hash, { value, expiresAt: Math.min(now + this.ttlMs, value.validUntil ?? Infinity) });
    return value;
  }

  /** Drops every cached key of a partner here, and tells the other processes. Call after commit. */
  async invalidatePartner(partnerId: string): Promise<void> {
    this.dropPartner(partnerId);
    await notify(this.database, CHANNEL, partnerId);
  }

  private dropPartner(partnerId: string): void {
    for (const [hash, entry] of this.byHash) {
      if (entry.value.partner.id === partnerId) this.byHash.delete(hash);
    }
  }

  /**
   * Listens for invalidations from other processes (PostgreSQL only). Resolves after
   * the first attempt; when it fails, the cache stays untrusted and the listener
   * keeps retrying in the background.
   */
  async start(): Promise<void> {
    if (!this.database.pgPool || this.started || this.closed) return;
    this.started = true;
    await this.listen();
  }

  private async listen(): Promise<void> {
    const pool = this.database.pgPool!;
    this.reconnectTimer = null;
    if (this.closed) return;
    let client: pg.PoolClient;
    try {
      client = await pool.connect();
    } catch (err) {
      this.retryLater(err);
      return;
    }
    if (this.closed) {
      client.release();
      return;
    }
    let released = false;
    const release = (err?: Error) => {
      if (released) return;
      released = true;
      // With an error the pool discards the connection instead of reusing it.
      client.release(err);
    };
    const current = { client, release };
    let lost = false;
    const onLost = (err?: Error) => {
      if (lost) return;
      lost = true;
      if (this.listener === current) this.listener = null;
      this.distrust();
      release(err ?? new Error('listener connection ended'));
      this.retryLater(err ?? new Error('listener connection ended'));
    };
    client.on('notification', (msg) => {
      if (msg.channel === CHANNEL && msg.payload) this.dropPartner(msg.payload);
    });
    client.on('error', onLost);
    client.on('end', () => onLost());
    this.listener = current;
    try {
      await listen(client, CHANNEL);
    } catch (err) {
      onLost(err as Error);
      return;
    }
    if (lost) return;
    if (this.closed) {
      // stop() ran while this connection was being set up.
      this.listener = null;
      release();
      return;
    }
    // Anything cached before may have missed a notification: start from empty.
    this.byHash.clear();
    this.epoch++;
    this.trusted = true;
    if (this.attempts > 0) this.log?.info({ attempts: this.attempts }, 'auth cache: listening for key invalidations again');
    this.attempts = 0;
  }

  /** Stops serving from the cache until LISTEN is back. */
  private distrust(): void {
    this.trusted = false;
    this.epoch++;
    this.byHash.clear();
  }

  private retryLater(err: unknown): void {
    this.distrust();
    if (this.closed || this.reconnectTimer) return;
    const base = Math.min(this.reconnectMaxMs, this.reconnectMinMs * 2 ** Math.min(this.attempts, 16));
    const delay = Math.round(base * (0.8 + Math.random() * 0.2));
    this.attempts++;
    if (this.attempts === 1 || delay >= this.reconnectMaxMs * 0.8) {
      this.log?.warn(
        { err: { message: (err as Error)?.message, code: (err as { code?: string })?.code }, retry_in_ms: delay },
        'auth cache: not listening for key invalidations; every key is re-read until it is back',
      );
    }
    this.reconnectTimer = setTimeout(() => void this.listen(), delay);
    this.reconnectTimer.unref();
  }

  async stop(): Promise<void> {
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    const l = this.listener;
    this.listener = null;
    if (l) {
      try {
        await unlisten(l.client, CHANNEL);
        l.release();
      } catch (err) {
        l.release(err as Error);
      }
    }
  }

  clear(): void {
    this.byHash.clear();
  }
}
