import { randomBytes } from 'node:crypto';

const CROCKFORD = '0123456789abcdefghjkmnpqrstvwxyz';

// Random bytes are drawn from the OS in blocks rather than one call per id.
const POOL_SIZE = 4096;
let pool = randomBytes(POOL_SIZE);
let poolOffset = 0;
function random16(): Buffer {
  if (poolOffset + 16 > POOL_SIZE) {
    pool = randomBytes(POOL_SIZE);
    poolOffset = 0;
  }
  const out = pool.subarray(poolOffset, poolOffset + 16);
  poolOffset += 16;
  return out;
}

let lastTime = -1;
let lastTimeText = '';
/** The random part of the last id, one base32 digit (0-31) per character. */
const lastRand = new Uint8Array(16);

function encodeTime(ms: number): string {
  let out = '';
  let t = ms;
  for (let i = 0; i < 10; i++) {
    out = CROCKFORD[t % 32] + out;
    t = Math.floor(t / 32);
  }
  return out;
}

/**
 * Prefixed, time-sortable identifiers: `<prefix>_` + 10 characters of millisecond
 * time + 16 random characters, in lower-case Crockford base32 (the ULID layout).
 * Monotonic within a process: two ids made in the same millisecond sort in the
 * order they were made (the random part is incremented).
 */
export function newId(prefix: string, now: number = Date.now()): string {
  if (now <= lastTime && lastTime >= 0) {
    // Same (or an earlier) millisecond: keep the time, increment the random part.
    for (let i = 15; i >= 0; i--) {
      if (lastRand[i] < 31) {
        lastRand[i]++;
        break;
      }
      lastRand[i] = 0;
    }
  } else {
    const bytes = random16();
    for (let i = 0; i < 16; i++) lastRand[i] = bytes[i] & 31;
    lastRand[0] &= 0x0f; // leave room to increment without overflow
    lastTime = now;
    lastTimeText = encodeTime(now);
  }
  let rand = '';
  for (let i = 0; i < 16; i++) rand += CROCKFORD[lastRand[i]];
  return prefix + '_' + lastTimeText + rand;
}

/** Each character's value in lower-case Crockford base32, -1 for any other (by char code). */
const DIGIT = new Int8Array(128).fill(-1);
for (let i = 0; i < CROCKFORD.length; i++) DIGIT[CROCKFORD.charCodeAt(i)] = i;

/** The millisecond time a newId() id was made at; null when `id` does not have that layout. */
export function idTime(id: string): number | null {
  // `_` then 26 base32 characters at the end (a hot path: the request log reads every request's id).
  const start = id.length - 26;
  if (start < 1 || id.charCodeAt(start - 1) !== 95) return null;
  let t = 0;
  for (let i = start; i < id.length; i++) {
    const c = id.charCodeAt(i);
    const d = c < 128 ? DIGIT[c] : -1;
    if (d < 0) return null;
    if (i < start + 10) t = t * 32 + d;
  }
  return t;
}
