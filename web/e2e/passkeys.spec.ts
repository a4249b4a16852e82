/**
 * Passkeys in a browser, with Chromium's virtual authenticator (the DevTools protocol's WebAuthn domain, through
 * Playwright's CDP session): a partner adds a passkey on the Account page, signs out, signs in with it alone
 * (password-less), and then with the password and the passkey as the second step.
 *
 * WebAuthn needs a relying party that is a domain (not an IP address) in a secure context: this spec runs its own
 * server at http://localhost:<port> (PUBLIC_BASE_URL names that origin), beside the suite's 127.0.0.1 one.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN } from './admin.js';
import { freePort } from './base-config.js';
import { expect, newPartner, snap, spaced, test } from './fixtures.js';
import { startOwnServer, type OwnServer } from './own-server.js';

const port = (process.env.E2E_PASSKEY_PORT ||= String(await freePort()));
const base = `http://localhost:${port}`;
let server: OwnServer | undefined;

test.use({ baseURL: base });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  // This server does not need the suite's single sign-on provider.
  const noSso = { ADMIN_OIDC_ISSUER: undefined, ADMIN_OIDC_CLIENT_ID: undefined, ADMIN_OIDC_CLIENT_SECRET: undefined, ADMIN_OIDC_ALLOWED_EMAILS: undefined };
  server = await startOwnServer({ env: noSso, host: 'localhost', port });
});

test.afterAll(async () => {
  await server?.stop();
});

/** Signs up on this spec's server through the page's context (the session cookie lands in the browser). */
async function signUp(api: APIRequestContext) {
  const who = newPartner('Passkey');
  const r = await api.post(`${base}/api/auth/partner/register`, { data: who });
  expect(r.status(), await r.text()).toBe(200);
  const admin = await api.post(`${base}/api/auth/admin/login`, { data: ADMIN, headers: { 'x-forwarded-for': '198.19.7.7' } });
  expect(admin.status(), await admin.text()).toBe(200);
  const adminToken = ((await admin.json()) as { token: string }).token;
  let token: string | null = null;
  await expect
    .poll(async () => {
      const out = await api.get(`${base}/api/admin/mail-outbox?limit=500`, { headers: { authorization: `Bearer ${adminToken}` } });
      const items = ((await out.json()) as { items: { to: string; text: string }[] }).items;
      const text = items.find((m) => m.to === who.email)?.text ?? '';
      token = /sign-up\/confirm\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? null;
      return token;
    })
    .toBeTruthy();
  const c = await api.post(`${base}/api/auth/partner/register/confirm`, { data: { token, password: who.password } });
  expect(c.status(), await c.text()).toBe(200);
  return who;
}

/** A platform authenticator that holds discoverable passkeys and verifies its user (as a phone or laptop does). */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return { cdp, authenticatorId };
}

test('a partner adds a passkey, signs in with it alone, and with the password and the passkey', async ({ page, consoleErrors }) => {
  test.setTimeout(120_000);
  // The password step of an account with a factor answers 401 mfa_required.
  consoleErrors.allow(/status of 401 .*\/api\/auth\/partner\/login$/);
  const { cdp, authenticatorId } = await virtualAuthenticator(page);
  const who = await signUp(page.request);

  await page.goto('/portal/account');
  const card = page.getByRole('region', { name: 'Passkeys' });
  await expect(card.getByText('No passkey yet.')).toBeVisible();
  await card.getByLabel('Name (optional)').fill('Work laptop');
  await card.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(card.getByText('Passkey "Work laptop" added')).toBeVisible();
  await expect(card.getByRole('cell', { name: 'Work laptop', exact: true })).toBeVisible();
  await expect(card.getByRole('cell', { name: 'Never', exact: true })).toBeVisible();
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0].isResidentCredential).toBe(true);
  // No authenticator app, but the account has a second factor: the Security card says so.
  await expect(page.getByRole('region', { name: 'Security' }).getByText(/No authenticator app is set up/)).toBeVisible();
  const me = await (await page.request.get('/api/auth/partner/me')).json();
  expect(me.mfa_enabled).toBe(true);
  expect(me.mfa_factors).toEqual(['passkey']);
  // The card's notice, its table and its form each stand apart.
  const passkeys = page.getByRole('region', { name: 'Passkeys' });
  await spaced(passkeys.getByRole('status').filter({ hasText: 'Passkey "Work laptop" added' }), passkeys.getByRole('table'));
  await spaced(passkeys.getByRole('table'), passkeys.getByRole('form', { name: 'Add a passkey' }));
  await snap(page, 'passkeys-account');

  // Password-less.
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await snap(page, 'passkeys-sign-in');
  await page.getByRole('button', { name: 'Continue with a passkey' }).click();
  await expect(page).toHaveURL(/\/portal\/?$/);
  const pl = await (await page.request.get('/api/auth/partner/me')).json();
  expect(pl.email).toBe(who.email);
  expect(pl.session_method).toBe('passkey');

  // The password, then the passkey as the second step.
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Confirm it is you with one of your passkeys.')).toBeVisible();
  await snap(page, 'passkeys-second-step');
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page).toHaveURL(/\/portal\/?$/);
  const two = await (await page.request.get('/api/auth/partner/me')).json();
  expect(two.email).toBe(who.email);
  expect(two.session_method).toBe('password');

  // The Account page shows it used, and renames it.
  await page.goto('/portal/account');
  await expect(card.getByRole('cell', { name: 'Never', exact: true })).toHaveCount(0);
  await card.getByRole('button', { name: 'Rename the passkey Work laptop' }).click();
  await page.getByRole('dialog').getByRole('textbox', { name: 'Name', exact: true }).fill('Laptop');
  await page.getByRole('dialog').getByRole('button', { name: 'Rename', exact: true }).click();
  await expect(card.getByRole('cell', { name: 'Laptop', exact: true })).toBeVisible();
});
