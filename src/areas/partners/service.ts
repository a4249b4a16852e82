/** Creating partners with their keys and ingest secret (used by the CLI, the demo seed, sign-up and key sync), and GET /api/v1/me. The ingest secret itself: ingest-secret.ts. */
import type { Deps } from '../../context.js';
import type { Executor } from '../../db/database.js';
import type { Environment } from '../../db/schema/index.js';
import { sha256Hex } from '../../lib/crypto.js';
import { newId } from '../../lib/ids.js';
import { errors } from '../../http/errors.js';
import { generateApiKey, generateIngestSecret, maskKey } from '../api-keys/values.js';
import { findPartnerByEmail, findPartnerById, insertKey, insertPartner, keysOfPartner } from './repo.js';
import { findMemberByEmail, insertMember } from '../members/repo.js';
import { endpointState } from '../webhooks/service.js';
import { KEY_TYPE } from '../api-keys/values.js';
import { iso, isoOrNull } from '../../lib/time.js';

export interface NewPartnerInput {
  email: string;
  company: string;
  name?: string;
  passwordHash?: string | null;
  tier?: string;
  signupSource?: string | null;
  expectedVolume?: string | null;
  /** Production-enabled from the start (operator-created partners); self sign-ups are not. */
  activated?: boolean;
  /** false: only create the key slots that are given in `keys` (key sync). */
  generateKeys?: boolean;
  /**
   * Whether the email counts as verified from the start (default true): an operator creating a partner
   * (CLI, admin, key sync, the demo seed) vouches for the address. Self sign-up passes false: its owner
   * must follow the link mailed to it before any other mail goes there.
   */
  emailVerified?: boolean;
}

export interface CreatedPartner {
  id: string;
  email: string;
  company: string;
  testKey: string | null;
  liveKey: string | null;
  ingestSecret: string;
}

/** Writes an API key into a partner's slot row (insert). */
export async function insertKeySlot(
  deps: Pick<Deps, 'secrets'>,
  db: Executor,
  partnerId: string,
  environment: Environment,
  key: string | null,
  source: string,
  now: number,
): Promise<void> {
  await insertKey(db, {
    id: newId('key', now),
    partner_id: partnerId,
    environment,
    key_hash: key ? sha256Hex(key) : null,
    key_enc: key ? deps.secrets.seal(key) : null,
    masked: key ? maskKey(key) : null,
    source,
    created_at: now,
    last_rotated_at: null,
    updated_at: now,
    previous_key_hash: null,
    previous_expires_at: null,
  });
}

export async function createPartner(deps: Pick<Deps, 'secrets' | 'clock'>, db: Executor, input: NewPartnerInput): Promise<CreatedPartner> {
  const now = deps.clock.now();
  const email = input.email.trim();
  if (await findPartnerByEmail(db, email)) throw errors.conflict('A partner with this email already exists');
  if (await findMemberByEmail(db, email)) throw errors.conflict('This email already belongs to a member of a partner account');
  const id = newId('ptr', now);
  const ingestSecret = generateIngestSecret();
  await insertPartner(db, {
    id,
    name: input.name ?? input.company,
    email,
    email_lower: email.toLowerCase(),
    company: input.company,
    tier: input.tier ?? 'standard',
    active: 1,
    created_at: now,
    activated_at: input.activated ? now : null,
    password_hash: input.passwordHash ?? null,
    ingest_secret_hash: sha256Hex(ingestSecret),
    ingest_secret_enc: deps.secrets.seal(ingestSecret),
    ingest_secret_rotated_at: null,
    ingest_secret_previous_hash: null,
    ingest_secret_previous_valid_until: null,
    usage_alert_email: '',
    payment_customer_id: null,
    payment_method_attached: 0,
    expected_volume: input.expectedVolume ?? null,
    signup_source: input.signupSource ?? null,
    rate_limit_per_second: null,
    rate_per_user_usd: null,
    email_verified_at: (input.emailVerified ?? true) ? now : null,
    require_mfa: 0,
  });
  // The account's login is its first member, its owner (src/areas/members).
  await insertMember(db, {
    id: newId('mem', now),
    partner_id: id,
    email,
    email_lower: email.toLowerCase(),
    name: input.name ?? input.company,
    role: 'owner',
    status: 'active',
    password_hash: input.passwordHash ?? null,
    invited_by: null,
    invite_token_hash: null,
    invite_expires_at: null,
    created_at: now,
    accepted_at: now,
    last_sign_in_at: null,
  });
  const generate = input.generateKeys ?? true;
  const testKey = generate ? generateApiKey('test') : null;
  const liveKey = generate ? generateApiKey('live') : null;
  await insertKeySlot(deps, db, id, 'test', testKey, 'generated', now);
  await insertKeySlot(deps, db, id, 'live', liveKey, 'generated', now);
  return { id, email, company: input.company, testKey, liveKey, ingestSecret };
}

/** GET /api/v1/me: the calling key's partner, its two key slots (masked) and its webhook state in the key's environment. */
export async function profileOf(deps: Pick<Deps, 'database'>, caller: { partnerId: string; environment: Environment }) {
  const db = deps.database.db;
  const [p, keys, hook] = await Promise.all([findPartnerById(db, caller.partnerId), keysOfPartner(db, caller.partnerId), endpointState(deps, caller)]);
  if (!p) throw errors.unauthorized('Invalid API key');
  const test = keys.find((k) => k.environment === 'test');
  const live = keys.find((k) => k.environment === 'live');
  return {
    id: p.id,
    name: p.name,
    email: p.email,
    company: p.company,
    tier: p.tier,
    active: Number(p.active) === 1,
    is_sandbox: caller.environment === 'test',
    current_key_type: KEY_TYPE[caller.environment],
    sandbox_key_masked: test?.masked ?? null,
    production_key_masked: live?.masked ?? null,
    sandbox_key_rotated_at: isoOrNull(test?.last_rotated_at),
    production_key_rotated_at: isoOrNull(live?.last_rotated_at),
    webhook_url: hook?.url ?? null,
    webhook_enabled: hook ? hook.enabled : false,
    usage_alert_email: p.usage_alert_email,
    payment_customer_id: p.payment_customer_id,
    payment_method_attached: Number(p.payment_method_attached) === 1,
    created_at: iso(p.created_at),
    activated_at: isoOrNull(p.activated_at),
    expected_volume: p.expected_volume,
    signup_source: p.signup_source,
  };
}
