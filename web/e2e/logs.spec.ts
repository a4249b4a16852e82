/**
 * The portal's Logs page in a browser: a failed partner-API call is found by the X-Request-Id of its answer
 * (the filter in the address), its details opened; the status filter narrows the table.
 */
import { calculate, CALCULATION, expect, keysOf, signUp, snap, test } from './fixtures.js';

test('finds a failed request by its id and shows its details', async ({ page, request }) => {
  await signUp(page);
  await page.goto('/portal/');
  const sandbox = (await keysOf(page)).find((k) => k.environment === 'test')!;
  expect(await calculate(request, sandbox.key, 'user_ok')).toBe(200);
  const bad = await request.post('/api/v1/calculate/safe-to-spend', { headers: { 'x-api-key': sandbox.key }, data: { ...CALCULATION, cash_balance: 'lots' } });
  expect(bad.status()).toBe(422);
  const id = bad.headers()['x-request-id'];
  expect(id).toBeTruthy();

  await page.getByRole('link', { name: 'Logs' }).click();
  await expect(page.getByRole('heading', { name: 'Logs', level: 1 })).toBeVisible();
  // The rows are written within a moment of the answers.
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('cell', { name: id })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  await snap(page, 'logs');

  await page.getByLabel('Request id').fill(id);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]request=${id}`));
  const table = page.getByRole('table');
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('cell', { name: '422' })).toBeVisible();
  await expect(table.getByRole('cell', { name: 'validation_failed' })).toBeVisible();

  await table.getByRole('link', { name: id }).click();
  const details = page.getByRole('region', { name: `Request ${id}` });
  await expect(details).toBeVisible();
  await expect(details.getByText('/api/v1/calculate/safe-to-spend').first()).toBeVisible();
  await expect(details.getByText(/cash_balance/)).toBeVisible();
  await snap(page, 'logs-detail');

  // The status filter: 2xx leaves the failed call out; a bad status is said at the field before anything is sent.
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await page.getByLabel('Status').fill('2xx');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/[?&]status=2xx/);
  await expect(page.getByRole('table').getByRole('cell', { name: '200' }).first()).toBeVisible();
  await expect(page.getByRole('table').getByRole('cell', { name: '422' })).toHaveCount(0);
  await page.getByLabel('Status').fill('abc');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('Enter a status class (2xx, 4xx, 5xx) or a status code such as 429')).toBeVisible();
});
