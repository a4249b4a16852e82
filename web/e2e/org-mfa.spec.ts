/**
 * An owner requires a second factor of every member from the Team page; a developer without one signs in, is sent to
 * set up an authenticator app (the code computed from the key the page shows, as an app would), saves the recovery
 * codes and reaches the portal.
 */
import { Secret, TOTP } from 'otpauth';
import { expect, mailedLink, signUp, snap, test } from './fixtures.js';

const codeAt = (secret: string, ms: number) => new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: ms });

test('an owner requires a second factor of every member; a developer without one is sent to enrol, then reaches the portal', async ({ page, browser, clientAddress, consoleErrors }) => {
  test.setTimeout(90_000);
  // The owner's first try, without a factor of its own, is refused on purpose.
  consoleErrors.allow(/status of 409 .*\/api\/partners\/me\/security$/);
  await signUp(page);

  // A developer joins (accepting the mailed invitation through the API; its sign-in happens in a browser below).
  const devEmail = `dev+${Date.now().toString(36)}@example.com`;
  const devPassword = 'a developer passphrase 7';
  const invited = await page.request.post('/api/partners/me/members', { data: { email: devEmail, role: 'developer' } });
  expect(invited.status(), await invited.text()).toBe(201);
  const token = new URLSearchParams((await mailedLink(devEmail, 'accept-invite')).split('?')[1]).get('token');
  const accept = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': clientAddress } });
  const accepted = await accept.request.post('/api/auth/partner/accept-invite', { data: { token, password: devPassword, name: 'Dev Eloper' } });
  expect(accepted.status(), await accepted.text()).toBe(200);
  await accept.close();

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/portal/team');
  const rule = page.getByRole('checkbox', { name: 'Require a second factor for every member' });
  await expect(rule).not.toBeChecked();
  await expect(rule).toBeEnabled();
  // Every member row's last action is inside the page at 1280 px: nothing scrolls sideways.
  const devRow = page.getByRole('row').filter({ hasText: devEmail });
  await expect(devRow.getByRole('button', { name: 'Make owner' })).toBeVisible();
  const box = await devRow.getByRole('button', { name: 'Make owner' }).boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(1280);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);

  // Without a factor of its own the owner is told so.
  await rule.click();
  await expect(page.getByText('Set up your own second factor first')).toBeVisible();
  await expect(rule).not.toBeChecked();

  // The owner sets one up (through the API here: the Account page's set-up has its own test), then turns the rule on.
  const setup = await page.request.post('/api/auth/partner/mfa/totp/setup');
  const ownerSecret = ((await setup.json()) as { secret: string }).secret;
  const confirmed = await page.request.post('/api/auth/partner/mfa/totp/confirm', { data: { code: codeAt(ownerSecret, Date.now()) } });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  await rule.click();
  await expect(rule).toBeChecked();
  await expect(page.getByText('1 active member has none')).toBeVisible();
  await snap(page, 'team-require-mfa');
  expect((await (await page.request.get('/api/partners/me/security')).json()).require_mfa).toBe(true);

  // The developer, in a browser of its own, signs in with the password and is sent to the enrolment.
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': clientAddress } });
  try {
    const dev = await context.newPage();
    const errors: string[] = [];
    dev.on('console', (m) => {
      if (m.type() === 'error' && !/status of 401 .*\/api\/auth\/partner\/me/.test(`${m.text()} ${m.location().url}`)) errors.push(m.text());
    });
    dev.on('pageerror', (e) => errors.push(e.message));
    await dev.goto('/portal/sign-in');
    await dev.getByLabel('Email').fill(devEmail);
    await dev.getByLabel('Password').fill(devPassword);
    await dev.getByRole('button', { name: 'Sign in' }).click();
    await expect(dev.getByRole('heading', { level: 1, name: 'Set up two-step sign-in' })).toBeVisible();
    await expect(dev.getByText('The owner of this account requires two-step sign-in of every member')).toBeVisible();
    await expect(dev.getByRole('navigation', { name: 'Portal' })).toHaveCount(0);
    // Anything else the session asks for is refused until a factor is set up.
    const keys = await dev.request.get('/api/partners/me/api-keys');
    expect(keys.status()).toBe(403);
    expect(((await keys.json()) as { code: string }).code).toBe('mfa_enrolment_required');
    await snap(dev, 'member-mfa-enrolment');

    const card = dev.getByRole('region', { name: 'Security' });
    await card.getByRole('button', { name: 'Set up an authenticator app' }).click();
    const secret = (await card.getByTestId('totp-secret').textContent())!.trim();
    await card.getByLabel('Code from the app').fill(codeAt(secret, Date.now()));
    await card.getByRole('button', { name: 'Turn on' }).click();
    // The recovery codes stay on screen until saved, though the factor is on already.
    await expect(card.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
    await card.getByRole('button', { name: 'I have saved them' }).click();

    await expect(dev.getByRole('navigation', { name: 'Portal' })).toBeVisible();
    await dev.getByRole('navigation', { name: 'Portal' }).getByRole('link', { name: 'API keys' }).click();
    await expect(dev.getByRole('heading', { level: 1, name: 'API keys' })).toBeVisible();
    const me = (await (await dev.request.get('/api/auth/partner/me')).json()) as { mfa_enabled: boolean; mfa_enrolment_required: boolean };
    expect(me).toMatchObject({ mfa_enabled: true, mfa_enrolment_required: false });
    expect(errors, 'no console errors in the developer’s browser').toEqual([]);
  } finally {
    await context.close();
  }

  // The owner's table shows the developer's second factor on, and when each signed in.
  await page.reload();
  await expect(devRow).toContainText('On');
  await expect(page.getByRole('row').filter({ hasText: '(you)' })).not.toContainText('Never');
});
