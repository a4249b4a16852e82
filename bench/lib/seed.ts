/** Bulk preloads for benchmarks: rows written straight through the database handle, much faster than the API. */
import type { createDeps } from '../../src/deps.js';
import { newId } from '../../src/lib/ids.js';

type BenchDeps = ReturnType<typeof createDeps>;

/**
 * `n` cached calculations of one partner in `environment` (live unless said), one per end-user (`user-0` …), their
 * `calculated_at` one millisecond apart from now: what a large calculations.csv export reads.
 * SQLite: one prepared insert in transactions of 50,000 rows; PostgreSQL: one set-based statement.
 */
export async function seedCalculations(deps: BenchDeps, partnerId: string, n: number, environment: 'live' | 'test' = 'live'): Promise<void> {
  const now = Date.now();
  const result = (i: number) =>
    JSON.stringify({
      safe_to_spend_today: 26.81,
      daily_allowance: 26.81,
      monthly_safe_to_spend: 804.3,
      breakdown: { cash_after_buffer: 2200 + (i % 100), upcoming_bills_total: 1245.5, savings_commitments: 100, debt_commitments: 50.25, discretionary_pool: 804.25, days_in_period: 30 },
      calculation_id: `calc_${i}`,
      calculated_at: new Date(now).toISOString(),
      partner_id: partnerId,
      is_sandbox: false,
    });
  const handle = deps.database.sqlite;
  if (handle) {
    const stmt = handle.prepare(
      'insert into calculations (partner_id, environment, end_user_id, calculation_id, user_email, result, calculated_at) values (?, ?, ?, ?, ?, ?, ?)',
    );
    const CH = 50_000;
    for (let s = 0; s < n; s += CH) {
      handle.transaction(() => {
        for (let i = s; i < Math.min(n, s + CH); i++) stmt.run(partnerId, environment, `user-${i}`, newId('calc', now + i), `u${i}@bank.example`, result(i), now + i);
      })();
    }
    return;
  }
  const sample = result(0).replace(/'/g, "''");
  await deps.database.pgPool!.query(
    `insert into calculations (partner_id, environment, end_user_id, calculation_id, user_email, result, calculated_at)
     select $1, $4, 'user-' || g, 'calc_' || lpad(g::text, 10, '0'), 'u' || g || '@bank.example', '${sample}', $2::bigint + g
     from generate_series(0, $3::int - 1) g`,
    [partnerId, now, n, environment],
  );
}
