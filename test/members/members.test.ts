import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { sql, type Kysely } from 'kysely';
import { createDeps, createLogger } from '../../src/deps.js';
import { migrations } from '../../src/db/migrations/index.js';
import { buildTestApp, DIALECT, TestClock, testConfig, type TestApp } from '../helpers/app.js';
import { outbox } from '../helpers/mail.js';
import { PASSWORD, addMember, bearer, inviteToken, login, nextIp, ownerAccount } from './helpers.js';

describe('partner members and roles', () => {
  let t: TestApp;
  let adminToken: string;
  const clock = new TestClock(Date.parse('2026-05-04T09:00:00Z'));
  before(async () => {
    t = await buildTestApp({ clock });
    adminToken = (await t.admin()).token;
  });
  after(() => t.close());

  it("an account's login is its owner member: sign-in by email and password, /me names the member and the role", async () => {
    const { partner, owner } = await ownerAccount(t);
    const me = await t.inject({ method: 'GET', url: '/api/auth/partner/me', headers: bearer(owner.token) });
    assert.equal(me.json().role, 'owner');
    assert.deepEqual(me.json().member, { id: owner.id, email: partner.email, name: me.json().member.name, role: 'owner' });
    const list = await t.inject({ method: 'GET', url: '/api/partners/me/members', headers: bearer(owner.token) });
    assert.equal(list.statusCode, 200, list.body);
    assert.equal(list.json().count, 1);
    const m = list.json().items[0];
    assert.equal(m.role, 'owner');
    assert.equal(m.status, 'active');
    assert.equal(m.mfa_enabled, false);
    assert.equal(m.invited_by, null);
    assert.equal(m.last_sign_in_at, new Date(clock.now()).toISOString());
  });

  it('an invitation is mailed with a single-use link (no text the account wrote); accepting signs the member in with its role', async () => {
    const { partner, owner } = await ownerAccount(t);
    const email = 'New.Dev@example.com';
    const inv = await t.inject({ method: 'POST', url: '/api/partners/me/members', headers: bearer(owner.token), payload: { email, role: 'developer' } });
    assert.equal(inv.statusCode, 201, inv.body);
    assert.equal(inv.json().status, 'invited');
    assert.equal(inv.json().role, 'developer');
    assert.equal(inv.json().name, null);
    assert.deepEqual(inv.json().invited_by, { id: owner.id, email: partner.email });
    assert.equal(inv.json().invitation_expires_at, new Date(clock.now() + 7 * 86_400_000).toISOString());
    const mail = (await outbox(t, adminToken, 'member_invitation')).find((x) => x.to === email)!;
    assert.ok(mail);
    assert.ok(!mail.text.includes(partner.email) && !mail.text.includes('Partner '), 'nothing the account wrote');
    assert.match(mail.text, /\/portal\/accept-invite\?token=inv_/);
    const token = inviteToken(mail.text);
    // An invited member cannot sign in before accepting.
    assert.equal((await login(t, email)).statusCode, 401);

    const weak = await t.inject({ method: 'POST', url: '/api/auth/partner/accept-invite', payload: { token, password: 'short', name: 'Dev' }, remoteAddress: nextIp() });
    assert.equal(weak.statusCode, 422, weak.body);
    assert.deepEqual(weak.json().detail[0].loc, ['body', 'password']);

    const acc = await t.inject({ method: 'POST', url: '/api/auth/partner/accept-invite', payload: { token, password: PASSWORD, name: '  Dev One ' }, remoteAddress: nextIp() });
    assert.equal(acc.statusCode, 200, acc.body);
    assert.match(String(acc.headers['set-cookie']), /svc_session=sess_/);
    assert.equal(acc.headers['cache-control'], 'no-store');
    assert.equal(acc.json().member.status, 'active');
    assert.equal(acc.json().member.name, 'Dev One');
    assert.equal(acc.json().partner.id, partner.id);
    const me = await t.inject({ method: 'GET', url: '/api/auth/partner/me', headers: bearer(acc.json().token) });
    assert.deepEqual(me.json().member, { id: inv.json().id, email, name: 'Dev One', role: 'developer' });

    const again = await t.inject({ method: 'POST', url: '/api/auth/partner/accept-invite', payload: { token, password: PASSWORD, name: 'x' }, remoteAddress: nextIp() });
    assert.equal(again.statusCode, 400);
    assert.equal(again.json().code, 'invite_token_invalid');
    const signIn = await login(t, 'new.dev@EXAMPLE.com');
    assert.equal(signIn.statusCode, 200, signIn.body);
    assert.equal(signIn.json().partner.id, partner.id);
  });

  it('an invitation link expires after 7 days (410), an unknown one is 400; inviting a pending address again replaces its link', async () => {
    const { owner } = await ownerAccount(t);
    const email = `late_${Date.now()}@example.com`;
    assert.equal((await t.inject({ method: 'POST', url: '/api/partners/me/members', headers: bearer(owner.token), payload: { email, role: 'viewer' } })).statusCode, 201);
    const first = inviteToken((await outbox(t, adminToken, 'member_invitation')).find((x) => x.to === email)!.text);
    const re = await t.inject({ method: 'POST', url: '/api/partners/me/members', headers: bearer(owner.token), payload: { email, role: 'developer' } });
    assert.equal(re.statusCode, 201);
    assert.equal(re.json().role, 'developer');
    const mails = (await outbox(t, adminToken, 'member_invitation')).filter((x) => x.to === email);
    assert.equal(mails.length, 2);
    const second = inviteToken(mails[0].text);
    assert.notEqual(first, second);
    const old = await t.inject({ method: 'POST', url: '/api/auth/partner/accept-invite', payload: { token: first, password: PASSWORD, name: 'Late' }, remoteAddress: nextIp() });
    assert.equal(old.json().code, 'invite_token_invalid');
    clock.advance(7 * 86_400_000 + 1);
    try {
      const late = await t.inject({ method: 'POST', url: '/api/auth/partner/accept-invite', payload: { token: second, password: PASSWORD, name: 'Late' }, remoteAddress: nextIp() });
      assert.equal(late.statusCode, 410, late.body);
      assert.equal(late.json().code, 'invite_token_expired');
    } finally {
      clock.advance(-(7 * 86_400_000 + 1));
    }
    const unknown = await t.inject({ method: 'POST', url: '/api/auth/partner/accept-invite', payload: { token: 'inv_nothing', password: PASSWORD, name: 'X' }, remoteAddress: nextIp() });
    assert.equal(unknown.statusCode, 400);
    assert.equal(unknown.json().code, 'invite_token_invalid');
  });

  it('bad input is a 4xx with a detail: an address already a member (409), a role that cannot be invited (422), a bad email (422)', async () => {
    const { partner, owner } = await ownerAccount(t);
    const other = await ownerAccount(t);
    const dup = await t.inject({ method: 'POST', url: '/api/partners/me/members', headers: bearer(owner.token), payload: { email: other.partner.email, role: 'viewer' } });
    assert.equal(dup.statusCode, 409);
    assert.equal(dup.json().code, 'conflict');
    const self = await t.inject({ method: 'POST', url: '/api/partners/me/members', headers: bearer(owner.token), payload: { email: partner.email.toUpperCase(), role: 'viewer' } });
    assert.equal(self.statusCode, 409);
    for (const payload of [{ email: 'x@example.com', role: 'owner' }, { email: 'not-an-email', role: 'viewer' }, { email: 'x@example.com' }]) {
      const res = await t.inject({ method: 'POST', url: '/api/partners/me/members', headers: bearer(owner.token), payload });
      assert.equal(res.statusCode, 422, JSON.stringify(payload));
      assert.ok(res.json().detail);
    }
    const patch = await t.inject({ method: 'PATCH', url: '/api/partners/me/members/mem_nope', headers: bearer(owner.token), payload: { role: 'chief' } });
    assert.equal(patch.statusCode, 422);
  });

  it('a member of another account is not found (404) for every member operation', async () => {
    const a = await ownerAccount(t);
    const b = await ownerAccount(t);
    for (const [method, url, payload] of [
      ['PATCH', `/api/partners/me/members/${b.owner.id}`, { role: 'viewer' }],
      ['DELETE', `/api/partners/me/members/${b.owner.id}`, undefined],
      ['POST', `/api/partners/me/members/${b.owner.id}/sessions/revoke`, undefined],
      ['POST', '/api/partners/me/members/transfer-ownership', { member_id: b.owner.id }],
    ] as const) {
      const res = await t.inject({ method, url, headers: bearer(a.owner.token), ...(payload ? { payload } : {}) });
      assert.equal(res.statusCode, 404, `${method} ${url}: ${res.body}`);
      assert.equal(res.json().code, 'not_found');
    }
    assert.equal((await t.inject({ method: 'GET', url: '/api/auth/partner/me', headers: bearer(b.owner.token) })).statusCode, 200, 'b untouched');
  });

  it('roles: a viewer reads but never reveals a key or writes; a developer manages keys but not members; an admin manages members but not owners', async () => {
    const { owner } = await ownerAccount(t);
    const admin = await addMember(t, adminToken, owner, 'admin');
    const dev = await addMember(t, adminToken, owner, 'developer');
    const viewer = await addMember(t, adminToken, owner, 'viewer');

    const keys = await t.inject({ method: 'GET', url: '/api/partners/me/api-keys', headers: bearer(viewer.token) });
    assert.equal(keys.statusCode, 403);
    assert.equal(keys.json().code, 'role_forbidden');
    assert.match(keys.json().detail, /needs the developer role/);
    assert.equal((await t.inject({ method: 'GET', url: '/api/partners/me/api-keys', headers: bearer(dev.token) })).statusCode, 200);
    assert.equal((await t.inject({ method: 'GET', url: '/api/partners/me/usage', headers: bearer(viewer.token) })).statusCode, 200);

    const devInvite = await t.inject({ method: 'POST', url: '/api/partners/me/members', headers: bearer(dev.token), payload: { email: 'x1@example.com', role: 'viewer' } });
    assert.equal(devInvite.statusCode, 403);
    assert.match(devInvite.json().detail, /needs the admin role/);

    // An admin changes members, not owners.
    const promote = await t.inject({ method: 'PATCH', url: `/api/partners/me/members/${viewer.id}`, headers: bearer(admin.token), payload: { role: 'developer' } });
    assert.equal(promote.statusCode, 200, promote.body);
    assert.equal(promote.json().role, 'developer');
    // The new role holds on the member's next request.
    assert.equal((await t.inject({ method: 'GET', url: '/api/partners/me/api-keys', headers: bearer(viewer.token) })).statusCode, 200);
    for (const [method, url, payload] of [
      ['PATCH', `/api/partners/me/members/${owner.id}`, { role: 'viewer' }],
      ['PATCH', `/api/partners/me/members/${dev.id}`, { role: 'owner' }],
      ['DELETE', `/api/partners/me/members/${owner.id}`, undefined],
      ['POST', `/api/partners/me/members/${owner.id}/sessions/revoke`, undefined],
      ['POST', '/api/partners/me/members/transfer-ownership', { member_id: admin.id }],
    ] as const) {
      const res = await t.inject({ method, url, headers: bearer(admin.token), ...(payload ? { payload } : {}) });
      assert.equal(res.statusCode, 403, `${method} ${url}: ${res.body}`);
      assert.equal(res.json().code, 'role_forbidden');
      assert.match(res.json().detail, /needs the owner role/);
    }
  });

  it('the last owner can be neither demoted nor removed (409)', async () => {
    const { owner } = await ownerAccount(t);
    const demote = await t.inject({ method: 'PATCH', url: `/api/partners/me/members/${owner.id}`, headers: bearer(owner.token), payload: { role: 'admin' } });
    assert.equal(demote.statusCode, 409, demote.body);
    assert.equal(demote.json().code, 'conflict');
    const remove = await t.inject({ method: 'DELETE', url: `/api/partners/me/members/${owner.id}`, headers: bearer(owner.token) });
    assert.equal(remove.statusCode, 409);
  });

  it('removing a member ends every session it holds at once; ending its sessions keeps it a member', async () => {
    const { owner } = await ownerAccount(t);
    const dev = await addMember(t, adminToken, owner, 'developer');
    const second = (await login(t, dev.email)).json().token as string;
    const ended = await t.inject({ method: 'POST', url: `/api/partners/me/members/${dev.id}/sessions/revoke`, headers: bearer(owner.token) });
    assert.equal(ended.statusCode, 200, ended.body);
    assert.deepEqual(ended.json(), { member_id: dev.id, revoked: 2 });
    for (const token of [dev.token, second]) {
      assert.equal((await t.inject({ method: 'GET', url: '/api/auth/partner/me', headers: bearer(token) })).statusCode, 401);
    }
    const back = (await login(t, dev.email)).json().token as string;
    assert.equal((await t.inject({ method: 'GET', url: '/api/auth/partner/me', headers: bearer(back) })).statusCode, 200);
    const removed = await t.inject({ method: 'DELETE', url: `/api/partners/me/members/${dev.id}`, headers: bearer(owner.token) });
    assert.equal(removed.statusCode, 200, removed.body);
    assert.deepEqual(removed.json(), { removed: true, member_id: dev.id, sessions_ended: 1 });
    assert.equal((await t.inject({ method: 'GET', url: '/api/auth/partner/me', headers: bearer(back) })).statusCode, 401);
    assert.equal((await login(t, dev.email)).statusCode, 401, 'a removed member cannot sign in');
    assert.equal((await t.inject({ method: 'GET', url: '/api/partners/me/members', headers: bearer(owner.token) })).json().count, 1);
  });

  it('transfer of ownership: the member becomes the owner, the owner an admin; only an active member; only the owner', async () => {
    const { owner } = await ownerAccount(t);
    const dev = await addMember(t, adminToken, owner, 'developer');
    const byDev = await t.inject({ method: 'POST', url: '/api/partners/me/members/transfer-ownership', headers: bearer(dev.token), payload: { member_id: dev.id } });
    assert.equal(byDev.statusCode, 403);
    assert.equal(byDev.json().code, 'role_forbidden');
    const self = await t.inject({ method: 'POST', url: '/api/partners/me/members/transfer-ownership', headers: bearer(owner.token), payload: { member_id: owner.id } });
    assert.equal(self.statusCode, 409);
    const res = await t.inject({ method: 'POST', url: '/api/partners/me/members/transfer-ownership', headers: bearer(owner.token), payload: { member_id: dev.id } });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().role, 'owner');
    assert.equal((await t.inject({ method: 'GET', url: '/api/auth/partner/me', headers: bearer(owner.token) })).json().role, 'admin');
    assert.equal((await t.inject({ method: 'GET', url: '/api/auth/partner/me', headers: bearer(dev.token) })).json().role, 'owner');
  });

  it("a member's actions are audited in its name (actor_type member, its id and email), in the console's audit log", async () => {
    const { partner, owner } = await ownerAccount(t);
    const viewer = await addMember(t, adminToken, owner, 'viewer');
    await t.inject({ method: 'PATCH', url: `/api/partners/me/members/${viewer.id}`, headers: bearer(owner.token), payload: { role: 'developer' } });
    const log = await t.inject({ method: 'GET', url: `/api/admin/audit-log?actor_type=member&target_id=${viewer.id}`, headers: bearer(adminToken) });
    assert.equal(log.statusCode, 200, log.body);
    const change = log.json().items.find((e: { action: string }) => e.action === 'member.role_change');
    assert.ok(change, log.body);
    assert.equal(change.actor_type, 'member');
    assert.equal(change.actor_id, owner.id);
    assert.equal(change.details.member_email, partner.email);
    assert.equal(change.details.partner_id, partner.id);
    const accept = log.json().items.find((e: { action: string }) => e.action === 'member.accept');
    assert.equal(accept.actor_id, viewer.id);
    assert.equal(accept.details.member_email, viewer.email);
  });

  it('sessions, sign-out everywhere and the password are per member', async () => {
    const { owner } = await ownerAccount(t);
    const dev = await addMember(t, adminToken, owner, 'developer');
    const list = await t.inject({ method: 'GET', url: '/api/auth/partner/sessions', headers: bearer(dev.token) });
    assert.equal(list.json().count, 1, 'only its own session');
    const ownerList = await t.inject({ method: 'GET', url: '/api/auth/partner/sessions', headers: bearer(owner.token) });
    const ownerSessionId = ownerList.json().items[0].id;
    const cross = await t.inject({ method: 'DELETE', url: `/api/auth/partner/sessions/${ownerSessionId}`, headers: bearer(dev.token) });
    assert.equal(cross.statusCode, 404, "another member's session is not found");
    const others = await t.inject({ method: 'POST', url: '/api/auth/partner/sessions/revoke-others', headers: bearer(dev.token) });
    assert.deepEqual(others.json(), { revoked: 0 });
    assert.equal((await t.inject({ method: 'GET', url: '/api/auth/partner/me', headers: bearer(owner.token) })).statusCode, 200);

    const change = await t.inject({
      method: 'POST',
      url: '/api/auth/partner/password',
      headers: bearer(dev.token),
      payload: { current_password: PASSWORD, new_password: 'the developer passphrase 2' },
      remoteAddress: nextIp(),
    });
    assert.equal(change.statusCode, 200, change.body);
    assert.equal((await login(t, dev.email, 'the developer passphrase 2')).statusCode, 200);
    assert.equal((await login(t, owner.email)).statusCode, 200, "the owner's password is unchanged");
  });

  it('a session opened by pasting a key acts as a developer: keys yes, members no', async () => {
    const { partner } = await ownerAccount(t);
    const key = await t.inject({ method: 'POST', url: '/api/auth/partner/key-login', payload: { key: partner.testKey }, remoteAddress: nextIp() });
    assert.equal(key.statusCode, 200, key.body);
    const token = key.json().token;
    const me = await t.inject({ method: 'GET', url: '/api/auth/partner/me', headers: bearer(token) });
    assert.equal(me.json().member, null);
    assert.equal(me.json().role, 'developer');
    assert.equal((await t.inject({ method: 'GET', url: '/api/partners/me/api-keys?environment=test', headers: bearer(token) })).statusCode, 200);
    const inv = await t.inject({ method: 'POST', url: '/api/partners/me/members', headers: bearer(token), payload: { email: 'k@example.com', role: 'viewer' } });
    assert.equal(inv.statusCode, 403);
    assert.equal(inv.json().code, 'role_forbidden');
  });

  it('a cookie-signed member write from another site is refused; no session is 401', async () => {
    const { owner } = await ownerAccount(t);
    const res = await t.inject({
      method: 'POST',
      url: '/api/partners/me/members',
      headers: { cookie: `svc_session=${owner.token}`, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      payload: { email: 'csrf@example.com', role: 'admin' },
    });
    assert.equal(res.statusCode, 403);
    assert.equal(res.json().code, 'csrf_rejected');
    assert.equal((await t.inject({ method: 'GET', url: '/api/partners/me/members' })).statusCode, 401);
  });
});

