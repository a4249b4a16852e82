import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

interface Entry {
  id: string;
  actor_type: string;
  actor_id: string | null;
  action: string;
  target_id: string | null;
  details: Record<string, unknown>;
}

describe('GET /api/admin/audit-log filters: actor, action, target', () => {
  let t: TestApp;
  let a1: { id: string; token: string };
  let a2: { id: string; token: string };
  let p: TestPartner;
  let q: TestPartner;
  before(async () => {
    t = await buildTestApp();
    a1 = await t.admin();
    a2 = await t.admin();
    p = await t.partner();
    q = await t.partner();
    const act = async (who: { token: string }, partner: string, what: 'suspend' | 'activate') => {
      const r = await t.inject({ method: 'POST', url: `/api/admin/partners/${partner}/${what}`, headers: bearer(who.token) });
      assert.equal(r.statusCode, 200, r.body);
    };
    await act(a1, p.id, 'suspend');
    await act(a2, q.id, 'suspend');
    await act(a2, q.id, 'activate');
    await act(a1, p.id, 'activate');
    // An action of the partner's own: a key rotation from its session (its owner member's, since accounts have members).
    const session = await t.session('partner', p.id);
    const r = await t.inject({ method: 'POST', url: '/api/partners/me/api-keys/test/rotate', headers: bearer(session) });
    assert.equal(r.statusCode, 200, r.body);
  });
  after(() => t.close());

  const list = async (query: string, token = a1.token) => {
    const r = await t.inject({ method: 'GET', url: `/api/admin/audit-log?${query}`, headers: bearer(token) });
    assert.equal(r.statusCode, 200, r.body);
    return r.json() as { items: Entry[]; next_cursor: string | null; count: number };
  };
  const summary = (items: Entry[]) => items.map((e) => `${e.actor_id === a1.id ? 'a1' : e.actor_id === a2.id ? 'a2' : e.actor_type} ${e.action} ${e.target_id === p.id ? 'p' : e.target_id === q.id ? 'q' : e.target_id}`);

  it('actor_id: only that administrator’s actions, newest first', async () => {
    assert.deepEqual(summary((await list(`actor_id=${a2.id}`)).items), ['a2 partner.activate q', 'a2 partner.suspend q']);
    assert.deepEqual(summary((await list(`actor_id=${a1.id}`)).items), ['a1 partner.activate p', 'a1 partner.suspend p']);
  });

  it('actor_type: administrators’ actions or the partner member’s own', async () => {
    const admins = (await list('actor_type=admin')).items;
    assert.ok(admins.length >= 4);
    assert.ok(admins.every((e) => e.actor_type === 'admin'));
    assert.deepEqual(summary((await list('actor_type=member')).items), ['member key.rotate p']);
    const byMember = (await list('actor_type=member')).items[0];
    assert.match(byMember.actor_id!, /^mem_/);
    assert.equal(byMember.details.partner_id, p.id);
    assert.equal(byMember.details.member_email, p.email);
    assert.deepEqual((await list('actor_type=partner')).items, []);
    assert.deepEqual((await list('actor_type=server')).items, []);
  });

  it('filters combine with each other and with action and target', async () => {
    assert.deepEqual(summary((await list(`actor_type=admin&actor_id=${a1.id}&action=partner.suspend`)).items), ['a1 partner.suspend p']);
    assert.deepEqual(summary((await list(`target_id=${p.id}`)).items), ['member key.rotate p', 'a1 partner.activate p', 'a1 partner.suspend p']);
    assert.deepEqual(summary((await list(`target_id=${p.id}&actor_type=admin`)).items), ['a1 partner.activate p', 'a1 partner.suspend p']);
    const none = await list(`actor_id=${a2.id}&target_id=${p.id}`);
    assert.deepEqual(none, { items: [], next_cursor: null, count: 0 });
    // An actor type that does not match the id's: nothing, not an error.
    assert.deepEqual((await list(`actor_type=member&actor_id=${a1.id}`)).items, []);
  });

  it('action: exact, or a prefix ending in a dot (partner. finds every partner action); % and _ are plain characters', async () => {
    // Actions whose names hold an underscore and a second dot.
    assert.equal((await t.inject({ method: 'GET', url: '/api/admin/ingest-secret', headers: bearer(a1.token) })).statusCode, 200);
    assert.equal((await t.inject({ method: 'POST', url: `/api/admin/partners/${q.id}/regenerate-key?environment=test`, headers: bearer(a1.token) })).statusCode, 200);
    const all = (await list('limit=500')).items;
    const actions = (items: Entry[]) => items.map((e) => e.action);
    const partnerActions = actions(all).filter((a) => a.startsWith('partner.'));
    assert.ok(partnerActions.includes('partner.suspend') && partnerActions.includes('partner.activate'), partnerActions.join());
    assert.ok(actions(all).some((a) => !a.startsWith('partner.')), 'other actions exist');
    assert.deepEqual(actions((await list('action=partner.&limit=500')).items), partnerActions);
    assert.deepEqual(actions((await list('action=PARTNER.&limit=500')).items), partnerActions, 'compared in lower case');
    assert.deepEqual(actions((await list('action=Partner.Suspend')).items), ['partner.suspend', 'partner.suspend']);
    assert.deepEqual(actions((await list('action=admin.key.')).items), ['admin.key.regenerate']);
    assert.deepEqual(actions((await list('action=ingest_secret.')).items), ['ingest_secret.read']);
    // Without the dot the name is exact: no action is called "partner" or "partner.s".
    assert.deepEqual((await list('action=partner')).items, []);
    assert.deepEqual((await list('action=partner.s')).items, []);
    // LIKE's wildcards are escaped: each of these would match rows if they were wildcards.
    for (const v of ['%.', '%%.', '_artner.', '_______.', 'ingest%secret.', '_ngest_secret.', '\\.', '\\%.']) {
      assert.deepEqual((await list(`action=${encodeURIComponent(v)}`)).items, [], v);
    }
    // The prefix pages like any filter, and combines with the others.
    const first = await list('action=partner.&limit=1');
    assert.equal(first.items.length, 1);
    const rest = await list(`action=partner.&limit=500&cursor=${first.next_cursor}`);
    assert.deepEqual(actions([...first.items, ...rest.items]), partnerActions);
    assert.deepEqual(summary((await list(`action=partner.&actor_id=${a2.id}`)).items), ['a2 partner.activate q', 'a2 partner.suspend q']);
  });

  it('the cursor pages within the filters', async () => {
    const first = await list(`actor_id=${a2.id}&limit=1`);
    assert.deepEqual(summary(first.items), ['a2 partner.activate q']);
    assert.ok(first.next_cursor);
    const second = await list(`actor_id=${a2.id}&limit=1&cursor=${first.next_cursor}`);
    assert.deepEqual(summary(second.items), ['a2 partner.suspend q']);
    assert.equal(second.next_cursor, null, 'the other administrator’s rows do not make a next page');
  });

  it('a bad filter is a 422 naming it; no credentials 401; a partner’s session 403', async () => {
    for (const [query, field] of [
      ['actor_type=robot', 'actor_type'],
      ['actor_type=', 'actor_type'],
      ['actor_id=', 'actor_id'],
      [`actor_id=${'x'.repeat(121)}`, 'actor_id'],
    ] as const) {
      const r = await t.inject({ method: 'GET', url: `/api/admin/audit-log?${query}`, headers: bearer(a1.token) });
      assert.equal(r.statusCode, 422, query);
      assert.deepEqual(r.json().detail[0].loc, ['query', field], query);
    }
    assert.equal((await t.inject({ method: 'GET', url: `/api/admin/audit-log?actor_id=${a1.id}` })).statusCode, 401);
    const partnerSession = await t.session('partner', q.id);
    assert.equal((await t.inject({ method: 'GET', url: `/api/admin/audit-log?actor_id=${a1.id}`, headers: bearer(partnerSession) })).statusCode, 403);
  });
});
