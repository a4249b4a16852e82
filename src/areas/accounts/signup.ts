/**
 * Self sign-up in two steps, so that the answer never tells whether an address has an account:
 *
 * 1. `POST /api/auth/partner/register` checks the form (422 naming a broken rule, the password policy included: none
 *    of that depends on the address being known) and answers the same 200 "check your inbox" at once for every
 *    address. The rest runs after the answer (deps.background), as a password reset's does: for an address without
 *    an account, a sign-up request is stored (the password's scrypt hash, company and contact name) and a link is
 *    mailed to it; for an address with one, its owner is mailed that someone tried to sign up with it (and how to sign
 *    in or reset the password). No account exists before the link is followed, so signing in afterwards tells nothing
 *    either: an unknown address and a wrong password answer the same 401.
 * 2. `POST /api/auth/partner/register/confirm {token, password}` (the link's page) creates the account, its email
 *    verified by the link, and signs it in (the answer of a sign-in). The password chosen at sign-up is asked again:
 *    the owner of an address who opens a link that someone else's sign-up sent there cannot finish that sign-up (and
 *    end up in an account whose password a stranger knows). A wrong password counts toward the sign-in lockout of
 *    the client address.
 *
 * The link (`sup_` + 43 base62, ~256 bits, stored as SHA-256 only) lives SIGNUP_TTL_MS and works once; each sign-up
 * gets its own link. Requests are limited per client address (the route's public write limit) and per address
 * (SIGNUP_LIMIT_PER_EMAIL per SIGNUP_LIMIT_WINDOW_MS, known or not), which also bounds the mail an address can be
 * sent. The mails carry no text the person wrote (no company or contact name): only the platform's sentences.
 */
import type { Deps } from '../../context.js';
import { errors } from '../../http/errors.js';
import { hashPassword, randomBase62, sha256Hex, verifyPassword } from '../../lib/crypto.js';
import { emailKey } from '../../lib/email.js';
import { newId } from '../../lib/ids.js';
import { iso } from '../../lib/time.js';
import { findPartnerByEmail } from '../partners/repo.js';
import { createPartner } from '../partners/service.js';
import { tooMany } from '../metering/rate-limit.js';
import { audit, isUniqueViolation } from './common.js';
import { beginAttempt, ipScope } from './lockout.js';
import { requireAcceptablePassword } from './passwords.js';
import type { PartnerRegister, SignUpConfirm } from './schemas.js';
import { openSignUpSession, type ClientInfo } from './sessions.js';
import { findSignUpRequestByHash, insertSignUpRequest, useSignUpRequest } from './signup-repo.js';

/** How long a sign-up link works. */
export const SIGNUP_TTL_MS = 48 * 3_600_000;
/** Sign-up requests kept this long after their link expired (then pruned, password hash included). */
export const SIGNUP_RETENTION_MS = 7 * 24 * 3_600_000;
/** Sign-ups per address (known or not) within SIGNUP_LIMIT_WINDOW_MS: also the most sign-up mail an address gets. */
export const SIGNUP_LIMIT_PER_EMAIL = 3;
export const SIGNUP_LIMIT_WINDOW_MS = 15 * 60_000;

export const SIGNUP_ACCEPTED =
  'Check your inbox: we sent a link to this address to finish creating your account. It works once, for 48 hours. ' +
  'If nothing arrives within a few minutes, check the address and your spam folder, or sign up again.';

const ACCOUNT_EXISTS = 'An account with this email address already exists: sign in, or reset its password';

/** Accepts a sign-up: the same checks, work and answer for every address; the rest runs after the answer. */
export async function requestSignUp(deps: Pick<Deps, 'background' | 'clock' | 'database' | 'limiter' | 'mailer' | 'metrics' | 'publicUrl'>, body: PartnerRegister): Promise<{ detail: string; email: string }> {
  const email = body.email.trim();
  requireAcceptablePassword(['body', 'password'], body.password, { email });
  const d = await deps.limiter.hit(`signup:email:${sha256Hex(emailKey(email))}`, SIGNUP_LIMIT_PER_EMAIL, SIGNUP_LIMIT_WINDOW_MS);
  if (!d.allowed) {
    deps.metrics.rateLimitRejected('register-email');
    throw tooMany(d);
  }
  const request = { email, password: body.password, company: body.company_name.trim(), contactName: body.contact_name.trim() };
  deps.background.run('sign-up', () => issueSignUp(deps, request));
  return { detail: SIGNUP_ACCEPTED, email };
}

