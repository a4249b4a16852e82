/**
 * Single sign-on of the admin console with OpenID Connect (authorization code + PKCE, openid-client).
 *
 * Start: a random state, nonce and PKCE verifier; the state's SHA-256 is kept (admin_oidc_states, 10 minutes,
 * single use) and the three values travel sealed in the browser's `svc_oidc` cookie (HttpOnly, SameSite=Lax,
 * path /api/auth/admin/oidc). Callback: the state must be the cookie's and unused; the code is exchanged
 * with the verifier, the ID token checked (signature, issuer, audience, nonce, expiry: openid-client), the
 * claims checked against ADMIN_OIDC_ALLOWED_EMAILS and ADMIN_OIDC_REQUIRED_GROUP (both when both are set), and
 * the administrator is signed in, created at the first sign-in without a password (audited, actor `oidc`).
 */
import * as oidc from 'openid-client';
import type { Deps } from '../../context.js';
import { sha256Hex } from '../../lib/crypto.js';
import { newId } from '../../lib/ids.js';
import { audit } from './common.js';
import { consumeOidcState, insertOidcState } from './oidc-repo.js';
import { findAdminByEmail, insertAdminIfMissing } from './repo.js';
import { openAdminSession, type ClientInfo } from './sessions.js';

export const OIDC_COOKIE = 'svc_oidc';
export const OIDC_PATH = '/api/auth/admin/oidc';
export const OIDC_CALLBACK_PATH = `${OIDC_PATH}/callback`;
/** How long a begun sign-in may take at the provider. */
export const OIDC_STATE_TTL_MS = 10 * 60_000;

/** Why a single sign-on was refused: the sign-in page's `?error=` and its message. */
export const OIDC_REFUSALS = {
  sso_not_configured: 'Single sign-on is not configured on this server.',
  sso_provider_error: 'The sign-in provider could not complete the sign-in. Try again, or ask your operator if it keeps failing.',
  sso_state_invalid: 'This sign-in link is not valid any more (it was used already, or it was started in another browser). Start again.',
  sso_expired: 'The sign-in took too long and expired. Start again.',
  sso_not_allowed: 'Your account at the sign-in provider is not allowed to administer this service.',
  sso_email_unverified: 'The sign-in provider has not verified your email address.',
} as const;

export type OidcRefusal = keyof typeof OIDC_REFUSALS;

/** A refused single sign-on: the route sends the browser to the sign-in page with `code`; `reason` is for the log only. */
export class OidcRefused extends Error {
  constructor(
    readonly code: OidcRefusal,
    readonly reason: string,
  ) {
    super(reason);
    this.name = 'OidcRefused';
  }
}

interface Pending {
  s: string;
  n: string;
  v: string;
}

function messageOf(err: unknown): string {
  const e = err as { message?: unknown; code?: unknown; error?: unknown };
  return [e?.code, e?.error, e?.message].filter((x) => typeof x === 'string').join(': ') || String(err);
}

export function redirectUri(deps: Pick<Deps, 'publicUrl'>): string {
  return `${deps.publicUrl.base}${OIDC_CALLBACK_PATH}`;
}

/** What the sign-in page needs to know (GET /api/auth/admin/oidc). */
export function ssoStatus(deps: Pick<Deps, 'adminOidc' | 'config'>) {
  const enabled = deps.adminOidc.enabled;
  return {
    enabled,
    provider: deps.adminOidc.providerName,
    start_url: enabled ? `${OIDC_PATH}/start` : null,
    password_login: deps.config.adminPasswordLogin,
  };
}

async function providerConfiguration(deps: Pick<Deps, 'adminOidc'>): Promise<oidc.Configuration> {
  try {
    return await deps.adminOidc.configuration();
  } catch (err) {
    throw new OidcRefused('sso_provider_error', `discovery failed: ${messageOf(err)}`);
  }
}

/** Begins a sign-in: the provider's authorization URL and the sealed cookie that must come back with the callback. */
export async function beginSignIn(deps: Pick<Deps, 'adminOidc' | 'clock' | 'database' | 'publicUrl' | 'secrets'>): Promise<{ location: string; cookie: string }> {
  const settings = deps.adminOidc.settings;
  if (!settings) throw new OidcRefused('sso_not_configured', 'ADMIN_OIDC_ISSUER is not set');
  const config = await providerConfiguration(deps);
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const verifier = oidc.randomPKCECodeVerifier();
  const challenge = await oidc.calculatePKCECodeChallenge(verifier);
  const now = deps.clock.now();
  await insertOidcState(deps.database.db, sha256Hex(state), now, now + OIDC_STATE_TTL_MS);
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri(deps),
    scope: settings.scopes,
    state,
    nonce,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });
  const pending: Pending = { s: state, n: nonce, v: verifier };
  return { location: url.href, cookie: deps.secrets.seal(JSON.stringify(pending)) };
}

function openPending(deps: Pick<Deps, 'secrets'>, sealed: string | undefined): Pending | null {
  if (!sealed) return null;
  try {
    const p = JSON.parse(deps.secrets.open(sealed)) as Partial<Pending>;
    return typeof p.s === 'string' && typeof p.n === 'string' && typeof p.v === 'string' ? (p as Pending) : null;
  } catch {
    return null;
  }
}

