import type { TestApp, TestPartner } from '../helpers/app.js';
import { keyHeaders } from '../helpers/app.js';
import { runDeliveryPass, type PassResult } from '../../src/areas/webhooks/worker.js';

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function configure(t: TestApp, p: TestPartner, url: string, events: string[] = ['calculation.updated'], env: 'test' | 'live' = 'test') {
  const res = await t.inject({ method: 'POST', url: '/api/v1/webhooks', headers: keyHeaders(p, { secret: true, env }), payload: { url, events, enabled: true } });
  if (res.statusCode !== 200) throw new Error(`configure: ${res.statusCode} ${res.body}`);
  return res.json() as { secret: string | null; url: string; events: string[]; enabled: boolean };
}

export async function ingest(t: TestApp, p: TestPartner, endUserId: string, cash = 1000, env: 'test' | 'live' = 'test') {
  const res = await t.inject({
    method: 'POST',
    url: '/api/v1/ingest',
    headers: keyHeaders(p, { secret: true, env }),
    payload: { end_user_id: endUserId, cash_balance: cash },
  });
  if (res.statusCode !== 201) throw new Error(`ingest: ${res.statusCode} ${res.body}`);
  return res.json() as { calculation_id: string };
}

export async function eventIds(t: TestApp, partnerId: string): Promise<string[]> {
  const rows = await t.deps.database.db.selectFrom('webhook_events').select('id').where('partner_id', '=', partnerId).orderBy('id').execute();
  return rows.map((r) => r.id);
}

export async function eventRow(t: TestApp, id: string) {
  return t.deps.database.db.selectFrom('webhook_events').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** Runs delivery passes until `done()` holds (real time moves, so compressed retries come due). */
export async function passUntil(t: TestApp, done: () => Promise<boolean> | boolean, timeoutMs = 5000): Promise<PassResult[]> {
  const results: PassResult[] = [];
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    results.push(await runDeliveryPass(t.deps));
    if (await done()) return results;
    await sleep(5);
  }
  throw new Error('passUntil: timed out');
}

export async function listDeliveries(t: TestApp, p: TestPartner, query = '') {
  const res = await t.inject({ method: 'GET', url: `/api/v1/webhooks/deliveries${query}`, headers: keyHeaders(p, { secret: true }) });
  if (res.statusCode !== 200) throw new Error(`deliveries: ${res.statusCode} ${res.body}`);
  return res.json() as {
    id: string;
    event_id: string;
    event_type: string;
    url: string;
    attempt: number;
    status: string;
    status_code: number | null;
    duration_ms: number;
    error: string | null;
    response_excerpt: string | null;
    created_at: string;
    next_attempt_at: string | null;
  }[];
}
