/** Usage alerts: configuration routes, firing once per threshold and month at 80 % and 100 %, email over real SMTP, webhook outbox event, mail outbox. */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { evaluateAlerts } from '../../src/areas/metering/service.js';
import { newId } from '../../src/lib/ids.js';
import { buildTestApp, keyHeaders, TestClock, type TestApp, type TestPartner } from '../helpers/app.js';
import { startSmtp } from './smtp.js';
import { outbox, verificationToken, verifyEmail } from '../helpers/mail.js';

const calc = (t: TestApp, p: TestPartner, endUser: string, env: 'test' | 'live' = 'live') =>
  t.inject({ method: 'POST', url: '/api/v1/calculate/safe-to-spend', headers: keyHeaders(p, { env }), payload: { end_user_id: endUser } });

async function addWebhookEndpoint(t: TestApp, partnerId: string, environment: 'test' | 'live') {
  const now = t.deps.clock.now();
  await t.deps.database.db
    .insertInto('webhook_endpoints')
    .values({
      id: newId('whe', now),
      partner_id: partnerId,
      environment,
      url: 'https://hooks.example.com/svc',
      events: JSON.stringify(['calculation.updated', 'usage.threshold_reached']),
      enabled: 1,
      secret_enc: t.deps.secrets.seal('whsec_test'),
      secret_hint: 'whsec_…test',
      previous_secret_enc: null,
      previous_secret_expires_at: null,
      disabled_reason: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

async function thresholdEvents(t: TestApp, partnerId: string) {
  const rows = await t.deps.database.db
    .selectFrom('webhook_events')
    .select(['type', 'environment', 'payload', 'state'])
    .where('partner_id', '=', partnerId)
    .where('type', '=', 'usage.threshold_reached')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ ...r, payload: JSON.parse(r.payload) }));
}