const EMAIL = /^[^@\s]+@[^@\s]+$/;

/** Whether the address is on the allow-list (exact addresses and `@domain` forms, compared in lower case). */
export function emailAllowed(allowed: readonly string[], email: string): boolean {
  const lower = email.toLowerCase();
  const domain = lower.slice(lower.lastIndexOf('@'));
  return allowed.some((a) => (a.startsWith('@') ? a === domain : a === lower));
}

function inGroup(value: unknown, group: string): boolean {
  if (Array.isArray(value)) return value.some((g) => g === group);
  if (typeof value === 'string') return value === group || value.split(/[\s,]+/).includes(group);
  return false;
}

/**
 * Finishes a sign-in from the provider's redirect (`search`: the callback's query string, with its `?`). Throws
 * OidcRefused for every refusal; answers the opened session.
 */
export async function finishSignIn(deps: Pick<Deps, 'adminOidc' | 'clock' | 'config' | 'database' | 'publicUrl' | 'secrets'>, search: string, sealedCookie: string | undefined, client: ClientInfo) {
  const settings = deps.adminOidc.settings;
  if (!settings) throw new OidcRefused('sso_not_configured', 'ADMIN_OIDC_ISSUER is not set');
  const params = new URLSearchParams(search);
  const state = params.get('state');
  const pending = openPending(deps, sealedCookie);
  if (!pending) throw new OidcRefused('sso_state_invalid', 'no sign-in cookie, or one that does not open');
  if (!state || state !== pending.s) throw new OidcRefused('sso_state_invalid', 'the state is not the one this browser was sent with');
  const outcome = await consumeOidcState(deps.database.db, sha256Hex(state), deps.clock.now());
  if (outcome === 'expired') throw new OidcRefused('sso_expired', 'the sign-in state expired');
  if (outcome !== 'consumed') throw new OidcRefused('sso_state_invalid', `the sign-in state is ${outcome}`);
  const providerError = params.get('error');
  if (providerError !== null) throw new OidcRefused('sso_provider_error', `the provider answered ${providerError.slice(0, 100)}`);

  const config = await providerConfiguration(deps);
  let claims: Record<string, unknown>;
  try {
    const current = new URL(redirectUri(deps));
    current.search = params.toString();
    const tokens = await oidc.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: pending.v,
      expectedState: state,
      expectedNonce: pending.n,
      idTokenExpected: true,
    });
    const id = tokens.claims();
    if (!id) throw new Error('no ID token');
    claims = { ...id };
    // Providers that keep the ID token small (oidc-provider, some Okta set-ups) give email and groups at userinfo.
    const missing = claims.email === undefined || (settings.requiredGroup !== null && claims[settings.groupsClaim] === undefined);
    if (missing && config.serverMetadata().userinfo_endpoint) {
      const info = await oidc.fetchUserInfo(config, tokens.access_token, id.sub);
      claims = { ...info, ...id };
    }
  } catch (err) {
    throw new OidcRefused('sso_provider_error', `the code exchange or the ID token failed: ${messageOf(err)}`);
  }

  const email = typeof claims.email === 'string' ? claims.email.trim() : '';
  if (!EMAIL.test(email) || email.length > 254) throw new OidcRefused('sso_not_allowed', 'the provider sent no usable email address');
  if (claims.email_verified !== undefined && claims.email_verified !== true && claims.email_verified !== 'true') {
    throw new OidcRefused('sso_email_unverified', 'email_verified is not true');
  }
  if (settings.allowedEmails.length > 0 && !emailAllowed(settings.allowedEmails, email)) {
    throw new OidcRefused('sso_not_allowed', 'the address is not on ADMIN_OIDC_ALLOWED_EMAILS');
  }
  if (settings.requiredGroup !== null && !inGroup(claims[settings.groupsClaim], settings.requiredGroup)) {
    throw new OidcRefused('sso_not_allowed', `not in the group ADMIN_OIDC_REQUIRED_GROUP (claim ${settings.groupsClaim})`);
  }

  const subject = typeof claims.sub === 'string' ? claims.sub : '';
  const adminId = await findOrCreateAdmin(deps, email, settings.issuer, subject);
  return openAdminSession(deps, adminId, 'oidc', client);
}

/** The administrator of this address; created at the first sign-in, without a password (audited, actor `oidc`). */
async function findOrCreateAdmin(deps: Pick<Deps, 'clock' | 'database'>, email: string, issuer: string, subject: string): Promise<string> {
  const db = deps.database.db;
  const existing = await findAdminByEmail(db, email);
  if (existing) return existing.id;
  const now = deps.clock.now();
  const id = newId('adm', now);
  return deps.database.tx(async (trx) => {
    if (await insertAdminIfMissing(trx, { id, email, email_lower: email.toLowerCase(), password_hash: '', created_at: now })) {
      await audit(trx, { type: 'oidc', id: issuer }, now, 'admin.create', 'admin', id, { email, issuer, subject, via: 'single_sign_on' });
      return id;
    }
    // Another sign-in of the same address created it first.
    const winner = await findAdminByEmail(trx, email);
    if (!winner) throw new Error('the administrator could be neither created nor found');
    return winner.id;
  });
}
