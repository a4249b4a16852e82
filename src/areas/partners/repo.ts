/**
 * SQL of the partners area, which owns the `partners` and `api_keys` tables: every statement on
 * them lives here. Every function takes an Executor (the database or a transaction).
 */
import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { ApiKeysTable, Environment, PartnersTable } from '../../db/schema/index.js';

// ---- partners ----

export function findPartnerById(db: Executor, id: string) {
  return db.selectFrom('partners').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findPartnerByEmail(db: Executor, email: string) {
  return db.selectFrom('partners').selectAll().where('email_lower', '=', email.toLowerCase()).executeTakeFirst();
}

export async function insertPartner(db: Executor, row: PartnersTable): Promise<void> {
  await db.insertInto('partners').values(row).execute();
}

/** Whether any partner exists at all (the first start of an empty database). */
export async function anyPartnerExists(db: Executor): Promise<boolean> {
  const any = await db.selectFrom('partners').select('id').limit(1).executeTakeFirst();
  return any !== undefined;
}

export interface IngestSecretWrite {
  hash: string;
  enc: string;
  rotatedAt: number;
  /** Until when the secret being replaced stays valid; null: it stops at once. */
  previousValidUntil: number | null;
}

/**
 * Replaces a partner's ingest secret in one statement. With an overlap the replaced secret's hash
 * becomes the previous one: `set` reads the row as it was before the statement on both databases,
 * so two rotations racing each other keep a chain (the later one's previous is the earlier one's
 * new secret) instead of both naming the same old secret. Returns whether the partner exists.
 */
export async function replaceIngestSecret(db: Executor, partnerId: string, w: IngestSecretWrite): Promise<boolean> {
  const r = await db
    .updateTable('partners')
    .set((eb) => ({
      ingest_secret_previous_hash: w.previousValidUntil === null ? null : eb.ref('ingest_secret_hash'),
      ingest_secret_previous_valid_until: w.previousValidUntil,
      ingest_secret_hash: w.hash,
      ingest_secret_enc: w.enc,
      ingest_secret_rotated_at: w.rotatedAt,
    }))
    .where('id', '=', partnerId)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Partners whose email matches (case-insensitive; email_lower is unique, so at most one). */
export function partnersByEmail(db: Executor, emailLower: string) {
  return db.selectFrom('partners').select(['id', 'email', 'company']).where('email_lower', '=', emailLower).execute();
}

export function getPartnerBilling(db: Executor, partnerId: string) {
  return db
    .selectFrom('partners')
    .select(['id', 'email', 'company', 'tier', 'usage_alert_email', 'rate_per_user_usd', 'email_verified_at'])
    .where('id', '=', partnerId)
    .executeTakeFirst();
}

export function partnerSummary(db: Executor, partnerId: string) {
  return db.selectFrom('partners').select(['id', 'company', 'email', 'active']).where('id', '=', partnerId).executeTakeFirst();
}

export function listPartnerSummaries(db: Executor) {
  return db.selectFrom('partners').select(['id', 'company', 'email', 'active']).orderBy('id').execute();
}

export async function existingPartnerIds(db: Executor, ids: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < ids.length; i += 1000) {
    const rows = await db.selectFrom('partners').select('id').where('id', 'in', ids.slice(i, i + 1000)).execute();
    for (const r of rows) found.add(r.id);
  }
  return found;
}

/** Sets `active` when it differs (one conditional update, so racing calls agree on which one changed it); true when this call did. */
export async function setPartnerActive(db: Executor, partnerId: string, active: boolean): Promise<boolean> {
  const r = await db
    .updateTable('partners')
    .set({ active: active ? 1 : 0 })
    .where('id', '=', partnerId)
    .where('active', '=', active ? 0 : 1)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/**
 * Grants production access (`activated_at` = `at` when it is not set) or takes it away
 * (`activated_at` = null); true when this call changed it. Only that column is written, so a
 * suspension racing with it keeps its own change.
 */
export async function setProductionAccess(db: Executor, partnerId: string, enabled: boolean, at: number): Promise<boolean> {
  const q = db.updateTable('partners').set({ activated_at: enabled ? at : null }).where('id', '=', partnerId);
  const r = await (enabled ? q.where('activated_at', 'is', null) : q.where('activated_at', 'is not', null)).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function setPartnerPasswordHash(db: Executor, partnerId: string, passwordHash: string): Promise<void> {
  await db.updateTable('partners').set({ password_hash: passwordHash }).where('id', '=', partnerId).execute();
}

/** Marks the account email verified (the first time only); true when this call did. */
export async function markPartnerEmailVerified(db: Executor, partnerId: string, at: number): Promise<boolean> {
  const r = await db.updateTable('partners').set({ email_verified_at: at }).where('id', '=', partnerId).where('email_verified_at', 'is', null).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function updatePartnerMetadata(db: Executor, partnerId: string, values: { company?: string; name?: string }): Promise<void> {
  await db.updateTable('partners').set(values).where('id', '=', partnerId).execute();
}

export async function deletePartnerRow(db: Executor, partnerId: string): Promise<number> {
  const r = await db.deleteFrom('partners').where('id', '=', partnerId).executeTakeFirst();
  return Number(r.numDeletedRows);
}

export async function countPartners(db: Executor): Promise<number> {
  const r = await db.selectFrom('partners').select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
  return Number(r?.n ?? 0);
}

export async function countActivePartners(db: Executor): Promise<number> {
  const r = await db.selectFrom('partners').select((eb) => eb.fn.countAll().as('n')).where('active', '=', 1).executeTakeFirst();
  return Number(r?.n ?? 0);
}

export interface PartnerPageFilter {
  q?: string;
  status?: 'active' | 'suspended';
  after?: [number, string] | null;
}

/** Newest first, keyset on (created_at, id). */
export function pagePartners(db: Executor, limit: number, f: PartnerPageFilter) {
  let q = db.selectFrom('partners').selectAll();
  if (f.q) {
    const like = `%${f.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    // ESCAPE '\\' is understood the same way by SQLite and PostgreSQL.
    q = q.where(sql<boolean>`(email_lower like ${like} escape '\\' or lower(company) like ${like} escape '\\')`);
  }
  if (f.status) q = q.where('active', '=', f.status === 'active' ? 1 : 0);
  if (f.after) {
    const [at, id] = f.after;
    q = q.where((eb) => eb.or([eb('created_at', '<', at), eb.and([eb('created_at', '=', at), eb('id', '<', id)])]));
  }
  return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

// ---- api_keys (one slot row per partner and environment) ----

export function keysOfPartner(db: Executor, partnerId: string) {
  return db.selectFrom('api_keys').selectAll().where('partner_id', '=', partnerId).orderBy('environment', 'asc').execute();
}

export function keysOfPartners(db: Executor, partnerIds: string[]) {
  if (partnerIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('api_keys').selectAll().where('partner_id', 'in', partnerIds).orderBy('environment', 'asc').execute();
}

export async function insertKey(db: Executor, row: ApiKeysTable): Promise<void> {
  await db.insertInto('api_keys').values(row).execute();
}

export function keySlot(db: Executor, partnerId: string, environment: Environment) {
  return db.selectFrom('api_keys').selectAll().where('partner_id', '=', partnerId).where('environment', '=', environment).executeTakeFirst();
}

export function keyByHash(db: Executor, keyHash: string) {
  return db.selectFrom('api_keys').selectAll().where('key_hash', '=', keyHash).executeTakeFirst();
}

export function keyById(db: Executor, id: string) {
  return db.selectFrom('api_keys').selectAll().where('id', '=', id).executeTakeFirst();
}

export interface SlotWrite {
  key_hash: string | null;
  key_enc: string | null;
  masked: string | null;
  source: string;
  last_rotated_at?: number | null;
  updated_at: number;
  /**
   * A roll with an overlap: the key being replaced stays accepted until then (epoch ms). Without it, any key the
   * slot held before (and any earlier overlap) stops at once.
   */
  previousExpiresAt?: number | null;
}

/**
 * Writes a slot in one statement. With `previousExpiresAt` the replaced key's hash becomes the previous one: `set`
 * reads the row as it was before the statement on both databases, so two rolls racing each other keep a chain (the
 * later one's previous is the earlier one's new key); an earlier overlap ends either way, as only one previous key is kept.
 */
export async function updateSlot(db: Executor, partnerId: string, environment: Environment, values: SlotWrite): Promise<number> {
  const { previousExpiresAt, ...columns } = values;
  const overlap = previousExpiresAt ?? null;
  const r = await db
    .updateTable('api_keys')
    .set((eb) => ({
      ...columns,
      previous_key_hash: overlap === null ? null : eb.ref('key_hash'),
      previous_expires_at: overlap,
    }))
    .where('partner_id', '=', partnerId)
    .where('environment', '=', environment)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Ends a slot's overlap now (its previous key stops); whether one was running at `now`. */
export async function endSlotOverlap(db: Executor, partnerId: string, environment: Environment, now: number): Promise<boolean> {
  const r = await db
    .updateTable('api_keys')
    .set({ previous_key_hash: null, previous_expires_at: null })
    .where('partner_id', '=', partnerId)
    .where('environment', '=', environment)
    .where('previous_key_hash', 'is not', null)
    .where('previous_expires_at', '>', now)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** The slot whose previous key, still in its overlap at `now`, has this hash. */
export function slotByPreviousHash(db: Executor, keyHash: string, now: number) {
  return db.selectFrom('api_keys').selectAll().where('previous_key_hash', '=', keyHash).where('previous_expires_at', '>', now).executeTakeFirst();
}

export async function countKeysOfPartner(db: Executor, partnerId: string): Promise<number> {
  const r = await db.selectFrom('api_keys').select((eb) => eb.fn.countAll<number>().as('n')).where('partner_id', '=', partnerId).executeTakeFirst();
  return Number(r?.n ?? 0);
}

/**
 * The slots whose key, or whose previous key during a roll's overlap, has the presented hash, with the partner they
 * belong to (the API-key guard's read; it prefers a current key and checks the overlap's end). A hash is one slot's
 * key at most, and a previous key only while no other slot holds the value, so this is one or two rows.
 */
export function keysWithPartnerByHash(db: Executor, keyHash: string) {
  return db
    .selectFrom('api_keys as k')
    .innerJoin('partners as p', 'p.id', 'k.partner_id')
    .select([
      'k.id as key_id',
      'k.environment',
      'k.key_hash',
      'k.previous_expires_at',
      'p.id',
      'p.name',
      'p.email',
      'p.company',
      'p.tier',
      'p.active',
      'p.activated_at',
      'p.rate_limit_per_second',
      'p.ingest_secret_hash',
      'p.ingest_secret_previous_hash',
      'p.ingest_secret_previous_valid_until',
    ])
    .where((eb) => eb.or([eb('k.key_hash', '=', keyHash), eb('k.previous_key_hash', '=', keyHash)]))
    .limit(4)
    .execute();
}

/** Keys that were not generated by the service (pasted, synced, added by an admin), with their partner. */
export function externalKeys(db: Executor) {
  return db
    .selectFrom('api_keys as k')
    .innerJoin('partners as p', 'p.id', 'k.partner_id')
    .select(['k.id', 'k.partner_id', 'p.email', 'p.company', 'k.environment', 'k.masked', 'k.source', 'k.created_at', 'k.last_rotated_at'])
    .where('k.source', '!=', 'generated')
    .where('k.key_hash', 'is not', null)
    .orderBy('k.updated_at', 'desc')
    .orderBy('k.id', 'desc')
    .limit(5000)
    .execute();
}

// ---- sealed values (rotation of SECRETS_KEY): pages by id, replaced only if unchanged since read ----

/** One sealed value and the row that holds it. */
export interface SealedValueRow {
  id: string;
  sealed: string;
}

/** Partners' sealed ingest secrets after `afterId`, by id. */
export function sealedIngestSecretsPage(db: Executor, afterId: string | null, limit: number): Promise<SealedValueRow[]> {
  let q = db.selectFrom('partners').select(['id', 'ingest_secret_enc as sealed']);
  if (afterId !== null) q = q.where('id', '>', afterId);
  return q.orderBy('id').limit(limit).execute();
}

/** Replaces a partner's sealed ingest secret if it is still `from` (a rotation meanwhile wins); whether it did. */
export async function resealIngestSecret(db: Executor, id: string, from: string, to: string): Promise<boolean> {
  const r = await db.updateTable('partners').set({ ingest_secret_enc: to }).where('id', '=', id).where('ingest_secret_enc', '=', from).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Key slots' sealed values after `afterId`, by id (blank slots have none). */
export async function sealedKeysPage(db: Executor, afterId: string | null, limit: number): Promise<SealedValueRow[]> {
  let q = db.selectFrom('api_keys').select(['id', 'key_enc']).where('key_enc', 'is not', null);
  if (afterId !== null) q = q.where('id', '>', afterId);
  const rows = await q.orderBy('id').limit(limit).execute();
  return rows.map((r) => ({ id: r.id, sealed: r.key_enc! }));
}

/** Replaces a slot's sealed key if it is still `from` (a paste or rotation meanwhile wins); whether it did. */
export async function resealKey(db: Executor, id: string, from: string, to: string): Promise<boolean> {
  const r = await db.updateTable('api_keys').set({ key_enc: to }).where('id', '=', id).where('key_enc', '=', from).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Sets whether the account requires a second factor of every member; false when the partner is gone. */
export async function setRequireMfa(db: Executor, partnerId: string, required: boolean): Promise<boolean> {
  const r = await db.updateTable('partners').set({ require_mfa: required ? 1 : 0 }).where('id', '=', partnerId).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
