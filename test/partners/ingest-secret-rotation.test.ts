/**
 * Rotating a partner's ingest secret: by the live key and current secret (the new secret in the answer), from the
 * portal signed in with a password and by an administrator (no secret in the answer); the replaced secret stops at
 * once or after an overlap of up to 24 hours; every rotation is audited; every process honours it at once.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createPartner } from '../../src/areas/partners/service.js';
import type { Deps } from '../../src/context.js';
import { buildTestApp, DIALECT, keyHeaders, TestClock, type TestApp, type TestPartner } from '../helpers/app.js';
import { callWithSecret, startCluster, type Cluster } from '../helpers/cluster.js';
import type { ServerProcess } from '../helpers/process.js';

const HOUR = 3_600_000;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('ingest secret rotation', () => {
  let t: TestApp;
  const clock = new TestClock(Date.parse('2026-03-02T10:00:00.000Z'));
  before(async () => {
    // Wrong secrets are answered here on purpose: the failed-credential budget has its own tests.
    t = await buildTestApp({ clock, env: { CREDENTIAL_FAILURE_LIMIT: '1000' } });
  });
  after(() => t.close());

  /** A key + secret operation that changes data: 201 when the secret is accepted. */
  const ingest = (p: TestPartner, secret: string, env: 'test' | 'live' = 'live') =>
    t.inject({
      method: 'POST',
      url: '/api/v1/ingest',
      headers: { ...keyHeaders(p, { env }), 'x-service-ingest-secret': secret },
      payload: { end_user_id: 'u1', cash_balance: 100 },
    });
  const rotateByKey = (p: TestPartner, secret: string, payload?: unknown, opts: { env?: 'test' | 'live'; url?: string } = {}) =>
    t.inject({
      method: 'POST',
      url: opts.url ?? '/api/v1/secrets/rotate',
      headers: { ...keyHeaders(p, { env: opts.env ?? 'live' }), 'x-service-ingest-secret': secret },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const secrets = (p: TestPartner) => t.inject({ method: 'GET', url: '/api/v1/secrets', headers: keyHeaders(p, { env: 'live' }) });
  const storedSecret = async (p: TestPartner) => (await secrets(p)).json().ingest_secret as string;

  it('POST /api/v1/secrets/rotate: the new secret once; without grace the old one is refused on the very next request', async () => {
    const p = await t.partner();
    assert.equal((await ingest(p, p.ingestSecret)).statusCode, 201, 'the old secret works (and the key is cached)');
    const r = await rotateByKey(p, p.ingestSecret);
    assert.equal(r.statusCode, 200, r.body);
    assert.equal(r.headers['cache-control'], 'no-store');
    const b = r.json();
    assert.match(b.ingest_secret, /^svc_ingest_[0-9A-Za-z]{40}$/);
    assert.notEqual(b.ingest_secret, p.ingestSecret);
    assert.equal(b.header_name, 'X-Service-Ingest-Secret');
    assert.equal(b.rotated_at, '2026-03-02T10:00:00.000Z');
    assert.equal(b.previous_valid_until, null);
    assert.match(b.detail, /stopped working at once/);

    const old = await ingest(p, p.ingestSecret);
    assert.equal(old.statusCode, 401);
    assert.equal(old.json().code, 'invalid_ingest_secret');
    assert.equal((await ingest(p, b.ingest_secret)).statusCode, 201);
    // The test key goes with the same (partner-wide) secret.
    assert.equal((await ingest(p, b.ingest_secret, 'test')).statusCode, 201);
    assert.equal((await ingest(p, p.ingestSecret, 'test')).statusCode, 401);

    const s = await secrets(p);
    assert.equal(s.statusCode, 200);
    assert.equal(s.json().ingest_secret, b.ingest_secret);
    assert.equal(s.json().rotated_at, '2026-03-02T10:00:00.000Z');
    assert.equal(s.json().previous_valid_until, null);
    assert.match(s.json().rotation_policy, /POST \/api\/v1\/secrets\/rotate/);
    assert.match(s.json().rotation_policy, /24 hours/);
    assert.match(s.json().scope, /\/api\/v1\/secrets\/rotate/);

    // The reference form, with an empty JSON object for a body.
    const v1 = await rotateByKey(p, b.ingest_secret, {}, { url: '/v1/secrets/rotate' });
    assert.equal(v1.statusCode, 200, v1.body);
    assert.notEqual(v1.json().ingest_secret, b.ingest_secret);
    assert.equal((await ingest(p, b.ingest_secret)).statusCode, 401);
    assert.equal((await ingest(p, v1.json().ingest_secret)).statusCode, 201);
  });

  it('with grace_hours both secrets work until the overlap ends, then only the new one; key rotation takes either meanwhile', async () => {
    const p = await t.partner();
    const start = clock.now();
    const r = await rotateByKey(p, p.ingestSecret, { grace_hours: 2 });
    assert.equal(r.statusCode, 200, r.body);
    const fresh = r.json().ingest_secret as string;
    const until = new Date(start + 2 * HOUR).toISOString();
    assert.equal(r.json().previous_valid_until, until);
    assert.match(r.json().detail, new RegExp(`keeps working until ${until}`));
    assert.equal((await ingest(p, p.ingestSecret)).statusCode, 201);
    assert.equal((await ingest(p, fresh)).statusCode, 201);
    assert.equal((await secrets(p)).json().previous_valid_until, until);

    // POST /api/v1/key/rotate needs the ingest secret: the previous one does during the overlap.
    const kr = await t.inject({
      method: 'POST',
      url: '/api/v1/key/rotate',
      headers: { ...keyHeaders(p, { env: 'live' }), 'x-service-ingest-secret': p.ingestSecret },
      payload: { key_type: 'production' },
    });
    assert.equal(kr.statusCode, 200, kr.body);
    p.liveKey = kr.json().new_key;

    clock.advance(2 * HOUR - 1);
    assert.equal((await ingest(p, p.ingestSecret)).statusCode, 201, 'the last millisecond of the overlap');
    clock.advance(1);
    const late = await ingest(p, p.ingestSecret);
    assert.equal(late.statusCode, 401, 'the overlap is over');
    assert.equal(late.json().code, 'invalid_ingest_secret');
    assert.equal((await ingest(p, fresh)).statusCode, 201);
    assert.equal((await secrets(p)).json().previous_valid_until, null);
    const kr2 = await t.inject({
      method: 'POST',
      url: '/api/v1/key/rotate',
      headers: { ...keyHeaders(p, { env: 'live' }), 'x-service-ingest-secret': p.ingestSecret },
      payload: { key_type: 'production' },
    });
    assert.equal(kr2.statusCode, 401);
  });

  it('a rotation during an overlap keeps only the secret it replaces; the older one stops at once', async () => {
    const p = await t.partner();
    const s0 = p.ingestSecret;
    const r1 = await rotateByKey(p, s0, { grace_hours: 24 });
    assert.equal(r1.statusCode, 200, r1.body);
    const s1 = r1.json().ingest_secret as string;
    // Rotating with the previous secret during the overlap is allowed too.
    const r2 = await rotateByKey(p, s0, { grace_hours: 1 });
    assert.equal(r2.statusCode, 200, r2.body);
    const s2 = r2.json().ingest_secret as string;
    assert.equal((await ingest(p, s0)).statusCode, 401);
    assert.equal((await ingest(p, s1)).statusCode, 201);
    assert.equal((await ingest(p, s2)).statusCode, 201);
    assert.equal(r2.json().previous_valid_until, new Date(clock.now() + HOUR).toISOString());
    // A rotation without grace ends the overlap.
    const r3 = await rotateByKey(p, s2, { grace_hours: 0 });
    assert.equal(r3.statusCode, 200);
    assert.equal((await ingest(p, s1)).statusCode, 401);
    assert.equal((await ingest(p, s2)).statusCode, 401);
    assert.equal((await ingest(p, r3.json().ingest_secret)).statusCode, 201);
  });

  it('the webhook signing secret is separate: an ingest-secret rotation leaves it alone', async () => {
    const p = await t.partner();
    const set = await t.inject({
      method: 'POST',
      url: '/api/v1/webhooks',
      headers: keyHeaders(p, { env: 'live', secret: true }),
      payload: { url: 'http://127.0.0.1:9/hook', events: ['calculation.updated'], enabled: true },
    });
    assert.equal(set.statusCode, 200, set.body);
    const signing = set.json().secret as string;
    assert.match(signing, /^whsec_/);
    const r = await rotateByKey(p, p.ingestSecret);
    assert.equal(r.statusCode, 200);
    const hook = await t.inject({ method: 'GET', url: '/api/v1/webhooks', headers: { ...keyHeaders(p, { env: 'live' }), 'x-service-ingest-secret': r.json().ingest_secret } });
    assert.equal(hook.statusCode, 200, hook.body);
    assert.equal(hook.json().secret_hint, set.json().secret_hint);
    assert.ok(signing.endsWith(hook.json().secret_hint.slice(-4)));
  });

  it('grace_hours out of range or of the wrong type is 422 on every route, and nothing changes', async () => {
    const p = await t.partner();
    const adm = await t.admin();
    const session = await t.session('partner', p.id);
    // JSON texts: out of range, not an integer, not a number, and bodies that are not objects.
    const bad = ['{"grace_hours":-1}', '{"grace_hours":25}', '{"grace_hours":1.5}', '{"grace_hours":"2"}', '{"grace_hours":null}', '{"grace_hours":true}', '[1]', '"x"', '7'];
    const json = { 'content-type': 'application/json' };
    for (const payload of bad) {
      const routes = [
        () => t.inject({ method: 'POST', url: '/api/v1/secrets/rotate', headers: { ...keyHeaders(p, { env: 'live', secret: true }), ...json }, payload }),
        () => t.inject({ method: 'POST', url: '/api/partners/me/ingest-secret/rotate', headers: { ...bearer(session), ...json }, payload }),
        () => t.inject({ method: 'POST', url: `/api/admin/partners/${p.id}/rotate-ingest-secret`, headers: { ...bearer(adm.token), ...json }, payload }),
      ];
      for (const call of routes) {
        const r = await call();
        assert.equal(r.statusCode, 422, `${payload}: ${r.body}`);
        assert.equal(r.json().code, 'validation_failed');
        const loc = payload.startsWith('{') ? '["body","grace_hours"]' : '["body"]';
        assert.ok(r.json().detail.some((d: { loc: unknown[] }) => JSON.stringify(d.loc) === loc), `${payload}: ${r.body}`);
      }
    }
    // Not JSON at all.
    const text = await t.inject({ method: 'POST', url: '/api/v1/secrets/rotate', headers: { ...keyHeaders(p, { env: 'live', secret: true }), 'content-type': 'text/plain' }, payload: 'grace_hours=2' });
    assert.equal(text.statusCode, 422, text.body);
    assert.equal(text.json().code, 'validation_failed');
    assert.equal(await storedSecret(p), p.ingestSecret, 'nothing was rotated');
    assert.equal((await ingest(p, p.ingestSecret)).statusCode, 201);
  });

  it('POST /api/v1/secrets/rotate: a live key with its own current secret only', async () => {
    const p = await t.partner();
    const q = await t.partner();
    const pending = await t.partner({ activated: false });

    const withTest = await rotateByKey(p, p.ingestSecret, { grace_hours: 1 }, { env: 'test' });
    assert.equal(withTest.statusCode, 403, withTest.body);
    assert.equal(withTest.json().code, 'environment_mismatch');
    assert.match(withTest.json().detail, /live key/);

    const noSecret = await t.inject({ method: 'POST', url: '/api/v1/secrets/rotate', headers: keyHeaders(p, { env: 'live' }) });
    assert.equal(noSecret.statusCode, 401);
    assert.equal(noSecret.json().code, 'missing_ingest_secret');
    const wrongSecret = await rotateByKey(p, 'svc_ingest_not-the-secret');
    assert.equal(wrongSecret.statusCode, 401);
    assert.equal(wrongSecret.json().code, 'invalid_ingest_secret');
    // Another partner's secret with this partner's key, and the other way round.
    assert.equal((await rotateByKey(p, q.ingestSecret)).statusCode, 401);
    assert.equal((await rotateByKey(q, p.ingestSecret)).statusCode, 401);
    const noKey = await t.inject({ method: 'POST', url: '/api/v1/secrets/rotate', headers: { 'x-service-ingest-secret': p.ingestSecret } });
    assert.equal(noKey.statusCode, 401);
    assert.equal(noKey.json().code, 'missing_api_key');
    // A live key before production access is refused by the key guard; the portal rotates for such a partner.
    const early = await rotateByKey(pending, pending.ingestSecret);
    assert.equal(early.statusCode, 403);
    assert.equal(early.json().code, 'production_not_enabled');

    assert.equal(await storedSecret(p), p.ingestSecret);
    assert.equal(await storedSecret(q), q.ingestSecret);
    const qr = await rotateByKey(q, q.ingestSecret);
    assert.equal(qr.statusCode, 200);
    assert.equal(await storedSecret(p), p.ingestSecret, "one partner's rotation leaves the others alone");
  });

  it('POST /api/partners/me/ingest-secret/rotate (password session): no secret in the answer; the server reads it by key', async () => {
    const p = await t.partner({ activated: false });
    const q = await t.partner();
    const session = await t.session('partner', p.id);
    const r = await t.inject({ method: 'POST', url: '/api/partners/me/ingest-secret/rotate', headers: bearer(session) });
    assert.equal(r.statusCode, 200, r.body);
    const b = r.json();
    assert.deepEqual(Object.keys(b).sort(), ['detail', 'previous_valid_until', 'rotated_at']);
    assert.match(b.detail, /GET \/api\/v1\/secrets/);
    assert.equal(b.previous_valid_until, null);
    assert.equal(b.rotated_at, new Date(clock.now()).toISOString());
    const fresh = (await t.inject({ method: 'GET', url: '/api/v1/secrets', headers: keyHeaders(p) })).json().ingest_secret as string;
    assert.notEqual(fresh, p.ingestSecret);
    assert.ok(!r.body.includes(fresh) && !r.body.includes('svc_ingest_'), 'the browser never receives the secret');
    assert.equal((await ingest(p, p.ingestSecret, 'test')).statusCode, 401);
    assert.equal((await ingest(p, fresh, 'test')).statusCode, 201);
    assert.equal(await storedSecret(q), q.ingestSecret, "only the signed-in partner's secret");

    const graced = await t.inject({ method: 'POST', url: '/api/partners/me/ingest-secret/rotate', headers: bearer(session), payload: { grace_hours: 3 } });
    assert.equal(graced.statusCode, 200, graced.body);
    assert.equal(graced.json().previous_valid_until, new Date(clock.now() + 3 * HOUR).toISOString());
    assert.equal((await ingest(p, fresh, 'test')).statusCode, 201, 'the replaced secret overlaps');
  });

  it('the portal route refuses a key-opened session, an admin session and no session', async () => {
    const p = await t.partner();
    const adm = await t.admin();
    const opened = await t.inject({ method: 'POST', url: '/api/auth/partner/key-login', payload: { key: p.liveKey }, remoteAddress: '198.51.100.77' });
    assert.equal(opened.statusCode, 200, opened.body);
    const keySession = opened.json().token as string;
    const r = await t.inject({ method: 'POST', url: '/api/partners/me/ingest-secret/rotate', headers: bearer(keySession) });
    assert.equal(r.statusCode, 403, r.body);
    // A key-opened session acts as a developer; rotating the ingest secret needs an admin.
    assert.equal(r.json().code, 'role_forbidden');
    assert.match(r.json().detail, /needs the admin role/);
    const asAdmin = await t.inject({ method: 'POST', url: '/api/partners/me/ingest-secret/rotate', headers: bearer(adm.token) });
    assert.equal(asAdmin.statusCode, 403);
    const none = await t.inject({ method: 'POST', url: '/api/partners/me/ingest-secret/rotate' });
    assert.equal(none.statusCode, 401);
    // A key is not a session either.
    const byKey = await t.inject({ method: 'POST', url: '/api/partners/me/ingest-secret/rotate', headers: bearer(p.liveKey) });
    assert.equal(byKey.statusCode, 401);
    assert.equal(await storedSecret(p), p.ingestSecret, 'nothing was rotated');
  });

  it('POST /api/admin/partners/{partner_id}/rotate-ingest-secret: admin session only, no secret in the answer, 404 for an unknown partner', async () => {
    const p = await t.partner();
    const adm = await t.admin();
    const partnerSession = await t.session('partner', p.id);
    const url = `/api/admin/partners/${p.id}/rotate-ingest-secret`;
    const asPartner = await t.inject({ method: 'POST', url, headers: bearer(partnerSession) });
    assert.equal(asPartner.statusCode, 403);
    assert.equal(asPartner.json().code, 'forbidden');
    assert.equal((await t.inject({ method: 'POST', url })).statusCode, 401);
    assert.equal((await t.inject({ method: 'POST', url, headers: keyHeaders(p, { env: 'live', secret: true }) })).statusCode, 401);
    const missing = await t.inject({ method: 'POST', url: '/api/admin/partners/ptr_nobody/rotate-ingest-secret', headers: bearer(adm.token) });
    assert.equal(missing.statusCode, 404);
    assert.equal(missing.json().code, 'not_found');
    assert.equal(await storedSecret(p), p.ingestSecret);

    const r = await t.inject({ method: 'POST', url, headers: bearer(adm.token), payload: { grace_hours: 24 } });
    assert.equal(r.statusCode, 200, r.body);
    const b = r.json();
    assert.deepEqual(Object.keys(b).sort(), ['detail', 'partner_id', 'previous_valid_until', 'rotated_at']);
    assert.equal(b.partner_id, p.id);
    assert.equal(b.previous_valid_until, new Date(clock.now() + 24 * HOUR).toISOString());
    const fresh = await storedSecret(p);
    assert.notEqual(fresh, p.ingestSecret);
    assert.ok(!r.body.includes('svc_ingest_'), 'administrators never see a partner secret');
    assert.equal((await ingest(p, p.ingestSecret)).statusCode, 201);
    assert.equal((await ingest(p, fresh)).statusCode, 201);
    clock.advance(24 * HOUR);
    assert.equal((await ingest(p, p.ingestSecret)).statusCode, 401);
  });

  it('every rotation is in the admin audit log, with who, how and the overlap, never the secret', async () => {
    const p = await t.partner();
    const adm = await t.admin();
    const session = await t.session('partner', p.id);
    const owner = (await t.inject({ method: 'GET', url: '/api/auth/partner/me', headers: bearer(session) })).json().member as { id: string };
    const byKey = await rotateByKey(p, p.ingestSecret, { grace_hours: 1 });
    assert.equal(byKey.statusCode, 200);
    assert.equal((await t.inject({ method: 'POST', url: '/api/partners/me/ingest-secret/rotate', headers: bearer(session) })).statusCode, 200);
    assert.equal((await t.inject({ method: 'POST', url: `/api/admin/partners/${p.id}/rotate-ingest-secret`, headers: bearer(adm.token) })).statusCode, 200);
    const current = await storedSecret(p);

    const log = await t.inject({ method: 'GET', url: `/api/admin/audit-log?target_id=${p.id}`, headers: bearer(adm.token) });
    assert.equal(log.statusCode, 200, log.body);
    const items = (log.json().items as { action: string; actor_type: string; actor_id: string; target_type: string; details: Record<string, unknown> }[]).filter((i) =>
      i.action.includes('ingest_secret'),
    );
    assert.deepEqual(
      items.map((i) => [i.action, i.actor_type, i.actor_id, i.details.via, i.details.grace_hours]),
      [
        ['admin.ingest_secret.rotate', 'admin', adm.id, 'admin', 0],
        ['ingest_secret.rotate', 'member', owner.id, 'portal', 0],
        ['ingest_secret.rotate', 'partner', p.id, 'api', 1],
      ],
    );
    assert.ok(items.every((i) => i.target_type === 'partner'));
    assert.equal(items[2].details.previous_valid_until, byKey.json().previous_valid_until);
    assert.equal(items[0].details.previous_valid_until, null);
    for (const secret of [p.ingestSecret, byKey.json().ingest_secret, current]) assert.ok(!log.body.includes(secret), 'no secret in the audit log');
    assert.equal(items[0].details.secret_masked, `svc_ingest_****${current.slice(-4)}`);

    const byAction = await t.inject({ method: 'GET', url: '/api/admin/audit-log?action=admin.ingest_secret.rotate', headers: bearer(adm.token) });
    assert.ok((byAction.json().items as { target_id: string }[]).some((i) => i.target_id === p.id));
  });

  it('the OpenAPI document lists the three operations (the /v1 form hidden)', async () => {
    const doc = (await t.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    assert.ok(doc.paths['/api/v1/secrets/rotate'].post);
    assert.ok(doc.paths['/api/partners/me/ingest-secret/rotate'].post);
    assert.ok(doc.paths['/api/admin/partners/{partner_id}/rotate-ingest-secret'].post);
    assert.equal(doc.paths['/v1/secrets/rotate'], undefined);
  });
});

describe('ingest secret rotation across two processes (PostgreSQL: NOTIFY)', { skip: DIALECT !== 'postgres' && 'one process owns a SQLite file' }, () => {
  let cluster: Cluster;
  let deps: Deps;
  let a: ServerProcess;
  let b: ServerProcess;
  before(async () => {
    cluster = await startCluster(2, { RUN_WORKERS: 'false', CREDENTIAL_FAILURE_LIMIT: '1000' });
    ({ deps } = cluster);
    [a, b] = cluster.servers;
  });
  after(async () => {
    await cluster?.close();
  });

  const call = (s: ServerProcess, path: string, key: string, secret: string, body: unknown = { end_user_id: 'u1', cash_balance: 1 }) =>
    callWithSecret(s, 'POST', path, key, secret, body);

  /** Polls until `fn` answers `status`: the other process learns of the change by NOTIFY, a moment after the commit. */
  async function eventually(fn: () => Promise<Response>, status: number): Promise<number> {
    const deadline = Date.now() + 5000;
    let last = 0;
    while (Date.now() < deadline) {
      last = (await fn()).status;
      if (last === status) return last;
      await new Promise((r) => setTimeout(r, 20));
    }
    return last;
  }

  it('a rotation on one process is honoured by the other, whose cache held the old state', async () => {
    const p = await deps.database.tx((trx) => createPartner(deps, trx, { email: 'two@example.com', company: 'Two Co', activated: true }));
    const key = p.liveKey!;
    // Process b caches the key with the secret's state.
    assert.equal((await call(b, '/api/v1/ingest', key, p.ingestSecret)).status, 201);
    assert.equal((await call(b, '/api/v1/ingest', key, p.ingestSecret)).status, 201);

    const rotated = await call(a, '/api/v1/secrets/rotate', key, p.ingestSecret, { grace_hours: 1 });
    assert.equal(rotated.status, 200, await rotated.clone().text());
    const s1 = ((await rotated.json()) as { ingest_secret: string }).ingest_secret;
    assert.equal(await eventually(() => call(b, '/api/v1/ingest', key, s1), 201), 201, 'the new secret works on the other process');
    assert.equal((await call(b, '/api/v1/ingest', key, p.ingestSecret)).status, 201, 'the previous one overlaps');

    const again = await call(a, '/api/v1/secrets/rotate', key, s1, {});
    assert.equal(again.status, 200);
    const s2 = ((await again.json()) as { ingest_secret: string }).ingest_secret;
    assert.equal(await eventually(() => call(b, '/api/v1/ingest', key, s1), 401), 401, 'the replaced secret is refused on the other process');
    assert.equal((await call(b, '/api/v1/ingest', key, p.ingestSecret)).status, 401);
    assert.equal((await call(b, '/api/v1/ingest', key, s2)).status, 201);
  });
});
