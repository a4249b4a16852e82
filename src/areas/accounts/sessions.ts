/**
 * Sign-in (password or pasted API key), sessions and sign-out; the session a finished sign-up opens (signup.ts).
 *
 * A session token is `sess_` + 43 random base62 characters (~256 bits); only its
 * SHA-256 is stored. It lasts config.sessionTtlHours and is sent back either as
 * Authorization: Bearer or in the HttpOnly, SameSite=Lax `svc_session` cookie.
 * An account keeps at most SESSION_CAP live sessions (opening one more ends the
 * oldest); it can list them and end any of them.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../../context.js';
import type { Environment } from '../../db/schema/index.js';
import { SESSION_COOKIE, type SessionMember, type SessionPrincipal } from '../../http/auth.js';
import type { MemberRole } from '../../db/schema/index.js';
import { findMemberByEmail, findMemberById, firstOwnerOfPartner, recordSignIn } from '../members/repo.js';
import { errors } from '../../http/errors.js';
import { dummyPasswordHash, randomBase62, sha256Hex, verifyPassword } from '../../lib/crypto.js';
import { newId } from '../../lib/ids.js';
import { iso } from '../../lib/time.js';
import { findPartnerById, keyByHash, keysOfPartner, slotByPreviousHash } from '../partners/repo.js';
import { adminEnrolmentPending, factorsOf, finishChallenge, mfaEnabled, openChallenge, startChallenge, useCode } from '../mfa/service.js';
import type { MfaLogin } from '../mfa/schemas.js';
import { audit, toPartnerAccount } from './common.js';
import { beginAttempt, emailScope, ipScope, type Attempt } from './lockout.js';
import {
  deleteExpiredSessions,
  deleteLiveSessionOfSubject,
  deleteSession,
  deleteSessionsOfSubject,
  findAdminByEmail,
  findAdminById,
  findSessionByHash,
  insertSession,
  liveSessionsOfSubject,
  trimSessionsOfSubject,
} from './repo.js';
import type { AdminAccount, PartnerAccount, SessionInfo, SessionList } from './schemas.js';

export const BAD_CREDENTIALS = 'Incorrect email or password';
export const BAD_KEY = 'Invalid API key';

/** Live sessions an account may hold at once: opening one more ends the oldest. */
export const SESSION_CAP = 20;

const USER_AGENT_MAX = 256;
const ADDRESS_MAX = 64;

/** What opening a session uses (the session's lifetime is configured), and so every sign-in that opens one. */
type SessionDeps = Pick<Deps, 'clock' | 'config' | 'database'>;
/** A sign-in's second step also opens the factor's sealed secret to check the code. */
type MfaSignInDeps = Pick<Deps, 'clock' | 'config' | 'database' | 'secrets'>;

interface Opened {
  token: string;
  expiresAt: number;
}

/** Who opened a session, as the request tells it (kept for the account's session list). */
export interface ClientInfo {
  ip: string;
  userAgent: string | undefined;
}

/** The client of a sign-in request: its address (the trusted-proxy view) and User-Agent. */
export function clientOf(request: FastifyRequest): ClientInfo {
  return { ip: request.ip, userAgent: request.headers['user-agent'] };
}

// Control characters (C0, DEL, C1), format characters (bidirectional overrides, zero-width) and
// line or paragraph separators: none belongs in a value shown back in a list.
const UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;

/** A client-supplied value cleaned for storage and display: unprintable characters out, at most `max` code points, null when nothing is left. */
function printable(value: string | undefined, max: number): string | null {
  if (typeof value !== 'string') return null;
  const text = Array.from(value.replace(UNPRINTABLE, '').trim()).slice(0, max).join('').trim();
  return text === '' ? null : text;
}

/** The key that opened an `api_key` session: the session acts only in its environment. */
interface OpeningKey {
  environment: Environment;
  hash: string;
}

async function openSession(
  deps: SessionDeps,
  subjectType: 'partner' | 'admin',
  subjectId: string,
  method: 'password' | 'api_key' | 'signup' | 'oidc' | 'passkey',
  key: OpeningKey | null = null,
  client: ClientInfo | null = null,
  memberId: string | null = null,
): Promise<Opened> {
  const now = deps.clock.now();
  const token = `sess_${randomBase62(43)}`;
  const expiresAt = now + deps.config.sessionTtlHours * 3_600_000;
  const db = deps.database.db;
  await deleteExpiredSessions(db, subjectType, subjectId, now);
  await insertSession(db, {
    id: newId('ses', now),
    token_hash: sha256Hex(token),
    subject_type: subjectType,
    subject_id: subjectId,
    created_at: now,
    expires_at: expiresAt,
    method,
    key_environment: key?.environment ?? null,
    key_hash: key?.hash ?? null,
    last_used_at: now,
    ip_address: printable(client?.ip, ADDRESS_MAX),
    user_agent: printable(client?.userAgent, USER_AGENT_MAX),
    member_id: memberId,
  });
  // The expired ones are gone: what is left beyond the cap are the oldest live sessions.
  await trimSessionsOfSubject(db, subjectType, subjectId, SESSION_CAP);
  // Every session a member opens is a sign-in the account's member list shows.
  if (memberId !== null) await recordSignIn(db, memberId, now);
  return { token, expiresAt };
}

