/**
 * The permission table against the registered routes and the documentation: every route of the portal's session scope
 * has a row, and for every role and every route the answer is 403 `role_forbidden` exactly when the role is below the
 * row's (the check runs before the body is read, so a request with no body is enough to see it).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { PERMISSIONS, ROLES, roleAtLeast } from '../../src/areas/members/permissions.js';
import { requireRoleRules } from '../../src/routes/portal/roles.js';
import type { MemberRole } from '../../src/db/schema/index.js';
import { addMember, bearer, ownerAccount, type Signed } from './helpers.js';

const SAMPLE: Record<string, string> = { environment: 'test', member_id: 'mem_none', session_id: 'ses_none', delivery_id: 'dlv_none' };
const concrete = (path: string) => path.replace(/:([a-z_]+)/g, (_, name: string) => SAMPLE[name] ?? 'x');

describe('the permission table', () => {
  let t: TestApp;
  const members = {} as Record<MemberRole, Signed>;
  before(async () => {
    t = await buildTestApp();
    const admin = (await t.admin()).token;
    const { owner } = await ownerAccount(t);
    members.owner = owner;
    for (const role of ['admin', 'developer', 'viewer'] as const) members[role] = await addMember(t, admin, owner, role);
  });
  after(() => t.close());

  it('names every session operation of the portal in the API document, and nothing else', async () => {
    const doc = (await t.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, { security?: Record<string, string[]>[] }>> };
    const session = new Set<string>();
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        // Sign-out reads the session it ends without the portal's guard (the public scope): no role needed.
        if (path === '/api/auth/partner/logout') continue;
        if (op.security?.some((s) => Object.hasOwn(s, 'partnerSession') || Object.hasOwn(s, 'partnerSessionCookie'))) {
          session.add(`${method.toUpperCase()} ${path.replace(/\{([a-z_]+)\}/g, ':$1')}`);
        }
      }
    }
    assert.ok(session.size > 20, `found ${session.size} session operations`);
    const table = Object.keys(PERMISSIONS).filter((k) => !k.split(' ')[1].startsWith('/v1/'));
    assert.deepEqual([...session].sort(), table.sort(), 'every session operation has a row, every row an operation');
  });

  it('refuses to start with a portal route the table does not name', async () => {
    const app = Fastify();
    await assert.rejects(
      async () => {
        await app.register(async (scope) => {
          requireRoleRules(scope);
          scope.get('/api/partners/me/unlisted', async () => ({}));
        });
        await app.ready();
      },
      /GET \/api\/partners\/me\/unlisted: every portal route needs its least role/,
    );
    await app.close();
  });

  it('is shown as it is in docs/accounts.md', () => {
    const doc = readFileSync(new URL('../../docs/accounts.md', import.meta.url), 'utf8');
    const rows = [...doc.matchAll(/^\| `([A-Z]+ \/[^`]+)` \| (viewer|developer|admin|owner) \|/gm)].map((m) => [m[1], m[2]]);
    assert.deepEqual(Object.fromEntries(rows), PERMISSIONS);
  });

  for (const [key, needed] of Object.entries(PERMISSIONS)) {
    it(`${key}: 403 role_forbidden below ${needed}, never at or above`, async () => {
      const [method, path] = key.split(' ');
      for (const role of ROLES) {
        const res = await t.inject({ method: method as 'GET', url: concrete(path), headers: { ...bearer(members[role].token), 'x-forwarded-for': `10.99.${ROLES.indexOf(role)}.1` } });
        if (roleAtLeast(role, needed)) {
          assert.ok(res.statusCode !== 403 || res.json().code !== 'role_forbidden', `${role} on ${key}: ${res.body}`);
          assert.notEqual(res.statusCode, 401, `${role} on ${key}: ${res.body}`);
        } else {
          assert.equal(res.statusCode, 403, `${role} on ${key}: ${res.body}`);
          assert.equal(res.json().code, 'role_forbidden');
          assert.equal(res.json().detail, `This operation needs the ${needed} role; you are signed in as ${role === 'admin' ? 'an' : 'a'} ${role}`);
        }
      }
    });
  }
});
