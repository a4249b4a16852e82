/**
 * The unverified-email banner (with resend) of an account whose email is not verified, and Rotate
 * ingest secret on the API keys page, in a browser, each checked through the API.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, keysOf, signUp, snap, test } from './fixtures.js';

/**
 * Leaves the account's email unverified, as accounts signed up before sign-up needed its link are: a sign-up now
 * verifies its address by that link. Written straight into the test server's SQLite file (this spec runs on SQLite).
 */
function unverify(partnerId: string): void {
  const db = new Database(path.join(process.env.E2E_DATA_DIR!, 'service.sqlite'), { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare('UPDATE partners SET email_verified_at = NULL WHERE id = ?').run(partnerId);
  } finally {
    db.close();
  }
}

test('the unverified banner resends the link; Rotate ingest secret changes the secret servers read', async ({ page, request }) => {
  const who = await signUp(page);
  unverify(who.id);
  await page.goto('/portal/keys');
  const banner = page.getByRole('status').filter({ hasText: 'Verify your email' });
  await expect(banner).toBeVisible();
  await banner.getByRole('button', { name: 'Resend the link' }).click();
  await expect(banner.getByRole('button', { name: 'Resend the link' })).toBeHidden();

  const sandbox = (await keysOf(page)).find((k) => k.environment === 'test')!;
  const secretOf = async () => {
    const r = await request.get('/api/v1/secrets', { headers: { 'x-api-key': sandbox.key } });
    expect(r.status(), await r.text()).toBe(200);
    return JSON.stringify(await r.json());
  };
  const before = await secretOf();
  await page.getByRole('button', { name: 'Rotate ingest secret' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rotate the ingest secret?' });
  await dialog.getByLabel('Keep the previous secret working for').selectOption('1');
  await dialog.getByRole('button', { name: 'Rotate ingest secret' }).click();
  await expect(page.getByText('The ingest secret was rotated')).toBeVisible();
  await expect(page.getByText(/The previous secret works until/)).toBeVisible();
  await snap(page, 'keys-ingest-rotated');
  expect(await secretOf()).not.toBe(before);
  // The page never received the secret.
  expect(await page.content()).not.toContain(JSON.parse(before).ingest_secret ?? 'never');
});
