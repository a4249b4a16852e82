/**
 * The portal's Reports page in a browser: each download is a plain form to a session route, the
 * browser saves the CSV by cookie; the files are read back and checked.
 */
import { readFile } from 'node:fs/promises';
import { expect, signUp, snap, test } from './fixtures.js';
import type { Page } from '@playwright/test';

async function download(page: Page, button: string): Promise<{ name: string; lines: string[] }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: button }).click()]);
  const text = await readFile((await file.path())!, 'utf8');
  return { name: file.suggestedFilename(), lines: text.trim().split(/\r?\n/) };
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
  await expect(page.getByRole('link', { name: 'Download webhooks.csv' })).toHaveAttribute('href', '/api/partners/me/reports/webhooks.csv?environment=test&since=2026-01-01&status=failed');
  const deliveries = await download(page, 'Download webhooks.csv');
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
