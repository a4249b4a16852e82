/**
 * The admin console's operations pages in a browser, against the built server, each result checked
 * through the API as a partner's or the platform's server sees it: External keys (an added key
 * authenticates, a deleted one no longer does), Mail (a mail the service just sent), Messages (the
 * contact form, spam hidden unless asked), Ingest secret (Reveal shows the secret that opens
 * /api/ingest/*), IndexNow (state and submissions, to a local receiver) and the administrator's
 * own Account page (password and sessions, on an administrator created for the test).
 */
import { execFileSync } from 'node:child_process';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext } from '@playwright/test';
import { expect, newPartner, signUpWith, snap, test } from './fixtures.js';
import { allowSignedOut, signInAsAdmin } from './admin-session.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

const tag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

test('external keys: an added key authenticates on the API, Delete makes it fail', async ({ page, request, consoleErrors }) => {
  allowSignedOut(consoleErrors);
  consoleErrors.allow(/status of 422 .*\/api\/admin\/external-keys$/);
  const t = tag();
  const key = `ext-e2e-${t}-core-banking`;
  const email = `ext+${t}@example.com`;
  const company = `External ${t}`;
  const me = async (k: string) => (await request.get('/api/v1/me', { headers: { 'x-api-key': k } })).status();
  expect(await me(key)).toBe(401);

  await signInAsAdmin(page);
  await page.getByRole('link', { name: 'External keys' }).click();
  await expect(page.getByRole('heading', { name: 'External keys', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(/External keys · Admin console/);
  const form = page.getByRole('form', { name: 'Add an external key' });

  // What the form sees itself, said at each field before sending: a key too short, and no partner named.
  await form.getByLabel('Key', { exact: true }).fill('short');
  await form.getByRole('button', { name: 'Add key' }).click();
  await expect(form.getByLabel('Key', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(form.locator('.field-error')).toHaveText(['A key has at least 8 characters', 'Enter the partner’s email, or its id above']);

  // The service's own 422, in its words, at the field it names: no partner has this email and no company is given.
  await form.getByLabel('Key', { exact: true }).fill(key);
  await form.getByLabel('Environment').selectOption('test');
  await form.getByLabel('Partner email').fill(email);
  await form.getByRole('button', { name: 'Add key' }).click();
  await expect(form.getByLabel('Company name')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText(/partner_company_name is needed to create one/)).toBeVisible();
  await expect(form.getByLabel('Key', { exact: true })).not.toHaveAttribute('aria-invalid', 'true');
  await snap(page, 'admin-external-keys-error');

  await form.getByLabel('Company name').fill(company);
  await form.getByLabel('Contact name').fill('Grace Hopper');
  await form.getByLabel('Tier').fill('enterprise');
  await form.getByRole('button', { name: 'Add key' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'the partner was created' })).toContainText(`sandbox slot of ${company}`);
  const row = page.getByRole('row').filter({ hasText: company });
  await expect(row).toContainText(email);
  await expect(row).toContainText('Sandbox');
  await expect(row).toContainText('admin-external');
  await expect(row.locator('code').first()).not.toHaveText(key);
  await expect(form.getByLabel('Key', { exact: true })).toHaveValue('');
  expect(await me(key)).toBe(200);
  const profile = (await (await request.get('/api/v1/me', { headers: { 'x-api-key': key } })).json()) as { tier: string };
  expect(profile.tier).toBe('enterprise');
  await snap(page, 'admin-external-keys');

  // Delete asks first (Cancel focused); cancelled, the key still works.
  await row.getByRole('button', { name: /^Delete the sandbox key/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expect(dialog).toContainText(company);
  await snap(page, 'admin-external-keys-delete');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  expect(await me(key)).toBe(200);
  await row.getByRole('button', { name: /^Delete the sandbox key/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`of ${company} was deleted: it no longer works.`)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: company })).toHaveCount(0);
  expect(await me(key)).toBe(401);
});

test('mail: a password-reset mail the service just sent, shown on demand', async ({ page, request, consoleErrors }) => {
  allowSignedOut(consoleErrors);
  const who = newPartner('Mail');
  await signUpWith(request, who);
  expect((await request.post('/api/auth/partner/password-reset', { data: { email: who.email } })).status()).toBe(202);

  await signInAsAdmin(page);
  // The reset mail is written just after the answer: wait for it before opening the page.
  await expect
    .poll(async () => {
      const r = await page.request.get('/api/admin/mail-outbox?limit=50');
      const body = (await r.json()) as { items: { to: string; subject: string }[] };
      return body.items.some((m) => m.to === who.email && m.subject === 'Reset your password');
    })
    .toBe(true);
  await page.getByRole('link', { name: 'Mail', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Mail', level: 1 })).toBeVisible();
  await expect(page.getByText('No SMTP server is configured')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: who.email }).filter({ hasText: 'Reset your password' });
  await expect(row).toContainText('Kept');
  await expect(page.getByTestId('mail-body')).toHaveCount(0);
  await snap(page, 'admin-mail');

  await row.getByRole('button', { name: 'Show' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset your password' });
  await expect(dialog).toContainText(who.email);
  await expect(dialog.getByTestId('mail-body')).toContainText(/\/portal\/reset-password\?token=pwr_[A-Za-z0-9]+/);
  await snap(page, 'admin-mail-message');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  // The status filter keeps itself in the address.
  await page.getByLabel('Status').selectOption('failed');
  await expect(page).toHaveURL(/status=failed/);
  await expect(page.getByLabel('Status')).toHaveValue('failed');
  await expect(page.getByText('No mail with this status.')).toBeVisible();
});

test('messages: a contact-form message appears; spam only with Show spam', async ({ page, request, consoleErrors }) => {
  allowSignedOut(consoleErrors);
  const t = tag();
  const message = `We would like a sandbox for our app ${t}.`;
  const spam = `Cheap followers for your site ${t}!`;
  const send = async (data: Record<string, string>) => expect((await request.post('/api/contact', { data })).status()).toBeLessThan(300);
  await send({ name: 'Ada Lovelace', email: `ada+${t}@example.com`, company: 'Analytical Engines', topic: 'sales', message });
  await send({ name: 'Spam Bot', email: `bot+${t}@example.com`, message: spam, website: 'https://spam.example/' });

  await signInAsAdmin(page);
  await page.getByRole('link', { name: 'Messages' }).click();
  await expect(page.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: message });
  await expect(row).toContainText(`ada+${t}@example.com`);
  await expect(row).toContainText('Analytical Engines');
  await expect(row).toContainText('sales');
  await expect(page.getByText(spam)).toHaveCount(0);
  await snap(page, 'admin-messages');

  await page.getByLabel('Show spam').check();
  await expect(page).toHaveURL(/spam=1/);
  await expect(page.getByLabel('Show spam')).toBeChecked();
  const spamRow = page.getByRole('row').filter({ hasText: spam });
  await expect(spamRow.locator('.status')).toHaveText('Spam');
  await expect(row.locator('.status')).toHaveCount(0);
  await expect(row).toBeVisible();
  await page.getByLabel('Show spam').uncheck();
  await expect(page.getByText(spam)).toHaveCount(0);
  await expect(page).not.toHaveURL(/spam=1/);
  await expect(page.getByLabel('Show spam')).not.toBeChecked();
});

test('ingest secret: hidden until Reveal, the same secret the API answers, and it opens /api/ingest/*', async ({ page, context, request, consoleErrors }) => {
  allowSignedOut(consoleErrors);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInAsAdmin(page);
  const answer = await page.request.get('/api/admin/ingest-secret');
  expect(answer.status()).toBe(200);
  expect(answer.headers()['cache-control']).toBe('no-store');
  const api = (await answer.json()) as { configured: boolean; ingest_secret: string; header_name: string };
  expect(api.configured).toBe(true);

  await page.getByRole('link', { name: 'Ingest secret' }).click();
  await expect(page.getByRole('heading', { name: 'Ingest secret', level: 1 })).toBeVisible();
  await expect(page.getByTestId('ingest-secret')).toHaveCount(0);
  expect(await page.content()).not.toContain(api.ingest_secret);
  const used = page.getByRole('region', { name: 'Where it is used' });
  await expect(used).toContainText('X-Service-Ingest-Secret');
  await expect(used).toContainText('Authorization: Bearer');
  await expect(used).toContainText('POST /api/ingest/event');
  await expect(used).toContainText('POST /api/v1/admin/keys/sync');
  await snap(page, 'admin-ingest-secret-hidden');

  await page.getByRole('button', { name: 'Reveal' }).click();
  const shown = page.getByTestId('ingest-secret');
  await expect(shown).toHaveText(api.ingest_secret);
  await page.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByText('Secret copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(api.ingest_secret);
  await snap(page, 'admin-ingest-secret');

  const secret = (await shown.textContent())!;
  expect((await request.get('/api/ingest/ping', { headers: { [api.header_name]: secret } })).status()).toBe(200);
  expect((await request.get('/api/ingest/ping', { headers: { authorization: `Bearer ${secret}` } })).status()).toBe(200);
  expect((await request.get('/api/ingest/ping', { headers: { [api.header_name]: `${secret}-not` } })).status()).toBe(401);

  await page.getByRole('button', { name: 'Hide' }).click();
  await expect(page.getByTestId('ingest-secret')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Reveal' })).toBeVisible();
});

/** A stand-in for the IndexNow endpoint (INDEXNOW_ENDPOINT of the test server): records each body, answers `status`. */
async function indexNowReceiver() {
  const received: { host: string; key: string; keyLocation: string; urlList: string[] }[] = [];
  const state = { status: 200 };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      try {
        received.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      } catch {
        // A body that is not JSON is a failure of the service: the count below shows it.
      }
      res.writeHead(state.status, { 'content-type': 'text/plain' });
      res.end(state.status === 200 ? '' : 'Key not valid for this host');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(Number(process.env.E2E_INDEXNOW_PORT), '127.0.0.1', () => resolve());
  });
  return { received, state, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

test('IndexNow: its state; Submit URL and Submit sitemap, each result shown and recorded', async ({ page, baseURL, consoleErrors }) => {
  allowSignedOut(consoleErrors);
  consoleErrors.allow(/status of 422 .*\/api\/admin\/indexnow\/submit$/);
  consoleErrors.allow(/status of 502 .*\/api\/admin\/indexnow\/submit-all-sitemap$/);
  const receiver = await indexNowReceiver();
  try {
    await signInAsAdmin(page);
    await page.getByRole('link', { name: 'IndexNow' }).click();
    await expect(page.getByRole('heading', { name: 'IndexNow', level: 1 })).toBeVisible();
    const state = page.getByRole('region', { name: 'State', exact: true });
    await expect(state.locator('.status')).toHaveText('On');
    await expect(state).toContainText(`127.0.0.1:${process.env.E2E_INDEXNOW_PORT}/indexnow`);
    await expect(state.getByRole('link', { name: /e2e-indexnow-key-\w+\.txt$/ })).toBeVisible();
    const host = new URL(baseURL!).host;
    await expect(state).toContainText(host);

    // A URL of another host: the server's words at the field, nothing sent.
    await page.getByLabel('URL', { exact: true }).fill('https://elsewhere.example/page');
    await page.getByRole('button', { name: 'Submit URL' }).click();
    await expect(page.getByLabel('URL', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(`URL must be on this host (${host})`)).toBeVisible();
    expect(receiver.received).toHaveLength(0);

    const url = `${baseURL}/blog`;
    await page.getByLabel('URL', { exact: true }).fill(url);
    await page.getByRole('button', { name: 'Submit URL' }).click();
    await expect(page.getByText(/^1 URL submitted to .*: it answered 200\.$/)).toBeVisible();
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]).toMatchObject({ host, key: 'e2e-indexnow-key-0123456789', urlList: [url] });
    const recent = page.getByRole('region', { name: 'Recent submissions', exact: true });
    await expect(recent.getByRole('row').nth(1)).toContainText('Accepted');

    // The endpoint refuses the sitemap: the server's error words, and the failure recorded.
    receiver.state.status = 403;
    await page.getByRole('button', { name: 'Submit sitemap' }).click();
    await expect(page.getByRole('alert')).toContainText('IndexNow submission failed: endpoint answered 403: Key not valid for this host');
    expect(receiver.received).toHaveLength(2);
    const status = (await (await page.request.get('/api/admin/indexnow/status')).json()) as { sitemap_urls: number };
    expect(receiver.received[1]!.urlList).toHaveLength(status.sitemap_urls);
    await expect(recent.getByRole('row').nth(1)).toContainText('Failed');
    await expect(recent.getByRole('row').nth(1)).toContainText('403');
    await expect(state).toContainText('failed');
    await snap(page, 'admin-indexnow');
  } finally {
    await receiver.close();
  }
});

test('account: the administrator’s sessions (sign out one, the others) and password change', async ({ page, playwright, baseURL, clientAddress, consoleErrors }) => {
  allowSignedOut(consoleErrors);
  consoleErrors.allow(/status of 401 .*\/api\/auth\/admin\/password$/);
  consoleErrors.allow(/status of 422 .*\/api\/auth\/admin\/password$/);
  // An administrator of its own, so the password change leaves the one the other tests sign in with alone.
  const t = tag();
  const who = { email: `ops-admin+${t}@example.com`, password: `first admin phrase ${t}` };
  const next = `second admin phrase ${t}`;
  execFileSync(process.execPath, [path.join(root, 'dist', 'src', 'cli.js'), 'admin', 'create', '--email', who.email], {
    cwd: root,
    input: `${who.password}\n`,
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, LOG_LEVEL: 'warn' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const elsewhere = async () => {
    const ctx = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': clientAddress, 'user-agent': 'Other device' } });
    expect((await ctx.post('/api/auth/admin/login', { data: who })).status()).toBe(200);
    return ctx;
  };
  const login = async (password: string) => {
    const ctx = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': clientAddress } });
    try {
      return (await ctx.post('/api/auth/admin/login', { data: { email: who.email, password } })).status();
    } finally {
      await ctx.dispose();
    }
  };
  const contexts: APIRequestContext[] = [];
  try {
    await signInAsAdmin(page, who);
    const other = await elsewhere();
    contexts.push(other);
    await page.getByRole('banner').getByRole('link', { name: 'Account' }).click();
    await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/account$/);
    const table = page.getByRole('table', { name: 'Signed-in sessions, newest first' });
    await expect(table.getByRole('columnheader')).toHaveText(['Opened', 'Sign-in', 'Last used', 'Expires', 'Address', 'Browser', 'Actions']);
    await expect(table.getByRole('row')).toHaveCount(3);
    await expect(table.getByRole('row').filter({ hasText: 'This session' })).toHaveCount(1);
    const otherRow = table.getByRole('row').filter({ hasText: 'Other device' });
    await expect(otherRow).toContainText('Password');
    await expect(otherRow).toContainText(clientAddress);
    await snap(page, 'admin-account');

    // Sign out the other session: asked first; it then answers 401.
    await otherRow.getByRole('button', { name: /^Sign out the session opened/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign out that session?' });
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByText('The session was signed out.')).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(2);
    expect((await other.get('/api/auth/admin/me')).status()).toBe(401);

    // Sign out other sessions.
    const second = await elsewhere();
    const third = await elsewhere();
    contexts.push(second, third);
    await page.reload();
    await expect(table.getByRole('row')).toHaveCount(4);
    await page.getByRole('button', { name: 'Sign out other sessions' }).click();
    await page.getByRole('dialog', { name: 'Sign out your other sessions?' }).getByRole('button', { name: 'Sign out other sessions' }).click();
    await expect(page.getByText('Your other sessions were signed out.')).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(2);
    expect((await second.get('/api/auth/admin/me')).status()).toBe(401);
    expect((await third.get('/api/auth/admin/me')).status()).toBe(401);
    expect((await page.request.get('/api/auth/admin/me')).status()).toBe(200);

    // Password: a wrong current password, then a common new one, each said at its field.
    const fourth = await elsewhere();
    contexts.push(fourth);
    const form = page.getByRole('form', { name: 'Change password' });
    await form.getByLabel('Current password').fill('not my password');
    await form.getByLabel('New password').fill(next);
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByLabel('Current password')).toHaveAttribute('aria-invalid', 'true');
    await expect(form.locator('.field-error')).toHaveText(['The current password is incorrect']);
    await form.getByLabel('Current password').fill(who.password);
    await form.getByLabel('New password').fill('password');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByLabel('New password')).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByLabel('Current password')).not.toHaveAttribute('aria-invalid', 'true');
    await expect(form.locator('.field-error')).toHaveCount(1);
    await snap(page, 'admin-account-password-error');

    await form.getByLabel('New password').fill(next);
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByRole('status')).toHaveText('Your password was changed. Your other session was signed out.');
    expect((await fourth.get('/api/auth/admin/me')).status()).toBe(401);
    expect(await login(who.password)).toBe(401);
    expect(await login(next)).toBe(200);
    // This session goes on.
    expect((await page.request.get('/api/auth/admin/me')).status()).toBe(200);
  } finally {
    for (const c of contexts) await c.dispose();
  }
});
