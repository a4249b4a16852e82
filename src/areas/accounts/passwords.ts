/**
 * Passwords: the policy applied where a password is set, the change by a signed-in partner or
 * administrator, the partner's reset by email, and the operator's `admin set-password`.
 *
 * - Change: the current password is checked like a sign-in (it counts toward the lockout of the
 *   account's email and of the client address); success ends every OTHER session of the account.
 * - Reset: a request answers the same 202 at once for any email; the look-up, the token and the mail
 *   happen after the answer (deps.background), so neither the answer nor its timing tells whether the
 *   account exists. The token (`pwr_` + 43 base62, ~256 bits) is stored as SHA-256 only, lives
 *   RESET_TTL_MS, works once, and the newest request replaces the older token. Confirming sets the
 *   password and ends EVERY session; it never opens one (a suspended account stays signed out).
 */
import type { Deps } from '../../context.js';
import type { SessionPrincipal } from '../../http/auth.js';
import { errors } from '../../http/errors.js';
import { dummyPasswordHash, hashPassword, randomBase62, sha256Hex, verifyPassword } from '../../lib/crypto.js';
import { emailKey } from '../../lib/email.js';
import { passwordViolation, type PasswordContext } from '../../domain/password-policy.js';
import { findPartnerByEmail, findPartnerById, setPartnerPasswordHash } from '../partners/repo.js';
import { findMemberById, firstOwnerOfPartner, memberOfPartnerByEmail, setMemberPasswordHash } from '../members/repo.js';
import { tooMany } from '../metering/rate-limit.js';
import { audit } from './common.js';
import { beginAttempt, clearScope, emailScope, ipScope } from './lockout.js';
import {
  consumePasswordReset,
  deletePasswordReset,
  deleteSessionsOfSubject,
  findAdminByEmail,
  findAdminById,
  findPasswordResetByHash,
  findSessionMethod,
  setAdminPasswordHash,
  upsertPasswordReset,
} from './repo.js';
import type { PasswordChange, PasswordResetConfirm } from './schemas.js';

/** How long a reset link works. */
export const RESET_TTL_MS = 30 * 60_000;
/** Reset requests per email, and per client address, within RESET_LIMIT_WINDOW_MS. */
export const RESET_LIMIT_PER_EMAIL = 3;
export const RESET_LIMIT_PER_ADDRESS = 10;
export const RESET_LIMIT_WINDOW_MS = 15 * 60_000;

const MAIL_KIND = 'password_reset';

/** 422 at `loc` naming the rule the password breaks (the password itself is not echoed). */
export function requireAcceptablePassword(loc: (string | number)[], password: string, context: PasswordContext): void {
  const broken = passwordViolation(password, context);
  if (broken) throw errors.invalid(loc, broken.msg, null, broken.type, broken.ctx);
}

/** Checks a password against a stored hash, or against a dummy one so an account without a password costs the same time. */
async function passwordMatches(password: string, stored: string | null | undefined): Promise<boolean> {
  // An administrator created by single sign-on has no password (''): checked against the dummy, so the time tells nothing.
  const ok = await verifyPassword(password, stored || (await dummyPasswordHash()));
  return ok && !!stored;
}

// ---------- change ----------

/**
 * A session opened by pasting an API key proves the key, not the password, and acts in one
 * environment only: an account-wide credential is changed from a password (or sign-up) session.
 */
async function refuseKeySession(deps: Pick<Deps, 'database'>, session: SessionPrincipal): Promise<void> {
  if (session.keyEnvironment !== null) throw errors.passwordSessionRequired();
  const s = await findSessionMethod(deps.database.db, session.sessionId);
  if (s?.method === 'api_key') throw errors.passwordSessionRequired();
}

