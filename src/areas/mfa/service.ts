/**
 * A second factor for whoever signs in with a password: TOTP (an authenticator app) and ten
 * single-use recovery codes, kept per subject (`partner` or `admin` now; a partner's member later).
 *
 * - Set-up: a new secret, sealed at rest, pending until a code of it is confirmed; confirming turns
 *   the factor on and answers ten recovery codes, shown once and stored as SHA-256 only.
 * - A code works once: the TOTP step it matched is kept (`last_used_step`) and a code of that step
 *   or an earlier one is refused; a recovery code is marked used.
 * - Sign-in: a right password of an account with a factor answers 401 `mfa_required` with an
 *   opaque token (`mfa_` + 43 base62, SHA-256 stored, CHALLENGE_TTL_MS, single use) that the second
 *   step (accounts/sessions.ts) trades, with a code, for the session.
 * - Every code checked on behalf of a session (turning the factor off, new recovery codes) counts
 *   toward the sign-in lockout of the account and the client address, as a password does.
 */
import { randomBytes } from 'node:crypto';
import type { Deps } from '../../context.js';
import type { Executor } from '../../db/database.js';
import type { MfaSubjectType } from '../../db/schema/mfa.js';
import type { SessionPrincipal } from '../../http/auth.js';
import { errors } from '../../http/errors.js';
import { dummyPasswordHash, randomBase62, sha256Hex, verifyPassword } from '../../lib/crypto.js';
import { newId } from '../../lib/ids.js';
import { findAdminById, findSessionMethod } from '../accounts/repo.js';
import { beginAttempt, emailScope, ipScope } from '../accounts/lockout.js';
import { writeAudit } from '../audit/repo.js';
import { findMemberById, firstOwnerOfPartner } from '../members/repo.js';
import { findPartnerById } from '../partners/repo.js';
import {
  subjectsWithConfirmedFactor,
  confirmFactor,
  consumeChallenge,
  countUnusedRecoveryCodes,
  deleteSecondFactorOfSubject,
  findChallengeByHash,
  findFactor,
  hasConfirmedFactor,
  insertChallenge,
  replacePendingFactor,
  replaceRecoveryCodes,
  useRecoveryCode,
  useStep,
} from './repo.js';
import type { MfaDisable } from './schemas.js';
import { hasSecondFactor, secondFactorAtProvider } from './guard.js';
import { countPasskeys, subjectsWithPasskey } from '../passkeys/repo.js';
import { matchingStep, newTotpSecret, otpauthUri, qrSvg } from './totp.js';

/** What the challenges, the recovery codes and the audit entries use. */
type MfaDeps = Pick<Deps, 'clock' | 'database'>;
/** What also opens or seals a factor's secret (setting up and checking a code). */
type FactorDeps = Pick<Deps, 'clock' | 'database' | 'secrets'>;

/** Who holds a factor. */
export interface MfaSubject {
  type: MfaSubjectType;
  id: string;
}

/** How long the sign-in's second step waits for its code. */
export const CHALLENGE_TTL_MS = 5 * 60_000;
export const RECOVERY_CODE_COUNT = 10;
/** The name authenticator apps show above the account. */
export const ISSUER = 'svc partner API';

// Crockford's base32 (no i, l, o, u): 12 characters, 60 bits, written as three groups of four.
const RECOVERY_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

function newRecoveryCode(): string {
  const bytes = randomBytes(12);
  let s = '';
  for (const b of bytes) s += RECOVERY_ALPHABET[b & 31];
  return `${s.slice(0, 4)}-${s.slice(4, 8)}-${s.slice(8)}`;
}

/** A recovery code as typed: case, spaces and hyphens ignored, and the letters Crockford reads as digits. */
function normaliseRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '').replace(/[il]/g, '1').replace(/o/g, '0');
}

/** A partner session's factor is its member's (a session from before members acts as the account's owner). */
export async function subjectOf(deps: Pick<Deps, 'database'>, session: SessionPrincipal): Promise<MfaSubject> {
  if (session.subjectType === 'admin') return { type: 'admin', id: session.subjectId };
  const memberId = session.memberId ?? (await firstOwnerOfPartner(deps.database.db, session.subjectId))?.id;
  if (!memberId) throw errors.sessionExpired();
  return { type: 'member', id: memberId };
}

