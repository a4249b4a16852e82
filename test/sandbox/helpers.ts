/** Helpers shared by the sandbox tests. */
import type { TestApp, TestPartner } from '../helpers/app.js';
import { keyHeaders } from '../helpers/app.js';

export const NOW = Date.parse('2026-11-18T15:30:00.000Z'); // a Wednesday

export interface Acct {
  account_id: string;
  name: string;
  mask?: string;
  type: string;
  subtype: string;
  current_balance: number;
  available_balance: number;
  iso_currency_code: string;
}

export interface Txn {
  transaction_id: string;
  account_id: string;
  merchant_name: string;
  amount: number;
  iso_currency_code: string;
  date: string;
  pending: boolean;
  personal_finance_category_primary: string;
}

export async function accounts(t: TestApp, p: TestPartner, userId: string, prefix = '/api/v1'): Promise<Acct[]> {
  const res = await t.inject({ method: 'GET', url: `${prefix}/accounts?user_id=${encodeURIComponent(userId)}`, headers: keyHeaders(p) });
  if (res.statusCode !== 200) throw new Error(`accounts: ${res.statusCode} ${res.body}`);
  return res.json().accounts;
}

export function byKind(list: Acct[]) {
  return {
    checking: list.find((a) => a.subtype === 'checking')!,
    savings: list.find((a) => a.subtype === 'savings')!,
    credit: list.find((a) => a.subtype === 'credit card')!,
  };
}

/** Every transaction of a window through the /api/v1 form (offset pages of 100). */
export async function allTransactions(t: TestApp, p: TestPartner, userId: string, start: string, end: string): Promise<Txn[]> {
  const out: Txn[] = [];
  for (let offset = 0; ; offset += 100) {
    const res = await t.inject({
      method: 'GET',
      url: `/api/v1/transactions?user_id=${encodeURIComponent(userId)}&start_date=${start}&end_date=${end}&limit=100&offset=${offset}`,
      headers: keyHeaders(p),
    });
    if (res.statusCode !== 200) throw new Error(`transactions: ${res.statusCode} ${res.body}`);
    const b = res.json();
    out.push(...b.transactions);
    if (!b.has_more) return out;
  }
}

export const cents = (x: number) => Math.round(x * 100);

export async function usageEvents(t: TestApp, partnerId: string, type: 'user_signup' | 'account_link' | 'transaction') {
  return t.deps.database.db
    .selectFrom('usage_events')
    .selectAll()
    .where('partner_id', '=', partnerId)
    .where('event_type', '=', type)
    .execute();
}

/** The tests' clock stands still, so the per-second rate limit would count every call of a file together. */
export const SANDBOX_ENV = { RATE_LIMIT_PER_SECOND: '1000000' };

/**
 * The generated data depends on the partner id (new in every run), so tests that
 * need money on checking pick the first user of a prefix that has at least `min` dollars available.
 */
export async function fundedUser(t: TestApp, p: TestPartner, prefix: string, min = 1_000): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const user = `${prefix}-${i}`;
    if (byKind(await accounts(t, p, user)).checking.available_balance >= min) return user;
  }
  throw new Error('no funded user found');
}
