/**
 * Key slots: paste, clear, rotate/regenerate, server-to-server sync, external keys.
 *
 * Every partner has one slot per environment (a row of api_keys, kept when blank).
 * A key value belongs to one slot of one partner only: writing a value that another
 * slot holds answers 409 and changes nothing (the transaction is rolled back).
 * Every change calls deps.auth.invalidatePartner after its commit, so the old key
 * fails on the very next request of every process, and ends, in its own transaction,
 * the portal sessions opened with a key the slot no longer holds (the session guard
 * refuses them anyway: this only clears them from the account's session list).
 *
 * A roll (rotate, regenerate) may keep the key it replaces working for an overlap of up to 7 days
 * (api_keys.previous_key_hash/previous_expires_at): both keys authenticate as the same slot, and the
 * sessions opened with the old key live until the overlap ends. Only one previous key is kept: any
 * other write of the slot, a second roll included, ends a running overlap at once, as "Expire now" does.
 */
import type { Transaction } from 'kysely';
import type { Deps } from '../../context.js';
import type { Executor } from '../../db/database.js';
import type { DB, Environment } from '../../db/schema/index.js';
import { errors } from '../../http/errors.js';
import { sha256Hex } from '../../lib/crypto.js';
import { iso, isoOrNull } from '../../lib/time.js';
import { generateApiKey, KEY_PREFIX, KEY_TYPE, maskKey } from './values.js';
import {
  endSlotOverlap,
  findPartnerByEmail,
  findPartnerById,
  keyByHash,
  keyById,
  keySlot,
  keysOfPartner,
  slotByPreviousHash,
  updatePartnerMetadata,
  updateSlot,
} from '../partners/repo.js';
import { createPartner, insertKeySlot } from '../partners/service.js';
import { audit, isUniqueViolation, type Actor } from '../accounts/common.js';
import { deleteUnboundKeySessions } from '../accounts/repo.js';
import type { ApiKeyOut, KeySyncBody, KeySyncResult } from '../accounts/schemas.js';

/** What a key-changing transaction reads (keyTx): the database, the clock and the auth cache it invalidates. */
type KeyWriteDeps = Pick<Deps, 'auth' | 'clock' | 'database'>;
/** A key-changing transaction that also writes a key value (sealed with the secret box). */
type SlotWriteDeps = Pick<Deps, 'auth' | 'clock' | 'database' | 'secrets'>;

const OTHER: Record<Environment, Environment> = { test: 'live', live: 'test' };

/**
 * Runs a key-changing transaction, ends the sessions opened with a key that left its slot, maps a
 * lost unique race to 409, then invalidates the partners' cached keys.
 */
async function keyTx<T>(deps: KeyWriteDeps, fn: (trx: Transaction<DB>, touched: Set<string>) => Promise<T>, partnerPaste = false): Promise<T> {
  const touched = new Set<string>();
  let out: T;
  try {
    out = await deps.database.tx(async (trx) => {
      const r = await fn(trx, touched);
      await deleteUnboundKeySessions(trx, [...touched], deps.clock.now());
      return r;
    });
  } catch (err) {
    // A partner's paste that lost the value to a concurrent write is answered as a value another partner holds.
    if (isUniqueViolation(err)) throw partnerPaste ? new HeldByAnotherPartner() : errors.conflict('This key is already in use');
    throw err;
  }
  for (const id of touched) await deps.auth.invalidatePartner(id);
  return out;
}

/** A pasted key whose prefix names the other environment is refused (it would route to the wrong dataset). */
export function checkPrefix(key: string, environment: Environment, loc: (string | number)[]): void {
  const other = OTHER[environment];
  if (key.startsWith(KEY_PREFIX[other])) {
    throw errors.invalid(loc, `A ${KEY_PREFIX[other]}… key cannot be stored in the ${environment} slot`, key, 'value_error');
  }
}

/** The environment of a pasted key without one given: its prefix. */
export function environmentOf(key: string): Environment | null {
  if (key.startsWith(KEY_PREFIX.test)) return 'test';
  if (key.startsWith(KEY_PREFIX.live)) return 'live';
  return null;
}

/**
 * A pasted value that another partner's slot holds. The partner who pasted it is told only that it cannot be used
 * (the same words as a value lost to a concurrent write): whether a value is someone's key is what a guesser wants.
 */
export const KEY_NOT_USABLE = 'This key cannot be used: paste a key of your own, or generate a new one';

