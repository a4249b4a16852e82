/**
 * The partner's ingest secret (X-Service-Ingest-Secret): reading it with a key, and rotating it.
 *
 * There is one secret per partner. A rotation writes a new one and, with `grace_hours` > 0,
 * keeps the secret it replaces valid until then (the overlap: the ingestSecret guard accepts
 * either), so the partner's servers switch over without failed requests; with 0 the replaced
 * secret stops at once. Only the replaced secret is kept: a rotation during an overlap ends the
 * older secret at once. Every rotation is audited in its own statement's transaction, then the
 * key cache is invalidated on every process (deps.auth.invalidatePartner), so the next request
 * anywhere sees the new state.
 *
 * Who may rotate: a LIVE key with the current (or overlapping) secret, a partner signed in with
 * a password, or an administrator. Not a test key: the secret also guards production, and a test
 * key, which reads the secret too, must not reach production. Not a session opened with a key
 * either (that would let a key alone rotate). The browser answers (portal, admin console) never
 * carry the secret: the partner's servers read it with GET /api/v1/secrets and their key.
 */
import type { Deps } from '../../context.js';
import type { Environment } from '../../db/schema/index.js';
import { errors } from '../../http/errors.js';
import { sha256Hex } from '../../lib/crypto.js';
import { iso, isoOrNull } from '../../lib/time.js';
import { actorDetails, type Actor } from '../accounts/common.js';
import { writeAudit } from '../audit/repo.js';
import { generateIngestSecret, maskKey } from '../api-keys/values.js';
import { findPartnerById, replaceIngestSecret } from './repo.js';

/** What a rotation reads: the sealed secrets in the database, the clock, and the auth cache it invalidates. */
type RotateDeps = Pick<Deps, 'auth' | 'clock' | 'database' | 'secrets'>;

export const INGEST_SECRET_HEADER_NAME = 'X-Service-Ingest-Secret';
export const MAX_GRACE_HOURS = 24;
const HOUR_MS = 3_600_000;

const SCOPE = '/api/v1/ingest, /api/v1/ingest/*, /api/v1/webhooks, /api/v1/webhooks/*, /api/v1/key/rotate, /api/v1/secrets/rotate';

export const ROTATION_POLICY =
  'Rotate on demand: POST /api/v1/secrets/rotate with your live key and current secret, from the portal\'s keys page ' +
  '(signed in with your password), or ask an administrator. An optional overlap of up to 24 hours (grace_hours) keeps ' +
  'the previous secret valid meanwhile; without one it stops working at once.';

/** The replaced secret's end, when it is still in the future. */
function overlapEnd(p: { ingest_secret_previous_hash: string | null; ingest_secret_previous_valid_until: number | null }, now: number): number | null {
  const until = p.ingest_secret_previous_valid_until === null ? null : Number(p.ingest_secret_previous_valid_until);
  return p.ingest_secret_previous_hash !== null && until !== null && until > now ? until : null;
}

/** GET /api/v1/secrets: the partner's ingest secret, opened from its sealed form, and its rotation state. */
export async function ingestSecretOf(deps: Pick<Deps, 'clock' | 'database' | 'secrets'>, partnerId: string) {
  const p = await findPartnerById(deps.database.db, partnerId);
  if (!p) throw errors.unauthorized('Invalid API key');
  return {
    ingest_secret: deps.secrets.open(p.ingest_secret_enc),
    header_name: INGEST_SECRET_HEADER_NAME,
    scope: SCOPE,
    rotation_policy: ROTATION_POLICY,
    rotated_at: isoOrNull(p.ingest_secret_rotated_at === null ? null : Number(p.ingest_secret_rotated_at)),
    previous_valid_until: isoOrNull(overlapEnd(p, deps.clock.now())),
  };
}

export interface Rotated {
  secret: string;
  rotatedAt: number;
  previousValidUntil: number | null;
}

