/**
 * Passkeys (WebAuthn, through @simplewebauthn/server) for members and administrators: a second factor after the
 * password, and a password-less sign-in on their own.
 *
 * - The relying party is PUBLIC_BASE_URL's host (rpID) and origin: a passkey works on the address users sign in at.
 * - Every challenge is made here, kept as SHA-256 only, used once, and expires after CHALLENGE_TTL_MS. It is bound
 *   to what asked for it: a registration to the session, a second step to its `mfa_token`'s challenge, a
 *   password-less sign-in to the role. An answer names its challenge inside the signed client data: the service
 *   looks that challenge up among those it handed out and uses it before verifying, so an answer works once.
 * - The signature counter: an answer whose counter does not go up (when either is non-zero) comes from a copy of
 *   the authenticator; it is refused and audited (`passkey.counter_regression`). The counter is stored with
 *   compare-and-set, so two answers with the same counter cannot both pass.
 * - A password-less sign-in requires user verification (the authenticator's PIN or biometrics): possession and
 *   verification are its two factors. The second step after a password requires presence only.
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { decodeClientDataJSON, isoBase64URL } from '@simplewebauthn/server/helpers';
import type { Deps } from '../../context.js';
import type { MfaSubjectType } from '../../db/schema/mfa.js';
import type { PasskeyChallengePurpose } from '../../db/schema/passkeys.js';
import type { SessionPrincipal } from '../../http/auth.js';
import { errors } from '../../http/errors.js';
import { dummyPasswordHash, sha256Hex, verifyPassword } from '../../lib/crypto.js';
import { newId } from '../../lib/ids.js';
import { iso, isoOrNull } from '../../lib/time.js';
import { findAdminById } from '../accounts/repo.js';
import { beginAttempt, emailScope, ipScope, type Attempt } from '../accounts/lockout.js';
import { openAdminPasskeySession, openPartnerPasskeySession, type ClientInfo } from '../accounts/sessions.js';
import { findMemberById } from '../members/repo.js';
import { findPartnerById } from '../partners/repo.js';
import {
  accountOf,
  audit,
  CHALLENGE_TTL_MS,
  finishChallenge,
  ISSUER,
  mfaEnabled,
  openChallenge,
  refuseKeySession,
  subjectOf,
  useCode,
  type MfaSubject,
} from '../mfa/service.js';
import {
  consumePasskeyChallenge,
  countPasskeys,
  deletePasskey,
  findPasskeyByCredentialId,
  findPasskeyChallengeByHash,
  findPasskeyOfSubject,
  insertPasskey,
  insertPasskeyChallenge,
  passkeysOfSubject,
  recordPasskeyUse,
  renamePasskey,
} from './repo.js';
import type { PasskeyLogin, PasskeyMfaLogin, PasskeyRegister, PasskeyRemove } from './schemas.js';

/** Passkeys one subject may hold. */
export const MAX_PASSKEYS = 10;
/** Deepest nesting the extension results of an answer may have (they are not read). */
const MAX_EXTENSION_DEPTH = 4;
/** ES256 and RS256: what authenticators offer and node:crypto verifies. */
const ALGORITHMS = [-7, -257];

type Role = 'partner' | 'admin';

/** What handing out a challenge and checking an answer against the relying party use. */
type PasskeyDeps = Pick<Deps, 'clock' | 'database' | 'publicUrl'>;
/** A sign-in with a passkey also reads the configuration (whether the console's own sign-in is on, a session's lifetime). */
type PasskeySignInDeps = Pick<Deps, 'clock' | 'config' | 'database' | 'publicUrl'>;

/** The relying party: PUBLIC_BASE_URL's host and origin (or the address the server listens on). */
function relyingParty(deps: Pick<Deps, 'publicUrl'>): { rpID: string; origin: string } {
  const url = new URL(deps.publicUrl.base);
  return { rpID: url.hostname, origin: url.origin };
}

function subjectTypeOf(role: Role): MfaSubjectType {
  return role === 'partner' ? 'member' : 'admin';
}