/**
 * The answer of every sign-in that opened a session (password, its second step, a pasted key, a finished sign-up, an
 * accepted invitation): the session cookie set, the body returned.
 */
export function answerSignIn<O extends { session: Opened; body: unknown }>(deps: Pick<Deps, 'clock' | 'publicUrl'>, reply: FastifyReply, out: O): O['body'] {
  setSessionCookie(deps, reply, out.session);
  return out.body;
}

/** Sets the session cookie (HttpOnly, SameSite=Lax, Secure when the service is served over https). */
export function setSessionCookie(deps: Pick<Deps, 'clock' | 'publicUrl'>, reply: FastifyReply, s: Opened): void {
  reply.setCookie(SESSION_COOKIE, s.token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: deps.publicUrl.base.startsWith('https://'),
    maxAge: Math.max(1, Math.floor((s.expiresAt - deps.clock.now()) / 1000)),
  });
}

export function clearSessionCookie(deps: Pick<Deps, 'publicUrl'>, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: deps.publicUrl.base.startsWith('https://') });
}

async function partnerAccount(deps: Pick<Deps, 'database'>, partnerId: string): Promise<PartnerAccount> {
  const db = deps.database.db;
  const [p, keys] = await Promise.all([findPartnerById(db, partnerId), keysOfPartner(db, partnerId)]);
  if (!p) throw errors.sessionExpired('Session expired or invalid: sign in again');
  return toPartnerAccount(p, keys);
}

function sessionBody(s: Opened) {
  return { token: s.token, token_type: 'bearer' as const, expires_at: iso(s.expiresAt) };
}

/** A session for an account that sign-up has just created (its link followed): the same answer as a sign-in. */
export async function openSignUpSession(deps: SessionDeps, partnerId: string, client: ClientInfo) {
  const owner = await firstOwnerOfPartner(deps.database.db, partnerId);
  const s = await openSession(deps, 'partner', partnerId, 'signup', null, client, owner?.id ?? null);
  return { session: s, body: { ...sessionBody(s), partner: await partnerAccount(deps, partnerId) } };
}

/** Checks a password against a stored hash, or against a dummy one so unknown accounts cost the same time. */
async function checkPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  // An administrator created by single sign-on has no password (''): checked against the dummy too, so the time tells nothing.
  const ok = await verifyPassword(password, stored || (await dummyPasswordHash()));
  return ok && !!stored;
}

/**
 * Password sign-in. A suspended account answers 403 whether the password was right or not, and
 * every attempt on it counts as a failure toward the lockout: neither the answer nor the lockout
 * (a right password would otherwise reset the count) tells a guesser that a password was right.
 */
export async function partnerLogin(deps: SessionDeps, email: string, password: string, client: ClientInfo) {
  const attempt = await beginAttempt(deps, [
    { scope: emailScope('partner', email), resetOnSuccess: true },
    { scope: ipScope(client.ip), resetOnSuccess: false },
  ]);
  // Every login of an account is one of its members (the account's first login is its owner); an invited member
  // has no password until it accepts.
  const m = await findMemberByEmail(deps.database.db, email.trim());
  const ok = await checkPassword(password, m?.status === 'active' ? m.password_hash : null);
  const p = m ? await findPartnerById(deps.database.db, m.partner_id) : undefined;
  if (p && Number(p.active) !== 1) {
    await attempt.failed();
    throw errors.suspended();
  }
  if (!ok || !p) {
    await attempt.failed();
    throw errors.invalidCredentials(BAD_CREDENTIALS);
  }
  await requireNoSecondFactor(deps, attempt, { type: 'member', id: m!.id });
  await attempt.succeeded();
  const s = await openSession(deps, 'partner', p.id, 'password', null, client, m!.id);
  return { session: s, body: { ...sessionBody(s), partner: await partnerAccount(deps, p.id) } };
}

