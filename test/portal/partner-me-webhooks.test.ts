/** The session form of the webhook operations: /api/partners/me/webhooks* and /api/partners/me/reports/webhooks.csv. */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { buildTestApp, keyHeaders, type TestApp, type TestPartner } from '../helpers/app.js';
import { runDeliveryPass } from '../../src/areas/webhooks/worker.js';
import { startReceiver, type Receiver } from '../webhooks/receiver.js';
import { bearer, cookie, CROSS_SITE, keySession } from './helpers.js';

const ME = '/api/partners/me/webhooks';

describe('webhooks through a partner session', () => {
  let t: TestApp;
  let rx: Receiver;
  before(async () => {
    t = await buildTestApp({ env: { WEBHOOK_RETRY_SCHEDULE_MS: '0,60000', WEBHOOK_TIMEOUT_MS: '2000' } });
    rx = await startReceiver();
  });
  after(async () => {
    await t.close();
    await rx.close();
  });

  async function signedIn(input: Parameters<TestApp['partner']>[0] = {}): Promise<{ p: TestPartner; s: Record<string, string> }> {
    const p = await t.partner(input);
    return { p, s: bearer(await t.session('partner', p.id)) };
  }
  const keyGet = (p: TestPartner, url: string, env: 'test' | 'live' = 'test') => t.inject({ method: 'GET', url, headers: keyHeaders(p, { secret: true, env }) });
  const configure = (s: Record<string, string>, env: string | null, payload: unknown = { url: rx.url, events: ['calculation.updated'] }) =>
    t.inject({ method: 'POST', url: env ? `${ME}?environment=${env}` : ME, headers: s, payload: payload as object });

  it('configures through the session; the key + secret API reads the same configuration; the signing secret is answered once', async () => {
    const { p, s } = await signedIn();
    const none = await t.inject({ method: 'GET', url: `${ME}?environment=test`, headers: s });
    assert.equal(none.statusCode, 404, none.body);
    assert.equal(none.json().code, 'not_found');

    const created = await configure(s, 'test');
    assert.equal(created.statusCode, 200, created.body);
    assert.match(created.headers['cache-control'] as string, /no-store/);
    const c = created.json();
    assert.match(c.secret, /^whsec_/);
    assert.equal(c.environment, 'test');
    assert.equal(c.url, rx.url);
    assert.ok(c.secret.endsWith(c.secret_hint.split('…')[1]), 'the hint is the end of the secret');

    const viaKey = await keyGet(p, '/api/v1/webhooks');
    assert.equal(viaKey.statusCode, 200, viaKey.body);
    const viaSession = await t.inject({ method: 'GET', url: `${ME}?environment=test`, headers: s });
    assert.equal(viaSession.statusCode, 200);
    assert.deepEqual(viaSession.json(), viaKey.json(), 'the same configuration, the same shape');
    assert.equal(viaKey.json().url, rx.url);
    assert.equal((await keyGet(p, '/api/v1/webhooks', 'live')).statusCode, 404, 'the live environment is untouched');

    // An update keeps the secret and does not answer it again.
    const updated = await configure(s, 'test', { url: rx.url, events: ['calculation.updated', 'webhook.test'], enabled: true });
    assert.equal(updated.statusCode, 200, updated.body);
    assert.equal(updated.json().secret, null);
    assert.deepEqual((await keyGet(p, '/api/v1/webhooks')).json().events, ['calculation.updated', 'webhook.test']);
    assert.equal((await keyGet(p, '/api/v1/webhooks')).json().secret_hint, c.secret_hint);
  });

  it('without `environment` a full session acts in live (as /api/partners/me/usage); DELETE removes it, as the key + secret API sees', async () => {
    const { p, s } = await signedIn();
    const r = await configure(s, null);
    assert.equal(r.statusCode, 200, r.body);
    assert.equal(r.json().environment, 'live');
    assert.equal((await keyGet(p, '/api/v1/webhooks', 'live')).statusCode, 200);
    assert.equal((await keyGet(p, '/api/v1/webhooks', 'test')).statusCode, 404);

    const del = await t.inject({ method: 'DELETE', url: ME, headers: s });
    assert.equal(del.statusCode, 200, del.body);
    assert.deepEqual(del.json(), { deleted: true, environment: 'live' });
    assert.equal((await keyGet(p, '/api/v1/webhooks', 'live')).statusCode, 404);
    const again = await t.inject({ method: 'DELETE', url: ME, headers: s });
    assert.equal(again.statusCode, 404);
  });

  it('rotates the signing secret: the new one is answered once and signs the next delivery, with the previous one for 24 hours', async () => {
    const { p, s } = await signedIn();
    const first = (await configure(s, 'test')).json().secret as string;
    const rot = await t.inject({ method: 'POST', url: `${ME}/rotate-secret?environment=test`, headers: s });
    assert.equal(rot.statusCode, 200, rot.body);
    assert.match(rot.headers['cache-control'] as string, /no-store/);
    const fresh = rot.json().secret as string;
    assert.match(fresh, /^whsec_/);
    assert.notEqual(fresh, first);
    assert.ok(rot.json().previous_secret_expires_at);
    assert.equal((await keyGet(p, '/api/v1/webhooks')).json().secret_hint, rot.json().secret_hint);

    const q = await t.inject({ method: 'POST', url: `${ME}/test?environment=test`, headers: s });
    assert.equal(q.statusCode, 202, q.body);
    await runDeliveryPass(t.deps);
    const [got] = rx.of(q.json().event_id);
    assert.equal(got.headers['x-service-signature'], createHmac('sha256', fresh).update(got.body).digest('hex'));
    assert.equal(got.headers['x-service-signature-previous'], createHmac('sha256', first).update(got.body).digest('hex'));

    const none = await t.inject({ method: 'POST', url: `${ME}/rotate-secret?environment=live`, headers: s });
    assert.equal(none.statusCode, 404, 'nothing configured in live');
  });

  it('a test event reaches the receiver; the delivery log (status filter, limit) is the key + secret one; resend makes a second attempt', async () => {
    const { p, s } = await signedIn();
    const local = await startReceiver((_r, n) => (n === 1 ? { status: 500, body: 'down' } : { status: 200, body: 'ok' }));
    try {
      const secret = (await configure(s, 'test', { url: local.url, events: ['calculation.updated'] })).json().secret as string;
      const q = await t.inject({ method: 'POST', url: `${ME}/test?environment=test`, headers: s });
      assert.equal(q.statusCode, 202, q.body);
      assert.equal(q.json().type, 'webhook.test');
      assert.equal(q.json().status, 'queued');
      await runDeliveryPass(t.deps);
      const [got] = local.of(q.json().event_id);
      assert.ok(got, 'the test event arrived');
      assert.equal(got.headers['x-service-signature'], createHmac('sha256', secret).update(got.body).digest('hex'), 'signed with the secret the session was shown');
      assert.equal(JSON.parse(got.body).type, 'webhook.test');

      const list = await t.inject({ method: 'GET', url: `${ME}/deliveries?environment=test`, headers: s });
      assert.equal(list.statusCode, 200, list.body);
      assert.equal(list.headers['webhook-retention-days'], '30');
      const [failed] = list.json();
      assert.equal(list.json().length, 1);
      assert.equal(failed.status, 'failed');
      assert.equal(failed.status_code, 500);
      assert.deepEqual(list.json(), (await keyGet(p, '/api/v1/webhooks/deliveries')).json());

      const resent = await t.inject({ method: 'POST', url: `${ME}/deliveries/${failed.id}/resend?environment=test`, headers: s });
      assert.equal(resent.statusCode, 200, resent.body);
      assert.equal(resent.json().attempt, 2);
      assert.equal(resent.json().status, 'delivered');
      assert.equal(local.of(q.json().event_id).length, 2, 'a second attempt reached the receiver');
      const viaKey = (await keyGet(p, '/api/v1/webhooks/deliveries')).json() as { id: string; attempt: number }[];
      assert.deepEqual(viaKey.map((d) => d.attempt), [2, 1]);

      const page = async (query: string) => (await t.inject({ method: 'GET', url: `${ME}/deliveries?environment=test&${query}`, headers: s })).json() as { id: string; status: string }[];
      assert.deepEqual((await page('status=delivered')).map((d) => d.id), [resent.json().id]);
      assert.deepEqual((await page('status=failed')).map((d) => d.id), [failed.id]);
      assert.deepEqual((await page('limit=1')).map((d) => d.id), [resent.json().id]);
      assert.equal((await page(`event_id=${q.json().event_id}`)).length, 2);
      assert.deepEqual(await page('limit=1'), (await keyGet(p, '/api/v1/webhooks/deliveries?limit=1')).json());

      // The other environment's log is empty, and a test delivery is not found from live.
      assert.deepEqual((await t.inject({ method: 'GET', url: `${ME}/deliveries?environment=live`, headers: s })).json(), []);
      const wrongEnv = await t.inject({ method: 'POST', url: `${ME}/deliveries/${failed.id}/resend?environment=live`, headers: s });
      assert.equal(wrongEnv.statusCode, 404);
      const unknown = await t.inject({ method: 'POST', url: `${ME}/deliveries/whd_nope/resend?environment=test`, headers: s });
      assert.equal(unknown.statusCode, 404);
      // Another partner's session neither sees this delivery nor resends it.
      const { s: other } = await signedIn();
      assert.deepEqual((await t.inject({ method: 'GET', url: `${ME}/deliveries?environment=test`, headers: other })).json(), []);
      const foreign = await t.inject({ method: 'POST', url: `${ME}/deliveries/${failed.id}/resend?environment=test`, headers: other });
      assert.equal(foreign.statusCode, 404, foreign.body);
      assert.equal(local.of(q.json().event_id).length, 2, 'nothing was sent for the other partner');

      // The CSV is the key version's, byte for byte.
      const csv = await t.inject({ method: 'GET', url: '/api/partners/me/reports/webhooks.csv?environment=test', headers: s });
      assert.equal(csv.statusCode, 200, csv.body);
      assert.match(csv.headers['content-type'] as string, /^text\/csv/);
      assert.match(csv.headers['content-disposition'] as string, /^attachment; filename="webhook-deliveries-test-\d{4}-\d{2}-\d{2}\.csv"$/);
      const keyCsv = await t.inject({ method: 'GET', url: '/api/v1/reports/webhooks.csv', headers: keyHeaders(p) });
      assert.equal(csv.body, keyCsv.body);
      assert.equal(csv.body.trim().split('\r\n').length, 3, 'header and two attempts');
      const delivered = await t.inject({ method: 'GET', url: '/api/partners/me/reports/webhooks.csv?environment=test&status=delivered', headers: s });
      assert.equal(delivered.body.trim().split('\r\n').length, 2);
      const liveCsv = await t.inject({ method: 'GET', url: '/api/partners/me/reports/webhooks.csv?environment=live', headers: s });
      assert.equal(liveCsv.body.trim().split('\r\n').length, 1, 'header only');

      // Disabled endpoint: test event and resend are 409, as with the key.
      await configure(s, 'test', { url: local.url, events: ['calculation.updated'], enabled: false });
      assert.equal((await t.inject({ method: 'POST', url: `${ME}/test?environment=test`, headers: s })).statusCode, 409);
      assert.equal((await t.inject({ method: 'POST', url: `${ME}/deliveries/${failed.id}/resend?environment=test`, headers: s })).statusCode, 409);
    } finally {
      await local.close();
    }
  });

  it('a session opened with the test key acts only in test: live is 403 environment_mismatch and nothing changes; its default is test', async () => {
    const p = await t.partner();
    const k = bearer(await keySession(t, p.testKey));
    const r = await configure(k, null);
    assert.equal(r.statusCode, 200, r.body);
    assert.equal(r.json().environment, 'test');
    assert.equal((await keyGet(p, '/api/v1/webhooks', 'test')).statusCode, 200);

    const refused = [
      { method: 'GET' as const, url: `${ME}?environment=live` },
      { method: 'POST' as const, url: `${ME}?environment=live`, payload: { url: rx.url, events: ['calculation.updated'] } },
      { method: 'DELETE' as const, url: `${ME}?environment=live` },
      { method: 'POST' as const, url: `${ME}/rotate-secret?environment=live` },
      { method: 'POST' as const, url: `${ME}/test?environment=live` },
      { method: 'GET' as const, url: `${ME}/deliveries?environment=live` },
      { method: 'POST' as const, url: `${ME}/deliveries/whd_x/resend?environment=live` },
      { method: 'GET' as const, url: '/api/partners/me/reports/webhooks.csv?environment=live' },
    ];
    for (const c of refused) {
      const res = await t.inject({ ...c, headers: k });
      assert.equal(res.statusCode, 403, `${c.method} ${c.url}: ${res.body}`);
      assert.equal(res.json().code, 'environment_mismatch');
    }
    assert.equal((await keyGet(p, '/api/v1/webhooks', 'live')).statusCode, 404, 'nothing was configured in live');

    // A live-key session is the mirror image.
    const l = bearer(await keySession(t, p.liveKey));
    assert.equal((await configure(l, 'test')).statusCode, 403);
    assert.equal((await configure(l, null)).json().environment, 'live');
  });

  it('a live change of an account without production access is 403 production_not_enabled, as with its live key; test works', async () => {
    const { p, s } = await signedIn({ activated: false });
    const viaKey = await t.inject({ method: 'POST', url: '/api/v1/webhooks', headers: keyHeaders(p, { env: 'live', secret: true }), payload: { url: rx.url, events: ['calculation.updated'] } });
    assert.equal(viaKey.statusCode, 403);
    for (const env of ['live', null]) {
      const r = await configure(s, env);
      assert.equal(r.statusCode, 403, r.body);
      assert.equal(r.json().code, 'production_not_enabled');
      assert.equal(r.json().detail, viaKey.json().detail);
    }
    for (const [method, url] of [['DELETE', ME], ['POST', `${ME}/rotate-secret`], ['POST', `${ME}/test`], ['POST', `${ME}/deliveries/whd_x/resend`]] as const) {
      const r = await t.inject({ method, url: `${url}?environment=live`, headers: s });
      assert.equal(r.statusCode, 403, `${method} ${url}`);
      assert.equal(r.json().code, 'production_not_enabled');
    }
    // Reads of live answer what there is (nothing); the sandbox is open.
    assert.equal((await t.inject({ method: 'GET', url: `${ME}?environment=live`, headers: s })).statusCode, 404);
    assert.equal((await configure(s, 'test')).statusCode, 200);
  });

  it('authentication: no session 401, an admin session 403, a cross-site cookie write 403 csrf_rejected (nothing changed)', async () => {
    const { p } = await signedIn();
    const token = await t.session('partner', p.id);
    const adm = await t.admin();
    const none = await configure({}, 'test');
    assert.equal(none.statusCode, 401);
    assert.equal(none.json().code, 'session_required');
    const expired = await configure(bearer('sess_nope'), 'test');
    assert.equal(expired.statusCode, 401);
    assert.equal(expired.json().code, 'session_expired');
    const admin = await configure(bearer(adm.token), 'test');
    assert.equal(admin.statusCode, 403);
    assert.equal(admin.json().code, 'forbidden');
    // The key + secret credentials are not a session.
    const keyOnly = await t.inject({ method: 'GET', url: `${ME}?environment=test`, headers: keyHeaders(p, { secret: true }) });
    assert.equal(keyOnly.statusCode, 401);

    const cross = await configure({ ...cookie(token), ...CROSS_SITE }, 'test');
    assert.equal(cross.statusCode, 403, cross.body);
    assert.equal(cross.json().code, 'csrf_rejected');
    assert.equal((await keyGet(p, '/api/v1/webhooks')).statusCode, 404, 'nothing was configured');
    const sameOrigin = await configure({ ...cookie(token), origin: 'http://localhost:8000', 'sec-fetch-site': 'same-origin' }, 'test');
    assert.equal(sameOrigin.statusCode, 200, sameOrigin.body);
    for (const [method, url] of [['DELETE', ME], ['POST', `${ME}/rotate-secret`], ['POST', `${ME}/test`], ['POST', `${ME}/deliveries/whd_x/resend`]] as const) {
      const r = await t.inject({ method, url: `${url}?environment=test`, headers: { ...cookie(token), ...CROSS_SITE } });
      assert.equal(r.statusCode, 403, `${method} ${url}`);
      assert.equal(r.json().code, 'csrf_rejected');
    }
    assert.equal((await keyGet(p, '/api/v1/webhooks')).statusCode, 200, 'still configured');
    // A cross-site read with the cookie is not a write.
    assert.equal((await t.inject({ method: 'GET', url: `${ME}?environment=test`, headers: { ...cookie(token), ...CROSS_SITE } })).statusCode, 200);
  });

  it('bad input is 422 on the field', async () => {
    const { s } = await signedIn();
    const cases: { method: 'GET' | 'POST'; url: string; payload?: unknown; loc: (string | number)[] }[] = [
      { method: 'GET', url: `${ME}?environment=prod`, loc: ['query', 'environment'] },
      { method: 'POST', url: `${ME}?environment=test`, payload: { url: 'ftp://example.com/x', events: ['calculation.updated'] }, loc: ['body', 'url'] },
      { method: 'POST', url: `${ME}?environment=test`, payload: { url: rx.url, events: [] }, loc: ['body', 'events'] },
      { method: 'POST', url: `${ME}?environment=test`, payload: { url: rx.url, events: ['nope'] }, loc: ['body', 'events', 0] },
      { method: 'POST', url: `${ME}?environment=test`, payload: { events: ['calculation.updated'] }, loc: ['body', 'url'] },
      { method: 'GET', url: `${ME}/deliveries?limit=0`, loc: ['query', 'limit'] },
      { method: 'GET', url: `${ME}/deliveries?status=pending`, loc: ['query', 'status'] },
      { method: 'GET', url: '/api/partners/me/reports/webhooks.csv?since=yesterday', loc: ['query', 'since'] },
      { method: 'POST', url: `${ME}/test?environment=LIVE`, loc: ['query', 'environment'] },
    ];
    for (const c of cases) {
      const r = await t.inject({ method: c.method, url: c.url, headers: s, payload: c.payload as object });
      assert.equal(r.statusCode, 422, `${c.method} ${c.url}: ${r.body}`);
      assert.equal(r.json().code, 'validation_failed');
      assert.deepEqual(r.json().detail[0].loc, c.loc, `${c.method} ${c.url}: ${r.body}`);
    }
  });
});