export async function changePassword(deps: Pick<Deps, 'clock' | 'database'>, role: 'partner' | 'admin', session: SessionPrincipal, body: PasswordChange, ip: string) {
  const db = deps.database.db;
  if (role === 'partner') await refuseKeySession(deps, session);
  // A partner's password is its member's (a session opened before members existed acts as the account's owner).
  const member =
    role === 'partner'
      ? session.memberId === null
        ? await firstOwnerOfPartner(db, session.subjectId).then((o) => (o ? findMemberById(db, o.id) : undefined))
        : await findMemberById(db, session.memberId)
      : undefined;
  const account = role === 'partner' ? (member ? { id: member.id, email: member.email, password_hash: member.password_hash } : undefined) : await findAdminById(db, session.subjectId);
  if (!account) throw errors.sessionExpired();
  requireAcceptablePassword(['body', 'new_password'], body.new_password, { email: account.email });
  if (body.new_password.normalize('NFKC') === body.current_password.normalize('NFKC')) {
    throw errors.invalid(['body', 'new_password'], 'New password should differ from the current password', null, 'password_unchanged');
  }

  const attempt = await beginAttempt(deps, [
    { scope: emailScope(role, account.email), resetOnSuccess: true },
    { scope: ipScope(ip), resetOnSuccess: false },
  ]);
  if (!(await passwordMatches(body.current_password, account.password_hash))) {
    await attempt.failed();
    throw errors.invalidCredentials('The current password is incorrect');
  }
  await attempt.succeeded();

  const passwordHash = await hashPassword(body.new_password);
  const now = deps.clock.now();
  const ended = await deps.database.tx(async (trx) => {
    let n: number;
    if (role === 'partner') {
      const partner = await findPartnerById(trx, session.subjectId);
      await setMemberPasswordHash(trx, account.id, passwordHash);
      // The account's own login (its email) keeps the partner row's copy too, and its pending reset ends.
      if (partner && partner.email_lower === account.email.toLowerCase()) {
        await setPartnerPasswordHash(trx, session.subjectId, passwordHash);
        await deletePasswordReset(trx, session.subjectId);
      }
      n = await deleteSessionsOfSubject(trx, role, session.subjectId, session.sessionId, session.memberId ?? account.id);
      await audit(trx, { type: 'member', id: account.id, email: account.email, partnerId: session.subjectId }, now, 'partner.password_change', 'partner', session.subjectId, {
        sessions_ended: n,
      });
    } else {
      await setAdminPasswordHash(trx, account.id, passwordHash);
      n = await deleteSessionsOfSubject(trx, role, account.id, session.sessionId);
      await audit(trx, { type: role, id: account.id }, now, `${role}.password_change`, role, account.id, { sessions_ended: n });
    }
    return n;
  });
  return {
    detail: ended > 0 ? `Password changed; ${ended} other session${ended === 1 ? '' : 's'} signed out` : 'Password changed',
    sessions_ended: ended,
  };
}

// ---------- reset (partners) ----------

export const RESET_ACCEPTED = 'If an account uses this email address, a link to reset its password has been sent to it. The link works once, for 30 minutes.';

async function limit(deps: Pick<Deps, 'limiter' | 'metrics'>, name: string, bucket: string, max: number): Promise<void> {
  const d = await deps.limiter.hit(bucket, max, RESET_LIMIT_WINDOW_MS);
  if (!d.allowed) {
    deps.metrics.rateLimitRejected(name);
    throw tooMany(d);
  }
}

/**
 * Accepts a reset request: the same work and answer for every email (the limits count any email, known or
 * not); the rest runs after the answer.
 */
export async function requestPasswordReset(deps: Pick<Deps, 'background' | 'clock' | 'database' | 'limiter' | 'mailer' | 'metrics' | 'publicUrl'>, email: string, ip: string): Promise<{ detail: string }> {
  // Bucket names of their own: publicWriteLimit counts `ip:<route>:<address>` per minute on the same limiter.
  await limit(deps, 'password-reset-address', `password-reset:ip:${ip}`, RESET_LIMIT_PER_ADDRESS);
  await limit(deps, 'password-reset-email', `password-reset:email:${sha256Hex(emailKey(email))}`, RESET_LIMIT_PER_EMAIL);
  deps.background.run('password reset', () => issuePasswordReset(deps, email));
  return { detail: RESET_ACCEPTED };
}

