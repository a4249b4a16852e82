/**
 * The sandbox's financial model of one end-user: three accounts (checking,
 * savings, credit card) and a ledger that starts on LEDGER_START and runs
 * month by month. Everything here is a pure function of (partner id, user id)
 * and the calendar: no I/O, no clock. The same inputs give the same accounts,
 * balances and transactions on every machine and after every restart.
 *
 * Amounts are integer cents. A transaction's `amount_cents` follows Plaid's sign
 * convention: positive = money out of the account (a purchase, a bill, a card
 * charge), negative = money in (pay, a refund, a card payment received).
 *
 * Each month is planned first (balances at its start and end, its totals), then
 * detailed (the individual transactions), so that:
 *   checking end = checking start + pay − rent − utilities − savings transfer − card payment − everyday spending
 *   card owed at the end of month m = the month's card charges (the statement is paid in full the next month)
 *   savings end = savings start + transfer in + interest
 * and a month's transactions add up exactly to the change of each balance.
 */
import { Prng, stableId } from './prng.js';
import { addDays, dayOfMonth, daysInMonth, monthIndexOf, monthLabel, onOrAfterBusinessDay } from './dates.js';

/** The ledger opens on the first day of this month (2020-01). */
export const LEDGER_START_MONTH = 2020 * 12;
export const LEDGER_START = '2020-01-01';

export type AccountKind = 'checking' | 'savings' | 'credit';

export interface ModelAccount {
  account_id: string;
  kind: AccountKind;
  name: string;
  official_name: string;
  mask: string;
  type: 'depository' | 'credit';
  subtype: 'checking' | 'savings' | 'credit card';
  /** Credit limit (credit card only). */
  limit_cents: number | null;
}

export interface ModelTransaction {
  transaction_id: string;
  account_id: string;
  kind: AccountKind;
  date: string;
  /** Plaid's sign: positive = out of the account, negative = into it. */
  amount_cents: number;
  merchant_name: string;
  category: string;
  /** A scheduled item the forecast can see coming (pay, rent, bills, transfers); false for everyday spending. */
  recurring: boolean;
  /** Card and debit-card purchases stay pending for the day they are made and the next. */
  pending_eligible: boolean;
  /** Total order: date first, then a stable position within the day. */
  sort_key: string;
}

interface Bill {
  name: string;
  category: string;
  day: number;
  cents: number;
  varies: boolean;
}

interface Merchant {
  name: string;
  category: string;
  /** Relative size of one purchase. */
  size: number;
  /** Relative frequency. */
  weight: number;
}

export interface Profile {
  seed: string;
  accounts: ModelAccount[];
  checking: ModelAccount;
  savings: ModelAccount;
  credit: ModelAccount;
  institution: { institution_id: string; name: string };
  employer: string;
  /** Net pay on each of the two paydays (the 1st and the 15th, moved to the next business day). */
  payCents: number;
  landlord: string;
  rentCents: number;
  rentDay: number;
  utilities: Bill[];
  subscriptions: Bill[];
  savingsTransferCents: number;
  savingsTransferDay: number;
  savingsApyBp: number;
  cardPaymentDay: number;
  /** The checking balance the user's habits steer towards at month ends. */
  targetCheckingCents: number;
  openingCheckingCents: number;
  openingSavingsCents: number;
}

export interface MonthPlan {
  mi: number;
  checkingStart: number;
  savingsStart: number;
  /** Owed on the card at the start of the month: last month's statement. */
  cardStart: number;
  utilities: number[];
  /** Card charges of the month, subscriptions included. */
  cardCharges: number;
  /** The payment of last month's statement. */
  cardPayment: number;
  /** Everyday spending from checking. */
  debitSpending: number;
  interest: number;
  checkingEnd: number;
  savingsEnd: number;
  cardEnd: number;
}