function depth(value: unknown, level = 0): number {
  if (level > MAX_EXTENSION_DEPTH) return level;
  if (value === null || typeof value !== 'object') return level;
  let deepest = level + 1;
  for (const v of Object.values(value)) deepest = Math.max(deepest, depth(v, level + 1));
  return deepest;
}

/** 422 when the extension results nest deeper than anything a browser sends. */
function refuseDeepExtensions(results: unknown, loc: (string | number)[]): void {
  if (depth(results) > MAX_EXTENSION_DEPTH) {
    throw errors.invalid([...loc, 'response', 'clientExtensionResults'], `nested deeper than ${MAX_EXTENSION_DEPTH} levels`, {});
  }
}

/** The challenge an answer signed, from its client data; null when the client data does not decode. */
function answeredChallenge(clientDataJSON: string): string | null {
  try {
    const c = decodeClientDataJSON(clientDataJSON) as { challenge?: unknown };
    return typeof c.challenge === 'string' && c.challenge.length > 0 && c.challenge.length <= 1024 ? c.challenge : null;
  } catch {
    return null;
  }
}

async function handOut(
  deps: Pick<Deps, 'clock' | 'database'>,
  challenge: string,
  purpose: PasskeyChallengePurpose,
  role: Role,
  bound: { subject?: MfaSubject; sessionId?: string; mfaChallengeId?: string },
): Promise<void> {
  const now = deps.clock.now();
  await insertPasskeyChallenge(deps.database.db, {
    id: newId('pkc', now),
    challenge_hash: sha256Hex(challenge),
    purpose,
    role,
    subject_type: bound.subject?.type ?? null,
    subject_id: bound.subject?.id ?? null,
    session_id: bound.sessionId ?? null,
    mfa_challenge_id: bound.mfaChallengeId ?? null,
    created_at: now,
    expires_at: now + CHALLENGE_TTL_MS,
    used_at: null,
  });
}

type ChallengeCheck = { ok: true; challenge: string } | { ok: false; detail: string };

/**
 * The challenge the answer signed, if the service handed it out for `purpose` and `matches` what asked for it, is live
 * and unused: used now (once). Otherwise why not.
 */
async function takeChallenge(
  deps: Pick<Deps, 'clock' | 'database'>,
  clientDataJSON: string,
  purpose: PasskeyChallengePurpose,
  role: Role,
  matches: (row: { subject_type: string | null; subject_id: string | null; session_id: string | null; mfa_challenge_id: string | null }) => boolean,
): Promise<ChallengeCheck> {
  const challenge = answeredChallenge(clientDataJSON);
  if (challenge === null) return { ok: false, detail: 'The answer\'s client data does not decode' };
  const row = await findPasskeyChallengeByHash(deps.database.db, sha256Hex(challenge));
  if (!row || row.purpose !== purpose || row.role !== role || !matches(row)) return { ok: false, detail: 'This answer is not for a challenge handed out here: ask for new options' };
  if (row.used_at !== null) return { ok: false, detail: 'This challenge was used already: ask for new options' };
  if (Number(row.expires_at) <= deps.clock.now()) return { ok: false, detail: 'This challenge has expired (5 minutes): ask for new options' };
  if (!(await consumePasskeyChallenge(deps.database.db, row.id, deps.clock.now()))) return { ok: false, detail: 'This challenge was used already: ask for new options' };
  return { ok: true, challenge };
}

function transportsOf(json: string): AuthenticatorTransport[] {
  try {
    const v = JSON.parse(json) as unknown;
    return Array.isArray(v) ? (v.filter((t) => typeof t === 'string') as AuthenticatorTransport[]) : [];
  } catch {
    return [];
  }
}

function view(row: { id: string; name: string; created_at: number; last_used_at: number | null; transports: string }) {
  return {
    id: row.id,
    name: row.name,
    created_at: iso(Number(row.created_at)),
    last_used_at: isoOrNull(row.last_used_at === null ? null : Number(row.last_used_at)),
    transports: transportsOf(row.transports),
  };
}