/** A session for a member who has just accepted an invitation: the same answer as a sign-in. */
export async function openMemberSession(deps: SessionDeps, partnerId: string, memberId: string, client: ClientInfo) {
  const s = await openSession(deps, 'partner', partnerId, 'password', null, client, memberId);
  return { session: s, body: { ...sessionBody(s), partner: await partnerAccount(deps, partnerId) } };
}

/** The portal's second way in: paste one of your API keys. Failures count against the client address. */
export async function keyLogin(deps: SessionDeps, key: string, client: ClientInfo) {
  const attempt = await beginAttempt(deps, [{ scope: ipScope(client.ip), resetOnSuccess: false }]);
  const keyHash = sha256Hex(key);
  // The key a roll replaced opens a session too while its overlap lasts (the session ends with the overlap).
  const slot = (await keyByHash(deps.database.db, keyHash)) ?? (await slotByPreviousHash(deps.database.db, keyHash, deps.clock.now()));
  if (!slot) {
    await attempt.failed();
    throw errors.unauthorized(BAD_KEY);
  }
  await attempt.succeeded();
  const p = await findPartnerById(deps.database.db, slot.partner_id);
  if (!p) throw errors.unauthorized(BAD_KEY);
  if (Number(p.active) !== 1) throw errors.suspended();
  // Refused as every other use of a live key before production access is (the key guard's rule): a session opened
  // with it would read and change the live environment the key itself may not touch yet.
  if (slot.environment === 'live' && p.activated_at === null) throw errors.productionNotEnabled();
  const s = await openSession(deps, 'partner', p.id, 'api_key', { environment: slot.environment, hash: keyHash }, client);
  return { session: s, body: { ...sessionBody(s), partner: await partnerAccount(deps, p.id) } };
}

function adminAccount(a: { id: string; email: string; created_at: number }): AdminAccount {
  return { id: a.id, email: a.email, created_at: iso(Number(a.created_at)) };
}

export async function adminLogin(deps: SessionDeps, email: string, password: string, client: ClientInfo) {
  if (!deps.config.adminPasswordLogin) throw errors.passwordLoginDisabled();
  const attempt = await beginAttempt(deps, [
    { scope: emailScope('admin', email), resetOnSuccess: true },
    { scope: ipScope(client.ip), resetOnSuccess: false },
  ]);
  const a = await findAdminByEmail(deps.database.db, email);
  if (!(await checkPassword(password, a?.password_hash))) {
    await attempt.failed();
    throw errors.invalidCredentials(BAD_CREDENTIALS);
  }
  await requireNoSecondFactor(deps, attempt, { type: 'admin', id: a!.id });
  await attempt.succeeded();
  const s = await openSession(deps, 'admin', a!.id, 'password', null, client);
  await audit(deps.database.db, { type: 'admin', id: a!.id }, deps.clock.now(), 'admin.login', 'admin', a!.id);
  return { session: s, body: { ...sessionBody(s), admin: adminAccount(a!) } };
}

/** An administrator's session opened by single sign-on (oidc.ts): the same answer and cookie as a password sign-in. */
export async function openAdminSession(deps: SessionDeps, adminId: string, method: 'oidc', client: ClientInfo): Promise<Opened> {
  const s = await openSession(deps, 'admin', adminId, method, null, client);
  await audit(deps.database.db, { type: 'admin', id: adminId }, deps.clock.now(), 'admin.login', 'admin', adminId, {
    method,
    // The identity provider checked the second factor (it is required there); the service did not ask for one.
    second_factor: 'identity_provider',
  });
  return s;
}

export async function partnerMe(deps: Pick<Deps, 'database'>, partnerId: string, session: SessionPrincipal, member: SessionMember | null, role: MemberRole) {
  const db = deps.database.db;
  const [account, mfa, p] = await Promise.all([
    partnerAccount(deps, partnerId),
    member === null ? Promise.resolve([]) : factorsOf(deps, { type: 'member', id: member.id }),
    findPartnerById(db, partnerId),
  ]);
  return {
    ...account,
    mfa_enabled: mfa.length > 0,
    mfa_factors: mfa,
    // Held to enrolment: the account requires a factor of every member and this one has none (the guard's rule).
    mfa_enrolment_required: member !== null && mfa.length === 0 && Number(p?.require_mfa ?? 0) === 1,
    member: member === null ? null : { id: member.id, email: member.email, name: member.name, role: member.role },
    role,
    session_expires_at: iso(session.expiresAt),
    // The guard read the session's method with the session itself.
    session_method: session.method,
    session_environment: session.keyEnvironment,
  };
}

