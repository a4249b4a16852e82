/**
 * Usage alert mail goes only to verified addresses, and never lets the partner speak for the
 * platform: an account whose email is unverified cannot make the service mail an address it chose
 * (notify_email), signing up with someone else's email sends them only the sign-up link (and makes
 * no account), and the alert mail names the company only as quoted data.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { evaluateAlerts } from '../../src/areas/metering/service.js';
import { buildTestApp, keyHeaders, TestClock, type TestApp, type TestPartner } from '../helpers/app.js';
import { outbox, verificationToken, verifyEmail, type OutboxMail } from '../helpers/mail.js';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const HOSTILE = 'Evil Corp\r\n\r\nYour account is suspended: sign in at https://evil.example/login\nThe Security Team';

let address = 0;
const nextAddress = () => `10.61.${Math.floor(++address / 250)}.${address % 250}`;

describe('usage alert mail to verified addresses only', () => {
  let t: TestApp;
  let admin: { token: string };
  const clock = new TestClock(Date.parse('2026-11-21T12:00:00.000Z'));
  before(async () => {
    t = await buildTestApp({ clock, env: { USAGE_FLUSH_MS: '60000' } });
    admin = await t.admin();
  });
  after(() => t.close());

  /**
   * A self-signed-up account whose email is not verified: one signed up when sign-up created the account at once
   * (a sign-up now creates it only through the link mailed to the address), signed in, with its link asked for.
   */
  async function signUp(email: string, company = 'Plain Bank'): Promise<{ session: string; partner: TestPartner }> {
    const p = await t.partner({ email, company, name: 'Mallory Maker', activated: false, signupSource: 'self-signup', emailVerified: false });
    const session = await t.session('partner', p.id);
    const link = await t.inject({ method: 'POST', url: '/api/auth/partner/verify-email/resend', headers: bearer(session), remoteAddress: nextAddress() });
    assert.equal(link.statusCode, 202, link.body);
    return { session, partner: p };
  }

  const mailsTo = async (to: string, kind?: string): Promise<OutboxMail[]> => (await outbox(t, admin.token, kind)).filter((m) => m.to === to);
  const alerts = async (p: TestPartner) => (await t.inject({ method: 'GET', url: '/api/v1/usage/alerts', headers: keyHeaders(p) })).json();
  const put = (p: TestPartner, payload: object) => t.inject({ method: 'PUT', url: '/api/v1/usage/alerts', headers: keyHeaders(p), payload });
  /** n calls of the test key (the clock moves on a second every 40, clear of the per-second key limit), flushed, then one evaluation pass. */
  async function use(p: TestPartner, n: number) {
    for (let i = 0; i < n; i++) {
      if (i % 40 === 0) clock.advance(1000);
      await t.inject({ method: 'POST', url: '/api/v1/calculate/safe-to-spend', headers: keyHeaders(p), payload: { end_user_id: `u${i}` } });
    }
    await t.deps.usage.flush();
    return evaluateAlerts(t.deps);
  }

  it('an account with an unverified email cannot make the service mail an address it chose; alerts start once both addresses are verified', async () => {
    const { partner } = await signUp('mallory@attacker.example', HOSTILE);
    const resend = () => t.inject({ method: 'POST', url: '/api/v1/usage/alerts/verify-email/resend', headers: keyHeaders(partner) });
    const res = await put(partner, { notify_email: 'ceo@victim.example', calls_threshold: 1 });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().notify_email_verified, false);
    assert.equal(res.json().mail_delivery, 'account_email_unverified');
    // Until the account email is verified, the victim is sent nothing at all, not even a link.
    assert.equal((await mailsTo('ceo@victim.example')).length, 0);
    const early = await resend();
    assert.equal(early.statusCode, 409);
    assert.match(early.json().detail, /Verify the account email first/);
    assert.equal((await mailsTo('ceo@victim.example')).length, 0);

    const first = await use(partner, 3);
    assert.equal(first.notified, 0);
    assert.ok(first.suppressed >= 1);
    assert.equal((await mailsTo('ceo@victim.example', 'usage_alert')).length, 0, 'nothing mailed to the unverified address');
    assert.equal((await mailsTo('mallory@attacker.example', 'usage_alert')).length, 0, 'nor to the unverified account email');
    const fired = (await alerts(partner)).fired;
    assert.ok(fired.length >= 1);
    assert.ok(fired.every((f: { mail: string | null }) => f.mail === 'suppressed' || f.mail === null));
    assert.ok(fired.some((f: { mail: string | null }) => f.mail === 'suppressed'));

    // The account email verified, notify_email still waits for its own link.
    const [accountLink] = await mailsTo('mallory@attacker.example', 'email_verification');
    assert.equal((await verifyEmail(t, verificationToken(accountLink.text))).statusCode, 200);
    assert.equal((await alerts(partner)).mail_delivery, 'notify_email_unverified');
    assert.equal((await resend()).statusCode, 202);
    // The link carries the platform's words, the link and the partner id: nothing the partner wrote.
    const links = await mailsTo('ceo@victim.example');
    assert.equal(links.length, 1);
    assert.equal(links[0].kind, 'notify_email_verification');
    assert.equal(links[0].subject, 'Confirm this address for usage alerts');
    assert.doesNotMatch(links[0].text, /Evil|evil\.example|suspended|Security Team|Mallory/);
    assert.match(links[0].text, new RegExp(`Partner: ${partner.id}`));
    assert.equal((await verifyEmail(t, verificationToken(links[0].text))).json().purpose, 'notify_email');

    // Both verified: alerts are mailed, with no partner text where the platform speaks.
    const now = (await put(partner, { notify_email: 'ceo@victim.example', calls_threshold: 100 })).json();
    assert.equal(now.mail_delivery, 'active');
    const sent = await use(partner, 85 - now.current.calls); // 85 calls: past 80 % of 100
    assert.equal(sent.notified, 1);
    const [mail] = await mailsTo('ceo@victim.example', 'usage_alert');
    assert.equal(mail.subject, 'Usage alert (sandbox): API calls is at 80% of your threshold for 2026-11');
    const lines = mail.text.split('\n');
    assert.match(lines[0], /^Usage alert: sandbox usage for 2026-11 \(UTC\) is at 80% of a threshold set on your partner account\.$/);
    assert.doesNotMatch(mail.text, /Hello/);
    // The company appears once, as quoted data on its own line, flattened to one line.
    const named = lines.filter((l) => l.includes('Evil Corp'));
    assert.equal(named.length, 1);
    assert.match(named[0], /^Account name: "Evil Corp Your account is suspended: sign in at https:\/\/evil\.example\/login [^"\n]*…"$/);
    assert.ok(Array.from(JSON.parse(named[0].slice('Account name: '.length)) as string).length <= 80, 'bounded');
    assert.equal(lines.filter((l) => /evil\.example|Security Team|suspended/.test(l)).length, 1);
  });

  it("signing up with someone else's email mails them only the sign-up link, and makes no account", async () => {
    const form = { email: 'cfo@victim.example', password: 'an imposters passphrase 1', company_name: 'Imposter Ltd', contact_name: 'Mallory Maker' };
    const res = await t.inject({ method: 'POST', url: '/api/auth/partner/register', payload: form, remoteAddress: nextAddress() });
    assert.equal(res.statusCode, 200, res.body);
    await t.deps.background.idle();
    assert.deepEqual((await mailsTo('cfo@victim.example')).map((m) => m.kind), ['signup_confirmation']);
    const login = await t.inject({ method: 'POST', url: '/api/auth/partner/login', payload: { email: form.email, password: form.password }, remoteAddress: nextAddress() });
    assert.equal(login.statusCode, 401, 'no account without the link');
  });

  it("an unverified account's alerts go nowhere but its verification link", async () => {
    const { partner } = await signUp('cfo2@victim.example', 'Imposter Ltd');
    await put(partner, { calls_threshold: 1 });
    const state = await alerts(partner);
    assert.equal(state.effective_notify_email, 'cfo2@victim.example');
    assert.equal(state.notify_email_verified, false);
    assert.equal(state.mail_delivery, 'account_email_unverified');
    const r = await use(partner, 2);
    assert.equal(r.notified, 0);
    const got = await mailsTo('cfo2@victim.example');
    assert.deepEqual(got.map((m) => m.kind), ['email_verification']);
  });

  it('a new notify_email needs its own link; a verified one stays verified; the account email needs none', async () => {
    const p = await t.partner(); // operator-created: account email verified
    const a = await put(p, { notify_email: 'ops@bank.example', calls_threshold: 1000 });
    assert.equal(a.json().notify_email_verified, false);
    assert.equal(a.json().mail_delivery, 'notify_email_unverified');
    const [link] = await mailsTo('ops@bank.example', 'notify_email_verification');
    // Replacing the configuration with the same address sends nothing more.
    await put(p, { notify_email: 'OPS@bank.example', calls_threshold: 900 });
    assert.equal((await mailsTo('ops@bank.example')).length, 1);
    assert.equal((await verifyEmail(t, verificationToken(link.text))).statusCode, 200);
    assert.equal((await alerts(p)).notify_email_verified, true);

    // Another address: unverified again, with its own link.
    const b = await put(p, { notify_email: 'finance@bank.example', calls_threshold: 900 });
    assert.equal(b.json().notify_email_verified, false);
    assert.equal((await mailsTo('finance@bank.example', 'notify_email_verification')).length, 1);
    // Back to the verified one: verified at once, no mail.
    const back = await put(p, { notify_email: 'ops@bank.example', calls_threshold: 900 });
    assert.equal(back.json().notify_email_verified, true);
    assert.equal(back.json().mail_delivery, 'active');
    assert.equal((await mailsTo('ops@bank.example')).length, 1);
    // The account email (any case): verified with the account, no link.
    const own = await put(p, { notify_email: p.email.toUpperCase(), calls_threshold: 900 });
    assert.equal(own.json().notify_email_verified, true);
    assert.equal((await mailsTo(p.email.toUpperCase())).length, 0);
    // The other environment shares the partner's verified addresses.
    const live = await t.inject({ method: 'PUT', url: '/api/v1/usage/alerts', headers: keyHeaders(p, { env: 'live' }), payload: { notify_email: 'ops@bank.example' } });
    assert.equal(live.json().notify_email_verified, true);
  });

  it('an alert to an unverified notify_email is suppressed; after verification it is mailed', async () => {
    const p = await t.partner();
    await put(p, { notify_email: 'later@bank.example', calls_threshold: 2 });
    const r = await use(p, 2);
    assert.equal(r.notified, 0);
    assert.equal(r.suppressed, 1);
    assert.equal((await mailsTo('later@bank.example', 'usage_alert')).length, 0);
    const fired = (await alerts(p)).fired.map((f: { level: string; mail: string | null }) => `${f.level}:${f.mail}`).sort();
    assert.deepEqual(fired, ['reached:suppressed', 'warning:null']);
    const [link] = await mailsTo('later@bank.example', 'notify_email_verification');
    await verifyEmail(t, verificationToken(link.text));
    await put(p, { notify_email: 'later@bank.example', calls_threshold: 10 });
    assert.equal((await use(p, 8)).notified, 1);
    const mails = await mailsTo('later@bank.example', 'usage_alert');
    assert.equal(mails.length, 1);
    assert.equal((await alerts(p)).fired.filter((f: { mail: string | null }) => f.mail === 'sent').length, 1);
  });

  it('the profile usage_alert_email, which has no link of its own, gets no alert mail unless verified', async () => {
    const p = await t.partner();
    await t.deps.database.db.updateTable('partners').set({ usage_alert_email: 'profile@bank.example' }).where('id', '=', p.id).execute();
    await put(p, { calls_threshold: 1 });
    const state = await alerts(p);
    assert.equal(state.effective_notify_email, 'profile@bank.example');
    assert.equal(state.mail_delivery, 'notify_email_unverified');
    assert.equal((await use(p, 1)).notified, 0);
    assert.equal((await mailsTo('profile@bank.example')).length, 0);
  });

  it('resend: a new link supersedes the old one; nothing to do when verified or the account email; 409 without notify_email', async () => {
    const p = await t.partner();
    const url = '/api/v1/usage/alerts/verify-email/resend';
    const none = await t.inject({ method: 'POST', url, headers: keyHeaders(p) });
    assert.equal(none.statusCode, 409);
    assert.equal(none.json().code, 'conflict');

    await put(p, { notify_email: 'again@bank.example', calls_threshold: 5 });
    const [old] = await mailsTo('again@bank.example');
    const res = await t.inject({ method: 'POST', url: '/v1/usage/alerts/verify-email/resend', headers: keyHeaders(p) });
    assert.equal(res.statusCode, 202, res.body);
    assert.equal(res.json().sent, true);
    const mails = await mailsTo('again@bank.example');
    assert.equal(mails.length, 2);
    const stale = await verifyEmail(t, verificationToken(old.text));
    assert.equal(stale.statusCode, 410);
    assert.equal(stale.json().code, 'verification_token_expired');
    assert.equal((await verifyEmail(t, verificationToken(mails[0].text))).statusCode, 200);
    const done = await t.inject({ method: 'POST', url, headers: keyHeaders(p) });
    assert.equal(done.statusCode, 200);
    assert.equal(done.json().sent, false);

    await put(p, { notify_email: p.email, calls_threshold: 5 });
    const own = await t.inject({ method: 'POST', url, headers: keyHeaders(p) });
    assert.equal(own.statusCode, 200);
    assert.equal(own.json().sent, false);

    assert.equal((await t.inject({ method: 'POST', url })).statusCode, 401);
    assert.equal((await t.inject({ method: 'POST', url, headers: { 'x-api-key': 'svc_test_nope' } })).statusCode, 401);
  });

  it('new addresses are limited per partner: over 5 links an hour, PUT answers 429 and nothing changes', async () => {
    const p = await t.partner();
    for (let i = 0; i < 5; i++) assert.equal((await put(p, { notify_email: `n${i}@bank.example`, calls_threshold: 5 })).statusCode, 200);
    const over = await put(p, { notify_email: 'n5@bank.example', calls_threshold: 7 });
    assert.equal(over.statusCode, 429);
    assert.equal(over.json().code, 'verification_mail_limited');
    assert.match(String(over.headers['retry-after']), /^\d+$/);
    const state = await alerts(p);
    assert.equal(state.notify_email, 'n4@bank.example');
    assert.equal(state.calls_threshold, 5);
    assert.equal((await mailsTo('n5@bank.example')).length, 0);
    // Changing thresholds without a new address is not limited.
    assert.equal((await put(p, { notify_email: 'n4@bank.example', calls_threshold: 9 })).statusCode, 200);
    clock.advance(3_600_000);
    assert.equal((await put(p, { notify_email: 'n5@bank.example', calls_threshold: 7 })).statusCode, 200);
  });
});