describe('usage alert configuration', () => {
  let t: TestApp;
  let p: TestPartner;
  const clock = new TestClock(Date.parse('2026-11-21T12:00:00.000Z'));
  before(async () => {
    t = await buildTestApp({ clock, env: { USAGE_FLUSH_MS: '60000' } });
    p = await t.partner();
  });
  after(() => t.close());

  it('GET without a configuration shows every threshold off and the current values', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/v1/usage/alerts', headers: keyHeaders(p, { env: 'live' }) });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), {
      environment: 'live',
      notify_email: null,
      effective_notify_email: p.email,
      notify_email_verified: true,
      mail_delivery: 'active',
      calls_threshold: null,
      unique_users_threshold: null,
      bill_threshold_usd: null,
      month: '2026-11',
      current: { calls: 1, unique_end_users: 0, estimated_bill_usd: 0 },
      fired: [],
      updated_at: null,
    });
  });

  it('PUT replaces the configuration of the key environment; DELETE clears it', async () => {
    const put = await t.inject({
      method: 'PUT',
      url: '/v1/usage/alerts',
      headers: keyHeaders(p, { env: 'live' }),
      payload: { notify_email: 'ops@bank.example', calls_threshold: 1000, unique_users_threshold: 50, bill_threshold_usd: 12.5 },
    });
    assert.equal(put.statusCode, 200);
    const b = put.json();
    assert.equal(b.notify_email, 'ops@bank.example');
    assert.equal(b.effective_notify_email, 'ops@bank.example');
    assert.equal(b.notify_email_verified, false, 'a new address waits for its link');
    assert.equal(b.mail_delivery, 'notify_email_unverified');
    assert.equal(b.calls_threshold, 1000);
    assert.equal(b.unique_users_threshold, 50);
    assert.equal(b.bill_threshold_usd, 12.5);
    assert.equal(b.updated_at, '2026-11-21T12:00:00.000Z');
    // The sandbox configuration is separate.
    const sandbox = await t.inject({ method: 'GET', url: '/api/v1/usage/alerts', headers: keyHeaders(p) });
    assert.equal(sandbox.json().calls_threshold, null);
    assert.equal(sandbox.json().environment, 'test');
    assert.equal(sandbox.json().current.estimated_bill_usd, null);
    // PUT replaces: what is left out is off.
    const again = await t.inject({ method: 'PUT', url: '/api/v1/usage/alerts', headers: keyHeaders(p, { env: 'live' }), payload: { calls_threshold: 5 } });
    assert.equal(again.json().calls_threshold, 5);
    assert.equal(again.json().unique_users_threshold, null);
    assert.equal(again.json().notify_email, null);
    const del = await t.inject({ method: 'DELETE', url: '/api/v1/usage/alerts', headers: keyHeaders(p, { env: 'live' }) });
    assert.deepEqual(del.json(), { deleted: true, environment: 'live' });
    const gone = await t.inject({ method: 'GET', url: '/api/v1/usage/alerts', headers: keyHeaders(p, { env: 'live' }) });
    assert.equal(gone.json().calls_threshold, null);
    const twice = await t.inject({ method: 'DELETE', url: '/api/v1/usage/alerts', headers: keyHeaders(p, { env: 'live' }) });
    assert.deepEqual(twice.json(), { deleted: false, environment: 'live' });
  });

  it('PUT answers 422 in FastAPI shape for every bound', async () => {
    const cases: [unknown, string, (string | number)[]][] = [
      [{ calls_threshold: 0 }, 'greater_than_equal', ['body', 'calls_threshold']],
      [{ calls_threshold: -5 }, 'greater_than_equal', ['body', 'calls_threshold']],
      [{ calls_threshold: 1.5 }, 'int_from_float', ['body', 'calls_threshold']],
      [{ calls_threshold: '10' }, 'int_type', ['body', 'calls_threshold']],
      [{ unique_users_threshold: 1e13 }, 'less_than_equal', ['body', 'unique_users_threshold']],
      [{ bill_threshold_usd: 0 }, 'greater_than_equal', ['body', 'bill_threshold_usd']],
      // Below one cent the alert could never fire (it would be stored as 0).
      [{ bill_threshold_usd: 0.004 }, 'greater_than_equal', ['body', 'bill_threshold_usd']],
      [{ bill_threshold_usd: 'x' }, 'float_type', ['body', 'bill_threshold_usd']],
      [{ notify_email: 'not-an-email' }, 'value_error', ['body', 'notify_email']],
      [{ notify_email: 5 }, 'string_type', ['body', 'notify_email']],
      [[1], 'model_attributes_type', ['body']],
    ];
    for (const [payload, type, loc] of cases) {
      const res = await t.inject({ method: 'PUT', url: '/api/v1/usage/alerts', headers: keyHeaders(p), payload: payload as object });
      assert.equal(res.statusCode, 422, JSON.stringify(payload));
      const item = res.json().detail.find((d: { loc: unknown }) => JSON.stringify(d.loc) === JSON.stringify(loc));
      assert.ok(item, `${JSON.stringify(payload)} → ${res.body}`);
      assert.equal(item.type, type, JSON.stringify(payload));
    }
    const bad = await t.inject({ method: 'PUT', url: '/api/v1/usage/alerts', headers: { ...keyHeaders(p), 'content-type': 'application/json' }, payload: '{"calls_threshold": ' });
    assert.equal(bad.statusCode, 422);
    assert.equal(bad.json().detail[0].type, 'json_invalid');
  });

  it('every route refuses no key, a wrong key and a suspended partner; a partner sees only its own configuration', async () => {
    const other = await t.partner();
    await t.inject({ method: 'PUT', url: '/api/v1/usage/alerts', headers: keyHeaders(other), payload: { calls_threshold: 77 } });
    const mine = await t.inject({ method: 'GET', url: '/api/v1/usage/alerts', headers: keyHeaders(p) });
    assert.equal(mine.json().calls_threshold, null);
    const susp = await t.partner();
    await t.deps.database.db.updateTable('partners').set({ active: 0 }).where('id', '=', susp.id).execute();
    await t.deps.auth.invalidatePartner(susp.id);
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const payload = method === 'PUT' ? { calls_threshold: 1 } : undefined;
      assert.equal((await t.inject({ method, url: '/api/v1/usage/alerts', payload })).statusCode, 401, method);
      assert.equal((await t.inject({ method, url: '/api/v1/usage/alerts', headers: { 'x-api-key': 'svc_test_wrong' }, payload })).statusCode, 401, method);
      const s = await t.inject({ method, url: '/api/v1/usage/alerts', headers: keyHeaders(susp), payload });
      assert.equal(s.statusCode, 403, method);
      assert.deepEqual(s.json(), { detail: 'partner suspended', code: 'partner_suspended' });
    }
    assert.equal((await t.inject({ method: 'GET', url: '/api/v1/usage/alerts', headers: keyHeaders(other) })).json().calls_threshold, 77);
  });
});

