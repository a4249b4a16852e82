import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hash,
  randomBytes,
  scrypt as scryptCb,
  timingSafeEqual,
} from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(scryptCb) as (pw: string, salt: Buffer, len: number, opts: object) => Promise<Buffer>;

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Uniformly random base62 string (rejection sampling, no modulo bias). */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    const buf = randomBytes(length * 2);
    for (const b of buf) {
      if (b < 248) out += BASE62[b % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

/** SHA-256 in hex. The one-shot `crypto.hash` (~0.3 µs for a key) skips the Hash object of createHash (~0.7 µs): this runs on every API-key request. */
export function sha256Hex(value: string): string {
  return hash('sha256', value, 'hex');
}

export function hmacSha256Hex(secret: string | Buffer, payload: string | Buffer): string {
  return createHmac('sha256', secret).update(payload).digest('hex');
}

/** Constant-time comparison of two strings (false on different lengths, without early exit on content). */
export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  if (ab.length !== bb.length) {
    timingSafeEqual(ab, ab);
    return false;
  }
  return timingSafeEqual(ab, bb);
}

/** Which key opened a sealed value: SECRETS_KEY (`current`) or SECRETS_KEY_PREVIOUS (`previous`). */
export type SealingKey = 'current' | 'previous';

/** A sealed value that opens under neither key (sealed under another key, or damaged). */
export class UnreadableSealedValue extends Error {
  constructor() {
    super('the sealed value opens under neither SECRETS_KEY nor SECRETS_KEY_PREVIOUS');
  }
}

const PSEUDONYM_LABEL = 'svc pseudonym v1';

/**
 * AES-256-GCM sealing of short secrets at rest: `v1.<iv>.<tag>.<ciphertext>` in base64url.
 *
 * Values are always sealed under the current key (SECRETS_KEY). While a key rotation runs, the
 * previous key (SECRETS_KEY_PREVIOUS) opens what it sealed: GCM's tag tells a wrong key apart
 * (the current key is tried first, then the previous one), so a value needs no record of its key.
 */
export class SecretBox {
  private readonly key: Buffer;
  private readonly previousKey: Buffer | null;

  constructor(hexKey: string, previousHexKey: string | null = null) {
    this.key = Buffer.from(hexKey, 'hex');
    if (this.key.length !== 32) throw new Error('SecretBox needs a 32-byte key');
    this.previousKey = previousHexKey === null ? null : Buffer.from(previousHexKey, 'hex');
    if (this.previousKey !== null && this.previousKey.length !== 32) throw new Error('SecretBox needs a 32-byte previous key');
  }

  /** Whether a previous key is configured (a rotation is under way). */
  get hasPreviousKey(): boolean {
    return this.previousKey !== null;
  }

  seal(plaintext: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const ct = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    const tag = cipher.getAuthTag();
    return ['v1', iv.toString('base64url'), tag.toString('base64url'), ct.toString('base64url')].join('.');
  }

  /**
   * A keyed pseudonym of a value (HMAC-SHA256 under the pseudonym key, 22 base64url characters):
   * the same value always gives the same pseudonym, and without the key nobody can tell which
   * value it stands for, nor test a guess. Pseudonyms are stored (erasures), so their key must
   * outlive a rotation of SECRETS_KEY: it is kept in the database, sealed like any other secret,
   * and set here at start (usePseudonymKey). Before that, it is the one derived from the keys.
   */
  pseudonym(value: string): string {
    this.pseudonymKey ??= this.derivedPseudonymKey();
    return createHmac('sha256', this.pseudonymKey).update(value).digest('base64url').slice(0, 22);
  }

  private pseudonymKey: Buffer | undefined;

  /**
   * The pseudonym key a database gets when it has none stored: the subkey of the key that sealed
   * its data until now (the previous key while a rotation is under way), so pseudonyms stored
   * before the key was kept in the database stay the same.
   */
  derivedPseudonymKey(): Buffer {
    return createHmac('sha256', this.previousKey ?? this.key).update(PSEUDONYM_LABEL).digest();
  }

  /** Sets the pseudonym key (the one kept in the database). */
  usePseudonymKey(key: Buffer): void {
    if (key.length !== 32) throw new Error('a pseudonym key has 32 bytes');
    this.pseudonymKey = key;
  }

  open(sealed: string): string {
    return this.openWithKey(sealed).value;
  }

  /** Opens a sealed value and says which key opened it; UnreadableSealedValue when neither does. */
  openWithKey(sealed: string): { value: string; key: SealingKey } {
    const [v, iv, tag, ct] = sealed.split('.');
    if (v !== 'v1' || !iv || !tag || ct === undefined) throw new UnreadableSealedValue();
    const parts = { iv: Buffer.from(iv, 'base64url'), tag: Buffer.from(tag, 'base64url'), ct: Buffer.from(ct, 'base64url') };
    const value = openUnder(this.key, parts);
    if (value !== null) return { value, key: 'current' };
    const old = this.previousKey === null ? null : openUnder(this.previousKey, parts);
    if (old !== null) return { value: old, key: 'previous' };
    throw new UnreadableSealedValue();
  }
}

/** The plaintext, or null when the key is not the one that sealed it (the tag does not verify). */
function openUnder(key: Buffer, p: { iv: Buffer; tag: Buffer; ct: Buffer }): string | null {
  try {
    // A full 16-byte tag only: a shorter one would weaken the check that tells the keys apart.
    const decipher = createDecipheriv('aes-256-gcm', key, p.iv, { authTagLength: 16 });
    decipher.setAuthTag(p.tag);
    return Buffer.concat([decipher.update(p.ct), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

const SCRYPT = { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

/** scrypt password hash: `scrypt$N$r$p$<salt>$<hash>` (base64url). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password.normalize('NFKC'), salt, 32, SCRYPT);
  return `scrypt$${SCRYPT.N}$${SCRYPT.r}$${SCRYPT.p}$${salt.toString('base64url')}$${hash.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, salt, hash] = parts;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await scrypt(password.normalize('NFKC'), Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: SCRYPT.maxmem,
  });
  return timingSafeEqual(actual, expected);
}

/** A hash of a dummy password, so unknown-user logins cost the same time as wrong passwords. */
let dummyHash: Promise<string> | null = null;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBase62(24));
  return dummyHash;
}
