import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildTestApp, keyHeaders, TestClock, type TestApp } from '../helpers/app.js';
import { confirmSignUp, lastMail, register, signUp, signUpToken } from '../helpers/signup.js';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

function cookieOf(res: { headers: Record<string, unknown> }): string {
  const raw = res.headers['set-cookie'];
  const line = (Array.isArray(raw) ? raw : [raw]).find((c) => typeof c === 'string' && c.startsWith('svc_session=')) as string;
  assert.ok(line, 'a svc_session cookie is set');
  return line;
}

describe('partner sign-up, sign-in and sessions', () => {
  let t: TestApp;
  const clock = new TestClock(Date.parse('2026-03-01T10:00:00Z'));
  before(async () => {
    t = await buildTestApp({ clock });
  });
  after(() => t.close());

  const REG = { email: 'Owner@Bank.example', password: 'correct horse 1', company_name: 'First Bank', contact_name: 'Ada Owner' };

  it('sign-up answers "check your inbox"; the link, with the password, creates the partner (keys, ingest secret, not production-enabled, email verified) and signs it in', async () => {
    const accepted = await register(t, REG);
    assert.deepEqual(Object.keys(accepted.json()).sort(), ['detail', 'email']);
    assert.match(accepted.json().detail, /^Check your inbox: we sent a link to this address/);
    assert.equal(accepted.json().email, REG.email);
    assert.equal(accepted.headers['set-cookie'], undefined, 'no session yet');
    // No account exists before the link is followed: signing in fails as for any unknown address.
    assert.equal((await t.inject({ method: 'POST', url: '/api/auth/partner/login', payload: { email: REG.email, password: REG.password } })).statusCode, 401);
    const mail = await lastMail(t, REG.email, 'signup_confirmation');
    assert.ok(mail);
    assert.equal(mail.subject, 'Finish creating your account');
    assert.ok(!mail.text.includes(REG.company_name) && !mail.text.includes(REG.contact_name), 'no text the person wrote');
    const token = signUpToken(mail.text);
    const res = await confirmSignUp(t, token, REG.password);
    assert.equal(res.statusCode, 200, res.body);
    const b = res.json();
    assert.equal(b.token_type, 'bearer');
    assert.match(b.token, /^sess_[0-9A-Za-z]{43}$/);
    assert.equal(b.expires_at, new Date(clock.now() + 12 * 3_600_000).toISOString());
    assert.equal(b.partner.email, 'Owner@Bank.example');
    assert.equal(b.partner.company_name, 'First Bank');
    assert.equal(b.partner.contact_name, 'Ada Owner');
    assert.equal(b.partner.active, true);
    assert.equal(b.partner.production_enabled, false);
    assert.equal(b.partner.activated_at, null);
    assert.equal(b.partner.signup_source, 'self-signup');
    assert.equal(b.partner.email_verified, true, 'the link verified the address');
    assert.match(b.partner.sandbox_key_masked, /^svc_test_\*\*\*\*/);
    assert.match(b.partner.production_key_masked, /^svc_live_\*\*\*\*/);
    const cookie = cookieOf(res);
    assert.match(cookie, /HttpOnly/i);
    assert.match(cookie, /SameSite=Lax/i);
    assert.match(cookie, /Path=\//);
    assert.match(cookie, /Max-Age=43200/);

    const keys = await t.inject({ method: 'GET', url: '/api/partners/me/api-keys', headers: bearer(b.token) });
    assert.equal(keys.statusCode, 200);
    const list = keys.json();
    assert.deepEqual(list.map((k: { environment: string }) => k.environment).sort(), ['live', 'test']);
    const test = list.find((k: { environment: string }) => k.environment === 'test');
    // The key works on the partner API; the ingest secret exists.
    const me = await t.inject({ method: 'GET', url: '/api/v1/me', headers: { 'x-api-key': test.key } });
    assert.equal(me.statusCode, 200);
    assert.equal(me.json().id, b.partner.id);
    const secrets = await t.inject({ method: 'GET', url: '/api/v1/secrets', headers: { 'x-api-key': test.key } });
    assert.match(secrets.json().ingest_secret, /^svc_ingest_/);
    const row = await t.deps.database.db.selectFrom('partners').select(['password_hash']).where('id', '=', b.partner.id).executeTakeFirstOrThrow();
    assert.match(row.password_hash!, /^scrypt\$/);
  });

  it('a taken email (any case) answers exactly as a new one; its owner is mailed instead, and no account or link is made', async () => {
    const fresh = await register(t, { ...REG, email: 'nobody-yet@bank.example' });
    const taken = await register(t, { ...REG, email: 'owner@BANK.example', password: 'someone elses 9' });
    assert.equal(taken.statusCode, fresh.statusCode);
    assert.deepEqual({ ...(taken.json() as object), email: null }, { ...(fresh.json() as object), email: null }, 'the same answer but for the address echoed');
    assert.deepEqual(Object.keys(taken.headers).sort(), Object.keys(fresh.headers).sort(), 'the same headers');
    const notice = await lastMail(t, REG.email, 'signup_existing_account');
    assert.ok(notice, 'the owner is told');
    assert.equal(notice.subject, 'Someone tried to sign up with your email address');
    assert.match(notice.text, /already has an account/);
    assert.match(notice.text, /\/portal\/forgot-password/);
    assert.equal(await lastMail(t, 'owner@BANK.example', 'signup_confirmation').then((m) => m && signUpToken(m.text)), await lastMail(t, REG.email, 'signup_confirmation').then((m) => m && signUpToken(m.text)), 'no new link for the taken address');
    const owners = await t.deps.database.db.selectFrom('partners').select('id').where('email_lower', '=', 'owner@bank.example').execute();
    assert.equal(owners.length, 1);
    // The owner's password is unchanged: the other password does not sign in.
    assert.equal((await t.inject({ method: 'POST', url: '/api/auth/partner/login', payload: { email: REG.email, password: 'someone elses 9' } })).statusCode, 401);
  });

  it('answers before any of the work for the address is done: a mail server that does not answer holds neither a new nor a taken address', async () => {
    const real = t.deps.mailer;
    let released = false;
    let release!: () => void;
    const held = new Promise<void>((r) => (release = () => ((released = true), r())));
    // A bound for a broken build that awaited the mail in the request: the test then fails instead of hanging.
    const safety = setTimeout(release, 20_000);
    const sent: string[] = [];
    t.deps.mailer = {
      transport: real.transport,
      close: () => real.close(),
      send: async (m) => {
        await held;
        sent.push(m.kind);
        await real.send(m);
      },
    };
    try {
      for (const email of ['held-new@bank.example', REG.email]) {
        await register(t, { ...REG, email }, '10.9.7.1');
        assert.equal(released, false, `${email}: answered while its mail was still held`);
      }
      release();
      await t.deps.background.idle();
      assert.deepEqual(sent.sort(), ['signup_confirmation', 'signup_existing_account']);
    } finally {
      clearTimeout(safety);
      t.deps.mailer = real;
    }
  });

  it('the link works once, with the password chosen at sign-up only; a second sign-up of the address gets its own link, which then finds the account', async () => {
    const form = { ...REG, email: 'twice@bank.example', password: 'my own passphrase 3' };
    await register(t, form);
    const first = signUpToken((await lastMail(t, form.email, 'signup_confirmation'))!.text);
    // Someone else signs the same address up with a password of theirs: the owner of the address cannot finish that
    // one by mistake (it needs that password), and it cannot take the address from the owner's own link.
    await register(t, { ...form, password: 'a strangers passphrase 4' });
    const second = signUpToken((await lastMail(t, form.email, 'signup_confirmation'))!.text);
    assert.notEqual(second, first);
    const wrong = await confirmSignUp(t, second, form.password, '10.9.9.1');
    assert.equal(wrong.statusCode, 401, wrong.body);
    assert.equal(wrong.json().code, 'invalid_credentials');
    const ok = await confirmSignUp(t, first, form.password, '10.9.9.1');
    assert.equal(ok.statusCode, 200, ok.body);
    const again = await confirmSignUp(t, first, form.password);
    assert.equal(again.statusCode, 410);
    assert.equal(again.json().code, 'verification_token_used');
    const late = await confirmSignUp(t, second, 'a strangers passphrase 4');
    assert.equal(late.statusCode, 409, late.body);
    assert.equal(late.json().code, 'conflict');
    assert.equal((await confirmSignUp(t, 'sup_unknown', form.password)).json().code, 'verification_token_invalid');
  });

  it('a link expires after 48 hours (410 verification_token_expired)', async () => {
    const form = { ...REG, email: 'late@bank.example' };
    await register(t, form);
    const token = signUpToken((await lastMail(t, form.email, 'signup_confirmation'))!.text);
    clock.advance(48 * 3_600_000);
    const res = await confirmSignUp(t, token, form.password);
    assert.equal(res.statusCode, 410, res.body);
    assert.equal(res.json().code, 'verification_token_expired');
  });

  it('sign-ups of one address are limited (3 in 15 minutes, known or not: 429), so its owner cannot be flooded with mail', async () => {
    for (const email of ['flood@bank.example', REG.email]) {
      for (let i = 0; i < 3; i++) assert.equal((await t.inject({ method: 'POST', url: '/api/auth/partner/register', payload: { ...REG, email }, remoteAddress: `10.9.8.${i}` })).statusCode, 200);
      const fourth = await t.inject({ method: 'POST', url: '/api/auth/partner/register', payload: { ...REG, email }, remoteAddress: '10.9.8.9' });
      assert.equal(fourth.statusCode, 429, email);
      assert.ok(Number(fourth.headers['retry-after']) >= 1);
    }
    clock.advance(15 * 60_000);
  });

  it('validates the sign-up body (422 with loc)', async () => {
    const cases: [Record<string, unknown>, (string | number)[], string][] = [
      [{ ...REG, email: 'not-an-email' }, ['body', 'email'], 'value_error'],
      [{ ...REG, password: 'short' }, ['body', 'password'], 'string_too_short'],
      [{ ...REG, password: 'x'.repeat(129) }, ['body', 'password'], 'string_too_long'],
      [{ ...REG, company_name: 'A' }, ['body', 'company_name'], 'string_too_short'],
      [{ ...REG, contact_name: 'x'.repeat(121) }, ['body', 'contact_name'], 'string_too_long'],
      [{ email: 'a@b.example', password: 'password1', company_name: 'Co' }, ['body', 'contact_name'], 'missing'],
      [{ ...REG, password: 12345678 }, ['body', 'password'], 'string_type'],
    ];
    for (const [payload, loc, type] of cases) {
      const res = await t.inject({ method: 'POST', url: '/api/auth/partner/register', payload });
      assert.equal(res.statusCode, 422, JSON.stringify(payload));
      const item = res.json().detail.find((d: { loc: unknown[] }) => JSON.stringify(d.loc) === JSON.stringify(loc));
      assert.ok(item, `${JSON.stringify(loc)} in ${res.body}`);
      assert.equal(item.type, type);
    }
    const bad = await t.inject({ method: 'POST', url: '/api/auth/partner/register', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    assert.equal(bad.statusCode, 422);
    assert.equal(bad.json().detail[0].type, 'json_invalid');
  });

  it('signs in with email (any case) and password; Bearer and cookie both work; logout ends the session', async () => {
    const res = await t.inject({ method: 'POST', url: '/api/auth/partner/login', payload: { email: 'OWNER@bank.example', password: REG.password } });
    assert.equal(res.statusCode, 200, res.body);
    const b = res.json();
    assert.equal(b.token_type, 'bearer');
    assert.equal(b.partner.email, 'Owner@Bank.example');
    const cookie = cookieOf(res).split(';')[0];

    const viaBearer = await t.inject({ method: 'GET', url: '/api/auth/partner/me', headers: bearer(b.token) });
    assert.equal(viaBearer.statusCode, 200);
    assert.equal(viaBearer.json().id, b.partner.id);
    assert.equal(viaBearer.json().session_method, 'password');
    assert.equal(viaBearer.json().session_expires_at, b.expires_at);
    const viaCookie = await t.inject({ method: 'GET', url: '/api/auth/partner/me', headers: { cookie } });
    assert.equal(viaCookie.statusCode, 200);
    assert.equal(viaCookie.json().id, b.partner.id);

    // Stored hashed: the token itself is nowhere in the table.
    const rows = await t.deps.database.db.selectFrom('sessions').selectAll().execute();
    assert.ok(!JSON.stringify(rows).includes(b.token));

    const out = await t.inject({ method: 'POST', url: '/api/auth/partner/logout', headers: { cookie } });
    assert.equal(out.statusCode, 200);
    assert.deepEqual(out.json(), { logged_out: true });
    assert.match(cookieOf(out), /svc_session=;/);
    const again = await t.inject({ method: 'GET', url: '/api/auth/partner/me', headers: bearer(b.token) });
    assert.equal(again.statusCode, 401);
    const twice = await t.inject({ method: 'POST', url: '/api/auth/partner/logout', headers: bearer(b.token) });
    assert.equal(twice.statusCode, 401);
    const none = await t.inject({ method: 'POST', url: '/api/auth/partner/logout' });
    assert.equal(none.statusCode, 401);
  });

  it('expires sessions after SESSION_TTL_HOURS', async () => {
    const res = await t.inject({ method: 'POST', url: '/api/auth/partner/login', payload: { email: REG.email, password: REG.password } });
    const token = res.json().token;
    clock.advance(12 * 3_600_000 - 1);
    assert.equal((await t.inject({ method: 'GET', url: '/api/auth/partner/me', headers: bearer(token) })).statusCode, 200);
    clock.advance(1);
    assert.equal((await t.inject({ method: 'GET', url: '/api/auth/partner/me', headers: bearer(token) })).statusCode, 401);
  });

  it('answers the same 401 for an unknown email and a wrong password', async () => {
    const wrong = await t.inject({ method: 'POST', url: '/api/auth/partner/login', payload: { email: REG.email, password: 'wrong password' }, remoteAddress: '10.0.0.1' });
    const unknown = await t.inject({ method: 'POST', url: '/api/auth/partner/login', payload: { email: 'nobody@bank.example', password: 'wrong password' }, remoteAddress: '10.0.0.2' });
    assert.equal(wrong.statusCode, 401);
    assert.equal(unknown.statusCode, 401);
    assert.deepEqual(wrong.json(), unknown.json());
    assert.equal(wrong.json().detail, 'Incorrect email or password');
    // A partner created without a password (CLI, key sync) cannot sign in with one.
    const p = await t.partner();
    const nopw = await t.inject({ method: 'POST', url: '/api/auth/partner/login', payload: { email: p.email, password: 'anything at all' }, remoteAddress: '10.0.0.3' });
    assert.equal(nopw.statusCode, 401);
    assert.deepEqual(nopw.json(), wrong.json());
  });

  it('spends about the same time on an unknown email as on a wrong password (a password hash either way)', async () => {
    const time = async (email: string, ip: string) => {
      const start = performance.now();
      const r = await t.inject({ method: 'POST', url: '/api/auth/partner/login', payload: { email, password: 'not the password' }, remoteAddress: ip });
      assert.equal(r.statusCode, 401);
      return performance.now() - start;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 4; i++) {
      known.push(await time(REG.email.replace('Owner', i % 2 ? 'owner' : 'OWNER'), `10.1.0.${i}`));
      unknown.push(await time(`ghost${i}@bank.example`, `10.2.0.${i}`));
    }
    // Reset the email's lockout count used above.
    await t.deps.database.db.deleteFrom('login_throttle').execute();
    const median = (xs: number[]) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const k = median(known);
    const u = median(unknown);
    // Without the dummy hash the unknown case would take well under a millisecond against tens for scrypt.
    assert.ok(u > k / 3 && u < k * 3, `unknown ${u.toFixed(1)} ms vs wrong password ${k.toFixed(1)} ms`);
  });

  it('signs in by pasting an API key, with the same session shape', async () => {
    const p = await t.partner();
    const res = await t.inject({ method: 'POST', url: '/api/auth/partner/key-login', payload: { key: p.liveKey } });
    assert.equal(res.statusCode, 200, res.body);
    const b = res.json();
    assert.equal(b.token_type, 'bearer');
    assert.equal(b.partner.id, p.id);
    assert.ok(b.expires_at);
    cookieOf(res);
    const me = await t.inject({ method: 'GET', url: '/api/auth/partner/me', headers: bearer(b.token) });
    assert.equal(me.json().session_method, 'api_key');
    const bad = await t.inject({ method: 'POST', url: '/api/auth/partner/key-login', payload: { key: 'svc_test_notakeyatall000' }, remoteAddress: '10.9.9.9' });
    assert.equal(bad.statusCode, 401);
    const short = await t.inject({ method: 'POST', url: '/api/auth/partner/key-login', payload: { key: 'short' } });
    assert.equal(short.statusCode, 422);
    assert.deepEqual(short.json().detail[0].loc, ['body', 'key']);
  });

  it('a suspended partner cannot sign in (403), by password or by key', async () => {
    const p = await t.partner();
    await t.deps.database.db.updateTable('partners').set({ active: 0 }).where('id', '=', p.id).execute();
    const byKey = await t.inject({ method: 'POST', url: '/api/auth/partner/key-login', payload: { key: p.testKey } });
    assert.equal(byKey.statusCode, 403);
    assert.deepEqual(byKey.json(), { detail: 'partner suspended', code: 'partner_suspended' });
    const reg = await signUp(t, { ...REG, email: 'sus@bank.example' });
    const id = reg.json().partner.id;
    await t.deps.database.db.updateTable('partners').set({ active: 0 }).where('id', '=', id).execute();
    const byPw = await t.inject({ method: 'POST', url: '/api/auth/partner/login', payload: { email: 'sus@bank.example', password: REG.password } });
    assert.equal(byPw.statusCode, 403);
    assert.deepEqual(byPw.json(), { detail: 'partner suspended', code: 'partner_suspended' });
    // The open session answers 403 too, and signing out still works.
    const me = await t.inject({ method: 'GET', url: '/api/auth/partner/me', headers: bearer(reg.json().token) });
    assert.equal(me.statusCode, 403);
    const out = await t.inject({ method: 'POST', url: '/api/auth/partner/logout', headers: bearer(reg.json().token) });
    assert.equal(out.statusCode, 200);
  });

  it('keeps partner and admin sessions apart (403 both ways)', async () => {
    const a = await t.admin();
    const res = await t.inject({ method: 'POST', url: '/api/auth/partner/login', payload: { email: REG.email, password: REG.password } });
    const partnerToken = res.json().token;
    assert.equal((await t.inject({ method: 'GET', url: '/api/auth/admin/me', headers: bearer(partnerToken) })).statusCode, 403);
    assert.equal((await t.inject({ method: 'GET', url: '/api/auth/partner/me', headers: bearer(a.token) })).statusCode, 403);
    assert.equal((await t.inject({ method: 'POST', url: '/api/auth/admin/logout', headers: bearer(partnerToken) })).statusCode, 403);
    assert.equal((await t.inject({ method: 'POST', url: '/api/auth/partner/logout', headers: bearer(a.token) })).statusCode, 403);
    // A session token is not an API key, and an API key is not a session.
    const p = await t.partner();
    assert.equal((await t.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(partnerToken) })).statusCode, 401);
    assert.equal((await t.inject({ method: 'GET', url: '/api/auth/partner/me', headers: keyHeaders(p) })).statusCode, 401);
    assert.equal((await t.inject({ method: 'GET', url: '/api/auth/partner/me', headers: bearer(p.testKey) })).statusCode, 401);
  });
});

describe('administrator sign-in', () => {
  let t: TestApp;
  before(async () => {
    t = await buildTestApp();
  });
  after(() => t.close());

  it('signs in, reads me, signs out', async () => {
    const a = await t.admin();
    const res = await t.inject({ method: 'POST', url: '/api/auth/admin/login', payload: { email: a.email.toUpperCase(), password: 'admin-password-1' } });
    assert.equal(res.statusCode, 200, res.body);
    const b = res.json();
    assert.equal(b.token_type, 'bearer');
    assert.deepEqual(Object.keys(b).sort(), ['admin', 'expires_at', 'token', 'token_type']);
    assert.equal(b.admin.id, a.id);
    assert.equal(b.admin.email, a.email);
    const cookie = cookieOf(res).split(';')[0];
    const me = await t.inject({ method: 'GET', url: '/api/auth/admin/me', headers: { cookie } });
    assert.equal(me.statusCode, 200);
    assert.equal(me.json().id, a.id);
    assert.equal(me.json().session_expires_at, b.expires_at);
    const wrong = await t.inject({ method: 'POST', url: '/api/auth/admin/login', payload: { email: a.email, password: 'nope-nope' } });
    assert.equal(wrong.statusCode, 401);
    assert.equal(wrong.json().detail, 'Incorrect email or password');
    const unknown = await t.inject({ method: 'POST', url: '/api/auth/admin/login', payload: { email: 'x@y.example', password: 'nope-nope' } });
    assert.deepEqual(unknown.json(), wrong.json());
    // A partner's password does not open the admin sign-in.
    const out = await t.inject({ method: 'POST', url: '/api/auth/admin/logout', headers: bearer(b.token) });
    assert.equal(out.statusCode, 200);
    assert.equal((await t.inject({ method: 'GET', url: '/api/auth/admin/me', headers: bearer(b.token) })).statusCode, 401);
    const bad = await t.inject({ method: 'POST', url: '/api/auth/admin/login', payload: { email: a.email } });
    assert.equal(bad.statusCode, 422);
    assert.deepEqual(bad.json().detail[0].loc, ['body', 'password']);
  });
});