/** A printable name (the schema refused control characters): trimmed, empty is not a name. */
function cleanName(name: string, loc: (string | number)[]): string {
  const n = name.trim();
  if (n === '') throw errors.invalid(loc, 'a name must have a printable character', name);
  return n;
}

// ---------- the signed-in account's passkeys ----------

async function signedInSubject(deps: Pick<Deps, 'database'>, session: SessionPrincipal): Promise<MfaSubject> {
  if (session.subjectType === 'partner') await refuseKeySession(deps, session);
  return subjectOf(deps, session);
}

export async function registrationOptions(deps: PasskeyDeps, session: SessionPrincipal) {
  const subject = await signedInSubject(deps, session);
  const db = deps.database.db;
  const existing = await passkeysOfSubject(db, subject.type, subject.id);
  if (existing.length >= MAX_PASSKEYS) throw errors.conflict(`An account holds at most ${MAX_PASSKEYS} passkeys: remove one first`);
  const { email } = await accountOf(deps, subject);
  const { rpID } = relyingParty(deps);
  const options = await generateRegistrationOptions({
    rpName: subject.type === 'admin' ? `${ISSUER} (administrator)` : ISSUER,
    rpID,
    userName: email,
    userDisplayName: email,
    // The same user handle for every passkey of the subject: an authenticator keeps one passkey per account.
    userID: new TextEncoder().encode(subject.id),
    timeout: CHALLENGE_TTL_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((c) => ({ id: c.credential_id, transports: transportsOf(c.transports) })),
    // Discoverable, so the password-less sign-in can find it without an email.
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    supportedAlgorithmIDs: ALGORITHMS,
  });
  await handOut(deps, options.challenge, 'register', session.subjectType, { subject, sessionId: session.sessionId });
  return options;
}

export async function registerPasskey(deps: PasskeyDeps, session: SessionPrincipal, body: PasskeyRegister) {
  const subject = await signedInSubject(deps, session);
  refuseDeepExtensions(body.response.clientExtensionResults, ['body']);
  const name = body.name === undefined ? null : cleanName(body.name, ['body', 'name']);
  const taken = await takeChallenge(
    deps,
    body.response.response.clientDataJSON,
    'register',
    session.subjectType,
    (row) => row.session_id === session.sessionId && row.subject_type === subject.type && row.subject_id === subject.id,
  );
  if (!taken.ok) throw errors.badRequest(taken.detail);
  const { rpID, origin } = relyingParty(deps);
  let verified;
  try {
    verified = await verifyRegistrationResponse({
      response: body.response as RegistrationResponseJSON,
      expectedChallenge: taken.challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: false,
      supportedAlgorithmIDs: ALGORITHMS,
    });
  } catch (err) {
    throw errors.badRequest(`The passkey could not be registered: ${(err as Error).message}`);
  }
  if (!verified.verified) throw errors.badRequest('The passkey could not be registered: the attestation does not verify');
  const { credential } = verified.registrationInfo;
  const db = deps.database.db;
  if (await findPasskeyByCredentialId(db, credential.id)) throw errors.conflict('This passkey is registered already');
  const count = await countPasskeys(db, subject.type, subject.id);
  if (count >= MAX_PASSKEYS) throw errors.conflict(`An account holds at most ${MAX_PASSKEYS} passkeys: remove one first`);
  const now = deps.clock.now();
  const row = {
    id: newId('pk', now),
    subject_type: subject.type,
    subject_id: subject.id,
    credential_id: credential.id,
    public_key: isoBase64URL.fromBuffer(credential.publicKey),
    counter: credential.counter,
    transports: JSON.stringify((credential.transports ?? body.response.response.transports ?? []).slice(0, 8)),
    name: name ?? `Passkey ${count + 1}`,
    created_at: now,
    last_used_at: null,
  };
  try {
    await insertPasskey(db, row);
  } catch {
    // The unique credential id: a concurrent registration of the same passkey won.
    throw errors.conflict('This passkey is registered already');
  }
  await audit(deps, subject, 'passkey.register', { passkey_id: row.id, name: row.name, user_verified: verified.registrationInfo.userVerified });
  return view(row);
}

