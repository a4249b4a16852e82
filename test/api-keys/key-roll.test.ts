/**
 * Rolling an API key with an overlap: POST /api/v1/key/rotate and the portal's rotate take overlap_seconds (0 to 7 days),
 * the administrator's regenerate too; during the overlap both keys authenticate as the same slot, then only the new
 * one; the sessions opened with the old key end with it; a second roll ends the first overlap; "Expire now" ends it
 * early; every roll is audited with its overlap. Across processes: key-roll-processes.test.ts.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildTestApp, keyHeaders, TestClock, type TestApp } from '../helpers/app.js';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const SEVEN_DAYS = 604_800;

describe('key rolls with an overlap', () => {
  let t: TestApp;
  const clock = new TestClock(Date.parse('2026-05-04T08:00:00.000Z'));
  before(async () => {
    // Old keys are refused here on purpose: the failed-credential budget has its own tests.
    t = await buildTestApp({ clock, env: { CREDENTIAL_FAILURE_LIMIT: '1000' } });
  });
  after(() => t.close());

  const me = (key: string) => t.inject({ method: 'GET', url: '/api/v1/me', headers: { 'x-api-key': key } });
  const rotateByKey = (key: string, secret: string, payload: unknown) =>
    t.inject({ method: 'POST', url: '/api/v1/key/rotate', headers: { 'x-api-key': key, 'x-service-ingest-secret': secret }, payload: payload as object });
  const portalRotate = (env: string, token: string, payload?: unknown) =>
    t.inject({ method: 'POST', url: `/api/partners/me/api-keys/${env}/rotate`, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });
  const expireNow = (env: string, headers: Record<string, string>) => t.inject({ method: 'POST', url: `/api/partners/me/api-keys/${env}/expire-previous`, headers });
  const slots = async (token: string) =>
    (await t.inject({ method: 'GET', url: '/api/partners/me/api-keys', headers: bearer(token) })).json() as { environment: string; key: string; previous_expires_at: string | null }[];
  const slot = async (token: string, env: string) => (await slots(token)).find((s) => s.environment === env)!;
  const at = (offsetMs: number) => new Date(clock.now() + offsetMs).toISOString();

  it('POST /api/v1/key/rotate with a 3-second overlap: both keys work as the same slot, then only the new one', async () => {
    const p = await t.partner();
    const token = await t.session('partner', p.id);
    assert.equal((await me(p.liveKey)).statusCode, 200, 'the old key works (and is cached)');
    const r = await rotateByKey(p.liveKey, p.ingestSecret, { key_type: 'production', overlap_seconds: 3 });
    assert.equal(r.statusCode, 200, r.body);
    assert.equal(r.headers['cache-control'], 'no-store');
    const b = r.json();
    const until = at(3000);
    assert.equal(b.previous_expires_at, until);
    assert.match(b.message, new RegExp(`keeps working until ${until}`));
    assert.match(b.new_key, /^svc_live_[0-9A-Za-z]{32}$/);

    for (const key of [p.liveKey, b.new_key]) {
      const m = await me(key);
      assert.equal(m.statusCode, 200, m.body);
      assert.equal(m.json().id, p.id);
    }
    assert.equal((await slot(token, 'live')).previous_expires_at, until);
    assert.equal((await slot(token, 'live')).key, b.new_key);
    assert.equal((await slot(token, 'test')).previous_expires_at, null, 'the other slot has no overlap');

    // One slot: the rate limiter and the meter count the slot, whichever key is sent.
    const oldCall = await me(p.liveKey);
    const newCall = await me(b.new_key);
    assert.equal(Number(oldCall.headers['x-ratelimit-remaining']) - 1, Number(newCall.headers['x-ratelimit-remaining']), 'one budget for both keys');

    clock.advance(2999);
    assert.equal((await me(p.liveKey)).statusCode, 200, 'the last millisecond of the overlap');
    clock.advance(1);
    const late = await me(p.liveKey);
    assert.equal(late.statusCode, 401, 'the overlap is over: the cached old key is forgotten');
    assert.equal(late.json().code, 'invalid_api_key');
    assert.equal((await me(b.new_key)).statusCode, 200);
    assert.equal((await slot(token, 'live')).previous_expires_at, null);
  });

  it('without overlap_seconds (or with 0) the old key stops on the very next request, as before', async () => {
    const p = await t.partner();
    assert.equal((await me(p.testKey)).statusCode, 200);
    const r = await rotateByKey(p.testKey, p.ingestSecret, { key_type: 'sandbox' });
    assert.equal(r.statusCode, 200, r.body);
    assert.equal(r.json().previous_expires_at, null);
    assert.match(r.json().message, /has stopped working/);
    assert.equal((await me(p.testKey)).statusCode, 401);
    const zero = await rotateByKey(r.json().new_key, p.ingestSecret, { key_type: 'sandbox', overlap_seconds: 0 });
    assert.equal(zero.statusCode, 200);
    assert.equal(zero.json().previous_expires_at, null);
    assert.equal((await me(r.json().new_key)).statusCode, 401);
  });

  it('the portal rotate offers the same overlap (the dialog sends 3600, 86400 or 604800); no body is at once', async () => {
    const p = await t.partner();
    const token = await t.session('partner', p.id);
    const r = await portalRotate('test', token, { overlap_seconds: 86400 });
    assert.equal(r.statusCode, 200, r.body);
    assert.equal(r.json().previous_expires_at, at(86_400_000));
    assert.equal((await me(p.testKey)).statusCode, 200);
    assert.equal((await me(r.json().key)).statusCode, 200);

    const week = await portalRotate('live', token, { overlap_seconds: SEVEN_DAYS });
    assert.equal(week.statusCode, 200, week.body);
    assert.equal(week.json().previous_expires_at, at(SEVEN_DAYS * 1000));

    const plain = await portalRotate('live', token);
    assert.equal(plain.statusCode, 200, plain.body);
    assert.equal(plain.json().previous_expires_at, null);
    assert.equal((await me(week.json().key)).statusCode, 401);
    assert.equal((await me(p.liveKey)).statusCode, 401);
  });

  it('a second roll during an overlap ends the first one: the first old key stops at once', async () => {
    const p = await t.partner();
    const first = await rotateByKey(p.liveKey, p.ingestSecret, { key_type: 'production', overlap_seconds: 600 });
    assert.equal(first.statusCode, 200);
    const k1 = first.json().new_key as string;
    assert.equal((await me(p.liveKey)).statusCode, 200);
    clock.advance(1000);
    // The old key itself may roll during its overlap: it acts as its slot.
    const second = await rotateByKey(p.liveKey, p.ingestSecret, { key_type: 'production', overlap_seconds: 60 });
    assert.equal(second.statusCode, 200, second.body);
    const k2 = second.json().new_key as string;
    assert.equal(second.json().previous_expires_at, at(60_000));
    assert.equal((await me(p.liveKey)).statusCode, 401, 'the first old key stopped at once');
    assert.equal((await me(k1)).statusCode, 200, 'the key the second roll replaced overlaps');
    assert.equal((await me(k2)).statusCode, 200);
  });

  it('a session opened with the old key ends when its overlap does; one opened with the new key stays', async () => {
    const p = await t.partner();
    const before = await t.inject({ method: 'POST', url: '/api/auth/partner/key-login', payload: { key: p.testKey }, remoteAddress: '198.51.100.20' });
    assert.equal(before.statusCode, 200, before.body);
    const oldSession = before.json().token as string;
    const r = await rotateByKey(p.testKey, p.ingestSecret, { key_type: 'sandbox', overlap_seconds: 3 });
    assert.equal(r.statusCode, 200);
    const fresh = r.json().new_key as string;
    // The old key still opens a session during the overlap.
    const during = await t.inject({ method: 'POST', url: '/api/auth/partner/key-login', payload: { key: p.testKey }, remoteAddress: '198.51.100.20' });
    assert.equal(during.statusCode, 200, during.body);
    const newSession = (await t.inject({ method: 'POST', url: '/api/auth/partner/key-login', payload: { key: fresh }, remoteAddress: '198.51.100.20' })).json().token as string;

    for (const s of [oldSession, during.json().token, newSession]) {
      assert.equal((await t.inject({ method: 'GET', url: '/api/auth/partner/me', headers: bearer(s) })).statusCode, 200);
    }
    const listed = await t.inject({ method: 'GET', url: '/api/auth/partner/sessions', headers: bearer(newSession) });
    assert.equal(listed.statusCode, 200, listed.body);
    assert.equal(listed.json().items?.length ?? listed.json().length, 3, 'the old key sessions are listed while the overlap lasts');

    clock.advance(3000);
    for (const s of [oldSession, during.json().token]) {
      const gone = await t.inject({ method: 'GET', url: '/api/auth/partner/me', headers: bearer(s) });
      assert.equal(gone.statusCode, 401);
      assert.equal(gone.json().code, 'session_expired');
    }
    assert.equal((await t.inject({ method: 'GET', url: '/api/auth/partner/me', headers: bearer(newSession) })).statusCode, 200);
    const late = await t.inject({ method: 'POST', url: '/api/auth/partner/key-login', payload: { key: p.testKey }, remoteAddress: '198.51.100.20' });
    assert.equal(late.statusCode, 401);
  });

  it('"Expire now" ends the overlap at once, and the sessions opened with the old key; without one it changes nothing', async () => {
    const p = await t.partner();
    const token = await t.session('partner', p.id);
    const oldSession = (await t.inject({ method: 'POST', url: '/api/auth/partner/key-login', payload: { key: p.testKey }, remoteAddress: '198.51.100.21' })).json()
      .token as string;
    const r = await portalRotate('test', token, { overlap_seconds: 3600 });
    assert.equal(r.statusCode, 200);
    assert.equal((await me(p.testKey)).statusCode, 200);
    assert.equal((await t.inject({ method: 'GET', url: '/api/auth/partner/me', headers: bearer(oldSession) })).statusCode, 200);

    const e = await expireNow('test', bearer(token));
    assert.equal(e.statusCode, 200, e.body);
    assert.equal(e.headers['cache-control'], 'no-store');
    assert.equal(e.json().previous_expires_at, null);
    assert.equal(e.json().key, r.json().key);
    assert.equal((await me(p.testKey)).statusCode, 401, 'the old key stopped at once');
    assert.equal((await me(r.json().key)).statusCode, 200);
    assert.equal((await t.inject({ method: 'GET', url: '/api/auth/partner/me', headers: bearer(oldSession) })).statusCode, 401);
    assert.equal((await slot(token, 'test')).previous_expires_at, null);

    const again = await expireNow('test', bearer(token));
    assert.equal(again.statusCode, 200, 'nothing to end: the slot as it is');
    assert.equal(again.json().previous_expires_at, null);

    const admin = await t.admin();
    const audit = await t.inject({ method: 'GET', url: `/api/admin/audit-log?target_id=${p.id}&action=key.expire_previous`, headers: bearer(admin.token) });
    assert.equal(audit.statusCode, 200, audit.body);
    assert.equal(audit.json().items.length, 1, 'only the call that ended an overlap is audited');
    assert.equal(audit.json().items[0].details.environment, 'test');
    assert.equal(audit.json().items[0].details.previous_expires_at, r.json().previous_expires_at);
  });

  it('expire-previous refuses what it must: 404 on a blank slot, 422 on an unknown environment, 401/403 for other credentials', async () => {
    const p = await t.partner();
    const token = await t.session('partner', p.id);
    const r = await portalRotate('live', token, { overlap_seconds: 3600 });
    assert.equal(r.statusCode, 200);
    const bad = await expireNow('prod', bearer(token));
    assert.equal(bad.statusCode, 422);
    assert.deepEqual(bad.json().detail[0].loc, ['path', 'environment']);
    assert.equal((await expireNow('live', {})).statusCode, 401);
    assert.equal((await expireNow('live', keyHeaders(p, { env: 'live' }))).statusCode, 401, 'a key is not a session');
    const admin = await t.admin();
    assert.equal((await expireNow('live', bearer(admin.token))).statusCode, 403);
    const testSession = (await t.inject({ method: 'POST', url: '/api/auth/partner/key-login', payload: { key: p.testKey }, remoteAddress: '198.51.100.22' })).json()
      .token as string;
    const across = await expireNow('live', bearer(testSession));
    assert.equal(across.statusCode, 403);
    assert.equal(across.json().code, 'environment_mismatch');
    // Another partner's session reaches only its own slots.
    const q = await t.partner();
    const qToken = await t.session('partner', q.id);
    assert.equal((await expireNow('live', bearer(qToken))).statusCode, 200);
    const cross = await t.inject({ method: 'POST', url: '/api/partners/me/api-keys/live/expire-previous', headers: { cookie: `svc_session=${token}`, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' } });
    assert.equal(cross.statusCode, 403);
    assert.equal((await me(p.liveKey)).statusCode, 200, 'nothing ended the overlap');

    assert.equal((await t.inject({ method: 'DELETE', url: '/api/v1/keys/test', headers: bearer(token) })).statusCode, 200);
    const blank = await expireNow('test', bearer(token));
    assert.equal(blank.statusCode, 404);
    assert.equal(blank.json().code, 'not_found');
  });

  it('overlap_seconds out of bounds or of the wrong type is 422 on every route, and nothing changes', async () => {
    const p = await t.partner();
    const token = await t.session('partner', p.id);
    const admin = await t.admin();
    for (const overlap of [-1, SEVEN_DAYS + 1, 1.5, '60', null]) {
      const byKey = await rotateByKey(p.liveKey, p.ingestSecret, { key_type: 'production', overlap_seconds: overlap });
      assert.equal(byKey.statusCode, 422, `${overlap}: ${byKey.body}`);
      assert.deepEqual(byKey.json().detail[0].loc, ['body', 'overlap_seconds']);
      const portal = await portalRotate('live', token, { overlap_seconds: overlap });
      assert.equal(portal.statusCode, 422, `${overlap}: ${portal.body}`);
      assert.deepEqual(portal.json().detail[0].loc, ['body', 'overlap_seconds']);
    }
    for (const overlap of ['-1', String(SEVEN_DAYS + 1), 'soon']) {
      const adm = await t.inject({ method: 'POST', url: `/api/admin/partners/${p.id}/regenerate-key?environment=live&overlap_seconds=${overlap}`, headers: bearer(admin.token) });
      assert.equal(adm.statusCode, 422, `${overlap}: ${adm.body}`);
      assert.deepEqual(adm.json().detail[0].loc, ['query', 'overlap_seconds']);
    }
    assert.equal((await me(p.liveKey)).statusCode, 200, 'nothing was rotated');
    assert.equal((await slot(token, 'live')).key, p.liveKey);
  });

  it('a key acts in its own environment only, with its own ingest secret: the overlap changes nothing of that', async () => {
    const p = await t.partner();
    const q = await t.partner();
    const across = await rotateByKey(p.testKey, p.ingestSecret, { key_type: 'production', overlap_seconds: 60 });
    assert.equal(across.statusCode, 403);
    assert.equal(across.json().code, 'environment_mismatch');
    const otherSecret = await rotateByKey(p.liveKey, q.ingestSecret, { key_type: 'production', overlap_seconds: 60 });
    assert.equal(otherSecret.statusCode, 401);
    const noSecret = await t.inject({ method: 'POST', url: '/api/v1/key/rotate', headers: { 'x-api-key': p.liveKey }, payload: { key_type: 'production', overlap_seconds: 60 } });
    assert.equal(noSecret.statusCode, 401);
    assert.equal((await me(p.liveKey)).statusCode, 200);

    // During an overlap the old key still acts only as its own slot.
    const r = await rotateByKey(p.testKey, p.ingestSecret, { key_type: 'sandbox', overlap_seconds: 60 });
    assert.equal(r.statusCode, 200);
    const stillAcross = await rotateByKey(p.testKey, p.ingestSecret, { key_type: 'production', overlap_seconds: 60 });
    assert.equal(stillAcross.statusCode, 403);
    const meOld = await me(p.testKey);
    assert.equal(meOld.json().id, p.id);
    assert.notEqual(meOld.json().id, q.id);
  });

  it('a value another slot holds as its previous key in an overlap cannot be pasted elsewhere', async () => {
    const p = await t.partner();
    const q = await t.partner();
    const qToken = await t.session('partner', q.id);
    const pToken = await t.session('partner', p.id);
    assert.equal((await portalRotate('test', pToken, { overlap_seconds: 3600 })).statusCode, 200);
    const paste = await t.inject({ method: 'PUT', url: '/api/partners/me/api-keys/test', headers: bearer(qToken), payload: { key: p.testKey }, remoteAddress: '198.51.100.23' });
    assert.equal(paste.statusCode, 409, paste.body);
    const m = await me(p.testKey);
    assert.equal(m.statusCode, 200);
    assert.equal(m.json().id, p.id, 'the old key still names its own slot');
  });

  it('the administrator regenerates at once by default (a leak), or with the same overlap; audited with it', async () => {
    const p = await t.partner();
    const admin = await t.admin();
    const url = `/api/admin/partners/${p.id}/regenerate-key`;
    const overlap = await t.inject({ method: 'POST', url: `${url}?environment=test&overlap_seconds=3600`, headers: bearer(admin.token) });
    assert.equal(overlap.statusCode, 200, overlap.body);
    assert.equal(overlap.json().previous_expires_at, at(3_600_000));
    assert.equal((await me(p.testKey)).statusCode, 200);
    assert.equal((await me(overlap.json().key)).statusCode, 200);

    const leak = await t.inject({ method: 'POST', url: `${url}?environment=test`, headers: bearer(admin.token) });
    assert.equal(leak.statusCode, 200, leak.body);
    assert.equal(leak.json().previous_expires_at, null);
    assert.equal((await me(p.testKey)).statusCode, 401, 'the earlier overlap ended too');
    assert.equal((await me(overlap.json().key)).statusCode, 401);
    assert.equal((await me(leak.json().key)).statusCode, 200);

    const partnerToken = await t.session('partner', p.id);
    assert.equal((await t.inject({ method: 'POST', url: `${url}?environment=test&overlap_seconds=60`, headers: bearer(partnerToken) })).statusCode, 403);
    assert.equal((await t.inject({ method: 'POST', url: `${url}?environment=test&overlap_seconds=60` })).statusCode, 401);

    const audit = await t.inject({ method: 'GET', url: `/api/admin/audit-log?target_id=${p.id}&action=admin.key.regenerate`, headers: bearer(admin.token) });
    const items = audit.json().items as { details: Record<string, unknown> }[];
    assert.deepEqual(
      items.map((i) => [i.details.environment, i.details.overlap_seconds, i.details.previous_expires_at]),
      [
        ['test', 0, null],
        ['test', 3600, overlap.json().previous_expires_at],
      ],
    );
    for (const key of [overlap.json().key, leak.json().key, p.testKey]) assert.ok(!audit.body.includes(key), 'masks only in the audit log');
  });

  it("the administrator's partner answer states each slot's previous-key expiry while its overlap runs, null otherwise", async () => {
    const p = await t.partner();
    const admin = await t.admin();
    type Slot = { environment: string; previous_expires_at: string | null };
    const adminSlots = async () => {
      const one = await t.inject({ method: 'GET', url: `/api/admin/partners/${p.id}`, headers: bearer(admin.token) });
      assert.equal(one.statusCode, 200, one.body);
      const list = await t.inject({ method: 'GET', url: `/api/admin/partners?q=${encodeURIComponent(p.email)}`, headers: bearer(admin.token) });
      assert.equal(list.statusCode, 200, list.body);
      const listed = (list.json().items as { id: string; keys: Slot[] }[]).find((x) => x.id === p.id)!;
      const keys = one.json().keys as Slot[];
      assert.deepEqual(listed.keys, keys, 'the list shows the slots as the partner page does');
      return Object.fromEntries(keys.map((k) => [k.environment, k.previous_expires_at]));
    };
    assert.deepEqual(await adminSlots(), { test: null, live: null }, 'no roll, no overlap');
    const r = await t.inject({ method: 'POST', url: `/api/admin/partners/${p.id}/regenerate-key?environment=live&overlap_seconds=3600`, headers: bearer(admin.token) });
    assert.equal(r.statusCode, 200, r.body);
    const until = at(3_600_000);
    assert.deepEqual(await adminSlots(), { test: null, live: until });
    clock.advance(3_600_000);
    assert.deepEqual(await adminSlots(), { test: null, live: null }, 'the overlap is over');
  });

  it('the rotations by key and from the portal are audited with their overlap', async () => {
    const p = await t.partner();
    const token = await t.session('partner', p.id);
    const admin = await t.admin();
    assert.equal((await rotateByKey(p.liveKey, p.ingestSecret, { key_type: 'production', overlap_seconds: 90 })).statusCode, 200);
    assert.equal((await portalRotate('test', token)).statusCode, 200);
    const audit = await t.inject({ method: 'GET', url: `/api/admin/audit-log?target_id=${p.id}&action=key.rotate`, headers: bearer(admin.token) });
    const items = audit.json().items as { details: Record<string, unknown> }[];
    assert.deepEqual(
      items.map((i) => [i.details.environment, i.details.overlap_seconds, i.details.previous_expires_at]),
      [
        ['test', 0, null],
        ['live', 90, at(90_000)],
      ],
    );
  });

  it('the OpenAPI document states the overlap on the three rolls and lists expire-previous', async () => {
    const doc = (await t.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const schemas = doc.components.schemas;
    assert.equal(schemas.KeyRotateBody.properties.overlap_seconds.maximum, SEVEN_DAYS);
    assert.ok(schemas.KeyRotateResponse.properties.previous_expires_at);
    assert.ok(schemas.ApiKeyOut.required.includes('previous_expires_at'));
    assert.ok(doc.paths['/api/partners/me/api-keys/{environment}/expire-previous'].post);
    const regen = doc.paths['/api/admin/partners/{partner_id}/regenerate-key'].post;
    assert.ok(regen.parameters.some((q: { name: string }) => q.name === 'overlap_seconds'));
  });
});