describe('migration 0028 (partner members)', () => {
  it("an existing account's login becomes its owner member, looking for the factor tables in its own schema only", async () => {
    const { config, cleanup } = await testConfig();
    const deps = createDeps(config, { log: createLogger(config), poolSize: 1 });
    // PostgreSQL: another schema of the same database holds factor tables (another deployment, or a test's).
    const sibling = `t_sibling_${Date.now().toString(36)}`;
    try {
      const db = deps.database.db;
      if (DIALECT === 'postgres') {
        await sql.raw(`create schema ${sibling}`).execute(db);
        await sql.raw(`create table ${sibling}.mfa_factors (subject_type text, subject_id text)`).execute(db);
      }
      for (const [name, m] of Object.entries(migrations)) if (name < '0028') await m.up(db as unknown as Kysely<unknown>);
      // The partner as the previous version stored it.
      await sql`insert into partners (id, name, email, email_lower, company, created_at, ingest_secret_hash, ingest_secret_enc, password_hash)
          values ('ptr_mig', 'Mig Co', 'Mig@example.com', 'mig@example.com', 'Mig Co', 5, 'x', 'x', 'hash')`.execute(db);
      await migrations['0028_partner_members'].up(db as unknown as Kysely<unknown>);
      const members = await sql<{ partner_id: string; email: string; role: string; status: string; password_hash: string }>`
          select partner_id, email, role, status, password_hash from partner_members`.execute(db);
      assert.deepEqual(members.rows, [{ partner_id: 'ptr_mig', email: 'Mig@example.com', role: 'owner', status: 'active', password_hash: 'hash' }]);
    } finally {
      if (DIALECT === 'postgres') await sql.raw(`drop schema if exists ${sibling} cascade`).execute(deps.database.db).catch(() => {});
      await deps.close();
      await cleanup();
    }
  });
});
