/** Exports never freeze the process: batches yield to other requests, one export per partner at a time. */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { yieldToEventLoop } from '../../src/lib/loop.js';
import { buildTestApp, keyHeaders, type TestApp, type TestPartner } from '../helpers/app.js';

const ROWS = 40_000;

function calculationRows(partnerId: string, count: number, prefix: string) {
  const now = Date.now();
  return Array.from({ length: count }, (_, i) => ({
    partner_id: partnerId,
    environment: 'test' as const,
    end_user_id: `${prefix}${String(i).padStart(6, '0')}`,
    calculation_id: `calc_${String(i).padStart(26, '0')}`,
    user_email: null,
    user_email_key: null,
    result: JSON.stringify({ safe_to_spend_today: 1, daily_allowance: 1, monthly_safe_to_spend: 30, breakdown: { cash_after_buffer: 100, upcoming_bills_total: 0, savings_commitments: 0, debt_commitments: 0, discretionary_pool: 30, days_in_period: 30 } }),
    calculated_at: now - count + i,
  }));
}

describe('exports share the process', () => {
  let t: TestApp;
  let p: TestPartner;
  let other: TestPartner;
  let base: string;
  before(async () => {
    t = await buildTestApp({ env: { RATE_LIMIT_PER_SECOND: '100000' } });
    p = await t.partner();
    other = await t.partner();
    const rows = calculationRows(p.id, ROWS, 'u_');
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

describe('exports running at once take turns', () => {
  it('exports waiting for their next batch resume one per turn of the event loop, oldest first', async () => {
    let turn = 0;
    let ticking = true;
    const tick = () => {
      turn++;
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    const order: number[] = [];
    const seen = await Promise.all(
      [0, 1, 2, 3].map(async (i) => {
        await yieldToEventLoop();
        order.push(i);
        return turn;
      }),
    );
    ticking = false;
    // Each resumed on a turn of its own: a request arriving meanwhile waits behind one batch, not four.
    assert.equal(new Set(seen).size, 4, `resumed on turns ${seen.join(', ')}`);
    assert.deepEqual(order, [0, 1, 2, 3]);
  });

  let t: TestApp;
  let partners: TestPartner[];
  let base: string;
  const EACH = 3_000;
  before(async () => {
    t = await buildTestApp({ env: { RATE_LIMIT_PER_SECOND: '100000' } });
    partners = [];
    for (let k = 0; k < 4; k++) {
      const p = await t.partner();
      partners.push(p);
      const rows = calculationRows(p.id, EACH, `p${k}_`);
      for (let i = 0; i < rows.length; i += 1000) await t.deps.database.db.insertInto('calculations').values(rows.slice(i, i + 1000)).execute();
    }
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  after(() => t.close());

  it("four partners' exports at once each arrive whole, in order, with only their own rows; a request meanwhile is answered", async () => {
    const exports = partners.map((p) => fetch(`${base}/api/v1/reports/calculations.csv`, { headers: keyHeaders(p) }).then(async (r) => ({ status: r.status, text: await r.text() })));
    const calc = await fetch(`${base}/api/v1/calculate/safe-to-spend`, { method: 'POST', headers: { ...keyHeaders(partners[0]), 'content-type': 'application/json' }, body: '{"end_user_id":"x"}' });
    assert.equal(calc.status, 200, await calc.text());
    const done = await Promise.all(exports);
    done.forEach((d, k) => {
      assert.equal(d.status, 200, d.text.slice(0, 200));
      const lines = d.text.trim().split('\r\n').slice(1);
      assert.equal(lines.length, EACH);
      const users = lines.map((l) => l.split(',')[1]);
      assert.deepEqual(users, Array.from({ length: EACH }, (_, i) => `p${k}_${String(i).padStart(6, '0')}`));
    });
    for (let i = 0; i < 50 && t.deps.exports.size > 0; i++) await new Promise((r) => setTimeout(r, 20));
    assert.equal(t.deps.exports.size, 0, 'every export gave its slot back');
  });
});
