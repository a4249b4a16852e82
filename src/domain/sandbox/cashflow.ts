/**
 * The cash-flow forecast of one end-user's checking account: one model, two
 * presentations (CashflowResp on /api/v1, the alternative reference shape on
 * /v1). Pure: a function of the user model, the day and the starting balance.
 *
 * Each day after `today` gets the scheduled items the model knows about (pay,
 * rent, bills, the savings transfer, the card payment) plus the month's average
 * everyday spending per day. The projected balance runs from today's available
 * balance: balance(d) = balance(d − 1) + net(d).
 */
import { addDays, daysInMonth, monthIndexOf } from './dates.js';
import type { UserModel } from './model.js';

export const LOW_BALANCE_CENTS = 100_00;
export const LARGE_OUTFLOW_CENTS = 500_00;

export interface ForecastPoint {
  date: string;
  inflow_cents: number;
  outflow_cents: number;
  /** inflow − outflow */
  net_cents: number;
  /** Projected end-of-day balance of the checking account. */
  balance_cents: number;
  /** What can still be spent on this day without the balance going below zero on any later day of the horizon. */
  safe_to_spend_cents: number;
}

export interface ForecastAlert {
  type: 'overdraft' | 'low_balance' | 'large_outflow';
  date: string;
  amount_cents: number;
  message: string;
}

export interface Forecast {
  today: string;
  horizon_days: number;
  starting_balance_cents: number;
  points: ForecastPoint[];
  /** Days from today the balance stays at or above zero (horizon_days when it never goes below). */
  runway_days: number;
  min_balance_cents: number;
  min_date: string;
  confidence: number;
  alerts: ForecastAlert[];
}

function usd(cents: number): string {
  const s = (Math.abs(cents) / 100).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${cents < 0 ? '-' : ''}$${s}`;
}

export function forecastCashflow(model: UserModel, today: string, horizonDays: number, startingBalanceCents: number): Forecast {
  const checking = model.profile.checking.account_id;
  const first = addDays(today, 1);
  const last = addDays(today, horizonDays);
  const scheduled = new Map<string, { inflow: number; outflow: number; large: { name: string; cents: number }[] }>();
  for (const t of model.range(first, last)) {
    if (t.account_id !== checking || !t.recurring) continue;
    const s = scheduled.get(t.date) ?? { inflow: 0, outflow: 0, large: [] };
    if (t.amount_cents < 0) s.inflow += -t.amount_cents;
    else {
      s.outflow += t.amount_cents;
      if (t.amount_cents >= LARGE_OUTFLOW_CENTS) s.large.push({ name: t.merchant_name, cents: t.amount_cents });
    }
    scheduled.set(t.date, s);
  }

  const points: ForecastPoint[] = [];
  const alerts: ForecastAlert[] = [];
  let balance = startingBalanceCents;
  for (let i = 1; i <= horizonDays; i++) {
    const date = addDays(today, i);
    const mi = monthIndexOf(date);
    const everyday = Math.round((model.plan(mi)?.debitSpending ?? 0) / daysInMonth(mi));
    const s = scheduled.get(date);
    const inflow = s?.inflow ?? 0;
    const outflow = (s?.outflow ?? 0) + everyday;
    balance += inflow - outflow;
    points.push({ date, inflow_cents: inflow, outflow_cents: outflow, net_cents: inflow - outflow, balance_cents: balance, safe_to_spend_cents: 0 });
    for (const l of s?.large ?? []) {
      alerts.push({ type: 'large_outflow', date, amount_cents: l.cents, message: `${l.name}: ${usd(l.cents)} is due` });
    }
  }
  // Safe to spend on day i: the lowest balance from day i to the end of the horizon (never below zero).
  let lowest = Number.POSITIVE_INFINITY;
  for (let i = points.length - 1; i >= 0; i--) {
    lowest = Math.min(lowest, points[i].balance_cents);
    points[i].safe_to_spend_cents = Math.max(0, lowest);
  }

  const negative = points.findIndex((p) => p.balance_cents < 0);
  const runway = startingBalanceCents < 0 ? 0 : negative === -1 ? horizonDays : negative;
  let minIndex = 0;
  points.forEach((p, i) => {
    if (p.balance_cents < points[minIndex].balance_cents) minIndex = i;
  });
  const low = points.findIndex((p) => p.balance_cents < LOW_BALANCE_CENTS);
  if (negative !== -1) {
    const p = points[negative];
    alerts.push({ type: 'overdraft', date: p.date, amount_cents: p.balance_cents, message: `Projected to overdraw to ${usd(p.balance_cents)}` });
  }
  if (low !== -1 && low !== negative) {
    const p = points[low];
    alerts.push({ type: 'low_balance', date: p.date, amount_cents: p.balance_cents, message: `Projected balance falls to ${usd(p.balance_cents)}, below ${usd(LOW_BALANCE_CENTS)}` });
  }
  const order = { overdraft: 0, low_balance: 1, large_outflow: 2 };
  alerts.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : order[a.type] - order[b.type]));

  return {
    today,
    horizon_days: horizonDays,
    starting_balance_cents: startingBalanceCents,
    points,
    runway_days: runway,
    min_balance_cents: points[minIndex].balance_cents,
    min_date: points[minIndex].date,
    // Further out is less certain: 0.95 for tomorrow, down to 0.5 at 90 days.
    confidence: Math.round(Math.max(0.5, 0.95 - 0.005 * (horizonDays - 1)) * 100) / 100,
    alerts,
  };
}
