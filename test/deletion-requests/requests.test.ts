import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Kysely } from 'kysely';
import * as m0012 from '../../src/db/migrations/0012_end_user_email_key.js';
import { buildTestApp, keyHeaders, TestClock, type TestApp } from '../helpers/app.js';
import { assert422, assertAdminOnly, bearer } from '../helpers/checks.js';
import { CONTACT, fromNewAddress, mails } from '../helpers/public-forms.js';

const OPERATOR = 'ops@svc.example';

describe('POST /api/auth/request-deletion', () => {
  let t: TestApp;
  before(async () => {
    t = await buildTestApp({ env: { OPERATOR_EMAIL: OPERATOR } });
  });
  after(() => t.close());
  const post = (payload: unknown) => t.inject(fromNewAddress({ method: 'POST', url: '/api/auth/request-deletion', payload: payload as object }));

  it('records a pending request, notifies the operator and is idempotent on email while open', async () => {
    const res = await post({ email: 'Jane@Example.com', name: 'Jane', reason: 'Closing my account', last_4_phone: '1234' });
    assert.equal(res.statusCode, 200, res.body);
    const b = res.json();
    assert.deepEqual(Object.keys(b).sort(), ['message', 'next_steps', 'received', 'request_id']);
    assert.equal(b.received, true);
    assert.match(b.request_id, /^del_/);
    assert.ok(b.next_steps.length >= 2 && b.next_steps.every((s: unknown) => typeof s === 'string'));
    const again = await post({ email: '  jane@example.COM ' });
    assert.equal(again.statusCode, 200);
    // A repeat answers as a first request does, with an id of its own: nothing tells a third party that this person
    // already asked, nor when (the first request's id is never handed out again).
    const { request_id: repeatId, ...rest } = again.json();
    const { request_id: _firstId, ...firstRest } = b;
    assert.deepEqual(rest, firstRest);
    assert.match(repeatId, /^del_[0-9a-z]{26}$/);
    assert.notEqual(repeatId, b.request_id);
    const rows = await t.deps.database.db.selectFrom('deletion_requests').selectAll().execute();
    assert.equal(rows.length, 1);
    assert.equal(rows[0].status, 'pending');
    assert.equal(rows[0].last_4_phone, '1234');
    // The operator's mail goes out after the answer.
    await t.deps.background.idle();
    const sent = await mails(t, 'deletion_request');
    assert.equal(sent.length, 1, 'the repeat is not notified again');
    assert.equal(sent[0].to_address, OPERATOR);
    const audit = await t.deps.database.db.selectFrom('audit_log').selectAll().where('target_id', '=', b.request_id).execute();
    assert.deepEqual(audit.map((a) => a.action), ['deletion_request.received']);
  });

  it('concurrent requests for one email make one request; each answer has an id of its own that names it', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => post({ email: 'race@example.com' })));
    assert.ok(answers.every((a) => a.statusCode === 200));
    const ids = answers.map((a) => a.json().request_id as string);
    assert.equal(new Set(ids).size, 6);
    const rows = await t.deps.database.db.selectFrom('deletion_requests').selectAll().where('email_lower', '=', 'race@example.com').execute();
    assert.equal(rows.length, 1);
    const receipts = await t.deps.database.db.selectFrom('deletion_request_receipts').selectAll().where('id', 'in', ids).execute();
    assert.deepEqual([...new Set(receipts.map((r) => r.request_id))], [rows[0].id]);
    assert.equal(receipts.length, 6);
  });

  it('answers 422 for every bound', async () => {
    const cases: [Record<string, unknown>, (string | number)[], string][] = [
      [{}, ['body', 'email'], 'missing'],
      [{ email: 'a@' }, ['body', 'email'], 'string_too_short'],
      [{ email: `${'a'.repeat(310)}@example.com` }, ['body', 'email'], 'string_too_long'],
      [{ email: 'no-at-sign' }, ['body', 'email'], 'value_error'],
      [{ email: 'a@b.example', name: 'n'.repeat(121) }, ['body', 'name'], 'string_too_long'],
      [{ email: 'a@b.example', reason: 'r'.repeat(1001) }, ['body', 'reason'], 'string_too_long'],
      [{ email: 'a@b.example', last_4_phone: '12345' }, ['body', 'last_4_phone'], 'string_too_long'],
      [{ email: 'a@b.example', last_4_phone: '12a4' }, ['body', 'last_4_phone'], 'string_pattern_mismatch'],
      [{ email: 'a@b.example', last_4_phone: 1234 }, ['body', 'last_4_phone'], 'string_type'],
    ];
    for (const [payload, loc, type] of cases) assert422(await post(payload), loc, type);
    assert.equal((await post({ email: 'ok@b.example', name: 'n'.repeat(120), reason: 'r'.repeat(1000), last_4_phone: '' })).statusCode, 200);
    assert.equal((await post({ email: 'ok2@b.example', last_4_phone: null, name: null, reason: null })).statusCode, 200);
  });

  it('is rate limited per client address', async () => {
    const remoteAddress = '192.0.2.99';
    const codes = [];
    for (let i = 0; i < 31; i++) codes.push((await t.inject({ method: 'POST', url: '/api/auth/request-deletion', remoteAddress, payload: { email: `r${i}@example.com` } })).statusCode);
    assert.equal(codes[29], 200);
    assert.equal(codes[30], 429);
  });
});

