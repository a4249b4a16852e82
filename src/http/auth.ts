/**
 * Authentication guards. Each auth scope (src/routes/<scope>/index.ts) opens with one of these as an
 * onRequest hook, so no route inside can forget its guard.
 *
 *   apiKey            X-API-Key or Authorization: Bearer <svc_test_…|svc_live_…>
 *   ingestSecret      + X-Service-Ingest-Secret (the partner's own secret, or the one its last
 *                     rotation replaced during the overlap); use after apiKey
 *   platformSecret    the platform INGEST_SECRET (header or Bearer); 503 when unconfigured
 *   partnerSession    a partner login session (Bearer token or cookie)
 *   adminSession      an admin login session (Bearer token or cookie)
 *   metricsAccess     GET /metrics: open to a request from this machine's loopback, elsewhere only
 *                     with Authorization: Bearer <METRICS_TOKEN>; 404 otherwise (as if absent)
 *   sameOriginCookie  refuses a cross-site write that rides on the session cookie
 *                     (the session guards apply it themselves; routes that read
 *                     the session without a guard, like logout, add it)
 *
 * A wrong API key, partner secret or platform secret counts against the client address's
 * failed-credential budget (deps.credentials); apiKey and platformSecret refuse (429) an
 * address that has spent it before they check its credential.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';
import type { Deps } from '../context.js';
import type { Environment } from '../db/schema/index.js';
import { safeEqual, sha256Hex } from '../lib/crypto.js';
import type { AuthedPartner, ResolvedKey } from './auth-cache.js';
import { errors } from './errors.js';
import { SELF_PROBE_ID, SELF_PROBE_PARTNER } from './self-probe.js';
import { endSession, markSessionUsed, partnerSessionOfToken, sessionOfToken } from '../areas/accounts/session-guard.js';
import { adminHasSecondFactor, memberEnrolmentPending, secondFactorAtProvider } from '../areas/mfa/guard.js';
import { KEY_SESSION_ROLE } from '../areas/members/permissions.js';
import type { MemberRole } from '../db/schema/index.js';

export const SESSION_COOKIE = 'svc_session';
export const INGEST_SECRET_HEADER = 'x-service-ingest-secret';

export interface SessionPrincipal {
  sessionId: string;
  subjectType: 'partner' | 'admin';
  subjectId: string;
  expiresAt: number;
  /** A session opened with an API key acts only in that key's environment; null: every environment. */
  keyEnvironment: Environment | null;
  /** When the session's last use was recorded (null: never). */
  lastUsedAt: number | null;
  /** How the session was opened (`password`, `api_key`, `signup`, `oidc`). */
  method: string;
  /** The partner member who opened the session; null for an admin's session and one opened by pasting an API key. */
  memberId: string | null;
}

/** The member a partner session acts as (null for a session opened by pasting an API key), and its role. */
export interface SessionMember {
  id: string;
  email: string;
  name: string | null;
  role: MemberRole;
}

const MEMBER_ENROLMENT =
  'Set up a second factor first: the owner of this account requires one for every member (POST /api/auth/partner/mfa/totp/setup, then …/confirm)';

/** A session's last use is written at most once per this interval, so a request does not write every time. */
export const SESSION_TOUCH_MS = 60_000;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** How the API-key guard treats a live key of an account without production access: 403 (default), or let the route answer 402. */
    liveBeforeActivation?: 'forbidden' | 'payment_required';
    /** The process's own status probe may call this route with its credential (src/http/self-probe.ts). */
    selfProbe?: boolean;
    /** A session held to second-factor enrolment (an administrator under ADMIN_REQUIRE_MFA, a member whose account requires one) may call this route (the others answer 403 `mfa_enrolment_required`). */
    mfaEnrolment?: boolean;
  }
  interface FastifyRequest {
    /** Set by the apiKey guard. */
    partner: AuthedPartner;
    /** The key's environment: `test` (sandbox) or `live` (production). */
    environment: Environment;
    apiKeyId: string;
    /** Set by the session guards. */
    session: SessionPrincipal;
    /** Set by the partner-session guard: the member acting (null: a session opened with an API key). */
    member: SessionMember | null;
    /** Set by the partner-session guard: the role the session acts with (a key-opened session: developer). */
    memberRole: MemberRole;
  }
}

