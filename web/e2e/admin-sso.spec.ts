/**
 * Single sign-on of the admin console: an operator signs in with the OpenID provider (a real one,
 * oidc-provider with its development login form, started here on the address the server was given),
 * lands in the console, and signs out; an address outside the allow-list is told why on the sign-in page.
 */
import { baseURL, oidcIssuer } from './base-config.js';
import { expect, snap, test } from './fixtures.js';
import { allowSignedOut } from './admin-session.js';
import { startTestProvider, type TestProvider } from '../../test/helpers/oidc-provider.js';

const providerHost = new URL(oidcIssuer).host;
let provider: TestProvider;

test.beforeAll(async () => {
  provider = await startTestProvider(
    [`${baseURL}/api/auth/admin/oidc/callback`],
    {
      operator: { email: 'operator@sso.example', email_verified: true },
      stranger: { email: 'stranger@elsewhere.example', email_verified: true },
    },
    Number(new URL(oidcIssuer).port),
  );
});

test.afterAll(async () => {
  await provider?.close();
});

/** The provider's development pages load a web font and ask for a favicon: answered here, nothing leaves the machine. */
async function quietProvider(page: import('@playwright/test').Page): Promise<void> {
  await page.route(/^https:\/\/fonts\.googleapis\.com\//, (r) => r.fulfill({ status: 200, contentType: 'text/css', body: '' }));
  await page.route(`${oidcIssuer}/favicon.ico`, (r) => r.fulfill({ status: 204 }));
}

/** The provider's development login form: any login name, any password; then its consent form. */
async function signInAtProvider(page: import('@playwright/test').Page, login: string): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`^${oidcIssuer}/interaction/`));
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any password');
  await page.locator('button[type="submit"]').click();
  const consent = page.locator('input[name="prompt"][value="consent"]');
  await consent.waitFor({ state: 'attached', timeout: 5_000 }).then(
    () => page.locator('button[type="submit"]').click(),
    () => undefined, // no consent asked
  );
}

test.describe('admin single sign-on', () => {
  test('an operator signs in with the provider, lands in the console, and signs out', async ({ page, consoleErrors }) => {
    allowSignedOut(consoleErrors);
    await quietProvider(page);
    await page.goto('/admin/');
    await expect(page).toHaveURL(/\/admin\/sign-in$/);
    const sso = page.getByRole('link', { name: `Sign in with ${providerHost}` });
    await expect(sso).toBeVisible();
    await expect(page.getByLabel('Password')).toBeVisible(); // password sign-in stays on here
    await snap(page, 'admin-sign-in-sso');
    await sso.click();
    await signInAtProvider(page, 'operator');
    await expect(page).toHaveURL(`${baseURL}/admin/`);
    await expect(page.getByRole('heading', { name: 'Partners' })).toBeVisible();
    await expect(page.getByText('operator@sso.example')).toBeVisible();

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/admin\/sign-in$/);
    await expect(page.getByRole('link', { name: `Sign in with ${providerHost}` })).toBeVisible();
    await page.goto('/admin/');
    await expect(page).toHaveURL(/\/admin\/sign-in$/);
  });

  test('an address outside the allow-list is told why on the sign-in page', async ({ page, consoleErrors }) => {
    allowSignedOut(consoleErrors);
    await quietProvider(page);
    await page.goto('/admin/sign-in');
    await page.getByRole('link', { name: `Sign in with ${providerHost}` }).click();
    await signInAtProvider(page, 'stranger');
    await expect(page).toHaveURL(/\/admin\/sign-in\?error=sso_not_allowed$/);
    await expect(page.getByRole('alert')).toContainText('not allowed to administer this service');
    await snap(page, 'admin-sign-in-sso-refused');
  });
});