describe('admin deletion requests', () => {
  let t: TestApp;
  let admin: { id: string; token: string };
  const clock = new TestClock(Date.parse('2026-11-21T09:00:00Z'));
  before(async () => {
    t = await buildTestApp({ clock });
    admin = await t.admin();
  });
  after(() => t.close());
  beforeEach(() => clock.advance(1000));

  const request = async (email: string) => {
    const res = await t.inject(fromNewAddress({ method: 'POST', url: '/api/auth/request-deletion', payload: { email } }));
    assert.equal(res.statusCode, 200);
    return res.json().request_id as string;
  };
  const patch = (id: string, payload: unknown) =>
    t.inject({ method: 'PATCH', url: `/api/admin/deletion-requests/${id}`, headers: bearer(admin.token), payload: payload as object });

  it('lists newest first, filters by status and limits', async () => {
    const a = await request('list-a@example.com');
    clock.advance(1000);
    const b = await request('list-b@example.com');
    const res = await t.inject({ method: 'GET', url: '/api/admin/deletion-requests', headers: bearer(admin.token) });
    assert.equal(res.statusCode, 200);
    const ids = res.json().items.map((i: { id: string }) => i.id);
    assert.ok(ids.indexOf(b) < ids.indexOf(a));
    const item = res.json().items.find((i: { id: string }) => i.id === a);
    assert.deepEqual(Object.keys(item).sort(), ['completed_at', 'created_at', 'email', 'erased', 'id', 'last_4_phone', 'name', 'notes', 'reason', 'receipt_ids', 'status', 'updated_at']);
    assert.deepEqual(item.receipt_ids, []);
    assert.equal((await patch(a, { status: 'in_progress', notes: 'Verifying by email' })).statusCode, 200);
    const inProgress = await t.inject({ method: 'GET', url: '/api/admin/deletion-requests?status_filter=in_progress', headers: bearer(admin.token) });
    assert.deepEqual(inProgress.json().items.map((i: { id: string }) => i.id), [a]);
    assert.equal(inProgress.json().items[0].notes, 'Verifying by email');
    const one = await t.inject({ method: 'GET', url: '/api/admin/deletion-requests?limit=1', headers: bearer(admin.token) });
    assert.equal(one.json().count, 1);
    assert422(await t.inject({ method: 'GET', url: '/api/admin/deletion-requests?limit=0', headers: bearer(admin.token) }), ['query', 'limit']);
    assert422(await t.inject({ method: 'GET', url: '/api/admin/deletion-requests?status_filter=done', headers: bearer(admin.token) }), ['query', 'status_filter']);
  });

  it("a repeat's id tells its sender nothing of the first request (not its id, not its time), and names the same request for the administrator", async () => {
    const first = await request('asked-before@example.com');
    clock.advance(3 * 3_600_000);
    const stranger = await request('Asked-Before@example.com');
    // A new id, made at the repeat (ids sort by the time they were made): not the first request's, nor of its time.
    assert.notEqual(stranger, first);
    assert.ok(stranger > first, `${stranger} was made after ${first}`);
    const list = await t.inject({ method: 'GET', url: '/api/admin/deletion-requests', headers: bearer(admin.token) });
    const item = list.json().items.find((i: { id: string }) => i.id === first);
    assert.deepEqual(item.receipt_ids, [stranger]);
    assert.equal(list.json().items.filter((i: { email: string }) => i.email.toLowerCase() === 'asked-before@example.com').length, 1);
    // The administrator can act on the request by either id.
    const byRepeat = await patch(stranger, { status: 'cancelled', notes: 'Not verified' });
    assert.equal(byRepeat.statusCode, 200, byRepeat.body);
    assert.equal(byRepeat.json().id, first);
    assert.equal(byRepeat.json().status, 'cancelled');
    const del = await t.inject({ method: 'DELETE', url: `/api/admin/deletion-requests/${stranger}`, headers: bearer(admin.token) });
    assert.deepEqual(del.json(), { deleted: true, id: first });
    assert.equal(await t.deps.database.db.selectFrom('deletion_request_receipts').select('id').where('request_id', '=', first).executeTakeFirst(), undefined, 'its ids go with it');
  });

  it('completing a request erases the partner account and the end-user rows with that email, and audits it', async () => {
    const person = await t.partner({ email: 'Erase.Me@Example.com' });
    const other = await t.partner();
    const personSession = await t.session('partner', person.id);
    // The person is also an end user of another partner, in both environments, under two ids.
    for (const [env, user] of [
      ['test', 'u_erase_1'],
      ['live', 'u_erase_2'],
      ['test', 'u_keep'],
    ] as const) {
      const res = await t.inject({
        method: 'POST',
        url: '/api/v1/ingest',
        headers: keyHeaders(other, { env, secret: true }),
        payload: { end_user_id: user, user_email: user === 'u_keep' ? 'keep@example.com' : 'erase.me@EXAMPLE.com', cash_balance: 100 },
      });
      assert.equal(res.statusCode, 201, res.body);
    }
    // The person's own data as a partner.
    assert.equal(
      (await t.inject({ method: 'POST', url: '/api/v1/ingest', headers: keyHeaders(person, { secret: true }), payload: { end_user_id: 'mine', cash_balance: 5 } })).statusCode,
      201,
    );
    await t.inject(fromNewAddress({ method: 'POST', url: '/api/contact', payload: { ...CONTACT, email: 'erase.me@example.com' } }));
    // The key works before (and is cached).
    assert.equal((await t.inject({ method: 'GET', url: '/api/v1/me', headers: keyHeaders(person) })).statusCode, 200);

    const id = await request('erase.me@example.com');
    const res = await patch(id, { status: 'completed', notes: 'Verified by reply from the address.' });
    assert.equal(res.statusCode, 200, res.body);
    const b = res.json();
    assert.equal(b.status, 'completed');
    assert.equal(b.completed_at, new Date(clock.now()).toISOString());
    assert.equal(b.erased.partners, 1);
    assert.equal(b.erased.end_users, 2);
    assert.equal(b.erased.rows.partners, 1);
    assert.ok(b.erased.rows.calculations >= 2);
    assert.equal(b.erased.rows.contact_leads, 1);

    const db = t.deps.database.db;
    assert.equal((await db.selectFrom('partners').select('id').where('id', '=', person.id).execute()).length, 0);
    assert.equal((await db.selectFrom('api_keys').select('id').where('partner_id', '=', person.id).execute()).length, 0);
    assert.equal((await db.selectFrom('calculations').select('end_user_id').where('partner_id', '=', person.id).execute()).length, 0);
    assert.equal((await db.selectFrom('sessions').select('id').where('subject_id', '=', person.id).execute()).length, 0);
    const left = await db.selectFrom('calculations').select(['end_user_id']).where('partner_id', '=', other.id).execute();
    assert.deepEqual(left.map((r) => r.end_user_id), ['u_keep']);
    assert.equal((await db.selectFrom('contact_leads').select('id').where('email_lower', '=', 'erase.me@example.com').execute()).length, 0);
    // The erased partner's key and session stop working at once.
    assert.equal((await t.inject({ method: 'GET', url: '/api/v1/me', headers: keyHeaders(person) })).statusCode, 401);
    assert.equal((await t.inject({ method: 'GET', url: '/api/v1/usage', headers: bearer(personSession) })).statusCode, 401);
    // The other partner is untouched.
    assert.equal((await t.inject({ method: 'GET', url: '/api/v1/me', headers: keyHeaders(other) })).statusCode, 200);

    const audit = await db.selectFrom('audit_log').selectAll().where('target_id', '=', id).where('action', '=', 'deletion_request.completed').execute();
    assert.equal(audit.length, 1);
    assert.equal(audit[0].actor_id, admin.id);
    const details = JSON.parse(audit[0].details);
    assert.deepEqual(details.partners_deleted, [person.id]);
    assert.deepEqual(details.end_users_erased.map((u: { end_user_id: string }) => u.end_user_id).sort(), ['u_erase_1', 'u_erase_2']);
    assert.doesNotMatch(audit[0].details, /erase\.me/i, 'the audit log does not copy the email');

    // Completed is final.
    const back = await patch(id, { status: 'pending' });
    assert.equal(back.statusCode, 409);
    const notes = await patch(id, { status: 'completed', notes: 'Confirmation sent.' });
    assert.equal(notes.statusCode, 200);
    assert.equal(notes.json().notes, 'Confirmation sent.');
    assert.equal(notes.json().completed_at, b.completed_at);
    // A new request for the same email after completion is a new request.
    const again = await request('erase.me@example.com');
    assert.notEqual(again, id);
  });

  it('completing matches every spelling of the address (padding, Unicode case) the same on both databases, and says per partner what was erased', async () => {
    const a = await t.partner();
    const b = await t.partner();
    const spellings: [typeof a, string, string][] = [
      [a, 'eva_1', 'ÉVA@Example.com'],
      [a, 'eva_2', '  éva@example.COM '],
      [b, 'eva_3', 'Éva@EXAMPLE.com'],
      [b, 'eva_4', 'éva@example.com\t'],
      [b, 'other', 'evan@example.com'],
    ];
    for (const [p, user, email] of spellings) {
      const res = await t.inject({ method: 'POST', url: '/api/v1/ingest', headers: keyHeaders(p, { secret: true }), payload: { end_user_id: user, user_email: email } });
      assert.equal(res.statusCode, 201, res.body);
    }
    const ws = await t.partner();
    const wsIngest = await t.inject({ method: 'POST', url: '/api/v1/ingest', headers: keyHeaders(ws, { secret: true }), payload: { end_user_id: 'ws', user_email: ' ws@example.com ' } });
    assert.equal(wsIngest.statusCode, 201);

    const done = await patch(await request('éva@example.com'), { status: 'completed' });
    assert.equal(done.statusCode, 200, done.body);
    const erased = done.json().erased;
    assert.equal(erased.end_users, 4);
    assert.deepEqual(
      [...erased.by_partner].sort((x: { partner_id: string }, y: { partner_id: string }) => x.partner_id.localeCompare(y.partner_id)),
      [
        { partner_id: a.id, end_users: 2, rows: erased.by_partner.find((x: { partner_id: string }) => x.partner_id === a.id).rows },
        { partner_id: b.id, end_users: 2, rows: erased.by_partner.find((x: { partner_id: string }) => x.partner_id === b.id).rows },
      ].sort((x, y) => x.partner_id.localeCompare(y.partner_id)),
    );
    assert.ok(erased.by_partner.every((x: { rows: number }) => x.rows >= 1));
    assert.match(erased.summary, /4 end-user record\(s\) across 2 partner\(s\)/);
    for (const [p, user] of spellings) {
      const res = await t.inject({ method: 'GET', url: `/api/v1/ingest/calculation/${user}`, headers: keyHeaders(p, { secret: true }) });
      assert.equal(res.statusCode, user === 'other' ? 200 : 404, `${user}: ${res.body}`);
    }

    const wsDone = await patch(await request('WS@example.com'), { status: 'completed' });
    assert.equal(wsDone.json().erased.end_users, 1);
    assert.equal((await t.inject({ method: 'GET', url: '/api/v1/ingest/calculation/ws', headers: keyHeaders(ws, { secret: true }) })).statusCode, 404);

    // Nothing matched: the answer says so plainly.
    const none = await patch(await request('nobody.here@example.com'), { status: 'completed' });
    assert.equal(none.json().erased.end_users, 0);
    assert.deepEqual(none.json().erased.by_partner, []);
    assert.match(none.json().erased.summary, /^Nothing matched this email/);
  });

  it('the migration that adds the email key backfills the rows stored before it', async () => {
    const p = await t.partner();
    for (const [user, email] of [['bf_1', ' Ölaf@Example.com'], ['bf_2', null]] as const) {
      const res = await t.inject({ method: 'POST', url: '/api/v1/ingest', headers: keyHeaders(p, { secret: true }), payload: { end_user_id: user, user_email: email } });
      assert.equal(res.statusCode, 201);
    }
    const db = t.deps.database.db;
    await m0012.down(db as unknown as Kysely<unknown>);
    await m0012.up(db as unknown as Kysely<unknown>);
    const rows = await db.selectFrom('calculations').select(['end_user_id', 'user_email_key']).where('partner_id', '=', p.id).orderBy('end_user_id').execute();
    assert.deepEqual(rows, [
      { end_user_id: 'bf_1', user_email_key: 'ölaf@example.com' },
      { end_user_id: 'bf_2', user_email_key: null },
    ]);
  });

  it('cancelling closes the request; reopening is refused while another one is open', async () => {
    const first = await request('cancel@example.com');
    assert.equal((await patch(first, { status: 'cancelled', notes: null })).json().status, 'cancelled');
    const second = await request('cancel@example.com');
    assert.notEqual(second, first);
    const reopen = await patch(first, { status: 'pending' });
    assert.equal(reopen.statusCode, 409);
    assert.match(reopen.json().detail, new RegExp(second));
    assert.equal((await patch(second, { status: 'cancelled' })).statusCode, 200);
    const ok = await patch(first, { status: 'in_progress' });
    assert.equal(ok.statusCode, 200);
    // Open again: a public request for the email is added to it, under an id of its own.
    const again = await request('cancel@example.com');
    assert.notEqual(again, first);
    const item = (await t.inject({ method: 'GET', url: '/api/admin/deletion-requests', headers: bearer(admin.token) })).json().items.find((i: { id: string }) => i.id === first);
    assert.deepEqual(item.receipt_ids, [again]);
    // Cancelling erased nothing.
    assert.equal(ok.json().erased, null);
  });

  it('PATCH validates the body and the id', async () => {
    const id = await request('validate@example.com');
    assert422(await patch(id, {}), ['body', 'status'], 'missing');
    assert422(await patch(id, { status: 'done' }), ['body', 'status'], 'enum');
    assert422(await patch(id, { status: 'pending', notes: 'n'.repeat(2001) }), ['body', 'notes'], 'string_too_long');
    assert.equal((await patch(id, { status: 'pending', notes: 'n'.repeat(2000) })).statusCode, 200);
    assert.equal((await patch('del_missing', { status: 'pending' })).statusCode, 404);
  });

  it('DELETE removes the record; the audit log keeps that it existed', async () => {
    const id = await request('delete-record@example.com');
    const res = await t.inject({ method: 'DELETE', url: `/api/admin/deletion-requests/${id}`, headers: bearer(admin.token) });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), { deleted: true, id });
    assert.equal((await t.inject({ method: 'DELETE', url: `/api/admin/deletion-requests/${id}`, headers: bearer(admin.token) })).statusCode, 404);
    const audit = await t.deps.database.db.selectFrom('audit_log').select('action').where('target_id', '=', id).orderBy('id').execute();
    assert.deepEqual(audit.map((a) => a.action), ['deletion_request.received', 'deletion_request.deleted']);
  });

  it('every admin route is admin-only', async () => {
    await assertAdminOnly(t, { method: 'GET', url: '/api/admin/deletion-requests' });
    await assertAdminOnly(t, { method: 'PATCH', url: '/api/admin/deletion-requests/del_x', payload: { status: 'pending' } });
    await assertAdminOnly(t, { method: 'DELETE', url: '/api/admin/deletion-requests/del_x' });
  });
});