function bearer(request: FastifyRequest): string | null {
  const h = request.headers.authorization;
  if (typeof h !== 'string') return null;
  const m = /^Bearer\s+(.+)$/i.exec(h.trim());
  return m ? m[1].trim() : null;
}

function header(request: FastifyRequest, name: string): string | null {
  const v = request.headers[name];
  const s = Array.isArray(v) ? v[0] : v;
  return typeof s === 'string' && s.trim() !== '' ? s.trim() : null;
}

export interface PresentedSession {
  token: string;
  /** True when the token came from the svc_session cookie, which a browser attaches by itself. */
  fromCookie: boolean;
}

/**
 * The session presented on a request: Authorization: Bearer, else the session
 * cookie. Cookies are parsed here, on the few routes that take sessions, not on
 * every request.
 */
export function presentedSession(request: FastifyRequest): PresentedSession | null {
  const b = bearer(request);
  if (b) return { token: b, fromCookie: false };
  const header = request.headers.cookie;
  if (!header || !header.includes(SESSION_COOKIE)) return null;
  const token = request.server.parseCookie(header)[SESSION_COOKIE];
  return token ? { token, fromCookie: true } : null;
}

export function presentedSessionToken(request: FastifyRequest): string | null {
  return presentedSession(request)?.token ?? null;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function parseUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

function originOf(value: string): string | null {
  return parseUrl(value)?.origin ?? null;
}

/**
 * Whether a browser may have sent this write on another site's behalf, decided
 * as Go's net/http CrossOriginProtection does: Sec-Fetch-Site same-origin or
 * none passes; without Sec-Fetch-Site (older browsers), a missing Origin (not a
 * browser) or an Origin whose host is the request's Host passes; the service's
 * own PUBLIC_BASE_URL origin is trusted either way; everything else is refused.
 */
export function isCrossSiteWrite(request: FastifyRequest, trustedOrigin: string | null): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const origin = header(request, 'origin');
  const trusted = origin !== null && trustedOrigin !== null && originOf(origin) === trustedOrigin;
  const site = header(request, 'sec-fetch-site');
  if (site !== null) {
    if (site === 'same-origin' || site === 'none') return false;
    return !trusted;
  }
  if (origin === null) return false;
  const host = parseUrl(origin)?.host;
  if (host && host === request.host) return false;
  return !trusted;
}

/** The API key presented on a request, if any. */
export function presentedApiKey(request: FastifyRequest): string | null {
  return header(request, 'x-api-key') ?? bearer(request);
}

const ENV_NAME: Record<Environment, string> = { test: 'test (sandbox)', live: 'live (production)' };

/** Whether the session may see or change data of `environment` (a key-opened session: its key's environment only). */
export function sessionCovers(session: SessionPrincipal, environment: Environment): boolean {
  return session.keyEnvironment === null || session.keyEnvironment === environment;
}

/** 403 unless the session may act in `environment`. */
export function requireSessionEnvironment(session: SessionPrincipal, environment: Environment): void {
  if (sessionCovers(session, environment)) return;
  throw errors.environmentMismatch(
    `This session was opened with a ${ENV_NAME[session.keyEnvironment!]} key and acts only in that environment; ` +
      `sign in with your password to use the ${ENV_NAME[environment]} environment`,
  );
}

/**
 * The environment a session-scoped read acts in: the one asked for, else the session's key
 * environment, else `fallback`; 403 when the session does not cover it.
 */
export function sessionEnvironment(session: SessionPrincipal, asked: Environment | undefined, fallback: Environment = 'live'): Environment {
  const environment = asked ?? session.keyEnvironment ?? fallback;
  requireSessionEnvironment(session, environment);
  return environment;
}