/** The lockout scope of a subject's email: a member's is the partner sign-in's. */
function lockoutRole(subject: MfaSubject): 'partner' | 'admin' {
  return subject.type === 'admin' ? 'admin' : 'partner';
}

/** An entry naming the subject; a member's also names its email and account (as every member's entry does). */
export async function audit(deps: MfaDeps, subject: MfaSubject, action: string, details: Record<string, unknown> = {}) {
  const m = subject.type === 'member' ? await findMemberById(deps.database.db, subject.id) : undefined;
  if (m) details = { ...details, member_email: m.email, partner_id: m.partner_id };
  return writeAudit(deps.database.db, {
    at: deps.clock.now(),
    actorType: subject.type,
    actorId: subject.id,
    action,
    targetType: subject.type,
    targetId: subject.id,
    details,
  });
}

/** The email and password hash of the subject (the label of the app's entry, the password check, the lockout scope). */
export async function accountOf(deps: Pick<Deps, 'database'>, subject: MfaSubject): Promise<{ email: string; password_hash: string | null }> {
  const db = deps.database.db;
  const row =
    subject.type === 'member' ? await findMemberById(db, subject.id) : subject.type === 'partner' ? await findPartnerById(db, subject.id) : await findAdminById(db, subject.id);
  if (!row) throw errors.sessionExpired();
  return { email: row.email, password_hash: row.password_hash ?? null };
}

/**
 * A session opened by pasting an API key proves the key, not the password, and acts in one environment:
 * the account's second factor is managed from a password (or sign-up) session, as the password is.
 */
export async function refuseKeySession(deps: Pick<Deps, 'database'>, session: SessionPrincipal): Promise<void> {
  if (session.keyEnvironment !== null) throw errors.passwordSessionRequired('This session was opened with an API key: sign in with your password to manage the second factor');
  const s = await findSessionMethod(deps.database.db, session.sessionId);
  if (s?.method === 'api_key') throw errors.passwordSessionRequired('This session was opened with an API key: sign in with your password to manage the second factor');
}

/** Whether the subject has a second factor: a confirmed TOTP or a passkey. */
export function mfaEnabled(deps: Pick<Deps, 'database'>, subject: MfaSubject): Promise<boolean> {
  return hasSecondFactor(deps.database.db, subject);
}

/** Removes the subject's second factor, recovery codes and open challenges (turning it off, a member removed). */
export function forgetSecondFactor(db: Executor, subject: MfaSubject): Promise<void> {
  return deleteSecondFactorOfSubject(db, subject.type, subject.id);
}

/** The kinds of second factor the subject has: `totp` (confirmed) and `passkey` (one or more). */
export async function factorsOf(deps: Pick<Deps, 'database'>, subject: MfaSubject): Promise<('totp' | 'passkey')[]> {
  const db = deps.database.db;
  const [totp, passkeys] = await Promise.all([hasConfirmedFactor(db, subject.type, subject.id), countPasskeys(db, subject.type, subject.id)]);
  return [...(totp ? (['totp'] as const) : []), ...(passkeys > 0 ? (['passkey'] as const) : [])];
}

/** Which of these members of a partner account have a second factor (a confirmed TOTP or a passkey). */
export async function membersWithMfa(deps: Pick<Deps, 'database'>, memberIds: readonly string[]): Promise<Set<string>> {
  const db = deps.database.db;
  const [totp, passkeys] = await Promise.all([subjectsWithConfirmedFactor(db, 'member', memberIds), subjectsWithPasskey(db, 'member', memberIds)]);
  return new Set([...totp, ...passkeys]);
}

// ---------- enrolment ----------

export async function setupTotp(deps: FactorDeps, session: SessionPrincipal) {
  if (session.subjectType === 'partner') await refuseKeySession(deps, session);
  const subject = await subjectOf(deps, session);
  const db = deps.database.db;
  // A passkey is another factor beside the app: only a confirmed app stands in the way of setting one up.
  if (await hasConfirmedFactor(db, subject.type, subject.id)) {
    throw errors.conflict('A second factor is already on: turn it off first to set up another app');
  }
  const { email } = await accountOf(deps, subject);
  const secret = newTotpSecret();
  const now = deps.clock.now();
  await replacePendingFactor(db, {
    id: newId('mfa', now),
    subject_type: subject.type,
    subject_id: subject.id,
    secret_enc: deps.secrets.seal(secret),
    created_at: now,
    confirmed_at: null,
    last_used_step: null,
  });
  const uri = otpauthUri(secret, email, subject.type === 'admin' ? `${ISSUER} (administrator)` : ISSUER);
  return { otpauth_uri: uri, secret, qr_svg: await qrSvg(uri) };
}