interface SignUpRequest {
  email: string;
  password: string;
  company: string;
  contactName: string;
}

/** Mails the link of a new sign-up, or tells the owner of an existing account that someone tried. */
export async function issueSignUp(deps: Pick<Deps, 'clock' | 'database' | 'mailer' | 'publicUrl'>, r: SignUpRequest): Promise<void> {
  const base = deps.publicUrl.base;
  const now = deps.clock.now();
  const existing = await findPartnerByEmail(deps.database.db, r.email);
  if (existing) {
    await audit(deps.database.db, { type: 'server', id: null }, now, 'partner.signup_existing', 'partner', existing.id);
    await deps.mailer.send({
      kind: 'signup_existing_account',
      to: existing.email,
      subject: 'Someone tried to sign up with your email address',
      text: [
        `Someone asked to create a partner account at ${base} with this email address, which already has an account.`,
        'No account was created and nothing of yours changed.',
        '',
        `If it was you, sign in: ${base}/portal/sign-in`,
        `or, if you forgot your password, reset it: ${base}/portal/forgot-password`,
        '',
        'If it was not you, ignore this message.',
      ].join('\n'),
    });
    return;
  }
  const token = `sup_${randomBase62(43)}`;
  const expiresAt = now + SIGNUP_TTL_MS;
  await insertSignUpRequest(deps.database.db, {
    id: newId('sup', now),
    token_hash: sha256Hex(token),
    email: r.email,
    password_hash: await hashPassword(r.password),
    company: r.company,
    contact_name: r.contactName,
    created_at: now,
    expires_at: expiresAt,
    used_at: null,
  });
  await deps.mailer.send({
    kind: 'signup_confirmation',
    to: r.email,
    subject: 'Finish creating your account',
    text: [
      `Someone asked to create a partner account at ${base} with this email address.`,
      'If it was you, open this link and enter the password you chose to finish:',
      '',
      `${base}/portal/sign-up/confirm?token=${token}`,
      '',
      `The link works once and until ${iso(expiresAt)} (48 hours).`,
      'If it was not you, ignore this message: no account is created without the link and that password.',
    ].join('\n'),
  });
}

/**
 * Follows a sign-up link: with the password chosen at sign-up, creates the account (its email verified, not
 * production-enabled) and signs it in. 400/410 for an unknown, used or expired link; 401 for another password
 * (counted toward the client address's sign-in lockout); 409 when the address got an account meanwhile.
 */
export async function confirmSignUp(deps: Pick<Deps, 'clock' | 'config' | 'database' | 'secrets'>, body: SignUpConfirm, client: ClientInfo) {
  const db = deps.database.db;
  const row = await findSignUpRequestByHash(db, sha256Hex(body.token));
  if (!row) throw errors.verificationTokenInvalid('This sign-up link is not valid: check that the whole link was opened, or sign up again');
  if (row.used_at !== null) throw errors.verificationTokenUsed('This sign-up link was already used: sign in with your email and password');
  if (Number(row.expires_at) <= deps.clock.now()) throw errors.verificationTokenExpired('This sign-up link has expired: sign up again');
  const attempt = await beginAttempt(deps, [{ scope: ipScope(client.ip), resetOnSuccess: false }]);
  if (!(await verifyPassword(body.password, row.password_hash))) {
    await attempt.failed();
    throw errors.invalidCredentials('This is not the password chosen when signing up');
  }
  await attempt.succeeded();

  const now = deps.clock.now();
  let partnerId: string | null;
  try {
    partnerId = await deps.database.tx(async (trx) => {
      // Once: a second request with the same link (or one that expired meanwhile) finds it used.
      if (!(await useSignUpRequest(trx, row.id, now))) return null;
      const p = await createPartner(deps, trx, {
        email: row.email,
        company: row.company,
        name: row.contact_name,
        passwordHash: row.password_hash,
        activated: false,
        signupSource: 'self-signup',
        // The link was followed: the owner of the address asked for this account.
        emailVerified: true,
      });
      await audit(trx, { type: 'partner', id: p.id }, now, 'partner.register', 'partner', p.id, { email: p.email });
      return p.id;
    });
  } catch (err) {
    if (isUniqueViolation(err) || (err as { code?: string }).code === 'conflict') throw errors.conflict(ACCOUNT_EXISTS);
    throw err;
  }
  if (partnerId === null) throw errors.verificationTokenUsed('This sign-up link was already used: sign in with your email and password');
  return openSignUpSession(deps, partnerId, client);
}
