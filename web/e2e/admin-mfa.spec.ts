/**
 * An administrator held to enrolment (ADMIN_REQUIRE_MFA=true, the production default): the console opens on the
 * set-up page, keeps the recovery codes on screen after the code turns the factor on (the server lifts the hold at
 * that moment), and opens the console only once they are saved. The shared e2e server runs without the rule, so
 * this spec starts a server of its own with it (own-server.ts).
 */
import { Secret, TOTP } from 'otpauth';
import { ADMIN } from './admin.js';
import { expect, snap, spaced, test } from './fixtures.js';
import { startOwnServer, type OwnServer } from './own-server.js';

const codeAt = (secret: string, ms: number) => new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: ms });

let server: OwnServer | undefined;
let base = '';

test.beforeAll(async () => {
  test.setTimeout(60_000);
  server = await startOwnServer({ env: { ADMIN_REQUIRE_MFA: 'true' } });
  base = server.base;
});

test.afterAll(async () => {
  await server?.stop();
});

test('an administrator without a second factor enrols first, and the console opens once the recovery codes are saved', async ({ page, consoleErrors }) => {
  test.setTimeout(60_000);
  consoleErrors.allow(/status of 401 .*\/api\/auth\/admin\/me$/);
  await page.goto(`${base}/admin/`);
  await expect(page).toHaveURL(/\/admin\/sign-in$/);
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();

  // Held: the set-up page, no navigation; another operation answers 403 mfa_enrolment_required.
  await expect(page.getByText('Administrators need a second factor')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Admin console' })).toHaveCount(0);
  const held = await page.request.get(`${base}/api/admin/partners`);
  expect(held.status()).toBe(403);
  expect(((await held.json()) as { code: string }).code).toBe('mfa_enrolment_required');

  const card = page.getByRole('region', { name: 'Security' });
  await card.getByRole('button', { name: 'Set up an authenticator app' }).click();
  const secret = (await card.getByTestId('totp-secret').textContent())!.trim();
  await card.getByLabel('Code from the app').fill(codeAt(secret, Date.now()));
  await card.getByRole('button', { name: 'Turn on' }).click();

  // The server lifted the hold, yet the codes stay on screen until they are saved.
  await expect(card.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
  await expect.poll(async () => (await page.request.get(`${base}/api/admin/partners`)).status()).toBe(200);
  await page.waitForTimeout(500);
  await expect(card.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
  await expect(page.getByRole('heading', { name: 'Partners' })).toHaveCount(0);
  // Copy and "I have saved them" do not touch.
  await spaced(card.getByRole('button', { name: 'Copy' }), card.getByRole('button', { name: 'I have saved them' }), 4);
  await snap(page, 'admin-mfa-recovery-codes');

  await card.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByRole('navigation', { name: 'Admin console' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Partners' })).toBeVisible();
});