const INSTITUTIONS = [
  { institution_id: 'ins_109508', name: 'First Platypus Bank' },
  { institution_id: 'ins_109509', name: 'First Gingham Credit Union' },
  { institution_id: 'ins_109510', name: 'Tattersall Federal Credit Union' },
  { institution_id: 'ins_109511', name: 'Tartan Bank' },
  { institution_id: 'ins_109512', name: 'Houndstooth Bank' },
];
const EMPLOYERS = ['Acme Corp Payroll', 'Globex Payroll', 'Initech Direct Dep', 'Umbrella Health Payroll', 'Stark Industries Payroll', 'City of Springfield Payroll'];
const LANDLORDS = ['Parkside Apartments', 'Oakwood Property Mgmt', 'Riverview Residences', 'Maple Court Rentals', 'Sunset Mortgage Services'];
const SUBSCRIPTIONS: Omit<Bill, 'day' | 'varies'>[] = [
  { name: 'Netflix', category: 'ENTERTAINMENT', cents: 1549 },
  { name: 'Spotify', category: 'ENTERTAINMENT', cents: 1199 },
  { name: 'Apple iCloud', category: 'GENERAL_SERVICES', cents: 299 },
  { name: 'Hulu', category: 'ENTERTAINMENT', cents: 1799 },
  { name: 'Planet Fitness', category: 'PERSONAL_CARE', cents: 2499 },
  { name: 'The New York Times', category: 'GENERAL_SERVICES', cents: 1700 },
  { name: 'Amazon Prime', category: 'GENERAL_MERCHANDISE', cents: 1499 },
];
const DEBIT_MERCHANTS: Merchant[] = [
  { name: 'Whole Foods Market', category: 'FOOD_AND_DRINK', size: 9, weight: 3 },
  { name: "Trader Joe's", category: 'FOOD_AND_DRINK', size: 7, weight: 3 },
  { name: 'Safeway', category: 'FOOD_AND_DRINK', size: 8, weight: 2 },
  { name: 'Starbucks', category: 'FOOD_AND_DRINK', size: 0.7, weight: 4 },
  { name: 'Chipotle', category: 'FOOD_AND_DRINK', size: 1.4, weight: 2 },
  { name: 'Shell', category: 'TRANSPORTATION', size: 4.5, weight: 2 },
  { name: 'Chevron', category: 'TRANSPORTATION', size: 4.5, weight: 1 },
  { name: 'Uber', category: 'TRANSPORTATION', size: 2.2, weight: 2 },
  { name: 'Target', category: 'GENERAL_MERCHANDISE', size: 6, weight: 2 },
  { name: 'Walmart', category: 'GENERAL_MERCHANDISE', size: 5, weight: 1 },
  { name: 'CVS Pharmacy', category: 'MEDICAL', size: 2.5, weight: 1 },
  { name: 'Supercuts', category: 'PERSONAL_CARE', size: 3, weight: 0.5 },
  { name: 'ATM Withdrawal', category: 'TRANSFER_OUT', size: 6, weight: 0.7 },
];
const CARD_MERCHANTS: Merchant[] = [
  { name: 'Amazon', category: 'GENERAL_MERCHANDISE', size: 5, weight: 4 },
  { name: 'Best Buy', category: 'GENERAL_MERCHANDISE', size: 12, weight: 0.6 },
  { name: 'The Cheesecake Factory', category: 'FOOD_AND_DRINK', size: 6, weight: 1.5 },
  { name: 'DoorDash', category: 'FOOD_AND_DRINK', size: 3, weight: 2 },
  { name: 'Delta Air Lines', category: 'TRAVEL', size: 30, weight: 0.3 },
  { name: 'Marriott', category: 'TRAVEL', size: 20, weight: 0.3 },
  { name: 'AMC Theatres', category: 'ENTERTAINMENT', size: 2.5, weight: 1 },
  { name: 'Home Depot', category: 'HOME_IMPROVEMENT', size: 8, weight: 0.7 },
  { name: 'Lyft', category: 'TRANSPORTATION', size: 2, weight: 1.5 },
];

function roundTo(cents: number, step: number): number {
  return Math.round(cents / step) * step;
}

