/**
 * SQL of the accounts area, which owns the `admins`, `sessions`, `login_throttle` and `password_resets` tables.
 * Every function takes an Executor (the database or a transaction).
 */
import { sql, type ExpressionBuilder } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { AdminsTable, DB, SessionsTable } from '../../db/schema/index.js';
import type { PasswordResetsTable } from '../../db/schema/accounts.js';

// ---- admins ----

export function findAdminByEmail(db: Executor, email: string) {
  return db.selectFrom('admins').selectAll().where('email_lower', '=', email.trim().toLowerCase()).executeTakeFirst();
}

export function findAdminById(db: Executor, id: string) {
  return db.selectFrom('admins').selectAll().where('id', '=', id).executeTakeFirst();
}

export function adminIdByEmailLower(db: Executor, emailLower: string) {
  return db.selectFrom('admins').select('id').where('email_lower', '=', emailLower).executeTakeFirst();
}

export async function anyAdminExists(db: Executor): Promise<boolean> {
  return (await db.selectFrom('admins').select('id').limit(1).executeTakeFirst()) !== undefined;
}

/** Inserts the admin unless one with the same email exists (two processes creating it at once both succeed); true when this row went in. */
export async function insertAdminIfMissing(db: Executor, row: AdminsTable): Promise<boolean> {
  const r = await db
    .insertInto('admins')
    .values(row)
    .onConflict((oc) => oc.column('email_lower').doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function setAdminPasswordHash(db: Executor, id: string, passwordHash: string): Promise<void> {
  await db.updateTable('admins').set({ password_hash: passwordHash }).where('id', '=', id).execute();
}

// ---- sessions ----

/**
 * Whether a session is still bound to the credential that opened it at `now`: an `api_key` session
 * lives only while its partner's slot of that environment holds the very key that opened it, or
 * holds it as the key a roll replaced until that roll's overlap ends (any other change of the slot,
 * on any process, ends it); other methods are always bound. The one place a statement of this file
 * reads `api_keys` (the partners area's table): the check must sit in the session's own query so no
 * process needs a cache to invalidate. The probe is on the slot's unique (partner, environment).
 */
function boundToCredential(now: number) {
  return (eb: ExpressionBuilder<DB, 'sessions'>) =>
    eb.or([
      eb('sessions.method', '!=', 'api_key'),
      eb.exists(
        eb
          .selectFrom('api_keys')
          .select(eb.lit(1).as('one'))
          .whereRef('api_keys.partner_id', '=', 'sessions.subject_id')
          .whereRef('api_keys.environment', '=', 'sessions.key_environment')
          .where((k) =>
            k.or([
              k('api_keys.key_hash', '=', k.ref('sessions.key_hash')),
              k.and([k('api_keys.previous_key_hash', '=', k.ref('sessions.key_hash')), k('api_keys.previous_expires_at', '>', now)]),
            ]),
          ),
      ),
    ]);
}

/**
 * Which of a partner's sessions a member sees and ends: those it opened (`member_id`) and those opened by pasting an
 * API key (they belong to no member); with `null` (a key-opened session) only the latter. `undefined`: every session
 * of the subject (an administrator's).
 */
export type MemberFilter = string | null | undefined;

function ofMember(member: MemberFilter) {
  return (eb: ExpressionBuilder<DB, 'sessions'>) =>
    member === undefined
      ? eb.lit(true)
      : member === null
        ? eb('sessions.member_id', 'is', null)
        : eb.or([eb('sessions.member_id', '=', member), eb('sessions.member_id', 'is', null)]);
}

/** Ends every session one member opened (not the key-opened ones). Returns how many went. */
export async function deleteSessionsOfMember(db: Executor, partnerId: string, memberId: string): Promise<number> {
  const r = await db
    .deleteFrom('sessions')
    .where('subject_type', '=', 'partner')
    .where('subject_id', '=', partnerId)
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

export async function insertSession(db: Executor, row: SessionsTable): Promise<void> {
  await db.insertInto('sessions').values(row).execute();
}

export function findSessionByHash(db: Executor, tokenHash: string) {
  return db.selectFrom('sessions').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/**
 * What the session guards need of the session a token names; `bound` is 0 when the session was
 * opened with an API key its slot no longer holds (the session is over: delete it).
 */
export function sessionPrincipalByHash(db: Executor, tokenHash: string, now: number) {
  const bound = boundToCredential(now);
  return db
    .selectFrom('sessions')
    .select(['id', 'subject_type', 'subject_id', 'expires_at', 'key_environment', 'last_used_at', 'method', 'member_id'])
    .select((eb) => eb.case().when(bound(eb)).then(1).else(0).end().as('bound'))
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/**
 * What the partner-session guard needs, in one statement: the session a token names (as sessionPrincipalByHash), its
 * partner's state (`p_*`: active, production access, what an authenticated partner carries) and the member it acts
 * as (`m_*`: its own while active, or the account's first active owner for a session opened before members
 * existed; none for one opened by pasting an API key). The second place, after the `api_keys` check, where a
 * statement of this file reads another area's tables (`partners`, `partner_members`): every portal request asks
 * it, and reading all of it per request (no cache) is what ends a session at once on every process when its member
 * is removed or its partner suspended. Null partner columns: no such partner (or not a partner's session).
 */
export function partnerSessionByHash(db: Executor, tokenHash: string, now: number) {
  const bound = boundToCredential(now);
  return db
    .selectFrom('sessions')
    .leftJoin('partners as p', (j) => j.onRef('p.id', '=', 'sessions.subject_id').on('sessions.subject_type', '=', 'partner'))
    .leftJoin('partner_members as m', (j) =>
      j
        .onRef('m.partner_id', '=', 'sessions.subject_id')
        .on('sessions.subject_type', '=', 'partner')
        .on('sessions.key_environment', 'is', null)
        .on('m.status', '=', 'active')
        // coalesce evaluates the owner's look-up only for a session without a member (both engines stop at the first non-null).
        .on('m.id', '=', (eb) =>
          eb.fn.coalesce(
            'sessions.member_id',
            eb
              .selectFrom('partner_members as o')
              .select('o.id')
              .whereRef('o.partner_id', '=', 'sessions.subject_id')
              .where('o.role', '=', 'owner')
              .where('o.status', '=', 'active')
              .orderBy('o.created_at')
              .orderBy('o.id')
              .limit(1),
          ),
        ),
    )
    .select([
      'sessions.id',
      'sessions.subject_type',
      'sessions.subject_id',
      'sessions.expires_at',
      'sessions.key_environment',
      'sessions.last_used_at',
      'sessions.method',
      'sessions.member_id',
    ])
    // The check reads only `sessions` (and `api_keys`): the joined tables do not change it.
    .select((eb) => eb.case().when(bound(eb as unknown as ExpressionBuilder<DB, 'sessions'>)).then(1).else(0).end().as('bound'))
    .select([
      'p.id as p_id',
      'p.name as p_name',
      'p.email as p_email',
      'p.company as p_company',
      'p.tier as p_tier',
      'p.active as p_active',
      'p.activated_at as p_activated_at',
      'p.rate_limit_per_second as p_rate_limit_per_second',
      'p.ingest_secret_hash as p_ingest_secret_hash',
      'p.ingest_secret_previous_hash as p_ingest_secret_previous_hash',
      'p.ingest_secret_previous_valid_until as p_ingest_secret_previous_valid_until',
      'p.require_mfa as p_require_mfa',
      'm.id as m_id',
      'm.email as m_email',
      'm.name as m_name',
      'm.role as m_role',
    ])
    .where('sessions.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export function findSessionMethod(db: Executor, id: string) {
  return db.selectFrom('sessions').select('method').where('id', '=', id).executeTakeFirst();
}

/** Records a use of the session, unless one was recorded since `since` (another request or process got there first). */
export async function touchSession(db: Executor, id: string, now: number, since: number): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ last_used_at: now })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<=', since)]))
    .execute();
}

/** The subject's sessions alive at `now` (unexpired and still bound to their credential), newest first. */
export function liveSessionsOfSubject(db: Executor, subjectType: 'partner' | 'admin', subjectId: string, now: number, member: MemberFilter = undefined) {
  return db
    .selectFrom('sessions')
    .select(['id', 'method', 'key_environment', 'created_at', 'last_used_at', 'expires_at', 'ip_address', 'user_agent'])
    .where('subject_type', '=', subjectType)
    .where('subject_id', '=', subjectId)
    .where(ofMember(member))
    .where('expires_at', '>', now)
    .where(boundToCredential(now))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function deleteSession(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', id).execute();
}

/** Ends one live session of the subject; 0 when `id` names none (another subject's, expired, unbound or unknown). */
export async function deleteLiveSessionOfSubject(
  db: Executor,
  subjectType: 'partner' | 'admin',
  subjectId: string,
  id: string,
  now: number,
  member: MemberFilter = undefined,
): Promise<number> {
  const r = await db
    .deleteFrom('sessions')
    .where('id', '=', id)
    .where('subject_type', '=', subjectType)
    .where('subject_id', '=', subjectId)
    .where(ofMember(member))
    .where('expires_at', '>', now)
    .where(boundToCredential(now))
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** Deletes every session of a subject, but the one `exceptId` names when given. Returns how many went. */
export async function deleteSessionsOfSubject(
  db: Executor,
  subjectType: 'partner' | 'admin',
  subjectId: string,
  exceptId?: string,
  member: MemberFilter = undefined,
): Promise<number> {
  let q = db.deleteFrom('sessions').where('subject_type', '=', subjectType).where('subject_id', '=', subjectId).where(ofMember(member));
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  const r = await q.executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** Keeps the subject's `keep` newest sessions and deletes the others (the oldest first to go). Returns how many went. */
export async function trimSessionsOfSubject(db: Executor, subjectType: 'partner' | 'admin', subjectId: string, keep: number): Promise<number> {
  const r = await db
    .deleteFrom('sessions')
    .where('subject_type', '=', subjectType)
    .where('subject_id', '=', subjectId)
    .where('id', 'not in', (eb) =>
      eb
        .selectFrom('sessions')
        .select('id')
        .where('subject_type', '=', subjectType)
        .where('subject_id', '=', subjectId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(keep),
    )
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** Deletes the `api_key` sessions of these partners whose slot no longer holds the key that opened them (nor as a previous key in its overlap at `now`). */
export async function deleteUnboundKeySessions(db: Executor, partnerIds: string[], now: number): Promise<number> {
  const bound = boundToCredential(now);
  if (partnerIds.length === 0) return 0;
  const r = await db
    .deleteFrom('sessions')
    .where('subject_type', '=', 'partner')
    .where('subject_id', 'in', partnerIds)
    .where('method', '=', 'api_key')
    .where((eb) => eb.not(bound(eb)))
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

export async function deleteExpiredSessions(db: Executor, subjectType: 'partner' | 'admin', subjectId: string, now: number): Promise<void> {
  await db.deleteFrom('sessions').where('subject_type', '=', subjectType).where('subject_id', '=', subjectId).where('expires_at', '<=', now).execute();
}

export async function deletePartnerSessions(db: Executor, partnerId: string): Promise<number> {
  return deleteSessionsOfSubject(db, 'partner', partnerId);
}

/** Maintenance: at most `batch` sessions expired by `now`, oldest expiry first. */
export async function pruneExpiredSessions(db: Executor, now: number, batch: number): Promise<number> {
  const r = await db
    .deleteFrom('sessions')
    .where('id', 'in', (eb) => eb.selectFrom('sessions').select('id').where('expires_at', '<=', now).orderBy('expires_at').limit(batch))
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

// ---- login_throttle (see lockout.ts) ----

/**
 * Counts one attempt in the scope whose hash is `keyHash`, atomically (an upsert): the window
 * restarts when it began at or before `expired`. Returns the count and any lock.
 */
export function countThrottleAttempt(db: Executor, keyHash: string, now: number, expired: number) {
  return db
    .insertInto('login_throttle')
    .values({ key_hash: keyHash, failures: 1, window_start: now, locked_until: null, updated_at: now })
    .onConflict((oc) =>
      oc.column('key_hash').doUpdateSet({
        failures: sql<number>`case when login_throttle.window_start <= ${expired} then 1 else login_throttle.failures + 1 end`,
        window_start: sql<number>`case when login_throttle.window_start <= ${expired} then ${now} else login_throttle.window_start end`,
        updated_at: now,
      }),
    )
    .returning(['failures', 'locked_until'])
    .executeTakeFirstOrThrow();
}

export async function lockThrottleScope(db: Executor, keyHash: string, until: number): Promise<void> {
  await db.updateTable('login_throttle').set({ locked_until: until }).where('key_hash', '=', keyHash).execute();
}

/** Takes one attempt back from a scope's count (never below zero). */
export async function giveBackThrottleAttempt(db: Executor, keyHash: string): Promise<void> {
  await db
    .updateTable('login_throttle')
    .set({ failures: sql<number>`case when failures > 0 then failures - 1 else 0 end` })
    .where('key_hash', '=', keyHash)
    .execute();
}

export async function deleteThrottleScope(db: Executor, keyHash: string): Promise<void> {
  await db.deleteFrom('login_throttle').where('key_hash', '=', keyHash).execute();
}

/** Forgets every scope quiet since `cutoff`. */
export async function deleteQuietThrottleScopes(db: Executor, cutoff: number): Promise<void> {
  await db.deleteFrom('login_throttle').where('updated_at', '<', cutoff).execute();
}

/** Maintenance: at most `batch` scopes quiet since `cutoff` (a window and a lock ago): they no longer count or lock anything. */
export async function pruneLoginThrottle(db: Executor, cutoff: number, batch: number): Promise<number> {
  const r = await db
    .deleteFrom('login_throttle')
    .where('key_hash', 'in', (eb) => eb.selectFrom('login_throttle').select('key_hash').where('updated_at', '<', cutoff).orderBy('updated_at').limit(batch))
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

// ---- password_resets (see passwords.ts) ----

/** Stores the partner's reset token, replacing any earlier one (one live token per partner). */
export async function upsertPasswordReset(db: Executor, row: Omit<PasswordResetsTable, 'used_at'>): Promise<void> {
  await db
    .insertInto('password_resets')
    .values({ ...row, used_at: null })
    .onConflict((oc) => oc.column('partner_id').doUpdateSet({ token_hash: row.token_hash, created_at: row.created_at, expires_at: row.expires_at, used_at: null }))
    .execute();
}

export function findPasswordResetByHash(db: Executor, tokenHash: string) {
  return db.selectFrom('password_resets').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** Marks the token used if it is still unused and unexpired at `now`; false when another request used it first (or it just expired). */
export async function consumePasswordReset(db: Executor, tokenHash: string, now: number): Promise<boolean> {
  const r = await db
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Forgets the partner's reset token (its password changed another way). */
export async function deletePasswordReset(db: Executor, partnerId: string): Promise<void> {
  await db.deleteFrom('password_resets').where('partner_id', '=', partnerId).execute();
}
