/**
 * API-key resolution without a database round trip per request.
 *
 * Resolved keys are cached in memory by their SHA-256. Every change that can
 * invalidate a key (rotate, clear, paste, suspend, delete) calls
 * `invalidatePartner` after it commits: the local entries go at once, so the very
 * next request of this process re-reads the database. On PostgreSQL the same
 * invalidation is broadcast with NOTIFY to every other process (LISTEN), and a TTL
 * bounds how long any entry can live even if a notification were missed.
 * Unknown keys are never cached, so a freshly pasted key works at once.
 */
import { sql } from 'kysely';
import type pg from 'pg';
import type { Database } from '../db/database.js';
import type { Environment } from '../db/schema/index.js';
import { sha256Hex } from '../lib/crypto.js';

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
}

export interface ResolvedKey {
  keyId: string;
  keyHash: string;
  environment: Environment;
  partner: AuthedPartner;
}

interface Entry {
  value: ResolvedKey;
  expiresAt: number;
}

const CHANNEL = 'svc_auth_invalidate';

export class AuthCache {
  private readonly byHash = new Map<string, Entry>();
  private listener: pg.PoolClient | null = null;
  private closed = false;

  constructor(
    private readonly database: Database,
    private readonly ttlMs = 30_000,
    private readonly maxEntries = 100_000,
  ) {}

  /** The cached resolution of a presented key, without touching the database; null on a miss. */
  peek(presented: string, now: number = Date.now()): ResolvedKey | null {
    const hit = this.byHash.get(sha256Hex(presented));
    return hit && hit.expiresAt > now ? hit.value : null;
  }

  /** Resolves a presented key; null when no slot holds it. */
  async resolve(presented: string, now: number = Date.now()): Promise<ResolvedKey | null> {
    const hash = sha256Hex(presented);
    const hit = this.byHash.get(hash);
    if (hit && hit.expiresAt > now) return hit.value;
    const row = await this.database.db
      .selectFrom('api_keys as k')
      .innerJoin('partners as p', 'p.id', 'k.partner_id')
      .select([
        'k.id as key_id',
        'k.environment',
        'p.id',
        'p.name',
        'p.email',
        'p.company',
        'p.tier',
        'p.active',
        'p.activated_at',
        'p.rate_limit_per_second',
        'p.ingest_secret_hash',
      ])
      .where('k.key_hash', '=', hash)
      .executeTakeFirst();
    if (!row) {
      this.byHash.delete(hash);
      return null;
    }
    const value: ResolvedKey = {
      keyId: row.key_id,
      keyHash: hash,
      environment: row.environment,
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
      },
    };
    if (this.byHash.size >= this.maxEntries) this.byHash.clear();
    this.byHash.set(hash, { value, expiresAt: now + this.ttlMs });
    return value;
  }

  /** Drops every cached key of a partner here, and tells the other processes. Call after commit. */
  async invalidatePartner(partnerId: string): Promise<void> {
    this.dropPartner(partnerId);
    if (this.database.dialect === 'postgres') {
      await sql`select pg_notify(${CHANNEL}, ${partnerId})`.execute(this.database.db);
    }
  }

  private dropPartner(partnerId: string): void {
    for (const [hash, entry] of this.byHash) {
      if (entry.value.partner.id === partnerId) this.byHash.delete(hash);
    }
  }

  /** Listens for invalidations from other processes (PostgreSQL only). */
  async start(): Promise<void> {
    const pool = this.database.pgPool;
    if (!pool || this.listener) return;
    const client = await pool.connect();
    this.listener = client;
    client.on('notification', (msg) => {
      if (msg.channel === CHANNEL && msg.payload) this.dropPartner(msg.payload);
    });
    client.on('error', () => {
      // The connection died: forget everything cached (we may miss notifications) and reconnect.
      this.byHash.clear();
      this.listener = null;
      if (!this.closed) setTimeout(() => void this.start().catch(() => {}), 1000).unref();
    });
    await client.query(`LISTEN ${CHANNEL}`);
  }

  async stop(): Promise<void> {
    this.closed = true;
    const l = this.listener;
    this.listener = null;
    if (l) {
      try {
        await l.query(`UNLISTEN ${CHANNEL}`);
      } catch {
        // already gone
      }
      l.release();
    }
  }

  clear(): void {
    this.byHash.clear();
  }
}
