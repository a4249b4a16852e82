/**
 * The portal's Reports page in a browser: each Download asks a session route for the CSV and saves
 * it only when the answer is the file; the files are read back and checked. A range the server would
 * refuse, or a refusal it gives, is said on the page and nothing is saved.
 */
import { readFile } from 'node:fs/promises';
import { expect, signUp, snap, test } from './fixtures.js';
import type { Download, Page, Request } from '@playwright/test';

async function download(page: Page, button: string): Promise<{ name: string; lines: string[]; url: string }> {
  const [file, request] = await Promise.all([
    page.waitForEvent('download'),
    page.waitForRequest((r: Request) => r.url().includes('/api/partners/me/')),
    page.getByRole('button', { name: button }).click(),
  ]);
  const text = await readFile((await file.path())!, 'utf8');
  const url = new URL(request.url());
  return { name: file.suggestedFilename(), lines: text.trim().split(/\r?\n/), url: `${url.pathname}${url.search}` };
}

test('usage.csv with Months 12, calculations.csv and webhooks.csv with a range, the usage-event export', async ({ page }) => {
  await signUp(page);
  await page.goto('/portal/');
  await page.getByRole('link', { name: 'Reports' }).click();
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
  await snap(page, 'reports');

  await page.getByLabel('Months').selectOption('12');
  const usage = await download(page, 'Download usage.csv');
  expect(usage.name).toMatch(/usage.*\.csv$/);
  expect(usage.lines[0]).toBe('month,environment,calls,unique_end_users,estimated_bill_usd,rate_per_user_usd');
  expect(usage.lines.length - 1).toBe(12);
  expect(usage.lines.slice(1).every((l) => /^\d{4}-\d{2},sandbox,/.test(l))).toBe(true);

  const calc = await download(page, 'Download calculations.csv');
  expect(calc.lines.length).toBe(1);
  expect(calc.lines[0]).toContain('monthly_safe_to_spend');

  const hooks = page.getByRole('region', { name: 'Webhook deliveries' });
  await hooks.getByLabel('Since').fill('2026-01-01');
  await hooks.getByLabel('Status').selectOption('failed');
  const deliveries = await download(page, 'Download webhooks.csv');
  expect(deliveries.url).toBe('/api/partners/me/reports/webhooks.csv?environment=test&since=2026-01-01&status=failed');
  expect(deliveries.name).toMatch(/^webhook-deliveries-test-.*\.csv$/);
  expect(deliveries.lines.length).toBe(1);

  const events = page.getByRole('region', { name: 'Usage events' });
  await events.getByLabel('Days').selectOption('7');
  const summary = await download(page, 'Download usage events');
  // One row per day of the window (today included).
  expect(summary.lines.length - 1).toBe(7);

  // Production: the same forms ask for the live environment.
  // The switch changes the URL in a transition: click, then wait for the state.
  await page.getByRole('radio', { name: 'Production' }).click();
  await expect(page.getByRole('radio', { name: 'Production' })).toBeChecked();
  await page.getByLabel('Months').selectOption('3');
  const live = await download(page, 'Download usage.csv');
  expect(live.lines.length - 1).toBe(3);
  expect(live.lines[1]).toMatch(/^\d{4}-\d{2},production,/);
});

test('Since after Until is said at Since and nothing is saved; the server refuses that range too', async ({ page }) => {
  await signUp(page);
  await page.goto('/portal/reports');
  const saved: Download[] = [];
  page.on('download', (d) => saved.push(d));
  const calc = page.getByRole('region', { name: 'Calculations' });
  await calc.getByLabel('Since').fill('2026-03-10');
  await calc.getByLabel('Until').fill('2026-03-01');
  await calc.getByRole('button', { name: 'Download calculations.csv' }).click();
  await expect(calc.getByLabel('Since')).toHaveAccessibleDescription(/Since must be on or before Until/);
  await expect(calc.getByLabel('Since')).toBeFocused();
  await snap(page, 'reports-range');
  // The server would have answered 422 (the file the page used to save).
  const refused = await page.request.get('/api/partners/me/reports/calculations.csv?environment=test&since=2026-03-10&until=2026-03-01');
  expect(refused.status()).toBe(422);

  // Fixed, the file comes: the only download of the test, so the refused click saved nothing.
  await calc.getByLabel('Until').fill('2026-03-10');
  await expect(calc.locator('.field-error')).toHaveCount(0);
  const ok = await download(page, 'Download calculations.csv');
  expect(ok.url).toBe('/api/partners/me/reports/calculations.csv?environment=test&since=2026-03-10&until=2026-03-10');
  expect(ok.lines[0]).toContain('monthly_safe_to_spend');
  expect(saved.map((d) => d.suggestedFilename())).toEqual([ok.name]);
  expect(ok.name).toMatch(/^calculations-sandbox-.*\.csv$/);
});

test('a download the server refuses saves nothing: a session that ended leads to sign-in', async ({ page, consoleErrors }) => {
  consoleErrors.allow(/status of 401 .*\/api\/(partners\/me\/reports\/usage\.csv|auth\/partner\/me)/);
  await signUp(page);
  await page.goto('/portal/reports');
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
  // Every question the page asks on arrival is answered first: the next one to meet the ended session is the download.
  await page.waitForLoadState('networkidle');
  const saved: Download[] = [];
  page.on('download', (d) => saved.push(d));
  // The session ends elsewhere (signed out in another tab: the cookie is gone).
  expect((await page.request.post('/api/auth/partner/logout')).status()).toBe(200);
  const [answer] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/api/partners/me/reports/usage.csv')),
    page.getByRole('button', { name: 'Download usage.csv' }).click(),
  ]);
  expect(answer.status()).toBe(401);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  expect(saved).toEqual([]);
});
