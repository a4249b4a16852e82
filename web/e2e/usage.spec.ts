/**
 * The portal's Usage page in a browser: this month's calls and the daily chart, the usage-event
 * dashboards for a chosen window, and the alert thresholds, saved and read back through the API.
 */
import { calculate, expect, keysOf, signUp, snap, test } from './fixtures.js';

test('the calls of the month, the usage events, and alert thresholds saved and read back', async ({ page, request }) => {
  const who = await signUp(page);
  const sandbox = (await keysOf(page)).find((k) => k.environment === 'test')!;
  expect(await calculate(request, sandbox.key, 'user_1')).toBe(200);
  expect(await calculate(request, sandbox.key, 'user_2')).toBe(200);
  expect(await calculate(request, sandbox.key, 'user_2')).toBe(200);

  await page.goto('/portal/');
  await page.getByRole('link', { name: 'Usage' }).click();
  await expect(page.getByRole('heading', { name: 'Usage', level: 1 })).toBeVisible();
  const calls = page.getByRole('region', { name: /Calls this month/ });
  const figure = (label: string) => calls.locator('.figure').filter({ has: page.getByText(label, { exact: true }) }).locator('.figure-value');
  await expect(async () => {
    await page.reload();
    await expect(figure('Calls')).toHaveText('3', { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expect(figure('Unique end-users')).toHaveText('2');
  await expect(figure('Estimated bill')).toHaveText('Not billed');
  await expect(page.getByRole('img', { name: /Daily calls in sandbox, last 30 days: 3 calls/ })).toBeVisible();

  // The usage-event dashboard: none sent yet, for any window.
  const events = page.getByRole('region', { name: 'Usage events' });
  await expect(events.getByText('No usage events in the last 30 days.')).toBeVisible();
  await events.getByLabel('Days').selectOption('7');
  await expect(events.getByText('No usage events in the last 7 days.')).toBeVisible();

  // Alerts: the account email, verified by the sign-up link, receives them, and the page says so.
  const alerts = page.getByRole('region', { name: 'Usage alerts' });
  await expect(alerts.getByText(who.email, { exact: true })).toBeVisible();
  await expect(alerts.getByTestId('mail-delivery')).toContainText('Alert mail is sent to this address');
  await expect(alerts.getByLabel('Bill threshold (USD)')).toBeDisabled();
  await alerts.getByLabel('Calls threshold').fill('1000');
  await alerts.getByLabel('Unique end-users threshold').fill('50');
  await alerts.getByLabel('Notify email').fill('alerts@example.com');
  await alerts.getByRole('button', { name: 'Save alerts' }).click();
  await expect(alerts.getByText('The alert thresholds were saved.')).toBeVisible();
  await expect(alerts.getByText('No alerts fired this month.')).toBeVisible();
  await snap(page, 'usage-sandbox');

  const r = await page.request.get('/api/partners/me/usage/alerts?environment=test');
  expect(r.status()).toBe(200);
  expect(await r.json()).toMatchObject({ calls_threshold: 1000, unique_users_threshold: 50, bill_threshold_usd: null, notify_email: 'alerts@example.com', notify_email_verified: false });
  // The form shows what was saved after a reload.
  await page.reload();
  await expect(alerts.getByLabel('Calls threshold')).toHaveValue('1000');
  await expect(alerts.getByText('alerts@example.com', { exact: true })).toBeVisible();

  // Emptying a field turns that threshold off.
  await alerts.getByLabel('Calls threshold').fill('');
  await alerts.getByRole('button', { name: 'Save alerts' }).click();
  await expect(alerts.getByText('The alert thresholds were saved.')).toBeVisible();
  expect(await (await page.request.get('/api/partners/me/usage/alerts?environment=test')).json()).toMatchObject({ calls_threshold: null, unique_users_threshold: 50 });
});

test('an invalid threshold is explained next to its field', async ({ page, consoleErrors }) => {
  consoleErrors.allow(/status of 422 .*\/api\/partners\/me\/usage\/alerts\?environment=test$/);
  await signUp(page);
  await page.goto('/portal/usage');
  const alerts = page.getByRole('region', { name: 'Usage alerts' });
  await alerts.getByLabel('Calls threshold').fill('-5');
  await alerts.getByRole('button', { name: 'Save alerts' }).click();
  await expect(alerts.getByLabel('Calls threshold')).toHaveAttribute('aria-invalid', 'true');
  await snap(page, 'usage-error');
});
