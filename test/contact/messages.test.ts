import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { assert422, assertAdminOnly, bearer } from '../helpers/checks.js';
import { CONTACT, fromNewAddress, mails } from '../helpers/public-forms.js';

const OPERATOR = 'ops@svc.example';

describe('POST /api/contact', () => {
  let t: TestApp;
  let admin: { token: string };
  before(async () => {
    t = await buildTestApp({ env: { OPERATOR_EMAIL: OPERATOR } });
    admin = await t.admin();
  });
  after(() => t.close());
  const post = (payload: unknown) => t.inject(fromNewAddress({ method: 'POST', url: '/api/contact', payload: payload as object }));

  it('stores the message, answers 201 and notifies the operator', async () => {
    const res = await post(CONTACT);
    assert.equal(res.statusCode, 201, res.body);
    const b = res.json();
    assert.deepEqual(Object.keys(b).sort(), ['lead_id', 'message', 'received']);
    assert.equal(b.received, true);
    assert.match(b.lead_id, /^lead_/);
    const row = await t.deps.database.db.selectFrom('contact_leads').selectAll().where('id', '=', b.lead_id).executeTakeFirstOrThrow();
    assert.equal(row.spam, 0);
    assert.equal(row.notified, 1);
    assert.equal(row.topic, 'sales');
    const sent = await mails(t, 'contact');
    assert.equal(sent.length, 1);
    assert.equal(sent[0].to_address, OPERATOR);
    // What the visitor wrote stays out of the subject (the topic only as a slug tag) and is quoted in the body.
    assert.equal(sent[0].subject, `[contact:sales] New message from the contact form (${b.lead_id})`);
    assert.match(sent[0].text_body, /^Name: +"Ada Lovelace"$/m);
    assert.match(sent[0].text_body, /^Company: +"Analytical Bank"$/m);
    assert.match(sent[0].text_body, /pilot safe-to-spend/);
    assert.match(sent[0].text_body, new RegExp(b.lead_id));
  });

  it('defaults the topic and keeps line breaks out of the mail subject', async () => {
    const res = await post({ name: 'Eve\r\nBcc: all@x.example', email: 'eve@x.example', message: 'Hello there, a question.' });
    assert.equal(res.statusCode, 201);
    const row = await t.deps.database.db.selectFrom('contact_leads').selectAll().where('id', '=', res.json().lead_id).executeTakeFirstOrThrow();
    assert.equal(row.topic, 'general');
    const sent = await mails(t, 'contact');
    const last = sent[sent.length - 1];
    assert.doesNotMatch(last.subject, /[\r\n]|Eve|Bcc/);
    assert.match(last.text_body, /^Name: +"Eve Bcc: all@x\.example"$/m);
  });

  it('a filled honeypot is accepted in the answer but stored as spam and not notified', async () => {
    const before = (await mails(t, 'contact')).length;
    const res = await post({ ...CONTACT, website: 'http://spam.example' });
    assert.equal(res.statusCode, 201);
    assert.equal(res.json().received, true);
    const row = await t.deps.database.db.selectFrom('contact_leads').selectAll().where('id', '=', res.json().lead_id).executeTakeFirstOrThrow();
    assert.equal(row.spam, 1);
    assert.equal(row.notified, 0);
    assert.equal((await mails(t, 'contact')).length, before);
    // An empty website is not spam.
    const ok = await post({ ...CONTACT, website: '  ' });
    const okRow = await t.deps.database.db.selectFrom('contact_leads').selectAll().where('id', '=', ok.json().lead_id).executeTakeFirstOrThrow();
    assert.equal(okRow.spam, 0);

    const list = await t.inject({ method: 'GET', url: '/api/admin/contact-messages', headers: bearer(admin.token) });
    assert.equal(list.statusCode, 200);
    assert.ok(list.json().items.every((i: { spam: boolean }) => !i.spam));
    const all = await t.inject({ method: 'GET', url: '/api/admin/contact-messages?include_spam=true', headers: bearer(admin.token) });
    assert.ok(all.json().items.some((i: { id: string; spam: boolean }) => i.id === res.json().lead_id && i.spam));
    assert.equal(all.json().items[0].id, ok.json().lead_id, 'newest first');
  });

  it('answers 422 for every bound', async () => {
    const cases: [Record<string, unknown>, (string | number)[], string][] = [
      [{ ...CONTACT, name: 'A' }, ['body', 'name'], 'string_too_short'],
      [{ ...CONTACT, name: 'A'.repeat(121) }, ['body', 'name'], 'string_too_long'],
      [{ ...CONTACT, email: 'not-an-email' }, ['body', 'email'], 'value_error'],
      [{ ...CONTACT, company: 'C'.repeat(161) }, ['body', 'company'], 'string_too_long'],
      [{ ...CONTACT, topic: 'T'.repeat(41) }, ['body', 'topic'], 'string_too_long'],
      [{ ...CONTACT, message: 'too short' }, ['body', 'message'], 'string_too_short'],
      [{ ...CONTACT, message: 'm'.repeat(4001) }, ['body', 'message'], 'string_too_long'],
      [{ ...CONTACT, website: 'w'.repeat(201) }, ['body', 'website'], 'string_too_long'],
      [{ name: 'Ada', email: 'a@b.example' }, ['body', 'message'], 'missing'],
      [{ ...CONTACT, message: 12345678901 }, ['body', 'message'], 'string_type'],
    ];
    for (const [payload, loc, type] of cases) assert422(await post(payload), loc, type);
    // Bounds that are allowed exactly.
    assert.equal((await post({ ...CONTACT, name: 'Al', message: 'm'.repeat(10), company: 'C'.repeat(160), topic: 'T'.repeat(40) })).statusCode, 201);
    assert.equal((await post({ ...CONTACT, message: 'm'.repeat(4000), company: null, website: null })).statusCode, 201);
    const bad = await t.inject(fromNewAddress({ method: 'POST', url: '/api/contact', headers: { 'content-type': 'application/json' }, payload: '{"name":' }));
    assert.equal(bad.statusCode, 422);
    assert.equal(bad.json().detail[0].type, 'json_invalid');
  });

  it('is rate limited per client address', async () => {
    const remoteAddress = '192.0.2.77';
    let last = 0;
    for (let i = 0; i < 31; i++) {
      last = (await t.inject({ method: 'POST', url: '/api/contact', remoteAddress, payload: { ...CONTACT, message: 'short msg' } })).statusCode;
    }
    assert.equal(last, 429);
    // Another address is not affected.
    assert.equal((await post(CONTACT)).statusCode, 201);
  });

  it('without an operator address nothing is mailed, and a mail failure never fails the request', async () => {
    const t2 = await buildTestApp();
    try {
      const res = await t2.inject({ method: 'POST', url: '/api/contact', payload: CONTACT });
      assert.equal(res.statusCode, 201);
      assert.equal((await mails(t2, 'contact')).length, 0);
    } finally {
      await t2.close();
    }
    const original = t.deps.mailer.send;
    t.deps.mailer.send = async () => {
      throw new Error('smtp down');
    };
    try {
      const res = await post(CONTACT);
      assert.equal(res.statusCode, 201);
      const row = await t.deps.database.db.selectFrom('contact_leads').selectAll().where('id', '=', res.json().lead_id).executeTakeFirstOrThrow();
      assert.equal(row.notified, 0);
    } finally {
      t.deps.mailer.send = original;
    }
  });

  it('GET /api/admin/contact-messages is admin-only and validates its query', async () => {
    await assertAdminOnly(t, { method: 'GET', url: '/api/admin/contact-messages' });
    assert422(await t.inject({ method: 'GET', url: '/api/admin/contact-messages?limit=0', headers: bearer(admin.token) }), ['query', 'limit']);
    assert422(await t.inject({ method: 'GET', url: '/api/admin/contact-messages?include_spam=maybe', headers: bearer(admin.token) }), ['query', 'include_spam']);
  });
});
