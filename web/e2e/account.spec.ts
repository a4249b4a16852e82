/**
 * The portal's Account page in a browser: the sessions list with Sign out per row and Sign out
 * other sessions, and the password change, each checked through the API.
 */
import { expect, fitsAt1280, signUp, snap, test } from './fixtures.js';

test('sessions: sign out one, sign out the others; change the password', async ({ page, request, playwright, baseURL, clientAddress, consoleErrors }) => {
  consoleErrors.allow(/status of 401 .*\/api\/auth\/partner\/password$/);
  const who = await signUp(page);
  // Two more sessions elsewhere (API contexts of their own, each with its cookie).
  const other = async (address = clientAddress) => {
    const ctx = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': address, 'user-agent': 'Other device' } });
    expect((await ctx.post('/api/auth/partner/login', { data: { email: who.email, password: who.password } })).status()).toBe(200);
    return ctx;
  };
  // The longest addresses a session shows, IPv4 and IPv6: the table must still fit.
  const a = await other('203.255.255.254');
  const b = await other('2001:db8:85a3:1234:5678:8a2e:370:7334');
  try {
    await page.goto('/portal/');
    await page.getByRole('link', { name: 'Account' }).click();
    await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();
    const table = page.getByRole('table', { name: 'Signed-in sessions, newest first' });
    await expect(table.getByRole('row')).toHaveCount(4);
    await expect(table.getByText('This session')).toBeVisible();
    // The dates on one line, and yet each row's Sign out stays on the page at 1280 px.
    await fitsAt1280(page, table.getByRole('button', { name: 'Sign out this session' }));
    // An IPv4 address is never broken across lines; the IPv6 one breaks only after a colon.
    const lines = (text: string) => table.locator('.address', { hasText: text }).evaluate((el) => el.getClientRects().length);
    expect(await lines('203.255.255.254')).toBe(1);
    expect(await lines(clientAddress)).toBe(1);
    const ipv6 = await table.locator('.address', { hasText: '2001:' }).evaluate((el) => (el as HTMLElement).innerText);
    for (const line of ipv6.split('\n')) expect(line).toMatch(/^(:?[0-9a-f]{1,4})+:?$/);
    await snap(page, 'account');

    // Sign out one other session: confirm first.
    await table.getByRole('button', { name: /^Sign out the session opened/ }).first().click();
    await page.getByRole('dialog', { name: 'Sign out that session?' }).getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByText('The session was signed out.')).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(3);
    const alive = [(await a.get('/api/auth/partner/me')).status(), (await b.get('/api/auth/partner/me')).status()].sort();
    expect(alive).toEqual([200, 401]);

    await page.getByRole('button', { name: 'Sign out other sessions' }).click();
    await page.getByRole('dialog', { name: 'Sign out your other sessions?' }).getByRole('button', { name: 'Sign out other sessions' }).click();
    await expect(page.getByText('Your other sessions were signed out.')).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(2);
    expect((await a.get('/api/auth/partner/me')).status()).toBe(401);
    expect((await b.get('/api/auth/partner/me')).status()).toBe(401);
    expect((await page.request.get('/api/auth/partner/me')).status()).toBe(200);

    // A wrong current password is said next to that field.
    await page.getByLabel('Current password').fill('not my password');
    await page.getByLabel('New password').fill('a brand new passphrase 42');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByLabel('Current password')).toHaveAttribute('aria-invalid', 'true');

    await page.getByLabel('Current password').fill(who.password);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Your password was changed.')).toBeVisible();
    expect((await request.post('/api/auth/partner/login', { data: { email: who.email, password: 'a brand new passphrase 42' } })).status()).toBe(200);
    // This session goes on.
    expect((await page.request.get('/api/auth/partner/me')).status()).toBe(200);
  } finally {
    await a.dispose();
    await b.dispose();
  }
});
