/**
 * Email verification: mail goes only to addresses whose owner has followed a link.
 *
 * - The account email: a self sign-up is verified by the link that creates it (signup.ts); an account
 *   left unverified (one signed up before that, when sign-up created the account at once) can ask
 *   for a link (each new link supersedes the previous ones). Operator-created partners are
 *   verified from the start (the operator vouches for the address).
 * - Alert addresses (`notify_email` of the usage alerts): an address other than the account email
 *   needs its own link; once followed, the address stays verified for the partner (both
 *   environments) in `verified_emails`.
 *
 * A link is `${PUBLIC_BASE_URL}/portal/verify-email?token=vfy_…` (256 random bits; only the SHA-256
 * is stored), valid 48 hours, usable once, for one address: one endpoint verifies either kind.
 * A partner gets at most MAIL_BUDGET links per hour. Verification mails carry no text a partner
 * wrote: only the platform's words, the link and the partner id.
 */
import type { Deps } from '../../context.js';
import type { Executor } from '../../db/database.js';
import { errors } from '../../http/errors.js';
import { randomBase62, sha256Hex } from '../../lib/crypto.js';
import { emailKey } from '../../lib/email.js';
import { newId } from '../../lib/ids.js';
import { iso } from '../../lib/time.js';
import { findPartnerById, markPartnerEmailVerified } from '../partners/repo.js';
import { audit } from './common.js';
import {
  addVerifiedEmail,
  findVerificationByHash,
  insertVerification,
  isVerifiedEmail,
  supersedeVerifications,
  useVerification,
  verificationTimesAfter,
} from './verification-repo.js';

/** What writing a verification link and mailing it uses. */
type VerificationMailDeps = Pick<Deps, 'clock' | 'database' | 'mailer' | 'publicUrl'>;

export const VERIFICATION_TTL_MS = 48 * 3_600_000;
/** Links (so verification mails) one partner may be sent per MAIL_BUDGET_WINDOW_MS, every kind together. */
export const MAIL_BUDGET = 5;
export const MAIL_BUDGET_WINDOW_MS = 3_600_000;
/** Links are kept this long after they expire (so an old link answers "expired", not "unknown"), then pruned. */
export const VERIFICATION_RETENTION_MS = 30 * 24 * 3_600_000;

export type VerificationPurpose = 'account' | 'notify_email';

/** The form an address is compared and stored under (never the address itself). */
export function emailHash(email: string): string {
  return sha256Hex(emailKey(email));
}

export function sameEmail(a: string, b: string): boolean {
  return emailKey(a) === emailKey(b);
}

/** 429 when the partner has used its hourly budget of verification mails. */
export async function checkMailBudget(deps: Pick<Deps, 'clock'>, db: Executor, partnerId: string): Promise<void> {
  const now = deps.clock.now();
  const times = await verificationTimesAfter(db, partnerId, now - MAIL_BUDGET_WINDOW_MS);
  if (times.length < MAIL_BUDGET) return;
  // The budget frees up when the oldest link of the window leaves it.
  const freeAt = times[times.length - MAIL_BUDGET] + MAIL_BUDGET_WINDOW_MS;
  throw errors.verificationMailLimited((freeAt - now) / 1000, `At most ${MAIL_BUDGET} verification mails per hour for one account: try again later`);
}

function linkOf(deps: Pick<Deps, 'publicUrl'>, token: string): string {
  return `${deps.publicUrl.base}/portal/verify-email?token=${token}`;
}

/** Writes a new link for the address (superseding the open ones it replaces) and mails it. */
async function issue(deps: VerificationMailDeps, partnerId: string, purpose: VerificationPurpose, to: string): Promise<{ expiresAt: number }> {
  const now = deps.clock.now();
  const token = `vfy_${randomBase62(43)}`;
  const hash = emailHash(to);
  const expiresAt = now + VERIFICATION_TTL_MS;
  await deps.database.tx(async (trx) => {
    // An account has one address: every open link for it goes. An alert address's links go only for that address.
    await supersedeVerifications(trx, partnerId, purpose, purpose === 'account' ? null : hash, now);
    await insertVerification(trx, {
      id: newId('evf', now),
      token_hash: sha256Hex(token),
      partner_id: partnerId,
      purpose,
      email_hash: hash,
      created_at: now,
      expires_at: expiresAt,
      used_at: null,
      superseded_at: null,
    });
  });
  const link = linkOf(deps, token);
  const until = iso(expiresAt);
  const base = deps.publicUrl.base;
  if (purpose === 'account') {
    await deps.mailer.send({
      kind: 'email_verification',
      to,
      subject: 'Confirm your email address',
      text: [
        `A partner account was created at ${base} with this email address.`,
        'If it was you, confirm the address by opening this link:',
        '',
        link,
        '',
        `The link works once and until ${until} (48 hours).`,
        'If you did not create an account, ignore this message: no other mail is sent to an unconfirmed address.',
        '',
        `Partner: ${partnerId}`,
      ].join('\n'),
    });
  } else {
    await deps.mailer.send({
      kind: 'notify_email_verification',
      to,
      subject: 'Confirm this address for usage alerts',
      text: [
        `A partner account at ${base} asked to send its usage alerts to this email address.`,
        'If you expect these alerts, confirm the address by opening this link:',
        '',
        link,
        '',
        `The link works once and until ${until} (48 hours).`,
        'Otherwise ignore this message: no alert is sent to an unconfirmed address.',
        '',
        `Partner: ${partnerId}`,
      ].join('\n'),
    });
  }
  return { expiresAt };
}