export async function listPasskeys(deps: Pick<Deps, 'database'>, session: SessionPrincipal) {
  const subject = await subjectOf(deps, session);
  const rows = await passkeysOfSubject(deps.database.db, subject.type, subject.id);
  return { items: rows.map(view), count: rows.length };
}

export async function renameOwnPasskey(deps: Pick<Deps, 'clock' | 'database'>, session: SessionPrincipal, id: string, name: string) {
  const subject = await signedInSubject(deps, session);
  const clean = cleanName(name, ['body', 'name']);
  const db = deps.database.db;
  const before = await findPasskeyOfSubject(db, subject.type, subject.id, id);
  if (!before || !(await renamePasskey(db, subject.type, subject.id, id, clean))) throw errors.notFound(`No passkey with id '${id}'`);
  await audit(deps, subject, 'passkey.rename', { passkey_id: id, from: before.name, to: clean });
  return view({ ...before, name: clean });
}

/**
 * Removing a passkey, as turning TOTP off: with the password or a current code (of the app, or a recovery code),
 * counted toward the sign-in lockout. Removing the last factor of an administrator where one is required holds the
 * administrator to enrolment again, as turning TOTP off does.
 */
export async function removeOwnPasskey(deps: Pick<Deps, 'clock' | 'database' | 'secrets'>, session: SessionPrincipal, id: string, body: PasskeyRemove, ip: string) {
  const subject = await signedInSubject(deps, session);
  const db = deps.database.db;
  if (body.password === undefined && body.code === undefined) {
    throw errors.invalid(['body'], 'Send your password or a current code to remove a passkey', body);
  }
  if (!(await findPasskeyOfSubject(db, subject.type, subject.id, id))) throw errors.notFound(`No passkey with id '${id}'`);
  const account = await accountOf(deps, subject);
  const attempt = await beginAttempt(deps, [
    { scope: emailScope(subject.type === 'admin' ? 'admin' : 'partner', account.email), resetOnSuccess: false },
    { scope: ipScope(ip), resetOnSuccess: false },
  ]);
  if (body.code !== undefined) {
    const r = await useCode(deps, subject, body.code, { recovery: true });
    if (!r.ok) {
      await attempt.failed();
      throw errors.mfaCodeInvalid(r.detail);
    }
  } else {
    const ok = (await verifyPassword(body.password!, account.password_hash || (await dummyPasswordHash()))) && !!account.password_hash;
    if (!ok) {
      await attempt.failed();
      throw errors.invalidCredentials('The password is incorrect');
    }
  }
  await attempt.succeeded();
  if (!(await deletePasskey(db, subject.type, subject.id, id))) throw errors.notFound(`No passkey with id '${id}'`);
  const still = await mfaEnabled(deps, subject);
  await audit(deps, subject, 'passkey.remove', { passkey_id: id, proof: body.code !== undefined ? 'code' : 'password', mfa_enabled: still });
  return { removed: true as const, passkey_id: id, mfa_enabled: still };
}

// ---------- signing in ----------

interface SigningIn {
  subject: MfaSubject;
  email: string;
  partnerId: string | null;
  active: boolean;
}

/** The account a passkey or challenge names, if it can still sign in (a member who left, or is invited only, cannot). */
async function signingIn(deps: Pick<Deps, 'database'>, subject: MfaSubject): Promise<SigningIn | null> {
  const db = deps.database.db;
  if (subject.type === 'member') {
    const m = await findMemberById(db, subject.id);
    const p = m && m.status === 'active' ? await findPartnerById(db, m.partner_id) : undefined;
    return m && p ? { subject, email: m.email, partnerId: p.id, active: Number(p.active) === 1 } : null;
  }
  if (subject.type === 'admin') {
    const a = await findAdminById(db, subject.id);
    return a ? { subject, email: a.email, partnerId: null, active: true } : null;
  }
  return null;
}

type AssertionCheck = { ok: true; passkeyId: string } | { ok: false; detail: string };

/**
 * Verifies an answer of `passkey` against its (already used) challenge and records its counter. A counter that did
 * not go up is refused and audited: the signature was right, so a copy of the authenticator made it.
 */