/** A partner's paste of a value another partner holds (or that a concurrent write took): pasteKey answers it. */
class HeldByAnotherPartner extends Error {}

/**
 * Writes `key` into a partner's slot inside the transaction. 409 when another slot
 * (of this partner or another) holds the value, as its key or as a previous key in its overlap; with
 * `hideHolder` (a partner's own paste), another partner's value throws HeldByAnotherPartner instead.
 * With `previousExpiresAt` (a roll with an overlap) the key it replaces stays accepted until then;
 * otherwise any previous key of the slot stops. Returns whether anything changed.
 */
async function writeSlot(
  deps: Pick<Deps, 'secrets'>,
  trx: Executor,
  partnerId: string,
  environment: Environment,
  key: string,
  source: string,
  now: number,
  hideHolder = false,
  previousExpiresAt: number | null = null,
): Promise<{ changed: boolean; rotatedAt: number }> {
  const hash = sha256Hex(key);
  const current = await keyByHash(trx, hash);
  // A slot's previous key in its overlap holds the value too; this slot's own may come back as its key (the overlap ends).
  const previous = current ? undefined : await slotByPreviousHash(trx, hash, now);
  const holder = current ?? (previous && (previous.partner_id !== partnerId || previous.environment !== environment) ? previous : undefined);
  if (holder && (holder.partner_id !== partnerId || holder.environment !== environment)) {
    if (holder.partner_id === partnerId) throw errors.conflict(`This key is already in use in your ${holder.environment} slot`);
    // Operators and the platform (sync, external keys) may know that the value is another partner's.
    if (hideHolder) throw new HeldByAnotherPartner();
    throw errors.conflict('This key is already in use by another partner');
  }
  const slot = await keySlot(trx, partnerId, environment);
  if (holder && slot) return { changed: false, rotatedAt: Number(slot.last_rotated_at ?? slot.updated_at) };
  if (!slot) {
    await insertKeySlot(deps, trx, partnerId, environment, key, source, now);
    await updateSlot(trx, partnerId, environment, { key_hash: hash, key_enc: deps.secrets.seal(key), masked: maskKey(key), source, last_rotated_at: now, updated_at: now });
  } else {
    await updateSlot(trx, partnerId, environment, {
      key_hash: hash,
      key_enc: deps.secrets.seal(key),
      masked: maskKey(key),
      source,
      last_rotated_at: now,
      updated_at: now,
      previousExpiresAt,
    });
  }
  return { changed: true, rotatedAt: now };
}

type SlotRow = {
  id: string;
  environment: Environment;
  key_enc: string | null;
  masked: string | null;
  created_at: number;
  last_rotated_at: number | null;
  previous_key_hash: string | null;
  previous_expires_at: number | null;
};

/** When the key a roll replaced stops working, while its overlap is running at `now`; null otherwise. */
export function previousExpiresAt(k: Pick<SlotRow, 'previous_key_hash' | 'previous_expires_at'>, now: number): number | null {
  const until = k.previous_expires_at === null ? null : Number(k.previous_expires_at);
  return k.previous_key_hash !== null && until !== null && until > now ? until : null;
}

/** A slot as the portal shows it; `reveal` false gives the masked form in `key` and never opens the value. */
export function apiKeyOut(deps: Pick<Deps, 'clock' | 'secrets'>, k: SlotRow, reveal = true): ApiKeyOut {
  return {
    id: k.id,
    environment: k.environment,
    key: reveal ? deps.secrets.open(k.key_enc!) : (k.masked ?? ''),
    masked: k.masked ?? '',
    created_at: iso(Number(k.created_at)),
    last_rotated_at: isoOrNull(k.last_rotated_at === null ? null : Number(k.last_rotated_at)),
    previous_expires_at: isoOrNull(previousExpiresAt(k, deps.clock.now())),
  };
}

/**
 * The partner's keys, decrypted (the portal shows them); blank slots are left out.
 * A slot of an environment the session does not cover (a session opened with the
 * other environment's key) shows its masked form only: its value is never opened.
 */
export async function listApiKeys(deps: Pick<Deps, 'clock' | 'database' | 'secrets'>, partnerId: string, covers: (environment: Environment) => boolean = () => true): Promise<ApiKeyOut[]> {
  const keys = await keysOfPartner(deps.database.db, partnerId);
  return keys
    .filter((k) => k.key_enc !== null)
    .map((k) => apiKeyOut(deps, k, covers(k.environment)));
}