export interface ResendAnswer {
  sent: boolean;
  detail: string;
  expires_at: string | null;
}

/** POST /api/auth/partner/verify-email/resend: a new link for the account email (202), or nothing to do (200). */
export async function resendAccountVerification(deps: VerificationMailDeps, partnerId: string): Promise<ResendAnswer> {
  const p = await findPartnerById(deps.database.db, partnerId);
  if (!p) throw errors.sessionExpired('Session expired or invalid: sign in again');
  if (p.email_verified_at !== null) return { sent: false, detail: 'The account email is already verified', expires_at: null };
  await checkMailBudget(deps, deps.database.db, partnerId);
  const { expiresAt } = await issue(deps, partnerId, 'account', p.email);
  return { sent: true, detail: 'A new verification link was sent to the account email; earlier links no longer work', expires_at: iso(expiresAt) };
}

/**
 * A link for an alert address (the caller checked the budget and that the address needs one).
 * Earlier links for the same address no longer work.
 */
export async function sendNotifyEmailVerification(deps: VerificationMailDeps, partnerId: string, address: string): Promise<{ expiresAt: number }> {
  return issue(deps, partnerId, 'notify_email', address);
}

/** Whether the partner has verified this alert address (the account email is judged by the account's own state). */
export function isVerifiedAlertAddress(db: Executor, partnerId: string, address: string): Promise<boolean> {
  return isVerifiedEmail(db, partnerId, emailHash(address));
}

/**
 * POST /api/auth/partner/verify-email: uses a link. No session is needed (the link may be opened in
 * another browser); the token alone proves the mailbox. Unknown: 400; used: 410; expired, replaced
 * by a newer link, or for an address the account no longer has: 410.
 */
export async function verifyEmailToken(deps: Pick<Deps, 'clock' | 'database'>, token: string): Promise<{ detail: string; purpose: VerificationPurpose }> {
  const now = deps.clock.now();
  return deps.database.tx(async (trx) => {
    const row = await findVerificationByHash(trx, sha256Hex(token));
    if (!row) throw errors.verificationTokenInvalid();
    if (row.used_at !== null) throw errors.verificationTokenUsed();
    if (row.superseded_at !== null) throw errors.verificationTokenExpired('This verification link was replaced by a newer one: open the latest link you received');
    if (Number(row.expires_at) <= now) throw errors.verificationTokenExpired();
    const purpose = row.purpose as VerificationPurpose;
    if (purpose === 'account') {
      const p = await findPartnerById(trx, row.partner_id);
      if (!p) throw errors.verificationTokenInvalid();
      if (emailHash(p.email) !== row.email_hash) throw errors.verificationTokenExpired('This verification link is for an address the account no longer has');
      if (!(await useVerification(trx, row.id, now))) throw errors.verificationTokenUsed();
      await markPartnerEmailVerified(trx, row.partner_id, now);
      await audit(trx, { type: 'partner', id: row.partner_id }, now, 'partner.email_verified', 'partner', row.partner_id, { purpose });
      return { detail: 'Your email address is verified', purpose };
    }
    if (!(await useVerification(trx, row.id, now))) throw errors.verificationTokenUsed();
    await addVerifiedEmail(trx, row.partner_id, row.email_hash, now);
    await audit(trx, { type: 'partner', id: row.partner_id }, now, 'partner.email_verified', 'partner', row.partner_id, { purpose });
    return { detail: 'This address is verified: usage alerts can be sent to it', purpose };
  });
}