/** The profile of one end-user of one partner. */
export function buildProfile(partnerId: string, userId: string): Profile {
  const seed = `${partnerId}\u001e${userId}`;
  const r = new Prng('sandbox-profile-v1', seed);
  const institution = r.pick(INSTITUTIONS);
  const mask = () => String(r.int(0, 9999)).padStart(4, '0');
  const account = (kind: AccountKind, name: string, official: string, type: ModelAccount['type'], subtype: ModelAccount['subtype'], limit: number | null): ModelAccount => ({
    account_id: stableId('acc_', 24, 'sandbox-account-v1', seed, kind),
    kind,
    name,
    official_name: official,
    mask: mask(),
    type,
    subtype,
    limit_cents: limit,
  });
  const payCents = r.int(1400_00, 4200_00);
  const income = payCents * 2;
  const checking = account('checking', 'Everyday Checking', `${institution.name} Everyday Checking`, 'depository', 'checking', null);
  const savings = account('savings', 'High-Yield Savings', `${institution.name} High-Yield Savings`, 'depository', 'savings', null);
  const limit = r.pick([3000_00, 5000_00, 7500_00, 10000_00, 15000_00]);
  const credit = account('credit', 'Rewards Credit Card', `${institution.name} Rewards Visa Signature`, 'credit', 'credit card', Math.max(limit, roundTo(income * 0.5, 500_00)));
  const subscriptions = r.sample(SUBSCRIPTIONS, r.int(2, 4)).map((s) => ({ ...s, day: r.int(1, 28), varies: false }));
  return {
    seed,
    accounts: [checking, savings, credit],
    checking,
    savings,
    credit,
    institution,
    employer: r.pick(EMPLOYERS),
    payCents,
    landlord: r.pick(LANDLORDS),
    rentCents: roundTo(income * r.uniform(0.22, 0.32), 5_00),
    rentDay: r.pick([1, 1, 1, 2, 3, 5]),
    utilities: [
      { name: 'Pacific Gas & Electric', category: 'RENT_AND_UTILITIES', day: r.int(8, 14), cents: r.int(60_00, 170_00), varies: true },
      { name: 'Comcast Xfinity', category: 'RENT_AND_UTILITIES', day: r.int(3, 26), cents: r.pick([49_99, 64_99, 79_99, 89_99]), varies: false },
      { name: 'Verizon Wireless', category: 'RENT_AND_UTILITIES', day: r.int(5, 27), cents: r.pick([45_00, 65_00, 80_00, 95_00]), varies: false },
    ],
    subscriptions,
    savingsTransferCents: roundTo(income * r.uniform(0.03, 0.1), 25_00),
    savingsTransferDay: 16,
    savingsApyBp: r.pick([50, 150, 350, 425]),
    cardPaymentDay: r.int(18, 25),
    // Some users live close to the edge (their forecasts show low balances), most keep a cushion.
    targetCheckingCents: roundTo(payCents * r.pick([0.15, 0.4, 0.8, 1.2, 2.0]), 100),
    openingCheckingCents: roundTo(payCents * r.uniform(0.5, 2.0), 1),
    openingSavingsCents: roundTo(income * r.uniform(0.2, 3), 1),
  };
}

/** Card charges of a month, subscriptions included (a pure draw: it does not depend on balances). */
function cardChargesOf(p: Profile, mi: number): number {
  const r = new Prng('sandbox-card-v1', p.seed, mi);
  const subs = p.subscriptions.reduce((s, b) => s + b.cents, 0);
  return subs + Math.round(p.payCents * 2 * r.uniform(0.06, 0.16));
}

function utilitiesOf(p: Profile, mi: number): number[] {
  const r = new Prng('sandbox-utilities-v1', p.seed, mi);
  // Electricity follows the seasons (more in winter and summer).
  const season = [1.25, 1.15, 1.0, 0.9, 0.85, 1.0, 1.2, 1.25, 1.05, 0.9, 1.0, 1.2][mi % 12];
  return p.utilities.map((u) => (u.varies ? Math.round(u.cents * season * r.uniform(0.85, 1.15)) : u.cents));
}

