/**
 * Rolling a key with an overlap on the portal's API keys page: the rotate dialog's choice keeps the replaced key
 * working, the page says until when, and "Expire previous key now" ends it; each checked through the API as a
 * partner's server would see it.
 */
import { allowSignedOut, signInAsAdmin } from './admin-session.js';
import { calculate, expect, keysOf, newPartner, signUp, snap, test } from './fixtures.js';

test('a rotation with a 24-hour overlap shows when the old key stops; "Expire now" stops it at once', async ({ page, request }) => {
  await signUp(page);
  const original = (await keysOf(page)).find((k) => k.environment === 'test')!;
  await page.goto('/portal/keys?env=test');
  const slot = page.getByRole('region', { name: 'Sandbox key' });
  await expect(slot.getByTestId('key-test')).toHaveText(original.masked);
  await expect(slot.getByText('Previous key works until')).toHaveCount(0);

  await slot.getByRole('button', { name: 'Rotate' }).click();
  let dialog = page.getByRole('dialog', { name: 'Rotate the sandbox key?' });
  // Asked first, Cancel focused, the choice after the words.
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  const choice = dialog.getByLabel('Keep the current key working for');
  await expect(choice).toHaveValue('0');
  await expect(choice.locator('option')).toHaveText(['No time: it stops at once', '1 hour', '24 hours', '7 days']);
  await choice.selectOption({ label: '24 hours' });
  await snap(page, 'key-roll-rotate-overlap');
  const asked = Date.now();
  await dialog.getByRole('button', { name: 'Rotate key' }).click();

  dialog = page.getByRole('dialog', { name: 'Your new sandbox key' });
  await expect(dialog.getByText('The previous key keeps working until')).toBeVisible();
  const rotated = (await dialog.getByTestId('new-key').textContent()) ?? '';
  expect(rotated).toMatch(/^svc_test_[A-Za-z0-9]{32}$/);
  await dialog.getByRole('button', { name: 'Done' }).click();

  // The slot says until when the replaced key works, in the reader's zone with UTC in the title.
  const previous = slot.getByTestId('previous-test');
  await expect(previous.getByText('Previous key works until')).toBeVisible();
  const until = (await keysOf(page)).find((k) => k.environment === 'test') as unknown as { previous_expires_at: string };
  const untilMs = Date.parse(until.previous_expires_at);
  expect(untilMs - asked).toBeGreaterThan(24 * 3600_000 - 60_000);
  expect(untilMs - asked).toBeLessThan(24 * 3600_000 + 60_000);
  await expect(previous.locator('time')).toHaveAttribute('datetime', until.previous_expires_at);
  await expect(previous.locator('time')).toHaveAttribute('title', /^\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC$/);
  await snap(page, 'key-roll-overlap');
  expect(await calculate(request, original.key)).toBe(200);
  expect(await calculate(request, rotated)).toBe(200);

  // Expire now: asked first, then only the new key works and the page says so.
  await slot.getByRole('button', { name: 'Expire previous key now' }).click();
  dialog = page.getByRole('dialog', { name: 'Expire the previous sandbox key now?' });
  await expect(dialog.locator('time')).toHaveAttribute('datetime', until.previous_expires_at);
  await snap(page, 'key-roll-expire-confirm');
  await dialog.getByRole('button', { name: 'Expire now' }).click();
  await expect(slot.getByText('The previous sandbox key was expired')).toBeVisible();
  await expect(slot.getByTestId('previous-test')).toHaveCount(0);
  await expect(slot.getByRole('button', { name: 'Expire previous key now' })).toHaveCount(0);
  expect(await calculate(request, original.key)).toBe(401);
  expect(await calculate(request, rotated)).toBe(200);
});

test("the console's Regenerate stops the old key at once by default, or keeps it for the overlap chosen", async ({ page, request, consoleErrors }) => {
  allowSignedOut(consoleErrors);
  const who = await signUp(page, newPartner('Roll'));
  const original = (await keysOf(page)).find((k) => k.environment === 'test')!.key;
  await page.request.post('/api/auth/partner/logout');
  await signInAsAdmin(page);
  await page.goto(`/admin/partners/${who.id}`);
  const slot = page.getByRole('region', { name: 'Sandbox key' });
  await slot.getByRole('button', { name: 'Regenerate key' }).click();
  let dialog = page.getByRole('dialog', { name: 'Regenerate the sandbox key?' });
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  const choice = dialog.getByLabel('Keep the current key working for');
  await expect(choice).toHaveValue('0');
  await expect(choice.locator('option').first()).toHaveText('No time: it stops at once (a leaked key)');
  await choice.selectOption({ label: '1 hour' });
  await snap(page, 'key-roll-admin-regenerate');
  await dialog.getByRole('button', { name: 'Regenerate key' }).click();
  dialog = page.getByRole('dialog', { name: 'New sandbox key' });
  await expect(dialog.getByText('The previous key keeps working until')).toBeVisible();
  const fresh = (await dialog.getByTestId('new-key').textContent()) ?? '';
  expect(fresh).toMatch(/^svc_test_/);
  await dialog.getByRole('button', { name: 'Done' }).click();
  // During the overlap the slot says until when the replaced key works, as the console's API answers it.
  const answered = (await (await page.request.get(`/api/admin/partners/${who.id}`)).json()) as { keys: { environment: string; previous_expires_at: string | null }[] };
  const until = answered.keys.find((k) => k.environment === 'test')!.previous_expires_at!;
  expect(Date.parse(until) - Date.now()).toBeGreaterThan(3600_000 - 120_000);
  const previous = slot.getByTestId('previous-key-test');
  await expect(previous).toContainText('The previous key keeps working until');
  await expect(previous.locator('time')).toHaveAttribute('datetime', until);
  await expect(slot.getByTestId('previous-key-live')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Production key' }).getByTestId('previous-key-live')).toHaveCount(0);
  await snap(page, 'key-roll-admin-overlap');
  const me = async (key: string) => (await request.get('/api/v1/me', { headers: { 'x-api-key': key } })).status();
  expect(await me(original)).toBe(200);
  expect(await me(fresh)).toBe(200);

  // Again with the default: the leak case, every earlier key stops at once.
  await slot.getByRole('button', { name: 'Regenerate key' }).click();
  dialog = page.getByRole('dialog', { name: 'Regenerate the sandbox key?' });
  await expect(dialog.getByLabel('Keep the current key working for')).toHaveValue('0');
  await dialog.getByRole('button', { name: 'Regenerate key' }).click();
  dialog = page.getByRole('dialog', { name: 'New sandbox key' });
  await expect(dialog.getByText('The previous key no longer works.')).toBeVisible();
  const last = (await dialog.getByTestId('new-key').textContent()) ?? '';
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(slot.getByTestId('previous-key-test')).toHaveCount(0);
  expect(await me(original)).toBe(401);
  expect(await me(fresh)).toBe(401);
  expect(await me(last)).toBe(200);
});
