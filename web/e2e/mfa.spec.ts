/**
 * Two-step sign-in in a browser: a partner sets up an authenticator app on the Account page (the code computed
 * from the key the page shows, with the same TOTP library an app uses), saves the recovery codes, signs out and
 * signs in again with the password and a code.
 */
import { Secret, TOTP } from 'otpauth';
import { expect, signUp, snap, test } from './fixtures.js';

const codeAt = (secret: string, ms: number) => new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: ms });

test('a partner turns on two-step sign-in and signs in with a code', async ({ page, consoleErrors }) => {
  test.setTimeout(90_000);
  // The password step answers 401 mfa_required; a wrong code is a 401 too.
  consoleErrors.allow(/status of 401 .*\/api\/auth\/partner\/login$/);
  consoleErrors.allow(/status of 401 .*\/api\/auth\/partner\/login\/mfa$/);
  consoleErrors.allow(/status of 401 .*\/api\/auth\/partner\/mfa\/totp\/confirm$/);
  const who = await signUp(page);
  await page.goto('/portal/account');
  const card = page.getByRole('region', { name: 'Security' });
  await expect(card.getByText('Two-step sign-in is off.')).toBeVisible();
  await card.getByRole('button', { name: 'Set up an authenticator app' }).click();
  await expect(card.getByRole('img', { name: 'QR code of the authenticator app key' })).toBeVisible();
  const secret = (await card.getByTestId('totp-secret').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await snap(page, 'mfa-setup');

  // A wrong code is said at the field.
  const right = codeAt(secret, Date.now());
  await card.getByLabel('Code from the app').fill(right === '000000' ? '111111' : '000000');
  await card.getByRole('button', { name: 'Turn on' }).click();
  await expect(card.getByLabel('Code from the app')).toHaveAttribute('aria-invalid', 'true');

  const used = codeAt(secret, Date.now());
  await card.getByLabel('Code from the app').fill(used);
  await card.getByRole('button', { name: 'Turn on' }).click();
  const codes = card.getByTestId('recovery-codes').getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await expect(card.getByRole('button', { name: 'Copy' })).toBeVisible();
  await snap(page, 'mfa-recovery-codes');
  await card.getByRole('button', { name: 'I have saved them' }).click();
  await expect(card.getByText('Two-step sign-in is on', { exact: true })).toBeVisible();
  expect((await (await page.request.get('/api/auth/partner/me')).json()).mfa_enabled).toBe(true);

  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByLabel('Code from the app')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Use a recovery code' })).toBeVisible();
  await snap(page, 'mfa-sign-in-code');

  // The code that turned it on works once: wait for the app's next code.
  const next = Math.ceil((Date.now() + 1) / 30_000) * 30_000;
  await page.waitForTimeout(next - Date.now() + 300);
  await page.getByLabel('Code from the app').fill(codeAt(secret, Date.now()));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/portal\/?$/);
  const me = await (await page.request.get('/api/auth/partner/me')).json();
  expect(me.email).toBe(who.email);
  expect(me.mfa_enabled).toBe(true);
});
