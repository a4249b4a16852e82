/**
 * Links in mail, through a real server process on a port of its own: without PUBLIC_BASE_URL they
 * name the address the server listens on (so a local start on any port sends links that open), with
 * it they name PUBLIC_BASE_URL. The start prints the portal's and the admin console's addresses.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { databaseEnv, testConfig } from '../helpers/app.js';
import { startServer, type ServerProcess } from '../helpers/process.js';
import type { Config } from '../../src/config.js';

const ADMIN = { email: 'links-admin@example.com', password: 'a long admin passphrase 7' };

interface Mail {
  kind: string;
  to: string;
  text: string;
}

async function call(s: ServerProcess, method: string, path: string, body?: unknown, token?: string) {
  const res = await fetch(`${s.baseUrl}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

/** The newest kept mail of `kind` to `to`, waited for (a reset mail is sent after the answer). */
async function mailOf(s: ServerProcess, adminToken: string, kind: string, to: string): Promise<Mail> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const r = await call(s, 'GET', `/api/admin/mail-outbox?limit=500&kind=${kind}`, undefined, adminToken);
    assert.equal(r.status, 200, JSON.stringify(r.json));
    const found = (r.json.items as Mail[]).find((m) => m.to === to);
    if (found) return found;
    if (Date.now() > deadline) assert.fail(`no ${kind} mail to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function linkIn(text: string, page: string): URL {
  const m = new RegExp(`(\\S+/portal/${page}\\?token=\\w+)`).exec(text);
  assert.ok(m, `no ${page} link in: ${text}`);
  return new URL(m[1]);
}

describe('links in mail from a real server', () => {
  let config: Config;
  let cleanup: () => Promise<void>;
  before(async () => {
    ({ config, cleanup } = await testConfig());
  });
  after(() => cleanup());

  const env = (extra: Record<string, string> = {}) => ({ ...databaseEnv(config), RUN_WORKERS: 'false', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, ...extra });

  it('without PUBLIC_BASE_URL, sign-up and reset links name the port the server listens on, and they work', async () => {
    // PORT=0: the port is only known once the server listens.
    const s = await startServer(env());
    try {
      const port = Number(new URL(s.baseUrl).port);
      assert.ok(port > 0 && port !== 8000, s.baseUrl);
      assert.match(s.output(), new RegExp(`Partner portal: ${s.baseUrl}/portal/`));
      assert.match(s.output(), new RegExp(`Admin console:  ${s.baseUrl}/admin/ \\(sign in as ${ADMIN.email}\\)`));

      const email = 'links@example.com';
      const reg = await call(s, 'POST', '/api/auth/partner/register', { email, password: 'a long partner passphrase 3', company_name: 'Links Co', contact_name: 'Lin Ks' });
      assert.equal(reg.status, 200, JSON.stringify(reg.json));
      const admin = await call(s, 'POST', '/api/auth/admin/login', ADMIN);
      assert.equal(admin.status, 200);
      const adminToken = admin.json.token as string;

      const confirm = linkIn((await mailOf(s, adminToken, 'signup_confirmation', email)).text, 'sign-up/confirm');
      assert.equal(confirm.origin, s.baseUrl, 'the link opens on this server');
      const page = await fetch(confirm);
      assert.ok(page.status === 200 || page.status === 503, `the portal's page answers there (${page.status})`);
      const done = await call(s, 'POST', '/api/auth/partner/register/confirm', { token: confirm.searchParams.get('token'), password: 'a long partner passphrase 3' });
      assert.equal(done.status, 200, JSON.stringify(done.json));
      const me = await call(s, 'GET', '/api/auth/partner/me', undefined, done.json.token as string);
      assert.equal(me.json.email_verified, true);

      assert.equal((await call(s, 'POST', '/api/auth/partner/password-reset', { email })).status, 202);
      const reset = await mailOf(s, adminToken, 'password_reset', email);
      assert.equal(linkIn(reset.text, 'reset-password').origin, s.baseUrl);
      assert.match(reset.text, new RegExp(`at ${s.baseUrl}\\.`));
    } finally {
      s.child.kill('SIGKILL');
      await s.exited;
    }
  });

  it('with PUBLIC_BASE_URL, links name it whatever the port', async () => {
    const s = await startServer(env({ PUBLIC_BASE_URL: 'https://partners.example.com/' }));
    try {
      const email = 'links-public@example.com';
      const reg = await call(s, 'POST', '/api/auth/partner/register', { email, password: 'a long partner passphrase 4', company_name: 'Public Co', contact_name: 'Pub Lic' });
      assert.equal(reg.status, 200, JSON.stringify(reg.json));
      const adminToken = (await call(s, 'POST', '/api/auth/admin/login', ADMIN)).json.token as string;
      const confirm = linkIn((await mailOf(s, adminToken, 'signup_confirmation', email)).text, 'sign-up/confirm');
      assert.equal(confirm.origin, 'https://partners.example.com');
    } finally {
      s.child.kill('SIGKILL');
      await s.exited;
    }
  });
});