async function newRecoveryCodes(deps: MfaDeps, subject: MfaSubject): Promise<string[]> {
  const now = deps.clock.now();
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await replaceRecoveryCodes(
    deps.database.db,
    subject.type,
    subject.id,
    codes.map((c) => ({
      id: newId('mrc', now),
      subject_type: subject.type,
      subject_id: subject.id,
      code_hash: sha256Hex(normaliseRecoveryCode(c)),
      created_at: now,
      used_at: null,
    })),
  );
  return codes;
}

export async function confirmTotp(deps: FactorDeps, session: SessionPrincipal, code: string, ip: string) {
  if (session.subjectType === 'partner') await refuseKeySession(deps, session);
  const subject = await subjectOf(deps, session);
  const db = deps.database.db;
  const factor = await findFactor(db, subject.type, subject.id);
  if (!factor) throw errors.conflict('No second factor is being set up: start with POST …/mfa/totp/setup');
  if (factor.confirmed_at !== null) throw errors.conflict('The second factor is already on');
  const { email } = await accountOf(deps, subject);
  const attempt = await beginAttempt(deps, [
    { scope: emailScope(lockoutRole(subject), email), resetOnSuccess: false },
    { scope: ipScope(ip), resetOnSuccess: false },
  ]);
  const now = deps.clock.now();
  const step = matchingStep(deps.secrets.open(factor.secret_enc), code.replace(/\s/g, ''), now);
  if (step === null) {
    await attempt.failed();
    throw errors.mfaCodeInvalid('Incorrect code: enter the 6-digit code your app shows now');
  }
  await attempt.succeeded();
  if (!(await confirmFactor(db, factor.id, now, step))) throw errors.conflict('The second factor is already on');
  const recovery_codes = await newRecoveryCodes(deps, subject);
  await audit(deps, subject, 'mfa.enrol', { method: 'totp' });
  return { recovery_codes };
}

// ---------- codes ----------

export type CodeCheck = { ok: true; kind: 'totp' | 'recovery' } | { ok: false; detail: string };

/**
 * Checks a code of the subject's confirmed factor, and uses it: a TOTP code's step is recorded (a code of
 * that step or an earlier one is refused from then on), a recovery code is marked used (audited).
 */
export async function useCode(deps: FactorDeps, subject: MfaSubject, code: string, opts: { recovery: boolean }): Promise<CodeCheck> {
  const db = deps.database.db;
  const factor = await findFactor(db, subject.type, subject.id);
  if (!factor || factor.confirmed_at === null) return { ok: false, detail: 'No second factor is on for this account' };
  const digits = code.replace(/\s/g, '');
  if (/^\d{6}$/.test(digits)) {
    const now = deps.clock.now();
    const step = matchingStep(deps.secrets.open(factor.secret_enc), digits, now);
    if (step === null) return { ok: false, detail: 'Incorrect code' };
    const last = factor.last_used_step === null ? null : Number(factor.last_used_step);
    if ((last !== null && step <= last) || !(await useStep(db, factor.id, step))) {
      return { ok: false, detail: 'This code was used already: wait for the next one' };
    }
    return { ok: true, kind: 'totp' };
  }
  if (!opts.recovery) return { ok: false, detail: 'Enter the 6-digit code your app shows' };
  const hash = sha256Hex(normaliseRecoveryCode(code));
  if (!(await useRecoveryCode(db, subject.type, subject.id, hash, deps.clock.now()))) {
    return { ok: false, detail: 'Incorrect code (a recovery code works once)' };
  }
  const left = await countUnusedRecoveryCodes(db, subject.type, subject.id);
  await audit(deps, subject, 'mfa.recovery_code_used', { recovery_codes_left: left });
  return { ok: true, kind: 'recovery' };
}

/** A code checked for a signed-in session: counted toward the sign-in lockout, 401 `mfa_code_invalid` when wrong. */
async function requireCode(deps: FactorDeps, subject: MfaSubject, email: string, ip: string, code: string, recovery: boolean): Promise<void> {
  const attempt = await beginAttempt(deps, [
    { scope: emailScope(lockoutRole(subject), email), resetOnSuccess: false },
    { scope: ipScope(ip), resetOnSuccess: false },
  ]);
  const r = await useCode(deps, subject, code, { recovery });
  if (!r.ok) {
    await attempt.failed();
    throw errors.mfaCodeInvalid(r.detail);
  }
  await attempt.succeeded();
}