function planNext(p: Profile, mi: number, prev: MonthPlan | null): MonthPlan {
  const income = p.payCents * 2;
  const checkingStart = prev ? prev.checkingEnd : p.openingCheckingCents;
  const savingsStart = prev ? prev.savingsEnd : p.openingSavingsCents;
  const cardStart = prev ? prev.cardEnd : cardChargesOf(p, mi - 1);
  const utilities = utilitiesOf(p, mi);
  const utilitiesTotal = utilities.reduce((a, b) => a + b, 0);
  const cardCharges = cardChargesOf(p, mi);
  const cardPayment = cardStart;
  const r = new Prng('sandbox-month-plan-v1', p.seed, mi);
  // Habits pull the month-end balance halfway back to the user's usual level, with noise.
  const surplus = Math.round((p.targetCheckingCents - checkingStart) * 0.5 + income * r.uniform(-0.04, 0.04));
  const floor = Math.round(income * 0.1);
  const debitSpending = Math.max(floor, income - p.rentCents - utilitiesTotal - p.savingsTransferCents - cardPayment - surplus);
  const interest = Math.max(0, Math.round((savingsStart * p.savingsApyBp) / 10_000 / 12));
  return {
    mi,
    checkingStart,
    savingsStart,
    cardStart,
    utilities,
    cardCharges,
    cardPayment,
    debitSpending,
    interest,
    checkingEnd: checkingStart + income - p.rentCents - utilitiesTotal - p.savingsTransferCents - cardPayment - debitSpending,
    savingsEnd: savingsStart + p.savingsTransferCents + interest,
    cardEnd: cardStart - cardPayment + cardCharges,
  };
}

/** Splits `total` cents into `weights.length` parts proportional to the weights; the parts add up exactly. */
export function splitCents(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const parts = weights.map((w) => Math.floor((total * w) / sum));
  let rest = total - parts.reduce((a, b) => a + b, 0);
  for (let i = 0; rest > 0; i = (i + 1) % parts.length, rest--) parts[i]++;
  return parts;
}

/** One transaction of a month before it is dated, ordered and given its id (enough to count and place it). */
interface Draft {
  account: ModelAccount;
  /** Day of the month. */
  day: number;
  amount: number;
  merchant: string;
  category: string;
  recurring: boolean;
  pendingEligible: boolean;
}

/**
 * A user's model with its memoised month plans and month sizes; the months' transactions
 * live in the shared byte-bounded cache (monthCache). Every method is a pure function of
 * the profile and its arguments; the memos only save work.
 *
 * A month's transactions depend on its plan (whose balances carry over from the month
 * before, a few arithmetic steps per month, kept here) and on its own seeded draws, never
 * on the transactions of another month: any month can be generated alone.
 */
export class UserModel {
  readonly profile: Profile;
  /** The cache keys of this user's months start with it (T, unlike a model's M). */
  private readonly key: string;
  private readonly plans: MonthPlan[] = [];
  /** Transactions per month (index mi − LEDGER_START_MONTH); 0 = not counted yet (a month always has some). */
  private readonly counts: number[] = [];

  constructor(partnerId: string, userId: string) {
    this.profile = buildProfile(partnerId, userId);
    this.key = this.profile.seed;
  }

  /** The plan of month `mi` (null before the ledger opens). */
  plan(mi: number): MonthPlan | null {
    if (mi < LEDGER_START_MONTH) return null;
    while (this.plans.length <= mi - LEDGER_START_MONTH) {
      const prev = this.plans.length ? this.plans[this.plans.length - 1] : null;
      this.plans.push(planNext(this.profile, LEDGER_START_MONTH + this.plans.length, prev));
    }
    return this.plans[mi - LEDGER_START_MONTH];
  }

  /** Every transaction of month `mi` (all accounts, every day of the month), in sort order. */
  month(mi: number): ModelTransaction[] {
    if (mi < LEDGER_START_MONTH) return [];
    const key = `T${this.key}\u001d${mi}`;
    const hit = monthCache.get(key) as ModelTransaction[] | undefined;
    if (hit) return hit;
    const out = this.generateMonth(mi);
    this.counts[mi - LEDGER_START_MONTH] = out.length;
    monthCache.set(key, out, MONTH_BYTES + out.length * TRANSACTION_BYTES);
    return out;
  }