export async function adminMe(deps: Pick<Deps, 'config' | 'database'>, adminId: string, session: SessionPrincipal) {
  const a = await findAdminById(deps.database.db, adminId);
  if (!a) throw errors.sessionExpired('Session expired or invalid: sign in again');
  const factors = await factorsOf(deps, { type: 'admin', id: adminId });
  const mfa = factors.length > 0;
  return {
    ...adminAccount(a),
    session_expires_at: iso(session.expiresAt),
    mfa_enabled: mfa,
    mfa_factors: factors,
    mfa_enrolment_required: !mfa && (await adminEnrolmentPending(deps, adminId, session.method)),
    password_set: a.password_hash !== '',
  };
}

// ---------- the second factor's step ----------

/**
 * After a right password: an account with a second factor gets no session yet but 401 `mfa_required` with the
 * token of its second step. The password's attempt is given back without clearing earlier failures, so wrong
 * codes keep counting toward the lockout across sign-ins.
 */
async function requireNoSecondFactor(deps: Pick<Deps, 'clock' | 'database'>, attempt: Attempt, subject: { type: 'member' | 'admin'; id: string }): Promise<void> {
  if (!(await mfaEnabled(deps, subject))) return;
  await attempt.succeeded({ keepFailures: true });
  throw errors.mfaRequired(await startChallenge(deps, subject), await factorsOf(deps, subject));
}

/**
 * The sign-in's second step: the token of a right password and a code (of the app, or a recovery code).
 * A wrong code counts toward the lockout of the account's email and of the client address, as a wrong
 * password does; the token works until it is used or expires.
 */
async function completeMfa(deps: Pick<Deps, 'clock' | 'database' | 'secrets'>, role: 'partner' | 'admin', body: MfaLogin, client: ClientInfo): Promise<{ id: string; email: string; partnerId: string | null }> {
  // A partner sign-in's challenge names the member who signed in; an administrator's, the administrator.
  const challenge = await openChallenge(deps, role === 'partner' ? 'member' : 'admin', body.mfa_token);
  const db = deps.database.db;
  let account: { id: string; email: string; partnerId: string | null; active: boolean } | undefined;
  if (role === 'partner') {
    const m = await findMemberById(db, challenge.subject.id);
    const p = m && m.status === 'active' ? await findPartnerById(db, m.partner_id) : undefined;
    if (m && p) account = { id: m.id, email: m.email, partnerId: p.id, active: Number(p.active) === 1 };
  } else {
    const a = await findAdminById(db, challenge.subject.id);
    if (a) account = { id: a.id, email: a.email, partnerId: null, active: true };
  }
  if (!account) throw errors.mfaTokenInvalid();
  const attempt = await beginAttempt(deps, [
    { scope: emailScope(role, account.email), resetOnSuccess: true },
    { scope: ipScope(client.ip), resetOnSuccess: false },
  ]);
  if (!account.active) {
    await attempt.failed();
    throw errors.suspended();
  }
  const checked = await useCode(deps, challenge.subject, body.code, { recovery: true });
  if (!checked.ok) {
    await attempt.failed();
    throw errors.mfaCodeInvalid(checked.detail);
  }
  await attempt.succeeded();
  if (!(await finishChallenge(deps, challenge.id))) throw errors.mfaTokenInvalid();
  return { id: account.id, email: account.email, partnerId: account.partnerId };
}

export async function partnerLoginMfa(deps: MfaSignInDeps, body: MfaLogin, client: ClientInfo) {
  const m = await completeMfa(deps, 'partner', body, client);
  const partnerId = m.partnerId!;
  const s = await openSession(deps, 'partner', partnerId, 'password', null, client, m.id);
  return { session: s, body: { ...sessionBody(s), partner: await partnerAccount(deps, partnerId) } };
}

export async function adminLoginMfa(deps: MfaSignInDeps, body: MfaLogin, client: ClientInfo) {
  const a = await completeMfa(deps, 'admin', body, client);
  const s = await openSession(deps, 'admin', a.id, 'password', null, client);
  await audit(deps.database.db, { type: 'admin', id: a.id }, deps.clock.now(), 'admin.login', 'admin', a.id, { second_factor: true });
  const row = await findAdminById(deps.database.db, a.id);
  if (!row) throw errors.sessionExpired();
  return { session: s, body: { ...sessionBody(s), admin: adminAccount(row) } };
}

/**
 * A partner session a passkey opened (passkeys/service.ts checked it): as the sign-in's second step (`password`, the
 * first factor) or password-less (`passkey`). The same answer and cookie as a sign-in.
 */
export async function openPartnerPasskeySession(deps: SessionDeps, partnerId: string, memberId: string, method: 'password' | 'passkey', client: ClientInfo) {
  const s = await openSession(deps, 'partner', partnerId, method, null, client, memberId);
  return { session: s, body: { ...sessionBody(s), partner: await partnerAccount(deps, partnerId) } };
}