/**
 * Paste by a signed-in partner: the slot holds the given key and it authenticates at once; the previous key stops
 * working. A pasted value is a guess at other partners' keys, so it is budgeted like one: the paste counts against the
 * failed-credential budget of the client `address` from before the look-up (a locked address is refused 429 before
 * it), and a value another partner holds is a failure, answered 409 with KEY_NOT_USABLE, which names nobody and is the
 * answer to a value lost to a concurrent write too.
 */
export async function pasteKey(deps: Pick<Deps, 'auth' | 'clock' | 'credentials' | 'database' | 'secrets'>, actor: Actor, partnerId: string, environment: Environment, key: string, source: string, address: string) {
  // Before the failed-credential budget is asked: a key of the other environment is a mistake, not a guess.
  checkPrefix(key, environment, ['body', 'key']);
  const now = deps.clock.now();
  const admission = await deps.credentials.admit(address, now);
  let failed = false;
  try {
    await keyTx(
      deps,
      async (trx, touched) => {
        const r = await writeSlot(deps, trx, partnerId, environment, key, source, now, true);
        if (r.changed) {
          touched.add(partnerId);
          await audit(trx, actor, now, 'key.paste', 'partner', partnerId, { environment, key_masked: maskKey(key), source });
        }
      },
      true,
    );
  } catch (err) {
    if (!(err instanceof HeldByAnotherPartner)) throw err;
    failed = true;
    throw errors.conflict(KEY_NOT_USABLE);
  } finally {
    admission.settle(failed, deps.clock.now());
  }
  const slot = await keySlot(deps.database.db, partnerId, environment);
  return { slot: slot!, savedAt: now };
}

/** Blanks a slot (row kept). Returns whether it held a key. */
export async function clearKey(deps: KeyWriteDeps, actor: Actor, partnerId: string, environment: Environment, action = 'key.clear') {
  const now = deps.clock.now();
  const cleared = await keyTx(deps, async (trx, touched) => {
    const slot = await keySlot(trx, partnerId, environment);
    if (!slot || slot.key_hash === null) return false;
    await updateSlot(trx, partnerId, environment, { key_hash: null, key_enc: null, masked: null, source: slot.source, updated_at: now });
    touched.add(partnerId);
    await audit(trx, actor, now, action, 'partner', partnerId, { environment, key_masked: slot.masked });
    return true;
  });
  return { partner_id: partnerId, environment, cleared, cleared_at: iso(now) };
}

/**
 * A new generated key in the slot; returned once. With `overlapSeconds` > 0 the key it replaces keeps working until
 * then (`previousExpiresAt`; null when it stopped at once, or the slot was blank); a running overlap ends either way.
 */
export async function regenerateKey(deps: SlotWriteDeps, actor: Actor, partnerId: string, environment: Environment, action: string, overlapSeconds = 0) {
  const now = deps.clock.now();
  const key = generateApiKey(environment);
  const previous = await keyTx(deps, async (trx, touched) => {
    const slot = await keySlot(trx, partnerId, environment);
    const until = overlapSeconds > 0 && slot?.key_hash ? now + overlapSeconds * 1000 : null;
    await writeSlot(deps, trx, partnerId, environment, key, 'generated', now, false, until);
    touched.add(partnerId);
    await audit(trx, actor, now, action, 'partner', partnerId, {
      environment,
      key_masked: maskKey(key),
      overlap_seconds: until === null ? 0 : overlapSeconds,
      previous_expires_at: isoOrNull(until),
    });
    return until;
  });
  return { key, masked: maskKey(key), rotatedAt: now, previousExpiresAt: previous };
}

/** The portal's rotation (partner session): a new generated key in the slot, answered as the slot (value included, once). */
export async function rotateSlot(deps: SlotWriteDeps, actor: Actor, partnerId: string, environment: Environment, overlapSeconds = 0): Promise<ApiKeyOut> {
  await regenerateKey(deps, actor, partnerId, environment, 'key.rotate', overlapSeconds);
  const slot = await keySlot(deps.database.db, partnerId, environment);
  return apiKeyOut(deps, slot!);
}

/**
 * "Expire now": the key the slot's last roll replaced stops working at once instead of at the end of its overlap,
 * on every process (and the sessions opened with it end). Answered as the slot; 404 when the slot holds no key.
 * Without an overlap running nothing changes (and nothing is audited).
 */