  /** How many transactions month `mi` has (without keeping them). */
  monthCount(mi: number): number {
    if (mi < LEDGER_START_MONTH) return 0;
    const i = mi - LEDGER_START_MONTH;
    const known = this.counts[i];
    if (known) return known;
    return (this.counts[i] = this.drafts(mi).length);
  }

  /** How many transactions of month `mi` are dated from..to (inclusive; days of that month or beyond it). */
  countBetween(mi: number, from: string, to: string): number {
    const first = dayOfMonth(mi, 1);
    const last = dayOfMonth(mi, daysInMonth(mi));
    if (from > last || to < first || mi < LEDGER_START_MONTH) return 0;
    if (from <= first && to >= last) return this.monthCount(mi);
    const lo = from <= first ? 1 : Number(from.slice(8, 10));
    const hi = to >= last ? 31 : Number(to.slice(8, 10));
    let n = 0;
    for (const d of this.drafts(mi)) if (d.day >= lo && d.day <= hi) n++;
    return n;
  }

  /** Transactions dated from..to (inclusive), in ascending sort order. */
  range(from: string, to: string): ModelTransaction[] {
    const start = from < LEDGER_START ? LEDGER_START : from;
    if (start > to) return [];
    const out: ModelTransaction[] = [];
    for (let mi = monthIndexOf(start); mi <= monthIndexOf(to); mi++) {
      for (const t of this.month(mi)) if (t.date >= start && t.date <= to) out.push(t);
    }
    return out;
  }

  /** The month's draws: what each transaction is and on which day, in the order of generation. */
  private drafts(mi: number): Draft[] {
    const plan = this.plan(mi);
    if (!plan) return [];
    const p = this.profile;
    const r = new Prng('sandbox-month-v1', p.seed, mi);
    const dim = daysInMonth(mi);
    const day = (d: number) => Math.min(d, dim);
    const drafts: Draft[] = [];
    const add = (account: ModelAccount, d: number, amount: number, merchant: string, category: string, recurring: boolean, pendingEligible: boolean) => {
      if (amount === 0) return;
      drafts.push({ account, day: d, amount, merchant, category, recurring, pendingEligible });
    };

    for (const payday of [1, 15]) add(p.checking, Number(onOrAfterBusinessDay(dayOfMonth(mi, day(payday))).slice(8, 10)), -p.payCents, p.employer, 'INCOME', true, false);
    add(p.checking, day(p.rentDay), p.rentCents, p.landlord, 'RENT_AND_UTILITIES', true, false);
    p.utilities.forEach((u, i) => add(p.checking, day(u.day), plan.utilities[i], u.name, u.category, true, false));
    add(p.checking, day(p.savingsTransferDay), p.savingsTransferCents, `Transfer to ${p.savings.name}`, 'TRANSFER_OUT', true, false);
    add(p.savings, day(p.savingsTransferDay), -p.savingsTransferCents, `Transfer from ${p.checking.name}`, 'TRANSFER_IN', true, false);
    add(p.checking, day(p.cardPaymentDay), plan.cardPayment, `${p.credit.name} Payment`, 'LOAN_PAYMENTS', true, false);
    add(p.credit, day(p.cardPaymentDay), -plan.cardPayment, 'Payment Thank You', 'LOAN_PAYMENTS', true, false);
    add(p.savings, dim, -plan.interest, 'Interest Earned', 'INCOME', true, false);
    for (const s of p.subscriptions) add(p.credit, day(s.day), s.cents, s.name, s.category, true, true);

    const spread = (account: ModelAccount, total: number, merchants: Merchant[], count: number) => {
      const picks = Array.from({ length: count }, () => r.weighted(merchants, (m) => m.weight));
      const weights = picks.map((m) => m.size * r.uniform(0.6, 1.4));
      const days = picks.map(() => r.int(1, dim));
      splitCents(total, weights).forEach((cents, i) => add(account, day(days[i]), cents, picks[i].name, picks[i].category, false, true));
    };
    spread(p.checking, plan.debitSpending, DEBIT_MERCHANTS, r.int(16, 26));
    const subs = p.subscriptions.reduce((s, b) => s + b.cents, 0);
    spread(p.credit, plan.cardCharges - subs, CARD_MERCHANTS, r.int(7, 14));
    return drafts;
  }

