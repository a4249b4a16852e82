/**
 * Account email verification: a finished sign-up is verified by the link that created it; an account
 * left unverified (signed up when sign-up created the account at once) asks for a single-use link;
 * following it (no session needed) verifies the account email; links expire after 48 hours, a resend
 * supersedes them, and a partner gets at most 5 verification mails an hour. Operator-created partners,
 * and every partner that existed before migration 0018, are verified.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Kysely } from 'kysely';
import * as m0018 from '../../src/db/migrations/0018_email_verification.js';
import { buildTestApp, keyHeaders, TestClock, type TestApp } from '../helpers/app.js';
import { outbox, verificationToken, verifyEmail, type OutboxMail } from '../helpers/mail.js';
import { signUp as signUpFully } from '../helpers/signup.js';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const HOUR = 3_600_000;

let address = 0;
/** A distinct client address per sign-up, so the per-address limit of public writes stays out of the way. */
const nextAddress = () => `10.60.${Math.floor(++address / 250)}.${address % 250}`;

describe('account email verification', () => {
  let t: TestApp;
  let admin: { token: string };
  const clock = new TestClock(Date.parse('2026-05-04T09:00:00.000Z'));
  before(async () => {
    t = await buildTestApp({ clock });
    admin = await t.admin();
  });
  after(() => t.close());

  /** An account whose email is not verified yet, signed in, after asking for its first link. */
  async function signUp(email: string, company = 'Bank of Tests') {
    const p = await t.partner({ email, company, name: 'Casey Contact', emailVerified: false });
    const token = await t.session('partner', p.id);
    const res = await t.inject({ method: 'POST', url: '/api/auth/partner/verify-email/resend', headers: bearer(token), remoteAddress: nextAddress() });
    assert.equal(res.statusCode, 202, res.body);
    return { token, partner: { id: p.id, email_verified: false } };
  }

  const linksTo = async (email: string): Promise<OutboxMail[]> => (await outbox(t, admin.token, 'email_verification')).filter((m) => m.to === email);
  const me = async (token: string) => (await t.inject({ method: 'GET', url: '/api/auth/partner/me', headers: bearer(token) })).json();

  it('a finished sign-up is verified by its own link: no verification mail is sent, nothing to resend', async () => {
    const res = await signUpFully(t, { email: 'linked@bank.example', password: 'a-long-password-1', company_name: 'Linked Co', contact_name: 'Li Nked' }, nextAddress());
    assert.equal(res.json().partner.email_verified, true);
    assert.equal((await linksTo('linked@bank.example')).length, 0);
    const resend = await t.inject({ method: 'POST', url: '/api/auth/partner/verify-email/resend', headers: bearer(res.json().token) });
    assert.deepEqual(resend.json(), { detail: 'The account email is already verified', sent: false, expires_at: null });
  });

  it('an unverified account gets exactly one verification mail in the outbox, with only the platform speaking', async () => {
    const s = await signUp('first@bank.example', 'Acme <https://evil.example/login>\nPay now');
    assert.equal(s.partner.email_verified, false);
    const mails = await linksTo('first@bank.example');
    assert.equal(mails.length, 1);
    const [m] = mails;
    assert.equal(m.subject, 'Confirm your email address');
    assert.equal(m.status, 'outbox');
    assert.match(m.text, /^A partner account was created at http:\/\/localhost:8000 with this email address\./);
    assert.match(m.text, /http:\/\/localhost:8000\/portal\/verify-email\?token=vfy_[0-9A-Za-z]{43}\n/);
    assert.match(m.text, /until 2026-05-06T09:00:00\.000Z \(48 hours\)/);
    // Nothing the partner wrote: neither the company nor the contact name.
    assert.doesNotMatch(m.text, /Acme|evil\.example|Pay now|Casey/);
    assert.equal((await me(s.token)).email_verified, false);
  });

  it('following the link verifies the email, without a session; the link works once', async () => {
    const s = await signUp('second@bank.example');
    const token = verificationToken((await linksTo('second@bank.example'))[0].text);
    const ok = await verifyEmail(t, token);
    assert.equal(ok.statusCode, 200, ok.body);
    assert.deepEqual(ok.json(), { detail: 'Your email address is verified', purpose: 'account' });
    assert.equal((await me(s.token)).email_verified, true);
    // The administrator's view of the account shows it too.
    const list = await t.inject({ method: 'GET', url: '/api/admin/partners?q=second%40bank.example', headers: bearer(admin.token) });
    assert.equal(list.json().items[0].email_verified, true);
    const audit = await t.inject({ method: 'GET', url: `/api/admin/audit-log?target_id=${s.partner.id}&action=partner.email_verified`, headers: bearer(admin.token) });
    assert.equal(audit.json().items.length, 1);

    const again = await verifyEmail(t, token);
    assert.equal(again.statusCode, 410);
    assert.equal(again.json().code, 'verification_token_used');
  });

  it('a link expires after 48 hours; unknown and malformed tokens are refused', async () => {
    const s = await signUp('late@bank.example');
    const token = verificationToken((await linksTo('late@bank.example'))[0].text);
    const start = clock.now();
    clock.advance(48 * HOUR);
    const late = await verifyEmail(t, token);
    assert.equal(late.statusCode, 410);
    assert.equal(late.json().code, 'verification_token_expired');
    clock.set(start); // sessions last 12 hours
    assert.equal((await me(s.token)).email_verified, false);

    const unknown = await verifyEmail(t, `vfy_${'x'.repeat(43)}`);
    assert.equal(unknown.statusCode, 400);
    assert.equal(unknown.json().code, 'verification_token_invalid');
    for (const payload of [{}, { token: '' }, { token: 'v'.repeat(201) }, { token: 5 }, { token: 'vfy_\u0001' }]) {
      const r = await t.inject({ method: 'POST', url: '/api/auth/partner/verify-email', payload, remoteAddress: nextAddress() });
      assert.equal(r.statusCode, 422, JSON.stringify(payload));
      assert.equal(r.json().code, 'validation_failed');
    }
  });

  it('a resend supersedes every earlier link; once verified there is nothing to resend', async () => {
    const s = await signUp('resend@bank.example');
    const first = verificationToken((await linksTo('resend@bank.example'))[0].text);
    const res = await t.inject({ method: 'POST', url: '/api/auth/partner/verify-email/resend', headers: bearer(s.token) });
    assert.equal(res.statusCode, 202, res.body);
    assert.equal(res.json().sent, true);
    assert.equal(res.json().expires_at, new Date(clock.now() + 48 * HOUR).toISOString());
    const mails = await linksTo('resend@bank.example');
    assert.equal(mails.length, 2);
    const second = verificationToken(mails[0].text);
    assert.notEqual(second, first);

    const old = await verifyEmail(t, first);
    assert.equal(old.statusCode, 410);
    assert.equal(old.json().code, 'verification_token_expired');
    assert.match(old.json().detail, /newer/);
    assert.equal((await verifyEmail(t, second)).statusCode, 200);
    assert.equal((await me(s.token)).email_verified, true);

    const done = await t.inject({ method: 'POST', url: '/api/auth/partner/verify-email/resend', headers: bearer(s.token) });
    assert.equal(done.statusCode, 200);
    assert.deepEqual(done.json(), { detail: 'The account email is already verified', sent: false, expires_at: null });
    assert.equal((await linksTo('resend@bank.example')).length, 2, 'nothing more was sent');
  });

  it('at most 5 verification mails an hour per account (429 with Retry-After), then again', async () => {
    const s = await signUp('budget@bank.example'); // its first link is the first of the hour
    const resend = () => t.inject({ method: 'POST', url: '/api/auth/partner/verify-email/resend', headers: bearer(s.token) });
    for (let i = 0; i < 4; i++) assert.equal((await resend()).statusCode, 202);
    clock.advance(10 * 60_000);
    const over = await resend();
    assert.equal(over.statusCode, 429);
    assert.equal(over.json().code, 'verification_mail_limited');
    assert.equal(over.headers['retry-after'], String(50 * 60));
    assert.equal((await linksTo('budget@bank.example')).length, 5);
    clock.advance(50 * 60_000);
    assert.equal((await resend()).statusCode, 202);
  });

  it('resend needs a partner session', async () => {
    const p = await t.partner();
    const url = '/api/auth/partner/verify-email/resend';
    assert.equal((await t.inject({ method: 'POST', url })).json().code, 'session_required');
    assert.equal((await t.inject({ method: 'POST', url, headers: bearer('sess_nope') })).json().code, 'session_expired');
    assert.equal((await t.inject({ method: 'POST', url, headers: bearer(admin.token) })).json().code, 'forbidden');
    assert.equal((await t.inject({ method: 'POST', url, headers: keyHeaders(p) })).statusCode, 401);
    const s = await t.session('partner', p.id);
    const cross = await t.inject({ method: 'POST', url, headers: { cookie: `svc_session=${s}`, origin: 'https://evil.example' } });
    assert.equal(cross.json().code, 'csrf_rejected');
  });

  it('operator-created partners are verified from the start and get no link', async () => {
    const p = await t.partner();
    const s = await t.session('partner', p.id);
    assert.equal((await me(s)).email_verified, true);
    assert.equal((await linksTo(p.email)).length, 0);
    const res = await t.inject({ method: 'POST', url: '/api/auth/partner/verify-email/resend', headers: bearer(s) });
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().sent, false);
  });

  it('migration 0018 marks every existing account verified; an existing notify_email other than the account email is not', async () => {
    const a = await t.partner({ emailVerified: false });
    const b = await t.partner({ emailVerified: false });
    await t.inject({ method: 'PUT', url: '/api/v1/usage/alerts', headers: keyHeaders(a), payload: { calls_threshold: 5, notify_email: a.email.toUpperCase() } });
    await t.inject({ method: 'PUT', url: '/api/v1/usage/alerts', headers: keyHeaders(b), payload: { calls_threshold: 5, notify_email: 'finance@elsewhere.example' } });
    // Back to the schema before 0018, and forward again, as an existing database is migrated.
    const db = t.deps.database.db as unknown as Kysely<unknown>;
    await m0018.down(db);
    await m0018.up(db);
    for (const p of [a, b]) {
      const row = await t.deps.database.db.selectFrom('partners').select(['created_at', 'email_verified_at']).where('id', '=', p.id).executeTakeFirstOrThrow();
      assert.equal(Number(row.email_verified_at), Number(row.created_at));
    }
    const alertsOf = async (p: typeof a) => (await t.inject({ method: 'GET', url: '/api/v1/usage/alerts', headers: keyHeaders(p) })).json();
    const same = await alertsOf(a);
    assert.equal(same.notify_email_verified, true);
    assert.equal(same.mail_delivery, 'active');
    const other = await alertsOf(b);
    assert.equal(other.notify_email_verified, false);
    assert.equal(other.mail_delivery, 'notify_email_unverified');
  });
});