export async function expirePreviousKey(deps: SlotWriteDeps, actor: Actor, partnerId: string, environment: Environment, reveal = true): Promise<ApiKeyOut> {
  const now = deps.clock.now();
  const slot = await keyTx(deps, async (trx, touched) => {
    const before = await keySlot(trx, partnerId, environment);
    if (!before || before.key_enc === null) throw errors.notFound(`No key in the ${environment} slot`);
    const until = previousExpiresAt(before, now);
    if (until !== null && (await endSlotOverlap(trx, partnerId, environment, now))) {
      touched.add(partnerId);
      await audit(trx, actor, now, 'key.expire_previous', 'partner', partnerId, { environment, key_masked: before.masked, previous_expires_at: iso(until) });
    }
    return (await keySlot(trx, partnerId, environment))!;
  });
  return apiKeyOut(deps, slot, reveal);
}

function previousFate(keyType: string, until: number | null): string {
  return until === null
    ? `The previous ${keyType} key has stopped working.`
    : `The previous ${keyType} key keeps working until ${iso(until)}: switch every server to the new one before then.`;
}

/**
 * Rotation by key + ingest secret. A key acts only in its own environment: a test key
 * rotates the sandbox key only and a live key the production key only (403 otherwise,
 * nothing changed), so a leaked test key and the partner-wide ingest secret never reach production.
 */
export async function rotateKey(deps: SlotWriteDeps, actor: Actor, partnerId: string, keyType: 'sandbox' | 'production', callerEnvironment: Environment, overlapSeconds = 0) {
  const environment: Environment = keyType === 'sandbox' ? 'test' : 'live';
  if (environment !== callerEnvironment) {
    throw errors.environmentMismatch(
      `A ${callerEnvironment} key can rotate only the ${KEY_TYPE[callerEnvironment]} key: rotate the ${keyType} key with your ` +
        `${environment} key, or sign in to the portal with your password and replace it there`,
    );
  }
  const r = await regenerateKey(deps, actor, partnerId, environment, 'key.rotate', overlapSeconds);
  return {
    key_type: KEY_TYPE[environment],
    new_key: r.key,
    rotated_at: iso(r.rotatedAt),
    previous_expires_at: isoOrNull(r.previousExpiresAt),
    message: `${previousFate(keyType, r.previousExpiresAt)} Store the new key now: it is not shown again in full here.`,
  };
}

type SyncInput = Omit<KeySyncBody, 'source'> & { source?: string | null };

/**
 * Server-to-server sync of one key, inside the caller's transaction: finds the
 * partner by partner_id (first) or partner_email (case-insensitive), or creates one
 * (production-enabled, as operator-created partners are) from partner_email and
 * partner_company_name; then writes the key into the slot of `environment`.
 */
export async function syncOne(deps: Pick<Deps, 'clock' | 'secrets'>, trx: Executor, actor: Actor, body: SyncInput, loc: (string | number)[], touched: Set<string>, defaultSource: string): Promise<KeySyncResult> {
  const now = deps.clock.now();
  const source = body.source ?? defaultSource;
  checkPrefix(body.key, body.environment, [...loc, 'key']);
  let partner = body.partner_id ? await findPartnerById(trx, body.partner_id) : undefined;
  if (!partner && body.partner_email) partner = await findPartnerByEmail(trx, body.partner_email);
  let created = false;
  if (!partner) {
    if (body.partner_id && !body.partner_email) throw errors.notFound(`No partner with id '${body.partner_id}'`);
    if (!body.partner_email) {
      throw errors.invalid([...loc, 'partner_email'], 'Give partner_id or partner_email of an existing partner, or partner_email and partner_company_name to create one', null, 'missing');
    }
    if (!body.partner_company_name) {
      throw errors.invalid([...loc, 'partner_company_name'], 'No partner has this email: partner_company_name is needed to create one', null, 'missing');
    }
    const p = await createPartner(deps, trx, {
      email: body.partner_email,
      company: body.partner_company_name,
      name: body.partner_contact_name ?? body.partner_company_name,
      tier: body.tier ?? undefined,
      activated: true,
      signupSource: source,
      generateKeys: false,
    });
    partner = (await findPartnerById(trx, p.id))!;
    created = true;
    await audit(trx, actor, now, 'partner.create', 'partner', p.id, { email: p.email, via: source });
  }
  const r = await writeSlot(deps, trx, partner.id, body.environment, body.key, source, now);
  if (r.changed) {
    touched.add(partner.id);
    await audit(trx, actor, now, 'key.sync', 'partner', partner.id, { environment: body.environment, key_masked: maskKey(body.key), source });
  }
  const slot = await keySlot(trx, partner.id, body.environment);
  return {
    partner_id: partner.id,
    company_name: partner.company,
    email: partner.email,
    environment: body.environment,
    key_masked: maskKey(body.key),
    created_partner: created,
    rotated_at: iso(r.rotatedAt),
    source: slot?.source ?? source,
  };
}