/** Writes a new secret (the replaced one valid for `graceHours`), audits it, then invalidates the partner's cached keys. 404 for an unknown partner. */
export async function rotateIngestSecret(deps: RotateDeps, actor: Actor, partnerId: string, graceHours: number, action: string, via: string): Promise<Rotated> {
  const now = deps.clock.now();
  const secret = generateIngestSecret();
  const previousValidUntil = graceHours > 0 ? now + graceHours * HOUR_MS : null;
  await deps.database.tx(async (trx) => {
    const found = await replaceIngestSecret(trx, partnerId, { hash: sha256Hex(secret), enc: deps.secrets.seal(secret), rotatedAt: now, previousValidUntil });
    if (!found) throw errors.notFound(`No partner with id '${partnerId}'`);
    await writeAudit(trx, {
      at: now,
      actorType: actor.type,
      actorId: actor.id,
      action,
      targetType: 'partner',
      targetId: partnerId,
      details: actorDetails(actor, { via, grace_hours: graceHours, previous_valid_until: isoOrNull(previousValidUntil), secret_masked: maskKey(secret) }),
    });
  });
  await deps.auth.invalidatePartner(partnerId);
  return { secret, rotatedAt: now, previousValidUntil };
}

function previousFate(previousValidUntil: number | null): string {
  return previousValidUntil === null
    ? 'The previous secret stopped working at once.'
    : `The previous secret keeps working until ${iso(previousValidUntil)}: switch every server to the new one before then.`;
}

/** POST /api/v1/secrets/rotate: a live key and the current secret; the new secret is in the answer. */
export async function rotateIngestSecretByKey(deps: RotateDeps, actor: Actor, partnerId: string, callerEnvironment: Environment, graceHours: number) {
  if (callerEnvironment !== 'live') {
    throw errors.environmentMismatch(
      'The ingest secret also guards production: rotate it with your live key, from the portal signed in with your password, ' +
        'or ask an administrator (a test key may read the secret but not rotate it)',
    );
  }
  const r = await rotateIngestSecret(deps, actor, partnerId, graceHours, 'ingest_secret.rotate', 'api');
  return {
    ingest_secret: r.secret,
    header_name: INGEST_SECRET_HEADER_NAME,
    rotated_at: iso(r.rotatedAt),
    previous_valid_until: isoOrNull(r.previousValidUntil),
    detail: `Send the new secret from now on (GET /api/v1/secrets also reads it). ${previousFate(r.previousValidUntil)}`,
  };
}

/** The answer of a rotation made in a browser (portal, admin console): no secret in it. */
function browserAnswer(r: Rotated, whose: 'your' | "the partner's") {
  return {
    detail:
      `The ingest secret was rotated. It is never shown in a browser: ${whose} servers read the new one with GET /api/v1/secrets ` +
      `and ${whose === 'your' ? 'your' : 'their'} API key. ${previousFate(r.previousValidUntil)}`,
    rotated_at: iso(r.rotatedAt),
    previous_valid_until: isoOrNull(r.previousValidUntil),
  };
}

/**
 * POST /api/partners/me/ingest-secret/rotate: a partner signed in with a password. A session opened with an API key
 * (`sessionKeyEnvironment` not null) is refused: a key alone cannot rotate the secret.
 */
export async function rotateIngestSecretFromPortal(deps: RotateDeps, actor: Actor, partnerId: string, graceHours: number, sessionKeyEnvironment: Environment | null) {
  if (sessionKeyEnvironment !== null) {
    throw errors.forbidden(
      'Rotating the ingest secret needs a session signed in with your password: this one was opened with an API key ' +
        '(or rotate it with your live key and current secret: POST /api/v1/secrets/rotate)',
    );
  }
  return browserAnswer(await rotateIngestSecret(deps, actor, partnerId, graceHours, 'ingest_secret.rotate', 'portal'), 'your');
}

/** POST /api/admin/partners/{partner_id}/rotate-ingest-secret: like the portal, administrators never see the secret. */
export async function rotateIngestSecretByAdmin(deps: RotateDeps, actor: Actor, partnerId: string, graceHours: number) {
  const r = await rotateIngestSecret(deps, actor, partnerId, graceHours, 'admin.ingest_secret.rotate', 'admin');
  return { partner_id: partnerId, ...browserAnswer(r, "the partner's") };
}