/** Issues the token and mails the link when the email is a partner's; does nothing otherwise. */
export async function issuePasswordReset(deps: Pick<Deps, 'clock' | 'database' | 'mailer' | 'publicUrl'>, email: string): Promise<void> {
  const p = await findPartnerByEmail(deps.database.db, email.trim());
  if (!p) return;
  const token = `pwr_${randomBase62(43)}`;
  const now = deps.clock.now();
  await deps.database.tx(async (trx) => {
    await upsertPasswordReset(trx, { partner_id: p.id, token_hash: sha256Hex(token), created_at: now, expires_at: now + RESET_TTL_MS });
    await audit(trx, { type: 'server', id: null }, now, 'partner.password_reset_request', 'partner', p.id);
  });
  const link = `${deps.publicUrl.base}/portal/reset-password?token=${token}`;
  // Nothing a partner wrote (company, contact name) goes into the mail: only the address it was sent to.
  await deps.mailer.send({
    kind: MAIL_KIND,
    to: p.email,
    subject: 'Reset your password',
    text: [
      `Someone asked to reset the password of the account ${p.email} at ${deps.publicUrl.base}.`,
      '',
      'To choose a new password, open this link within 30 minutes. It works once:',
      '',
      link,
      '',
      'If you did not ask for this, ignore this message: your password stays as it is.',
    ].join('\n'),
  });
}

/**
 * Sets the partner's password with a reset token: the policy applies (a refused password leaves the token
 * usable), the token is used up, every session of the account ends and the email's sign-in lockout is lifted.
 * No session is opened: the partner signs in with the new password (a suspended one is refused there, 403).
 */
export async function confirmPasswordReset(deps: Pick<Deps, 'clock' | 'database'>, body: PasswordResetConfirm) {
  const db = deps.database.db;
  const tokenHash = sha256Hex(body.token);
  const row = await findPasswordResetByHash(db, tokenHash);
  if (!row) throw errors.resetTokenInvalid();
  if (row.used_at !== null) throw errors.resetTokenUsed();
  const now = deps.clock.now();
  if (Number(row.expires_at) <= now) throw errors.resetTokenExpired();
  const p = await findPartnerById(db, row.partner_id);
  if (!p) throw errors.resetTokenInvalid();
  requireAcceptablePassword(['body', 'new_password'], body.new_password, { email: p.email });

  const passwordHash = await hashPassword(body.new_password);
  const ended = await deps.database.tx(async (trx) => {
    if (!(await consumePasswordReset(trx, tokenHash, deps.clock.now()))) return null;
    await setPartnerPasswordHash(trx, p.id, passwordHash);
    // The link went to the account's own address: it sets the password of the member with that address.
    const member = await memberOfPartnerByEmail(trx, p.id, p.email);
    if (member) await setMemberPasswordHash(trx, member.id, passwordHash);
    const n = await deleteSessionsOfSubject(trx, 'partner', p.id);
    await audit(trx, { type: 'partner', id: p.id }, now, 'partner.password_reset', 'partner', p.id, { sessions_ended: n });
    return n;
  });
  // Another request with the same token got there first (or it expired meanwhile).
  if (ended === null) throw errors.resetTokenUsed();
  await clearScope(deps, emailScope('partner', p.email));
  const suspended = Number(p.active) !== 1;
  return {
    detail: suspended
      ? 'Password set. This account is suspended: signing in stays refused until it is reactivated.'
      : 'Password set: sign in with the new password',
    sessions_ended: ended,
  };
}

// ---------- administrators (CLI) ----------

/**
 * The operator sets an administrator's password (`npm run svc -- admin set-password`): the policy applies,
 * every session of the administrator ends and the email's sign-in lockout is lifted.
 */
export async function setAdminPassword(deps: Pick<Deps, 'clock' | 'database'>, email: string, password: string): Promise<{ id: string; sessionsEnded: number }> {
  const a = await findAdminByEmail(deps.database.db, email);
  if (!a) throw errors.notFound(`No administrator with email '${email.trim()}'`);
  requireAcceptablePassword(['password'], password, { email: a.email });
  const passwordHash = await hashPassword(password);
  const now = deps.clock.now();
  const ended = await deps.database.tx(async (trx) => {
    await setAdminPasswordHash(trx, a.id, passwordHash);
    const n = await deleteSessionsOfSubject(trx, 'admin', a.id);
    await audit(trx, { type: 'server', id: null }, now, 'admin.password_set', 'admin', a.id, { sessions_ended: n, via: 'cli' });
    return n;
  });
  await clearScope(deps, emailScope('admin', a.email));
  return { id: a.id, sessionsEnded: ended };
}