export async function disableMfa(deps: FactorDeps, session: SessionPrincipal, body: MfaDisable, ip: string) {
  if (session.subjectType === 'partner') await refuseKeySession(deps, session);
  const subject = await subjectOf(deps, session);
  const db = deps.database.db;
  if (body.password === undefined && body.code === undefined) {
    throw errors.invalid(['body'], 'Send your password or a current code to turn the second factor off', body);
  }
  const factor = await findFactor(db, subject.type, subject.id);
  if (!factor || factor.confirmed_at === null) throw errors.conflict('No second factor is on for this account');
  const account = await accountOf(deps, subject);
  if (body.code !== undefined) {
    await requireCode(deps, subject, account.email, ip, body.code, true);
  } else {
    const attempt = await beginAttempt(deps, [
      { scope: emailScope(lockoutRole(subject), account.email), resetOnSuccess: false },
      { scope: ipScope(ip), resetOnSuccess: false },
    ]);
    const ok = (await verifyPassword(body.password!, account.password_hash ?? (await dummyPasswordHash()))) && account.password_hash !== null;
    if (!ok) {
      await attempt.failed();
      throw errors.invalidCredentials('The password is incorrect');
    }
    await attempt.succeeded();
  }
  await deps.database.tx((trx) => forgetSecondFactor(trx, subject));
  await audit(deps, subject, 'mfa.disable', { proof: body.code !== undefined ? 'code' : 'password' });
  return { mfa_enabled: false as const, detail: 'Second factor turned off: signing in needs the password only' };
}

export async function regenerateRecoveryCodes(deps: FactorDeps, session: SessionPrincipal, code: string, ip: string) {
  if (session.subjectType === 'partner') await refuseKeySession(deps, session);
  const subject = await subjectOf(deps, session);
  if (!(await hasConfirmedFactor(deps.database.db, subject.type, subject.id))) throw errors.conflict('No authenticator app is on for this account');
  const { email } = await accountOf(deps, subject);
  await requireCode(deps, subject, email, ip, code, false);
  const recovery_codes = await newRecoveryCodes(deps, subject);
  await audit(deps, subject, 'mfa.recovery_regenerate');
  return { recovery_codes };
}

// ---------- the sign-in's second step ----------

/** The token of a new sign-in challenge for the subject (its password was right). */
export async function startChallenge(deps: MfaDeps, subject: MfaSubject): Promise<string> {
  const now = deps.clock.now();
  const token = `mfa_${randomBase62(43)}`;
  await insertChallenge(deps.database.db, {
    id: newId('mfc', now),
    token_hash: sha256Hex(token),
    subject_type: subject.type,
    subject_id: subject.id,
    created_at: now,
    expires_at: now + CHALLENGE_TTL_MS,
    used_at: null,
  });
  return token;
}

/** The live challenge of `token` for a subject of `type`: 401 `mfa_token_invalid` (unknown, used, another role's) or `mfa_token_expired`. */
export async function openChallenge(deps: MfaDeps, type: MfaSubjectType, token: string): Promise<{ id: string; subject: MfaSubject }> {
  const row = await findChallengeByHash(deps.database.db, sha256Hex(token));
  if (!row || row.used_at !== null || row.subject_type !== type) throw errors.mfaTokenInvalid();
  if (Number(row.expires_at) <= deps.clock.now()) throw errors.mfaTokenExpired();
  return { id: row.id, subject: { type: row.subject_type, id: row.subject_id } };
}

/** Uses the challenge: false when a concurrent request used it first. */
export function finishChallenge(deps: MfaDeps, id: string): Promise<boolean> {
  return consumeChallenge(deps.database.db, id, deps.clock.now());
}

/**
 * Whether an administrator's session is held to enrolment: a factor is required, the session did not prove one at
 * the identity provider, and the administrator has none confirmed.
 */
export async function adminEnrolmentPending(deps: Pick<Deps, 'config' | 'database'>, adminId: string, sessionMethod: string): Promise<boolean> {
  if (!deps.config.adminRequireMfa || secondFactorAtProvider(sessionMethod)) return false;
  return !(await mfaEnabled(deps, { type: 'admin', id: adminId }));
}
