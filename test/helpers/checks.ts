/** Shared checks for the public area's tests. */
import assert from 'node:assert/strict';
import type { InjectOptions } from 'fastify';
import type { TestApp } from './app.js';

/** Every admin route: no credential 401, unknown token 401, partner session 403, expired admin session 401. */
export async function assertAdminOnly(t: TestApp, req: InjectOptions): Promise<void> {
  const none = await t.inject(req);
  assert.equal(none.statusCode, 401, `${req.method} ${req.url} without credential`);
  assert.equal(typeof none.json().detail, 'string');

  const wrong = await t.inject({ ...req, headers: { ...(req.headers ?? {}), authorization: 'Bearer sess_not_a_real_token' } });
  assert.equal(wrong.statusCode, 401, `${req.method} ${req.url} with a wrong token`);

  const p = await t.partner();
  const partnerToken = await t.session('partner', p.id);
  const other = await t.inject({ ...req, headers: { ...(req.headers ?? {}), authorization: `Bearer ${partnerToken}` } });
  assert.equal(other.statusCode, 403, `${req.method} ${req.url} with a partner session`);

  const key = await t.inject({ ...req, headers: { ...(req.headers ?? {}), 'x-api-key': p.testKey } });
  assert.equal(key.statusCode, 401, `${req.method} ${req.url} with an API key`);

  const admin = await t.admin();
  await t.deps.database.db.updateTable('sessions').set({ expires_at: t.deps.clock.now() - 1 }).where('subject_id', '=', admin.id).execute();
  const expired = await t.inject({ ...req, headers: { ...(req.headers ?? {}), authorization: `Bearer ${admin.token}` } });
  assert.equal(expired.statusCode, 401, `${req.method} ${req.url} with an expired admin session`);
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

/** Finds the 422 item at `loc` and checks its type. */
export function assert422(res: { statusCode: number; json(): { detail: { loc: unknown[]; type: string }[] } }, loc: (string | number)[], type?: string): void {
  assert.equal(res.statusCode, 422, JSON.stringify(res.json()));
  const item = res.json().detail.find((d) => JSON.stringify(d.loc) === JSON.stringify(loc));
  assert.ok(item, `no 422 item at ${JSON.stringify(loc)}: ${JSON.stringify(res.json())}`);
  if (type) assert.equal(item.type, type);
}