/**
 * Whether a request comes from this machine itself: the socket's peer is a loopback address (never an
 * address a forwarded header claims, whatever TRUST_PROXY believes) and no proxy forwarded it. A
 * reverse proxy on the same machine connects over loopback on behalf of anyone; it names the client
 * in X-Forwarded-For or Forwarded, and such a request is not local.
 */
export function isLocalRequest(request: FastifyRequest): boolean {
  const peer = request.socket.remoteAddress;
  if (peer === undefined || !ipaddr.isValid(peer)) return false;
  if (ipaddr.process(peer).range() !== 'loopback') return false;
  const h = request.headers;
  return h['x-forwarded-for'] === undefined && h['forwarded'] === undefined && h['x-real-ip'] === undefined;
}

export function makeGuards(deps: Deps) {
  /** A cookie carries the session whoever made the browser send the request: refuse that from another site. */
  function refuseCrossSiteCookie(request: FastifyRequest, presented: PresentedSession | null): void {
    // The service's own origin is read here, not once: without PUBLIC_BASE_URL it is known after listen.
    if (presented?.fromCookie && isCrossSiteWrite(request, originOf(deps.publicUrl.base))) {
      throw errors.csrfRejected('Cross-site request refused: a write signed in by cookie must come from the service\'s own pages');
    }
  }

  function sameOriginCookie(request: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void): void {
    try {
      refuseCrossSiteCookie(request, presentedSession(request));
    } catch (err) {
      return done(err as Error);
    }
    done();
  }

  const budget = deps.credentials;

  function accept(request: FastifyRequest, resolved: ResolvedKey | null): void {
    // Counted against the address when its look-up was admitted (apiKey below).
    if (!resolved) throw errors.unauthorized('Invalid API key');
    if (!resolved.partner.active) throw errors.suspended();
    // A live key makes billable production traffic only once an administrator has granted
    // production access. The sandbox layer answers its own 402 for it instead (the spec's rule).
    if (resolved.environment === 'live' && resolved.partner.activated_at === null && request.routeOptions.config.liveBeforeActivation !== 'payment_required') {
      throw errors.productionNotEnabled();
    }
    request.partner = resolved.partner;
    request.environment = resolved.environment;
    request.apiKeyId = resolved.keyId;
  }

  /**
   * Callback style: a cached key is accepted without a promise; a miss reads the database once.
   * An address that has spent its failed-credential budget is refused before its key is looked at,
   * and a key that needs a look-up counts against that budget from before the look-up until it
   * settles (a valid key gives it back), so concurrent guesses cannot all pass while theirs are in flight.
   */
  function apiKey(request: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void): void {
    const key = presentedApiKey(request);
    if (!key) return done(errors.missingApiKey('Missing API key: send it in the X-API-Key header or as Authorization: Bearer <key>'));
    // The status probe's credential, on the one route that allows it; anywhere else it is an unknown key.
    if (request.routeOptions.config.selfProbe === true && deps.selfProbe.accepts(key)) {
      request.partner = SELF_PROBE_PARTNER;
      request.environment = 'test';
      request.apiKeyId = SELF_PROBE_ID;
      return done();
    }
    const now = deps.clock.now();
    const refused = budget.refusal(request, now);
    if (refused) return done(refused);
    const cached = deps.auth.peek(key, now);
    if (cached) {
      try {
        accept(request, cached);
      } catch (err) {
        return done(err as Error);
      }
      return done();
    }
    budget.admit(request.ip, now).then(
      (admission) =>
        deps.auth.resolve(key, now).then(
          (resolved) => {
            admission.settle(resolved === null, deps.clock.now());
            try {
              accept(request, resolved);
            } catch (err) {
              return done(err as Error);
            }
            done();
          },
          (err: Error) => {
            // The database failed (503): not a wrong key.
            admission.settle(false, deps.clock.now());
            done(err);
          },
        ),
      (err: Error) => done(err),
    );
  }

  /**
   * The partner's current ingest secret, or the one its last rotation replaced while the overlap
   * lasts. Both hashes are always compared (constant time), so the answer's timing does not tell
   * which one matched or whether an overlap is running.
   */
  async function ingestSecret(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const presented = header(request, INGEST_SECRET_HEADER);
    if (!presented) throw errors.missingIngestSecret('Missing X-Service-Ingest-Secret header');
    const p = request.partner;
    const now = deps.clock.now();
    const hash = sha256Hex(presented);
    const current = safeEqual(hash, p.ingest_secret_hash);
    const inOverlap = p.ingest_secret_previous_hash !== null && p.ingest_secret_previous_valid_until !== null && now < p.ingest_secret_previous_valid_until;
    const previous = safeEqual(hash, p.ingest_secret_previous_hash ?? p.ingest_secret_hash) && inOverlap;
    if (!current && !previous) {
      budget.fail(request.ip, now);
      throw errors.invalidIngestSecret('Invalid ingest secret');
    }
  }

  async function platformSecret(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const configured = deps.config.ingestSecret;
    if (!configured) throw errors.notConfigured('Ingest secret not configured on the server');
    const presented = header(request, INGEST_SECRET_HEADER) ?? bearer(request);
    if (!presented) throw errors.missingIngestSecret('Missing ingest secret: send X-Service-Ingest-Secret or Authorization: Bearer');
    const now = deps.clock.now();
    const refused = budget.refusal(request, now);
    if (refused) throw refused;
    if (!safeEqual(sha256Hex(presented), sha256Hex(configured))) {
      budget.fail(request.ip, now);
      throw errors.invalidIngestSecret('Invalid ingest secret');
    }
  }

  /** The session token presented, after refusing a cookie sent from another site. */
  function presentedToken(request: FastifyRequest): string {
    const presented = presentedSession(request);
    if (!presented) throw errors.sessionRequired('Not signed in: send Authorization: Bearer <session token> or the session cookie');
    refuseCrossSiteCookie(request, presented);
    return presented.token;
  }

  interface SessionRow {
    id: string;
    subject_type: 'partner' | 'admin';
    subject_id: string;
    expires_at: number;
    key_environment?: Environment | null;
    last_used_at: number | null;
    method: string;
    member_id?: string | null;
    bound: unknown;
  }

  /**
   * The session of a row, alive and still bound to the credential that opened it: a session opened
   * with an API key ends (deleted, 401) once its slot no longer holds that key (a key a roll replaced:
   * once the roll's overlap ends), checked in the same
   * query on every request, so every process sees a key change at once without a cache.
   */
  async function liveSession(row: SessionRow | undefined, now: number): Promise<SessionPrincipal> {
    if (!row || row.expires_at <= now) throw errors.sessionExpired('Session expired or invalid: sign in again');
    if (Number(row.bound) !== 1) {
      await endSession(deps.database.db, row.id);
      throw errors.sessionExpired('Session ended: the API key that opened it has changed; sign in again');
    }
    return {
      sessionId: row.id,
      subjectType: row.subject_type,
      subjectId: row.subject_id,
      expiresAt: row.expires_at,
      keyEnvironment: row.key_environment ?? null,
      lastUsedAt: row.last_used_at === null ? null : Number(row.last_used_at),
      method: row.method,
      memberId: row.member_id ?? null,
    };
  }

  /** Records that an accepted session was used, at most once a minute per session. */
  async function touch(s: SessionPrincipal): Promise<void> {
    const now = deps.clock.now();
    if (s.lastUsedAt !== null && now - s.lastUsedAt < SESSION_TOUCH_MS) return;
    await markSessionUsed(deps.database.db, s.sessionId, now, now - SESSION_TOUCH_MS);
  }

  /**
   * A partner's session, its partner and the member it acts as, read in one statement on every request (no cache), so
   * that a removed member, a changed role or a suspended partner takes effect at once on every process. A session
   * opened with an API key acts as no member; one opened before members existed acts as the account's owner. A session
   * whose member is gone is over (deleted).
   */
  async function partnerSession(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const token = presentedToken(request);
    const now = deps.clock.now();
    const row = await partnerSessionOfToken(deps.database.db, token, now);
    const s = await liveSession(row, now);
    if (s.subjectType !== 'partner') throw errors.forbidden('This operation needs a partner session');
    if (!row || row.p_id === null) throw errors.sessionExpired('Session expired or invalid: sign in again');
    if (Number(row.p_active) !== 1) throw errors.suspended();
    // A session opened with a live key acts as that key: before production access, not at all (one opened before
    // key sign-in refused such keys ends here too).
    if (s.keyEnvironment === 'live' && row.p_activated_at === null) throw errors.productionNotEnabled();
    let member: SessionMember | null = null;
    if (s.keyEnvironment === null) {
      if (row.m_id === null || row.m_email === null || row.m_role === null) {
        if (s.memberId !== null) await endSession(deps.database.db, s.sessionId);
        throw errors.sessionExpired('Session ended: this member is no longer part of the account; sign in again');
      }
      member = { id: row.m_id, email: row.m_email, name: row.m_name, role: row.m_role };
    }
    // Where the owner requires a second factor of every member, one without it may only set it up (as an
    // administrator under ADMIN_REQUIRE_MFA). A session opened by pasting a key has no member and is not held.
    if (member !== null && request.routeOptions.config.mfaEnrolment !== true && (await memberEnrolmentPending(deps.database.db, row.p_require_mfa!, member.id))) {
      throw errors.mfaEnrolmentRequired(MEMBER_ENROLMENT);
    }
    await touch(s);
    request.session = s;
    request.partner = {
      id: row.p_id,
      name: row.p_name!,
      email: row.p_email!,
      company: row.p_company!,
      tier: row.p_tier!,
      active: true,
      activated_at: row.p_activated_at,
      rate_limit_per_second: row.p_rate_limit_per_second,
      ingest_secret_hash: row.p_ingest_secret_hash!,
      ingest_secret_previous_hash: row.p_ingest_secret_previous_hash,
      ingest_secret_previous_valid_until: row.p_ingest_secret_previous_valid_until,
    };
    request.member = member;
    request.memberRole = member?.role ?? KEY_SESSION_ROLE;
  }

  async function adminSession(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const token = presentedToken(request);
    const now = deps.clock.now();
    const s = await liveSession(await sessionOfToken(deps.database.db, token, now), now);
    if (s.subjectType !== 'admin') throw errors.forbidden('This operation needs an administrator session');
    // Where administrators must have a second factor, one without it may only set it up. A single sign-on proved
    // its factors at the identity provider (which must require the second one): it is not held to enrolment.
    if (
      deps.config.adminRequireMfa &&
      !secondFactorAtProvider(s.method) &&
      request.routeOptions.config.mfaEnrolment !== true &&
      !(await adminHasSecondFactor(deps.database.db, s.subjectId))
    ) {
      throw errors.mfaEnrolmentRequired();
    }
    await touch(s);
    request.session = s;
  }

  const metricsTokenHash = deps.config.metricsToken === null ? null : sha256Hex(deps.config.metricsToken);

  /**
   * /metrics: a local scraper needs nothing; any other caller needs the token, and without one
   * configured the route does not exist for it. A wrong or missing token is the same 404, so a
   * caller learns nothing about whether metrics are on.
   */
  function metricsAccess(request: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void): void {
    if (isLocalRequest(request)) return done();
    const presented = bearer(request);
    if (metricsTokenHash !== null && presented !== null && safeEqual(sha256Hex(presented), metricsTokenHash)) return done();
    done(errors.notFound());
  }

  return { apiKey, ingestSecret, platformSecret, partnerSession, adminSession, sameOriginCookie, metricsAccess };
}

export type Guards = ReturnType<typeof makeGuards>;
