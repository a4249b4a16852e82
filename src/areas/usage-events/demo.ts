/**
 * Deterministic demo usage: the events of one partner on one UTC day are a pure
 * function of (partner id, day), from a PRNG seeded with both. Event ids are
 * deterministic too (`demo_<day>_<n>`), so seeding twice stores nothing new.
 */
import type { UsageEventInput, UsageEventType } from './events.js';

/** FNV-1a, 32 bits. */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** mulberry32: a small, fast, well-distributed 32-bit PRNG; returns floats in [0, 1). */
export function prng(seed: string): () => number {
  let a = hash(seed);
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const INSTITUTIONS = ['Chase', 'Bank of America', 'Wells Fargo', 'Citi', 'Capital One', 'US Bank', 'Ally'];
/** Category and its amount range in cents. */
const CATEGORIES: [string, number, number][] = [
  ['groceries', 1_500, 12_000],
  ['dining', 1_200, 8_000],
  ['subscription', 499, 1_999],
  ['transport', 250, 6_000],
  ['utilities', 4_000, 20_000],
  ['shopping', 1_000, 30_000],
  ['rent', 90_000, 250_000],
];
const USERS = 60;

export const DEMO_ID_PREFIX = 'demo_';

/** The demo events of one day (`dayStart` is that day's UTC midnight in epoch ms), in time order. */
export function demoDay(partnerId: string, day: string, dayStart: number): Omit<UsageEventInput, 'partnerId' | 'environment'>[] {
  const r = prng(`${partnerId}|${day}`);
  const int = (lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));
  const user = () => `demo_user_${String(int(1, USERS)).padStart(3, '0')}`;
  const out: Omit<UsageEventInput, 'partnerId' | 'environment'>[] = [];
  const push = (eventType: UsageEventType, extra: Partial<UsageEventInput>) =>
    out.push({ eventType, occurredAt: dayStart + Math.floor(r() * 86_400_000), userId: user(), ...extra });
  for (let i = int(2, 8); i > 0; i--) push('user_signup', {});
  for (let i = int(1, 6); i > 0; i--) push('account_link', { institution: INSTITUTIONS[int(0, INSTITUTIONS.length - 1)] });
  for (let i = int(15, 45); i > 0; i--) {
    // Rent is rare; the other categories are equally likely.
    const [category, lo, hi] = r() < 0.04 ? CATEGORIES[6] : CATEGORIES[int(0, 5)];
    push('transaction', { category, amountCents: int(lo, hi) });
  }
  out.sort((a, b) => a.occurredAt - b.occurredAt);
  return out.map((e, n) => ({ ...e, id: `${DEMO_ID_PREFIX}${day}_${String(n).padStart(3, '0')}` }));
}