async function checkAssertion(
  deps: PasskeyDeps,
  passkey: NonNullable<Awaited<ReturnType<typeof findPasskeyByCredentialId>>>,
  response: AuthenticationResponseJSON,
  challenge: string,
  requireUserVerification: boolean,
  purpose: 'second_factor' | 'passwordless',
): Promise<AssertionCheck> {
  const { rpID, origin } = relyingParty(deps);
  const stored = Number(passkey.counter);
  let result;
  try {
    result = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      // The counter is compared below, once the signature holds, so a regression is told from a forgery.
      credential: { id: passkey.credential_id, publicKey: isoBase64URL.toBuffer(passkey.public_key), counter: 0, transports: transportsOf(passkey.transports) },
      requireUserVerification,
    });
  } catch (err) {
    return { ok: false, detail: `This passkey's answer does not verify: ${(err as Error).message}` };
  }
  if (!result.verified) return { ok: false, detail: 'This passkey\'s signature does not verify' };
  const next = result.authenticationInfo.newCounter;
  const subject = { type: passkey.subject_type, id: passkey.subject_id };
  if ((next > 0 || stored > 0) && next <= stored) {
    await audit(deps, subject, 'passkey.counter_regression', { passkey_id: passkey.id, stored_counter: stored, answered_counter: next, purpose });
    return { ok: false, detail: 'This passkey\'s signature counter went back: it may have been copied. Sign in another way and remove it' };
  }
  if (!(await recordPasskeyUse(deps.database.db, passkey.id, passkey.counter, next, deps.clock.now()))) {
    return { ok: false, detail: 'This passkey was used at the same moment by another sign-in' };
  }
  return { ok: true, passkeyId: passkey.id };
}

/** Options for the sign-in's second step: the passkeys of the subject whose password was right. */
export async function mfaOptions(deps: PasskeyDeps, role: Role, mfaToken: string) {
  const challenge = await openChallenge(deps, subjectTypeOf(role), mfaToken);
  const passkeys = await passkeysOfSubject(deps.database.db, challenge.subject.type, challenge.subject.id);
  if (passkeys.length === 0) throw errors.conflict('This account has no passkey: use a code of the authenticator app');
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(deps).rpID,
    allowCredentials: passkeys.map((c) => ({ id: c.credential_id, transports: transportsOf(c.transports) })),
    userVerification: 'preferred',
    timeout: CHALLENGE_TTL_MS,
  });
  await handOut(deps, options.challenge, 'mfa', role, { subject: challenge.subject, mfaChallengeId: challenge.id });
  return options;
}

async function fail(attempt: Attempt, detail: string): Promise<never> {
  await attempt.failed();
  throw errors.passkeyInvalid(detail);
}

/** The sign-in's second step with a passkey: counted toward the lockout as a code is. */
async function completeMfaPasskey(deps: PasskeyDeps, role: Role, body: PasskeyMfaLogin, client: ClientInfo): Promise<SigningIn> {
  const challenge = await openChallenge(deps, subjectTypeOf(role), body.mfa_token);
  refuseDeepExtensions(body.response.clientExtensionResults, ['body']);
  const account = await signingIn(deps, challenge.subject);
  if (!account) throw errors.mfaTokenInvalid();
  const attempt = await beginAttempt(deps, [
    { scope: emailScope(role, account.email), resetOnSuccess: true },
    { scope: ipScope(client.ip), resetOnSuccess: false },
  ]);
  if (!account.active) {
    await attempt.failed();
    throw errors.suspended();
  }
  const taken = await takeChallenge(deps, body.response.response.clientDataJSON, 'mfa', role, (row) => row.mfa_challenge_id === challenge.id);
  if (!taken.ok) return fail(attempt, taken.detail);
  const passkey = await findPasskeyByCredentialId(deps.database.db, body.response.id);
  if (!passkey || passkey.subject_type !== challenge.subject.type || passkey.subject_id !== challenge.subject.id) {
    return fail(attempt, 'This passkey is not one of this account\'s');
  }
  const checked = await checkAssertion(deps, passkey, body.response as AuthenticationResponseJSON, taken.challenge, false, 'second_factor');
  if (!checked.ok) return fail(attempt, checked.detail);
  await attempt.succeeded();
  if (!(await finishChallenge(deps, challenge.id))) throw errors.mfaTokenInvalid();
  await audit(deps, challenge.subject, 'passkey.sign_in', { passkey_id: checked.passkeyId, factor: 'passkey', as: 'second_factor' });
  return account;
}