describe('usage alerts firing', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  const clock = new TestClock(Date.parse('2026-11-21T12:00:00.000Z'));
  before(async () => {
    smtp = await startSmtp();
    t = await buildTestApp({ clock, env: { USAGE_FLUSH_MS: '60000', SMTP_URL: smtp.url, RATE_PER_USER_USD: '0.05', MAIL_FROM: 'Service <alerts@svc.example>' } });
  });
  after(async () => {
    await t.close();
    await smtp.close();
  });

  const evaluate = async () => {
    await t.deps.usage.flush();
    return evaluateAlerts(t.deps);
  };

  it('warns at 80 %, fires at 100 %, once per threshold per month: email over SMTP and a webhook outbox event', async () => {
    clock.set('2026-11-21T12:00:00.000Z');
    const p = await t.partner();
    await addWebhookEndpoint(t, p.id, 'live');
    const put = await t.inject({
      method: 'PUT',
      url: '/api/v1/usage/alerts',
      headers: keyHeaders(p, { env: 'live' }),
      payload: { notify_email: 'ops@bank.example', calls_threshold: 10, unique_users_threshold: 3, bill_threshold_usd: 0.1 },
    });
    assert.equal(put.statusCode, 200); // 1 call
    // The new address gets its verification link first (over SMTP too); alerts go there once it is followed.
    assert.equal(smtp.received.length, 1);
    assert.deepEqual(smtp.received[0].to, ['ops@bank.example']);
    assert.equal((await verifyEmail(t, verificationToken(smtp.received[0].raw))).statusCode, 200);
    smtp.received.length = 0;
    for (let i = 0; i < 6; i++) await calc(t, p, 'u1'); // 7 calls, 1 user, $0.05
    assert.equal((await evaluate()).notified, 0);
    assert.equal(smtp.received.length, 0);

    await calc(t, p, 'u2'); // 8 calls (80 %), 2 users (67 %), $0.10 (100 %)
    assert.equal((await evaluate()).notified, 2);
    assert.equal((await evaluate()).notified, 0, 'nothing fires twice');
    assert.equal(smtp.received.length, 2);
    for (const m of smtp.received) {
      assert.deepEqual(m.to, ['ops@bank.example']);
      assert.equal(m.from, 'alerts@svc.example');
    }
    const subjects = smtp.received.map((m) => m.subject).sort();
    assert.deepEqual(subjects, [
      'Usage alert (production): API calls is at 80% of your threshold for 2026-11',
      'Usage alert (production): estimated bill (USD) reached your threshold for 2026-11',
    ]);
    assert.match(smtp.received.find((m) => m.subject.includes('API calls'))!.raw, /API calls: 8 of 10 \(80%\)/);

    await calc(t, p, 'u2');
    await calc(t, p, 'u2'); // 10 calls
    assert.equal((await evaluate()).notified, 1);
    assert.equal(smtp.received.length, 3);
    assert.equal(smtp.received[2].subject, 'Usage alert (production): API calls reached your threshold for 2026-11');

    const events = await thresholdEvents(t, p.id);
    assert.equal(events.length, 3);
    assert.deepEqual(
      events.map((e) => [e.payload.data.threshold, e.payload.data.level, e.payload.data.limit, e.payload.data.value]),
      [
        ['calls_threshold', 'warning', 10, 8],
        ['bill_threshold_usd', 'reached', 0.1, 0.1],
        ['calls_threshold', 'reached', 10, 10],
      ],
    );
    for (const e of events) {
      assert.equal(e.environment, 'live');
      assert.equal(e.state, 'pending');
      assert.equal(e.payload.type, 'usage.threshold_reached');
      assert.equal(e.payload.data.month, '2026-11');
      assert.match(e.payload.id, /^evt_/);
    }

    const cfg = (await t.inject({ method: 'GET', url: '/api/v1/usage/alerts', headers: keyHeaders(p, { env: 'live' }) })).json();
    assert.deepEqual(cfg.current, { calls: 11, unique_end_users: 2, estimated_bill_usd: 0.1 });
    assert.deepEqual(
      cfg.fired.map((f: { threshold: string; level: string }) => `${f.threshold}:${f.level}`).sort(),
      ['bill_threshold_usd:reached', 'bill_threshold_usd:warning', 'calls_threshold:reached', 'calls_threshold:warning'],
    );

    // A new month starts from zero and fires again.
    clock.set('2026-12-01T00:00:05.000Z');
    for (let i = 0; i < 8; i++) await calc(t, p, 'dec');
    assert.equal((await evaluate()).notified, 1);
    assert.equal(smtp.received.length, 4);
    assert.equal(smtp.received[3].subject, 'Usage alert (production): API calls is at 80% of your threshold for 2026-12');
    const dec = (await t.inject({ method: 'GET', url: '/api/v1/usage/alerts', headers: keyHeaders(p, { env: 'live' }) })).json();
    assert.equal(dec.month, '2026-12');
    assert.deepEqual(dec.fired.map((f: { threshold: string; level: string }) => `${f.threshold}:${f.level}`), ['calls_threshold:warning']);
    clock.set('2026-11-21T12:00:00.000Z');
  });

  it('a jump past 100 % notifies once; a raised threshold fires again; concurrent evaluations notify once', async () => {
    clock.set('2026-11-22T09:00:00.000Z');
    const p = await t.partner();
    const before = smtp.received.length;
    await t.inject({ method: 'PUT', url: '/api/v1/usage/alerts', headers: keyHeaders(p), payload: { calls_threshold: 3 } });
    for (let i = 0; i < 5; i++) await calc(t, p, 'x', 'test');
    await t.deps.usage.flush();
    const results = await Promise.all([evaluateAlerts(t.deps), evaluateAlerts(t.deps), evaluateAlerts(t.deps)]);
    assert.equal(results.reduce((a, r) => a + r.notified, 0), 1);
    assert.equal(smtp.received.length, before + 1);
    const mail = smtp.received[before];
    assert.equal(mail.subject, 'Usage alert (sandbox): API calls reached your threshold for 2026-11');
    assert.deepEqual(mail.to, [p.email], 'no notify_email: the account email');
    // No webhook endpoint: no event.
    assert.equal((await thresholdEvents(t, p.id)).length, 0);
    // Raising the threshold is a new threshold: it fires when crossed.
    await t.inject({ method: 'PUT', url: '/api/v1/usage/alerts', headers: keyHeaders(p), payload: { calls_threshold: 12 } });
    for (let i = 0; i < 3; i++) await calc(t, p, 'x', 'test'); // 10 calls: 83 % of 12
    assert.equal((await evaluate()).notified, 1);
    assert.equal(smtp.received[before + 1].subject, 'Usage alert (sandbox): API calls is at 80% of your threshold for 2026-11');
    // The bill threshold never fires on sandbox (never billed).
    await t.inject({ method: 'PUT', url: '/api/v1/usage/alerts', headers: keyHeaders(p), payload: { bill_threshold_usd: 0.01 } });
    for (let i = 0; i < 3; i++) await calc(t, p, `b${i}`, 'test');
    assert.equal((await evaluate()).notified, 0);
  });

  it('the usage worker flushes and evaluates by itself', async () => {
    const w = await buildTestApp({ workers: true, env: { USAGE_FLUSH_MS: '50', SMTP_URL: smtp.url } });
    try {
      const p = await w.partner();
      await w.inject({ method: 'PUT', url: '/api/v1/usage/alerts', headers: keyHeaders(p), payload: { unique_users_threshold: 2, notify_email: 'worker@bank.example' } });
      const link = smtp.received[smtp.received.length - 1];
      assert.deepEqual(link.to, ['worker@bank.example']);
      assert.equal((await verifyEmail(w, verificationToken(link.raw))).statusCode, 200);
      const before = smtp.received.length;
      for (const u of ['a', 'b']) await w.inject({ method: 'POST', url: '/api/v1/calculate/safe-to-spend', headers: keyHeaders(p), payload: { end_user_id: u } });
      const deadline = Date.now() + 5000;
      while (smtp.received.length === before && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
      const got = smtp.received.slice(before);
      assert.equal(got.length, 1);
      assert.deepEqual(got[0].to, ['worker@bank.example']);
      assert.equal(got[0].subject.startsWith('Usage alert (sandbox): unique end-users reached your threshold'), true);
    } finally {
      await w.close();
    }
  });
});