export async function syncKey(deps: SlotWriteDeps, actor: Actor, body: SyncInput, defaultSource: string): Promise<KeySyncResult> {
  return keyTx(deps, (trx, touched) => syncOne(deps, trx, actor, body, ['body'], touched, defaultSource));
}

/** All or nothing: every item in one transaction; the first failing item names its index. */
export async function bulkSync(deps: SlotWriteDeps, actor: Actor, items: KeySyncBody[]) {
  const results = await keyTx(deps, async (trx, touched) => {
    const out: KeySyncResult[] = [];
    for (let i = 0; i < items.length; i++) {
      try {
        out.push(await syncOne(deps, trx, actor, items[i], ['body', 'keys', i], touched, 'external-sync'));
      } catch (err) {
        const e = err as { statusCode?: number; detail?: string; extra?: Record<string, unknown> };
        if (e && typeof e.statusCode === 'number' && e.detail !== undefined && e.extra) {
          // Name the item that failed; nothing of the batch is kept.
          (e.extra as Record<string, unknown>).index = i;
        }
        throw err;
      }
    }
    return out;
  });
  return { synced: results.length, created_partners: results.filter((r) => r.created_partner).length, results };
}

/** Removes a key, found by its value, from whichever slot holds it (slot blank, row kept). */
export async function deleteKeyByValue(deps: KeyWriteDeps, actor: Actor, key: string) {
  const now = deps.clock.now();
  return keyTx(deps, async (trx, touched) => {
    const slot = await keyByHash(trx, sha256Hex(key));
    if (!slot) throw errors.notFound('No partner holds this key');
    await updateSlot(trx, slot.partner_id, slot.environment, { key_hash: null, key_enc: null, masked: null, source: slot.source, updated_at: now });
    touched.add(slot.partner_id);
    await audit(trx, actor, now, 'key.delete', 'partner', slot.partner_id, { environment: slot.environment, key_masked: slot.masked });
    return { deleted: true, partner_id: slot.partner_id, environment: slot.environment, key_masked: slot.masked ?? maskKey(key) };
  });
}

/** Admin: removes an external key by its slot id (slot blank, row kept). */
export async function deleteExternalKey(deps: KeyWriteDeps, actor: Actor, keyId: string) {
  const now = deps.clock.now();
  return keyTx(deps, async (trx, touched) => {
    const slot = await keyById(trx, keyId);
    if (!slot || slot.key_hash === null) throw errors.notFound(`No key with id '${keyId}'`);
    await updateSlot(trx, slot.partner_id, slot.environment, { key_hash: null, key_enc: null, masked: null, source: slot.source, updated_at: now });
    touched.add(slot.partner_id);
    await audit(trx, actor, now, 'external_key.delete', 'partner', slot.partner_id, { key_id: keyId, environment: slot.environment, key_masked: slot.masked });
    return { deleted: true, id: keyId, partner_id: slot.partner_id, environment: slot.environment };
  });
}

export async function updateMetadataByEmail(deps: Pick<Deps, 'clock' | 'database'>, actor: Actor, email: string, body: { partner_company_name?: string; partner_contact_name?: string }) {
  const now = deps.clock.now();
  return deps.database.tx(async (trx) => {
    const p = await findPartnerByEmail(trx, email);
    if (!p) throw errors.notFound(`No partner with email '${email}'`);
    const values: { company?: string; name?: string } = {};
    if (body.partner_company_name !== undefined && body.partner_company_name !== p.company) values.company = body.partner_company_name;
    if (body.partner_contact_name !== undefined && body.partner_contact_name !== p.name) values.name = body.partner_contact_name;
    const updated = Object.keys(values).length > 0;
    if (updated) {
      await updatePartnerMetadata(trx, p.id, values);
      await audit(trx, actor, now, 'partner.metadata', 'partner', p.id, { ...values });
    }
    return {
      partner_id: p.id,
      email: p.email,
      company_name: values.company ?? p.company,
      contact_name: values.name ?? p.name,
      updated,
    };
  });
}
