/**
 * Seeded pseudo-random numbers for the sandbox generators. Pure: the same seed
 * gives the same sequence on every machine and every run (sfc32 over a seed
 * taken from SHA-256 of the parts).
 */
import { createHash } from 'node:crypto';

/** SHA-256 of the parts joined by a separator no id contains. */
export function digest(...parts: (string | number)[]): Buffer {
  return createHash('sha256').update(parts.map(String).join('\u001f')).digest();
}

/** A short stable identifier: `prefix` + the first `length` hex characters of the digest of the parts. */
export function stableId(prefix: string, length: number, ...parts: (string | number)[]): string {
  return prefix + digest(...parts).toString('hex').slice(0, length);
}

/** A UUID-shaped (version 4 layout) string taken from the digest of the parts. */
export function stableUuid(...parts: (string | number)[]): string {
  const h = digest(...parts);
  h[6] = (h[6] & 0x0f) | 0x40;
  h[8] = (h[8] & 0x3f) | 0x80;
  const x = h.toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20, 32)}`;
}

/** Two hex digits per byte value (a table lookup instead of toString + padStart for every word). */
const HEX_BYTE = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

export class Prng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(...parts: (string | number)[]) {
    const h = digest(...parts);
    this.a = h.readUInt32LE(0);
    this.b = h.readUInt32LE(4);
    this.c = h.readUInt32LE(8);
    this.d = h.readUInt32LE(12);
    for (let i = 0; i < 12; i++) this.nextUint32();
  }

  /** sfc32 */
  nextUint32(): number {
    this.a >>>= 0;
    this.b >>>= 0;
    this.c >>>= 0;
    this.d >>>= 0;
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** `length` lower-case hex characters. */
  hex(length: number): string {
    let out = '';
    while (out.length < length) {
      const v = this.nextUint32();
      out += HEX_BYTE[v >>> 24] + HEX_BYTE[(v >>> 16) & 255] + HEX_BYTE[(v >>> 8) & 255] + HEX_BYTE[v & 255];
    }
    return out.length === length ? out : out.slice(0, length);
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.nextUint32() / 4294967296;
  }

  /** Uniform in [min, max). */
  uniform(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  /** Uniform integer in [min, max] (inclusive). */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  /** Picks by weight; `weight(item)` must be ≥ 0 and the sum > 0. */
  weighted<T>(items: readonly T[], weight: (item: T) => number): T {
    const total = items.reduce((s, i) => s + weight(i), 0);
    let r = this.next() * total;
    for (const item of items) {
      r -= weight(item);
      if (r < 0) return item;
    }
    return items[items.length - 1];
  }

  /** `count` distinct items, in a random order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const pool = items.slice();
    const out: T[] = [];
    while (out.length < count && pool.length > 0) out.push(pool.splice(Math.floor(this.next() * pool.length), 1)[0]);
    return out;
  }
}
