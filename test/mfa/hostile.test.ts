/**
 * Hostile input on the passkey routes (registration, the account's list, renaming and removal, both sign-ins, for
 * members and administrators) and on the owner's second-factor rule: no body, an empty object, JSON nested
 * 10,000 deep, a NUL byte in every string, wrong types, a 100,000-item array inside a passkey answer, and the
 * wrong account's or role's session. Each is a 4xx JSON body with a `detail`, never a 5xx.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';
import { bearer, login, nextIp, ownerAccount, suiteApp } from '../members/helpers.js';
import { SoftAuthenticator } from '../passkeys/authenticator.js';

const ORIGIN = 'http://localhost:8000';

/** Every string of a JSON value with a NUL byte in its middle. */
function withNul(v: unknown): unknown {
  if (typeof v === 'string') return `${v.slice(0, 1)}\u0000${v.slice(1)}`;
  if (Array.isArray(v)) return v.map(withNul);
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, withNul(x)]));
  return v;
}

describe('hostile input on the passkey routes and the second-factor rule', () => {
  const s = suiteApp();

  function refused(r: LightMyRequestResponse, what: string): void {
    assert.ok(r.statusCode >= 400 && r.statusCode < 500, `${what}: ${r.statusCode} ${r.body.slice(0, 300)}`);
    assert.match(String(r.headers['content-type']), /^application\/(problem\+)?json/, `${what}: ${r.headers['content-type']}`);
    assert.ok(r.json().detail !== undefined, `${what}: ${r.body.slice(0, 300)}`);
  }

  async function registered(role: 'partner' | 'admin', token: string) {
    const auth = new SoftAuthenticator(ORIGIN);
    const opts = await s.t.inject({ method: 'POST', url: `/api/auth/${role}/mfa/passkeys/options`, headers: bearer(token) });
    assert.equal(opts.statusCode, 200, opts.body);
    const created = auth.create(opts.json());
    const res = await s.t.inject({ method: 'POST', url: `/api/auth/${role}/mfa/passkeys`, headers: bearer(token), payload: { response: created, name: 'key' } });
    assert.equal(res.statusCode, 201, res.body);
    return { auth, created, id: res.json().id as string };
  }

  it('no body, {}, deep nesting, NUL bytes, wrong types and a huge array are a 4xx JSON body on every route', async () => {
    const { owner } = await ownerAccount(s.t);
    const mine = await registered('partner', owner.token);
    const adminPk = await registered('admin', s.adminToken);
    const o = await s.t.inject({ method: 'POST', url: '/api/auth/partner/login/passkey/options', remoteAddress: nextIp() });
    const answer = mine.auth.get(o.json());
    const first = await login(s.t, owner.email);
    assert.equal(first.statusCode, 401, first.body);
    const mfaToken = first.json().mfa_token as string;

    const huge = Array.from({ length: 100_000 }, () => 0);
    const deep = '['.repeat(10_000) + ']'.repeat(10_000);
    for (const role of ['partner', 'admin'] as const) {
      const token = role === 'partner' ? owner.token : s.adminToken;
      const id = role === 'partner' ? mine.id : adminPk.id;
      const routes: { method: 'POST' | 'PATCH' | 'DELETE'; url: string; auth: boolean; valid: Record<string, unknown> }[] = [
        { method: 'POST', url: `/api/auth/${role}/mfa/passkeys`, auth: true, valid: { response: mine.created, name: 'a key' } },
        { method: 'PATCH', url: `/api/auth/${role}/mfa/passkeys/${id}`, auth: true, valid: { name: 'a new name' } },
        { method: 'DELETE', url: `/api/auth/${role}/mfa/passkeys/${id}`, auth: true, valid: { password: 'not the password at all' } },
        { method: 'POST', url: `/api/auth/${role}/login/passkey`, auth: false, valid: { response: answer } },
        { method: 'POST', url: `/api/auth/${role}/login/mfa/passkey/options`, auth: false, valid: { mfa_token: mfaToken } },
        { method: 'POST', url: `/api/auth/${role}/login/mfa/passkey`, auth: false, valid: { mfa_token: mfaToken, response: answer } },
      ];
      if (role === 'partner') routes.push({ method: 'PATCH', url: '/api/partners/me/security', auth: true, valid: { require_mfa: true } });
      for (const route of routes) {
        const headers = route.auth ? bearer(token) : {};
        const send = (payload?: string | object, type = 'application/json') =>
          s.t.inject({
            method: route.method,
            url: route.url,
            headers: payload === undefined ? headers : { ...headers, 'content-type': type },
            ...(payload === undefined ? {} : { payload }),
            remoteAddress: nextIp(),
          });
        const what = `${route.method} ${route.url}`;
        refused(await send(), `${what} no body`);
        refused(await send({}), `${what} {}`);
        refused(await send(deep), `${what} 10,000 deep`);
        // (A body of no strings, as the rule's, has none to carry one.)
        const nul = withNul(route.valid) as object;
        if (JSON.stringify(nul) !== JSON.stringify(route.valid)) refused(await send(nul), `${what} NUL`);
        refused(await send('[]'), `${what} an array`);
        refused(await send('"text"'), `${what} a string`);
        refused(await send('{"a":'), `${what} broken JSON`);
        refused(await send('name=x', 'application/x-www-form-urlencoded'), `${what} a form`);
        for (const key of Object.keys(route.valid)) {
          for (const wrong of [null, 1, true, [], {}, 'x'.repeat(100_000)]) {
            if (JSON.stringify(wrong) === JSON.stringify(route.valid[key])) continue;
            refused(await send({ ...route.valid, [key]: wrong }), `${what} ${key}=${JSON.stringify(wrong).slice(0, 20)}`);
          }
        }
        if ('response' in route.valid) {
          const r = route.valid.response as { response: Record<string, unknown> };
          refused(await send({ ...route.valid, response: { ...r, response: { ...r.response, transports: huge } } }), `${what} a 100,000-item array`);
          refused(await send({ ...route.valid, response: { ...r, response: { ...r.response, clientDataJSON: huge } } }), `${what} a 100,000-item array for a string`);
          refused(await send({ ...route.valid, response: huge }), `${what} a 100,000-item array for the answer`);
        }
      }
    }
    // The passkeys survived all of it.
    const list = await s.t.inject({ method: 'GET', url: '/api/auth/partner/mfa/passkeys', headers: bearer(owner.token) });
    assert.equal(list.json().count, 1, list.body);
  });

  it("another account's session, the administrator's on a member's route and a member's on the administrator's are refused", async () => {
    const a = await ownerAccount(s.t);
    const b = await ownerAccount(s.t);
    const aKey = await registered('partner', a.owner.token);
    const adminKey = await registered('admin', s.adminToken);

    for (const [token, id, expect] of [
      [b.owner.token, aKey.id, 404],
      [s.adminToken, aKey.id, 403],
    ] as const) {
      const rename = await s.t.inject({ method: 'PATCH', url: `/api/auth/partner/mfa/passkeys/${id}`, headers: bearer(token), payload: { name: 'taken' } });
      assert.equal(rename.statusCode, expect, rename.body);
      refused(rename, 'rename');
      const remove = await s.t.inject({ method: 'DELETE', url: `/api/auth/partner/mfa/passkeys/${id}`, headers: bearer(token), payload: { password: 'a long enough passphrase 1' }, remoteAddress: nextIp() });
      assert.equal(remove.statusCode, expect, remove.body);
      refused(remove, 'remove');
    }
    for (const [method, url] of [
      ['GET', '/api/auth/partner/mfa/passkeys'],
      ['POST', '/api/auth/partner/mfa/passkeys/options'],
      ['GET', '/api/partners/me/security'],
    ] as const) {
      const r = await s.t.inject({ method, url, headers: bearer(s.adminToken) });
      assert.equal(r.statusCode, 403, `${url}: ${r.body}`);
      refused(r, url);
    }
    const sec = await s.t.inject({ method: 'PATCH', url: '/api/partners/me/security', headers: bearer(s.adminToken), payload: { require_mfa: true } });
    assert.equal(sec.statusCode, 403, sec.body);
    for (const [method, url, payload] of [
      ['GET', '/api/auth/admin/mfa/passkeys', undefined],
      ['POST', '/api/auth/admin/mfa/passkeys/options', undefined],
      ['PATCH', `/api/auth/admin/mfa/passkeys/${adminKey.id}`, { name: 'taken' }],
      ['DELETE', `/api/auth/admin/mfa/passkeys/${adminKey.id}`, { password: 'a long enough passphrase 1' }],
    ] as const) {
      const r = await s.t.inject({ method, url, headers: bearer(a.owner.token), ...(payload ? { payload } : {}), remoteAddress: nextIp() });
      assert.equal(r.statusCode, 403, `${url}: ${r.body}`);
      refused(r, url);
    }
    // Nothing changed hands: each still holds its own passkey under its own name.
    const aList = await s.t.inject({ method: 'GET', url: '/api/auth/partner/mfa/passkeys', headers: bearer(a.owner.token) });
    assert.deepEqual(aList.json().items.map((p: { id: string; name: string }) => [p.id, p.name]), [[aKey.id, 'key']]);
    const adminList = await s.t.inject({ method: 'GET', url: '/api/auth/admin/mfa/passkeys', headers: bearer(s.adminToken) });
    assert.ok(adminList.json().items.some((p: { id: string; name: string }) => p.id === adminKey.id && p.name === 'key'), adminList.body);
  });
});
