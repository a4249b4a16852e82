/**
 * The partner portal in a browser, against the built server: sign-up, sign-in (password, API key),
 * sign-out, the overview's figures and first steps, and every action of the API keys page, each
 * checked through the API as a partner's server would see it.
 */
import { ADMIN } from './admin.js';
import { calculate, expect, keysOf, mailedLink, newPartner, signUp, signUpWith, snap, test } from './fixtures.js';

test.describe('sign-in pages', () => {
  test('create account → the overview shows the figures; sign out; sign in with the password', async ({ page, request }) => {
    const who = newPartner();
    await page.goto('/portal/');
    await expect(page).toHaveURL(/\/portal\/sign-in$/);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await snap(page, 'sign-in');

    await page.getByRole('link', { name: 'Create account' }).click();
    await expect(page.getByRole('heading', { name: 'Create account' })).toBeVisible();
    await snap(page, 'register');
    await page.getByLabel('Company name').fill(who.company_name);
    await page.getByLabel('Contact name').fill(who.contact_name);
    await page.getByLabel('Email').fill(who.email);
    await page.getByLabel('Password').fill(who.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    // The answer is the same for every address: a link to finish is mailed.
    await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
    await expect(page.getByText(`We sent a link to ${who.email}`)).toBeVisible();
    await snap(page, 'register-check-inbox');

    await page.goto(await mailedLink(who.email, 'sign-up/confirm'));
    await expect(page.getByRole('heading', { name: 'Finish creating your account' })).toBeVisible();
    await snap(page, 'register-confirm');
    await page.getByLabel('Password').fill(who.password);
    await page.getByRole('button', { name: 'Create account' }).click();

    await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
    await expect(page).toHaveURL(/\/portal\/?$/);
    await expect(page.getByText(who.company_name)).toBeVisible();
    // The session is the HttpOnly cookie: nothing the page's scripts can read, nothing kept in storage.
    expect(await page.evaluate(() => [document.cookie, localStorage.length, sessionStorage.length])).toEqual(['', 0, 0]);
    expect((await page.context().cookies()).find((c) => c.name === 'svc_session')).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    const figures = page.getByRole('region', { name: /This month/ });
    const figure = (label: string) => figures.locator('.figure').filter({ has: page.getByText(label, { exact: true }) }).locator('.figure-value');
    await expect(figures.getByText('Calls', { exact: true })).toBeVisible();
    await expect(figures.getByText('Not billed')).toBeVisible();
    await expect(page.getByText('No sandbox calls in the last 30 days')).toBeVisible();
    await expect(page.getByText('Not yet enabled')).toBeVisible();

    // The first-steps command holds the sandbox key and works as printed.
    const curl = (await page.getByTestId('curl').textContent()) ?? '';
    const key = /X-API-Key: (svc_test_[A-Za-z0-9]+)/.exec(curl)?.[1];
    expect(key, curl).toBeTruthy();
    const url = /curl -s (\S+)/.exec(curl)![1];
    const body = JSON.parse(/-d '(.+)'$/.exec(curl)![1]) as unknown;
    const r = await request.post(url, { headers: { 'x-api-key': key! }, data: body });
    expect(r.status()).toBe(200);
    expect(((await r.json()) as { safe_to_spend_today: number }).safe_to_spend_today).toBe(33.33);
    expect(await calculate(request, key!, 'user_2')).toBe(200);

    // The figures count those calls (the usage flush is 200 ms in these tests).
    await expect(async () => {
      await page.reload();
      await expect(figure('Calls')).toHaveText('2', { timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    await expect(figure('Unique end-users')).toHaveText('2');
    await expect(page.getByRole('img', { name: /Daily calls in sandbox, last 30 days: 2 calls/ })).toBeVisible();
    await expect(page.locator('.recharts-bar-rectangle').first()).toBeVisible();
    await snap(page, 'overview-sandbox');

    // Production: no calls yet, a bill in dollars.
    // The switch changes the URL in a transition: click, then wait for the state.
    await page.getByRole('radio', { name: 'Production' }).click();
    await expect(page.getByRole('radio', { name: 'Production' })).toBeChecked();
    await expect(page).toHaveURL(/env=live/);
    await expect(figure('Estimated bill')).toHaveText('$0.00');
    await snap(page, 'overview-production');

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByText('You are signed out.')).toBeVisible();
    // The session is over on the server too.
    expect((await page.request.get('/api/auth/partner/me')).status()).toBe(401);
    await page.goto('/portal/keys');
    await expect(page).toHaveURL(/\/portal\/sign-in\?next=%2Fkeys$/);

    await page.getByLabel('Email').fill(who.email);
    await page.getByLabel('Password').fill(who.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    // Back where the reader was going.
    await expect(page.getByRole('heading', { name: 'API keys' })).toBeVisible();
    await expect(page).toHaveURL(/\/portal\/keys$/);
  });

  test('a wrong password shows the error; repeated failures show when to try again', async ({ page, consoleErrors }) => {
    consoleErrors.allow(/status of 401 .*\/api\/auth\/partner\/login$/);
    consoleErrors.allow(/status of 429 .*\/api\/auth\/partner\/login$/);
    const who = await signUp(page);
    await page.request.post('/api/auth/partner/logout');
    await page.goto('/portal/sign-in');
    await page.getByLabel('Email').fill(who.email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('Incorrect email or password');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await snap(page, 'sign-in-error');

    // Five failures lock the email and the address for 15 minutes: the page says until when.
    for (let i = 0; i < 4; i++) {
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    }
    await page.getByLabel('Password').fill(who.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toContainText(/Too many failed sign-in attempts: try again at \d{1,2}:\d{2}\s?[AP]M \(in 15 minutes\)\./);
  });

  test('Create account: each field says plainly what it needs before anything is sent; the server’s own rules next to their fields', async ({ page, consoleErrors }) => {
    consoleErrors.allow(/status of 422 .*\/api\/auth\/partner\/register$/);
    const taken = await signUp(page);
    await page.request.post('/api/auth/partner/logout');
    await page.goto('/portal/register');
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/auth/partner/register')) sent.push(r.method());
    });

    // Empty: every field, in words, and the focus on the first.
    await page.getByRole('button', { name: 'Create account' }).click();
    const company = page.getByLabel('Company name');
    await expect(company).toHaveAttribute('aria-invalid', 'true');
    await expect(company).toHaveAccessibleDescription('Enter your company name (at least 2 characters)');
    await expect(company).toBeFocused();
    await expect(page.getByLabel('Contact name')).toHaveAccessibleDescription('Enter your name (at least 2 characters)');
    await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Enter your work email address');
    await expect(page.getByLabel('Password')).toHaveAccessibleDescription('8 to 128 characters. Choose a password (8 to 128 characters)');
    await snap(page, 'register-empty');

    await company.fill('A');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password').fill('short');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(company).toHaveAccessibleDescription('Enter your company name (at least 2 characters)');
    await expect(page.getByLabel('Contact name')).toHaveAccessibleDescription('Enter your name (at least 2 characters)');
    await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Enter an email address, like name@example.com');
    await snap(page, 'register-errors');
    expect(sent, 'nothing was sent while the form could see what was wrong').toEqual([]);

    // The password policy is the server's (it counts after normalisation): its rule, in its own words, at the field.
    await page.getByLabel('Company name').fill('Another company');
    await page.getByLabel('Contact name').fill('Grace Hopper');
    await page.getByLabel('Email').fill(`short-${Date.now()}@example.com`);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByLabel('Password')).toHaveAccessibleDescription('8 to 128 characters. Password should have at least 8 characters');
    await expect(page.getByLabel('Company name')).not.toHaveAttribute('aria-invalid');
    await expect(page.getByText(/String should|Input should|value is not a valid/)).toHaveCount(0);

    // A taken email answers as a new one does (its owner is mailed instead): the page tells nothing.
    await page.getByLabel('Company name').fill('Another company');
    await page.getByLabel('Contact name').fill('Grace Hopper');
    await page.getByLabel('Email').fill(taken.email.toUpperCase());
    await page.getByLabel('Password').fill('a long enough password');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
    await expect(page.getByText(`We sent a link to ${taken.email.toUpperCase()}`)).toBeVisible();
  });

  test('Sign in: an empty email or password is said at its field and nothing is sent', async ({ page }) => {
    await page.goto('/portal/sign-in');
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/auth/partner/login')) sent.push(r.method());
    });
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Enter your email address');
    await expect(page.getByLabel('Email')).toBeFocused();
    await expect(page.getByLabel('Password')).toHaveAccessibleDescription('Enter your password');
    await page.getByLabel('Email').fill('someone@example.com');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByLabel('Password')).toHaveAccessibleDescription('Enter your password');
    await expect(page.getByLabel('Password')).toBeFocused();
    await expect(page.getByLabel('Email')).not.toHaveAttribute('aria-invalid');
    await snap(page, 'sign-in-empty-password');
    expect(sent).toEqual([]);
  });

  test('the service’s root leads to the portal', async ({ page }) => {
    const answer = await page.request.get('/', { maxRedirects: 0 });
    expect(answer.status()).toBe(302);
    expect(answer.headers().location).toBe('/portal/');
    await page.goto('/');
    await expect(page).toHaveURL(/\/portal\/sign-in$/);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  });

  test('sign in with an API key: the session sees that key’s environment only', async ({ page, request, consoleErrors }) => {
    consoleErrors.allow(/status of 401 .*\/api\/auth\/partner\/key-login$/);
    await signUp(page);
    const keys = await keysOf(page);
    const testKey = keys.find((k) => k.environment === 'test')!.key;
    await page.request.post('/api/auth/partner/logout');

    await page.goto('/portal/sign-in');
    await page.getByRole('link', { name: 'Sign in with an API key' }).click();
    await page.getByLabel('API key').fill('svc_test_not-a-key-of-anyone');
    await page.getByRole('button', { name: 'Sign in with an API key' }).click();
    await expect(page.getByLabel('API key')).toHaveAccessibleDescription('Invalid API key');
    await snap(page, 'key-sign-in-error');

    await page.getByLabel('API key').fill(testKey);
    await page.getByRole('button', { name: 'Sign in with an API key' }).click();
    await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
    await expect(page.getByText('You signed in with your sandbox key')).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Sandbox' })).toBeChecked();
    await expect(page.getByRole('radio', { name: 'Production' })).toBeDisabled();
    // Even asked for in the URL, production is not shown.
    await page.goto('/portal/keys?env=live');
    await expect(page.getByRole('heading', { name: 'Sandbox key' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Production key' })).toHaveCount(0);
    expect(await calculate(request, testKey)).toBe(200);
  });

  test('production access: asked for from the overview, shown enabled once an administrator enables it', async ({ page, request }) => {
    const who = await signUp(page);
    await page.goto('/portal/');
    await expect(page.getByText('Not yet enabled')).toBeVisible();
    await page.getByRole('button', { name: 'Ask for production access' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ask for production access' });
    await expect(dialog.getByLabel('Message')).toHaveValue(new RegExp(`partner ${who.id}`));
    await snap(page, 'production-access-dialog');
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await expect(page.getByText(`Request sent. We will answer at ${who.email}.`)).toBeVisible();

    const admin = await request.post('/api/auth/admin/login', { data: ADMIN });
    expect(admin.status()).toBe(200);
    const { token } = (await admin.json()) as { token: string };
    const activated = await request.post(`/api/admin/partners/${who.id}/production-access`, { headers: { authorization: `Bearer ${token}` }, data: { enabled: true } });
    expect(activated.status(), await activated.text()).toBe(200);
    // The admin's cookie must not sign the partner's page out: it went to the API request context only.
    await page.reload();
    await expect(page.getByText('Enabled', { exact: true })).toBeVisible();
    const live = (await keysOf(page)).find((k) => k.environment === 'live')!.key;
    expect(await calculate(request, live)).toBe(200);
  });
});

test.describe('API keys', () => {
  test('reveal and copy, rotate (the old key stops working), clear (the slot stays, blank), paste (it authenticates)', async ({ page, request, context, consoleErrors }) => {
    consoleErrors.allow(/status of (409|422) .*\/api\/partners\/me\/api-keys\/test$/);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signUp(page);
    const original = (await keysOf(page)).find((k) => k.environment === 'test')!;
    await page.goto('/portal/');
    await page.getByRole('link', { name: 'API keys' }).click();
    await expect(page).toHaveURL(/\/portal\/keys\?env=test$/);
    const slot = page.getByRole('region', { name: 'Sandbox key' });
    const value = slot.getByTestId('key-test');
    await expect(value).toHaveText(original.masked);
    await expect(slot.getByText('Never')).toBeVisible();
    // Dates in the reader's zone, UTC in the title.
    await expect(slot.locator('time').first()).toHaveAttribute('title', /^\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC$/);
    await snap(page, 'api-keys');

    await slot.getByRole('button', { name: 'Reveal' }).click();
    await expect(value).toHaveText(original.key);
    await slot.getByRole('button', { name: 'Copy' }).click();
    await expect(slot.getByText('Key copied')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(original.key);
    await slot.getByRole('button', { name: 'Hide' }).click();
    await expect(value).toHaveText(original.masked);

    // Rotate: asked first; Cancel changes nothing.
    await slot.getByRole('button', { name: 'Rotate' }).click();
    let dialog = page.getByRole('dialog', { name: 'Rotate the sandbox key?' });
    await expect(dialog).toBeVisible();
    await snap(page, 'api-keys-rotate-confirm');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    expect(await calculate(request, original.key)).toBe(200);

    await slot.getByRole('button', { name: 'Rotate' }).click();
    await dialog.getByRole('button', { name: 'Rotate key' }).click();
    dialog = page.getByRole('dialog', { name: 'Your new sandbox key' });
    const rotated = (await dialog.getByTestId('new-key').textContent()) ?? '';
    expect(rotated).toMatch(/^svc_test_[A-Za-z0-9]{32}$/);
    await dialog.getByRole('button', { name: 'Copy' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(rotated);
    await snap(page, 'api-keys-new-key');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(slot.getByText('Never')).toHaveCount(0);
    expect(await calculate(request, original.key)).toBe(401);
    expect(await calculate(request, rotated)).toBe(200);

    // Clear: asked first; the slot stays on the page, blank, and the key stops working.
    await slot.getByRole('button', { name: 'Clear' }).click();
    dialog = page.getByRole('dialog', { name: 'Clear the sandbox key?' });
    await dialog.getByRole('button', { name: 'Clear key' }).click();
    await expect(slot.getByTestId('blank-test')).toBeVisible();
    await expect(slot.getByText('The sandbox key was cleared')).toBeVisible();
    expect(await calculate(request, rotated)).toBe(401);
    expect((await keysOf(page)).some((k) => k.environment === 'test')).toBe(false);
    await snap(page, 'api-keys-blank');

    // Paste: the server's 422 and 409 in words next to the field, then a key that authenticates.
    await slot.getByRole('button', { name: 'Paste a key' }).click();
    const field = slot.getByLabel('New key');
    await field.fill('svc_live_belongs-to-production');
    await slot.getByRole('button', { name: 'Save key' }).click();
    await expect(field).toHaveAccessibleDescription(/A svc_live_… key cannot be stored in the test slot/);
    const live = (await keysOf(page)).find((k) => k.environment === 'live')!.key;
    await field.fill(live.replace('svc_live_', 'svc_test_'));
    await slot.getByRole('button', { name: 'Save key' }).click();
    // The form closes once the key is saved: no field of the slot is left marked invalid.
    await expect(slot.getByText('The sandbox key was saved')).toBeVisible();
    await expect(slot.locator('[aria-invalid="true"]')).toHaveCount(0);
    const pasted = live.replace('svc_live_', 'svc_test_');
    expect(await calculate(request, pasted)).toBe(200);

    // Replacing a key asks first; the same value again is accepted (nothing changes); too short a value is said next to the field.
    await slot.getByRole('button', { name: 'Paste a key' }).click();
    await slot.getByLabel('New key').fill(pasted);
    await slot.getByRole('button', { name: 'Save key' }).click();
    await page.getByRole('dialog', { name: 'Replace the sandbox key?' }).getByRole('button', { name: 'Replace key' }).click();
    await expect(slot.getByText('The sandbox key was saved')).toBeVisible();
    await slot.getByRole('button', { name: 'Paste a key' }).click();
    await slot.getByLabel('New key').fill('short');
    await slot.getByRole('button', { name: 'Save key' }).click();
    // Said before anything is asked or sent: the working key is not put at risk for a value that cannot be one.
    await expect(slot.getByLabel('New key')).toHaveAccessibleDescription(/A key has at least 8 characters: paste the whole key$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await snap(page, 'api-keys-paste-error');
    expect(await calculate(request, pasted)).toBe(200);
  });

  test('a value held by another slot is refused with 409, nothing changed', async ({ page, request, consoleErrors }) => {
    consoleErrors.allow(/status of 409 .*\/api\/partners\/me\/api-keys\/test$/);
    // Another partner, signed up in the API request context (its own cookie jar).
    await signUpWith(request, newPartner('Other'));
    const theirs = (await (await request.get('/api/partners/me/api-keys')).json()) as { environment: string; key: string }[];
    const other = theirs.find((k) => k.environment === 'test')!.key;
    await signUp(page);
    const mine = (await keysOf(page)).find((k) => k.environment === 'test')!.key;
    await page.goto('/portal/keys');
    const slot = page.getByRole('region', { name: 'Sandbox key' });
    await slot.getByRole('button', { name: 'Paste a key' }).click();
    await slot.getByLabel('New key').fill(other);
    await slot.getByRole('button', { name: 'Save key' }).click();
    await page.getByRole('dialog', { name: 'Replace the sandbox key?' }).getByRole('button', { name: 'Replace key' }).click();
    await expect(slot.getByLabel('New key')).toHaveAccessibleDescription(/This key cannot be used: paste a key of your own, or generate a new one$/);
    expect(await calculate(request, mine)).toBe(200);
    expect(await calculate(request, other)).toBe(200);
  });

  test('an unknown portal address shows the not-found page inside the portal', async ({ page }) => {
    await signUp(page);
    await page.goto('/portal/no/such/page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to the overview' }).click();
    await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  });
});
