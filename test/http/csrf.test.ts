import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';

const cookie = (token: string) => ({ cookie: `svc_session=${token}` });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const CROSS = /^Cross-site request refused/;

describe('cookie-authenticated writes refuse cross-site requests', () => {
  let t: TestApp;
  let adm: { id: string; token: string };
  let p: TestPartner;
  before(async () => {
    // PUBLIC_BASE_URL (the portal's origin) differs from the Host the requests name.
    t = await buildTestApp({ env: { PUBLIC_BASE_URL: 'https://portal.svc.example' } });
    adm = await t.admin();
    p = await t.partner();
  });
  after(() => t.close());

  const suspend = (headers: Record<string, string>) =>
    t.inject({ method: 'POST', url: `/api/admin/partners/${p.id}/suspend`, headers: { host: 'api.svc.example', ...headers } });
  const activate = () =>
    t.inject({ method: 'POST', url: `/api/admin/partners/${p.id}/activate`, headers: bearer(adm.token) });
  const partnerActive = async () => {
    // A suspended partner's key answers 403; an active one's 200.
    const r = await t.inject({ method: 'GET', url: '/api/v1/me', headers: { 'x-api-key': p.liveKey } });
    assert.ok(r.statusCode === 200 || r.statusCode === 403, r.body);
    return r.statusCode === 200;
  };

  it('a cross-site admin cookie POST is refused with 403 and changes nothing', async () => {
    const crossSite: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
      { 'sec-fetch-site': 'same-site', origin: 'https://evil.svc.example' },
      { origin: 'https://evil.example' }, // an older browser: no Sec-Fetch-Site
      { origin: 'null' },
      { origin: 'http://api.svc.example.evil.example' },
    ];
    for (const headers of crossSite) {
      const r = await suspend({ ...cookie(adm.token), ...headers });
      assert.equal(r.statusCode, 403, JSON.stringify(headers));
      assert.match(r.json().detail, CROSS);
      assert.equal(await partnerActive(), true, 'the partner is still active');
    }
    // A form post with a body the route does not read is refused the same way.
    const form = await t.inject({
      method: 'POST',
      url: `/api/admin/partners/${p.id}/suspend`,
      headers: { ...cookie(adm.token), origin: 'https://evil.example', 'content-type': 'text/plain' },
      payload: 'x=1',
    });
    assert.equal(form.statusCode, 403);
    assert.equal(await partnerActive(), true);
    // Reads are not writes: a cross-site GET with the cookie still answers.
    const list = await t.inject({ method: 'GET', url: '/api/admin/partners', headers: { ...cookie(adm.token), 'sec-fetch-site': 'cross-site' } });
    assert.equal(list.statusCode, 200);
  });

  it('same-origin, the service\'s own origin, and non-browser clients work with the cookie', async () => {
    const sameSite: Record<string, string>[] = [
      { 'sec-fetch-site': 'same-origin', origin: 'https://api.svc.example' },
      { 'sec-fetch-site': 'none' }, // typed in the address bar / a bookmark
      { origin: 'http://api.svc.example' }, // no Sec-Fetch-Site, Origin names the request's Host
      { 'sec-fetch-site': 'same-site', origin: 'https://portal.svc.example' }, // PUBLIC_BASE_URL's origin
      { origin: 'https://portal.svc.example' },
      {}, // curl, a server: neither header
    ];
    for (const headers of sameSite) {
      const r = await suspend({ ...cookie(adm.token), ...headers });
      assert.equal(r.statusCode, 200, `${JSON.stringify(headers)}: ${r.body}`);
      assert.equal(await partnerActive(), false);
      assert.equal((await activate()).statusCode, 200);
    }
  });

  it('bearer-token requests are unaffected by Origin and Sec-Fetch-Site', async () => {
    const r = await suspend({ ...bearer(adm.token), origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
    assert.equal(r.statusCode, 200, r.body);
    assert.equal(await partnerActive(), false);
    // A bearer token wins over a cookie sent alongside it.
    assert.equal((await activate()).statusCode, 200);
    const both = await suspend({ ...bearer(adm.token), ...cookie('sess_not_a_real_one'), origin: 'https://evil.example' });
    assert.equal(both.statusCode, 200);
    assert.equal((await activate()).statusCode, 200);
  });

  it('other admin writes: seed demo data and key regeneration are refused cross-site', async () => {
    const seed = await t.inject({
      method: 'POST',
      url: `/api/admin/partners/${p.id}/seed-demo`,
      headers: { ...cookie(adm.token), 'sec-fetch-site': 'cross-site' },
    });
    assert.equal(seed.statusCode, 403);
    assert.match(seed.json().detail, CROSS);
    const events = await t.inject({ method: 'GET', url: `/api/admin/partners/${p.id}/usage`, headers: bearer(adm.token) });
    assert.equal(events.statusCode, 200);
    assert.ok(events.json().daily.every((d: { events: number }) => d.events === 0), 'no demo data was seeded');
    const regen = await t.inject({
      method: 'POST',
      url: `/api/admin/partners/${p.id}/regenerate-key?environment=test`,
      headers: { ...cookie(adm.token), origin: 'https://evil.example' },
    });
    assert.equal(regen.statusCode, 403);
    assert.equal((await t.inject({ method: 'GET', url: '/api/v1/me', headers: { 'x-api-key': p.testKey } })).statusCode, 200, 'the key was not replaced');
  });

  it('partner cookie writes: paste and clear a key slot, and logout, are refused cross-site', async () => {
    const token = await t.session('partner', p.id);
    const paste = await t.inject({
      method: 'PUT',
      url: '/api/v1/keys',
      headers: { ...cookie(token), origin: 'https://evil.example' },
      payload: { key: 'svc_test_' + 'A'.repeat(40) },
    });
    assert.equal(paste.statusCode, 403);
    assert.match(paste.json().detail, CROSS);
    const clear = await t.inject({ method: 'DELETE', url: '/api/v1/keys/test', headers: { ...cookie(token), 'sec-fetch-site': 'cross-site' } });
    assert.equal(clear.statusCode, 403);
    // The test key still works: nothing was cleared or replaced.
    assert.equal((await t.inject({ method: 'GET', url: '/api/v1/me', headers: { 'x-api-key': p.testKey } })).statusCode, 200);

    const out = await t.inject({ method: 'POST', url: '/api/auth/partner/logout', headers: { ...cookie(token), 'sec-fetch-site': 'cross-site' } });
    assert.equal(out.statusCode, 403);
    assert.match(out.json().detail, CROSS);
    const me = await t.inject({ method: 'GET', url: '/api/partners/me/api-keys', headers: cookie(token) });
    assert.equal(me.statusCode, 200, 'the session survived');

    // From the service's own pages the same writes work.
    const same = { ...cookie(token), 'sec-fetch-site': 'same-origin' };
    const clearOk = await t.inject({ method: 'DELETE', url: '/api/v1/keys/test', headers: same });
    assert.equal(clearOk.statusCode, 200, clearOk.body);
    assert.equal((await t.inject({ method: 'GET', url: '/api/v1/me', headers: { 'x-api-key': p.testKey } })).statusCode, 401);
    const outOk = await t.inject({ method: 'POST', url: '/api/auth/partner/logout', headers: same });
    assert.equal(outOk.statusCode, 200);
    assert.equal((await t.inject({ method: 'GET', url: '/api/partners/me/api-keys', headers: cookie(token) })).statusCode, 401);
  });
});