/** A member's sign-in, second step with a passkey: the session records `password` (its first factor), as a code's does. */
export async function partnerLoginMfaPasskey(deps: PasskeySignInDeps, body: PasskeyMfaLogin, client: ClientInfo) {
  const a = await completeMfaPasskey(deps, 'partner', body, client);
  return openPartnerPasskeySession(deps, a.partnerId!, a.subject.id, 'password', client);
}

export async function adminLoginMfaPasskey(deps: PasskeySignInDeps, body: PasskeyMfaLogin, client: ClientInfo) {
  const a = await completeMfaPasskey(deps, 'admin', body, client);
  return openAdminPasskeySession(deps, a.subject.id, 'password', client);
}

/** Options for a password-less sign-in: no account named, the authenticator offers its discoverable passkeys. */
export async function loginOptions(deps: PasskeyDeps, role: Role) {
  const options = await generateAuthenticationOptions({ rpID: relyingParty(deps).rpID, userVerification: 'required', timeout: CHALLENGE_TTL_MS });
  await handOut(deps, options.challenge, 'login', role, {});
  return options;
}

/**
 * A password-less sign-in: the passkey (possession) with user verification (the authenticator's PIN or biometrics).
 * Failures count toward the lockout of the client address, as a pasted API key's do.
 */
async function completePasskeyLogin(deps: PasskeySignInDeps, role: Role, body: PasskeyLogin, client: ClientInfo): Promise<SigningIn> {
  // Where the operator turned the console's own sign-in off (ADMIN_PASSWORD_LOGIN=false), single sign-on is the only way in.
  if (role === 'admin' && !deps.config.adminPasswordLogin) throw errors.passwordLoginDisabled();
  refuseDeepExtensions(body.response.clientExtensionResults, ['body']);
  const attempt = await beginAttempt(deps, [{ scope: ipScope(client.ip), resetOnSuccess: false }]);
  const taken = await takeChallenge(deps, body.response.response.clientDataJSON, 'login', role, () => true);
  if (!taken.ok) return fail(attempt, taken.detail);
  const passkey = await findPasskeyByCredentialId(deps.database.db, body.response.id);
  // Another role's passkey is as unknown as one never registered.
  if (!passkey || passkey.subject_type !== subjectTypeOf(role)) return fail(attempt, 'This passkey is not registered here');
  const account = await signingIn(deps, { type: passkey.subject_type, id: passkey.subject_id });
  if (!account) return fail(attempt, 'This passkey is not registered here');
  const checked = await checkAssertion(deps, passkey, body.response as AuthenticationResponseJSON, taken.challenge, true, 'passwordless');
  if (!checked.ok) return fail(attempt, checked.detail);
  if (!account.active) {
    await attempt.failed();
    throw errors.suspended();
  }
  await attempt.succeeded();
  await audit(deps, account.subject, 'passkey.sign_in', { passkey_id: checked.passkeyId, factor: 'passkey', as: 'passwordless', user_verified: true });
  return account;
}

/** A member's password-less sign-in: the session records `passkey`. */
export async function partnerLoginPasskey(deps: PasskeySignInDeps, body: PasskeyLogin, client: ClientInfo) {
  const a = await completePasskeyLogin(deps, 'partner', body, client);
  return openPartnerPasskeySession(deps, a.partnerId!, a.subject.id, 'passkey', client);
}

export async function adminLoginPasskey(deps: PasskeySignInDeps, body: PasskeyLogin, client: ClientInfo) {
  const a = await completePasskeyLogin(deps, 'admin', body, client);
  return openAdminPasskeySession(deps, a.subject.id, 'passkey', client);
}
