/** Passwords: change (partner, admin), reset by email (partners), the policy everywhere a password is set, the CLI. */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ConfigError, loadConfig } from '../../src/config.js';
import { hashPassword, sha256Hex } from '../../src/lib/crypto.js';
import { RESET_LIMIT_PER_ADDRESS, RESET_LIMIT_PER_EMAIL, RESET_LIMIT_WINDOW_MS as RESET_WINDOW, RESET_TTL_MS } from '../../src/areas/accounts/passwords.js';
import { buildTestApp, databaseEnv, TestClock, type TestApp, type TestPartner } from '../helpers/app.js';
import { runCli, startServer } from '../helpers/process.js';
import { signUp } from '../helpers/signup.js';

const PW = 'old passphrase 1';
const NEW = 'new passphrase 2';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  kind: string;
}

describe('passwords', () => {
  let t: TestApp;
  let adminToken: string;
  const clock = new TestClock(Date.parse('2026-05-04T09:00:00Z'));
  // Every request comes from its own address unless a test says otherwise, so the per-address
  // lockout and limits of one test do not leak into another.
  let n = 0;
  const nextIp = () => `10.70.${Math.floor(n / 250)}.${n++ % 250}`;

  before(async () => {
    t = await buildTestApp({ clock });
    adminToken = (await t.admin()).token;
  });
  after(() => t.close());

  const partnerWithPassword = async (input: Partial<Parameters<TestApp['partner']>[0]> = {}): Promise<TestPartner> =>
    t.partner({ passwordHash: await hashPassword(PW), ...input });

  const login = (email: string, password: string, role: 'partner' | 'admin' = 'partner', ip = nextIp()) =>
    t.inject({ method: 'POST', url: `/api/auth/${role}/login`, payload: { email, password }, remoteAddress: ip });

  const change = (token: string, current: string, next: string, role: 'partner' | 'admin' = 'partner', ip = nextIp()) =>
    t.inject({
      method: 'POST',
      url: `/api/auth/${role}/password`,
      headers: bearer(token),
      payload: { current_password: current, new_password: next },
      remoteAddress: ip,
    });

  const me = (token: string, role: 'partner' | 'admin' = 'partner') => t.inject({ method: 'GET', url: `/api/auth/${role}/me`, headers: bearer(token) });

  const askReset = (email: string, ip = nextIp()) =>
    t.inject({ method: 'POST', url: '/api/auth/partner/password-reset', payload: { email }, remoteAddress: ip });

  const confirm = (token: string, password: string) =>
    t.inject({ method: 'POST', url: '/api/auth/partner/password-reset/confirm', payload: { token, new_password: password }, remoteAddress: nextIp() });

  /** The reset mails kept in the outbox for `to`, newest first, read as an administrator reads them. */
  async function resetMails(to: string): Promise<OutboxMail[]> {
    await t.deps.background.idle();
    const r = await t.inject({ method: 'GET', url: '/api/admin/mail-outbox?kind=password_reset&limit=500', headers: bearer(adminToken) });
    assert.equal(r.statusCode, 200, r.body);
    return (r.json().items as OutboxMail[]).filter((m) => m.to === to);
  }

  function tokenIn(mail: OutboxMail): string {
    const m = /\/portal\/reset-password\?token=(pwr_[0-9A-Za-z]{43})\n/.exec(mail.text);
    assert.ok(m, mail.text);
    return m[1];
  }

  /** Asks for a reset of `email` and answers the token mailed for it. */
  async function resetToken(email: string): Promise<string> {
    const r = await askReset(email);
    assert.equal(r.statusCode, 202, r.body);
    const mails = await resetMails(email);
    assert.ok(mails.length > 0, 'a reset mail was kept');
    return tokenIn(mails[0]);
  }

  async function auditActions(targetId: string): Promise<string[]> {
    const r = await t.inject({ method: 'GET', url: `/api/admin/audit-log?target_id=${targetId}`, headers: bearer(adminToken) });
    assert.equal(r.statusCode, 200, r.body);
    return (r.json().items as { action: string }[]).map((i) => i.action);
  }

  function expectRule(res: { statusCode: number; body: string; json(): { detail: { type: string; loc: unknown[]; input: unknown }[]; code: string } }, loc: string[], type: string) {
    assert.equal(res.statusCode, 422, res.body);
    const body = res.json();
    assert.equal(body.code, 'validation_failed');
    assert.equal(body.detail.length, 1, res.body);
    assert.deepEqual(body.detail[0].loc, loc);
    assert.equal(body.detail[0].type, type);
    assert.equal(body.detail[0].input, null, 'the password is not echoed');
  }

  // ---------------------------------------------------------------- change

  describe('change', () => {
    it('a partner changes its password: the new one signs in, the old one no longer does, every other session ends', async () => {
      const p = await partnerWithPassword();
      const current = (await login(p.email, PW)).json().token as string;
      const others = [(await login(p.email, PW)).json().token as string, await t.session('partner', p.id)];
      const r = await change(current, PW, NEW);
      assert.equal(r.statusCode, 200, r.body);
      assert.deepEqual(r.json(), { detail: 'Password changed; 2 other sessions signed out', sessions_ended: 2 });
      assert.equal((await me(current)).statusCode, 200, 'the session that changed it stays');
      for (const o of others) assert.equal((await me(o)).json().code, 'session_expired');
      assert.equal((await login(p.email, PW)).statusCode, 401);
      assert.equal((await login(p.email, NEW)).statusCode, 200);
      assert.ok((await auditActions(p.id)).includes('partner.password_change'));
    });

    it('a wrong current password is 401 and counts toward the lockout of the email, which sign-in shares', async () => {
      const p = await partnerWithPassword();
      const token = await t.session('partner', p.id);
      for (let i = 0; i < 5; i++) {
        const r = await change(token, `wrong current ${i}`, NEW);
        assert.equal(r.statusCode, 401, r.body);
        assert.equal(r.json().code, 'invalid_credentials');
      }
      const locked = await change(token, PW, NEW);
      assert.equal(locked.statusCode, 429, locked.body);
      assert.equal(locked.json().code, 'locked_out');
      assert.ok(Number(locked.headers['retry-after']) > 0);
      assert.equal((await login(p.email, PW)).statusCode, 429, 'the sign-in of the email is locked too');
      clock.advance(15 * 60_000);
      assert.equal((await change(token, PW, NEW)).statusCode, 200);
    });

    it('wrong current passwords count toward the lockout of the client address', async () => {
      const ip = nextIp();
      for (let i = 0; i < 5; i++) {
        const p = await partnerWithPassword();
        assert.equal((await change(await t.session('partner', p.id), 'not it at all', NEW, 'partner', ip)).statusCode, 401);
      }
      const q = await partnerWithPassword();
      assert.equal((await login(q.email, PW, 'partner', ip)).statusCode, 429, 'sign-ins from that address are locked');
      assert.equal((await login(q.email, PW)).statusCode, 200, 'the same account signs in from elsewhere');
      clock.advance(15 * 60_000);
    });

    it('the new password follows the policy (422 naming the rule); nothing changes and the current password is not checked', async () => {
      const p = await partnerWithPassword();
      const token = await t.session('partner', p.id);
      expectRule(await change(token, 'not even checked', 'password123'), ['body', 'new_password'], 'password_common');
      expectRule(await change(token, PW, p.email.toUpperCase()), ['body', 'new_password'], 'password_context');
      expectRule(await change(token, PW, 'aaaaaaaa'), ['body', 'new_password'], 'password_repetitive');
      expectRule(await change(token, PW, 'hgfedcba'), ['body', 'new_password'], 'password_sequential');
      assert.equal((await login(p.email, PW)).statusCode, 200);
    });

    it('the new password must differ from the current one (422 password_unchanged), for a partner and an administrator; nothing changes', async () => {
      const p = await partnerWithPassword();
      const token = await t.session('partner', p.id);
      const other = await t.session('partner', p.id);
      const same = await change(token, PW, PW);
      expectRule(same, ['body', 'new_password'], 'password_unchanged');
      assert.match(same.json().detail[0].msg, /differ from the current password/);
      // The same after NFKC normalisation is the same password (it is hashed in that form).
      const nfkc = 'ﬁne ﬂowers at dusk';
      assert.equal((await change(token, PW, nfkc)).statusCode, 200);
      expectRule(await change(token, nfkc, 'fine flowers at dusk'), ['body', 'new_password'], 'password_unchanged');
      assert.equal((await me(token)).statusCode, 200);
      assert.equal((await me(other)).statusCode, 401, 'ended by the real change only');
      assert.equal((await login(p.email, 'fine flowers at dusk')).statusCode, 200);

      const a = await t.admin();
      const aOther = await t.session('admin', a.id);
      expectRule(await change(a.token, 'admin-password-1', 'admin-password-1', 'admin'), ['body', 'new_password'], 'password_unchanged');
      assert.equal((await me(aOther, 'admin')).statusCode, 200, "the administrator's other session is untouched");
      assert.equal((await login(a.email, 'admin-password-1', 'admin')).statusCode, 200);
    });

    it('a session opened with an API key cannot change the password (403 password_session_required)', async () => {
      const p = await partnerWithPassword();
      const keyLogin = await t.inject({ method: 'POST', url: '/api/auth/partner/key-login', payload: { key: p.testKey }, remoteAddress: nextIp() });
      assert.equal(keyLogin.statusCode, 200, keyLogin.body);
      const r = await change(keyLogin.json().token, PW, NEW);
      assert.equal(r.statusCode, 403, r.body);
      assert.equal(r.json().code, 'password_session_required');
      assert.equal((await login(p.email, PW)).statusCode, 200, 'nothing changed');
    });

    it('needs a partner session: none is 401, an admin session 403, a cross-site cookie 403; the session of a suspended partner has ended', async () => {
      const p = await partnerWithPassword();
      const payload = { current_password: PW, new_password: NEW };
      const none = await t.inject({ method: 'POST', url: '/api/auth/partner/password', payload });
      assert.equal(none.json().code, 'session_required');
      assert.equal((await change(adminToken, PW, NEW)).json().code, 'forbidden');
      const token = await t.session('partner', p.id);
      const csrf = await t.inject({
        method: 'POST',
        url: '/api/auth/partner/password',
        headers: { cookie: `svc_session=${token}`, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
        payload,
      });
      assert.equal(csrf.statusCode, 403);
      assert.equal(csrf.json().code, 'csrf_rejected');
      const byCookie = await t.inject({ method: 'POST', url: '/api/auth/partner/password', headers: { cookie: `svc_session=${token}`, 'sec-fetch-site': 'same-origin' }, payload, remoteAddress: nextIp() });
      assert.equal(byCookie.statusCode, 200, byCookie.body);
      const q = await partnerWithPassword();
      const qToken = await t.session('partner', q.id);
      await t.inject({ method: 'POST', url: `/api/admin/partners/${q.id}/suspend`, headers: bearer(adminToken) });
      assert.equal((await change(qToken, PW, NEW)).json().code, 'session_expired', 'suspension ended the session');
    });

    it('an administrator changes its password: other sessions of that administrator end, a partner session is refused', async () => {
      const a = await t.admin();
      const other = await t.session('admin', a.id);
      const elsewhere = await t.admin();
      assert.equal((await change(a.token, 'admin-password-0', NEW, 'admin')).json().code, 'invalid_credentials');
      expectRule(await change(a.token, 'admin-password-1', 'qwertyuiop', 'admin'), ['body', 'new_password'], 'password_common');
      const r = await change(a.token, 'admin-password-1', NEW, 'admin');
      assert.equal(r.statusCode, 200, r.body);
      assert.equal(r.json().sessions_ended, 1);
      assert.equal((await me(a.token, 'admin')).statusCode, 200);
      assert.equal((await me(other, 'admin')).statusCode, 401);
      assert.equal((await me(elsewhere.token, 'admin')).statusCode, 200, 'another administrator keeps its session');
      assert.equal((await login(a.email, 'admin-password-1', 'admin')).statusCode, 401);
      assert.equal((await login(a.email, NEW, 'admin')).statusCode, 200);
      assert.ok((await auditActions(a.id)).includes('admin.password_change'));
      const p = await partnerWithPassword();
      assert.equal((await change(await t.session('partner', p.id), PW, NEW, 'admin')).json().code, 'forbidden');
    });
  });

  // ---------------------------------------------------------------- reset

  describe('reset', () => {
    it('answers the same 202 for a known and an unknown email; only the known one gets a mail with a single link', async () => {
      const p = await partnerWithPassword({ company: 'Evil <b>Corp</b> click http://phish.example', name: 'Dear victim' });
      const known = await askReset(p.email.toUpperCase());
      const unknown = await askReset(`nobody-${p.email}`);
      for (const r of [known, unknown]) {
        assert.equal(r.statusCode, 202, r.body);
        assert.equal(r.headers['content-type'], 'application/json; charset=utf-8');
      }
      assert.deepEqual(known.json(), unknown.json());
      assert.match(known.json().detail, /^If an account uses this email address/);
      const mails = await resetMails(p.email);
      assert.equal(mails.length, 1);
      const [mail] = mails;
      assert.equal(mail.subject, 'Reset your password');
      assert.match(mail.text, new RegExp(`^Someone asked to reset the password of the account ${p.email.replace(/[.]/g, '\\.')} `));
      assert.ok(!mail.text.includes('Evil') && !mail.text.includes('victim') && !mail.subject.includes('Evil'), 'no partner-written text');
      const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
      assert.deepEqual(links.filter((l) => l.includes('token=')), [`http://localhost:8000/portal/reset-password?token=${tokenIn(mail)}`]);
      assert.equal((await resetMails(`nobody-${p.email}`)).length, 0);
      // Only the token's SHA-256 is stored.
      const rows = await t.deps.database.db.selectFrom('password_resets').selectAll().where('partner_id', '=', p.id).execute();
      assert.equal(rows.length, 1);
      assert.equal(rows[0].token_hash, sha256Hex(tokenIn(mail)));
      assert.equal(Number(rows[0].expires_at) - Number(rows[0].created_at), 30 * 60_000);
      assert.ok((await auditActions(p.id)).includes('partner.password_reset_request'));
    });

    it('answers before the mail is sent: a mail server that takes a second does not slow the answer', async () => {
      const p = await partnerWithPassword();
      const real = t.deps.mailer;
      const sent: string[] = [];
      t.deps.mailer = {
        transport: real.transport,
        close: () => real.close(),
        send: async (m) => {
          await new Promise((r) => setTimeout(r, 1000));
          sent.push(m.to);
          await real.send(m);
        },
      };
      try {
        for (const email of [p.email, `ghost-${p.email}`]) {
          const started = performance.now();
          const r = await askReset(email);
          assert.equal(r.statusCode, 202);
          assert.ok(performance.now() - started < 700, `answered in ${Math.round(performance.now() - started)} ms`);
        }
        assert.deepEqual(sent, [], 'nothing sent yet when the answers left');
        await t.deps.background.idle();
        assert.deepEqual(sent, [p.email]);
      } finally {
        t.deps.mailer = real;
      }
    });

    it('the link sets the password once, ends every session, opens none', async () => {
      const p = await partnerWithPassword();
      const sessions = [(await login(p.email, PW)).json().token as string, await t.session('partner', p.id)];
      const token = await resetToken(p.email);
      const r = await confirm(token, NEW);
      assert.equal(r.statusCode, 200, r.body);
      assert.deepEqual(r.json(), { detail: 'Password set: sign in with the new password', sessions_ended: 2 });
      assert.equal(r.headers['set-cookie'], undefined, 'no session is opened');
      for (const s of sessions) assert.equal((await me(s)).statusCode, 401);
      assert.equal((await login(p.email, PW)).statusCode, 401);
      assert.equal((await login(p.email, NEW)).statusCode, 200);
      const again = await confirm(token, 'another passphrase 3');
      assert.equal(again.statusCode, 410, again.body);
      assert.equal(again.json().code, 'reset_token_used');
      assert.equal((await login(p.email, NEW)).statusCode, 200, 'the second use changed nothing');
      assert.ok((await auditActions(p.id)).includes('partner.password_reset'));
    });

    it('a newer request supersedes the older link (one live token per account)', async () => {
      const p = await partnerWithPassword();
      const first = await resetToken(p.email);
      clock.advance(1000);
      const second = await resetToken(p.email);
      assert.notEqual(first, second);
      const old = await confirm(first, NEW);
      assert.equal(old.statusCode, 400, old.body);
      assert.equal(old.json().code, 'reset_token_invalid');
      assert.equal((await confirm(second, NEW)).statusCode, 200);
    });

    it('a link expires after 30 minutes (410 reset_token_expired)', async () => {
      const p = await partnerWithPassword();
      const q = await partnerWithPassword();
      const pToken = await resetToken(p.email);
      const qToken = await resetToken(q.email);
      clock.advance(RESET_TTL_MS - 1000);
      assert.equal((await confirm(pToken, NEW)).statusCode, 200, 'still valid a second before');
      clock.advance(1000);
      const late = await confirm(qToken, NEW);
      assert.equal(late.statusCode, 410, late.body);
      assert.equal(late.json().code, 'reset_token_expired');
      assert.equal((await login(q.email, PW)).statusCode, 200, 'nothing changed');
    });

    it('an unknown token is 400; a malformed body 422', async () => {
      for (const token of ['pwr_' + 'x'.repeat(43), 'anything', 'pwr_']) {
        const r = await confirm(token, NEW);
        assert.equal(r.statusCode, 400, r.body);
        assert.equal(r.json().code, 'reset_token_invalid');
      }
      const empty = await confirm('', NEW);
      assert.equal(empty.statusCode, 422);
      const missing = await t.inject({ method: 'POST', url: '/api/auth/partner/password-reset/confirm', payload: { token: 'pwr_x' } });
      assert.deepEqual(missing.json().detail[0].loc, ['body', 'new_password']);
      const badEmail = await t.inject({ method: 'POST', url: '/api/auth/partner/password-reset', payload: { email: 'not an email' }, remoteAddress: nextIp() });
      assert.equal(badEmail.statusCode, 422);
    });

    it('the new password follows the policy; a refused one leaves the link usable', async () => {
      const p = await partnerWithPassword();
      const token = await resetToken(p.email);
      expectRule(await confirm(token, 'iloveyou'), ['body', 'new_password'], 'password_common');
      expectRule(await confirm(token, 'short'), ['body', 'new_password'], 'string_too_short');
      assert.equal((await confirm(token, NEW)).statusCode, 200);
    });

    it('a suspended partner may set its password, and stays signed out (no session; sign-in is 403)', async () => {
      const p = await partnerWithPassword();
      const s = await t.session('partner', p.id);
      await t.inject({ method: 'POST', url: `/api/admin/partners/${p.id}/suspend`, headers: bearer(adminToken) });
      const token = await resetToken(p.email);
      const r = await confirm(token, NEW);
      assert.equal(r.statusCode, 200, r.body);
      assert.match(r.json().detail, /suspended/);
      assert.equal(r.json().sessions_ended, 0, 'the suspension already ended its session');
      assert.equal((await me(s)).statusCode, 401);
      assert.equal((await login(p.email, NEW)).json().code, 'partner_suspended');
      await t.inject({ method: 'POST', url: `/api/admin/partners/${p.id}/activate`, headers: bearer(adminToken) });
      assert.equal((await login(p.email, NEW)).statusCode, 200);
    });

    it('lifts the sign-in lockout of the email; a partner created without a password can set one', async () => {
      const p = await partnerWithPassword();
      for (let i = 0; i < 5; i++) await login(p.email, `wrong ${i}`);
      assert.equal((await login(p.email, PW)).statusCode, 429);
      assert.equal((await confirm(await resetToken(p.email), NEW)).statusCode, 200);
      assert.equal((await login(p.email, NEW)).statusCode, 200);

      const cli = await t.partner();
      assert.equal((await login(cli.email, NEW)).statusCode, 401);
      assert.equal((await confirm(await resetToken(cli.email), NEW)).statusCode, 200);
      assert.equal((await login(cli.email, NEW)).statusCode, 200);
    });

    it('a password change voids a pending link', async () => {
      const p = await partnerWithPassword();
      const token = await resetToken(p.email);
      assert.equal((await change(await t.session('partner', p.id), PW, NEW)).statusCode, 200);
      assert.equal((await confirm(token, 'third passphrase 3')).json().code, 'reset_token_invalid');
    });

    it(`is limited to ${RESET_LIMIT_PER_EMAIL} requests per email and ${RESET_LIMIT_PER_ADDRESS} per address in 15 minutes, known email or not (429 + Retry-After)`, async () => {
      clock.set(Math.ceil(clock.now() / RESET_WINDOW) * RESET_WINDOW); // the start of a window
      const p = await partnerWithPassword();
      for (const email of [p.email, `unknown-${p.email}`]) {
        for (let i = 0; i < RESET_LIMIT_PER_EMAIL; i++) assert.equal((await askReset(email)).statusCode, 202);
        const over = await askReset(email.toUpperCase());
        assert.equal(over.statusCode, 429, over.body);
        assert.equal(over.json().code, 'rate_limited');
        assert.equal(over.headers['retry-after'], String(15 * 60));
      }
      assert.equal((await resetMails(p.email)).length, RESET_LIMIT_PER_EMAIL);
      const ip = nextIp();
      for (let i = 0; i < RESET_LIMIT_PER_ADDRESS; i++) assert.equal((await askReset(`addr${i}-${p.email}`, ip)).statusCode, 202);
      assert.equal((await askReset(`addr-last-${p.email}`, ip)).statusCode, 429);
      clock.advance(15 * 60_000);
      const fresh = await askReset(p.email, ip);
      assert.equal(fresh.statusCode, 202, `a new window: ${fresh.body} ${JSON.stringify(fresh.headers)}`);
    });
  });

  // ---------------------------------------------------------------- policy

  describe('policy', () => {
    const register = (email: string, password: string) =>
      t.inject({ method: 'POST', url: '/api/auth/partner/register', payload: { email, password, company_name: 'Policy Co', contact_name: 'Po Licy' }, remoteAddress: nextIp() });

    it('sign-up refuses each rule with its type at the field', async () => {
      const cases: [string, string][] = [
        ['short', 'string_too_short'],
        ['e\u0301'.repeat(4), 'string_too_short'], // 8 code points, 4 after NFKC
        ['x'.repeat(129), 'string_too_long'],
        ['ﬃ'.repeat(43), 'string_too_long'], // 43 code points, 129 after NFKC
        [' '.repeat(12), 'password_blank'],
        ['\u3000\u200b'.repeat(5), 'password_blank'],
        ['tab\tinside a password', 'string_control_character'],
        ['line\nbreak password', 'string_control_character'],
        ['c1 \u0085 control here', 'string_control_character'],
        ['password123', 'password_common'],
        ['Password123', 'password_common'],
        ['  iloveyou  ', 'password_common'],
        ['ｐａｓｓｗｏｒｄ１２３', 'password_common'], // fullwidth: password123 after NFKC
        ['policy-1@bank.example', 'password_context'],
        ['POLICY-1@Bank.example', 'password_context'],
        ['aaaaaaaa', 'password_repetitive'],
        ['ZZZZZZZZZZZZZZZZ', 'password_repetitive'],
        ['abababab', 'password_repetitive'],
        ['abcdabcdabcd', 'password_repetitive'],
        ['87654321', 'password_sequential'],
        ['abcdefghij', 'password_sequential'],
      ];
      for (const [password, type] of cases) expectRule(await register('policy-1@bank.example', password), ['body', 'password'], type);
      // 7 code points, 9 after NFKC: accepted, and hashed in that form.
      await signUp(t, { email: 'policy-1@bank.example', password: 'ﬁne ﬂow', company_name: 'Policy Co', contact_name: 'Po Licy' }, nextIp());
      assert.equal((await login('policy-1@bank.example', 'fine flow')).statusCode, 200, 'hashed in its NFKC form');
    });

    it('ADMIN_PASSWORD is checked at start by the same rules: a bad value stops with a message naming the variable', async () => {
      for (const bad of ['password123', 'short', 'root@ops.example', 'aaaaaaaa', '98765432']) {
        assert.throws(
          () => loadConfig({ ADMIN_EMAIL: 'root@ops.example', ADMIN_PASSWORD: bad }),
          (err: unknown) => err instanceof ConfigError && err.variable === 'ADMIN_PASSWORD' && /refused by the password policy/.test(err.message),
          bad,
        );
      }
      assert.equal(loadConfig({ ADMIN_EMAIL: 'root@ops.example', ADMIN_PASSWORD: 'a fine admin passphrase' }).adminPassword, 'a fine admin passphrase');
      const r = runCli(['migrate'], { ...databaseEnv(t.config), ADMIN_EMAIL: 'root@ops.example', ADMIN_PASSWORD: 'qwerty123' });
      assert.notEqual(r.status, 0);
      assert.match(r.stderr.split('\n')[0], /^configuration error: ADMIN_PASSWORD: is refused by the password policy: This password is on a list/);
      // The server itself refuses to start with eight identical characters, naming the rule.
      const server = await startServer({ ...databaseEnv(t.config), ADMIN_EMAIL: 'root@ops.example', ADMIN_PASSWORD: 'aaaaaaaa' }).then(
        (s) => {
          s.child.kill('SIGKILL');
          return null;
        },
        (err: Error) => err.message,
      );
      assert.ok(server, 'the server did not start');
      assert.match(server, /configuration error: ADMIN_PASSWORD: is refused by the password policy: Password should not be one character or a short group of characters repeated/);
    });
  });

  // ---------------------------------------------------------------- CLI

  describe('npm run svc -- admin set-password', () => {
    const cli = (args: string[], input: string) =>
      spawnSync(process.execPath, ['--import', 'tsx', path.resolve('src/cli.ts'), ...args], {
        env: { PATH: process.env.PATH, HOME: process.env.HOME, ...databaseEnv(t.config), LOG_LEVEL: 'silent' },
        input,
        encoding: 'utf8',
        timeout: 60_000,
      });

    it('reads the password from standard input, applies the policy and ends every session of the administrator', async () => {
      const a = await t.admin();
      const other = await t.session('admin', a.id);
      const common = cli(['admin', 'set-password', '--email', a.email], 'password1\n');
      assert.equal(common.status, 2);
      assert.match(common.stderr, /password refused: This password is on a list/);
      assert.equal(cli(['admin', 'set-password', '--email', a.email, '--password', 'on the command line'], '').status, 2);
      const unknown = cli(['admin', 'set-password', '--email', `nobody-${a.email}`], 'cli admin passphrase\n');
      assert.equal(unknown.status, 1);
      assert.match(unknown.stderr, /No administrator/);
      assert.equal((await me(a.token, 'admin')).statusCode, 200, 'nothing changed so far');

      const r = cli(['admin', 'set-password', '--email', a.email.toUpperCase()], 'cli admin passphrase \n');
      assert.equal(r.status, 0, r.stderr);
      assert.equal(r.stdout, `password set for ${a.id}; 2 sessions ended\n`);
      for (const s of [a.token, other]) assert.equal((await me(s, 'admin')).statusCode, 401);
      assert.equal((await login(a.email, 'cli admin passphrase ', 'admin')).statusCode, 200, 'spaces are kept, the line break is not');
      assert.ok((await auditActions(a.id)).includes('admin.password_set'));
    });

    it('admin create applies the policy too, and takes the password from standard input', async () => {
      assert.equal(cli(['admin', 'create', '--email', 'weak@ops.example', '--password', '12345678'], '').status, 2);
      const r = cli(['admin', 'create', '--email', 'piped@ops.example'], 'piped admin passphrase\n');
      assert.equal(r.status, 0, r.stderr);
      assert.equal((await login('piped@ops.example', 'piped admin passphrase', 'admin')).statusCode, 200);
    });
  });
});
