/** Exports never freeze the process: batches yield to other requests, one export per partner at a time. */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { buildTestApp, keyHeaders, type TestApp, type TestPartner } from '../helpers/app.js';

const ROWS = 40_000;

describe('exports share the process', () => {
  let t: TestApp;
  let p: TestPartner;
  let other: TestPartner;
  let base: string;
  before(async () => {
    t = await buildTestApp({ env: { RATE_LIMIT_PER_SECOND: '100000' } });
    p = await t.partner();
    other = await t.partner();
    const now = Date.now();
    const rows = Array.from({ length: ROWS }, (_, i) => ({
      partner_id: p.id,
      environment: 'test' as const,
      end_user_id: `u_${String(i).padStart(6, '0')}`,
      calculation_id: `calc_${String(i).padStart(26, '0')}`,
      user_email: null,
      user_email_key: null,
      result: JSON.stringify({ safe_to_spend_today: 1, daily_allowance: 1, monthly_safe_to_spend: 30, breakdown: { cash_after_buffer: 100, upcoming_bills_total: 0, savings_commitments: 0, debt_commitments: 0, discretionary_pool: 30, days_in_period: 30 } }),
      calculated_at: now - ROWS + i,
    }));
    for (let i = 0; i < rows.length; i += 1000) await t.deps.database.db.insertInto('calculations').values(rows.slice(i, i + 1000)).execute();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  after(() => t.close());

  it('other requests are answered promptly during a large export, and a second export of the same partner waits its turn', async () => {
    const exportDone = fetch(`${base}/api/v1/reports/calculations.csv`, { headers: keyHeaders(p) }).then(async (r) => ({ status: r.status, text: await r.text() }));
    // While it streams: the same partner's second export is refused, another partner's is not.
    await new Promise((r) => setTimeout(r, 20));
    const second = await fetch(`${base}/api/v1/reports/calculations.csv`, { headers: keyHeaders(p) });
    const secondBody = await second.text();
    const latencies: number[] = [];
    let exportFinished = false;
    void exportDone.then(() => (exportFinished = true));
    while (!exportFinished) {
      const start = performance.now();
      const res = await fetch(`${base}/api/v1/calculate/safe-to-spend`, { method: 'POST', headers: { ...keyHeaders(other), 'content-type': 'application/json' }, body: '{"end_user_id":"x"}' });
      await res.text();
      latencies.push(performance.now() - start);
    }
    const done = await exportDone;
    assert.equal(done.status, 200);
    assert.equal(done.text.trim().split('\r\n').length, ROWS + 1);
    assert.equal(second.status, 429, secondBody);
    assert.ok(Number(second.headers.get('retry-after')) >= 1);
    assert.match(JSON.parse(secondBody).detail, /one export at a time/);
    assert.ok(latencies.length >= 3, `only ${latencies.length} requests were answered during the export`);
    latencies.sort((a, b) => a - b);
    const p99 = latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))];
    assert.ok(p99 < 1000, `p99 ${p99.toFixed(1)} ms during the export`);
    // The slot is given back: the next export runs.
    const again = await fetch(`${base}/api/v1/reports/calculations.csv?since=2000-01-01`, { headers: keyHeaders(p) });
    assert.equal(again.status, 200);
    await again.text();
  });
});
