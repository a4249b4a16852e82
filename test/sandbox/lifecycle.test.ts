/**
 * A sandbox transfer's life played out on demand: POST /api/v1/sandbox/transfers/{id}/simulate moves it
 * (settled | failed from pending/submitted, returned from settled; anything else 409), each change delivering its
 * signed event (verified with the typed client's verifyWebhook at a local receiver); GET shows status and history;
 * POST /api/v1/sandbox/webhooks/fire sends every event type, marked fired. Test keys only, own partner only.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { runSettlementPass } from '../../src/areas/sandbox/settlement.js';
import { EVENT_TYPES } from '../../src/areas/webhooks/outbox.js';
import { runDeliveryPass } from '../../src/areas/webhooks/worker.js';
import { verifyWebhook, type WebhookEvent } from '../../clients/typescript/src/index.js';
import { buildTestApp, keyHeaders, TestClock, type TestApp, type TestPartner } from '../helpers/app.js';
import { startReceiver, type Receiver } from '../webhooks/receiver.js';
import { NOW, SANDBOX_ENV, accounts, byKind, fundedUser } from '../sandbox/helpers.js';

const addFormats = (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule;

describe('sandbox: a transfer plays out its life on demand', () => {
  let t: TestApp;
  let rx: Receiver;
  let ajv: Ajv2020;
  const clock = new TestClock(NOW);
  before(async () => {
    t = await buildTestApp({ clock, env: SANDBOX_ENV });
    rx = await startReceiver();
    const doc = (await t.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
    (addFormats as unknown as (a: Ajv2020) => void)(ajv);
    ajv.addSchema(doc, 'openapi.json');
  });
  after(async () => {
    await rx.close();
    await t.close();
  });

  async function subscribe(p: TestPartner, events: string[], enabled = true) {
    const res = await t.inject({ method: 'POST', url: '/api/v1/webhooks', headers: keyHeaders(p, { secret: true }), payload: { url: rx.url, events, enabled } });
    assert.equal(res.statusCode, 200, res.body);
    return res.json() as { secret: string | null };
  }

  /** Delivers what is due; returns the `n` next deliveries, each verified by verifyWebhook and valid against the document. */
  async function delivered(secret: string, n: number): Promise<WebhookEvent[]> {
    const from = rx.received.length;
    for (let i = 0; i < 50 && rx.received.length < from + n; i++) await runDeliveryPass(t.deps);
    const got = rx.received.slice(from);
    assert.equal(got.length, n, got.map((r) => r.body).join('\n'));
    return got.map((r) => {
      const event = verifyWebhook({ payload: r.body, headers: r.headers, secret, now: Math.floor(clock.now() / 1000) });
      assert.throws(() => verifyWebhook({ payload: r.body.replace('"data"', '"dato"'), headers: r.headers, secret, now: Math.floor(clock.now() / 1000) }));
      const validate = ajv.compile({ $ref: `openapi.json#/webhooks/${event.type}/post/requestBody/content/application~1json/schema` });
      assert.ok(validate(JSON.parse(r.body)), `${event.type} matches the document: ${ajv.errorsText(validate.errors)}`);
      return event;
    });
  }

  const simulate = (p: TestPartner, id: string, payload: object, env: 'test' | 'live' = 'test') =>
    t.inject({ method: 'POST', url: `/api/v1/sandbox/transfers/${encodeURIComponent(id)}/simulate`, headers: keyHeaders(p, { env }), payload });
  const show = (p: TestPartner, id: string, env: 'test' | 'live' = 'test') => t.inject({ method: 'GET', url: `/api/v1/sandbox/transfers/${encodeURIComponent(id)}`, headers: keyHeaders(p, { env }) });

  async function newTransfer(p: TestPartner, user: string, amount_cents = 1_000) {
    const k = byKind(await accounts(t, p, user));
    const res = await t.inject({ method: 'POST', url: '/api/v1/transfers', headers: keyHeaders(p), payload: { account_id: k.checking.account_id, amount_cents, direction: 'debit', description: 'Rent' } });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().status, 'pending');
    return { id: res.json().transfer_id as string, checking: k.checking.account_id };
  }

  it('settled then returned: each change delivers its signed event, the history says it all, and nothing follows a return', async () => {
    const p = await t.partner();
    const { secret } = await subscribe(p, ['transfer.settled', 'transfer.failed', 'transfer.returned']);
    const user = await fundedUser(t, p, 'life');
    const { id, checking } = await newTransfer(p, user, 12_345);

    const before = await show(p, id);
    assert.equal(before.statusCode, 200, before.body);
    assert.equal(before.json().status, 'pending');
    assert.deepEqual(before.json().history, [{ status: 'pending', at: new Date(NOW).toISOString() }]);

    clock.set(NOW + 60_000);
    const s = await simulate(p, id, { outcome: 'settled' });
    assert.equal(s.statusCode, 200, s.body);
    assert.equal(s.json().status, 'settled');
    assert.deepEqual(s.json().history, [
      { status: 'pending', at: new Date(NOW).toISOString() },
      { status: 'settled', at: new Date(NOW + 60_000).toISOString() },
    ]);
    const [settled] = await delivered(secret!, 1);
    assert.equal(settled.type, 'transfer.settled');
    assert.deepEqual(settled.data, { transfer_id: id, account_id: checking, to_account_id: null, amount_cents: 12_345, direction: 'debit', status: 'settled', settled_at: new Date(NOW + 60_000).toISOString() });
    assert.equal((settled as { fired?: boolean }).fired, undefined, 'a real event is not marked fired');

    // The settlement worker, at the settlement date, leaves it alone.
    clock.set('2026-11-19T00:00:00.000Z');
    assert.deepEqual(await runSettlementPass(t.deps), { settled: 0 });

    const r = await simulate(p, id, { outcome: 'returned', failure_reason: 'account_closed' });
    assert.equal(r.statusCode, 200, r.body);
    assert.equal(r.json().status, 'returned');
    assert.deepEqual(r.json().return_reason, { code: 'account_closed', description: 'The account is closed' });
    assert.deepEqual(r.json().history.map((h: { status: string; reason?: string }) => [h.status, h.reason]), [
      ['pending', undefined],
      ['settled', undefined],
      ['returned', 'account_closed'],
    ]);
    const [returned] = await delivered(secret!, 1);
    assert.equal(returned.type, 'transfer.returned');
    assert.deepEqual(returned.data, {
      transfer_id: id,
      account_id: checking,
      to_account_id: null,
      amount_cents: 12_345,
      direction: 'debit',
      status: 'returned',
      settled_at: new Date(NOW + 60_000).toISOString(),
      returned_at: '2026-11-19T00:00:00.000Z',
      return_reason: { code: 'account_closed', description: 'The account is closed' },
    });
    assert.deepEqual((await show(p, id)).json(), r.json());

    for (const outcome of ['settled', 'failed', 'returned']) {
      const again = await simulate(p, id, { outcome });
      assert.equal(again.statusCode, 409, again.body);
      assert.equal(again.json().code, 'conflict');
      assert.match(again.json().detail, /returned/);
    }
    assert.equal(await deliveredNone(), 0, 'a refused move sends nothing');
  });

  async function deliveredNone() {
    const from = rx.received.length;
    for (let i = 0; i < 3; i++) await runDeliveryPass(t.deps);
    return rx.received.length - from;
  }

  it('failed from pending (default reason); nothing moves after failed; returned needs settled first; settled only once', async () => {
    clock.set(NOW);
    const p = await t.partner();
    const { secret } = await subscribe(p, ['transfer.failed', 'transfer.settled']);
    const user = await fundedUser(t, p, 'fail');
    const a = await newTransfer(p, user);

    const early = await simulate(p, a.id, { outcome: 'returned' });
    assert.equal(early.statusCode, 409, early.body);
    assert.match(early.json().detail, /only a settled transfer can be returned/);

    const f = await simulate(p, a.id, { outcome: 'failed' });
    assert.equal(f.statusCode, 200, f.body);
    assert.equal(f.json().status, 'failed');
    assert.deepEqual(f.json().failure_reason, { code: 'insufficient_funds', description: "The account's available balance is less than the transfer amount" });
    const [failed] = await delivered(secret!, 1);
    assert.equal(failed.type, 'transfer.failed');
    if (failed.type === 'transfer.failed') assert.equal(failed.data.failure_reason.code, 'insufficient_funds');
    for (const outcome of ['settled', 'failed', 'returned']) assert.equal((await simulate(p, a.id, { outcome })).statusCode, 409);
    assert.deepEqual(await runSettlementPass(t.deps), { settled: 0 });

    const b = await newTransfer(p, user);
    assert.equal((await simulate(p, b.id, { outcome: 'settled' })).statusCode, 200);
    const twice = await simulate(p, b.id, { outcome: 'settled' });
    assert.equal(twice.statusCode, 409);
    assert.match(twice.json().detail, /already settled/);
    assert.equal((await simulate(p, b.id, { outcome: 'failed' })).statusCode, 409);
    assert.equal((await delivered(secret!, 1))[0].type, 'transfer.settled');
  });

  it('a failed or returned transfer moves no money: the balance comes back', async () => {
    clock.set(NOW);
    const p = await t.partner();
    const user = await fundedUser(t, p, 'money', 100);
    const balance = async () => byKind(await accounts(t, p, user)).checking.available_balance;
    const start = await balance();
    const a = await newTransfer(p, user, 5_000);
    assert.equal(await balance(), Math.round(start * 100 - 5_000) / 100);
    assert.equal((await simulate(p, a.id, { outcome: 'failed', failure_reason: 'payment_stopped' })).statusCode, 200);
    assert.equal(await balance(), start);
    const b = await newTransfer(p, user, 7_000);
    assert.equal((await simulate(p, b.id, { outcome: 'settled' })).statusCode, 200);
    assert.equal(await balance(), Math.round(start * 100 - 7_000) / 100);
    assert.equal((await simulate(p, b.id, { outcome: 'returned' })).statusCode, 200);
    assert.equal(await balance(), start);
  });

  it("a transfer refused at its creation shows failed from the start; another partner's transfer and an unknown id are 404", async () => {
    clock.set(NOW);
    const p = await t.partner();
    const other = await t.partner();
    const user = await fundedUser(t, p, 'own');
    const k = byKind(await accounts(t, p, user));
    const refused = await t.inject({ method: 'POST', url: '/api/v1/transfers', headers: keyHeaders(p), payload: { account_id: k.checking.account_id, amount_cents: 100_000_000_000, direction: 'debit' } });
    assert.equal(refused.json().status, 'failed');
    const shown = await show(p, refused.json().transfer_id);
    assert.deepEqual(shown.json().history, [{ status: 'failed', at: new Date(NOW).toISOString(), reason: 'insufficient_funds' }]);
    assert.equal((await simulate(p, refused.json().transfer_id, { outcome: 'settled' })).statusCode, 409);

    const mine = await newTransfer(p, user);
    for (const res of [await show(other, mine.id), await simulate(other, mine.id, { outcome: 'settled' }), await show(p, 'tr_unknown'), await simulate(p, 'tr_unknown', { outcome: 'failed' })]) {
      assert.equal(res.statusCode, 404, res.body);
      assert.equal(res.json().code, 'not_found');
    }
    assert.equal((await show(p, mine.id)).json().status, 'pending', "the other partner's call changed nothing");
  });

  it('bad input is a 422 naming the field', async () => {
    const p = await t.partner();
    const user = await fundedUser(t, p, 'bad');
    const { id } = await newTransfer(p, user);
    for (const [body, loc] of [
      [{ outcome: 'lost' }, 'outcome'],
      [{}, 'outcome'],
      [{ outcome: 'failed', failure_reason: 'bad luck' }, 'failure_reason'],
      [{ outcome: 'settled', failure_reason: 'account_closed' }, 'failure_reason'],
      [{ outcome: 'settled', extra: 1 }, 'extra'],
    ] as const) {
      const res = await simulate(p, id, body);
      assert.equal(res.statusCode, 422, `${JSON.stringify(body)}: ${res.body}`);
      assert.ok(JSON.stringify(res.json().detail).includes(loc), res.body);
    }
    const long = await show(p, 'x'.repeat(65));
    assert.equal(long.statusCode, 422);
    assert.equal((await show(p, id)).json().status, 'pending');
  });

  it('live keys are refused as the sandbox layer does: 402 before production access, 403 after; no key 401', async () => {
    const inactive = await t.partner({ activated: false });
    const active = await t.partner();
    for (const p of [inactive, active]) {
      const expected = p === inactive ? 402 : 403;
      const calls = [
        await show(p, 'tr_x', 'live'),
        await simulate(p, 'tr_x', { outcome: 'settled' }, 'live'),
        await t.inject({ method: 'POST', url: '/api/v1/sandbox/webhooks/fire', headers: keyHeaders(p, { env: 'live' }), payload: { event_type: 'transfer.settled' } }),
      ];
      for (const res of calls) {
        assert.equal(res.statusCode, expected, res.body);
        assert.equal(res.json().code, expected === 402 ? 'payment_required' : 'environment_mismatch');
      }
    }
    const anonymous = await t.inject({ method: 'POST', url: '/api/v1/sandbox/webhooks/fire', payload: { event_type: 'transfer.settled' } });
    assert.equal(anonymous.statusCode, 401);
  });

  it('fires each event type at the test endpoint, whatever it subscribes to, marked fired and signed', async () => {
    const p = await t.partner();
    const fire = (event_type: string, who = p) => t.inject({ method: 'POST', url: '/api/v1/sandbox/webhooks/fire', headers: keyHeaders(who), payload: { event_type } });
    const none = await fire('transfer.settled');
    assert.equal(none.statusCode, 404, none.body);
    const { secret } = await subscribe(p, ['calculation.updated']);
    for (const type of EVENT_TYPES) {
      const res = await fire(type);
      assert.equal(res.statusCode, 202, res.body);
      assert.equal(res.json().type, type);
      assert.equal(res.json().url, rx.url);
    }
    const events = await delivered(secret!, EVENT_TYPES.length);
    assert.deepEqual(events.map((e) => e.type).sort(), [...EVENT_TYPES].sort());
    for (const e of events) assert.equal((e as { fired?: boolean }).fired, true, e.type);
    const transfer = events.find((e) => e.type === 'transfer.returned');
    assert.ok(transfer && transfer.type === 'transfer.returned' && transfer.data.return_reason.code === 'account_closed');

    assert.equal((await fire('transfer.exploded')).statusCode, 422);
    assert.equal((await t.inject({ method: 'POST', url: '/api/v1/sandbox/webhooks/fire', headers: keyHeaders(p), payload: {} })).statusCode, 422);
    await subscribe(p, ['calculation.updated'], false);
    const disabled = await fire('transfer.settled');
    assert.equal(disabled.statusCode, 409, disabled.body);
    // Another partner's key reaches only its own endpoint (none here).
    assert.equal((await fire('transfer.settled', await t.partner())).statusCode, 404);
  });
});
