/**
 * The safe-to-spend computation (no I/O). All arithmetic is in integer cents;
 * the figures leave as currency units with two decimals.
 *
 *   cash_after_buffer   = cash_balance − cash_buffer
 *   upcoming_bills_total = Σ bill.amount
 *   discretionary_pool  = max(0, cash_after_buffer − bills − savings − debt)
 *   daily_allowance     = safe_to_spend_today = round_half_up(pool / days_in_period)
 *   monthly             = daily_allowance × days_in_period
 */
import { fromCents, statesExactly, toCents } from '../lib/money.js';

export const DAYS_IN_PERIOD = 30;

export interface SafeToSpendInput {
  cash_balance: number;
  upcoming_bills: { amount: number }[];
  savings_commitments: number;
  debt_commitments: number;
  cash_buffer: number;
}

export interface Breakdown {
  cash_after_buffer: number;
  upcoming_bills_total: number;
  savings_commitments: number;
  debt_commitments: number;
  discretionary_pool: number;
  days_in_period: number;
}

export interface SafeToSpendFigures {
  safe_to_spend_today: number;
  daily_allowance: number;
  monthly_safe_to_spend: number;
  breakdown: Breakdown;
}

/**
 * The bills add up to more than a JSON number states to the cent. Every other figure
 * is bounded by the inputs' ±1e12 and always exact; the sum of up to 1,000 bills is not.
 */
export class BillsTotalNotExact extends Error {
  constructor(public readonly totalCents: number) {
    super('upcoming bills total cannot be stated exactly');
    this.name = 'BillsTotalNotExact';
  }
}

export function computeSafeToSpend(input: SafeToSpendInput): SafeToSpendFigures {
  const cashAfterBuffer = toCents(input.cash_balance) - toCents(input.cash_buffer);
  // Bills are ≥ 0, so every partial sum is at most the total: when the total is a safe
  // integer, each addition was exact.
  const bills = input.upcoming_bills.reduce((sum, b) => sum + toCents(b.amount), 0);
  if (!statesExactly(bills)) throw new BillsTotalNotExact(bills);
  const savings = toCents(input.savings_commitments);
  const debt = toCents(input.debt_commitments);
  const pool = Math.max(0, cashAfterBuffer - bills - savings - debt);
  // pool ≥ 0, so Math.round is round-half-up here.
  const daily = Math.round(pool / DAYS_IN_PERIOD);
  return {
    safe_to_spend_today: fromCents(daily),
    daily_allowance: fromCents(daily),
    monthly_safe_to_spend: fromCents(daily * DAYS_IN_PERIOD),
    breakdown: {
      cash_after_buffer: fromCents(cashAfterBuffer),
      upcoming_bills_total: fromCents(bills),
      savings_commitments: fromCents(savings),
      debt_commitments: fromCents(debt),
      discretionary_pool: fromCents(pool),
      days_in_period: DAYS_IN_PERIOD,
    },
  };
}
