/**
 * Forgot password? and the mailed links, in a browser: the reset link (read from the mail outbox,
 * where mail waits when no SMTP server is configured) sets a new password; the verification link
 * verifies the account email and the unverified banner goes away.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, newPartner, signUp, snap, test } from './fixtures.js';

/** The newest link to `page` mailed to `to`. */
async function mailedLink(to: string, page: string): Promise<string> {
  const file = path.join(process.env.E2E_DATA_DIR!, 'service.sqlite');
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const db = new Database(file, { readonly: true, fileMustExist: true });
        try {
          const rows = db.prepare('SELECT text_body FROM mail_outbox WHERE to_address = ? ORDER BY created_at DESC').all(to) as { text_body: string }[];
          link = rows.map((r) => new RegExp(`https?://\\S+/portal/${page}\\?token=[A-Za-z0-9_-]+`).exec(r.text_body)?.[0]).find(Boolean);
        } finally {
          db.close();
        }
        return link;
      },
      { timeout: 15_000 },
    )
    .toBeTruthy();
  return new URL(link!).pathname + new URL(link!).search;
}

test('Forgot password? mails a link; its page sets the new password', async ({ page, request }) => {
  const who = await signUp(page, newPartner('Reset'));
  await page.request.post('/api/auth/partner/logout');
  await page.goto('/portal/sign-in');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await page.getByLabel('Email').fill(who.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status').filter({ hasText: /./ })).toBeVisible();
  await snap(page, 'forgot-password');

  await page.goto(await mailedLink(who.email, 'reset-password'));
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel('New password').fill('an entirely new phrase 7');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password was changed')).toBeVisible();
  expect((await request.post('/api/auth/partner/login', { data: { email: who.email, password: 'an entirely new phrase 7' } })).status()).toBe(200);
  expect((await request.post('/api/auth/partner/login', { data: { email: who.email, password: who.password } })).status()).toBe(401);
});

test('a sign-up is verified by its own link; an alert address is verified by its link', async ({ page, request }) => {
  await signUp(page, newPartner('Verify'));
  const me = (await (await page.request.get('/api/auth/partner/me')).json()) as { email_verified: boolean };
  expect(me.email_verified).toBe(true);
  // An alert address other than the account email needs its own link.
  const keys = (await (await page.request.get('/api/partners/me/api-keys')).json()) as { environment: string; key: string }[];
  const testKey = keys.find((k) => k.environment === 'test')!.key;
  const alertAddress = `alerts+${Date.now().toString(36)}@example.com`;
  const put = await request.put('/api/v1/usage/alerts', { headers: { 'x-api-key': testKey }, data: { notify_email: alertAddress, calls_threshold: 100 } });
  expect(put.status(), await put.text()).toBe(200);
  await page.goto(await mailedLink(alertAddress, 'verify-email'));
  await expect(page.getByText('The alert address is verified')).toBeVisible();
  await snap(page, 'verify-email');
  const alerts = (await (await request.get('/api/v1/usage/alerts', { headers: { 'x-api-key': testKey } })).json()) as { notify_email_verified: boolean };
  expect(alerts.notify_email_verified).toBe(true);
});