/** An administrator's session a passkey opened, as openPartnerPasskeySession; audited as every administrator sign-in is. */
export async function openAdminPasskeySession(deps: SessionDeps, adminId: string, method: 'password' | 'passkey', client: ClientInfo) {
  const s = await openSession(deps, 'admin', adminId, method, null, client);
  await audit(deps.database.db, { type: 'admin', id: adminId }, deps.clock.now(), 'admin.login', 'admin', adminId, { method, second_factor: 'passkey' });
  const row = await findAdminById(deps.database.db, adminId);
  if (!row) throw errors.sessionExpired();
  return { session: s, body: { ...sessionBody(s), admin: adminAccount(row) } };
}

/**
 * Ends the presented session of the given role. Works for a suspended partner too
 * (signing out is always allowed); another role's session is a 403.
 */
export async function logout(deps: Pick<Deps, 'clock' | 'database'>, token: string | null, role: 'partner' | 'admin'): Promise<void> {
  if (!token) throw errors.sessionRequired('Not signed in: send Authorization: Bearer <session token> or the session cookie');
  const s = await findSessionByHash(deps.database.db, sha256Hex(token));
  if (!s || Number(s.expires_at) <= deps.clock.now()) throw errors.sessionExpired('Session expired or invalid: sign in again');
  if (s.subject_type !== role) throw errors.forbidden(role === 'admin' ? 'This operation needs an administrator session' : 'This operation needs a partner session');
  await deleteSession(deps.database.db, s.id);
}

// ---------- the account's own sessions ----------

const METHODS = new Set(['password', 'api_key', 'signup', 'oidc', 'passkey']);

/** A partner session sees and ends only the sessions of its own member (a key-opened one: the key-opened ones). */
function memberFilter(session: SessionPrincipal): string | null | undefined {
  return session.subjectType === 'partner' ? session.memberId : undefined;
}

/** The account's live sessions, newest first; `current` marks the one presented. Never a token or hash. */
export async function listSessions(deps: Pick<Deps, 'clock' | 'database'>, session: SessionPrincipal): Promise<SessionList> {
  const rows = await liveSessionsOfSubject(deps.database.db, session.subjectType, session.subjectId, deps.clock.now(), memberFilter(session));
  const items: SessionInfo[] = rows.map((r) => {
    const createdAt = Number(r.created_at);
    return {
      id: r.id,
      // Sessions are opened only by the three methods; anything else was written by hand and reads as a password session.
      method: (METHODS.has(r.method) ? r.method : 'password') as SessionInfo['method'],
      key_environment: r.method === 'api_key' ? r.key_environment : null,
      created_at: iso(createdAt),
      last_used_at: iso(r.last_used_at === null ? createdAt : Number(r.last_used_at)),
      expires_at: iso(Number(r.expires_at)),
      ip_address: r.ip_address,
      user_agent: r.user_agent,
      current: r.id === session.sessionId,
    };
  });
  return { items, count: items.length };
}

/**
 * Ends one of the account's live sessions: 404 for any id that is not one (another account's
 * included, so ids of other accounts cannot be probed). Ending the presented one is signing out.
 */
export async function revokeSession(deps: Pick<Deps, 'clock' | 'database'>, session: SessionPrincipal, sessionId: string) {
  const db = deps.database.db;
  const now = deps.clock.now();
  const n = await deleteLiveSessionOfSubject(db, session.subjectType, session.subjectId, sessionId, now, memberFilter(session));
  if (n === 0) throw errors.notFound(`No session with id '${sessionId}'`);
  const current = sessionId === session.sessionId;
  await audit(db, { type: session.subjectType, id: session.subjectId }, now, 'session.revoke', session.subjectType, session.subjectId, { session_id: sessionId, current });
  return { revoked: true, session_id: sessionId, current };
}

/** Ends every session of the account but the presented one; answers how many ended. */
export async function revokeOtherSessions(deps: Pick<Deps, 'clock' | 'database'>, session: SessionPrincipal) {
  const db = deps.database.db;
  const now = deps.clock.now();
  // Expired rows first, so the count is of sessions that were still alive.
  await deleteExpiredSessions(db, session.subjectType, session.subjectId, now);
  const revoked = await deleteSessionsOfSubject(db, session.subjectType, session.subjectId, session.sessionId, memberFilter(session));
  await audit(db, { type: session.subjectType, id: session.subjectId }, now, 'session.revoke_others', session.subjectType, session.subjectId, { revoked });
  return { revoked };
}