  private generateMonth(mi: number): ModelTransaction[] {
    const drafts = this.drafts(mi);
    if (drafts.length === 0) return [];
    // Stable order: by date, then by the order of generation.
    const order = drafts.map((_, i) => i);
    order.sort((a, b) => drafts[a].day - drafts[b].day || a - b);
    const dates: string[] = [];
    // Ids from their own stream (one digest per month, not one per transaction).
    const ids = new Prng('sandbox-txn-ids-v1', this.profile.seed, monthLabel(mi));
    const out = new Array<ModelTransaction>(order.length);
    for (let ord = 0; ord < order.length; ord++) {
      const d = drafts[order[ord]];
      const date = (dates[d.day] ??= dayOfMonth(mi, d.day));
      out[ord] = {
        account_id: d.account.account_id,
        kind: d.account.kind,
        date,
        amount_cents: d.amount,
        merchant_name: d.merchant,
        category: d.category,
        recurring: d.recurring,
        pending_eligible: d.pendingEligible,
        transaction_id: `txn_${ids.hex(28)}`,
        sort_key: `${date}|0|${String(ord).padStart(4, '0')}`,
      };
    }
    return out;
  }
}

/** A transaction's pending state on a given day: purchases are pending the day they are made and the next. */
export function isPending(t: Pick<ModelTransaction, 'date' | 'pending_eligible'>, today: string): boolean {
  return t.pending_eligible && t.date >= addDays(today, -1) && t.date <= today;
}

/** A movement on an account that is not in the model (a transfer made through the API). */
export interface ExtraLeg {
  account_id: string;
  date: string;
  amount_cents: number;
  pending: boolean;
}

export interface Balance {
  current_cents: number;
  available_cents: number;
}

/**
 * Balances on `today` (end of day). Depository: current = posted balance;
 * available = current − pending outflows. Credit: current = amount owed
 * (posted); available = limit − owed − pending charges.
 */
export function balancesOn(model: UserModel, today: string, extra: ExtraLeg[] = []): Map<string, Balance> {
  const p = model.profile;
  const out = new Map<string, Balance>();
  const mi = monthIndexOf(today);
  const plan = model.plan(mi);
  const start: Record<AccountKind, number> = plan
    ? { checking: plan.checkingStart, savings: plan.savingsStart, credit: plan.cardStart }
    : { checking: 0, savings: 0, credit: 0 };
  // owed/held as "money out" sums: for depository the balance is start − Σ amount; for credit it is start + Σ amount.
  const posted: Record<string, number> = {};
  const pendingOut: Record<string, number> = {};
  for (const a of p.accounts) {
    posted[a.account_id] = 0;
    pendingOut[a.account_id] = 0;
  }
  for (const t of model.month(mi)) if (t.date <= today) posted[t.account_id] += t.amount_cents;
  // Pending items (today and yesterday, possibly last month) are not posted yet.
  for (const t of model.range(addDays(today, -1), today)) {
    if (!isPending(t, today)) continue;
    posted[t.account_id] -= t.amount_cents;
    if (t.amount_cents > 0) pendingOut[t.account_id] += t.amount_cents;
  }
  for (const leg of extra) {
    if (!(leg.account_id in posted) || leg.date > today) continue;
    if (leg.pending) {
      if (leg.amount_cents > 0) pendingOut[leg.account_id] += leg.amount_cents;
    } else posted[leg.account_id] += leg.amount_cents;
  }
  for (const a of p.accounts) {
    if (a.kind === 'credit') {
      const owed = start.credit + posted[a.account_id];
      out.set(a.account_id, { current_cents: owed, available_cents: Math.max(0, (a.limit_cents ?? 0) - owed - pendingOut[a.account_id]) });
    } else {
      const current = start[a.kind] - posted[a.account_id];
      out.set(a.account_id, { current_cents: current, available_cents: current - pendingOut[a.account_id] });
    }
  }
  return out;
}