describe('mail outbox (no SMTP, or SMTP refusing)', () => {
  let t: TestApp;
  before(async () => {
    t = await buildTestApp({ env: { USAGE_FLUSH_MS: '60000' } });
  });
  after(() => t.close());

  it('keeps alert mail in the outbox, which an admin lists page by page', async () => {
    const p = await t.partner();
    const admin = await t.admin();
    await t.inject({ method: 'PUT', url: '/api/v1/usage/alerts', headers: keyHeaders(p), payload: { calls_threshold: 1, unique_users_threshold: 1, notify_email: 'box@bank.example' } });
    const [link] = await outbox(t, admin.token, 'notify_email_verification');
    assert.equal(link.to, 'box@bank.example');
    assert.equal((await verifyEmail(t, verificationToken(link.text))).statusCode, 200);
    await t.inject({ method: 'POST', url: '/api/v1/calculate/safe-to-spend', headers: keyHeaders(p), payload: { end_user_id: '=HYPERLINK("x")' } });
    await t.deps.usage.flush();
    assert.equal((await evaluateAlerts(t.deps)).notified, 2);
    for (let i = 0; i < 3; i++) await t.deps.mailer.send({ kind: 'contact', to: 'ops@svc.example', subject: `Lead ${i}`, text: 'hello' });

    const first = await t.inject({ method: 'GET', url: '/api/admin/mail-outbox?limit=3', headers: { authorization: `Bearer ${admin.token}` } });
    assert.equal(first.statusCode, 200);
    const b = first.json();
    assert.equal(b.transport, 'outbox');
    assert.equal(b.count, 3);
    assert.ok(b.next_cursor);
    const second = await t.inject({ method: 'GET', url: `/api/admin/mail-outbox?limit=3&cursor=${b.next_cursor}`, headers: { authorization: `Bearer ${admin.token}` } });
    const all = [...b.items, ...second.json().items];
    assert.equal(all.length, 6, 'the verification link, two alerts, three contact mails');
    assert.equal(second.json().next_cursor, null);
    assert.equal(new Set(all.map((m: { id: string }) => m.id)).size, 6);
    const alerts = all.filter((m: { kind: string }) => m.kind === 'usage_alert');
    assert.equal(alerts.length, 2);
    for (const m of alerts) {
      assert.equal(m.to, 'box@bank.example');
      assert.equal(m.status, 'outbox');
      assert.match(m.subject, /^Usage alert \(sandbox\): /);
      assert.match(m.text, /Partner: ptr_/);
    }
    const only = await t.inject({ method: 'GET', url: '/api/admin/mail-outbox?kind=usage_alert', headers: { authorization: `Bearer ${admin.token}` } });
    assert.equal(only.json().count, 2);
  });

  it('mail the SMTP server refuses is kept as failed, with the reason', async () => {
    const dead = await buildTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:1' } });
    try {
      await dead.deps.mailer.send({ kind: 'usage_alert', to: 'x@bank.example', subject: 'S', text: 'T' });
      const rows = await dead.deps.database.db.selectFrom('mail_outbox').selectAll().execute();
      assert.equal(rows.length, 1);
      assert.equal(rows[0].status, 'failed');
      assert.match(rows[0].error ?? '', /ECONNREFUSED|connect/i);
      const admin = await dead.admin();
      const res = await dead.inject({ method: 'GET', url: '/api/admin/mail-outbox?status=failed', headers: { authorization: `Bearer ${admin.token}` } });
      assert.equal(res.json().transport, 'smtp');
      assert.equal(res.json().items[0].status, 'failed');
    } finally {
      await dead.close();
    }
  });

  it('the admin listing refuses no session, a partner session and bad input', async () => {
    const none = await t.inject({ method: 'GET', url: '/api/admin/mail-outbox' });
    assert.equal(none.statusCode, 401);
    const wrong = await t.inject({ method: 'GET', url: '/api/admin/mail-outbox', headers: { authorization: 'Bearer sess_nope' } });
    assert.equal(wrong.statusCode, 401);
    const p = await t.partner();
    const partnerToken = await t.session('partner', p.id);
    const partner = await t.inject({ method: 'GET', url: '/api/admin/mail-outbox', headers: { authorization: `Bearer ${partnerToken}` } });
    assert.equal(partner.statusCode, 403);
    const key = await t.inject({ method: 'GET', url: '/api/admin/mail-outbox', headers: keyHeaders(p) });
    assert.equal(key.statusCode, 401);
    const admin = await t.admin();
    const h = { authorization: `Bearer ${admin.token}` };
    assert.equal((await t.inject({ method: 'GET', url: '/api/admin/mail-outbox?limit=0', headers: h })).statusCode, 422);
    assert.equal((await t.inject({ method: 'GET', url: '/api/admin/mail-outbox?limit=501', headers: h })).statusCode, 422);
    assert.equal((await t.inject({ method: 'GET', url: '/api/admin/mail-outbox?status=sent', headers: h })).statusCode, 422);
    const cur = await t.inject({ method: 'GET', url: '/api/admin/mail-outbox?cursor=%%%', headers: h });
    assert.equal(cur.statusCode, 422);
    assert.deepEqual(cur.json().detail[0].loc, ['query', 'cursor']);
  });
});
