/** The portal's Webhooks page subscribes an endpoint to the sandbox transfer events (checkboxes), checked through the API. */
import { expect, signUp, snap, test } from './fixtures.js';

test('subscribe an endpoint to the transfer events', async ({ page, consoleErrors }) => {
  // No endpoint yet: the configuration answers 404, which the page shows as "No endpoint yet".
  consoleErrors.allow(/status of 404 .*\/api\/partners\/me\/webhooks\?/);
  await signUp(page);
  await page.goto('/portal/');
  await page.getByRole('link', { name: 'Webhooks' }).click();
  await expect(page.getByText('No endpoint yet')).toBeVisible();
  for (const type of ['transfer.settled', 'transfer.failed', 'transfer.returned']) {
    await expect(page.getByRole('checkbox', { name: new RegExp(type.replace('.', '\\.')) })).not.toBeChecked();
  }
  await page.getByLabel('Endpoint URL').fill('http://127.0.0.1:9/hooks');
  await page.getByRole('checkbox', { name: /calculation\.updated/ }).uncheck();
  await page.getByRole('checkbox', { name: /usage\.threshold_reached/ }).uncheck();
  await page.getByRole('checkbox', { name: /transfer\.settled/ }).check();
  await page.getByRole('checkbox', { name: /transfer\.returned/ }).check();
  await snap(page, 'webhooks-transfer-events');
  await page.getByRole('button', { name: 'Save endpoint' }).click();
  const dialog = page.getByRole('dialog', { name: 'Your signing secret' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();

  const cfg = await page.request.get('/api/partners/me/webhooks?environment=test');
  expect(cfg.status()).toBe(200);
  expect(((await cfg.json()) as { events: string[] }).events.sort()).toEqual(['transfer.returned', 'transfer.settled']);
  // The form shows what was saved.
  await page.reload();
  await expect(page.getByRole('checkbox', { name: /transfer\.settled/ })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: /transfer\.returned/ })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: /transfer\.failed/ })).not.toBeChecked();
});