/**
 * What the model cache charges for an entry, in bytes: estimates of the V8 heap an entry
 * holds (measured: a month of ~45 transactions takes ~14 KB, a model with its profile and
 * up to ten years of plans under 30 KB).
 */
export const MODEL_BYTES = 32 * 1024;
export const MONTH_BYTES = 1024;
export const TRANSACTION_BYTES = 320;
/** The default budget of the model cache (models and generated months together). */
export const MODEL_CACHE_BYTES = 64 * 1024 * 1024;

interface LruNode {
  key: string;
  value: unknown;
  bytes: number;
  newer: LruNode | null;
  older: LruNode | null;
}

/**
 * A least-recently-used map bounded by the bytes its entries are charged, not by their
 * number: a user with one month cached and one with eighty weigh what they hold. The
 * recency order is a linked list: evicting the oldest entry of a Map by iterating from its
 * start gets slower with every deletion (V8 leaves holes at the front until it rehashes).
 */
export class ByteLru {
  private readonly entries = new Map<string, LruNode>();
  private newest: LruNode | null = null;
  private oldest: LruNode | null = null;
  private total = 0;

  constructor(private budget: number) {}

  get(key: string): unknown {
    const e = this.entries.get(key);
    if (!e) return undefined;
    this.unlink(e);
    this.link(e);
    return e.value;
  }

  set(key: string, value: unknown, bytes: number): void {
    const old = this.entries.get(key);
    if (old) {
      this.unlink(old);
      this.entries.delete(key);
      this.total -= old.bytes;
    }
    const e: LruNode = { key, value, bytes, newer: null, older: null };
    this.entries.set(key, e);
    this.link(e);
    this.total += bytes;
    this.evict();
  }

  /** Changes the budget (evicting at once when it shrinks). */
  resize(budget: number): void {
    this.budget = budget;
    this.evict();
  }

  clear(): void {
    this.entries.clear();
    this.newest = this.oldest = null;
    this.total = 0;
  }

  stats(): { bytes: number; entries: number; budget: number } {
    return { bytes: this.total, entries: this.entries.size, budget: this.budget };
  }

  private link(e: LruNode): void {
    e.older = this.newest;
    e.newer = null;
    if (this.newest) this.newest.newer = e;
    this.newest = e;
    if (!this.oldest) this.oldest = e;
  }

  private unlink(e: LruNode): void {
    if (e.newer) e.newer.older = e.older;
    else this.newest = e.older;
    if (e.older) e.older.newer = e.newer;
    else this.oldest = e.newer;
    e.newer = e.older = null;
  }

  private evict(): void {
    while (this.total > this.budget && this.oldest) {
      const e = this.oldest;
      this.unlink(e);
      this.entries.delete(e.key);
      this.total -= e.bytes;
    }
  }
}

/** Memoised models and generated months (pure, so sharing is safe), bounded by bytes. */
const monthCache = new ByteLru(MODEL_CACHE_BYTES);

/** The model cache's charged bytes, entries and budget. */
export function modelCacheStats(): { bytes: number; entries: number; budget: number } {
  return monthCache.stats();
}

/** Sets the model cache's budget in bytes (tests; evicts at once when it shrinks). */
export function setModelCacheBudget(bytes: number): void {
  monthCache.resize(bytes);
}

export function clearModelCache(): void {
  monthCache.clear();
}

export function userModel(partnerId: string, userId: string): UserModel {
  const key = `M${partnerId}\u001e${userId}`;
  const hit = monthCache.get(key) as UserModel | undefined;
  if (hit) return hit;
  const m = new UserModel(partnerId, userId);
  monthCache.set(key, m, MODEL_BYTES);
  return m;
}
