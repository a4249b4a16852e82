import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildTestApp, keyHeaders, TestClock, type TestApp, type TestPartner } from '../helpers/app.js';
import { NOW, SANDBOX_ENV, accounts, byKind, usageEvents } from './helpers.js';

describe('sandbox: link token, account linking, accounts', () => {
  let t: TestApp;
  let p: TestPartner;
  const clock = new TestClock(NOW);
  before(async () => {
    t = await buildTestApp({ clock, env: SANDBOX_ENV });
    p = await t.partner();
  });
  after(() => t.close());

  it('creates a link token that expires 4 hours later, the same for the same input', async () => {
    for (const prefix of ['/api/v1', '/v1']) {
      const res = await t.inject({ method: 'POST', url: `${prefix}/link/token/create`, headers: keyHeaders(p), payload: { user_id: 'u1' } });
      assert.equal(res.statusCode, 200);
      const b = res.json();
      assert.match(b.link_token, /^link-sandbox-[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      assert.equal(b.expiration, new Date(NOW + 4 * 3_600_000).toISOString());
      assert.equal(typeof b.request_id, 'string');
      const again = await t.inject({ method: 'POST', url: `${prefix}/link/token/create`, headers: keyHeaders(p), payload: { user_id: 'u1' } });
      assert.deepEqual(again.json(), b);
    }
    const other = await t.inject({ method: 'POST', url: '/api/v1/link/token/create', headers: keyHeaders(p), payload: { user_id: 'u2' } });
    assert.notEqual(other.json().link_token, (await t.inject({ method: 'POST', url: '/api/v1/link/token/create', headers: keyHeaders(p), payload: { user_id: 'u1' } })).json().link_token);
  });

  it('links an item: accounts with balances, an account_link usage event, the token accepted once', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/v1/accounts/link',
      headers: keyHeaders(p),
      payload: { public_token: 'public-sandbox-aaaa', user_id: 'link_user', institution: { institution_id: 'ins_3', name: 'Chase' } },
    });
    assert.equal(res.statusCode, 200, res.body);
    const b = res.json();
    assert.match(b.item_id, /^item-sandbox-/);
    assert.deepEqual(b.institution, { institution_id: 'ins_3', name: 'Chase' });
    assert.equal(b.accounts.length, 3);
    const k = byKind(b.accounts);
    assert.ok(k.checking && k.savings && k.credit);
    for (const a of b.accounts) {
      assert.match(a.mask, /^\d{4}$/);
      assert.equal(a.iso_currency_code, 'USD');
      assert.equal(typeof a.current_balance, 'number');
    }
    assert.equal(k.checking.type, 'depository');
    assert.equal(k.credit.type, 'credit');
    // The link answers the same accounts as the listing.
    assert.deepEqual(await accounts(t, p, 'link_user'), b.accounts);

    const events = await usageEvents(t, p.id, 'account_link');
    assert.equal(events.length, 1);
    assert.equal(events[0].user_id, 'link_user');
    assert.equal(events[0].institution, 'Chase');
    assert.equal(events[0].environment, 'test');

    const twice = await t.inject({
      method: 'POST',
      url: '/v1/accounts/link',
      headers: keyHeaders(p),
      payload: { public_token: 'public-sandbox-aaaa', user_id: 'link_user', institution: null },
    });
    assert.equal(twice.statusCode, 400);
    assert.match(twice.json().detail, /already been exchanged/);
    assert.equal((await usageEvents(t, p.id, 'account_link')).length, 1);

    // Another partner may exchange a token with the same value: tokens are per partner.
    const q = await t.partner();
    const theirs = await t.inject({ method: 'POST', url: '/api/v1/accounts/link', headers: keyHeaders(q), payload: { public_token: 'public-sandbox-aaaa', user_id: 'link_user' } });
    assert.equal(theirs.statusCode, 200);
    assert.notEqual(theirs.json().item_id, b.item_id);
    // Same user id, another partner: another dataset.
    assert.notDeepEqual(theirs.json().accounts.map((a: { account_id: string }) => a.account_id), b.accounts.map((a: { account_id: string }) => a.account_id));
  });

  it('defaults the institution when none is given', async () => {
    const res = await t.inject({ method: 'POST', url: '/v1/accounts/link', headers: keyHeaders(p), payload: { public_token: 'public-sandbox-bbbb', user_id: 'u9' } });
    assert.equal(res.statusCode, 200);
    const inst = res.json().institution;
    assert.match(inst.institution_id, /^ins_\d+$/);
    assert.equal(typeof inst.name, 'string');
    const ev = (await usageEvents(t, p.id, 'account_link')).find((e) => e.user_id === 'u9');
    assert.equal(ev?.institution, inst.name);
  });

  it('lists accounts; the /v1 listing omits mask; the same answer every time', async () => {
    const machine = await accounts(t, p, 'acc_user');
    const again = await accounts(t, p, 'acc_user');
    assert.deepEqual(machine, again);
    const ref = await accounts(t, p, 'acc_user', '/v1');
    assert.deepEqual(
      ref,
      machine.map(({ mask: _m, ...rest }) => rest),
    );
    const k = byKind(machine);
    // Credit: available = limit − owed − pending ≥ 0; depository available ≤ current.
    assert.ok(k.credit.available_balance >= 0);
    assert.ok(k.checking.available_balance <= k.checking.current_balance);
    assert.ok(k.savings.current_balance > 0);
  });

  it('answers 422 for missing or out-of-bounds fields', async () => {
    const cases: [string, string, unknown, string, (string | number)[]][] = [
      ['POST', '/api/v1/link/token/create', {}, 'missing', ['body', 'user_id']],
      ['POST', '/api/v1/link/token/create', { user_id: '' }, 'string_too_short', ['body', 'user_id']],
      ['POST', '/v1/link/token/create', { user_id: 'x'.repeat(121) }, 'string_too_long', ['body', 'user_id']],
      ['POST', '/api/v1/accounts/link', { user_id: 'u' }, 'missing', ['body', 'public_token']],
      ['POST', '/api/v1/accounts/link', { public_token: 'x' }, 'missing', ['body', 'user_id']],
      ['POST', '/api/v1/accounts/link', { public_token: 5, user_id: 'u' }, 'string_type', ['body', 'public_token']],
      ['POST', '/v1/accounts/link', { public_token: 'x', user_id: 'u', institution: 'Chase' }, 'model_attributes_type', ['body', 'institution']],
    ];
    for (const [method, url, payload, type, loc] of cases) {
      const res = await t.inject({ method: method as 'POST', url, headers: keyHeaders(p), payload: payload as object });
      assert.equal(res.statusCode, 422, `${url} ${JSON.stringify(payload)} ${res.body}`);
      const item = res.json().detail.find((d: { loc: unknown }) => JSON.stringify(d.loc) === JSON.stringify(loc));
      assert.ok(item, res.body);
      assert.equal(item.type, type);
    }
    for (const url of ['/api/v1/accounts', '/v1/accounts', '/api/v1/accounts?user_id=']) {
      const res = await t.inject({ method: 'GET', url, headers: keyHeaders(p) });
      assert.equal(res.statusCode, 422, url);
      assert.deepEqual(res.json().detail[0].loc, ['query', 'user_id']);
    }
  });
});
